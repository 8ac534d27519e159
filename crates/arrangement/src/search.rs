//! Candidate search (spec, "Finding crossings and nearby pixels"): which fragment pairs may
//! cross and which hot pixels a fragment may meet. Only candidates come from here; the
//! exact tests in `passes` decide each one, so the search never changes a result.

use crate::fragment::Fragment;
use crate::grid::{ColumnSpan, Grid};
use crate::options::CandidateSearch;
use onepath_predicates::GridPoint;

/// A candidate index over one set of fragments (sorted by endpoints, as
/// [`crate::fragment::merge_fragments`] leaves them) and one set of sorted hot pixels.
pub(crate) enum CandidateIndex {
    /// The uniform grid.
    Grid(Grid),
    /// The sweep in increasing minimum x (the fragments' order) with an active list, and a
    /// binary search of the x range of the sorted hot pixels.
    Sweep,
    /// Every pair, every pixel.
    Brute,
}

impl CandidateIndex {
    /// Builds the index `search` asks for. With [`CandidateSearch::Auto`] the grid is built
    /// and its cell counts decide; the second value is true when they showed clustered
    /// input and the sweep took over.
    pub(crate) fn build(
        search: CandidateSearch,
        fragments: &[Fragment],
        pixels: &[GridPoint],
    ) -> (Self, bool) {
        debug_assert!(fragments.is_sorted_by_key(Fragment::key));
        debug_assert!(pixels.is_sorted());
        match search {
            CandidateSearch::Auto => {
                let grid = Grid::build(fragments, pixels);
                if grid.is_clustered(fragments.len()) {
                    (CandidateIndex::Sweep, true)
                } else {
                    (CandidateIndex::Grid(grid), false)
                }
            }
            CandidateSearch::ForceGrid => {
                (CandidateIndex::Grid(Grid::build(fragments, pixels)), false)
            }
            CandidateSearch::ForceSweep => (CandidateIndex::Sweep, false),
            CandidateSearch::BruteForce => (CandidateIndex::Brute, false),
        }
    }

    /// Replaces the hot pixels the index hands out (they must lie within the bounding box
    /// of the fragments, as every hot pixel does).
    pub(crate) fn set_pixels(&mut self, pixels: &[GridPoint]) {
        if let CandidateIndex::Grid(grid) = self {
            grid.set_pixels(pixels);
        }
    }

    /// Calls `visit(i, j)` with `i < j` for every candidate pair of fragments, each pair
    /// once. Every pair that properly crosses is among them.
    pub(crate) fn for_each_pair(&self, fragments: &[Fragment], mut visit: impl FnMut(u32, u32)) {
        match self {
            CandidateIndex::Grid(grid) => grid.for_each_pair(visit),
            CandidateIndex::Sweep => {
                // Fragments are sorted by their smaller endpoint, hence by minimum x.
                let mut active: Vec<u32> = Vec::new();
                for (index, fragment) in fragments.iter().enumerate() {
                    active.retain(|&a| fragments[a as usize].q.x >= fragment.p.x);
                    for &a in &active {
                        visit(a, index as u32);
                    }
                    active.push(index as u32);
                }
            }
            CandidateIndex::Brute => {
                for j in 0..fragments.len() {
                    for i in 0..j {
                        visit(i as u32, j as u32);
                    }
                }
            }
        }
    }

    /// Calls `visit(c)` for candidate hot pixels of `fragment`: every pixel whose square
    /// the segment meets is among them when `near` is true; with `near` false, every hot
    /// pixel centre lying on the segment is.
    pub(crate) fn for_each_pixel(
        &self,
        fragment: &Fragment,
        pixels: &[GridPoint],
        near: bool,
        spans: &mut Vec<ColumnSpan>,
        mut visit: impl FnMut(GridPoint),
    ) {
        match self {
            CandidateIndex::Grid(grid) => grid.for_each_pixel(fragment, near, spans, visit),
            CandidateIndex::Sweep => {
                // A pixel the segment meets has its centre within half a unit of the
                // segment's x range; one unit of margin is enough.
                let lo = pixels.partition_point(|c| c.x < fragment.p.x - 1);
                let hi = pixels.partition_point(|c| c.x <= fragment.q.x + 1);
                pixels[lo..hi.max(lo)].iter().for_each(|&c| visit(c));
            }
            CandidateIndex::Brute => pixels.iter().for_each(|&c| visit(c)),
        }
    }
}
