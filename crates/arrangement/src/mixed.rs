//! The arrangement of input that is mostly axis-parallel (the shrinks and offsets of tile
//! maps: walls and rectangle sides, with diagonal arcs), with the specification's result
//! bit for bit.
//!
//! The axis-parallel pieces are handled as in `orthogonal.rs`: their crossings with each
//! other are grid points found by a sweep, and step 3 splits them at the hot pixels on
//! their lines without moving them (a horizontal segment at integer `y` meets exactly the
//! pixels centred on it). Only the pairs with a diagonal piece go through the candidate
//! search and the exact rational crossing, and only the diagonal pieces are rerouted
//! through the pixels they meet. Every hot pixel is the one the specification's steps make
//! (endpoints and rounded proper crossings of every pair), and every route is the
//! specification's, so the fragments are the same.
//!
//! The verifying pass of step 4 skips what cannot happen: two axis-parallel fragments do
//! not cross (their crossing would be a hot pixel on both lines, which splits them) and
//! hold no hot pixel inside (one on the line splits the piece), and a rerouted diagonal
//! fragment holds none either (a pixel centre inside the segment between two consecutive
//! routed pixels lies in a pixel the source segment meets, by convexity, so step 3 would
//! have routed through it). It still tests every pair with a diagonal fragment for a
//! proper crossing, and the diagonal routes for a vertex inside one of their own pieces
//! (`Polylines::any_vertex_inside`, which shows that no other pixel can be inside). Should
//! it find anything the caller runs the general path, whose repair loop follows the
//! specification.

use crate::deferred::Pending;
use crate::deltas::Deltas;
use crate::fragment::{Fragment, FragmentSet, OverPixels, remap_pairs};
use crate::options::{ArrangeStats, CandidateSearch};
use crate::orthogonal::{axis_pieces, crossing_points, merge_with_remap};
use crate::passes::{find_crossings, keyed_piece, reroute, sort_merge_keyed};
use crate::repair::verifying_pass_finds;
use crate::search::CandidateIndex;
use crate::types::Segment;
use onepath_predicates::GridPoint;

