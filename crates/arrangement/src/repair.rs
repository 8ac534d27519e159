//! Step 4 of the specification's arrangement: the repair loop, with decisions D8's reading
//! (the offending fragments are rerouted; a round is one pass over all fragments).

use crate::error::ArrangementError;
use crate::fragment::{Fragment, merge_fragments, merge_sorted_points};
use crate::options::{ArrangeStats, CandidateSearch};
use crate::passes::{find_crossings, mark_vertices_inside, pieces_of, reroute};
use crate::search::CandidateIndex;
use crate::trace::Trace;
use onepath_predicates::GridPoint;

/// The round in which a loop that still changes something is a defect (spec step 4).
pub(crate) const MAX_REPAIR_ROUNDS: u32 = 256;

/// Step 4 after step 3: the verifying pass, then the repair loop only if it found
/// something. `vertex_inside` is [`Polylines::any_vertex_inside`] of step 3's polylines,
/// which decides the pass's vertex-inside half. When the pass finds something, [`repair`]
/// runs from the start, so every round is what it always was.
///
/// [`Polylines::any_vertex_inside`]: crate::passes::Polylines::any_vertex_inside
pub(crate) fn verify_then_repair(
    fragments: &mut Vec<Fragment>,
    hot: &mut Vec<GridPoint>,
    search: CandidateSearch,
    vertex_inside: bool,
    stats: &mut ArrangeStats,
    trace: Option<&mut Trace>,
) -> Result<(), ArrangementError> {
    if !verifying_pass_finds(fragments, hot, search, None, vertex_inside, stats) {
        stats.repair_rounds = 1;
        return Ok(());
    }
    repair(fragments, hot, search, stats, trace)
}

/// Step 4's verifying pass after step 3, shared by the general and the mixed path: true
/// when a fragment holds a hot pixel centre inside (`vertex_inside`, decided on step 3's
/// polylines) or two fragments properly cross, pairs of two fragments marked in `skip`
/// left out (the mixed path knows they cannot cross). The crossing half needs no pixels in
/// its search. Only a pass that finds nothing counts its search in `stats`: one that finds
/// something is run again from the start by the caller's repair.
pub(crate) fn verifying_pass_finds(
    fragments: &[Fragment],
    hot: &[GridPoint],
    search: CandidateSearch,
    skip: Option<&[bool]>,
    vertex_inside: bool,
    stats: &mut ArrangeStats,
) -> bool {
    debug_assert_vertex_inside(fragments, hot, search, vertex_inside);
    if vertex_inside {
        return true;
    }
    let mut probe = ArrangeStats::default();
    let (index, fallback) = CandidateIndex::build(search, fragments, &[]);
    if find_crossings(&index, fragments, skip, None, &mut probe).pairs > 0 {
        return true;
    }
    stats.fallback_taken |= fallback;
    stats.candidate_pairs += probe.candidate_pairs;
    false
}

/// With debug assertions (every test run), checks the step-3 decision of the
/// vertex-inside half against the search it replaces: some hot pixel centre lies strictly
/// inside some fragment exactly when a polyline holds one of its own vertices inside a
/// piece (the proof is at [`Polylines::any_vertex_inside`]).
///
/// [`Polylines::any_vertex_inside`]: crate::passes::Polylines::any_vertex_inside
pub(crate) fn debug_assert_vertex_inside(
    fragments: &[Fragment],
    hot: &[GridPoint],
    search: CandidateSearch,
    vertex_inside: bool,
) {
    if cfg!(debug_assertions) {
        let (index, _) = CandidateIndex::build(search, fragments, hot);
        let mut dirty = vec![false; fragments.len()];
        let mut scratch = ArrangeStats::default();
        let found = mark_vertices_inside(&index, fragments, hot, &mut dirty, &mut scratch) > 0;
        assert_eq!(
            found, vertex_inside,
            "the vertex-inside half decided in step 3 disagrees with the search"
        );
    }
}

/// Runs rounds until one changes nothing. In each round every pair of fragments that
/// properly cross adds its rounded crossing as a hot pixel, and every fragment that
/// properly crosses another or holds a hot pixel centre strictly inside is rerouted
/// through every other hot pixel it meets (decisions D8). Both kinds of repair always
/// change the fragment set, so a round without them is the verifying pass.
pub(crate) fn repair(
    fragments: &mut Vec<Fragment>,
    hot: &mut Vec<GridPoint>,
    search: CandidateSearch,
    stats: &mut ArrangeStats,
    mut trace: Option<&mut Trace>,
) -> Result<(), ArrangementError> {
    for round in 1..=MAX_REPAIR_ROUNDS {
        stats.repair_rounds = round;
        let (mut index, fallback) = CandidateIndex::build(search, fragments.as_slice(), hot);
        stats.fallback_taken |= fallback;
        let mut dirty = vec![false; fragments.len()];
        let crossings = find_crossings(&index, fragments.as_slice(), None, Some(&mut dirty), stats);
        let splits = mark_vertices_inside(&index, fragments, hot, &mut dirty, stats);
        if !dirty.contains(&true) {
            return Ok(());
        }
        if round == MAX_REPAIR_ROUNDS {
            return Err(ArrangementError::RepairDidNotConverge { rounds: round });
        }
        stats.repaired_crossings += crossings.pairs;
        stats.repaired_splits += splits;
        merge_sorted_points(hot, &crossings.points);
        crate::pipeline::check_index_range(hot.len())?;
        index.set_pixels(hot);
        let rerouted: Vec<usize> = (0..fragments.len()).filter(|&k| dirty[k]).collect();
        let polylines = reroute(&index, fragments, rerouted.iter().copied(), hot, stats);
        if let Some(trace) = trace.as_deref_mut() {
            let replaced: Vec<(GridPoint, GridPoint)> =
                rerouted.iter().map(|&k| fragments[k].key()).collect();
            trace.apply(&replaced, &polylines, hot);
        }
        let mut next: Vec<Fragment> = (0..fragments.len())
            .filter(|&k| !dirty[k])
            .map(|k| fragments[k])
            .collect();
        pieces_of(
            &polylines,
            rerouted.iter().map(|&k| fragments[k]),
            hot,
            &mut next,
        );
        merge_fragments(&mut next);
        crate::pipeline::check_index_range(next.len())?;
        *fragments = next;
    }
    Err(ArrangementError::RepairDidNotConverge {
        rounds: MAX_REPAIR_ROUNDS,
    })
}
