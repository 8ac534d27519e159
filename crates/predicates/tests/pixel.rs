//! The hot-pixel test (`segment_meets_pixel`, `segment_meets_half_open_box`) against a
//! brute-force reference: exact rational Liang–Barsky clipping to the closed box, then a
//! check of the open sides on the clipped part.

mod support;

use onepath_predicates::{
    CONSTRUCTION_LIMIT, GridPoint, INPUT_LIMIT, segment_meets_half_open_box, segment_meets_pixel,
};
use support::{Draw, SplitMix64};

/// What the reference finds about a segment and a box.
#[derive(Debug, PartialEq, Eq)]
enum Meet {
    /// The segment misses even the closed box.
    Disjoint,
    /// The segment meets the closed box only in this single corner (`[x, y]`).
    Corner([i64; 2]),
    /// The segment meets the closed box otherwise; `true` when it meets the half-open box.
    Closed(bool),
}

/// A rational `num / den` with `den > 0`.
type Ratio = (i128, i128);

fn less(a: Ratio, b: Ratio) -> bool {
    a.0 * b.1 < b.0 * a.1
}

/// Clips `p + t·(q − p)`, `t ∈ [0, 1]`, to the closed box `[x0, x1] × [y0, y1]` with exact
/// rationals (Liang–Barsky), then decides the half-open box `[x0, x1) × [y0, y1)`.
///
/// On the clipped parameter interval `[t0, t1]` the points have `x ≤ x1`, and `x = x1`
/// holds either at every point (the segment runs along the line `x = x1`, `dx = 0`) or at
/// one parameter at most; the same for `y`. So when `t0 < t1` and neither coordinate is
/// stuck on its open side, infinitely many clipped points remain and the segment meets the
/// half-open box; when `t0 = t1` the single point decides. A zero-length segment also has
/// `t0 < t1`, but both of its coordinates are constant, so `stuck` alone decides it, which
/// is right for a point.
fn reference(p: [i64; 2], q: [i64; 2], (x0, x1): (i64, i64), (y0, y1): (i64, i64)) -> Meet {
    let (mut t0, mut t1): (Ratio, Ratio) = ((0, 1), (1, 1));
    let axes = [(p[0], q[0], x0, x1), (p[1], q[1], y0, y1)];
    for (start, end, lo, hi) in axes {
        let (s, delta, lo, hi) = (start as i128, (end - start) as i128, lo as i128, hi as i128);
        if delta == 0 {
            if s < lo || s > hi {
                return Meet::Disjoint;
            }
            continue;
        }
        let (enter, exit) = if delta > 0 {
            ((lo - s, delta), (hi - s, delta))
        } else {
            ((s - hi, -delta), (s - lo, -delta))
        };
        if less(t0, enter) {
            t0 = enter;
        }
        if less(exit, t1) {
            t1 = exit;
        }
    }
    if less(t1, t0) {
        return Meet::Disjoint;
    }
    let stuck = axes.iter().any(|&(s, e, _, hi)| s == e && s == hi);
    if less(t0, t1) {
        return Meet::Closed(!stuck);
    }
    // One point: p + (n/d)·(q − p), compared exactly with the sides.
    let (n, d) = t0;
    let at = |s: i64, e: i64| (s as i128 * d + n * (e - s) as i128, d);
    let (x, y) = (at(p[0], q[0]), at(p[1], q[1]));
    let on = |v: Ratio, side: i64| v.0 == side as i128 * v.1;
    let below = |v: Ratio, side: i64| v.0 < side as i128 * v.1;
    if (on(x, x0) || on(x, x1)) && (on(y, y0) || on(y, y1)) {
        let corner = [
            if on(x, x0) { x0 } else { x1 },
            if on(y, y0) { y0 } else { y1 },
        ];
        return Meet::Corner(corner);
    }
    Meet::Closed(below(x, x1) && below(y, y1))
}

/// The reference's answer for the half-open box, with the corner rule of decisions D8
/// checked: a segment that touches the closed box at one corner only meets the half-open
/// box exactly when that corner is the bottom-left one.
fn expected(p: [i64; 2], q: [i64; 2], xs: (i64, i64), ys: (i64, i64)) -> (bool, bool) {
    match reference(p, q, xs, ys) {
        Meet::Disjoint => (false, false),
        Meet::Closed(meets) => (meets, false),
        Meet::Corner(c) => (c == [xs.0, ys.0], true),
    }
}

/// Compares the pixel test with the reference in doubled coordinates; returns whether the
/// segment touches the pixel at a single corner only.
fn check_pixel(a: GridPoint, b: GridPoint, c: GridPoint) -> bool {
    let (p, q) = ([2 * a.x, 2 * a.y], [2 * b.x, 2 * b.y]);
    let (want, corner) = expected(p, q, (2 * c.x - 1, 2 * c.x + 1), (2 * c.y - 1, 2 * c.y + 1));
    assert_eq!(
        segment_meets_pixel(a, b, c),
        want,
        "segment {a}-{b}, pixel {c}"
    );
    assert_eq!(
        segment_meets_pixel(b, a, c),
        want,
        "segment {b}-{a}, pixel {c}"
    );
    corner
}

