//! The uniform grid of the candidate search (spec, "Finding crossings and nearby pixels"):
//! square cells of side `2^s`, fragments listed in every cell their segment passes through,
//! hot pixels in the one cell holding them.

use crate::fragment::{Bounds, Fragment, FragmentSet};
use crate::par::{bucket_sort, fill_chunks, fill_each};
use crate::pixels::DenseCells;
use onepath_predicates::{GridPoint, crossing_floor, properly_cross};

/// The grid over a set of fragments and hot pixels. Cells are numbered column-major
/// (`column * rows + row`), so the rows of one column form one contiguous range of the
/// per-cell lists.
pub(crate) struct Grid {
    /// The cells' geometry.
    cells: Cells,
    /// Start of each cell's fragment list in `seg_items` (one entry per cell, plus the end).
    seg_start: Vec<usize>,
    /// Fragment indices, cell by cell, increasing within a cell.
    seg_items: Vec<u32>,
    /// Start of each cell's hot-pixel list in `pix_items`.
    pix_start: Vec<usize>,
    /// Hot pixels (as their indices in the sorted pixel list), cell by cell, increasing
    /// within a cell. The points are read from that list: 4 bytes a pixel instead of 24
    /// (a copy of every point here was a whole-map build's peak of memory, issue #24).
    pix_items: Vec<u32>,
    /// The cells holding many hot pixels, with finer grids over them: where crossings
    /// crowd one cell, each fragment there reads the pixels near it, not all of the cell's.
    dense: DenseCells,
}

/// `floor(a * b / d)` for `d > 0`, exactly (in `i128` when the product overflows `i64`).
#[inline]
fn floor_mul_div(a: i64, b: i64, d: i64) -> i64 {
    match a.checked_mul(b) {
        Some(product) => product.div_euclid(d),
        None => (a as i128 * b as i128).div_euclid(d as i128) as i64,
    }
}

/// Square cells of side `2^shift` from `origin`, `cols` by `rows` of them, numbered
/// column-major: the geometry of the candidate grid and of the pixel grid
/// ([`crate::pixels::PixelGrid`]), which walk a segment's cells with the same spans.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cells {
    pub(crate) origin: GridPoint,
    pub(crate) shift: u32,
    pub(crate) cols: usize,
    pub(crate) rows: usize,
}

impl Cells {
    /// Calls `visit(column, first row, last row)` for the cells holding every integer point
    /// `c` with `|c − X| ≤ 1` per axis for some point `X` of the segment (clamped to the
    /// grid): per column, the segment's y over the x range that reaches the column's
    /// centres, widened by one unit (two above, for the floor of the upper end).
    #[inline(always)]
    pub(crate) fn near_spans(&self, f: &Fragment, mut visit: impl FnMut(usize, usize, usize)) {
        let shift = self.shift;
        let clamp_col = |x: i64| ((x - self.origin.x).max(0) >> shift).min(self.cols as i64 - 1);
        let clamp_row = |y: i64| ((y - self.origin.y).max(0) >> shift).min(self.rows as i64 - 1);
        let (y_lo, y_hi) = f.y_range();
        let (dx, dy) = (f.q.x - f.p.x, f.q.y - f.p.y);
        for col in clamp_col(f.p.x - 1)..=clamp_col(f.q.x + 1) {
            let first = self.origin.x + (col << shift);
            let last = first + (1i64 << shift) - 1;
            let (rows_lo, rows_hi) = if dx == 0 {
                (y_lo, y_hi)
            } else {
                // The part of the segment with x in [first − 1, last + 1].
                let (xa, xb) = ((first - 1).max(f.p.x), (last + 1).min(f.q.x));
                let ya = f.p.y + floor_mul_div(xa - f.p.x, dy, dx);
                let yb = f.p.y + floor_mul_div(xb - f.p.x, dy, dx);
                (ya.min(yb), ya.max(yb) + 1)
            };
            let (r0, r1) = (clamp_row(rows_lo - 1), clamp_row(rows_hi + 1));
            visit(col as usize, r0 as usize, r1 as usize);
        }
    }
}

