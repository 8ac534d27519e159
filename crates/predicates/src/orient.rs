//! Orientation and in-circle predicates with their sign conventions.

use crate::GridPoint;
use robust::Coord;

/// The turn of three points `a, b, c`: the sign of the cross product `(b − a) × (c − a)`,
/// with the y axis pointing up.
///
/// The variants are ordered like the signs they stand for: `Clockwise < Collinear <
/// CounterClockwise`, that is `-1 < 0 < 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// `c` lies to the right of the directed line `a → b` (a negative cross product).
    Clockwise,
    /// `a`, `b` and `c` lie on one line (a zero cross product), including repeated points.
    Collinear,
    /// `c` lies to the left of the directed line `a → b` (a positive cross product).
    CounterClockwise,
}

impl Orientation {
    /// The orientation whose sign is the sign of `value`: positive is counter-clockwise,
    /// negative clockwise, and zero (or anything unordered against zero, such as a NaN)
    /// collinear.
    #[inline]
    pub fn of_sign<T: PartialOrd + Default>(value: T) -> Self {
        let zero = T::default();
        if value > zero {
            Orientation::CounterClockwise
        } else if value < zero {
            Orientation::Clockwise
        } else {
            Orientation::Collinear
        }
    }

    /// `1`, `0` or `-1` for counter-clockwise, collinear and clockwise.
    #[inline]
    pub fn signum(self) -> i32 {
        match self {
            Orientation::Clockwise => -1,
            Orientation::Collinear => 0,
            Orientation::CounterClockwise => 1,
        }
    }

    /// The orientation of the same points in reverse order.
    #[inline]
    pub fn reversed(self) -> Self {
        match self {
            Orientation::Clockwise => Orientation::CounterClockwise,
            Orientation::Collinear => Orientation::Collinear,
            Orientation::CounterClockwise => Orientation::Clockwise,
        }
    }

    /// True for [`Orientation::CounterClockwise`].
    #[inline]
    pub fn is_ccw(self) -> bool {
        self == Orientation::CounterClockwise
    }

    /// True for [`Orientation::Clockwise`].
    #[inline]
    pub fn is_cw(self) -> bool {
        self == Orientation::Clockwise
    }

    /// True for [`Orientation::Collinear`].
    #[inline]
    pub fn is_collinear(self) -> bool {
        self == Orientation::Collinear
    }
}

/// Where a point `d` lies relative to the circle through three counter-clockwise points
/// `a, b, c`: the sign of the lifted determinant (see [`incircle`]), positive meaning
/// inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CirclePosition {
    /// Strictly inside the circle.
    Inside,
    /// On the circle (the four points are cocircular).
    On,
    /// Strictly outside the circle.
    Outside,
}

/// The exact cross product `u × v = u.x·v.y − u.y·v.x` of two integer vectors.
///
/// Positive when `v` points to the left of `u` (a counter-clockwise turn from `u` to `v`).
/// Exact for components within `±2^62` (each product then stays within `2^124` and the
/// difference within `2^125`).
#[inline]
pub fn cross(u: GridPoint, v: GridPoint) -> i128 {
    u.x as i128 * v.y as i128 - u.y as i128 * v.x as i128
}

/// The exact dot product `u · v = u.x·v.x + u.y·v.y` of two integer vectors, under the same
/// bound as [`cross`]. Positive when the angle between `u` and `v` is below a right angle.
#[inline]
pub fn dot(u: GridPoint, v: GridPoint) -> i128 {
    u.x as i128 * v.x as i128 + u.y as i128 * v.y as i128
}

/// The orientation of `c` relative to the directed line `a → b`, exactly.
///
/// Counter-clockwise means `c` is on the left of `a → b` (y up); collinear includes any
/// repeated point. Evaluated as `(b − a) × (c − a)` in `i128`: exact for coordinates within
/// `±2^61` (differences within `2^62`, products within `2^124`). The tests check that it
/// agrees with [`orient2d_robust`] (Shewchuk's predicate) for coordinates up to `±2^53`.
#[inline]
pub fn orient2d(a: GridPoint, b: GridPoint, c: GridPoint) -> Orientation {
    Orientation::of_sign(cross(b - a, c - a))
}

