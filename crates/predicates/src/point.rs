//! The grid point: integer coordinates in grid units, ordered by `(x, y)`.

use std::fmt;

/// A point of the snap grid, in grid units (`2^-SnapBits` user units each).
///
/// The derived order is lexicographic by `(x, y)`, the order the specification uses for
/// vertices, edges and rings. The type is also used as an integer vector (a difference of
/// two points, see the [`Sub`](std::ops::Sub) impl). Coordinates of onepath's points stay
/// within [`crate::CONSTRUCTION_LIMIT`] (the bounding triangle's within `3·2^45`), far from
/// the `i64` range, so `+` and `−` never overflow in practice; like any `i64` arithmetic
/// they panic on overflow in debug builds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GridPoint {
    /// The x coordinate in grid units.
    pub x: i64,
    /// The y coordinate in grid units.
    pub y: i64,
}

impl GridPoint {
    /// The point `(x, y)`.
    #[inline]
    pub const fn new(x: i64, y: i64) -> Self {
        Self { x, y }
    }

    /// The coordinates as `f64`, exact while both lie within [`crate::EXACT_F64_LIMIT`].
    #[inline]
    pub fn to_f64(self) -> [f64; 2] {
        [self.x as f64, self.y as f64]
    }

    /// The larger of `|x|` and `|y|` (the Chebyshev norm of the point as a vector).
    #[inline]
    pub fn max_abs(self) -> u64 {
        self.x.unsigned_abs().max(self.y.unsigned_abs())
    }
}

impl std::ops::Sub for GridPoint {
    type Output = GridPoint;
    /// The vector from `rhs` to `self`.
    #[inline]
    fn sub(self, rhs: GridPoint) -> GridPoint {
        GridPoint::new(self.x - rhs.x, self.y - rhs.y)
    }
}

impl std::ops::Add for GridPoint {
    type Output = GridPoint;
    /// The componentwise sum: `self` moved by the vector `rhs`.
    #[inline]
    fn add(self, rhs: GridPoint) -> GridPoint {
        GridPoint::new(self.x + rhs.x, self.y + rhs.y)
    }
}

impl From<(i64, i64)> for GridPoint {
    #[inline]
    fn from((x, y): (i64, i64)) -> Self {
        Self::new(x, y)
    }
}

impl From<[i64; 2]> for GridPoint {
    #[inline]
    fn from([x, y]: [i64; 2]) -> Self {
        Self::new(x, y)
    }
}

impl fmt::Display for GridPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}
