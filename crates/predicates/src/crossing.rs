//! The proper-crossing test and the crossing point, constructed exactly and rounded once.

use crate::{GridPoint, cross, orient2d};

/// True when segments `a–b` and `c–d` properly cross: their open interiors meet in a
/// single point that is interior to both.
///
/// That is the case exactly when all four orientations are non-zero and each pair is
/// opposite (decisions D8): `c` and `d` on opposite sides of `a–b`, and `a` and `b` on
/// opposite sides of `c–d`. Touching, collinear overlap, shared endpoints, T-junctions,
/// parallel and zero-length segments are not proper crossings. Symmetric in the two segments and in
/// the direction of each. Exact wherever [`orient2d`] is (coordinates within `±2^61`).
#[inline]
pub fn properly_cross(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> bool {
    let o1 = orient2d(a, b, c).signum();
    let o2 = orient2d(a, b, d).signum();
    if o1 * o2 >= 0 {
        return false;
    }
    let o3 = orient2d(c, d, a).signum();
    let o4 = orient2d(c, d, b).signum();
    o3 * o4 < 0
}

/// `floor(num / den + 1/2)` for `den > 0`: the nearest integer with ties rounded up (towards
/// positive infinity), for negative values too.
///
/// Computed as `floor((2·num + den) / (2·den))`, exact while `2·|num| + 2·den` fits in
/// `i128` (below `2^127`); [`crossing_point`] passes `|num| < 2^122` and `den < 2^82`. A
/// denominator that is not positive is a caller error (checked in debug builds).
///
/// ```
/// use onepath_predicates::round_half_up_div;
/// assert_eq!(round_half_up_div(5, 2), 3); // 2.5 → 3
/// assert_eq!(round_half_up_div(-5, 2), -2); // −2.5 → −2, not −3
/// assert_eq!(round_half_up_div(-7, 3), -2); // −2.33… → −2
/// ```
#[inline]
pub fn round_half_up_div(num: i128, den: i128) -> i128 {
    debug_assert!(den > 0, "round_half_up_div needs a positive denominator");
    floor_div(2 * num + den, 2 * den)
}

/// `floor(num / den)` for `den > 0`, in `i64` when both fit (a grid's crossings mostly
/// do: a hardware division instead of the 128-bit one of the runtime library), else in
/// `i128`. The quotient is the same either way.
#[inline]
fn floor_div(num: i128, den: i128) -> i128 {
    match (i64::try_from(num), i64::try_from(den)) {
        (Ok(n), Ok(d)) => i128::from(n.div_euclid(d)),
        _ => num.div_euclid(den),
    }
}

/// The crossing point of the lines through `a–b` and `c–d`, rounded to the grid by
/// `floor(x + 1/2)` per coordinate (ties go up).
///
/// The intersection `a + (b − a)·t` with `t = ((c − a) × (d − c)) / ((b − a) × (d − c))` is
/// formed as an exact rational in `i128` and rounded once. Callers pass segments that
/// [`properly_cross`]; the lines must not be parallel (the function panics on a zero
/// denominator, which a proper crossing never has). Exact for coordinates within
/// [`crate::CONSTRUCTION_LIMIT`] (`2^39`): differences need 40 bits, the cross products 81,
/// `a·den + (b − a)·num` 122 and the doubled numerator of the rounding 124. The result does
/// not depend on the order of the segments or their directions, and for a proper crossing
/// it lies in the bounding boxes of both segments, in the pixel that holds the exact
/// crossing.
#[inline]
pub fn crossing_point(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> GridPoint {
    let (x, y, den) = crossing_rational(a, b, c, d);
    GridPoint::new(
        round_half_up_div(x, den) as i64,
        round_half_up_div(y, den) as i64,
    )
}

/// The crossing point of the lines through `a–b` and `c–d`, rounded down per coordinate:
/// the lower-left corner of the closed-below unit square `[x, x + 1) × [y, y + 1)` that holds
/// the exact crossing.
///
/// The candidate search of `onepath-arrangement` uses it to name the one grid cell that
/// owns a crossing (`floor(x / 2^s)` is `floor(floor(x) / 2^s)`), so that a pair of
/// segments sharing several cells is reported once. Same rational, limits and panics as
/// [`crossing_point`], whose result is this point or one unit above it per coordinate.
///
/// ```
/// use onepath_predicates::{crossing_floor, GridPoint};
/// let g = GridPoint::new;
/// // The exact crossing is (2, 1.5): rounded down, (2, 1); to the nearest, (2, 2).
/// assert_eq!(crossing_floor(g(0, 0), g(4, 3), g(0, 3), g(4, 0)), g(2, 1));
/// // Negative coordinates round down too: (-2, -1.5) becomes (-2, -2).
/// assert_eq!(crossing_floor(g(0, 0), g(-4, -3), g(0, -3), g(-4, 0)), g(-2, -2));
/// ```
#[inline]
pub fn crossing_floor(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> GridPoint {
    let (x, y, den) = crossing_rational(a, b, c, d);
    GridPoint::new(floor_div(x, den) as i64, floor_div(y, den) as i64)
}

/// The crossing of the lines through `a–b` and `c–d` as `(x·den, y·den, den)` with
/// `den > 0`, exactly (see [`crossing_point`] for the bit budget).
#[inline]
fn crossing_rational(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> (i128, i128, i128) {
    let ab = b - a;
    let cd = d - c;
    let mut den = cross(ab, cd);
    let mut num = cross(c - a, cd);
    assert!(den != 0, "crossing point of parallel segments");
    if den < 0 {
        den = -den;
        num = -num;
    }
    let x = a.x as i128 * den + ab.x as i128 * num;
    let y = a.y as i128 * den + ab.y as i128 * num;
    (x, y, den)
}