/// Checks every pixel in the segment's bounding box grown by 2; returns (pixels, corners).
fn check_neighbourhood(a: GridPoint, b: GridPoint) -> (u64, u64) {
    let (mut pixels, mut corners) = (0, 0);
    for x in a.x.min(b.x) - 2..=a.x.max(b.x) + 2 {
        for y in a.y.min(b.y) - 2..=a.y.max(b.y) + 2 {
            corners += check_pixel(a, b, GridPoint::new(x, y)) as u64;
            pixels += 1;
        }
    }
    (pixels, corners)
}

/// Every segment between points of `[-3, 3]²` against every pixel of `[-5, 5]²`.
#[test]
fn exhaustive_small_segments() {
    let pts: Vec<GridPoint> = (-3..=3)
        .flat_map(|x| (-3..=3).map(move |y| GridPoint::new(x, y)))
        .collect();
    let (mut cases, mut corners) = (0u64, 0u64);
    for &a in &pts {
        for &b in &pts {
            for x in -5..=5 {
                for y in -5..=5 {
                    corners += check_pixel(a, b, GridPoint::new(x, y)) as u64;
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 49 * 49 * 121);
    assert!(corners > 1_000, "{corners}");
}

/// Random segments of several lengths at several distances from the origin, each against
/// every pixel of its bounding box grown by 2.
#[test]
fn random_segments_near_every_pixel() {
    let mut rng = SplitMix64::new(40);
    let (mut segments, mut pixels, mut corners) = (0u64, 0u64, 0u64);
    // The last two bases sit at the documented limit of `segment_meets_pixel`, `±2^59`.
    let bases = [
        0,
        1 << 20,
        // Doubled, on both sides of `±2^30`, where the test leaves its `i64` path.
        (1 << 29) - 10,
        -(1 << 29) + 10,
        INPUT_LIMIT - 64,
        CONSTRUCTION_LIMIT - 64,
        -CONSTRUCTION_LIMIT + 64,
        (1 << 59) - 64,
        -(1 << 59) + 64,
    ];
    for base in bases {
        for len in [0, 1, 3, 12, 40] {
            for _ in 0..300 {
                let a = GridPoint::new(base + rng.coord(20), base + rng.coord(20));
                let b = GridPoint::new(a.x + rng.coord(len), a.y + rng.coord(len));
                let (n, c) = check_neighbourhood(a, b);
                pixels += n;
                corners += c;
                segments += 1;
            }
        }
    }
    assert_eq!(segments, 13_500);
    assert!(
        pixels > 1_000_000 && corners > 100,
        "{pixels} pixels, {corners} corners"
    );
}

/// Segments whose midpoint is a pixel corner (odd differences), so every one passes through
/// a corner; each touches one of the four pixels there at that corner only.
#[test]
fn segments_through_pixel_corners() {
    let mut rng = SplitMix64::new(41);
    let mut corners = 0u64;
    for base in [0, INPUT_LIMIT - 64, -CONSTRUCTION_LIMIT + 64] {
        for _ in 0..1_000 {
            let a = GridPoint::new(base + rng.coord(8), base + rng.coord(8));
            let odd = |rng: &mut SplitMix64| 2 * rng.range(-6, 5) + 1;
            let b = GridPoint::new(a.x + odd(&mut rng), a.y + odd(&mut rng));
            corners += check_neighbourhood(a, b).1;
        }
    }
    assert!(corners >= 3_000, "{corners}");
    // The anti-diagonal through (1/2, 1/2) meets pixel (1, 1) at its bottom-left corner;
    // the diagonal touches pixels (1, 0) and (0, 1) at top-left and bottom-right corners.
    let g = GridPoint::new;
    assert!(segment_meets_pixel(g(0, 1), g(1, 0), g(1, 1)));
    assert!(!segment_meets_pixel(g(0, 1), g(1, 0), g(0, 0)));
    assert!(!segment_meets_pixel(g(0, 0), g(1, 1), g(1, 0)));
    assert!(!segment_meets_pixel(g(0, 0), g(1, 1), g(0, 1)));
    assert!(segment_meets_pixel(g(0, 0), g(1, 1), g(1, 1)));
}

/// A zero-length segment is a point; every point of the plane, including the pixel corners
/// and side midpoints (odd doubled coordinates), lies in exactly one pixel: the one of
/// `floor(x + 1/2), floor(y + 1/2)`.
#[test]
fn every_point_in_exactly_one_pixel() {
    let mut cases = 0;
    for x in -9..=9i64 {
        for y in -9..=9i64 {
            let mut hits = Vec::new();
            for cx in -6..=6i64 {
                for cy in -6..=6i64 {
                    let (xs, ys) = ((2 * cx - 1, 2 * cx + 1), (2 * cy - 1, 2 * cy + 1));
                    let got = segment_meets_half_open_box([x, y], [x, y], xs, ys);
                    assert_eq!(
                        got,
                        expected([x, y], [x, y], xs, ys).0,
                        "({x}, {y}) / 2 in {cx}, {cy}"
                    );
                    if got {
                        hits.push((cx, cy));
                    }
                    cases += 1;
                }
            }
            assert_eq!(
                hits,
                vec![((x + 1).div_euclid(2), (y + 1).div_euclid(2))],
                "({x}, {y}) / 2"
            );
        }
    }
    assert_eq!(cases, 19 * 19 * 169);
    let g = GridPoint::new;
    assert!(segment_meets_pixel(g(4, -7), g(4, -7), g(4, -7)));
    assert!(!segment_meets_pixel(g(4, -7), g(4, -7), g(4, -6)));
}

/// Segments along the sides of the doubled pixel `[-1, 1)²`: the closed left and bottom
/// sides meet, the open right and top sides do not; ends at corners follow the D8 rule.
#[test]
fn segments_along_pixel_sides() {
    let (xs, ys) = ((-1, 1), (-1, 1));
    let cases: [([i64; 2], [i64; 2], bool); 12] = [
        ([-1, -5], [-1, 5], true),  // Left side, through the whole pixel.
        ([-1, -3], [-1, -1], true), // Left side line, ending at the bottom-left corner.
        ([-1, 1], [-1, 3], false),  // Left side line, starting at the top-left corner.
        ([1, -5], [1, 5], false),   // Right side.
        ([-5, -1], [5, -1], true),  // Bottom side.
        ([1, -1], [3, -1], false),  // Bottom side line, from the bottom-right corner.
        ([-3, -1], [-1, -1], true), // Bottom side line, to the bottom-left corner.
        ([-5, 1], [5, 1], false),   // Top side.
        ([-1, 1], [1, 1], false),   // Exactly the top side.
        ([-1, -1], [1, -1], true),  // Exactly the bottom side.
        ([1, 1], [1, 1], false),    // The top-right corner alone.
        ([-1, -1], [-1, -1], true), // The bottom-left corner alone.
    ];
    for (p, q, want) in cases {
        assert_eq!(
            segment_meets_half_open_box(p, q, xs, ys),
            want,
            "{p:?}-{q:?}"
        );
        assert_eq!(expected(p, q, xs, ys).0, want, "reference for {p:?}-{q:?}");
    }
}

/// Random segments against random boxes with small integer coordinates, where segments
/// run along sides and through corners all the time.
#[test]
fn random_half_open_boxes() {
    let mut rng = SplitMix64::new(42);
    let mut cases = 0;
    for _ in 0..200_000 {
        let p = [rng.range(-4, 4), rng.range(-4, 4)];
        let q = if rng.one_in(8) {
            p
        } else {
            [rng.range(-4, 4), rng.range(-4, 4)]
        };
        let x0 = rng.range(-3, 2);
        let y0 = rng.range(-3, 2);
        let xs = (x0, x0 + rng.range(1, 3));
        let ys = (y0, y0 + rng.range(1, 3));
        let want = expected(p, q, xs, ys).0;
        assert_eq!(
            segment_meets_half_open_box(p, q, xs, ys),
            want,
            "{p:?}-{q:?} in {xs:?} x {ys:?}"
        );
        assert_eq!(segment_meets_half_open_box(q, p, xs, ys), want);
        // Scaling by 2^57 and moving by ±2^60 keeps the answer and reaches the documented
        // limit of `±2^61`; the reference confirms the scaled case independently.
        let (k, t) = (
            1i64 << 57,
            if rng.one_in(2) {
                1i64 << 60
            } else {
                -(1i64 << 60)
            },
        );
        let map = |v: i64| v * k + t;
        let (ps, qs) = ([map(p[0]), map(p[1])], [map(q[0]), map(q[1])]);
        let (xs2, ys2) = ((map(xs.0), map(xs.1)), (map(ys.0), map(ys.1)));
        assert_eq!(expected(ps, qs, xs2, ys2).0, want, "scaled reference");
        assert_eq!(
            segment_meets_half_open_box(ps, qs, xs2, ys2),
            want,
            "scaled {p:?}-{q:?}"
        );
        // Scaling by 2^27 and moving by ±(2^30 − 2^28) puts the coordinates on both sides
        // of `±2^30`, where the test leaves its `i64` path for `i128` (the products of its
        // `i64` path come within a factor of two of overflowing, which debug builds check).
        let t = if rng.one_in(2) { 1 } else { -1 } * ((1i64 << 30) - (1 << 28));
        let map = |v: i64| v * (1 << 27) + t;
        let (ps, qs) = ([map(p[0]), map(p[1])], [map(q[0]), map(q[1])]);
        let (xs2, ys2) = ((map(xs.0), map(xs.1)), (map(ys.0), map(ys.1)));
        assert_eq!(
            segment_meets_half_open_box(ps, qs, xs2, ys2),
            want,
            "scaled to the i64 bound: {p:?}-{q:?}"
        );
        assert_eq!(segment_meets_half_open_box(qs, ps, xs2, ys2), want);
        cases += 1;
    }
    assert_eq!(cases, 200_000);
}
