//! The knobs of [`crate::arrange_with`] and the counters it reports.

/// How the candidate search of the specification ("Finding crossings and nearby pixels")
/// finds the pairs of fragments that may cross and the hot pixels a fragment may meet.
///
/// Every candidate is decided by the exact tests of `onepath-predicates`, so the choice
/// never changes a result: all six searches return the identical [`crate::Arrangement`]
/// (the differential tests check this on thousands of inputs). Only the time differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CandidateSearch {
    /// onepath's search: the uniform grid with cells several times smaller than the
    /// specification's (about nine listed cells per fragment), or the sweep when it is
    /// estimated to make fewer exact tests (counted pairs overlapping in x and pixels in
    /// each x range, against the grid's pairs per cell and pixels per listed fragment),
    /// and the box sweep ([`CandidateSearch::ForceBoxes`]) when that estimate is still
    /// above 32 tests per fragment and hot pixel; every pair and every pixel for at most
    /// 32 fragments.
    #[default]
    Auto,
    /// The specification's search: the uniform grid at the specification's cell size,
    /// falling back to the sweep when the cell counts show clustered input (sum of count²
    /// above 32 × the number of items).
    Specified,
    /// The uniform grid at the specification's cell size even on clustered input (may be
    /// quadratic there).
    ForceGrid,
    /// The sweep in increasing minimum x with an active list, and a binary search of the
    /// x range of the sorted hot pixels.
    ForceSweep,
    /// The box sweep: the sweep in increasing minimum x with the active fragments indexed
    /// by their y range, so that only pairs whose bounding boxes meet are tested, and the
    /// hot pixels of the narrower of a fragment's x and y ranges. `Auto` takes it when
    /// the sweep in x is estimated to test many pairs per item (issue #24).
    ForceBoxes,
    /// Every pair of fragments and every hot pixel for every fragment: quadratic, the
    /// reference the other searches are tested against.
    BruteForce,
}

impl CandidateSearch {
    /// Every search, in declaration order: what a comparison of the searches runs over
    /// (the differential tests compare every output across them).
    pub const ALL: [CandidateSearch; 6] = [
        CandidateSearch::Auto,
        CandidateSearch::Specified,
        CandidateSearch::ForceGrid,
        CandidateSearch::ForceSweep,
        CandidateSearch::ForceBoxes,
        CandidateSearch::BruteForce,
    ];
}

/// Options of [`crate::arrange_with`]. The default is the specification's behaviour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArrangeOptions {
    /// Which candidate search to use; see [`CandidateSearch`].
    pub search: CandidateSearch,
    /// For tests only: leave the proper crossings out of the hot pixels of step 2, so that
    /// the repair loop of step 4 has to find and fix them. The result is still a valid
    /// arrangement, but generally not the specification's bits.
    pub omit_initial_crossings: bool,
}

/// Counters describing one run of [`crate::arrange_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArrangeStats {
    /// Input edges left after dropping zero-length ones and merging geometric duplicates.
    pub unique_edges: usize,
    /// Rounds of the repair loop, the final verifying pass included (decisions D8): 1 when
    /// step 3 already produced a valid arrangement, 0 for empty input.
    pub repair_rounds: u32,
    /// Hot pixels at the end: every endpoint, every rounded crossing of step 2, and every
    /// crossing the repair loop added.
    pub hot_pixels: usize,
    /// Proper crossings found among the input edges in step 2 (distinct pairs).
    pub initial_crossings: usize,
    /// Proper crossings among fragments found by the repair loop (0 with exact arithmetic
    /// unless [`ArrangeOptions::omit_initial_crossings`] is set).
    pub repaired_crossings: usize,
    /// Fragments the repair loop split because a vertex lay exactly inside them.
    pub repaired_splits: usize,
    /// Candidate pairs handed to the exact crossing test, over step 2 and every round.
    pub candidate_pairs: u64,
    /// Candidate (fragment, hot pixel) pairs handed to the exact tests, over all passes.
    pub candidate_pixels: u64,
    /// True when [`CandidateSearch::Auto`] or [`CandidateSearch::Specified`] chose the
    /// sweep over the grid at least once.
    pub fallback_taken: bool,
    /// Distinct fragments (zero-net ones included) when the loop ended.
    pub fragments: usize,
}
