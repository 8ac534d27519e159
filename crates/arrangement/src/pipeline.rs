//! The arrangement routine end to end: steps 1 to 5 of the specification's "Arrangement:
//! noding by snap rounding".

use crate::deferred::{Deferred, Pending};
use crate::error::ArrangementError;
use crate::fragment::{Fragment, FragmentSet, merge_sorted_points};
use crate::mixed::arrange_mixed;
use crate::numbering::{Endpoints, Numbered};
use crate::options::{ArrangeOptions, ArrangeStats, CandidateSearch};
use crate::orthogonal::arrange_orthogonal;
use crate::par::{collect_chunks, collect_gather, for_each_chunk, map_chunks};
use crate::passes::{find_crossings, merged_pieces_of, pixel_index, reroute};
use crate::repair::verify_then_repair;
use crate::search::CandidateIndex;
use crate::trace::Trace;
use crate::types::{Arrangement, EdgeSource, Segment, TaggedEdge};
use onepath_predicates::GridPoint;
use std::sync::atomic::{AtomicBool, Ordering};

/// What one run produced: the arrangement, its counters, and with tracing the polyline of
/// every input edge (in its own direction; empty for a zero-length edge).
pub(crate) struct RunOutput {
    pub(crate) arrangement: Arrangement,
    pub(crate) stats: ArrangeStats,
    pub(crate) traces: Option<Vec<Vec<GridPoint>>>,
}

/// What [`finish`] produced: a [`RunOutput`], or with `defer` and no vertex inside a
/// fragment, step 3's fragments with the crossing half of the verifying pass left open
/// (`deferred.rs`).
pub(crate) enum Finished {
    Run(RunOutput),
    Pending(Pending),
}

impl Finished {
    /// The run's output, the crossing question decided by the verifying pass if it was
    /// left open (which only a deferring caller asks for).
    fn into_run(self) -> Result<RunOutput, ArrangementError> {
        match self {
            Finished::Run(run) => Ok(run),
            Finished::Pending(pending) => {
                let mut stats = ArrangeStats::default();
                let arrangement = pending.verify_with(&mut stats)?;
                Ok(RunOutput {
                    arrangement,
                    stats,
                    traces: None,
                })
            }
        }
    }
}

/// Fragment indices are `u32` and are paired in `u64`s; cell numbers too. Keeping every
/// count below `2^31` keeps all of them, and every delta sum, in range.
pub(crate) fn check_index_range(count: usize) -> Result<(), ArrangementError> {
    if count > i32::MAX as usize {
        return Err(ArrangementError::TooManyItems { count });
    }
    Ok(())
}

/// Runs the arrangement on `edges`; with `with_trace`, also the polyline of every edge.
pub(crate) fn run(
    edges: &[TaggedEdge],
    options: &ArrangeOptions,
    with_trace: bool,
) -> Result<RunOutput, ArrangementError> {
    let numbered = Endpoints::of(edges)?.number()?;
    finish(numbered, options, with_trace.then_some(edges), false)?.into_run()
}

/// [`run`] without traces on edges it owns, which are freed once their endpoints are keyed,
/// before the numbering sorts them: the input's memory is gone before the arrangement's
/// largest buffers exist.
pub(crate) fn run_owned(
    edges: Vec<TaggedEdge>,
    options: &ArrangeOptions,
) -> Result<RunOutput, ArrangementError> {
    let endpoints = Endpoints::of(&edges)?;
    drop(edges);
    let numbered = endpoints.number()?;
    finish(numbered, options, None, false)?.into_run()
}

/// [`run_owned`] on the edges of `source` (dropped once they are keyed) that stops before
/// the crossing half of the verifying pass when nothing else is left to repair
/// (`deferred.rs`).
pub(crate) fn run_deferred(
    source: impl EdgeSource,
    options: &ArrangeOptions,
) -> Result<Deferred, ArrangementError> {
    let endpoints = Endpoints::of_source(&source)?;
    drop(source);
    let numbered = endpoints.number()?;
    Ok(match finish(numbered, options, None, true)? {
        Finished::Run(run) => Deferred::done(run.arrangement),
        Finished::Pending(pending) => Deferred::pending(pending),
    })
}

