//! The arrangement routine end to end: steps 1 to 5 of the specification's "Arrangement:
//! noding by snap rounding".

use crate::error::ArrangementError;
use crate::fragment::{Fragment, merge_fragments, merge_sorted_points};
use crate::options::{ArrangeOptions, ArrangeStats};
use crate::passes::{find_crossings, pieces_of, reroute};
use crate::repair::repair;
use crate::search::CandidateIndex;
use crate::trace::Trace;
use crate::types::{Arrangement, Segment, TaggedEdge};
use onepath_predicates::{CONSTRUCTION_LIMIT, GridPoint};

/// What one run produced: the arrangement, its counters, and with tracing the polyline of
/// every input edge (in its own direction; empty for a zero-length edge).
pub(crate) struct RunOutput {
    pub(crate) arrangement: Arrangement,
    pub(crate) stats: ArrangeStats,
    pub(crate) traces: Option<Vec<Vec<GridPoint>>>,
}

/// Fragment indices are `u32` and are paired in `u64`s; cell numbers too. Keeping every
/// count below `2^31` keeps all of them, and every delta sum, in range.
pub(crate) fn check_index_range(count: usize) -> Result<(), ArrangementError> {
    if count > i32::MAX as usize {
        return Err(ArrangementError::TooManyItems { count });
    }
    Ok(())
}

/// Rejects points beyond the construction limit, naming the first offending edge.
fn validate(edges: &[TaggedEdge]) -> Result<(), ArrangementError> {
    check_index_range(edges.len())?;
    let outside = |c: GridPoint| c.max_abs() > CONSTRUCTION_LIMIT as u64;
    for (edge, e) in edges.iter().enumerate() {
        for point in [e.from, e.to] {
            if outside(point) {
                return Err(ArrangementError::CoordinateOutOfRange { edge, point });
            }
        }
    }
    Ok(())
}

/// Runs the arrangement on `edges`.
pub(crate) fn run(
    edges: &[TaggedEdge],
    options: &ArrangeOptions,
    with_trace: bool,
) -> Result<RunOutput, ArrangementError> {
    validate(edges)?;
    let mut stats = ArrangeStats::default();
    // Step 1: zero-length edges are dropped. Geometric duplicates are merged (their deltas
    // summed): they have the same hot pixels and the same fate.
    let mut unique: Vec<Fragment> = edges
        .iter()
        .filter(|e| e.from != e.to)
        .map(|e| Fragment::directed(e.from, e.to, e.operand.unit_delta()))
        .collect();
    merge_fragments(&mut unique);
    stats.unique_edges = unique.len();

    // Step 2: hot pixels are every endpoint and every rounded proper crossing.
    let mut hot: Vec<GridPoint> = unique.iter().flat_map(|f| [f.p, f.q]).collect();
    hot.sort_unstable();
    hot.dedup();
    let (mut index, fallback) = CandidateIndex::build(options.search, &unique, &hot);
    stats.fallback_taken = fallback;
    if !options.omit_initial_crossings {
        let crossings = find_crossings(&index, &unique, None, &mut stats);
        stats.initial_crossings = crossings.pairs;
        merge_sorted_points(&mut hot, &crossings.points);
        index.set_pixels(&hot);
    }

    // Step 3: each edge becomes the polyline through every other hot pixel it meets.
    let polylines = reroute(&index, &unique, 0..unique.len(), &hot, &mut stats);
    drop(index);
    let mut trace = with_trace.then(|| Trace::new(&polylines));
    let mut fragments = Vec::with_capacity(polylines.points.len());
    pieces_of(&polylines, unique.iter().copied(), &mut fragments);
    drop(polylines);
    merge_fragments(&mut fragments);
    check_index_range(fragments.len())?;

    // Step 4: the repair loop, normally a single verifying pass.
    if !unique.is_empty() {
        repair(
            &mut fragments,
            &mut hot,
            options.search,
            &mut stats,
            trace.as_mut(),
        )?;
    }
    stats.hot_pixels = hot.len();
    stats.fragments = fragments.len();

    // Step 5: merged by endpoints (already), zero-net pieces dropped, vertices sorted.
    let arrangement = assemble(&fragments)?;
    let traces = trace.map(|trace| input_polylines(edges, &unique, trace));
    Ok(RunOutput {
        arrangement,
        stats,
        traces,
    })
}

/// Builds the output from fragments sorted by endpoints: the vertex set is the endpoints
/// of the non-zero fragments (decisions D8), and since the vertex numbering preserves the
/// `(x, y)` order, the segments come out sorted by `(a, b)`.
fn assemble(fragments: &[Fragment]) -> Result<Arrangement, ArrangementError> {
    let live: Vec<&Fragment> = fragments.iter().filter(|f| f.delta != [0, 0]).collect();
    let mut vertices: Vec<GridPoint> = live.iter().flat_map(|f| [f.p, f.q]).collect();
    vertices.sort_unstable();
    vertices.dedup();
    if vertices.len() > u32::MAX as usize {
        return Err(ArrangementError::TooManyItems {
            count: vertices.len(),
        });
    }
    // The fragments are sorted by `p`, so the index of `p` only moves forward; `q` is
    // found by binary search.
    let mut a = 0usize;
    let segments = live
        .iter()
        .map(|f| {
            while vertices[a] < f.p {
                a += 1;
            }
            Segment {
                a: a as u32,
                b: vertices.partition_point(|&v| v < f.q) as u32,
                delta: f.delta,
            }
        })
        .collect();
    Ok(Arrangement { vertices, segments })
}

/// The polyline of every input edge, in the edge's own direction, from the traced
/// polylines of the unique edges.
fn input_polylines(edges: &[TaggedEdge], unique: &[Fragment], trace: Trace) -> Vec<Vec<GridPoint>> {
    edges
        .iter()
        .map(|e| {
            if e.from == e.to {
                return Vec::new();
            }
            let key = (e.from.min(e.to), e.from.max(e.to));
            let k = unique.partition_point(|f| f.key() < key);
            let mut polyline = trace.polylines[k].clone();
            if e.from > e.to {
                polyline.reverse();
            }
            polyline
        })
        .collect()
}
