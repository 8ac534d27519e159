//! Shared helpers of the arrangement tests: input generators on the shared seeded RNG, and the full
//! verification every test output goes through.
#![allow(dead_code, unreachable_pub)]

use onepath_arrangement::{
    ArrangeOptions, ArrangeStats, Arrangement, CandidateSearch, Operand, TaggedEdge,
    arrange_traced, arrange_with,
};
use onepath_predicates::{GridPoint, segment_meets_pixel};

pub use onepath_testkit::Rng;

/// Draws of the arrangement's input types.
pub trait DrawInput {
    /// A random point with both coordinates in `lo..=hi`.
    fn point(&mut self, lo: i64, hi: i64) -> GridPoint;
    /// A random operand.
    fn operand(&mut self) -> Operand;
}

impl DrawInput for Rng {
    fn point(&mut self, lo: i64, hi: i64) -> GridPoint {
        GridPoint::new(self.range(lo, hi), self.range(lo, hi))
    }

    fn operand(&mut self) -> Operand {
        [Operand::First, Operand::Second, Operand::Both][self.below(3)]
    }
}

/// Shorthand for a grid point.
pub fn p(x: i64, y: i64) -> GridPoint {
    GridPoint::new(x, y)
}

/// Shorthand for a tagged edge.
pub fn e(from: GridPoint, to: GridPoint, operand: Operand) -> TaggedEdge {
    TaggedEdge::new(from, to, operand)
}

/// `n` random edges with endpoints in `[-r, r]²` and random operands.
pub fn random_edges(rng: &mut Rng, n: usize, r: i64) -> Vec<TaggedEdge> {
    (0..n)
        .map(|_| {
            let op = rng.operand();
            e(rng.point(-r, r), rng.point(-r, r), op)
        })
        .collect()
}

/// `rings` closed random rings of 3 to `max_len` vertices in `[-r, r]²`, one operand each.
pub fn random_rings(rng: &mut Rng, rings: usize, max_len: usize, r: i64) -> Vec<TaggedEdge> {
    let mut edges = Vec::new();
    for _ in 0..rings {
        let op = rng.operand();
        let len = 3 + rng.below(max_len - 2);
        let pts: Vec<GridPoint> = (0..len).map(|_| rng.point(-r, r)).collect();
        for i in 0..len {
            edges.push(e(pts[i], pts[(i + 1) % len], op));
        }
    }
    edges
}

/// `rings` closed rings of 3 to `max_len` vertices, each within `size` of a random centre
/// in `[-r, r]²`: evenly spread geometry with local crossings.
pub fn local_rings(
    rng: &mut Rng,
    rings: usize,
    max_len: usize,
    size: i64,
    r: i64,
) -> Vec<TaggedEdge> {
    let mut edges = Vec::new();
    for _ in 0..rings {
        let op = rng.operand();
        let len = 3 + rng.below(max_len - 2);
        let centre = rng.point(-r, r);
        let pts: Vec<GridPoint> = (0..len).map(|_| centre + rng.point(-size, size)).collect();
        for i in 0..len {
            edges.push(e(pts[i], pts[(i + 1) % len], op));
        }
    }
    edges
}

/// The searches every output is compared across.
pub const SEARCHES: [CandidateSearch; 6] = CandidateSearch::ALL;

/// Runs `edges` with one search.
pub fn run(edges: &[TaggedEdge], search: CandidateSearch) -> (Arrangement, ArrangeStats) {
    let options = ArrangeOptions {
        search,
        ..ArrangeOptions::default()
    };
    arrange_with(edges, &options).expect("arrangement failed")
}

/// Checks the distortion bound and the provenance of the output: every input edge became a
/// polyline from its start to its end through centres of pixels the edge meets (exact
/// test), and the output is exactly the merge of those polylines' pieces.
pub fn check_traces(edges: &[TaggedEdge], arrangement: &Arrangement, traces: &[Vec<GridPoint>]) {
    assert_eq!(traces.len(), edges.len());
    let mut pieces: Vec<(GridPoint, GridPoint, [i32; 2])> = Vec::new();
    for (edge, polyline) in edges.iter().zip(traces) {
        if edge.from == edge.to {
            assert!(polyline.is_empty(), "zero-length edge {edge:?} was kept");
            continue;
        }
        assert_eq!(polyline.first(), Some(&edge.from), "{edge:?}");
        assert_eq!(polyline.last(), Some(&edge.to), "{edge:?}");
        for &c in polyline {
            assert!(
                segment_meets_pixel(edge.from, edge.to, c),
                "{edge:?} moved to {c}, outside its pixels"
            );
        }
        let unit = edge.operand.unit_delta();
        for pair in polyline.windows(2) {
            let (u, v) = (pair[0], pair[1]);
            assert_ne!(u, v, "{edge:?} has a zero-length piece");
            if u < v {
                pieces.push((u, v, unit));
            } else {
                pieces.push((v, u, [-unit[0], -unit[1]]));
            }
        }
    }
    pieces.sort_unstable();
    let mut merged: Vec<(GridPoint, GridPoint, [i32; 2])> = Vec::new();
    for (u, v, d) in pieces {
        match merged.last_mut() {
            Some(last) if (last.0, last.1) == (u, v) => {
                last.2[0] += d[0];
                last.2[1] += d[1];
            }
            _ => merged.push((u, v, d)),
        }
    }
    merged.retain(|m| m.2 != [0, 0]);
    let output: Vec<(GridPoint, GridPoint, [i32; 2])> = arrangement
        .segments
        .iter()
        .map(|s| {
            (
                arrangement.vertices[s.a as usize],
                arrangement.vertices[s.b as usize],
                s.delta,
            )
        })
        .collect();
    assert_eq!(
        output, merged,
        "output is not the merge of the traced polylines"
    );
}

/// The full verification of one input: invariants (and balance when `closed`), a single
/// verifying repair round, distortion and provenance, and identical output from every
/// search (brute force only below `brute_limit` edges). Returns the Auto result.
pub fn verify(
    edges: &[TaggedEdge],
    closed: bool,
    brute_limit: usize,
) -> (Arrangement, ArrangeStats) {
    let (arrangement, stats, traces) =
        arrange_traced(edges, &ArrangeOptions::default()).expect("arrangement failed");
    arrangement
        .check_invariants()
        .unwrap_or_else(|v| panic!("{v} in {arrangement:?} from {edges:?}"));
    if closed {
        arrangement
            .check_balanced()
            .expect("closed rings must balance");
    }
    let expected_rounds = u32::from(stats.unique_edges > 0);
    assert_eq!(
        stats.repair_rounds, expected_rounds,
        "repair loop worked on {edges:?}"
    );
    assert_eq!(stats.repaired_crossings + stats.repaired_splits, 0);
    check_traces(edges, &arrangement, &traces);
    for search in SEARCHES {
        if search == CandidateSearch::BruteForce && edges.len() > brute_limit {
            continue;
        }
        let (other, other_stats) = run(edges, search);
        assert_eq!(other, arrangement, "{search:?} differs on {edges:?}");
        assert_eq!(other_stats.hot_pixels, stats.hot_pixels);
        assert_eq!(other_stats.repair_rounds, stats.repair_rounds);
    }
    (arrangement, stats)
}
