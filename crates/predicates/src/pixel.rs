//! The hot-pixel test: does a closed segment meet a half-open pixel square?

use crate::GridPoint;
use std::cmp::Ordering;
use std::ops::{Mul, Sub};

/// The sign of `(q − p) × (r − p)` with `r = (rx − ε·ex, ry − ε·ey)` for an infinitesimal
/// `ε > 0`: the exact sign, or, when it is zero, the sign of the first-order term in `ε`.
/// Each sign is a comparison of two products, so no difference of products is formed: in
/// `i64` it is exact while every product fits, which [`SMALL_LIMIT`] ensures.
#[inline]
fn shrunk_orientation<T>(p: [T; 2], q: [T; 2], r: [T; 2], shift: [T; 2]) -> Ordering
where
    T: Copy + Ord + Sub<Output = T> + Mul<Output = T>,
{
    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
    let exact = (dx * (r[1] - p[1])).cmp(&(dy * (r[0] - p[0])));
    if exact != Ordering::Equal {
        return exact;
    }
    // d/dε of dx·(ry − ε·sy − py) − dy·(rx − ε·sx − px) is −dx·sy + dy·sx.
    (dy * shift[0]).cmp(&(dx * shift[1]))
}

/// Coordinates within `±2^30` take the `i64` path of [`segment_meets_half_open_box`]: their
/// differences stay within `2^31` and every product within `2^62`. Both paths compute the
/// same exact signs (`docs/performance.md`, item 54).
const SMALL_LIMIT: i64 = 1 << 30;

/// Whether the segment's line meets the (shrunk) box: true unless all four corners lie
/// strictly on one side of it (a corner on the line, a zero sign, means they meet).
#[inline]
fn line_meets_box<T>(p: [T; 2], q: [T; 2], (x0, x1): (T, T), (y0, y1): (T, T)) -> bool
where
    T: Copy + Ord + Sub<Output = T> + Mul<Output = T> + From<i8>,
{
    let (zero, one) = (T::from(0), T::from(1));
    let corners = [
        ([x0, y0], [zero, zero]),
        ([x1, y0], [one, zero]),
        ([x1, y1], [one, one]),
        ([x0, y1], [zero, one]),
    ];
    let mut seen_pos = false;
    let mut seen_neg = false;
    for (corner, shift) in corners {
        match shrunk_orientation(p, q, corner, shift) {
            Ordering::Equal => return true,
            Ordering::Greater => seen_pos = true,
            Ordering::Less => seen_neg = true,
        }
    }
    seen_pos && seen_neg
}

/// True when the closed segment `p–q` meets the half-open box `[x0, x1) × [y0, y1)`, all in
/// integer coordinates (`x0 < x1`, `y0 < y1`); `p == q` is allowed and tests a point.
///
/// The open sides are handled by a symbolic shrink: the box is taken as the closed box
/// `[x0, x1 − ε] × [y0, y1 − ε]` for an infinitesimal `ε > 0`. Every such box lies inside
/// the half-open box, and every point of the half-open box lies in it once `ε` is small
/// enough, so a closed segment meets the half-open box exactly when it meets the shrunk box
/// for all small `ε`. Two closed convex sets are disjoint exactly when a separating axis
/// exists among the box's axes and the segment's normal; each axis is tested exactly, the
/// normal by the sign of each shrunk corner's orientation as a polynomial in `ε` (its
/// constant term, else its `ε` term). Exact for coordinates within `±2^61`.
///
/// ```
/// use onepath_predicates::segment_meets_half_open_box;
/// // Along the closed bottom side of [0, 2) × [0, 2): meets; along the open top side: not.
/// assert!(segment_meets_half_open_box([-1, 0], [3, 0], (0, 2), (0, 2)));
/// assert!(!segment_meets_half_open_box([-1, 2], [3, 2], (0, 2), (0, 2)));
/// ```
pub fn segment_meets_half_open_box(
    p: [i64; 2],
    q: [i64; 2],
    (x0, x1): (i64, i64),
    (y0, y1): (i64, i64),
) -> bool {
    debug_assert!(x0 < x1 && y0 < y1, "empty box");
    // Axis x: the segment's x range [lo, hi] meets [x0, x1 − ε] when hi >= x0 and lo < x1.
    let (lo_x, hi_x) = (p[0].min(q[0]), p[0].max(q[0]));
    let (lo_y, hi_y) = (p[1].min(q[1]), p[1].max(q[1]));
    if hi_x < x0 || lo_x >= x1 || hi_y < y0 || lo_y >= y1 {
        return false;
    }
    // The segment's normal: the four (shrunk) corners must not lie strictly on one side.
    let small = |v: i64| (-SMALL_LIMIT..=SMALL_LIMIT).contains(&v);
    if [p[0], p[1], q[0], q[1], x0, x1, y0, y1]
        .into_iter()
        .all(small)
    {
        return line_meets_box(p, q, (x0, x1), (y0, y1));
    }
    let wide = |c: [i64; 2]| [i128::from(c[0]), i128::from(c[1])];
    line_meets_box(
        wide(p),
        wide(q),
        (i128::from(x0), i128::from(x1)),
        (i128::from(y0), i128::from(y1)),
    )
}

/// True when the closed segment `a–b` meets the pixel of grid point `c`: the half-open
/// square `[c − 1/2, c + 1/2)²` of the points that round to `c`.
///
/// Evaluated in doubled coordinates (the pixel becomes `[2c − 1, 2c + 1)²` and every corner
/// is an integer) by [`segment_meets_half_open_box`]. A segment between grid points never
/// runs along a pixel side, so the open sides only decide a segment that touches the closed
/// square at one corner: it meets the pixel exactly when that corner is the bottom-left one.
/// Exact for coordinates within `±2^59`.
///
/// ```
/// use onepath_predicates::{segment_meets_pixel, GridPoint};
/// let g = GridPoint::new;
/// // The anti-diagonal of the unit cell passes through (1/2, 1/2), the bottom-left corner
/// // of pixel (1, 1) and the top-right corner of pixel (0, 0).
/// assert!(segment_meets_pixel(g(0, 1), g(1, 0), g(1, 1)));
/// assert!(!segment_meets_pixel(g(0, 1), g(1, 0), g(0, 0)));
/// ```
#[inline]
pub fn segment_meets_pixel(a: GridPoint, b: GridPoint, c: GridPoint) -> bool {
    segment_meets_half_open_box(
        [2 * a.x, 2 * a.y],
        [2 * b.x, 2 * b.y],
        (2 * c.x - 1, 2 * c.x + 1),
        (2 * c.y - 1, 2 * c.y + 1),
    )
}
