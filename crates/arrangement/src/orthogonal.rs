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

use crate::fragment::{FragmentSet, OverPixels, merge_two, rank_used_pixels, remap_pairs};
use crate::options::ArrangeStats;
use crate::par;
use crate::radix;
use crate::types::{Arrangement, Segment};
use onepath_predicates::GridPoint;
use std::ops::Range;

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
    let pieces = axis_pieces(|| ids.iter().copied().zip(deltas.iter().copied()), &hot, 0);
    drop((ids, deltas));
    stats.fragments = pieces.len();
    assemble(pieces, &hot)
}

/// Step 3 and the merge of step 5 for axis-parallel fragments given as their endpoints'
/// indices in the sorted `hot` pixels, which hold every hot pixel, and their deltas
/// (`fragments()` lists them, each time the same, so that a caller can remap and filter
/// them without a copy): per line, the stretches between consecutive hot pixels covered
/// with a non-zero sum of deltas, keyed by their pixel indices, vertical lines first. The
/// vector has room for `extra` more pieces and no more.
///
/// The pieces are counted before they are collected, so that no vector grown by doubling
/// (up to twice their size) is held, and one array of net deltas serves both
/// orientations in turn, filled anew for each pass (issue #24: this was the build's peak
/// of memory).
pub(crate) fn axis_pieces<I: Iterator<Item = ([u32; 2], [i32; 2])>>(
    fragments: impl Fn() -> I,
    hot: &[GridPoint],
    extra: usize,
) -> Vec<([u32; 2], [i32; 2])> {
    let n = hot.len();
    // Whether each fragment is horizontal, a bit each, found by the first pass so that the
    // later ones need not read its pixels.
    let mut horizontal: Vec<u64> = Vec::new();
    // Net deltas entering at each pixel of the lines of one orientation: a fragment adds
    // its delta at its first pixel and takes it back at its last.
    let add = |diff: &mut NetDeltas, [p, q]: [u32; 2], d: [i32; 2]| {
        diff.add(p as usize, d);
        diff.add(q as usize, [-d[0], -d[1]]);
    };
    // By internal iteration (`for_each`), which the compiler inlines through the callers'
    // adapters where a `for` loop's calls of `next` were not (callgrind).
    let fill = |diff: &mut NetDeltas, horizontal: &[u64], wanted: bool| {
        diff.clear();
        fragments().enumerate().for_each(|(k, (pair, d))| {
            if (horizontal[k / 64] >> (k % 64) & 1 == 1) == wanted {
                add(diff, pair, d);
            }
        });
    };
    // Horizontal lines: the pixels in (y, x) order, which a stable sort by y alone gives
    // because `hot` is in (x, y) order.
    let mut by_row: Vec<u32> = (0..n as u32).collect();
    radix::sort_by_coordinate(&mut by_row, |&i| hot[i as usize].y);
    // Made after the sort, so that the sort's buffers and it are not held together.
    let mut diff = NetDeltas::new(n);
    fragments().enumerate().for_each(|(k, (pair, d))| {
        if k % 64 == 0 {
            horizontal.push(0);
        }
        if hot[pair[0] as usize].y == hot[pair[1] as usize].y {
            horizontal[k / 64] |= 1 << (k % 64);
            add(&mut diff, pair, d);
        }
    });
    // The lines of each orientation in parts that start at a line's first pixel, swept on
    // every core with the feature `parallel`: a part's sweep starts with a zero sum, as
    // one sweep does at every line's start, so the parts' pieces in order are its pieces.
    let column_parts = par::run_parts(n, |i| hot[i].x != hot[i - 1].x);
    let row_parts = par::run_parts(n, |k| {
        hot[by_row[k] as usize].y != hot[by_row[k - 1] as usize].y
    });
    let columns = |range: Range<usize>| range;
    let rows = |range: Range<usize>| by_row[range].iter().map(|&i| i as usize);
    let row_sizes = count_pieces(&row_parts, &rows, hot, &diff, |c| c.y);
    fill(&mut diff, &horizontal, false);
    let column_sizes = count_pieces(&column_parts, &columns, hot, &diff, |c| c.x);
    let in_columns: usize = column_sizes.iter().sum();
    let count = in_columns + row_sizes.iter().sum::<usize>();
    let mut pieces = Vec::with_capacity(count + extra);
    pieces.resize(count, ([0, 0], [0, 0]));
    let (column_slots, row_slots) = pieces.split_at_mut(in_columns);
    let sweep_columns = (&column_parts[..], &column_sizes[..]);
    let sweep_rows = (&row_parts[..], &row_sizes[..]);
    write_pieces(sweep_columns, &columns, hot, &diff, |c| c.x, column_slots);
    fill(&mut diff, &horizontal, true);
    write_pieces(sweep_rows, &rows, hot, &diff, |c| c.y, row_slots);
    pieces
}