/// How the grid's cell side `2^s` is chosen. Neither rule changes a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CellRule {
    /// The specification's: the least `s >= 1` with `2^s` at least the mean fragment extent
    /// `max(|dx|, |dy|)`, raised until the grid over the span has at most `2n` cells.
    Specified,
    /// onepath's: the least `s >= 1` at which the fragments are listed in about `9n` cells
    /// in all (each visits about `(|dx| + |dy|) / 2^s + 1` cells), raised until the grid
    /// has at most `2n` cells. Cells several times smaller than the mean extent hold far
    /// fewer fragments and pixels each, which is what the exact tests pay for. (Measured
    /// with callgrind on the bench inputs: listings of `5n` cost the star intersection 14 %
    /// more instructions, `17n` stay within 2 % either way; `n` or `4n` cells instead of
    /// `2n` cost up to 7 % and 10 % more.)
    Fine,
}

/// The largest number of cells of a grid over `n` fragments: `2n` (and at least one).
fn cell_budget(n: u128) -> u128 {
    2 * n.max(1)
}

impl CellRule {
    /// What the rule sums over the fragments: the extent `max(|dx|, |dy|)`
    /// ([`CellRule::Specified`]) or `|dx| + |dy|` ([`CellRule::Fine`]).
    #[inline]
    fn extent(self, f: &Fragment) -> u128 {
        let d = f.q - f.p;
        match self {
            CellRule::Specified => d.max_abs() as u128,
            CellRule::Fine => (d.x.unsigned_abs() + d.y.unsigned_abs()) as u128,
        }
    }
}

/// The cell side exponent of `rule` for `n` fragments whose [`CellRule::extent`]s sum to
/// `total`, over a bounding box of `span`.
fn choose_shift(rule: CellRule, n: usize, total: u128, span: (u64, u64)) -> u32 {
    let n = n.max(1) as u128;
    let mut shift = 1u32;
    match rule {
        CellRule::Specified => {
            while (n << shift) < total {
                shift += 1;
            }
        }
        CellRule::Fine => {
            while (total >> shift) > 8 * n {
                shift += 1;
            }
        }
    }
    let cells = |s: u32| ((span.0 >> s) as u128 + 1) * ((span.1 >> s) as u128 + 1);
    while shift < 63 && cells(shift) > cell_budget(n) {
        shift += 1;
    }
    shift
}

impl Grid {
    /// Builds the grid over `fragments` (sorted or not) and the hot pixels `pixels`, with
    /// the cell size of `rule`. Without `pixel_lists` only the number of pixels in each
    /// cell is kept (for [`Grid::estimated_tests`] and [`Grid::is_clustered`]), and the
    /// crossing searches are all the grid serves until [`Grid::set_pixels`].
    pub(crate) fn build<F: FragmentSet + ?Sized>(
        fragments: &F,
        pixels: &[GridPoint],
        rule: CellRule,
        pixel_lists: bool,
    ) -> Self {
        // One pass over the fragments finds their box and the rule's sum.
        let mut bounds = Bounds::default();
        let mut total = 0u128;
        for f in fragments.iter() {
            bounds.add(f.p);
            bounds.add(f.q);
            total += rule.extent(&f);
        }
        pixels.iter().for_each(|&c| bounds.add(c));
        let (lo, hi) = bounds
            .corners()
            .unwrap_or((GridPoint::default(), GridPoint::default()));
        let span = ((hi.x - lo.x) as u64, (hi.y - lo.y) as u64);
        let shift = choose_shift(rule, fragments.len(), total, span);
        let mut grid = Grid {
            cells: Cells {
                origin: lo,
                shift,
                cols: (span.0 >> shift) as usize + 1,
                rows: (span.1 >> shift) as usize + 1,
            },
            seg_start: Vec::new(),
            seg_items: Vec::new(),
            pix_start: Vec::new(),
            pix_items: Vec::new(),
            dense: DenseCells::default(),
        };
        grid.list_fragments(fragments);
        if pixel_lists {
            grid.set_pixels(pixels);
        } else {
            grid.count_pixels(pixels);
        }
        grid
    }

