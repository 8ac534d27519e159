//! The arrangement of axis-parallel input (tile maps, their unions and differences) by
//! exact integer sweeps, with the specification's result bit for bit.
//!
//! When every fragment is horizontal or vertical, steps 2 to 5 collapse to integer
//! arithmetic (the proof is in the module's functions):
//!
//! - a proper crossing of a horizontal fragment at `y` spanning `(x1, x2)` and a vertical
//!   one at `x` spanning `(y1, y2)` is the grid point `(x, y)` exactly when
//!   `x1 < x < x2` and `y1 < y < y2`; rounding a grid point changes nothing, and two
//!   parallel fragments never cross properly (they are disjoint or overlap in more than
//!   one point);
//! - a horizontal segment at integer `y` from `x1` to `x2` meets the half-open pixel of
//!   `c` exactly when `c.y = y` and `x1 <= c.x <= x2` (the pixel's rows are
//!   `[c.y - 1/2, c.y + 1/2)`), so step 3 splits it at the hot pixels on it and moves
//!   nothing; likewise for vertical segments;
//! - after that split, no two fragments cross properly (their crossing would be a hot
//!   pixel on both) and no hot pixel lies inside a fragment (it would have split it), so
//!   the repair loop's verifying pass finds nothing;
//! - the fragments on one line are the stretches between consecutive hot pixels on it,
//!   each carrying the sum of the deltas of the input pieces that cover it (step 5's
//!   merge), so they are found by one prefix sum per line.
//!
//! The differential tests compare this path with every other search on random
//! axis-parallel inputs (overlaps, duplicates, cancelling pieces, touching rings).

use crate::fragment::{FragmentSet, OverPixels, rank_used_pixels, remap_pairs};
use crate::options::ArrangeStats;
use crate::radix;
use crate::types::{Arrangement, Segment};
use onepath_predicates::GridPoint;

/// The arrangement of axis-parallel fragments (distinct, sorted by `(p, q)`, zero sums
/// kept) whose endpoints are the sorted, distinct `hot` pixels `ids[k]` and whose deltas
/// are `deltas[k]`.
pub(crate) fn arrange_orthogonal(
    mut ids: Vec<[u32; 2]>,
    deltas: Vec<[i32; 2]>,
    hot: Vec<GridPoint>,
    stats: &mut ArrangeStats,
) -> Arrangement {
    let fragments = OverPixels {
        ids: &ids,
        hot: &hot,
    };
    let crossings = crossing_points(&fragments, |_| true, stats);
    let (hot, remap) = merge_with_remap(hot, &crossings);
    remap_pairs(&mut ids, &remap);
    drop(remap);
    stats.hot_pixels = hot.len();
    stats.repair_rounds = u32::from(!ids.is_empty());
    let pieces = axis_pieces(ids.into_iter().zip(deltas), &hot);
    stats.fragments = pieces.len();
    assemble(pieces, &hot)
}

/// Step 3 and the merge of step 5 for axis-parallel fragments given as their endpoints'
/// indices in the sorted `hot` pixels, which hold every hot pixel, and their deltas (an
/// iterator, so that a caller can remap and filter them without a copy, and free the
/// fragments first): per line, the stretches between consecutive hot pixels covered with a
/// non-zero sum of deltas, keyed by their pixel indices.
pub(crate) fn axis_pieces(
    fragments: impl Iterator<Item = ([u32; 2], [i32; 2])>,
    hot: &[GridPoint],
) -> Vec<([u32; 2], [i32; 2])> {
    // Net deltas entering at each pixel, per orientation: a fragment adds its delta at
    // its first pixel and takes it back at its last.
    let n = hot.len();
    let mut rows = vec![[0i32; 2]; n];
    let mut columns = vec![[0i32; 2]; n];
    for ([p, q], d) in fragments {
        let diff = if hot[p as usize].y == hot[q as usize].y {
            &mut rows
        } else {
            &mut columns
        };
        diff[p as usize] = [diff[p as usize][0] + d[0], diff[p as usize][1] + d[1]];
        diff[q as usize] = [diff[q as usize][0] - d[0], diff[q as usize][1] - d[1]];
    }
    let mut pieces: Vec<([u32; 2], [i32; 2])> = Vec::new();
    // Vertical lines: `hot` is in (x, y) order, so each column's pixels are consecutive.
    let order: Vec<u32> = (0..n as u32).collect();
    sweep_lines(&order, hot, &columns, |c| c.x, &mut pieces);
    // Freed before the pieces grow further (issue #24).
    drop(columns);
    // Horizontal lines: the pixels in (y, x) order, which a stable sort by y alone gives
    // because `hot` is in (x, y) order.
    let mut by_row = order;
    radix::sort_by_coordinate(&mut by_row, |&i| hot[i as usize].y);
    sweep_lines(&by_row, hot, &rows, |c| c.y, &mut pieces);
    pieces
}