/// The net deltas of the pixels in 16 bits a count while every one fits (a tile map's
/// pixels see a handful of unit deltas), else in 32: the axis sweep's array the size of
/// the pixels in half the bytes (issue #24). The values are the same either way.
#[derive(Debug)]
enum NetDeltas {
    Narrow(Vec<[i16; 2]>),
    Wide(Vec<[i32; 2]>),
}

impl NetDeltas {
    /// `n` zero deltas.
    fn new(n: usize) -> Self {
        Self::Narrow(vec![[0; 2]; n])
    }

    /// Every delta back to zero (a wide array stays wide).
    fn clear(&mut self) {
        match self {
            Self::Narrow(v) => v.fill([0, 0]),
            Self::Wide(v) => v.fill([0, 0]),
        }
    }

    /// The net delta of pixel `i`.
    #[inline(always)]
    fn get(&self, i: usize) -> [i32; 2] {
        match self {
            Self::Narrow(v) => [i32::from(v[i][0]), i32::from(v[i][1])],
            Self::Wide(v) => v[i],
        }
    }

    /// Adds `d` to the net delta of pixel `i`, widening the array when the sum leaves 16
    /// bits.
    #[inline(always)]
    fn add(&mut self, i: usize, d: [i32; 2]) {
        if let Self::Narrow(v) = self {
            let sum = [i32::from(v[i][0]) + d[0], i32::from(v[i][1]) + d[1]];
            if let (Ok(a), Ok(b)) = (i16::try_from(sum[0]), i16::try_from(sum[1])) {
                v[i] = [a, b];
                return;
            }
            *self = Self::Wide(
                v.iter()
                    .map(|c| [i32::from(c[0]), i32::from(c[1])])
                    .collect(),
            );
        }
        if let Self::Wide(v) = self {
            v[i] = [v[i][0] + d[0], v[i][1] + d[1]];
        }
    }
}

/// Every proper crossing of a horizontal and a vertical fragment among the axis-parallel
/// `fragments[k]` with `take(k)`, as sorted distinct grid points. A sweep over the vertical
/// fragments in increasing x keeps the number of active horizontal fragments per row, so
/// each vertical fragment at x sees exactly the rows of the horizontal fragments with
/// `x1 < x < x2` and takes those strictly between its ends.
///
/// The active rows before a vertical fragment at `x` are a function of `x` alone (those
/// of the horizontal fragments with `x1 < x < x2`), so the sweep runs in strips of
/// consecutive vertical fragments, on every core with the feature `parallel`
/// ([`par::strips`]): each strip finds its starting rows by one scan of the horizontal
/// fragments that start before it, and the strips' points, concatenated in order, are the
/// points of one sweep.
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
    let mut rows: Vec<i64> = starts
        .iter()
        .map(|&k| fragments.get(k as usize).p.y)
        .collect();
    radix::sort_by_coordinate(&mut rows, |&y| y);
    rows.dedup();
    let sweep = Sweep {
        fragments,
        starts: &starts,
        ends: &ends,
        columns: &columns,
        rows: &rows,
    };
    let parts = par::strips(columns.len(), par::PARALLEL_MIN);
    let mut points = if parts.len() == 1 {
        sweep.strip(0..columns.len())
    } else {
        par::map_parts(&parts, |range| sweep.strip(range)).concat()
    };
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

