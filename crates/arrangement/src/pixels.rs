//! The pixel grid: an adaptive grid over the hot pixels alone, for the pixel candidates of
//! the sweep, the box sweep and the crowded cells of the candidate grid (spec, "Finding
//! crossings and nearby pixels": the way candidates are found never changes a result).
//!
//! The sweeps hand a fragment the hot pixels of its x range (or of its y range), the grid
//! those of the cells it passes. Where crossings crowd one place, such as many long edges
//! crossing near one point (issue #24, the crossing bundle), every edge's range, and the
//! one cell holding the crowd, holds the whole cloud of crossing pixels, and the
//! candidates grow as `n^(7/3)`. The pixel grid lists each pixel in one square cell, and
//! a cell holding more than [`DENSE`] pixels in a finer grid of its own, so a fragment is
//! handed the pixels of the cells within one unit of it, at every level.

use crate::fragment::{Bounds, Fragment};
use crate::grid::Cells;
use crate::par::{bucket_sort, map_linear_chunks};
use onepath_predicates::GridPoint;

/// A cell holding more than this many pixels gets a finer grid of its own.
const DENSE: usize = 64;

/// Below this many pixels in its range, a fragment reads them directly: a walk of the
/// grid's cells costs more than the exact tests it saves.
pub(crate) const DIRECT_MAX: usize = 64;

/// Hot pixels (their indices in the sorted pixel list) in square cells over their bounding
/// box, with a finer pixel grid for each cell holding more than [`DENSE`].
pub(crate) struct PixelGrid {
    /// The cells over the pixels' bounding box (`lo` is its lower corner).
    cells: Cells,
    /// The upper corner of the pixels' bounding box.
    hi: GridPoint,
    /// Start of each cell's list in `items` (one entry per cell, plus the end).
    start: Vec<usize>,
    /// Pixel indices, cell by cell, increasing within a cell.
    items: Vec<u32>,
    /// The cells holding more than [`DENSE`] pixels, with their finer grids.
    dense: DenseCells,
}

/// The cells of a grid's pixel lists that hold more than [`DENSE`] pixels, each with a
/// finer [`PixelGrid`] over its pixels, which the walks read instead of the cell's list
/// (the pixel grid at every level, and the candidate grid of `grid.rs`).
#[derive(Default)]
pub(crate) struct DenseCells {
    /// The dense cells, increasing; `finer[k]` is the grid over the pixels of `cells[k]`.
    cells: Vec<u32>,
    finer: Vec<PixelGrid>,
}

impl DenseCells {
    /// The dense cells of the pixel lists `items[start[cell]..start[cell + 1]]` (found in
    /// chunks, on every core with the feature `parallel`).
    pub(crate) fn of(start: &[usize], items: &[u32], pixels: &[GridPoint]) -> Self {
        // Cells in blocks of eight: a block holding at most DENSE pixels in all has no
        // dense cell (most blocks, where pixels are spread: an eighth of the scan).
        const BLOCK: usize = 8;
        let count = start.len() - 1;
        let cells: Vec<u32> = map_linear_chunks(count.div_ceil(BLOCK), |blocks| {
            let mut dense = Vec::new();
            for block in blocks {
                let (first, end) = (block * BLOCK, (block * BLOCK + BLOCK).min(count));
                if start[end] - start[first] > DENSE {
                    for cell in first..end {
                        if start[cell + 1] - start[cell] > DENSE {
                            dense.push(cell as u32);
                        }
                    }
                }
            }
            dense
        })
        .concat();
        let finer = cells
            .iter()
            .map(|&cell| {
                let held = &items[start[cell as usize]..start[cell as usize + 1]];
                PixelGrid::over(pixels, held.to_vec())
            })
            .collect();
        DenseCells { cells, finer }
    }

