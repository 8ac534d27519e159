//! `properly_cross`, `crossing_point` and `round_half_up_div` against exact rational
//! references written independently of the crate's formulas.

mod support;

use onepath_predicates::{
    CONSTRUCTION_LIMIT, GridPoint, INPUT_LIMIT, crossing_floor, crossing_point, properly_cross,
    round_half_up_div, segment_meets_pixel,
};
use support::{Draw, I256, SplitMix64, cmp_wide, w};

/// The proper-crossing test by solving `a + s·(b − a) = c + t·(d − c)` with Cramer's rule:
/// the segments properly cross exactly when the system has one solution with `0 < s < 1`
/// and `0 < t < 1` (both intersection parameters strictly inside).
fn reference_cross(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> bool {
    let (abx, aby) = ((b.x - a.x) as i128, (b.y - a.y) as i128);
    let (cdx, cdy) = ((d.x - c.x) as i128, (d.y - c.y) as i128);
    let (cax, cay) = ((c.x - a.x) as i128, (c.y - a.y) as i128);
    // Matrix [[abx, −cdx], [aby, −cdy]], right-hand side (cax, cay).
    let mut det = -abx * cdy + cdx * aby;
    let mut s = -cax * cdy + cdx * cay;
    let mut t = abx * cay - cax * aby;
    if det == 0 {
        return false;
    }
    if det < 0 {
        (det, s, t) = (-det, -s, -t);
    }
    0 < s && s < det && 0 < t && t < det
}

/// `num / den` rounded by `floor(x + 1/2)`, found by a different method from the crate's:
/// the unique `k` with `(2k − 1)·den ≤ 2·num < (2k + 1)·den`, searched from the truncated
/// quotient.
fn reference_round(num: I256, den: I256) -> i128 {
    assert_eq!(den.signum(), 1);
    let (n, d) = (num.to_i128().unwrap(), den.to_i128().unwrap());
    let two = I256::from_i128(2);
    let mut k = n / d;
    let bound = |k: i128, off: i128| I256::from_i128(2 * k + off) * den;
    while cmp_wide(two * num, bound(k, 1)) >= 0 {
        k += 1;
    }
    while cmp_wide(two * num, bound(k, -1)) < 0 {
        k -= 1;
    }
    k
}

/// `num / den` rounded down: the unique `k` with `k·den ≤ num < (k + 1)·den`, searched from
/// the truncated quotient.
fn reference_floor(num: I256, den: I256) -> i128 {
    assert_eq!(den.signum(), 1);
    let mut k = num.to_i128().unwrap() / den.to_i128().unwrap();
    while cmp_wide(num, I256::from_i128(k + 1) * den) >= 0 {
        k += 1;
    }
    while cmp_wide(num, I256::from_i128(k) * den) < 0 {
        k -= 1;
    }
    k
}

/// The crossing of the lines `A·x + B·y = C` through `a, b` and `c, d` by Cramer's rule in
/// 256 bits, each coordinate rounded by [`reference_round`].
fn reference_point(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> GridPoint {
    reference_point_rounded(a, b, c, d, reference_round)
}

/// [`reference_point`] with the coordinates rounded down.
fn reference_point_floor(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> GridPoint {
    reference_point_rounded(a, b, c, d, reference_floor)
}

/// The crossing by Cramer's rule in 256 bits, each coordinate rounded by `round`.
fn reference_point_rounded(
    a: GridPoint,
    b: GridPoint,
    c: GridPoint,
    d: GridPoint,
    round: fn(I256, I256) -> i128,
) -> GridPoint {
    let line = |p: GridPoint, q: GridPoint| {
        let (la, lb) = (w(q.y) - w(p.y), w(p.x) - w(q.x));
        (la, lb, la * w(p.x) + lb * w(p.y))
    };
    let ((a1, b1, c1), (a2, b2, c2)) = (line(a, b), line(c, d));
    let mut det = a1 * b2 - a2 * b1;
    let mut x = c1 * b2 - c2 * b1;
    let mut y = a1 * c2 - a2 * c1;
    if det.signum() < 0 {
        (det, x, y) = (-det, -x, -y);
    }
    GridPoint::new(round(x, det) as i64, round(y, det) as i64)
}

/// Compares both functions with the references; returns whether the pair properly crosses.
fn check(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> bool {
    let expected = reference_cross(a, b, c, d);
    for (p, q, r, s) in [(a, b, c, d), (b, a, c, d), (a, b, d, c), (c, d, a, b)] {
        assert_eq!(properly_cross(p, q, r, s), expected, "{p}-{q} x {r}-{s}");
    }
    if expected {
        // Both constructions against their references, and symmetric in the segments.
        type Construction = fn(GridPoint, GridPoint, GridPoint, GridPoint) -> GridPoint;
        let constructions: [(&str, Construction, Construction); 2] = [
            ("crossing", crossing_point, reference_point),
            ("floor", crossing_floor, reference_point_floor),
        ];
        for (name, construct, reference) in constructions {
            let value = construct(a, b, c, d);
            assert_eq!(value, reference(a, b, c, d), "{name} of {a}-{b} x {c}-{d}");
            assert_eq!(
                construct(d, c, b, a),
                value,
                "the {name} depends on the order"
            );
        }
        let (got, floor) = (crossing_point(a, b, c, d), crossing_floor(a, b, c, d));
        assert!(
            got.x - floor.x <= 1 && got.x >= floor.x && got.y - floor.y <= 1 && got.y >= floor.y
        );
        // The rounded crossing stays in both bounding boxes, and its pixel holds the exact
        // crossing, so both segments meet that pixel (the hot-pixel invariant).
        for (p, q) in [(a, b), (c, d)] {
            assert!(p.x.min(q.x) <= got.x && got.x <= p.x.max(q.x));
            assert!(p.y.min(q.y) <= got.y && got.y <= p.y.max(q.y));
            assert!(
                segment_meets_pixel(p, q, got),
                "{p}-{q} misses the pixel of {got}"
            );
        }
    }
    expected
}

#[test]
fn random_segments() {
    let mut rng = SplitMix64::new(30);
    let (mut cases, mut crossing) = (0, 0);
    for m in [4, 16, 1 << 10, 1 << 20, INPUT_LIMIT, CONSTRUCTION_LIMIT] {
        for _ in 0..40_000 {
            crossing += check(rng.point(m), rng.point(m), rng.point(m), rng.point(m)) as u32;
            cases += 1;
        }
    }
    // The orientation-only test is also checked at 2^53 (no construction there).
    for _ in 0..20_000 {
        let m = 1 << 53;
        let (a, b, c, d) = (rng.point(m), rng.point(m), rng.point(m), rng.point(m));
        assert_eq!(properly_cross(a, b, c, d), reference_cross(a, b, c, d));
        cases += 1;
    }
    assert_eq!(cases, 260_000);
    assert!(crossing > 30_000, "{crossing}");
}

/// Endpoints at and next to the corners of the construction range `±2^39`, where the
/// numerators reach the bit budget's maximum.
#[test]
fn extreme_corners() {
    let l = CONSTRUCTION_LIMIT;
    let vals = [-l, -l + 1, -l + 2, l - 2, l - 1, l];
    let mut rng = SplitMix64::new(34);
    let (mut cases, mut crossing) = (0, 0);
    for _ in 0..20_000 {
        let mut pt = || {
            GridPoint::new(
                vals[rng.range(0, 5) as usize],
                vals[rng.range(0, 5) as usize],
            )
        };
        let (a, b, c, d) = (pt(), pt(), pt(), pt());
        crossing += check(a, b, c, d) as u32;
        cases += 1;
    }
    // The long diagonals cross at the origin exactly, and next to it after one-unit moves.
    let g = GridPoint::new;
    assert_eq!(
        crossing_point(g(-l, -l), g(l, l), g(-l, l), g(l, -l)),
        g(0, 0)
    );
    assert!(check(g(-l, -l), g(l, l - 1), g(-l, l), g(l, -l)));
    assert!(check(g(-l + 1, -l), g(l, l), g(-l, l - 2), g(l - 1, -l)));
    assert_eq!(cases, 20_000);
    assert!(crossing > 1_000, "{crossing}");
}

/// Shared endpoints, T-junctions, collinear overlaps, parallel and zero-length segments
/// are never proper crossings.
#[test]
fn degenerate_configurations() {
    let mut rng = SplitMix64::new(31);
    let mut cases = 0;
    for m in [16, INPUT_LIMIT, CONSTRUCTION_LIMIT] {
        for _ in 0..5_000 {
            let (a, b, c, d) = (
                rng.point(m / 2),
                rng.point(m / 2),
                rng.point(m / 2),
                rng.point(m / 2),
            );
            // Shared endpoints and a zero-length segment.
            for (p, q, r, s) in [
                (a, b, a, d),
                (a, b, c, b),
                (a, b, b, d),
                (a, b, b, a),
                (a, a, c, d),
            ] {
                assert!(!check(p, q, r, s), "{p}-{q} x {r}-{s}");
            }
            // A lattice line through a with direction dir: T-junctions, overlaps, parallels.
            let g = (m / 64).max(1);
            let dir = GridPoint::new(rng.coord(g), rng.coord(g));
            let on = |k: i64| GridPoint::new(a.x + k * dir.x, a.y + k * dir.y);
            let (e, f) = (on(4), on(rng.range(1, 3)));
            // T-junction: c ends inside a–e, d off the line.
            assert!(!check(a, e, f, d));
            // Collinear overlap and containment.
            assert!(!check(a, e, on(2), on(6)));
            assert!(!check(a, e, on(1), on(3)));
            assert!(!check(a, e, on(-2), on(6)));
            // Parallel: the same direction moved off the line.
            let off = GridPoint::new(-dir.y * rng.range(1, 3), dir.x * rng.range(1, 3));
            assert!(!check(a, e, on(1) + off, on(3) + off));
            cases += 10;
        }
    }
    assert_eq!(cases, 150_000);
}

/// Crossings at exact half-integers round up (towards +∞) in both coordinates, at every
/// sign and up to the construction limit. The pairs are built in doubled coordinates: the
/// crossing `X/2` with `X` odd, odd direction components and odd multipliers give even
/// doubled endpoints, so the endpoints are grid points.
#[test]
fn ties_round_up() {
    // Fixed cases: the diagonals of a unit cell cross at its centre.
    for (p, q) in [(0, 0), (-3, -3), (-1, 0), (5, -7)] {
        let (a, b) = (GridPoint::new(p, q), GridPoint::new(p + 1, q + 1));
        let (c, d) = (GridPoint::new(p, q + 1), GridPoint::new(p + 1, q));
        assert_eq!(crossing_point(a, b, c, d), GridPoint::new(p + 1, q + 1));
    }
    // x = -2.5 rounds to -2, y = 1 exactly.
    let got = crossing_point(
        GridPoint::new(-3, 0),
        GridPoint::new(-2, 2),
        GridPoint::new(-3, 1),
        GridPoint::new(-2, 1),
    );
    assert_eq!(got, GridPoint::new(-2, 1));
    let mut rng = SplitMix64::new(32);
    let odd = |rng: &mut SplitMix64, lim: i64| 2 * rng.range(-lim, lim - 1) + 1;
    let mut cases = 0;
    for m in [8, 1 << 20, INPUT_LIMIT, CONSTRUCTION_LIMIT] {
        // Doubled offsets from the crossing stay below `reach`, so real coordinates stay
        // within m while the crossings come within m/8 of it.
        let reach = (m / 4).max(1);
        let lim = m - m / 8;
        let dl = ((reach as f64).sqrt() as i64 / 2).max(1);
        let sl = (reach / (2 * dl + 1) / 2).max(1);
        for _ in 0..10_000 {
            let cx = odd(&mut rng, lim);
            let step = 2 * rng.range(0, sl - 1) + 1;
            if rng.one_in(2) {
                // Doubled crossing (odd, odd): both coordinates are ties. Odd direction
                // components times odd steps make every doubled endpoint even.
                let cy = odd(&mut rng, lim);
                let (u, v) = (
                    (odd(&mut rng, dl), odd(&mut rng, dl)),
                    (odd(&mut rng, dl), odd(&mut rng, dl)),
                );
                if u.0 * v.1 == u.1 * v.0 {
                    continue;
                }
                let mut end = |dir: (i64, i64), sign: i64| {
                    let s = sign * (2 * rng.range(0, sl - 1) + 1);
                    GridPoint::new((cx + s * dir.0) / 2, (cy + s * dir.1) / 2)
                };
                let (a, b, c, d) = (end(u, -1), end(u, 1), end(v, -1), end(v, 1));
                assert!(check(a, b, c, d), "{a}-{b} x {c}-{d}");
                let want = GridPoint::new((cx + 1) / 2, (cy + 1) / 2);
                assert_eq!(
                    crossing_point(a, b, c, d),
                    want,
                    "doubled crossing ({cx}, {cy})"
                );
            } else {
                // A tie in x only: a horizontal segment at the integer y = cy crossed by a
                // line of doubled direction (1, 2k) through the doubled point (cx, 2·cy).
                let cy = rng.range(-lim, lim);
                let k = rng.range(1, 3);
                let a = GridPoint::new((cx - step) / 2, cy - k * step);
                let b = GridPoint::new((cx + step) / 2, cy + k * step);
                let (c, d) = (GridPoint::new(a.x, cy), GridPoint::new(b.x, cy));
                assert!(check(a, b, c, d), "{a}-{b} x {c}-{d}");
                assert_eq!(crossing_point(a, b, c, d), GridPoint::new((cx + 1) / 2, cy));
            }
            cases += 1;
        }
    }
    assert!(cases > 35_000, "{cases}");
}

/// `crossing_point` refuses parallel lines instead of dividing by zero.
#[test]
#[should_panic(expected = "parallel")]
fn crossing_of_parallel_lines_panics() {
    let (a, b) = (GridPoint::new(0, 0), GridPoint::new(4, 2));
    crossing_point(a, b, GridPoint::new(0, 1), GridPoint::new(4, 3));
}

/// Every `num / den` with `|num| ≤ 1000` and `1 ≤ den ≤ 100`, against the remainder rule:
/// round up when twice the floor remainder reaches the denominator.
#[test]
fn round_half_up_div_exhaustive() {
    let mut cases = 0;
    for den in 1..=100i128 {
        for num in -1000..=1000i128 {
            let floor = num.div_euclid(den);
            let rem = num - floor * den;
            let expected = if 2 * rem >= den { floor + 1 } else { floor };
            let got = round_half_up_div(num, den);
            assert_eq!(got, expected, "{num} / {den}");
            assert!((2 * got - 1) * den <= 2 * num && 2 * num < (2 * got + 1) * den);
            cases += 1;
        }
    }
    assert_eq!(cases, 200_100);
    assert_eq!(round_half_up_div(-5, 2), -2);
    assert_eq!(round_half_up_div(5, 2), 3);
    assert_eq!(round_half_up_div(-7, 2), -3);
}

/// Large operands in the range `crossing_point` produces (numerators to 2^122, denominators
/// to 2^81), against the 256-bit reference.
#[test]
fn round_half_up_div_large() {
    let mut rng = SplitMix64::new(33);
    for i in 0..20_000 {
        let den = ((rng.next_u64() as u128) << 17 | rng.next_u64() as u128 >> 47) as i128 + 1;
        let num = ((rng.next_u64() as u128) << 58 | rng.next_u64() as u128 >> 6) as i128;
        let num = if i % 2 == 0 { num } else { -num };
        // Every fourth case is an exact tie: num = (2k + 1)·den / 2 with den even.
        let (num, den) = if i % 4 < 2 {
            (num, den)
        } else {
            let k = num / den / 2;
            ((2 * k + 1) * den, 2 * den)
        };
        let expected = reference_round(I256::from_i128(num), I256::from_i128(den));
        assert_eq!(round_half_up_div(num, den), expected, "{num} / {den}");
    }
}

/// Operands on both sides of the `i64` range, where the division leaves its 64-bit path
/// for the 128-bit one (`2·num + den` and `2·den` just below and above `2^63` in
/// magnitude), ties among them, against the 256-bit reference.
#[test]
fn round_half_up_div_at_the_i64_bound() {
    let mut rng = SplitMix64::new(34);
    let edge = 1i128 << 62;
    for i in 0..20_000 {
        // Around ±2^62 (doubled: around ±2^63), a few units to a few million away.
        let near = |rng: &mut SplitMix64| edge + (rng.next_u64() % 5_000_000) as i128 - 2_500_000;
        let num = if i % 2 == 0 {
            near(&mut rng)
        } else {
            -near(&mut rng)
        };
        let den = match i % 3 {
            0 => near(&mut rng),
            1 => (rng.next_u64() % 1_000_000) as i128 + 1,
            _ => (rng.next_u64() >> 1) as i128 + 1,
        };
        let (num, den) = if i % 5 == 0 {
            // An exact tie: num = (2k + 1)·den' / 2 with den' = 2·den.
            let k = num / den / 2;
            ((2 * k + 1) * den, 2 * den)
        } else {
            (num, den)
        };
        let expected = reference_round(I256::from_i128(num), I256::from_i128(den));
        assert_eq!(round_half_up_div(num, den), expected, "{num} / {den}");
    }
}