/// What the sweep of [`crossing_points`] reads: the horizontal fragments by start and by
/// end, the vertical ones (all by index, in x order) and the distinct rows.
struct Sweep<'a, F: FragmentSet + ?Sized> {
    fragments: &'a F,
    starts: &'a [u32],
    ends: &'a [u32],
    columns: &'a [u32],
    rows: &'a [i64],
}

impl<F: FragmentSet + ?Sized> Sweep<'_, F> {
    fn start(&self, i: usize) -> GridPoint {
        self.fragments.get(self.starts[i] as usize).p
    }

    fn end(&self, i: usize) -> GridPoint {
        self.fragments.get(self.ends[i] as usize).q
    }

    /// The crossing points of the vertical fragments `columns[range]`, in their order.
    fn strip(&self, range: Range<usize>) -> Vec<GridPoint> {
        let mut active = ActiveRows::new(self.rows);
        let mut points = Vec::new();
        let Some(&first) = self.columns.get(range.start) else {
            return points;
        };
        let (mut s, mut e) = (0, 0);
        if range.start > 0 {
            // The state the loops below leave before a column at `x0`: every fragment
            // with `x1 < x0` entered and every one with `x2 <= x0` left, which are those
            // with `x1 < x0 < x2` active (a fragment ends after it starts).
            let x0 = self.fragments.get(first as usize).p.x;
            s = self
                .starts
                .partition_point(|&k| self.fragments.get(k as usize).p.x < x0);
            e = self
                .ends
                .partition_point(|&k| self.fragments.get(k as usize).q.x <= x0);
            for &k in &self.starts[..s] {
                let f = self.fragments.get(k as usize);
                if f.q.x > x0 {
                    active.enter(f.p.y);
                }
            }
        }
        for &k in &self.columns[range] {
            let f = self.fragments.get(k as usize);
            let (x, y1, y2) = (f.p.x, f.p.y, f.q.y);
            // Every fragment with x1 < x enters, then every one with x2 <= x leaves (one
            // that starts and ends before x enters and leaves in this step): the active
            // rows are those of the fragments with x1 < x < x2.
            while s < self.starts.len() {
                let c = self.start(s);
                if c.x >= x {
                    break;
                }
                active.enter(c.y);
                s += 1;
            }
            while e < self.ends.len() {
                let c = self.end(e);
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
        points
    }
}

/// The rows of the horizontal fragments, each with the number of active fragments on it,
/// and a bit per row that is set while that number is not zero: entering and leaving
/// cost a binary search, and the active rows strictly between two ordinates are found
/// in increasing order a machine word at a time.
struct ActiveRows<'a> {
    /// The distinct rows, increasing.
    rows: &'a [i64],
    /// The active fragments on each row.
    counts: Vec<u32>,
    /// Bit `k % 64` of word `k / 64` is set when row `k` has an active fragment.
    bits: Vec<u64>,
}