    /// True when no cell is dense.
    #[inline(always)]
    pub(crate) fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Calls `visit(c, index of c)` for the pixels of cells `from..to` (whose lists
    /// `list(from, to)` gives): the lists of the cells that are not dense, and the pixels
    /// the finer grids of the dense ones hand out for `f` ([`PixelGrid::for_each_near`]).
    #[inline]
    pub(crate) fn visit_cells<'a, V: FnMut(GridPoint, u32)>(
        &self,
        (mut from, to): (usize, usize),
        list: impl Fn(usize, usize) -> &'a [u32],
        f: &Fragment,
        pixels: &[GridPoint],
        visit: &mut V,
    ) {
        let mut k = self.cells.partition_point(|&c| (c as usize) < from);
        while let Some(&cell) = self.cells.get(k)
            && (cell as usize) < to
        {
            for &id in list(from, cell as usize) {
                visit(pixels[id as usize], id);
            }
            self.finer[k].for_each_near(f, pixels, visit);
            from = cell as usize + 1;
            k += 1;
        }
        for &id in list(from, to) {
            visit(pixels[id as usize], id);
        }
    }
}

impl PixelGrid {
    /// The pixel grid over `pixels` when some fragment's range can hold more than
    /// [`DIRECT_MAX`] of them, else `None` (they are read directly).
    pub(crate) fn when_useful(pixels: &[GridPoint]) -> Option<Self> {
        (pixels.len() > DIRECT_MAX).then(|| Self::new(pixels))
    }

    /// The pixel grid over every one of the distinct points `pixels` (index `i` for
    /// `pixels[i]`).
    pub(crate) fn new(pixels: &[GridPoint]) -> Self {
        debug_assert!(u32::try_from(pixels.len()).is_ok());
        Self::over(pixels, (0..pixels.len() as u32).collect())
    }

    /// The grid over the pixels `ids` (increasing): the least cell side `2^s` at which the
    /// box has at most one cell per pixel. A finer grid is built over a cell of side `2^t`
    /// holding more than [`DENSE`] distinct points; its box lies in that cell, so side
    /// `2^(t-1)` gives it at most 4 cells, within its budget: the side halves at least at
    /// every level, and a cell of side 1 holds one point, so the levels end.
    fn over(pixels: &[GridPoint], ids: Vec<u32>) -> Self {
        let bounds = Bounds::of(ids.iter().map(|&id| pixels[id as usize]));
        let (lo, hi) = bounds
            .corners()
            .unwrap_or((GridPoint::default(), GridPoint::default()));
        let span = ((hi.x - lo.x) as u64, (hi.y - lo.y) as u64);
        let budget = ids.len().max(1) as u128;
        let count = |s: u32| ((span.0 >> s) as u128 + 1) * ((span.1 >> s) as u128 + 1);
        let mut shift = 0;
        while shift < 63 && count(shift) > budget {
            shift += 1;
        }
        let cells = Cells {
            origin: lo,
            shift,
            cols: (span.0 >> shift) as usize + 1,
            rows: (span.1 >> shift) as usize + 1,
        };
        // The crate's counting sort keeps each cell's list in the order of `ids`.
        let cell_of = |&id: &u32| {
            let c = pixels[id as usize];
            ((c.x - lo.x) >> shift) as usize * cells.rows + ((c.y - lo.y) >> shift) as usize
        };
        let (start, items) = bucket_sort(
            std::slice::from_ref(&ids),
            cells.cols * cells.rows,
            cell_of,
            |_, &id| id,
            |_| {},
        );
        let dense = DenseCells::of(&start, &items, pixels);
        PixelGrid {
            cells,
            hi,
            start,
            items,
            dense,
        }
    }

    /// The number of levels: 1 without finer grids.
    #[cfg(test)]
    fn depth(&self) -> usize {
        1 + self
            .dense
            .finer
            .iter()
            .map(PixelGrid::depth)
            .max()
            .unwrap_or(0)
    }

    /// The pixels listed in cells `from..to`.
    #[inline]
    fn list(&self, from: usize, to: usize) -> &[u32] {
        &self.items[self.start[from]..self.start[to]]
    }

