//! Candidate search (spec, "Finding crossings and nearby pixels"): which fragment pairs may
//! cross and which hot pixels a fragment may meet. Only candidates come from here; the
//! exact tests in `passes` decide each one, so the search never changes a result.

use crate::boxes::{BoxIndex, for_each_box_pair};
use crate::fragment::{Fragment, FragmentSet};
use crate::grid::{CellRule, Grid};
use crate::options::CandidateSearch;
use crate::pixels::{DIRECT_MAX, PixelGrid};
use onepath_predicates::{GridPoint, properly_cross};

/// Up to this many fragments, [`CandidateSearch::Auto`] tests every pair and every pixel:
/// at most 496 pairs, cheaper than building a grid (a union of many small outlines resolves
/// each one alone first, decisions D8).
const SMALL_INPUT: usize = 32;

/// When [`CandidateSearch::Auto`] finds the sweep cheaper than the grid but still
/// estimates more than this many exact tests per fragment and hot pixel, it takes the box
/// sweep instead: the input is clustered in a way neither the grid nor the sweep in x
/// spreads (segments stacked close together, issue #24), and the box sweep's fixed cost
/// per fragment (an ordered set and a segment tree) is repaid.
const BOX_SWEEP_ABOVE: u128 = 32;

/// A candidate index over one set of fragments (sorted by endpoints, as
/// [`crate::fragment::merge_fragments`] leaves them) and one set of sorted hot pixels.
pub(crate) enum CandidateIndex {
    /// The uniform grid.
    Grid(Grid),
    /// The sweep in increasing minimum x (the fragments' order) with an active list, and a
    /// binary search of the x range of the sorted hot pixels, or the pixel grid where that
    /// range holds more than [`DIRECT_MAX`] of them.
    Sweep(Option<PixelGrid>),
    /// The box sweep of [`crate::boxes`]: pairs whose bounding boxes meet, and the hot
    /// pixels of the narrower of the x and y ranges.
    Boxes(BoxIndex),
    /// Every pair, every pixel.
    Brute,
}

impl CandidateIndex {
    /// Builds the index `search` asks for. The second value is true when the sweep took
    /// over from the grid: with [`CandidateSearch::Auto`] because it is estimated to make
    /// fewer exact tests, with [`CandidateSearch::Specified`] because the cell counts show
    /// clustered input.
    pub(crate) fn build<F: FragmentSet + ?Sized>(
        search: CandidateSearch,
        fragments: &F,
        pixels: &[GridPoint],
    ) -> (Self, bool) {
        Self::build_with(search, fragments, pixels, true)
    }

    /// [`CandidateIndex::build`] for the crossing search alone: the same index, holding no
    /// hot pixel until [`CandidateIndex::set_pixels`] (the grid counts them per cell for
    /// its choice, without lists), for a caller that merges the crossings into the pixels
    /// first and would free the lists anyway (the mixed path, and the general path when
    /// step 2's crossings are found; issue #24).
    pub(crate) fn build_for_crossings<F: FragmentSet + ?Sized>(
        search: CandidateSearch,
        fragments: &F,
        pixels: &[GridPoint],
    ) -> (Self, bool) {
        let (mut index, fallback) = Self::build_with(search, fragments, pixels, false);
        // The grid's pixel counts served its choice; a box index was given no pixels.
        if let CandidateIndex::Grid(grid) = &mut index {
            grid.forget_pixels();
        }
        (index, fallback)
    }

    fn build_with<F: FragmentSet + ?Sized>(
        search: CandidateSearch,
        fragments: &F,
        pixels: &[GridPoint],
        lists: bool,
    ) -> (Self, bool) {
        debug_assert!(fragments.iter().is_sorted_by_key(|f| f.key()));
        debug_assert!(pixels.is_sorted());
        let listed = if lists { pixels } else { &[] };
        let boxes = || BoxIndex::new(listed);
        let sweep = || CandidateIndex::Sweep(PixelGrid::when_useful(listed));
        match search {
            CandidateSearch::Auto if fragments.len() <= SMALL_INPUT => {
                (CandidateIndex::Brute, false)
            }
            CandidateSearch::Auto => {
                let grid = Grid::build(fragments, pixels, CellRule::Fine, lists);
                let grid_tests = grid.estimated_tests();
                match sweep_tests(fragments, pixels, grid_tests) {
                    Some(tests)
                        if tests > BOX_SWEEP_ABOVE * (fragments.len() + pixels.len()) as u128 =>
                    {
                        (CandidateIndex::Boxes(boxes()), true)
                    }
                    Some(_) => (sweep(), true),
                    None => (CandidateIndex::Grid(grid), false),
                }
            }
            CandidateSearch::Specified => {
                let grid = Grid::build(fragments, pixels, CellRule::Specified, lists);
                if grid.is_clustered(fragments.len()) {
                    (sweep(), true)
                } else {
                    (CandidateIndex::Grid(grid), false)
                }
            }
            CandidateSearch::ForceGrid => (
                CandidateIndex::Grid(Grid::build(fragments, pixels, CellRule::Specified, lists)),
                false,
            ),
            CandidateSearch::ForceSweep => (sweep(), false),
            CandidateSearch::ForceBoxes => (CandidateIndex::Boxes(boxes()), false),
            CandidateSearch::BruteForce => (CandidateIndex::Brute, false),
        }
    }

