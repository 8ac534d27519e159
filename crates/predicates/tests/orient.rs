//! `orient2d` against an independent exact 256-bit evaluation and against Shewchuk's
//! adaptive predicate (`orient2d_robust`, `orient2d_exact_f64`), on random, nearly
//! collinear, repeated and bounding-triangle inputs.

mod support;

use onepath_predicates::{
    BOUNDING_TRIANGLE, BOUNDING_UNIT, CONSTRUCTION_LIMIT, GridPoint, INPUT_LIMIT, Orientation,
    cross, dot, orient2d, orient2d_exact_f64, orient2d_robust,
};
use support::{Draw, MAGNITUDES, SplitMix64, w};

/// The sign of the expanded determinant `ax(by − cy) + bx(cy − ay) + cx(ay − by)` in 256
/// bits: a different formula from the crate's `(b − a) × (c − a)`.
fn reference(a: GridPoint, b: GridPoint, c: GridPoint) -> i32 {
    (w(a.x) * (w(b.y) - w(c.y)) + w(b.x) * (w(c.y) - w(a.y)) + w(c.x) * (w(a.y) - w(b.y))).signum()
}

/// Checks every orientation function on `a, b, c` against the reference and the
/// permutation rules (cyclic shifts keep the sign, swaps reverse it). Returns the sign.
fn check(a: GridPoint, b: GridPoint, c: GridPoint) -> i32 {
    let expected = reference(a, b, c);
    let fast = orient2d(a, b, c);
    assert_eq!(fast.signum(), expected, "orient2d({a}, {b}, {c})");
    assert_eq!(
        orient2d_robust(a, b, c),
        fast,
        "orient2d_robust({a}, {b}, {c})"
    );
    assert_eq!(orient2d_exact_f64(a.to_f64(), b.to_f64(), c.to_f64()), fast);
    assert_eq!(orient2d(b, c, a), fast);
    assert_eq!(orient2d(b, a, c), fast.reversed());
    assert_eq!(Orientation::of_sign(cross(b - a, c - a)), fast);
    expected
}

#[test]
fn random_triples_at_every_magnitude() {
    let mut rng = SplitMix64::new(10);
    let mut cases = 0;
    for m in MAGNITUDES {
        for _ in 0..50_000 {
            check(rng.point(m), rng.point(m), rng.point(m));
            cases += 1;
        }
    }
    assert_eq!(cases, 300_000);
}

/// Points on a lattice line `p + s·d`, and the same points moved by one unit in x or y:
/// the exact sign must come out even though the determinant is tiny compared with the
/// coordinates.
#[test]
fn collinear_and_nearly_collinear() {
    let mut rng = SplitMix64::new(11);
    let (mut cases, mut zero, mut nonzero) = (0, 0, 0);
    for m in MAGNITUDES {
        // Directions of up to about sqrt(m) per component keep many steps in range.
        let dmax = (m as f64).sqrt() as i64;
        for _ in 0..10_000 {
            let d = GridPoint::new(rng.coord(dmax), rng.coord(dmax));
            let steps = (m / 2) / d.max_abs().max(1) as i64;
            let base = GridPoint::new(rng.coord(m / 2), rng.coord(m / 2));
            let on = |s: i64| GridPoint::new(base.x + s * d.x, base.y + s * d.y);
            let (a, b, c) = (
                on(rng.coord(steps)),
                on(rng.coord(steps)),
                on(rng.coord(steps)),
            );
            assert_eq!(check(a, b, c), 0, "collinear {a} {b} {c}");
            let nudge = [(1, 0), (-1, 0), (0, 1), (0, -1)][rng.range(0, 3) as usize];
            let c1 = GridPoint::new(c.x + nudge.0, c.y + nudge.1);
            if check(a, b, c1) == 0 {
                zero += 1;
            } else {
                nonzero += 1;
            }
            cases += 2;
        }
    }
    assert_eq!(cases, 120_000);
    // The moved points are collinear only when a == b or the nudge runs along the line.
    assert!(
        nonzero > 50_000 && zero > 0,
        "zero {zero}, nonzero {nonzero}"
    );
}