#[inline]
fn coord(p: GridPoint) -> Coord<f64> {
    Coord {
        x: p.x as f64,
        y: p.y as f64,
    }
}

/// [`orient2d`] computed by Shewchuk's adaptive predicate on the `f64` images of the
/// coordinates (exact within [`crate::EXACT_F64_LIMIT`]). Kept as the reference the
/// faster integer path is tested against.
#[inline]
pub fn orient2d_robust(a: GridPoint, b: GridPoint, c: GridPoint) -> Orientation {
    Orientation::of_sign(robust::orient2d(coord(a), coord(b), coord(c)))
}

/// The exact orientation of three points given as finite `f64` values.
///
/// Shewchuk's predicate returns the exact sign for any finite inputs whose products
/// neither overflow nor underflow (magnitudes between about `2^-500` and `2^500`, or zero),
/// which covers every offset vector onepath builds.
#[inline]
pub fn orient2d_exact_f64(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Orientation {
    let p = |v: [f64; 2]| Coord { x: v[0], y: v[1] };
    Orientation::of_sign(robust::orient2d(p(a), p(b), p(c)))
}

/// Where `d` lies relative to the circle through `a`, `b`, `c`, which must be
/// counter-clockwise (for a clockwise triple, `Inside` and `Outside` trade places).
///
/// The result is the sign of
///
/// ```text
/// | ax−dx  ay−dy  (ax−dx)² + (ay−dy)² |
/// | bx−dx  by−dy  (bx−dx)² + (by−dy)² |
/// | cx−dx  cy−dy  (cx−dx)² + (cy−dy)² |
/// ```
///
/// (equal to the 4×4 determinant with rows `(x, y, x² + y², 1)`): positive is
/// [`CirclePosition::Inside`], zero [`CirclePosition::On`], negative
/// [`CirclePosition::Outside`]. When `a, b, c` are collinear the sign has no circle meaning.
///
/// When every coordinate of `a − d`, `b − d` and `c − d` is below `2^30` in magnitude the
/// determinant is expanded exactly in integers (lifts and 2×2 minors below `2^61` in `i64`,
/// their products below `2^122` and the sum below `2^124` in `i128`): tile maps and other grid-aligned input are full
/// of cocircular points, where Shewchuk's predicate must run its slow adaptive stages.
/// Otherwise (the bounding triangle's corners at `3·2^45` make the determinant need about
/// 192 bits) Shewchuk's adaptive in-circle predicate runs on the exact `f64` images of the
/// coordinates, exact for any coordinates within [`crate::EXACT_F64_LIMIT`]. Both give the
/// exact sign, so which one ran never shows.
#[inline]
pub fn incircle(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> CirclePosition {
    const SMALL: u64 = 1 << 30;
    let (ad, bd, cd) = (a - d, b - d, c - d);
    if ad.max_abs() < SMALL && bd.max_abs() < SMALL && cd.max_abs() < SMALL {
        // Coordinates below 2^30: lifts and minors below 2^61 fit in `i64`; only the three
        // products need `i128` (one widening multiplication each).
        let lift = |v: GridPoint| v.x * v.x + v.y * v.y;
        let minor = |u: GridPoint, w: GridPoint| u.x * w.y - u.y * w.x;
        let term = |l: i64, m: i64| i128::from(l) * i128::from(m);
        let det = term(lift(ad), minor(bd, cd))
            + term(lift(bd), minor(cd, ad))
            + term(lift(cd), minor(ad, bd));
        return match det.signum() {
            1 => CirclePosition::Inside,
            -1 => CirclePosition::Outside,
            _ => CirclePosition::On,
        };
    }
    let det = robust::incircle(coord(a), coord(b), coord(c), coord(d));
    if det > 0.0 {
        CirclePosition::Inside
    } else if det < 0.0 {
        CirclePosition::Outside
    } else {
        CirclePosition::On
    }
}