impl<'a> ActiveRows<'a> {
    /// The distinct increasing `rows`, none active.
    fn new(rows: &'a [i64]) -> Self {
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
///
/// The merge runs in place, from the back (each pixel moves up by the number of `extra`
/// pixels below it, so none is overwritten before it is read): the pixels are never held
/// twice, which was the arrangement's peak of memory for large maps (issue #24).
pub(crate) fn merge_with_remap(
    mut hot: Vec<GridPoint>,
    extra: &[GridPoint],
) -> (Vec<GridPoint>, Vec<u32>) {
    let n = hot.len();
    if extra.is_empty() {
        return (hot, (0..n as u32).collect());
    }
    // Every entry is written by the merge below.
    let mut remap = vec![0u32; n];
    // The merged length (a pixel in both lists once), by a merge that only counts.
    let mut total = 0;
    merge_two(&hot, extra, |_| total += 1);
    hot.reserve_exact(total - n);
    hot.resize(total, GridPoint::new(0, 0));
    // From the back: `k` is the next slot to fill, `i` and `j` count the pixels of `hot`
    // and `extra` not yet placed; `k + 1 = i + j - (common pixels not yet placed)`, so
    // `k >= i - 1` and slot `k` holds no unread pixel of `hot`.
    let (mut i, mut j) = (n, extra.len());
    for k in (0..total).rev() {
        let take_hot = j == 0 || (i > 0 && hot[i - 1] >= extra[j - 1]);
        if take_hot {
            if j > 0 && hot[i - 1] == extra[j - 1] {
                j -= 1;
            }
            i -= 1;
            hot[k] = hot[i];
            remap[i] = k as u32;
        } else {
            j -= 1;
            hot[k] = extra[j];
        }
    }
    // The numbering's pixels may come with room to spare, which the merge fills first;
    // the merged pixels keep none.
    hot.shrink_to_fit();
    (hot, remap)
}

/// The number of pieces of each part of the lines that `order(part)` lists (see
/// [`sweep_lines`]), the parts on every core with the feature `parallel`.
fn count_pieces<I: Iterator<Item = usize>>(
    parts: &[Range<usize>],
    order: &(impl Fn(Range<usize>) -> I + Sync),
    hot: &[GridPoint],
    diff: &NetDeltas,
    line: impl Fn(GridPoint) -> i64 + Sync,
) -> Vec<usize> {
    par::map_parts(parts, |range| {
        let mut count = 0;
        sweep_lines(order(range), hot, diff, &line, |_, _| count += 1);
        count
    })
}

/// The pieces of the parts of the lines (`parts`, their counts from [`count_pieces`] and
/// `order`) written in order into `slots`, which has room for exactly all of them.
fn write_pieces<I: Iterator<Item = usize>>(
    (parts, sizes): (&[Range<usize>], &[usize]),
    order: &(impl Fn(Range<usize>) -> I + Sync),
    hot: &[GridPoint],
    diff: &NetDeltas,
    line: impl Fn(GridPoint) -> i64 + Sync,
    slots: &mut [([u32; 2], [i32; 2])],
) {
    par::fill_split(slots, parts, sizes, |range, slots| {
        let mut next = slots.iter_mut();
        sweep_lines(order(range), hot, diff, &line, |pair, sum| {
            if let Some(slot) = next.next() {
                *slot = (pair, sum);
            }
        });
        debug_assert!(next.next().is_none(), "as many pieces as counted");
    });
}

/// One pass over the pixels in `order` (each line's pixels consecutive and in order along
/// it, `line` telling the line): the stretch between two consecutive pixels of a line
/// carries the running sum of `diff` (step 5's merge of the split pieces); non-zero
/// stretches go to `piece` with their pixel indices.
fn sweep_lines(
    mut order: impl Iterator<Item = usize>,
    hot: &[GridPoint],
    diff: &NetDeltas,
    line: impl Fn(GridPoint) -> i64,
    mut piece: impl FnMut([u32; 2], [i32; 2]),
) {
    let mut sum = [0i32; 2];
    let Some(mut i) = order.next() else {
        return;
    };
    for j in order {
        let d = diff.get(i);
        sum = [sum[0] + d[0], sum[1] + d[1]];
        if line(hot[i]) != line(hot[j]) {
            // Every piece of the line ended at or before its last pixel.
            sum = [0, 0];
        } else if sum != [0, 0] {
            piece([i as u32, j as u32], sum);
        }
        i = j;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_merge_in_place_is_the_sorted_union_with_every_pixels_new_index() {
        let mut rng = onepath_testkit::Rng::new(0x2545);
        for case in 0..400 {
            let span = [3, 10, 40][case % 3];
            let mut draw = |count: i64| {
                let mut points: Vec<GridPoint> = (0..rng.range_half_open(0, count))
                    .map(|_| {
                        let x = rng.range_half_open(-5, span - 5);
                        GridPoint::new(x, rng.range_half_open(0, span))
                    })
                    .collect();
                points.sort_unstable();
                points.dedup();
                points
            };
            let (hot, extra) = (draw(60), draw(60));
            let mut expected: Vec<GridPoint> = hot.iter().chain(&extra).copied().collect();
            expected.sort_unstable();
            expected.dedup();
            let (merged, remap) = merge_with_remap(hot.clone(), &extra);
            assert_eq!(merged, expected, "case {case}");
            assert_eq!(remap.len(), hot.len());
            for (i, &k) in remap.iter().enumerate() {
                assert_eq!(merged[k as usize], hot[i], "case {case}, pixel {i}");
            }
        }
    }
}