    /// Calls `visit(c, index of c)` for hot pixels including every one whose centre lies
    /// within one unit per axis of a point of the fragment (so every pixel whose square the
    /// segment meets, and every centre on it), each once.
    pub(crate) fn for_each_near<V: FnMut(GridPoint, u32)>(
        &self,
        f: &Fragment,
        pixels: &[GridPoint],
        visit: &mut V,
    ) {
        // A fragment that does not come within one unit of the box meets none of its
        // pixels; one that does has, in every column the spans visit, a part within one
        // unit of the column, so the spans' rows come from points of the segment itself.
        let (lo, (y0, y1)) = (self.cells.origin, f.y_range());
        if f.q.x + 1 < lo.x || f.p.x - 1 > self.hi.x || y1 + 1 < lo.y || y0 - 1 > self.hi.y {
            return;
        }
        let rows = self.cells.rows;
        self.cells.near_spans(f, |col, r0, r1| {
            let cells = (col * rows + r0, col * rows + r1 + 1);
            let list = |from, to| self.list(from, to);
            self.dense.visit_cells(cells, list, f, pixels, visit);
        });
    }

    /// Checks what the grid promises over `pixels`: every pixel is listed exactly once at
    /// each level that holds it, in the cell holding its point, lists increase within a
    /// cell, every cell holding more than [`DENSE`] pixels (and only those) has a finer
    /// grid over exactly its pixels, whose cells are smaller, and the boxes hold their
    /// pixels. Returns the first broken promise. (For the tests: the walk's callers only
    /// need its superset, which the tests check against the exact pixel test.)
    #[cfg(test)]
    pub(crate) fn check_invariants(&self, pixels: &[GridPoint]) -> Result<(), String> {
        let listed = self.check_level(pixels, None)?;
        if listed.len() != pixels.len() {
            return Err(format!(
                "{} of {} pixels are listed",
                listed.len(),
                pixels.len()
            ));
        }
        Ok(())
    }

    /// [`PixelGrid::check_invariants`] for this level, whose cells must be smaller than
    /// `2^parent_shift` when it has a parent; returns the pixels it lists, increasing.
    #[cfg(test)]
    fn check_level(
        &self,
        pixels: &[GridPoint],
        parent_shift: Option<u32>,
    ) -> Result<Vec<u32>, String> {
        let Cells {
            origin,
            shift,
            cols,
            rows,
        } = self.cells;
        if parent_shift.is_some_and(|parent| shift >= parent) {
            return Err(format!("a finer grid's side 2^{shift} is not smaller"));
        }
        if self.start.len() != cols * rows + 1
            || self.start[0] != 0
            || self.start[cols * rows] != self.items.len()
        {
            return Err("cell starts do not cover the lists".into());
        }
        let mut dense = Vec::new();
        for cell in 0..cols * rows {
            if self.start[cell] > self.start[cell + 1] {
                return Err(format!("cell {cell} starts after its end"));
            }
            let held = self.list(cell, cell + 1);
            if !held.is_sorted_by(|a, b| a < b) {
                return Err(format!("cell {cell}'s list does not increase"));
            }
            for &id in held {
                let c = *pixels
                    .get(id as usize)
                    .ok_or(format!("pixel {id} does not exist"))?;
                let at = ((c.x - origin.x) >> shift, (c.y - origin.y) >> shift);
                let home = ((cell / rows) as i64, (cell % rows) as i64);
                if c.x > self.hi.x
                    || c.y > self.hi.y
                    || c.x < origin.x
                    || c.y < origin.y
                    || at != home
                {
                    return Err(format!("pixel {id} at {c:?} is listed in cell {cell}"));
                }
            }
            if held.len() > DENSE {
                dense.push(cell as u32);
            }
        }
        if dense != self.dense.cells || self.dense.finer.len() != dense.len() {
            return Err("the finer grids are not those of the dense cells".into());
        }
        for (&cell, finer) in dense.iter().zip(&self.dense.finer) {
            let held = self.list(cell as usize, cell as usize + 1);
            if finer.check_level(pixels, Some(shift))? != held {
                return Err(format!("cell {cell}'s finer grid holds other pixels"));
            }
        }
        let mut listed = self.items.clone();
        listed.sort_unstable();
        if let Some(pair) = listed.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(format!("pixel {} is listed twice", pair[0]));
        }
        Ok(listed)
    }
}