/// Steps 2 to 5 from the numbered input; `traced` is the input when the polylines of its
/// edges are wanted. With `defer`, a run whose step 3 leaves no vertex inside a fragment
/// stops there, before the verifying pass's crossing half.
fn finish(
    numbered: Numbered,
    options: &ArrangeOptions,
    traced: Option<&[TaggedEdge]>,
    defer: bool,
) -> Result<Finished, ArrangementError> {
    let with_trace = traced.is_some();
    // Axis-parallel input needs no candidate search, no rational and no repair: the exact
    // integer sweeps of `orthogonal.rs` give the same arrangement.
    let fast =
        options.search == CandidateSearch::Auto && !with_trace && !options.omit_initial_crossings;
    // Only the exact shortcuts ask how many fragments are axis-parallel.
    let axis_count = if fast {
        // A gather for each fragment (its two pixels): counted on every core.
        let fragments = numbered.fragments();
        map_chunks(fragments.len(), |range| {
            range
                .filter(|&k| fragments.get(k).is_axis_parallel())
                .count()
        })
        .into_iter()
        .sum()
    } else {
        0
    };
    let Numbered {
        hot,
        ids,
        deltas,
        mut stats,
    } = numbered;
    if fast && axis_count == ids.len() {
        let arrangement = arrange_orthogonal(ids, deltas, hot, &mut stats);
        return Ok(Finished::Run(RunOutput {
            arrangement,
            stats,
            traces: None,
        }));
    }
    // Mostly axis-parallel input (tile-map shrinks and offsets): the axis-parallel pieces
    // need no search and no reroute (`mixed.rs`). Its step 3 ends in a `Pending` whose
    // verification runs the general path below from the start should the verifying pass
    // find anything (or should a vertex lie inside a fragment).
    if fast && axis_count * 2 > ids.len() {
        let pending = arrange_mixed(ids, deltas, hot, stats);
        if defer && pending.is_open() {
            return Ok(Finished::Pending(pending));
        }
        let mut stats = ArrangeStats::default();
        let arrangement = pending.verify_with(&mut stats)?;
        return Ok(Finished::Run(RunOutput {
            arrangement,
            stats,
            traces: None,
        }));
    }
    let unique = fragments_again(&ids, &hot, deltas);
    drop(ids);
    general(unique, hot, stats, options, traced, defer)
}