/// Collinear triples whose points are far apart at the exact-`f64` limit, with the third
/// point one unit off the line: the determinant is ±|b − a| at most.
#[test]
fn one_unit_off_long_lines() {
    let mut rng = SplitMix64::new(12);
    let m = 1i64 << 53;
    for _ in 0..5_000 {
        let a = GridPoint::new(-m, rng.coord(m));
        let b = GridPoint::new(m, -a.y);
        // The line runs through the origin; one unit above it is to the left of a → b.
        assert_eq!(check(a, b, GridPoint::new(0, 0)), 0);
        assert_eq!(check(a, b, GridPoint::new(0, 1)), 1);
        assert_eq!(check(a, b, GridPoint::new(0, -1)), -1);
    }
}

#[test]
fn repeated_points_are_collinear() {
    let mut rng = SplitMix64::new(13);
    for m in MAGNITUDES {
        for _ in 0..1_000 {
            let (a, b) = (rng.point(m), rng.point(m));
            for (p, q, r) in [(a, a, b), (a, b, a), (b, a, a), (a, a, a)] {
                assert_eq!(check(p, q, r), 0);
                assert_eq!(orient2d(p, q, r), Orientation::Collinear);
            }
        }
    }
}

/// The bounding triangle is counter-clockwise, holds every construction strictly inside,
/// and its corners combine with grid points exactly.
#[test]
fn bounding_triangle_with_grid_points() {
    let t = BOUNDING_TRIANGLE;
    assert_eq!(check(t[0], t[1], t[2]), 1);
    let mut rng = SplitMix64::new(14);
    let mut cases = 0;
    for m in [16, INPUT_LIMIT, CONSTRUCTION_LIMIT] {
        for _ in 0..5_000 {
            let (p, q) = (rng.point(m), rng.point(m));
            for i in 0..3 {
                let (u, v) = (t[i], t[(i + 1) % 3]);
                assert_eq!(
                    check(u, v, p),
                    1,
                    "{p} must be inside the bounding triangle"
                );
                check(u, p, q);
                check(p, u, v);
                check(p, q, u);
                cases += 4;
            }
        }
    }
    // Points on the triangle's sides (far beyond the grid, still exact).
    let b = BOUNDING_UNIT;
    for _ in 0..5_000 {
        let k = rng.range(-b, 3 * b);
        assert_eq!(check(t[0], t[1], GridPoint::new(k, -b)), 0);
        assert_eq!(check(t[2], t[0], GridPoint::new(-b, k)), 0);
        assert_eq!(check(t[1], t[2], GridPoint::new(k, 2 * b - k)), 0);
        // One unit below the hypotenuse is inside, to the left of t1 → t2; above is outside.
        assert_eq!(check(t[1], t[2], GridPoint::new(k, 2 * b - k - 1)), 1);
        assert_eq!(check(t[1], t[2], GridPoint::new(k, 2 * b - k + 1)), -1);
        cases += 5;
    }
    assert_eq!(cases, 205_000);
}

/// The enum helpers follow the sign convention (counter-clockwise is positive).
#[test]
fn orientation_helpers() {
    let (o, x, y) = (
        GridPoint::new(0, 0),
        GridPoint::new(1, 0),
        GridPoint::new(0, 1),
    );
    assert_eq!(orient2d(o, x, y), Orientation::CounterClockwise);
    assert_eq!(orient2d(o, y, x), Orientation::Clockwise);
    assert!(orient2d(o, x, y).is_ccw() && orient2d(o, y, x).is_cw());
    assert!(orient2d(o, x, GridPoint::new(5, 0)).is_collinear());
    assert_eq!(Orientation::of_sign(-3i128), Orientation::Clockwise);
    assert_eq!(Orientation::of_sign(0.0f64), Orientation::Collinear);
    assert_eq!(Orientation::of_sign(2i64).signum(), 1);
    assert_eq!(Orientation::Collinear.reversed(), Orientation::Collinear);
    assert!(Orientation::Clockwise < Orientation::Collinear);
    assert!(Orientation::Collinear < Orientation::CounterClockwise);
    assert_eq!(cross(x, y), 1);
    assert_eq!(dot(GridPoint::new(3, -4), GridPoint::new(3, -4)), 25);
    // cross and dot are exact up to components of 2^62.
    let big = GridPoint::new(1 << 62, -(1 << 62));
    assert_eq!(dot(big, big), 1i128 << 125);
    assert_eq!(cross(big, GridPoint::new(1 << 62, 1 << 62)), 1i128 << 125);
}
