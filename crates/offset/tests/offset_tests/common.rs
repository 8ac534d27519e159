//! Shared test helpers: a hex-float parser, a seeded SplitMix64 generator, ring builders
//! and checks on edge lists and polygons.

use onepath_offset::GridPoint;
pub(crate) use onepath_testkit::Rng;
use std::collections::BTreeMap;

/// Parses a C99 hex float such as `-0x1.87de2a6aea960p-2` exactly (normal numbers only).
pub(crate) fn hex_f64(text: &str) -> f64 {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let rest = rest.strip_prefix("0x").expect("a hex float starts with 0x");
    let (digits, exponent) = rest.split_once('p').expect("a hex float has an exponent");
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mantissa = u64::from_str_radix(&format!("{whole}{fraction}"), 16).expect("hex digits");
    assert!(mantissa < 1 << 53, "mantissa {text} too long to be exact");
    let exponent: i32 = exponent.parse::<i32>().expect("exponent") - 4 * fraction.len() as i32;
    // A power of two built from its bits; the product with a 53-bit integer is exact.
    assert!(
        (-1022..=1023).contains(&exponent),
        "exponent of {text} out of range"
    );
    let scale = f64::from_bits(((exponent + 1023) as u64) << 52);
    let magnitude = mantissa as f64 * scale;
    if negative { -magnitude } else { magnitude }
}

/// A ring from `(x, y)` pairs.
pub(crate) fn ring(points: &[(i64, i64)]) -> Vec<GridPoint> {
    points.iter().map(|&p| GridPoint::from(p)).collect()
}

/// A directed edge written as `((x, y), (x, y))`.
pub(crate) type EdgePair = ((i64, i64), (i64, i64));

/// Directed edges from `((x, y), (x, y))` pairs.
pub(crate) fn edges(pairs: &[EdgePair]) -> Vec<[GridPoint; 2]> {
    pairs
        .iter()
        .map(|&(a, b)| [GridPoint::from(a), GridPoint::from(b)])
        .collect()
}

/// The directed edges of the rings themselves (the region's own edges).
pub(crate) fn ring_edges(rings: &[Vec<GridPoint>]) -> Vec<[GridPoint; 2]> {
    rings
        .iter()
        .flat_map(|ring| (0..ring.len()).map(move |i| [ring[i], ring[(i + 1) % ring.len()]]))
        .collect()
}

/// Asserts that every point has as many edges leaving as arriving: the edge list is a sum
/// of closed cycles.
pub(crate) fn assert_balanced(edges: &[[GridPoint; 2]]) {
    let mut balance: BTreeMap<GridPoint, i64> = BTreeMap::new();
    for [a, b] in edges {
        *balance.entry(*a).or_default() += 1;
        *balance.entry(*b).or_default() -= 1;
    }
    let unbalanced: Vec<_> = balance.into_iter().filter(|&(_, n)| n != 0).collect();
    assert!(unbalanced.is_empty(), "unbalanced points: {unbalanced:?}");
}

/// Twice the signed area of a polygon, exactly.
pub(crate) fn twice_area(polygon: &[GridPoint]) -> i128 {
    (0..polygon.len())
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            a.x as i128 * b.y as i128 - b.x as i128 * a.y as i128
        })
        .sum()
}

/// A random ring of `n` vertices around `centre`: angles increasing, radii in
/// `min_radius..=max_radius`, so many corners turn right (reflex) and the ring is usually
/// star-shaped.
pub(crate) fn random_star(
    rng: &mut Rng,
    centre: (i64, i64),
    n: usize,
    min_radius: f64,
    max_radius: f64,
) -> Vec<GridPoint> {
    let mut angles: Vec<f64> = (0..n).map(|_| rng.unit() * std::f64::consts::TAU).collect();
    angles.sort_by(f64::total_cmp);
    let mut points: Vec<GridPoint> = Vec::with_capacity(n);
    for angle in angles {
        let radius = min_radius + rng.unit() * (max_radius - min_radius);
        let p = GridPoint::new(
            centre.0 + (radius * angle.cos()).round() as i64,
            centre.1 + (radius * angle.sin()).round() as i64,
        );
        if points.last() != Some(&p) && points.first() != Some(&p) {
            points.push(p);
        }
    }
    points
}

#[test]
fn hex_parser_reads_known_values() {
    assert_eq!(hex_f64("0x1.8p+1"), 3.0);
    assert_eq!(hex_f64("-0x1.0000000000000p-2"), -0.25);
    assert_eq!(hex_f64("0x1.51eb851eb851fp-4"), 0.0825);
    assert_eq!(hex_f64("0x1.921fb54442d18p+1"), std::f64::consts::PI);
}
