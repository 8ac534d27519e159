//! The chunked sweep status against the specification's plain list (issue #24): the same
//! labels on random arrangements at every chunk size, and on the stacked slivers whose
//! status holds thousands of segments at once.

mod support;

use onepath_arrangement::{Arrangement, Operand, TaggedEdge, arrange};
use onepath_predicates::GridPoint;
use onepath_testkit::growth::sliver_stack;
use onepath_winding::{label, label_with_chunk_size, label_with_plain_list};
use support::{Rng, brute_winding, random_rings};

/// The edges of the counter-clockwise rings of a sliver stack.
fn stack_edges(rects: &[[[i64; 2]; 4]]) -> Vec<TaggedEdge> {
    let p = |c: [i64; 2]| GridPoint::new(c[0], c[1]);
    rects
        .iter()
        .flat_map(|r| {
            (0..4).map(move |i| TaggedEdge::new(p(r[i]), p(r[(i + 1) % 4]), Operand::First))
        })
        .collect()
}

/// Checks that every status gives the plain list's labels on `arrangement`.
fn check_all_statuses(arrangement: &Arrangement, what: &str) {
    let reference = label_with_plain_list(arrangement);
    assert_eq!(label(arrangement), reference, "{what}: default chunks");
    for chunk_max in [2, 3, 4, 7, 16] {
        assert_eq!(
            label_with_chunk_size(arrangement, chunk_max),
            reference,
            "{what}: chunks of {chunk_max}"
        );
    }
}

#[test]
fn chunked_status_labels_like_the_plain_list_on_random_arrangements() {
    let mut rng = Rng(0x5747);
    let mut segments = 0;
    for case in 0..600 {
        let span = [6, 40, 1000, 1 << 20][case % 4];
        let rings = [1, 3, 8, 20][(case / 4) % 4];
        let arrangement = arrange(&random_rings(&mut rng, rings, span)).expect("arrangement");
        check_all_statuses(&arrangement, &format!("case {case}"));
        segments += arrangement.segments.len();
    }
    assert!(segments > 50_000, "only {segments} segments labelled");
}

#[test]
fn chunked_status_labels_a_sliver_stack_like_the_plain_list_and_brute_force() {
    // 1,500 slivers cut by the sweep line at once: 3,000 status entries, six chunks of the
    // default size, with gaps of 1 and 2 units and one that touches (gap 0 merges them).
    for (thickness, gap) in [(1, 1), (1, 2), (3, 0), (65_536, 65_536)] {
        let what = format!("slivers {thickness} high, {gap} apart");
        let rects = sliver_stack(1500, 1 << 20, thickness, gap);
        let arrangement = arrange(&stack_edges(&rects)).expect("arrangement");
        check_all_statuses(&arrangement, &what);
        // The windings are 1 inside a sliver and 0 outside: spot-check against the exact
        // brute-force winding number on every 37th segment.
        let windings = label(&arrangement);
        for (s, w) in arrangement.segments.iter().zip(&windings).step_by(37) {
            let (a, b) = (
                arrangement.vertices[s.a as usize],
                arrangement.vertices[s.b as usize],
            );
            let d = b - a;
            let (left, right) = (GridPoint::new(-d.y, d.x), GridPoint::new(d.y, -d.x));
            assert_eq!(w.above, brute_winding(&arrangement, a + b, left), "{what}");
            assert_eq!(w.below, brute_winding(&arrangement, a + b, right), "{what}");
        }
    }
}