/// Every proper crossing of a horizontal and a vertical fragment among the axis-parallel
/// `fragments[k]` with `take(k)`, as sorted distinct grid points. A sweep over the vertical
/// fragments in increasing x keeps the number of active horizontal fragments per row, so
/// each vertical fragment at x sees exactly the rows of the horizontal fragments with
/// `x1 < x < x2` and takes those strictly between its ends.
pub(crate) fn crossing_points<F: FragmentSet + ?Sized>(
    fragments: &F,
    take: impl Fn(usize) -> bool,
    stats: &mut ArrangeStats,
) -> Vec<GridPoint> {
    // The fragments come sorted by their first point, so the starts and the columns come
    // in x order. They are listed by index (4 bytes each instead of a copy of their
    // coordinates, which was the arrangement's peak of memory, issue #24).
    let (mut starts, mut columns) = (Vec::new(), Vec::new());
    for k in (0..fragments.len()).filter(|&k| take(k)) {
        let f = fragments.get(k);
        if f.p.y == f.q.y {
            starts.push(k as u32);
        } else {
            columns.push(k as u32);
        }
    }
    // Only the x order of the ends matters: the ends at one x all leave in the same step,
    // so any order that refines it will do.
    let mut ends = starts.clone();
    radix::sort_by_coordinate(&mut ends, |&k| fragments.q_rank(k as usize));
    let start = |i: usize| fragments.get(starts[i] as usize).p;
    let end = |i: usize| fragments.get(ends[i] as usize).q;
    let mut active = ActiveRows::new((0..starts.len()).map(|i| start(i).y).collect());
    let (mut s, mut e) = (0, 0);
    let mut points = Vec::new();
    for &k in &columns {
        let f = fragments.get(k as usize);
        let (x, y1, y2) = (f.p.x, f.p.y, f.q.y);
        // Every fragment with x1 < x enters, then every one with x2 <= x leaves (one that
        // starts and ends before x enters and leaves in this step): the active rows are
        // those of the fragments with x1 < x < x2.
        while s < starts.len() {
            let c = start(s);
            if c.x >= x {
                break;
            }
            active.enter(c.y);
            s += 1;
        }
        while e < ends.len() {
            let c = end(e);
            if c.x > x {
                break;
            }
            active.leave(c.y);
            e += 1;
        }
        if y2 - y1 >= 2 {
            active.each_between(y1, y2, |row| points.push(GridPoint::new(x, row)));
        }
    }
    stats.initial_crossings = points.len();
    // The points come in x order (the columns do) and each column's in y order, so only
    // the runs of one x that several columns share need sorting, by y.
    for run in points.chunk_by_mut(|a, b| a.x == b.x) {
        if !run.is_sorted() {
            run.sort_unstable();
        }
    }
    points.dedup();
    points
}

/// The rows of the horizontal fragments, each with the number of active fragments on it,
/// and a bit per row that is set while that number is not zero: entering and leaving
/// cost a binary search, and the active rows strictly between two ordinates are found
/// in increasing order a machine word at a time.
struct ActiveRows {
    /// The distinct rows, increasing.
    rows: Vec<i64>,
    /// The active fragments on each row.
    counts: Vec<u32>,
    /// Bit `k % 64` of word `k / 64` is set when row `k` has an active fragment.
    bits: Vec<u64>,
}

impl ActiveRows {
    /// The rows of the given ordinates (in any order, repeated or not), none active.
    fn new(mut rows: Vec<i64>) -> Self {
        radix::sort_by_coordinate(&mut rows, |&y| y);
        rows.dedup();
        Self {
            counts: vec![0; rows.len()],
            bits: vec![0; rows.len().div_ceil(64)],
            rows,
        }
    }

