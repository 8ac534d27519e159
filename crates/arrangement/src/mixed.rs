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

use crate::fragment::Fragment;
use crate::options::{ArrangeStats, CandidateSearch};
use crate::orthogonal::{axis_pieces, crossing_points, merge_with_remap};
use crate::passes::{find_crossings, keyed_piece, merge_keyed, reroute};
use crate::repair::verifying_pass_finds;
use crate::search::CandidateIndex;
use crate::types::Arrangement;
use onepath_predicates::GridPoint;

/// True when the fragment is horizontal or vertical.
#[inline]
fn is_axis(f: &Fragment) -> bool {
    f.p.x == f.q.x || f.p.y == f.q.y
}

/// The arrangement of `unique` fragments (distinct, sorted, zero sums kept; their
/// endpoints the sorted `hot` pixels `ids[k]`) of which some are axis-parallel and some
/// diagonal, or, when the verifying pass found something to repair, a [`Fallback`] from
/// which the caller makes them again. The fragments are freed once rerouted, before the
/// verifying pass, which is where the memory peaks.
pub(crate) fn arrange_mixed(
    unique: Vec<Fragment>,
    ids: &[[u32; 2]],
    hot: Vec<GridPoint>,
    stats: &mut ArrangeStats,
) -> Result<Arrangement, Fallback> {
    let axis: Vec<bool> = unique.iter().map(is_axis).collect();
    // Step 2: the crossings of two axis-parallel pieces by the sweep, every pair with a
    // diagonal piece by the candidate search and the exact rational.
    let axis_crossings = crossing_points(unique.iter().filter(|f| is_axis(f)), stats);
    let axis_pairs = stats.initial_crossings;
    let (mut index, fallback) = CandidateIndex::build(CandidateSearch::Auto, &unique, &hot);
    stats.fallback_taken = fallback;
    let diagonal = find_crossings(&index, &unique, Some(&axis), None, stats);
    stats.initial_crossings = axis_pairs + diagonal.pairs;
    let (hot, mut remap) = merge_with_remap(hot, &axis_crossings);
    let (hot, remap_again) = merge_with_remap(hot, &diagonal.points);
    // remap[i]: the index in the final `hot` of input pixel i. Kept (4 bytes a pixel) to
    // give the input pixels back should the general path run, instead of a copy of them.
    for i in &mut remap {
        *i = remap_again[*i as usize];
    }
    drop(remap_again);
    index.set_pixels(&hot);
    // Step 3: axis-parallel pieces split along their lines, diagonal ones rerouted.
    let remapped = ids
        .iter()
        .map(|&[p, q]| [remap[p as usize], remap[q as usize]]);
    let mut keyed = axis_pieces(&unique, remapped, &hot, |k| axis[k]);
    let diagonals: Vec<usize> = (0..unique.len()).filter(|&k| !axis[k]).collect();
    let polylines = reroute(&index, &unique, diagonals.iter().copied(), &hot, stats);
    for (n, &k) in diagonals.iter().enumerate() {
        for pair in polylines.get(n).windows(2) {
            keyed.push(keyed_piece(pair[0], pair[1], unique[k].delta));
        }
    }
    let vertex_inside = polylines.any_vertex_inside(&hot);
    drop((index, polylines, diagonals));
    let deltas: Vec<[i32; 2]> = unique.iter().map(|f| f.delta).collect();
    drop(unique);
    let (fragments, pixel_ids) = merge_keyed(keyed, &hot);
    // Step 4's verifying pass, over what can happen.
    stats.repair_rounds = 1;
    let axis: Vec<bool> = fragments.iter().map(is_axis).collect();
    let finds = verifying_pass_finds(
        &fragments,
        &hot,
        CandidateSearch::Auto,
        Some(&axis),
        vertex_inside,
        stats,
    );
    if finds || fallback_forced() {
        let hot = remap.iter().map(|&i| hot[i as usize]).collect();
        return Err(Fallback { deltas, hot });
    }
    stats.hot_pixels = hot.len();
    stats.fragments = fragments.len();
    Ok(crate::pipeline::assemble(&fragments, &pixel_ids, &hot))
}

/// What the general path needs when the mixed path's verifying pass found something: the
/// fragments' deltas in order and the input's hot pixels, from which it makes the
/// fragments again.
pub(crate) struct Fallback {
    /// The deltas of the unique fragments, in order.
    pub(crate) deltas: Vec<[i32; 2]>,
    /// The hot pixels the mixed path was given.
    pub(crate) hot: Vec<GridPoint>,
}

#[cfg(test)]
thread_local! {
    /// For tests: when set, the verifying pass reports something, so that the fallback to
    /// the general path runs on inputs that never need it.
    pub(crate) static FORCE_FALLBACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a test forces the fallback (never outside tests).
fn fallback_forced() -> bool {
    #[cfg(test)]
    return FORCE_FALLBACK.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}