    /// Replaces the hot pixels the index hands out (they must lie within the bounding box
    /// of the fragments, as every hot pixel does).
    pub(crate) fn set_pixels(&mut self, pixels: &[GridPoint]) {
        match self {
            CandidateIndex::Grid(grid) => grid.set_pixels(pixels),
            CandidateIndex::Boxes(boxes) => boxes.set_pixels(pixels),
            CandidateIndex::Sweep(grid) => *grid = PixelGrid::when_useful(pixels),
            CandidateIndex::Brute => {}
        }
    }

    /// Frees the fragment lists: afterwards the index serves only [`Self::for_each_pixel`]
    /// (the mixed path's reroute of its diagonal pieces, issue #24), and no crossing
    /// search may run.
    pub(crate) fn forget_fragments(&mut self) {
        if let CandidateIndex::Grid(grid) = self {
            grid.forget_fragments();
        }
    }

    /// Calls `visit(i, j)` with `i < j` once for every pair of fragments that properly
    /// cross (decided by `properly_cross`), adding the number of pairs tested to
    /// `candidates`. With `skip`, pairs of two fragments marked in it are not tested (the
    /// caller knows they do not cross).
    pub(crate) fn for_each_crossing<F: FragmentSet + ?Sized>(
        &self,
        fragments: &F,
        skip: Option<&[bool]>,
        candidates: &mut u64,
        mut visit: impl FnMut(u32, u32),
    ) {
        let skipped = |i: usize, j: usize| skip.is_some_and(|s| s[i] && s[j]);
        let mut test = |i: usize, j: usize| {
            if skipped(i, j) {
                return;
            }
            *candidates += 1;
            let (a, b) = (fragments.get(i), fragments.get(j));
            if a.boxes_meet(&b) && properly_cross(a.p, a.q, b.p, b.q) {
                visit(i as u32, j as u32);
            }
        };
        match self {
            CandidateIndex::Grid(grid) => {
                grid.for_each_crossing(fragments, skip, candidates, visit)
            }
            CandidateIndex::Sweep(_) => {
                // Fragments are sorted by their smaller endpoint, hence by minimum x.
                let mut active: Vec<u32> = Vec::new();
                for (index, fragment) in fragments.iter().enumerate() {
                    active.retain(|&a| fragments.get(a as usize).q.x >= fragment.p.x);
                    for &a in &active {
                        test(a as usize, index);
                    }
                    active.push(index as u32);
                }
            }
            CandidateIndex::Boxes(_) => for_each_box_pair(fragments, test),
            CandidateIndex::Brute => {
                for j in 0..fragments.len() {
                    for i in 0..j {
                        test(i, j);
                    }
                }
            }
        }
    }

    /// Calls `visit(c, index of c in pixels)` for candidate hot pixels of `fragment`: every pixel whose square
    /// the segment meets is among them when `near` is true; with `near` false, every hot
    /// pixel centre lying on the segment is. Inlined into the reroute's loop, whose
    /// closure it calls per candidate (measured: 6 % of `case arrange 200000` when not).
    #[inline]
    pub(crate) fn for_each_pixel(
        &self,
        fragment: &Fragment,
        pixels: &[GridPoint],
        near: bool,
        mut visit: impl FnMut(GridPoint, u32),
    ) {
        match self {
            CandidateIndex::Grid(grid) => grid.for_each_pixel(fragment, pixels, near, visit),
            CandidateIndex::Sweep(grid) => {
                let in_x = pixels_in_x_range(pixels, fragment);
                match grid {
                    Some(grid) if in_x.len() > DIRECT_MAX => {
                        grid.for_each_near(fragment, pixels, &mut visit)
                    }
                    _ => in_x.for_each(|id| visit(pixels[id], id as u32)),
                }
            }
            CandidateIndex::Boxes(boxes) => boxes.for_each_pixel(fragment, pixels, visit),
            CandidateIndex::Brute => {
                for (id, &c) in pixels.iter().enumerate() {
                    visit(c, id as u32);
                }
            }
        }
    }
}

