//! Test support: a seeded generator, random rings and an exact brute-force winding number.

#![allow(dead_code, unreachable_pub)]

use onepath_arrangement::{Arrangement, Operand, TaggedEdge};
use onepath_predicates::{GridPoint, cross};
pub use onepath_testkit::Rng;
use onepath_winding::InsideRule;

/// Every inside rule of decisions D1.
pub const RULES: [InsideRule; 6] = [
    InsideRule::EvenOdd,
    InsideRule::Positive,
    InsideRule::Union,
    InsideRule::Intersection,
    InsideRule::Difference,
    InsideRule::Xor,
];

/// `a <= b + ε·s` for an infinitesimal `ε > 0`.
fn le_eps(a: i64, b: i64, s: i64) -> bool {
    a < b || (a == b && s >= 0)
}

/// `a + ε·s < b` for an infinitesimal `ε > 0`.
fn lt_eps(a: i64, s: i64, b: i64) -> bool {
    a < b || (a == b && s < 0)
}

/// The per-operand winding number of the segments of `arrangement` (each counted `delta`
/// times in its direction `a → b`) around the point `m2 / 2 + ε·n`, by Sunday's crossing
/// rule along a ray towards +x, with the infinitesimal offset resolved symbolically. `m2` is
/// in doubled coordinates and must not lie on any segment; `n` must not be parallel to a
/// segment through `m2 / 2`'s line (true for the normal of the segment whose midpoint it is).
pub fn brute_winding(arrangement: &Arrangement, m2: GridPoint, n: GridPoint) -> [i32; 2] {
    let mut w = [0i32; 2];
    for s in &arrangement.segments {
        let c = arrangement.vertices[s.a as usize];
        let d = arrangement.vertices[s.b as usize];
        let (c2, d2) = (
            GridPoint::new(2 * c.x, 2 * c.y),
            GridPoint::new(2 * d.x, 2 * d.y),
        );
        // The orientation of q = m2 + ε·n against c2 → d2.
        let exact = cross(d2 - c2, m2 - c2);
        let side = if exact != 0 {
            exact.signum()
        } else {
            cross(d2 - c2, n).signum()
        };
        let upward = le_eps(c2.y, m2.y, n.y) && lt_eps(m2.y, n.y, d2.y);
        let downward = le_eps(d2.y, m2.y, n.y) && lt_eps(m2.y, n.y, c2.y);
        let k = if upward && side > 0 {
            1
        } else if downward && side < 0 {
            -1
        } else {
            0
        };
        w[0] += k * s.delta[0];
        w[1] += k * s.delta[1];
    }
    w
}

/// The directed edges of `rings`, the even-numbered rings counting for the first operand
/// and the odd-numbered ones for the second.
pub fn edges_of(rings: &[Vec<GridPoint>]) -> Vec<TaggedEdge> {
    let operand = |k: usize| [Operand::First, Operand::Second][k % 2];
    let each = rings.iter().enumerate();
    each.flat_map(|(k, r)| TaggedEdge::of_rings([r], operand(k)))
        .collect()
}

/// The edges of closed rings as an arrangement without any noding: one segment per edge,
/// delta ±1 by its direction. Panics on a repeated undirected edge.
pub fn arrangement_of_rings(rings: &[Vec<GridPoint>]) -> Arrangement {
    use onepath_arrangement::Segment;
    let mut vertices: Vec<GridPoint> = rings.iter().flatten().copied().collect();
    vertices.sort_unstable();
    vertices.dedup();
    let index = |p: GridPoint| vertices.partition_point(|&q| q < p) as u32;
    let mut segments: Vec<Segment> = rings
        .iter()
        .flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])))
        .map(|(p, q)| {
            let (a, b) = (index(p), index(q));
            if a < b {
                Segment {
                    a,
                    b,
                    delta: [1, 0],
                }
            } else {
                Segment {
                    a: b,
                    b: a,
                    delta: [-1, 0],
                }
            }
        })
        .collect();
    segments.sort_unstable_by_key(|s| (s.a, s.b));
    assert!(
        segments
            .windows(2)
            .all(|w| (w[0].a, w[0].b) != (w[1].a, w[1].b)),
        "overlapping ring edges"
    );
    Arrangement { vertices, segments }
}

/// Random closed polygons (possibly self-intersecting) for random operands, `rings` of
/// them with 3 to 12 vertices in `[0, span]²`.
pub fn random_rings(rng: &mut Rng, rings: i64, span: i64) -> Vec<TaggedEdge> {
    let mut edges = Vec::new();
    for _ in 0..rings {
        let operand = [Operand::First, Operand::Second, Operand::Both][rng.below(3)];
        let n = rng.range(3, 12) as usize;
        let ring: Vec<GridPoint> = (0..n)
            .map(|_| GridPoint::new(rng.range(0, span), rng.range(0, span)))
            .collect();
        for i in 0..n {
            edges.push(TaggedEdge::new(ring[i], ring[(i + 1) % n], operand));
        }
    }
    edges
}
