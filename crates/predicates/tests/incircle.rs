//! `incircle` against an exact 256-bit evaluation of the lifted 4×4 determinant, on random,
//! cocircular, nearly cocircular and bounding-triangle inputs.

mod support;

use onepath_predicates::{
    BOUNDING_TRIANGLE, CONSTRUCTION_LIMIT, CirclePosition, GridPoint, INPUT_LIMIT, incircle,
    orient2d,
};
use support::{Draw, I256, SplitMix64, w};

/// The largest bounding-triangle coordinate, `3·2^45`.
const BOUNDING_MAX: i64 = 3 << 45;

/// The exact sign of the determinant with rows `(x, y, x² + y², 1)` for `a, b, c, d`,
/// expanded along the column of ones in 256 bits. It is positive when `d` lies inside the
/// circle through the counter-clockwise `a, b, c` (Shewchuk's convention), independently of
/// the difference form that the adaptive predicate evaluates.
fn reference(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> i32 {
    let row = |p: GridPoint| [w(p.x), w(p.y), w(p.x) * w(p.x) + w(p.y) * w(p.y)];
    let det3 = |r0: [I256; 3], r1: [I256; 3], r2: [I256; 3]| {
        r0[0] * r1[1] * r2[2] + r0[1] * r1[2] * r2[0] + r0[2] * r1[0] * r2[1]
            - r0[2] * r1[1] * r2[0]
            - r0[1] * r1[0] * r2[2]
            - r0[0] * r1[2] * r2[1]
    };
    let (ra, rb, rc, rd) = (row(a), row(b), row(c), row(d));
    // Cofactor signs of column 4 are (−1)^(i + 4) for rows i = 1..4.
    (det3(ra, rb, rc) - det3(ra, rb, rd) + det3(ra, rc, rd) - det3(rb, rc, rd)).signum()
}

fn position(sign: i32) -> CirclePosition {
    match sign {
        1 => CirclePosition::Inside,
        0 => CirclePosition::On,
        _ => CirclePosition::Outside,
    }
}

/// Checks `incircle` against the reference and against the permutation rules (an even
/// permutation of `a, b, c` keeps the result, swapping two reverses it). Returns the sign.
fn check(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> i32 {
    let expected = reference(a, b, c, d);
    let got = incircle(a, b, c, d);
    assert_eq!(got, position(expected), "incircle({a}, {b}, {c}, {d})");
    assert_eq!(incircle(b, c, a, d), got);
    assert_eq!(incircle(b, a, c, d), position(-expected));
    expected
}

/// The reference has the documented sign on a circle whose answer is known.
#[test]
fn reference_sign_convention() {
    let (a, b, c) = (
        GridPoint::new(0, 0),
        GridPoint::new(2, 0),
        GridPoint::new(0, 2),
    );
    assert!(orient2d(a, b, c).is_ccw());
    assert_eq!(reference(a, b, c, GridPoint::new(1, 1)), 1);
    assert_eq!(reference(a, b, c, GridPoint::new(2, 2)), 0);
    assert_eq!(reference(a, b, c, GridPoint::new(5, 5)), -1);
    assert_eq!(
        incircle(a, b, c, GridPoint::new(1, 1)),
        CirclePosition::Inside
    );
    assert_eq!(
        incircle(a, c, b, GridPoint::new(1, 1)),
        CirclePosition::Outside
    );
}

/// Random quadruples; 2^52 and 2^53 make the coordinate differences inexact in `f64`, which
/// drives the adaptive predicate into its tail-correction stages.
#[test]
fn random_quadruples() {
    let mut rng = SplitMix64::new(20);
    let mut cases = 0;
    // Differences below 2^30 take the integer expansion, larger ones Shewchuk's predicate:
    // 2^29 and 2^30 straddle the switch.
    let magnitudes = [
        16,
        1 << 20,
        1 << 29,
        1 << 30,
        INPUT_LIMIT,
        CONSTRUCTION_LIMIT,
        1 << 45,
        BOUNDING_MAX,
        1 << 52,
        1 << 53,
    ];
    for m in magnitudes {
        for _ in 0..25_000 {
            check(rng.point(m), rng.point(m), rng.point(m), rng.point(m));
            cases += 1;
        }
    }
    assert_eq!(cases, 250_000);
}

/// The lattice points of the circle `x² + y² = n` for `n = 5·13·17·29·37·41`, a product of
/// six primes `≡ 1 (mod 4)`, so it has `4·2^6 = 256` of them.
fn circle_points() -> (i64, Vec<GridPoint>) {
    let n: i64 = 5 * 13 * 17 * 29 * 37 * 41;
    let mut pts = Vec::new();
    let r = (n as f64).sqrt() as i64 + 1;
    for x in -r..=r {
        let rest = n - x * x;
        if rest < 0 {
            continue;
        }
        let y = (rest as f64).sqrt() as i64;
        for y in [y - 1, y, y + 1] {
            if y >= 0 && y * y == rest {
                pts.push(GridPoint::new(x, y));
                if y > 0 {
                    pts.push(GridPoint::new(x, -y));
                }
            }
        }
    }
    (n, pts)
}

/// Four distinct points of one circle are cocircular; moving the fourth by one unit makes
/// them nearly cocircular. Circles are scaled (to a radius just below 2^29, the largest
/// the integer path takes, and beyond) and translated to 2^37, 2^39 and the bounding
/// triangle's range.
#[test]
fn cocircular_lattice_points() {
    let (n, base) = circle_points();
    assert_eq!(base.len(), 256);
    assert!(base.iter().all(|p| p.x * p.x + p.y * p.y == n));
    let mut rng = SplitMix64::new(21);
    let (mut cases, mut inside, mut outside) = (0, 0, 0);
    // (scale, centre magnitude): radius 6972 · scale stays within the stated range.
    for (scale, centre) in [
        (1, 16),
        (1, INPUT_LIMIT - 7000),
        // Differences just below 2^30: the integer expansion at its largest products.
        (1 << 16, INPUT_LIMIT / 2),
        (1 << 24, INPUT_LIMIT / 2),
        (1 << 26, CONSTRUCTION_LIMIT / 4),
        (1 << 32, 1 << 45),
    ] {
        for _ in 0..5_000 {
            let o = rng.point(centre);
            let mut pick = || {
                let p = base[rng.range(0, 255) as usize];
                GridPoint::new(o.x + scale * p.x, o.y + scale * p.y)
            };
            let (a, mut b, mut c, d) = (pick(), pick(), pick(), pick());
            if a == b || b == c || a == c {
                continue;
            }
            if orient2d(a, b, c).is_cw() {
                std::mem::swap(&mut b, &mut c);
            }
            assert_eq!(check(a, b, c, d), 0);
            assert_eq!(incircle(a, b, c, d), CirclePosition::On);
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                match check(a, b, c, GridPoint::new(d.x + dx, d.y + dy)) {
                    1 => inside += 1,
                    -1 => outside += 1,
                    _ => {}
                }
            }
            cases += 5;
        }
    }
    assert!(cases > 110_000, "{cases}");
    assert!(
        inside > 40_000 && outside > 40_000,
        "inside {inside}, outside {outside}"
    );
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The corners of rectangles (any integer direction, any aspect) are cocircular; squares
/// are the case `|v| = |u|`. A lattice point strictly inside a side is inside the circle,
/// and the side extended beyond a corner is outside.
#[test]
fn rectangle_corners_are_cocircular() {
    let mut rng = SplitMix64::new(22);
    let (mut cases, mut inside) = (0, 0);
    for m in [16, INPUT_LIMIT, CONSTRUCTION_LIMIT] {
        let side = (m / 4).max(2);
        for _ in 0..5_000 {
            let p = rng.point(m / 2);
            let u = GridPoint::new(rng.coord(side), rng.coord(side));
            let g = gcd(u.x, u.y);
            if g == 0 {
                continue;
            }
            // v is perpendicular to u, to its left, with any length that keeps it in range.
            let prim = GridPoint::new(-u.y / g, u.x / g);
            let j = if rng.one_in(3) {
                g
            } else {
                rng.range(1, side / prim.max_abs() as i64)
            };
            let v = GridPoint::new(j * prim.x, j * prim.y);
            let corners = [p, p + u, p + u + v, p + v];
            assert!(orient2d(corners[0], corners[1], corners[2]).is_ccw());
            for i in 0..4 {
                let [a, b, c, d] = [0, 1, 2, 3].map(|k| corners[(i + k) % 4]);
                assert_eq!(check(a, b, c, d), 0);
                assert_eq!(check(a, b, c, d + (d - c)), -1, "beyond {d}");
                let step = d - c;
                let k = gcd(step.x, step.y);
                if k >= 2 {
                    let q = GridPoint::new(c.x + step.x / k, c.y + step.y / k);
                    assert_eq!(check(a, b, c, q), 1, "inside at {q}");
                    inside += 1;
                }
                cases += 2;
            }
        }
    }
    assert!(cases > 110_000 && inside > 10_000, "{cases} {inside}");
}

/// Every grid point is inside the bounding triangle's circumcircle, and quadruples mixing
/// bounding corners with grid points are decided exactly (the case that needs ~190 bits).
#[test]
fn bounding_triangle_corners() {
    let t = BOUNDING_TRIANGLE;
    let mut rng = SplitMix64::new(23);
    let mut cases = 0;
    for m in [16, INPUT_LIMIT, CONSTRUCTION_LIMIT] {
        for _ in 0..4_000 {
            let (p, q, r) = (rng.point(m), rng.point(m), rng.point(m));
            assert_eq!(check(t[0], t[1], t[2], p), 1);
            for i in 0..3 {
                let (u, v) = (t[i], t[(i + 1) % 3]);
                check(u, v, p, q);
                check(u, p, q, r);
                check(p, q, r, u);
                check(p, u, q, v);
                cases += 4;
            }
            cases += 1;
        }
    }
    assert_eq!(cases, 156_000);
}
