//! The sweep's windings against an exact brute-force winding number, on random arrangements.

mod support;

use onepath_arrangement::{Operand, TaggedEdge, arrange};
use onepath_predicates::GridPoint;
use onepath_winding::{boundary_edges, label, trace_boundary, trace_rings};
use support::{RULES, Rng, brute_winding};

/// Random closed polygons (possibly self-intersecting), some for each operand.
fn random_rings(rng: &mut Rng, span: i64) -> Vec<TaggedEdge> {
    let mut edges = Vec::new();
    for _ in 0..rng.range(1, 4) {
        let operand = match rng.range(0, 2) {
            0 => Operand::First,
            1 => Operand::Second,
            _ => Operand::Both,
        };
        let n = rng.range(3, 9) as usize;
        let ring: Vec<GridPoint> = (0..n)
            .map(|_| GridPoint::new(rng.range(0, span), rng.range(0, span)))
            .collect();
        for i in 0..n {
            edges.push(TaggedEdge::new(ring[i], ring[(i + 1) % n], operand));
        }
    }
    edges
}

#[test]
fn sweep_windings_equal_brute_force() {
    let mut rng = Rng(7);
    let mut segments_checked = 0;
    for case in 0..1500 {
        let span = [4, 12, 60, 1000][case % 4];
        let edges = random_rings(&mut rng, span);
        let arrangement = arrange(&edges).expect("arrangement");
        let windings = label(&arrangement);
        for (s, w) in arrangement.segments.iter().zip(&windings) {
            let (a, b) = (
                arrangement.vertices[s.a as usize],
                arrangement.vertices[s.b as usize],
            );
            let m2 = a + b;
            let d = b - a;
            let left = GridPoint::new(-d.y, d.x);
            let right = GridPoint::new(d.y, -d.x);
            assert_eq!(
                w.above,
                brute_winding(&arrangement, m2, left),
                "case {case}: left of {a}-{b}"
            );
            assert_eq!(
                w.below,
                brute_winding(&arrangement, m2, right),
                "case {case}: right of {a}-{b}"
            );
            segments_checked += 1;
        }
    }
    assert!(
        segments_checked > 10_000,
        "only {segments_checked} segments checked"
    );
}

/// Every inside rule yields edges that chain into rings whose own windings are 1 inside.
#[test]
fn boundaries_of_every_rule_trace_into_valid_rings() {
    let mut rng = Rng(11);
    for case in 0..600 {
        let edges = random_rings(&mut rng, [8, 40, 500][case % 3]);
        let arrangement = arrange(&edges).expect("arrangement");
        let windings = label(&arrangement);
        for rule in RULES {
            let boundary = boundary_edges(&arrangement, &windings, rule);
            let rings = trace_rings(&boundary).expect("trace");
            // Tracing on the arrangement's own vertex numbering gives the same rings.
            assert_eq!(
                trace_boundary(&arrangement, &windings, rule),
                Ok(rings.clone()),
                "case {case} {rule:?}: trace_boundary differs"
            );
            // The traced rings, as an arrangement of their own edges, are noded and have
            // winding 1 on their left and 0 on their right.
            let again = support::arrangement_of_rings(&rings);
            again
                .check_invariants()
                .unwrap_or_else(|e| panic!("case {case} {rule:?}: {e}"));
            for (s, w) in again.segments.iter().zip(label(&again)) {
                let (inner, outer) = if s.delta[0] > 0 {
                    (w.above, w.below)
                } else {
                    (w.below, w.above)
                };
                assert_eq!((inner[0], outer[0]), (1, 0), "case {case} {rule:?}");
            }
            // Canonical order: each ring starts at its smallest directed edge, rings sorted.
            for r in &rings {
                let n = r.len();
                let min = (0..n).map(|i| (r[i], r[(i + 1) % n])).min().unwrap();
                assert_eq!((r[0], r[1]), min, "case {case} {rule:?}");
            }
            assert!(
                rings
                    .windows(2)
                    .all(|w| (w[0][0], w[0][1]) < (w[1][0], w[1][1]))
            );
        }
    }
}
