//! The box sweep of the candidate search (spec, "Finding crossings and nearby pixels": the
//! way candidates are found never changes a result): the clustered fallback for input the
//! uniform grid cannot spread and the sweep in x finds quadratic, such as long segments
//! stacked close together (issue #24, docs/testing.md "Growth cases").
//!
//! Crossing candidates are the pairs of fragments whose bounding boxes meet, found by a
//! sweep in increasing minimum x whose active fragments are indexed by their y range, so a
//! fragment meets only the active fragments whose y range overlaps its own. Pixel
//! candidates are the hot pixels in the fragment's x range widened by one unit, or those
//! in its y range widened by one unit, whichever holds fewer. Both are supersets of what
//! the exact tests need.

use crate::fragment::{Fragment, FragmentSet};
use crate::pixels::{DIRECT_MAX, PixelGrid};
use onepath_predicates::GridPoint;
use std::collections::BTreeSet;

/// The hot pixels sorted by `(y, x)`, each with its index in the `(x, y)`-sorted list, and
/// their pixel grid for fragments whose ranges both hold more than [`DIRECT_MAX`].
pub(crate) struct BoxIndex {
    by_y: Vec<(i64, i64, u32)>,
    grid: Option<PixelGrid>,
}

impl BoxIndex {
    /// The index over the sorted hot pixels `pixels`.
    pub(crate) fn new(pixels: &[GridPoint]) -> Self {
        let mut index = Self {
            by_y: Vec::new(),
            grid: None,
        };
        index.set_pixels(pixels);
        index
    }

    /// Replaces the hot pixels.
    pub(crate) fn set_pixels(&mut self, pixels: &[GridPoint]) {
        self.by_y.clear();
        self.by_y.extend(
            pixels
                .iter()
                .enumerate()
                .map(|(id, c)| (c.y, c.x, id as u32)),
        );
        self.by_y.sort_unstable();
        self.grid = PixelGrid::when_useful(pixels);
    }

    /// Calls `visit(c, index of c)` for the hot pixels whose centres lie within one unit
    /// of the fragment's x range, or for those within one unit of its y range when they
    /// are fewer, or when both hold more than [`DIRECT_MAX`], for those the pixel grid
    /// hands out. A pixel whose square the segment meets has its centre within half a unit
    /// of a point of the segment, so it is among all three.
    pub(crate) fn for_each_pixel(
        &self,
        f: &Fragment,
        pixels: &[GridPoint],
        mut visit: impl FnMut(GridPoint, u32),
    ) {
        let in_x = crate::search::pixels_in_x_range(pixels, f);
        let (y0, y1) = f.y_range();
        let lo = self.by_y.partition_point(|e| e.0 < y0 - 1);
        let hi = self.by_y.partition_point(|e| e.0 <= y1 + 1).max(lo);
        if let Some(grid) = &self.grid
            && (hi - lo).min(in_x.len()) > DIRECT_MAX
        {
            grid.for_each_near(f, pixels, &mut visit);
        } else if hi - lo < in_x.len() {
            for &(y, x, id) in &self.by_y[lo..hi] {
                visit(GridPoint::new(x, y), id);
            }
        } else {
            for id in in_x {
                visit(pixels[id], id as u32);
            }
        }
    }
}

/// Calls `test(i, j)` with `i < j` once for every pair of `fragments` (sorted by their
/// smaller endpoint, hence by minimum x) whose closed bounding boxes meet.
///
/// The sweep visits the fragments in order. The active ones are those whose x range
/// reaches the current fragment's minimum x; among them, a fragment `a` meets the current
/// `b` in y when either `a`'s lowest y lies in `b`'s y range (found in an ordered set of
/// the active fragments by lowest y), or `a`'s y range holds `b`'s lowest y and starts
/// below it (found by a stabbing query of a segment tree over the y coordinates, whose
/// lists drop fragments that left the sweep when they are read). The two cases are
/// disjoint, so every pair is reported once, and every fragment read is either reported
/// or dropped for good: the time is `O((n + k) log n)` for `k` pairs of meeting boxes.
pub(crate) fn for_each_box_pair<F: FragmentSet + ?Sized>(
    fragments: &F,
    mut test: impl FnMut(usize, usize),
) {
    let mut ys: Vec<i64> = fragments
        .iter()
        .flat_map(|f| {
            let (lo, hi) = f.y_range();
            [lo, hi]
        })
        .collect();
    ys.sort_unstable();
    ys.dedup();
    let rank = |y: i64| ys.partition_point(|&c| c < y);
    let size = ys.len().next_power_of_two();
    // Node k of the segment tree (1-based, leaves at `size..2 * size`) lists the active
    // fragments whose y range covers its leaves but not its parent's.
    let mut lists: Vec<Vec<u32>> = vec![Vec::new(); 2 * size];
    let mut by_lowest: BTreeSet<(i64, u32)> = BTreeSet::new();
    // The fragments in the order they leave the sweep.
    let mut leaving: Vec<u32> = (0..fragments.len() as u32).collect();
    leaving.sort_unstable_by_key(|&k| fragments.get(k as usize).q.x);
    let mut left = 0;
    // The fragments in the tree that have not left the sweep. A fragment whose y range is
    // a single value never holds another's lowest y above its own, so it stays out.
    let mut in_tree = 0usize;
    for (j, b) in fragments.iter().enumerate() {
        let x = b.p.x;
        // Fragments whose x range ends before `x` came earlier and are done.
        while let Some(&k) = leaving.get(left) {
            let a = fragments.get(k as usize);
            if a.q.x >= x {
                break;
            }
            let (lo, hi) = a.y_range();
            by_lowest.remove(&(lo, k));
            in_tree = in_tree.saturating_sub(usize::from(lo < hi));
            left += 1;
        }
        let (lo, hi) = b.y_range();
        for &(_, i) in by_lowest.range((lo, 0)..=(hi, u32::MAX)) {
            test(i as usize, j);
        }
        // With no live fragment in the tree its lists hold only finished ones, which the
        // next walk drops.
        let mut node = if in_tree > 0 { rank(lo) + size } else { 0 };
        while node >= 1 {
            let list = &mut lists[node];
            list.retain(|&i| fragments.get(i as usize).q.x >= x);
            for &i in list.iter() {
                if fragments.get(i as usize).y_range().0 < lo {
                    test(i as usize, j);
                }
            }
            node /= 2;
        }
        by_lowest.insert((lo, j as u32));
        if lo == hi {
            continue;
        }
        in_tree += 1;
        let (mut l, mut r) = (rank(lo) + size, rank(hi) + size + 1);
        while l < r {
            if l & 1 == 1 {
                lists[l].push(j as u32);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                lists[r].push(j as u32);
            }
            l /= 2;
            r /= 2;
        }
    }
}