/// Steps 2 to 5 by the general path: the candidate search, every edge rerouted, the
/// verifying pass and the repair loop. With `defer`, a run whose step 3 leaves no vertex
/// inside a fragment stops there (see [`finish`]).
pub(crate) fn general(
    mut unique: Vec<Fragment>,
    mut hot: Vec<GridPoint>,
    mut stats: ArrangeStats,
    options: &ArrangeOptions,
    traced: Option<&[TaggedEdge]>,
    defer: bool,
) -> Result<Finished, ArrangementError> {
    let with_trace = traced.is_some();
    // With step 2's crossings the pixels change before the reroute first asks for them, so
    // the index starts without pixel lists.
    let build = if options.omit_initial_crossings {
        CandidateIndex::build
    } else {
        CandidateIndex::build_for_crossings
    };
    let (mut index, fallback) = build(options.search, unique.as_slice(), &hot);
    stats.fallback_taken = fallback;
    if !options.omit_initial_crossings {
        let crossings = find_crossings(&index, unique.as_slice(), None, None, &mut stats);
        stats.initial_crossings = crossings.pairs;
        merge_sorted_points(&mut hot, &crossings.points);
        index.set_pixels(&hot);
    }

    // Step 3: each edge becomes the polyline through every other hot pixel it meets.
    // Pixel indices are `u32`s (and pairs of them share a `u64` sort key).
    check_index_range(hot.len())?;
    let polylines = reroute(&index, &unique, 0..unique.len(), &hot, &mut stats);
    drop(index);
    let vertex_inside = polylines.any_vertex_inside(&hot);
    let mut trace = with_trace.then(|| Trace::new(&polylines, &hot));
    // Past this point the input fragments serve only to trace the input's edges: without
    // tracing they are freed before the rerouted pieces are merged, where memory peaks.
    let deltas: Vec<[i32; 2]> = unique.iter().map(|f| f.delta).collect();
    let any_input = !unique.is_empty();
    // Without tracing, the input fragments' buffer takes the merged fragments.
    let recycled = if with_trace {
        Vec::new()
    } else {
        std::mem::take(&mut unique)
    };
    let (fragments, pixel_ids) = merged_pieces_of(&polylines, &deltas, &hot, recycled);
    drop(deltas);
    drop(polylines);
    check_index_range(fragments.len())?;
    if defer && any_input && !vertex_inside && trace.is_none() {
        return Ok(Finished::Pending(Pending::general(
            hot, &fragments, &pixel_ids,
        )));
    }

    let step4 = Step4 {
        search: options.search,
        vertex_inside,
        any_input,
    };
    let arrangement =
        repair_and_assemble(fragments, hot, pixel_ids, step4, &mut stats, trace.as_mut())?;
    let traces = trace
        .zip(traced)
        .map(|(trace, edges)| input_polylines(edges, &unique, trace));
    Ok(Finished::Run(RunOutput {
        arrangement,
        stats,
        traces,
    }))
}

/// How step 4 runs after step 3: the candidate search, whether a vertex lies inside a
/// fragment (decided on step 3's polylines), and whether there was any input at all.
pub(crate) struct Step4 {
    pub(crate) search: CandidateSearch,
    pub(crate) vertex_inside: bool,
    pub(crate) any_input: bool,
}

/// Steps 4 and 5 on step 3's sorted, unique `fragments` over the pixels `hot[pixel_ids[k]]`:
/// the repair loop (normally a single verifying pass), then the fragments merged by
/// endpoints (already), zero-net pieces dropped and the vertices sorted. The general path
/// and a deferred arrangement's verification both end here.
pub(crate) fn repair_and_assemble(
    mut fragments: Vec<Fragment>,
    mut hot: Vec<GridPoint>,
    pixel_ids: Vec<[u32; 2]>,
    step4: Step4,
    stats: &mut ArrangeStats,
    trace: Option<&mut Trace>,
) -> Result<Arrangement, ArrangementError> {
    if step4.any_input {
        verify_then_repair(
            &mut fragments,
            &mut hot,
            step4.search,
            step4.vertex_inside,
            stats,
            trace,
        )?;
    }
    stats.hot_pixels = hot.len();
    stats.fragments = fragments.len();
    // When the repair loop changed nothing (its verifying pass, or no input at all), the
    // fragments are still those of step 3, whose pixel indices are known; after a repair
    // round they are looked up (every endpoint is a hot pixel).
    let pixel_ids = if stats.repair_rounds <= 1 {
        pixel_ids
    } else {
        fragments
            .iter()
            .map(|f| [pixel_index(&hot, f.p), pixel_index(&hot, f.q)])
            .collect()
    };
    Ok(assemble(&fragments, &pixel_ids, hot))
}

/// The fragments over the pixels `hot[ids[k]]` with the deltas `deltas[k]`: what
/// `merge_keyed` made, made again after the mixed path freed them.
pub(crate) fn fragments_again(
    ids: &[[u32; 2]],
    hot: &[GridPoint],
    deltas: Vec<[i32; 2]>,
) -> Vec<Fragment> {
    collect_gather(ids, |k, &[p, q]| Fragment {
        p: hot[p as usize],
        q: hot[q as usize],
        delta: deltas[k],
    })
}

