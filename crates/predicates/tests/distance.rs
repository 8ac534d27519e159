//! `segment_distance2` and the order of `SquaredDistance` against a reference written
//! independently of the crate's formulas (Lagrange's identity in 256 bits), and across the
//! magnitudes of every coordinate range by exact scaling.

mod support;

use onepath_predicates::{
    CONSTRUCTION_LIMIT, GridPoint, SegmentPoint, SquaredDistance, segment_distance2,
};
use std::cmp::Ordering;
use support::{Draw, I256, MAGNITUDES, SplitMix64, cmp_wide, w};

/// The squared distance from `p` to the closed segment `a–b` as `(num, den)` in 256 bits:
/// the nearer endpoint when the projection falls outside, else `|ap|²·|d|² − (ap·d)²` over
/// `|d|²` (Lagrange's identity instead of the crate's squared cross product).
fn reference(p: GridPoint, a: GridPoint, b: GridPoint) -> (I256, I256, SegmentPoint) {
    let (dx, dy) = (w(b.x - a.x), w(b.y - a.y));
    let (ax, ay) = (w(p.x - a.x), w(p.y - a.y));
    let along = ax * dx + ay * dy;
    let length2 = dx * dx + dy * dy;
    let one = I256::from_i128(1);
    if along.signum() <= 0 || length2.signum() == 0 {
        return (ax * ax + ay * ay, one, SegmentPoint::Start);
    }
    if cmp_wide(along, length2) >= 0 {
        let (bx, by) = (w(p.x - b.x), w(p.y - b.y));
        return (bx * bx + by * by, one, SegmentPoint::End);
    }
    let num = (ax * ax + ay * ay) * length2 - along * along;
    let t = SegmentPoint::Interior {
        num: along.to_i128().expect("fits"),
        den: length2.to_i128().expect("fits"),
    };
    (num, length2, t)
}

fn order(sign: i32) -> Ordering {
    sign.cmp(&0)
}

/// A point, a segment, sometimes degenerate, sometimes with the point on the segment's line
/// or on the segment itself.
fn draw_case(rng: &mut SplitMix64, m: i64) -> (GridPoint, GridPoint, GridPoint) {
    let a = rng.point(m);
    let b = if rng.one_in(16) { a } else { rng.point(m) };
    let p = match rng.next_u64() % 8 {
        0 => a,
        1 => b,
        2 => {
            // A lattice point of the segment's line: a + k·(b − a) / g for small k.
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()).max(1) as i64;
            let k = rng.range(-2, g.min(1 << 20) + 2);
            let (sx, sy) = (dx / g, dy / g);
            let px = (a.x as i128 + k as i128 * sx as i128).clamp(-m as i128, m as i128);
            let py = (a.y as i128 + k as i128 * sy as i128).clamp(-m as i128, m as i128);
            GridPoint::new(px as i64, py as i64)
        }
        _ => rng.point(m),
    };
    (p, a, b)
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[test]
fn distances_and_their_order_match_the_reference_up_to_the_construction_limit() {
    let mut rng = SplitMix64::new(0xD15);
    let mut compared = 0;
    for &m in MAGNITUDES.iter().filter(|&&m| m <= CONSTRUCTION_LIMIT) {
        for _ in 0..5_000 {
            let (p, a, b) = draw_case(&mut rng, m);
            let (q, c, d) = draw_case(&mut rng, m);
            let (d1, t1) = segment_distance2(p, a, b);
            let (d2, t2) = segment_distance2(q, c, d);
            let (n1, e1, r1) = reference(p, a, b);
            let (n2, e2, r2) = reference(q, c, d);
            assert_eq!(t1, r1, "{p} to {a}-{b}");
            assert_eq!(t2, r2, "{q} to {c}-{d}");
            assert_eq!(d1.is_zero(), n1.signum() == 0, "{p} to {a}-{b}");
            // Products below 2^243 fit the reference's signed 256 bits.
            let expected = order(cmp_wide(n1 * e2, n2 * e1));
            assert_eq!(
                d1.cmp(&d2),
                expected,
                "{p} to {a}-{b} against {q} to {c}-{d}"
            );
            assert_eq!(d2.cmp(&d1), expected.reverse());
            assert_eq!(d1.cmp(&d1), Ordering::Equal);
            compared += 1;
        }
    }
    assert_eq!(compared, 20_000);
}

#[test]
fn distance_is_symmetric_in_the_segment_and_scales_exactly() {
    let mut rng = SplitMix64::new(0x5CA1E);
    for &m in &MAGNITUDES {
        for _ in 0..2_000 {
            let (p, a, b) = draw_case(&mut rng, m);
            let (q, c, d) = draw_case(&mut rng, m);
            assert_eq!(segment_distance2(p, a, b).0, segment_distance2(p, b, a).0);
            // Scaling every point by 2^k multiplies every squared distance by 4^k: the order
            // of two distances is the same at every scale up to 2^61.
            let base = segment_distance2(p, a, b)
                .0
                .cmp(&segment_distance2(q, c, d).0);
            let shift = 61 - (63 - m.leading_zeros()) as i64;
            let scale = |v: GridPoint| GridPoint::new(v.x << shift, v.y << shift);
            let scaled = segment_distance2(scale(p), scale(a), scale(b))
                .0
                .cmp(&segment_distance2(scale(q), scale(c), scale(d)).0);
            assert_eq!(
                base, scaled,
                "{p} {a} {b} / {q} {c} {d} scaled by 2^{shift}"
            );
        }
    }
}

#[test]
fn known_distances() {
    let g = GridPoint::new;
    let (d, t) = segment_distance2(g(1, 5), g(0, 0), g(4, 0));
    assert_eq!(d, SquaredDistance::from_integer(25));
    assert_eq!(t, SegmentPoint::Interior { num: 4, den: 16 });
    // Beyond the end: the distance to the endpoint.
    let (d, t) = segment_distance2(g(7, 4), g(0, 0), g(4, 0));
    assert_eq!(
        (d, t),
        (SquaredDistance::from_integer(25), SegmentPoint::End)
    );
    // A diagonal: (0, 2) to the line y = x is sqrt(2), squared 2, represented as 8^2 / 32.
    let (d, _) = segment_distance2(g(0, 2), g(-2, -2), g(2, 2));
    assert_eq!(d, SquaredDistance::from_integer(2));
    assert_eq!((d.numerator(), d.denominator()), ([64, 0, 0, 0], 32));
    assert!(SquaredDistance::from_integer(2) < SquaredDistance::from_integer(3));
    // On the segment and on a zero-length segment.
    assert!(segment_distance2(g(2, 2), g(0, 0), g(4, 4)).0.is_zero());
    assert_eq!(
        segment_distance2(g(3, 4), g(0, 0), g(0, 0)),
        (SquaredDistance::from_integer(25), SegmentPoint::Start)
    );
    // The extremes of the documented range: coordinates of ±2^61.
    let big = 1i64 << 61;
    let (far, _) = segment_distance2(g(-big, -big), g(big, -big), g(big, big));
    let (near, _) = segment_distance2(g(-big + 1, -big), g(big, -big), g(big, big));
    assert!(near < far);
    assert_eq!(far, SquaredDistance::from_integer(1u128 << 124));
}