/// Step 3 of the arrangement of the distinct fragments whose endpoints are the sorted `hot`
/// pixels `ids[k]` and whose deltas are `deltas[k]` (sorted, zero sums kept), of which
/// some are axis-parallel and some diagonal, with `stats` of the numbering: a [`Pending`]
/// whose verification runs the verifying pass above (or, should it find something or a
/// vertex lie inside a fragment, the general path from the same pixel pairs again). The
/// fragments are read from their pixels ([`OverPixels`]), never copied but for the
/// diagonal ones, which are rerouted.
pub(crate) fn arrange_mixed(
    mut ids: Vec<[u32; 2]>,
    deltas: Vec<[i32; 2]>,
    hot: Vec<GridPoint>,
    base: ArrangeStats,
) -> Pending {
    let mut stats = base;
    // Held to the end of the labelling sweep, in a byte a count where they fit.
    let deltas = Deltas::new(deltas);
    // Debug builds (every test run) check that the fallback gives the input pixels back.
    #[cfg(debug_assertions)]
    let given = hot.clone();
    let unique = OverPixels {
        ids: &ids,
        hot: &hot,
    };
    let axis: Vec<bool> = unique.iter().map(|f| f.is_axis_parallel()).collect();
    // Step 2: the crossings of two axis-parallel pieces by the sweep, every pair with a
    // diagonal piece by the candidate search and the exact rational.
    let axis_crossings = crossing_points(&unique, |k| axis[k], &mut stats);
    let axis_pairs = stats.initial_crossings;
    let (mut index, fallback) =
        CandidateIndex::build_for_crossings(CandidateSearch::Auto, &unique, &hot);
    stats.fallback_taken = fallback;
    let diagonal = find_crossings(&index, &unique, Some(&axis), None, &mut stats);
    stats.initial_crossings = axis_pairs + diagonal.pairs;
    // Past the crossing search the index serves only the reroute of the diagonal pieces:
    // its fragment lists are freed before the pixels are merged (issue #24).
    index.forget_fragments();
    let diagonals: Vec<u32> = (0..ids.len() as u32)
        .filter(|&k| !axis[k as usize])
        .collect();
    let slanted: Vec<Fragment> = diagonals
        .iter()
        .map(|&k| Fragment {
            delta: deltas.get(k as usize),
            ..unique.get(k as usize)
        })
        .collect();
    let (hot, mut remap) = merge_with_remap(hot, &axis_crossings);
    let (hot, remap_again) = merge_with_remap(hot, &diagonal.points);
    // remap[i]: the index in the final `hot` of input pixel i. The pixel pairs move onto
    // the final pixels in place; the fallback to the general path finds the input pixels
    // again as the ones they use (`Pending::verify_with`), so no map is kept (issue #24).
    for i in &mut remap {
        *i = remap_again[*i as usize];
    }
    drop(remap_again);
    remap_pairs(&mut ids, &remap);
    drop(remap);
    index.set_pixels(&hot);
    // Step 3: diagonal pieces rerouted, then (the candidate index freed first) axis-parallel
    // ones split along their lines. The merge below sorts the pieces, so their order here
    // never shows.
    let polylines = reroute(&index, &slanted, 0..slanted.len(), &hot, &mut stats);
    let vertex_inside = polylines.any_vertex_inside(&hot);
    drop((index, slanted));
    let axis_only = || {
        ids.iter()
            .copied()
            .zip(deltas.iter())
            .zip(&axis)
            .filter_map(|(piece, &is_axis)| is_axis.then_some(piece))
    };
    // Room for the diagonal routes' pieces at their exact count (a polyline of m pixels
    // is m - 1 pieces), and no more: the sort below would otherwise hold the slack of a
    // vector grown by doubling beside its buffer (issue #24).
    let routed = polylines.pieces(0..polylines.len());
    let mut keyed = axis_pieces(axis_only, &hot, routed);
    for (n, &k) in diagonals.iter().enumerate() {
        for pair in polylines.get(n).windows(2) {
            keyed.push(keyed_piece(pair[0], pair[1], deltas.get(k as usize)));
        }
    }
    drop((polylines, diagonals, axis));
    // The merged pieces become the pending segments directly (16 bytes each, in place),
    // without fragments of 40 bytes besides them (issue #24).
    sort_merge_keyed(&mut keyed, hot.len());
    let mut segments: Vec<Segment> = keyed
        .into_iter()
        .map(|([a, b], delta)| Segment { a, b, delta })
        .collect();
    // The merge left the duplicates' room; the segments live through the caller's sweep.
    segments.shrink_to_fit();
    let input = MixedInput {
        ids,
        deltas,
        base,
        vertex_inside,
        #[cfg(debug_assertions)]
        given,
    };
    Pending::mixed(hot, segments, stats, input)
}

/// What the general path needs should the mixed path's verification find something: the
/// unique fragments' pixel pairs (over the final pixels) and deltas, and the numbering's
/// counters; and whether a vertex lies inside a fragment (then the general path runs
/// without a verifying pass first).
#[derive(Clone, Debug)]
pub(crate) struct MixedInput {
    /// The unique fragments' pixel indices among the final hot pixels, in order. Their
    /// endpoints are the input pixels: every input pixel is an endpoint of one of them.
    pub(crate) ids: Vec<[u32; 2]>,
    /// Their deltas, in order.
    pub(crate) deltas: Deltas,
    /// The counters of the numbering, from which the general path starts.
    pub(crate) base: ArrangeStats,
    /// True when a diagonal route holds one of its own vertices inside a piece.
    pub(crate) vertex_inside: bool,
    /// Debug builds: the input pixels, which the fallback must find again.
    #[cfg(debug_assertions)]
    pub(crate) given: Vec<GridPoint>,
}

/// The verifying pass of the mixed path on its step-3 `fragments` over `hot`, over what can
/// happen (pairs of two axis-parallel fragments skipped): true when it finds a crossing.
pub(crate) fn mixed_pass_finds(
    fragments: &[Fragment],
    hot: &[GridPoint],
    stats: &mut ArrangeStats,
) -> bool {
    stats.repair_rounds = 1;
    let axis: Vec<bool> = fragments.iter().map(Fragment::is_axis_parallel).collect();
    verifying_pass_finds(
        fragments,
        hot,
        CandidateSearch::Auto,
        Some(&axis),
        false,
        stats,
    ) || fallback_forced()
}

#[cfg(test)]
thread_local! {
    /// For tests: when set, the verifying pass reports something, so that the fallback to
    /// the general path runs on inputs that never need it.
    pub(crate) static FORCE_FALLBACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a test forces the fallback (never outside tests).
pub(crate) fn fallback_forced() -> bool {
    #[cfg(test)]
    return FORCE_FALLBACK.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}