    /// The index of row `y`, which is one of the rows.
    fn index(&self, y: i64) -> usize {
        self.rows.partition_point(|&r| r < y)
    }

    fn enter(&mut self, y: i64) {
        let k = self.index(y);
        self.counts[k] += 1;
        self.bits[k / 64] |= 1 << (k % 64);
    }

    /// A fragment on row `y` leaves; a row with none active is left alone.
    fn leave(&mut self, y: i64) {
        let k = self.index(y);
        if self.counts[k] > 0 {
            self.counts[k] -= 1;
            if self.counts[k] == 0 {
                self.bits[k / 64] &= !(1 << (k % 64));
            }
        }
    }

    /// Calls `visit` with every active row strictly between `y1` and `y2`, increasing.
    fn each_between(&self, y1: i64, y2: i64, mut visit: impl FnMut(i64)) {
        let (lo, hi) = (
            self.rows.partition_point(|&r| r <= y1),
            self.rows.partition_point(|&r| r < y2),
        );
        let mut k = lo;
        while k < hi {
            let word = self.bits[k / 64] >> (k % 64);
            if word == 0 {
                k = (k / 64 + 1) * 64;
                continue;
            }
            k += word.trailing_zeros() as usize;
            if k < hi {
                visit(self.rows[k]);
            }
            k += 1;
        }
    }
}

/// `hot` and the sorted distinct `extra` merged, with the new index of every old pixel.
pub(crate) fn merge_with_remap(
    hot: Vec<GridPoint>,
    extra: &[GridPoint],
) -> (Vec<GridPoint>, Vec<u32>) {
    if extra.is_empty() {
        let remap = (0..hot.len() as u32).collect();
        return (hot, remap);
    }
    let mut merged = Vec::with_capacity(hot.len() + extra.len());
    let mut remap = Vec::with_capacity(hot.len());
    let mut j = 0;
    for &c in &hot {
        while j < extra.len() && extra[j] < c {
            merged.push(extra[j]);
            j += 1;
        }
        if j < extra.len() && extra[j] == c {
            j += 1;
        }
        remap.push(merged.len() as u32);
        merged.push(c);
    }
    merged.extend_from_slice(&extra[j..]);
    (merged, remap)
}

/// One pass over the pixels in `order` (each line's pixels consecutive and in order along
/// it, `line` telling the line): the stretch between two consecutive pixels of a line
/// carries the running sum of `diff` (step 5's merge of the split pieces); non-zero
/// stretches become pieces keyed by their pixel indices.
fn sweep_lines(
    order: &[u32],
    hot: &[GridPoint],
    diff: &[[i32; 2]],
    line: impl Fn(GridPoint) -> i64,
    pieces: &mut Vec<([u32; 2], [i32; 2])>,
) {
    let mut sum = [0i32; 2];
    for pair in order.windows(2) {
        let (i, j) = (pair[0] as usize, pair[1] as usize);
        let d = diff[i];
        sum = [sum[0] + d[0], sum[1] + d[1]];
        if line(hot[i]) != line(hot[j]) {
            // Every piece of the line ended at or before its last pixel.
            sum = [0, 0];
            continue;
        }
        if sum != [0, 0] {
            pieces.push(([pair[0], pair[1]], sum));
        }
    }
}

/// The arrangement of merged pieces over `hot` (pixel indices `a < b`): the vertices are
/// the used pixels, in order, numbered by rank; the segments sorted by `(a, b)`.
fn assemble(mut pieces: Vec<([u32; 2], [i32; 2])>, hot: &[GridPoint]) -> Arrangement {
    let (vertices, rank) = rank_used_pixels(hot, pieces.iter().map(|&(pair, _)| pair));
    radix::sort_by_index_pair(&mut pieces, hot.len(), |&(pair, _)| pair);
    let segments = pieces
        .iter()
        .map(|&([a, b], delta)| Segment {
            a: rank[a as usize],
            b: rank[b as usize],
            delta,
        })
        .collect();
    Arrangement { vertices, segments }
}