    /// The pixel counts of [`Grid::set_pixels`] without the lists: `pix_start` only.
    fn count_pixels(&mut self, pixels: &[GridPoint]) {
        self.forget_pixels();
        let mut start = vec![0usize; self.cell_count() + 1];
        for &c in pixels {
            start[self.cell_of(c) + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        self.pix_start = start;
    }

    pub(crate) fn cell_count(&self) -> usize {
        self.cells.cols * self.cells.rows
    }

    /// Lists every fragment in every cell its segment passes through (counting sort of the
    /// `(cell, fragment)` entries, so each cell's list is increasing).
    fn list_fragments<F: FragmentSet + ?Sized>(&mut self, fragments: &F) {
        // The entries of the fragments, in fragment order (on every core with the feature
        // `parallel`, counted first so that the calling thread allocates them); the
        // counting sort keeps that order within a cell.
        let entries: Vec<(u32, u32)> = fill_chunks(
            fragments.len(),
            |range| {
                range
                    .map(|index| self.span_count(&fragments.get(index)))
                    .sum()
            },
            |range, slots| {
                let mut slots = slots.iter_mut();
                for index in range {
                    self.for_each_span(&fragments.get(index), |col, r0, r1| {
                        // The rows first: zipped the other way round, a slot would be
                        // taken and lost when the rows run out.
                        for (row, slot) in (r0..=r1).zip(slots.by_ref()) {
                            *slot = ((col * self.cells.rows + row) as u32, index as u32);
                        }
                    });
                }
                debug_assert!(slots.next().is_none(), "span counts and spans disagree");
            },
        );
        let cells = self.cell_count();
        let (start, items) = bucket_sort(
            std::slice::from_ref(&entries),
            cells,
            |&(cell, _)| cell as usize,
            |_, &(_, item)| item,
            |_| {},
        );
        self.seg_start = start;
        self.seg_items = items;
    }

    /// Frees the fragment lists: no crossing search may run afterwards, and the grid hands
    /// out the pixels of [`Grid::set_pixels`] only.
    pub(crate) fn forget_fragments(&mut self) {
        self.seg_start = Vec::new();
        self.seg_items = Vec::new();
    }

    /// Frees the hot-pixel lists (no cell holds a pixel until [`Grid::set_pixels`]).
    pub(crate) fn forget_pixels(&mut self) {
        self.pix_start = Vec::new();
        self.pix_items = Vec::new();
        self.dense = DenseCells::default();
    }

    /// Replaces the hot pixels: each goes to the one cell holding it.
    pub(crate) fn set_pixels(&mut self, pixels: &[GridPoint]) {
        // The old lists go first: held while the new ones are built, they were the
        // arrangement's peak of memory (issue #24).
        self.forget_pixels();
        // Cell numbers fit in `u32` (at most twice the fragments, below 2^31), as in the
        // fragment lists.
        let mut cells = vec![0u32; pixels.len()];
        fill_each(&mut cells, |i| self.cell_of(pixels[i]) as u32);
        let (start, items) = bucket_sort(
            std::slice::from_ref(&cells),
            self.cell_count(),
            |&cell| cell as usize,
            |id, _| id as u32,
            |_| {},
        );
        self.dense = DenseCells::of(&start, &items, pixels);
        self.pix_start = start;
        self.pix_items = items;
    }

    /// The cell holding `c`, clamped into the grid (every hot pixel lies inside the
    /// bounding box the grid was built over, so the clamp never moves one).
    fn cell_of(&self, c: GridPoint) -> usize {
        let col =
            ((c.x.max(self.cells.origin.x) - self.cells.origin.x) >> self.cells.shift) as usize;
        let row =
            ((c.y.max(self.cells.origin.y) - self.cells.origin.y) >> self.cells.shift) as usize;
        col.min(self.cells.cols - 1) * self.cells.rows + row.min(self.cells.rows - 1)
    }

    /// True when the cell counts show clustered input: the sum over cells of count²
    /// (fragments listed plus hot pixels held) exceeds 32 × the number of items. The
    /// pixels are counted from the cell offsets, which a grid built without pixel lists
    /// has too.
    pub(crate) fn is_clustered(&self, fragments: usize) -> bool {
        let pixels = self.pix_start.last().copied().unwrap_or(0);
        let items = (fragments + pixels) as u128;
        let sum: u128 = (0..self.cell_count())
            .map(|cell| {
                let count = (self.seg_start[cell + 1] - self.seg_start[cell]) as u128
                    + (self.pix_start[cell + 1] - self.pix_start[cell]) as u128;
                count * count
            })
            .sum();
        sum > 32 * items
    }

    /// The number of cells [`Grid::for_each_span`] visits for `f`, in constant time: the
    /// column ranges of consecutive columns meet at the row of their shared ordinate, and
    /// the rows are monotone along `f`, so the rows of every column but the first add up
    /// to the rows between `f`'s ends, plus one per column.
    pub(crate) fn span_count(&self, f: &Fragment) -> usize {
        let (c0, c1) = (self.column(f.p.x), self.column(f.q.x));
        self.row(f.p.y).abs_diff(self.row(f.q.y)) + (c1 - c0) + 1
    }

    /// The column of abscissa `x`, which lies on the grid.
    #[inline(always)]
    fn column(&self, x: i64) -> usize {
        ((x - self.cells.origin.x) >> self.cells.shift) as usize
    }

    /// The row of ordinate `y`, which lies on the grid.
    #[inline(always)]
    fn row(&self, y: i64) -> usize {
        ((y - self.cells.origin.y) >> self.cells.shift) as usize
    }

    /// Calls `visit(column, first row, last row)` for each column the fragment passes
    /// through, from its smallest x to its largest. A column is taken closed, so a segment
    /// reaching a column boundary is listed on both sides; the rows come from exact floor
    /// divisions of the segment's y at the column's ends.
    #[inline(always)]
    pub(crate) fn for_each_span(&self, f: &Fragment, mut visit: impl FnMut(usize, usize, usize)) {
        let (c0, c1) = (self.column(f.p.x), self.column(f.q.x));
        if c0 == c1 {
            let (y0, y1) = f.y_range();
            visit(c0, self.row(y0), self.row(y1));
            return;
        }
        // Here p.x < q.x, since p < q in (x, y) order and they lie in different columns.
        let (dx, dy) = (f.q.x - f.p.x, f.q.y - f.p.y);
        let mut y_start = f.p.y;
        for col in c0..=c1 {
            let y_end = if col == c1 {
                f.q.y
            } else {
                let x_end = self.cells.origin.x + (((col + 1) as i64) << self.cells.shift);
                f.p.y + floor_mul_div(x_end - f.p.x, dy, dx)
            };
            let (ra, rb) = (self.row(y_start), self.row(y_end));
            visit(col, ra.min(rb), ra.max(rb));
            y_start = y_end;
        }
    }

    /// Calls `visit(i, j)` (`i < j`) once for every pair of fragments that properly cross,
    /// counting the pairs tested in `candidates`.
    ///
    /// Every pair sharing a cell is tested there; a crossing pair is reported only by the
    /// cell holding its exact crossing point, which lists both fragments (each is listed in
    /// every cell holding a point of it), so each crossing is reported once without
    /// collecting and sorting the pairs.
    pub(crate) fn for_each_crossing<F: FragmentSet + ?Sized>(
        &self,
        fragments: &F,
        skip: Option<&[bool]>,
        candidates: &mut u64,
        visit: impl FnMut(u32, u32),
    ) {
        self.for_each_crossing_in(0..self.cell_count(), fragments, skip, candidates, visit);
    }

    /// [`Grid::for_each_crossing`] over the cells `cells` only: every crossing owned by one
    /// of them (each crossing is owned by exactly one cell).
    pub(crate) fn for_each_crossing_in<F: FragmentSet + ?Sized>(
        &self,
        cells: std::ops::Range<usize>,
        fragments: &F,
        skip: Option<&[bool]>,
        candidates: &mut u64,
        visit: impl FnMut(u32, u32),
    ) {
        // Two copies of the loop, so that the common case carries no trace of the split.
        match skip {
            None => self.crossings_in::<false, F>(cells, fragments, &[], candidates, visit),
            Some(skip) => self.crossings_in::<true, F>(cells, fragments, skip, candidates, visit),
        }
    }

    /// The loop of [`Grid::for_each_crossing_in`]; with `SKIP`, pairs of two fragments
    /// marked in `skip` are never formed.
    fn crossings_in<const SKIP: bool, F: FragmentSet + ?Sized>(
        &self,
        cells: std::ops::Range<usize>,
        fragments: &F,
        skip: &[bool],
        candidates: &mut u64,
        mut visit: impl FnMut(u32, u32),
    ) {
        let mut tested = 0u64;
        // The bounding boxes of one cell's fragments clipped to the cell's closed square
        // `[x0, x1, y0, y1]`, copied next to each other: a crossing owned by the cell lies
        // in both clipped boxes, so pairs whose clipped boxes are disjoint are skipped
        // without touching the fragments. With `SKIP`, the cell's fragments are put in the
        // order "not skipped, then skipped", and only the former start pairs.
        let mut order: Vec<u32> = Vec::new();
        let mut clipped: Vec<[i64; 4]> = Vec::new();
        let side = 1i64 << self.cells.shift;
        for cell in cells {
            let mut listed = &self.seg_items[self.seg_start[cell]..self.seg_start[cell + 1]];
            if listed.len() < 2 {
                continue;
            }
            let mut kept = listed.len();
            if SKIP {
                order.clear();
                order.extend(listed.iter().filter(|&&i| !skip[i as usize]));
                kept = order.len();
                if kept == 0 {
                    continue;
                }
                order.extend(listed.iter().filter(|&&i| skip[i as usize]));
                listed = &order;
            }
            let x0 = self.cells.origin.x + (((cell / self.cells.rows) as i64) << self.cells.shift);
            let y0 = self.cells.origin.y + (((cell % self.cells.rows) as i64) << self.cells.shift);
            let (x1, y1) = (x0 + side, y0 + side);
            clipped.clear();
            clipped.extend(listed.iter().map(|&i| {
                let f = fragments.get(i as usize);
                let (lo, hi) = f.y_range();
                [f.p.x.max(x0), f.q.x.min(x1), lo.max(y0), hi.min(y1)]
            }));
            let n = listed.len();
            tested += (n * (n - 1) / 2 - (n - kept) * (n - kept).saturating_sub(1) / 2) as u64;
            for (k, &i) in listed[..kept].iter().enumerate() {
                let box_a = clipped[k];
                for (&j, box_b) in listed[k + 1..].iter().zip(&clipped[k + 1..]) {
                    if box_a[0] > box_b[1]
                        || box_b[0] > box_a[1]
                        || box_a[2] > box_b[3]
                        || box_b[2] > box_a[3]
                    {
                        continue;
                    }
                    let (a, b) = (fragments.get(i as usize), fragments.get(j as usize));
                    if properly_cross(a.p, a.q, b.p, b.q)
                        && self.cell_of(crossing_floor(a.p, a.q, b.p, b.q)) == cell
                    {
                        // Without the split, fragments come in increasing order.
                        if SKIP {
                            visit(i.min(j), i.max(j));
                        } else {
                            visit(i, j);
                        }
                    }
                }
            }
        }
        *candidates += tested;
    }

    /// Calls `visit(c, index of c)` for candidate hot pixels of the fragment. With `near`,
    /// every pixel whose square the segment meets is among them: the cells within one unit
    /// of the segment are visited (a pixel's square holds points within half a unit of its
    /// centre). Without, the cells the segment passes through, which hold every pixel
    /// centre lying on it. In a dense cell, the pixels its finer grid hands out
    /// ([`DenseCells::visit_cells`]), which include both.
    #[inline(always)]
    pub(crate) fn for_each_pixel(
        &self,
        f: &Fragment,
        pixels: &[GridPoint],
        near: bool,
        mut visit: impl FnMut(GridPoint, u32),
    ) {
        if !self.dense.is_empty() {
            self.for_each_pixel_dense(f, pixels, near, &mut visit);
            return;
        }
        // Handed to the span walks by value, not by reference: through a reference the
        // walk's calls of it were not inlined into the reroute (callgrind: 40 million more
        // instructions on `case arrange 200000`).
        let emit = |col: usize, r0: usize, r1: usize| {
            let base = col * self.cells.rows;
            let range = self.pix_start[base + r0]..self.pix_start[base + r1 + 1];
            self.pix_items[range]
                .iter()
                .for_each(|&id| visit(pixels[id as usize], id));
        };
        if near {
            self.cells.near_spans(f, emit);
        } else {
            self.for_each_span(f, emit);
        }
    }

    /// [`Grid::for_each_pixel`] when some cells are dense: apart, so that the common case
    /// keeps its plain walk.
    #[inline(never)]
    fn for_each_pixel_dense<V: FnMut(GridPoint, u32)>(
        &self,
        f: &Fragment,
        pixels: &[GridPoint],
        near: bool,
        visit: &mut V,
    ) {
        let emit = |col: usize, r0: usize, r1: usize| {
            let base = col * self.cells.rows;
            let list =
                |from: usize, to: usize| &self.pix_items[self.pix_start[from]..self.pix_start[to]];
            let cells = (base + r0, base + r1 + 1);
            self.dense.visit_cells(cells, list, f, pixels, visit);
        };
        if near {
            self.cells.near_spans(f, emit);
        } else {
            self.for_each_span(f, emit);
        }
    }

    /// The estimated number of exact tests of the grid's searches: one per fragment pair
    /// sharing a cell, and about three cells' pixels per listed fragment.
    ///
    /// An exact integer sum, so the chunks it is summed in (on every core) cannot change it.
    pub(crate) fn estimated_tests(&self) -> u128 {
        let tests = |cell: usize| {
            let segs = (self.seg_start[cell + 1] - self.seg_start[cell]) as u128;
            let pixels = (self.pix_start[cell + 1] - self.pix_start[cell]) as u128;
            segs * segs.saturating_sub(1) / 2 + segs * (3 * pixels + 1)
        };
        crate::par::map_linear_chunks(self.cell_count(), |cells| cells.map(tests).sum::<u128>())
            .into_iter()
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The constant-time count is the number of cells the walk visits, for fragments of
    /// every direction and length on grids of every cell size.
    #[test]
    fn span_counts_are_the_cells_each_fragment_visits() {
        let mut rng = onepath_testkit::Rng::new(0x853C);
        let mut next = |m: i64| rng.range_half_open(-m / 2, m - m / 2);
        for case in 0..200 {
            let reach = [4, 40, 4000, 1 << 20][case % 4];
            let fragments: Vec<Fragment> = (0..50)
                .map(|_| {
                    let (a, b) = (
                        GridPoint::new(next(reach), next(reach)),
                        GridPoint::new(next(reach), next(reach)),
                    );
                    Fragment {
                        p: a.min(b),
                        q: a.max(b),
                        delta: [1, 0],
                    }
                })
                .filter(|f| f.p != f.q)
                .collect();
            for rule in [CellRule::Specified, CellRule::Fine] {
                let grid = Grid::build(fragments.as_slice(), &[], rule, false);
                for f in &fragments {
                    let mut cells = 0;
                    grid.for_each_span(f, |_, r0, r1| cells += r1 - r0 + 1);
                    assert_eq!(grid.span_count(f), cells, "case {case}, {f:?}");
                }
            }
        }
    }
}