#[cfg(test)]
mod tests {
    //! The walk hands each fragment every pixel its segment meets, each once, on pixel sets
    //! spread and crowded, at every level of finer grids.

    use super::*;
    use onepath_predicates::segment_meets_pixel;
    use onepath_testkit::Rng;

    /// Distinct sorted points: a spread share over `spread`, the rest crowded within
    /// `crowd` of the origin, as crossing pixels crowd where many edges cross.
    fn points(rng: &mut Rng, n: usize, spread: i64, crowd: i64) -> Vec<GridPoint> {
        let mut points: Vec<GridPoint> = (0..n)
            .map(|k| {
                let r = if k % 3 == 0 { spread } else { crowd };
                GridPoint::new(rng.range(-r, r), rng.range(-r, r))
            })
            .collect();
        points.sort_unstable();
        points.dedup();
        points
    }

    #[test]
    fn every_met_pixel_is_visited_once() {
        let mut rng = Rng::new(0x9E37);
        let mut deepest = 0;
        for case in 0..60 {
            let n = [10, 200, 3_000, 20_000][case % 4];
            let (spread, crowd) =
                [(1 << 20, 30), (1 << 10, 4), (50, 50), (1 << 30, 2_000)][case / 4 % 4];
            let pixels = points(&mut rng, n, spread, crowd);
            let grid = PixelGrid::new(&pixels);
            grid.check_invariants(&pixels).expect("invariants");
            deepest = deepest.max(grid.depth());
            for _ in 0..40 {
                // Long edges through the crowd, short ones within it and edges beyond it.
                let reach = [spread, crowd, 3 * spread][rng.range(0, 2) as usize];
                let (a, b) = (
                    GridPoint::new(rng.range(-reach, reach), rng.range(-reach, reach)),
                    GridPoint::new(rng.range(-reach, reach), rng.range(-reach, reach)),
                );
                if a == b {
                    continue;
                }
                let f = Fragment::directed(a, b, [1, 0]);
                let mut visits = vec![0u32; pixels.len()];
                grid.for_each_near(&f, &pixels, &mut |c, id| {
                    assert_eq!(c, pixels[id as usize]);
                    visits[id as usize] += 1;
                });
                for (id, &c) in pixels.iter().enumerate() {
                    assert!(visits[id] <= 1, "case {case}: pixel {c:?} visited twice");
                    if segment_meets_pixel(f.p, f.q, c) || f.p == c || f.q == c {
                        assert_eq!(visits[id], 1, "case {case}: {f:?} meets {c:?}");
                    }
                }
            }
        }
        // The crowded sets go several levels deep.
        assert!(deepest >= 3, "{deepest}");
    }

    #[test]
    fn the_checker_finds_broken_grids() {
        let mut rng = Rng::new(5);
        let pixels = points(&mut rng, 5_000, 1 << 16, 20);
        let grid = PixelGrid::new(&pixels);
        grid.check_invariants(&pixels).expect("valid");
        assert!(!grid.dense.is_empty());
        // A pixel moved to another cell, a list out of order, a dense cell without its
        // finer grid, a pixel missing.
        let mut moved = PixelGrid::new(&pixels);
        let k = moved.items.len() - 1;
        moved.items.swap(0, k);
        assert!(moved.check_invariants(&pixels).is_err());
        let mut unfiner = PixelGrid::new(&pixels);
        unfiner.dense.finer.pop();
        assert!(unfiner.check_invariants(&pixels).is_err());
        let mut short = PixelGrid::new(&pixels[..pixels.len() - 1]);
        short.dense = DenseCells::default();
        assert!(short.check_invariants(&pixels).is_err());
        let mut deep = PixelGrid::new(&pixels);
        let finer = &mut deep.dense.finer[0];
        let last = finer.items.len() - 1;
        finer.items.swap(0, last);
        assert!(deep.check_invariants(&pixels).is_err());
    }
}
