//! The growth inputs of issue #24 at sizes that run in seconds: stacked slivers and a
//! crossing bundle give valid arrangements, identical across searches and to brute force
//! where that is affordable, and the box sweep keeps the candidates linear on the stack.
//! (Timings and exponents are the `growth` bench's, docs/testing.md "Growth cases".)

mod common;

use common::{SEARCHES, run};
use onepath_arrangement::{CandidateSearch, Operand, TaggedEdge};
use onepath_predicates::GridPoint;
use onepath_testkit::growth::{crossing_bundle, sliver_stack};

/// The edges of counter-clockwise rectangles, operand 0.
fn rect_edges(rects: &[[[i64; 2]; 4]]) -> Vec<TaggedEdge> {
    let p = |c: [i64; 2]| GridPoint::new(c[0], c[1]);
    rects
        .iter()
        .flat_map(|r| {
            (0..4).map(move |i| TaggedEdge::new(p(r[i]), p(r[(i + 1) % 4]), Operand::First))
        })
        .collect()
}

#[test]
fn stacked_slivers_take_the_box_sweep_with_linear_candidates() {
    // 1,000 slivers one grid unit high, 1 and 2 units apart, 100 user units long: the
    // grid's square cells cannot spread them and the sweep in x would test all 2 x 10^6
    // pairs of long edges. Axis-parallel, they take the orthogonal path (no candidate at
    // all); sheared by one unit over their length (still disjoint, no longer axis-parallel), Auto
    // takes the box sweep.
    for gap in [1, 2] {
        let straight = rect_edges(&sliver_stack(1000, 100 << 16, 1, gap));
        let (arrangement, stats) = run(&straight, CandidateSearch::Auto);
        assert_eq!(
            stats.candidate_pairs + stats.candidate_pixels,
            0,
            "{stats:?}"
        );
        assert_eq!(run(&straight, CandidateSearch::ForceBoxes).0, arrangement);
        arrangement.check_balanced().expect("balanced");
        let shear = |e: &TaggedEdge| {
            let s = |c: GridPoint| GridPoint::new(c.x, c.y + c.x / (100 << 16));
            TaggedEdge::new(s(e.from), s(e.to), e.operand)
        };
        let edges: Vec<TaggedEdge> = straight.iter().map(shear).collect();
        let (arrangement, stats) = run(&edges, CandidateSearch::Auto);
        arrangement.check_invariants().expect("valid");
        arrangement.check_balanced().expect("balanced");
        assert_eq!(arrangement.segments.len(), edges.len(), "gap {gap}");
        assert!(stats.fallback_taken, "gap {gap}: {stats:?}");
        let items = (stats.unique_edges + stats.hot_pixels) as u64;
        assert!(
            stats.candidate_pairs + stats.candidate_pixels <= 16 * items,
            "gap {gap}: {stats:?}"
        );
        for search in SEARCHES {
            if search != CandidateSearch::BruteForce {
                assert_eq!(run(&edges, search).0, arrangement, "gap {gap}, {search:?}");
            }
        }
    }
}

#[test]
fn a_crossing_bundle_matches_brute_force() {
    // 300 long edges through one unit of the origin: 44,850 crossing pairs (all of them
    // proper) rounding to far fewer hot pixels, collected without keeping every pair's.
    let edges: Vec<TaggedEdge> = crossing_bundle(300, 1 << 20, 1, 7)
        .iter()
        .map(|s| {
            TaggedEdge::new(
                GridPoint::new(s[0][0], s[0][1]),
                GridPoint::new(s[1][0], s[1][1]),
                Operand::First,
            )
        })
        .collect();
    let (arrangement, stats) = run(&edges, CandidateSearch::Auto);
    arrangement.check_invariants().expect("valid");
    assert!(stats.initial_crossings > 40_000, "{stats:?}");
    assert!(stats.hot_pixels < stats.initial_crossings / 4, "{stats:?}");
    // Every long edge's ranges hold the whole cloud of crossing pixels; the pixel grids
    // hand each one the pixels near it (brute force: every pixel for every fragment).
    let every = run(&edges, CandidateSearch::BruteForce).1.candidate_pixels;
    for search in SEARCHES {
        let (other, stats) = run(&edges, search);
        assert_eq!(other, arrangement, "{search:?}");
        if search != CandidateSearch::BruteForce {
            assert!(3 * stats.candidate_pixels < every, "{search:?}: {stats:?}");
        }
    }
}