/// Builds the output from fragments sorted by endpoints whose endpoints are the hot pixels
/// `pixels[ids[k][0]]` and `pixels[ids[k][1]]`: the vertex set is the endpoints of the
/// non-zero fragments (decisions D8), which are the used pixels, already in `(x, y)`
/// order, numbered by rank; so the segments come out sorted by `(a, b)`.
pub(crate) fn assemble(
    fragments: &[Fragment],
    ids: &[[u32; 2]],
    mut pixels: Vec<GridPoint>,
) -> Arrangement {
    // The used pixels are marked on every core: a relaxed store of `true` is the same
    // whichever thread makes it and in whatever order, so the marks are the sequential
    // ones.
    let marks: Vec<AtomicBool> = (0..pixels.len()).map(|_| AtomicBool::new(false)).collect();
    for_each_chunk(fragments.len(), |range| {
        for (f, id) in fragments[range.clone()].iter().zip(&ids[range]) {
            if f.delta != [0, 0] {
                marks[id[0] as usize].store(true, Ordering::Relaxed);
                marks[id[1] as usize].store(true, Ordering::Relaxed);
            }
        }
    });
    let used: Vec<bool> = marks.into_iter().map(AtomicBool::into_inner).collect();
    // Usually every pixel is used (each lies on a fragment, and only cancelled fragments
    // leave one out): then a pixel's rank is its index and the pixels stay as they are.
    if used.iter().all(|&u| u) {
        drop(used);
        let segments = nonzero_segments(fragments, ids, |id| id);
        return Arrangement {
            vertices: pixels,
            segments,
        };
    }
    // The used pixels move to the front of the pixels' own buffer, in order, which then
    // gives its tail back: a second buffer for them would be fresh memory, whose pages
    // cost more than the pass (with two threads, four times its time:
    // `docs/performance.md`, item 52).
    let mut rank = vec![0u32; pixels.len()];
    let mut count = 0;
    for (id, &is_used) in used.iter().enumerate() {
        if is_used {
            rank[id] = count as u32;
            pixels[count] = pixels[id];
            count += 1;
        }
    }
    drop(used);
    pixels.truncate(count);
    pixels.shrink_to_fit();
    let segments = nonzero_segments(fragments, ids, |id| rank[id as usize]);
    Arrangement {
        vertices: pixels,
        segments,
    }
}

