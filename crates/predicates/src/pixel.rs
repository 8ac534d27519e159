//! The hot-pixel test: does a closed segment meet a half-open pixel square?

use crate::GridPoint;

/// The sign of `(q − p) × (r − p)` with `r = (rx − ε·ex, ry − ε·ey)` for an infinitesimal
/// `ε > 0`: the exact sign, or, when it is zero, the sign of the first-order term in `ε`.
#[inline]
fn shrunk_orientation(p: [i128; 2], q: [i128; 2], r: [i128; 2], shift: [i128; 2]) -> i32 {
    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
    let exact = dx * (r[1] - p[1]) - dy * (r[0] - p[0]);
    if exact != 0 {
        return exact.signum() as i32;
    }
    // d/dε of dx·(ry − ε·sy − py) − dy·(rx − ε·sx − px) is −dx·sy + dy·sx.
    (dy * shift[0] - dx * shift[1]).signum() as i32
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
    let p = [p[0] as i128, p[1] as i128];
    let q = [q[0] as i128, q[1] as i128];
    let (x0, x1, y0, y1) = (x0 as i128, x1 as i128, y0 as i128, y1 as i128);
    let corners = [
        ([x0, y0], [0, 0]),
        ([x1, y0], [1, 0]),
        ([x1, y1], [1, 1]),
        ([x0, y1], [0, 1]),
    ];
    let mut seen_pos = false;
    let mut seen_neg = false;
    for (corner, shift) in corners {
        match shrunk_orientation(p, q, corner, shift) {
            0 => return true,
            s if s > 0 => seen_pos = true,
            _ => seen_neg = true,
        }
    }
    seen_pos && seen_neg
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