/// The estimated number of exact tests of the sweep when it is below `grid_tests`, else
/// `None`: one per pair of fragments overlapping in x (the active list), plus the hot
/// pixels in the x range of each fragment. Above 1,024 fragments every eighth is counted
/// (times eight), which is plenty for a choice that never changes a result; counting stops
/// as soon as the grid is the cheaper.
fn sweep_tests<F: FragmentSet + ?Sized>(
    fragments: &F,
    pixels: &[GridPoint],
    grid_tests: u128,
) -> Option<u128> {
    let stride = if fragments.len() > 1024 { 8 } else { 1 };
    let mut tests = 0u128;
    // Fragments are sorted by minimum x: those after `k` that start by `q.x` overlap it.
    for (k, f) in fragments.iter().enumerate().step_by(stride) {
        let overlapping = partition_point_after(fragments, k, |g| g.p.x <= f.q.x);
        tests += (stride * (overlapping + pixels_in_x_range(pixels, &f).len())) as u128;
        if tests >= grid_tests {
            return None;
        }
    }
    Some(tests)
}

/// The number of fragments after the `k`-th for which `pred` holds, `pred` being true
/// for a prefix of them (a binary search, as `partition_point` on a slice).
fn partition_point_after<F: FragmentSet + ?Sized>(
    fragments: &F,
    k: usize,
    pred: impl Fn(&Fragment) -> bool,
) -> usize {
    let (mut lo, mut hi) = (k + 1, fragments.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if pred(&fragments.get(mid)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo - (k + 1)
}

/// The indices of the sorted hot pixels whose centres lie within one unit of the
/// fragment's x range: a pixel the segment meets has its centre within half a unit of it.
pub(crate) fn pixels_in_x_range(pixels: &[GridPoint], f: &Fragment) -> std::ops::Range<usize> {
    let lo = pixels.partition_point(|c| c.x < f.p.x - 1);
    let hi = pixels.partition_point(|c| c.x <= f.q.x + 1);
    lo..hi.max(lo)
}

#[cfg(test)]
mod tests {
    //! An index built for the crossing search alone must choose what the full index
    //! chooses: its grid counts the pixels per cell without listing them, and both the
    //! grid's estimate and its clustering test read those counts.

    use super::*;
    use crate::fragment::merge_fragments;
    use onepath_testkit::Rng;

    /// Which index a build chose, and whether the sweep took over.
    fn kind(built: &(CandidateIndex, bool)) -> (&'static str, bool) {
        let name = match built.0 {
            CandidateIndex::Grid(_) => "grid",
            CandidateIndex::Sweep(_) => "sweep",
            CandidateIndex::Boxes(_) => "boxes",
            CandidateIndex::Brute => "brute",
        };
        (name, built.1)
    }

    #[test]
    fn the_crossing_index_chooses_like_the_full_one() {
        let mut rng = Rng::new(19);
        let mut seen = std::collections::BTreeSet::new();
        for case in 0..300 {
            // Spread edges with a tight cluster of a varying share: both sides of the
            // clustering test and of the estimate.
            let n = 40 + (rng.next_u64() % 400) as usize;
            let clustered = (rng.next_u64() % 100) as usize * n / 100;
            let tight = [4, 40, 400, 4_000][case % 4];
            let mut fragments: Vec<Fragment> = (0..n)
                .map(|k| {
                    // Short edges spread over a wide square, the cluster's in a small one.
                    let (span, reach) = if k < clustered {
                        (tight, tight)
                    } else {
                        (1 << 20, 64)
                    };
                    let a = GridPoint::new(rng.range(0, span), rng.range(0, span));
                    let b = a + GridPoint::new(rng.range(-reach, reach), rng.range(-reach, reach));
                    Fragment::directed(a, if a == b { a + GridPoint::new(1, 0) } else { b }, [1, 0])
                })
                .collect();
            merge_fragments(&mut fragments);
            let mut pixels: Vec<GridPoint> = fragments.iter().flat_map(|f| [f.p, f.q]).collect();
            pixels.sort_unstable();
            pixels.dedup();
            for search in CandidateSearch::ALL {
                let full = CandidateIndex::build(search, fragments.as_slice(), &pixels);
                let lean =
                    CandidateIndex::build_for_crossings(search, fragments.as_slice(), &pixels);
                assert_eq!(kind(&lean), kind(&full), "case {case}, {search:?}");
                if search == CandidateSearch::Specified {
                    seen.insert(kind(&full));
                }
            }
        }
        // Both verdicts of the specification's clustering test occur.
        assert!(
            seen.contains(&("grid", false)) && seen.contains(&("sweep", true)),
            "{seen:?}"
        );
    }
}