/// The segments of the non-zero fragments in order, their ends numbered by `rank` of their
/// pixel indices (on every core, each chunk counted first).
fn nonzero_segments(
    fragments: &[Fragment],
    ids: &[[u32; 2]],
    rank: impl Fn(u32) -> u32 + Sync + Send,
) -> Vec<Segment> {
    let blank = Segment {
        a: 0,
        b: 0,
        delta: [0, 0],
    };
    collect_chunks(
        fragments.len(),
        blank,
        |range| {
            fragments[range]
                .iter()
                .filter(|f| f.delta != [0, 0])
                .count()
        },
        |range| {
            fragments[range.clone()]
                .iter()
                .zip(&ids[range])
                .filter(|(f, _)| f.delta != [0, 0])
                .map(|(f, id)| Segment {
                    a: rank(id[0]),
                    b: rank(id[1]),
                    delta: f.delta,
                })
        },
    )
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

#[cfg(test)]
pub(crate) mod tests {
    //! The mixed path's fallback makes the fragments again from their pixels and deltas.
    //! No input found so far reaches it (its verifying pass finds nothing on real data),
    //! so it is checked here with the verifying pass forced to report, end to end against
    //! brute force, and the remaking against what the numbering made.

    use super::*;
    use crate::types::Operand;
    use onepath_testkit::Rng;

    thread_local! {
        /// How many times this thread's arrangements fell back from the mixed path.
        pub(crate) static FALLBACKS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Six rectangles (operand 0) and three diagonals (operand 1) with coordinates below
    /// `span`: input the mixed path takes.
    pub(crate) fn mostly_axis_parallel(rng: &mut Rng, span: u64) -> Vec<TaggedEdge> {
        let mut coordinate = || (rng.next_u64() % span) as i64;
        let mut edges = Vec::new();
        for _ in 0..6 {
            let (x, y) = (coordinate(), coordinate());
            let (w, h) = (1 + coordinate(), 1 + coordinate());
            let c = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
            for i in 0..4 {
                let (a, b) = (c[i], c[(i + 1) % 4]);
                let (a, b) = (GridPoint::new(a.0, a.1), GridPoint::new(b.0, b.1));
                edges.push(TaggedEdge::new(a, b, Operand::First));
            }
        }
        for _ in 0..3 {
            let a = GridPoint::new(coordinate(), coordinate());
            let b = GridPoint::new(coordinate(), coordinate());
            edges.push(TaggedEdge::new(a, b, Operand::Second));
        }
        edges
    }

    #[test]
    fn the_mixed_paths_fallback_gives_the_general_paths_arrangement() {
        // Mostly axis-parallel input (rectangles) with a few diagonals takes the mixed path;
        // with its verifying pass forced to report, the fragments are made again and the
        // general path runs. Both must give the arrangement every search gives.
        let mut rng = Rng::new(33);
        let mut mixed_runs = 0;
        for k in 0..200 {
            let edges = mostly_axis_parallel(&mut rng, [8u64, 60, 1 << 20][k % 3]);
            let options = ArrangeOptions::default();
            let plain = run(&edges, &options, false).expect("an arrangement");
            let before = FALLBACKS.with(std::cell::Cell::get);
            crate::mixed::FORCE_FALLBACK.with(|f| f.set(true));
            let forced = run(&edges, &options, false);
            crate::mixed::FORCE_FALLBACK.with(|f| f.set(false));
            let forced = forced.expect("an arrangement");
            let every = ArrangeOptions {
                search: CandidateSearch::BruteForce,
                ..ArrangeOptions::default()
            };
            let reference = run(&edges, &every, false).expect("an arrangement");
            assert_eq!(forced.arrangement, plain.arrangement, "input {k}");
            assert_eq!(forced.arrangement, reference.arrangement, "input {k}");
            // Inputs the mixed path takes went through the fallback.
            mixed_runs += FALLBACKS.with(std::cell::Cell::get) - before;
        }
        assert!(
            mixed_runs > 150,
            "only {mixed_runs} of 200 inputs took the fallback"
        );
    }

    #[test]
    fn fragments_made_again_are_the_numbered_fragments() {
        let mut rng = Rng::new(21);
        for _ in 0..300 {
            let n = 1 + (rng.next_u64() % 40) as usize;
            let span = [4u64, 100, 1 << 30][(rng.next_u64() % 3) as usize];
            let edges = crate::numbering::tests::random_edges(&mut rng, n, span);
            let numbered = Endpoints::of(&edges)
                .and_then(Endpoints::number)
                .expect("numbered");
            let again = fragments_again(&numbered.ids, &numbered.hot, numbered.deltas.clone());
            // The plain definition: every kept edge a fragment, equal ones merged.
            let mut plain: Vec<Fragment> = edges
                .iter()
                .filter(|e| e.from != e.to)
                .map(|e| Fragment::directed(e.from, e.to, e.operand.unit_delta()))
                .collect();
            crate::fragment::merge_fragments(&mut plain);
            assert_eq!(again, plain);
            let read: Vec<(GridPoint, GridPoint)> =
                numbered.fragments().iter().map(|f| f.key()).collect();
            let keys: Vec<(GridPoint, GridPoint)> = plain.iter().map(Fragment::key).collect();
            assert_eq!(read, keys);
            assert_eq!(
                numbered.deltas,
                plain.iter().map(|f| f.delta).collect::<Vec<_>>()
            );
        }
    }
}
