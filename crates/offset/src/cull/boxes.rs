//! Axis-aligned integer boxes and a uniform grid over them: the culling's only spatial
//! queries ("which boxes lie near this one").

use onepath_predicates::GridPoint;

/// A closed axis-aligned box of grid points, `lo <= hi` in both coordinates (also the
/// box of the shrink's rings, `ShrinkEdges::extent`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Box2 {
    pub(crate) lo: GridPoint,
    pub(crate) hi: GridPoint,
}

impl Box2 {
    /// The bounding box of `points` (at least one).
    pub(crate) fn of(points: &[GridPoint]) -> Box2 {
        let mut b = Box2 {
            lo: points[0],
            hi: points[0],
        };
        for p in &points[1..] {
            b.lo = GridPoint::new(b.lo.x.min(p.x), b.lo.y.min(p.y));
            b.hi = GridPoint::new(b.hi.x.max(p.x), b.hi.y.max(p.y));
        }
        b
    }

    /// The part of this box inside `other` (which it must meet).
    pub(super) fn clipped_to(&self, other: &Box2) -> Box2 {
        Box2 {
            lo: GridPoint::new(self.lo.x.max(other.lo.x), self.lo.y.max(other.lo.y)),
            hi: GridPoint::new(self.hi.x.min(other.hi.x), self.hi.y.min(other.hi.y)),
        }
    }

    /// The box moved by `by`.
    pub(super) fn shifted(&self, by: GridPoint) -> Box2 {
        Box2 {
            lo: self.lo + by,
            hi: self.hi + by,
        }
    }

    pub(super) fn contains(&self, other: &Box2) -> bool {
        self.lo.x <= other.lo.x
            && self.lo.y <= other.lo.y
            && other.hi.x <= self.hi.x
            && other.hi.y <= self.hi.y
    }

    /// True when the two closed boxes are at most `d` apart in the maximum norm.
    pub(super) fn within(&self, other: &Box2, d: i64) -> bool {
        self.lo.x - d <= other.hi.x
            && other.lo.x <= self.hi.x + d
            && self.lo.y - d <= other.hi.y
            && other.lo.y <= self.hi.y + d
    }

    /// True when this closed box meets the interior of `open` (empty when `open` is flat).
    pub(super) fn meets_interior_of(&self, open: &Box2) -> bool {
        self.lo.x < open.hi.x
            && open.lo.x < self.hi.x
            && self.lo.y < open.hi.y
            && open.lo.y < self.hi.y
    }
}

/// A cell side for a [`BoxGrid`] queried with `queries`: their largest side plus 3 (a
/// query grown by one unit then meets at most two cells across), and 1 without queries.
pub(super) fn cell_side<'a>(queries: impl IntoIterator<Item = &'a Box2>) -> u64 {
    queries
        .into_iter()
        .map(|b| (b.hi.x - b.lo.x).max(b.hi.y - b.lo.y).unsigned_abs() + 3)
        .max()
        .unwrap_or(1)
}

/// A uniform grid over boxes, for "which boxes lie near this one": each cell lists the
/// boxes that meet it (a counting sort into one array). The cell side only changes how
/// many boxes a query visits, never which ones it finds.
pub(super) struct BoxGrid {
    origin: GridPoint,
    shift: u32,
    columns: i64,
    rows: i64,
    /// Where each cell's list starts in `items` (one more entry for the end).
    start: Vec<u32>,
    /// Box indices, cell by cell.
    items: Vec<u32>,
}

impl BoxGrid {
    /// A grid over `items` for the queries `queries`, with cells of side `2^shift` at least
    /// `min_side`, raised until the grid has at most `4 (items + queries) + 64` cells and
    /// the items and queries cover at most `8 (items + queries) + 64` of them.
    pub(super) fn new(items: &[Box2], queries: &[Box2], min_side: u64) -> BoxGrid {
        let all = || items.iter().chain(queries);
        let origin = GridPoint::new(
            all().map(|b| b.lo.x).min().unwrap_or(0),
            all().map(|b| b.lo.y).min().unwrap_or(0),
        );
        let far = GridPoint::new(
            all().map(|b| b.hi.x).max().unwrap_or(0),
            all().map(|b| b.hi.y).max().unwrap_or(0),
        );
        let n = (items.len() + queries.len()) as u128;
        let mut grid = BoxGrid {
            origin,
            shift: 64 - min_side.max(1).saturating_sub(1).leading_zeros(),
            columns: 0,
            rows: 0,
            start: Vec::new(),
            items: Vec::new(),
        };
        // The columns and rows of the grid with cells of side `2^shift`.
        let size = |shift: u32| {
            (
                ((far.x - origin.x) >> shift) + 1,
                ((far.y - origin.y) >> shift) + 1,
            )
        };
        let cells_at = |shift: u32| {
            let (columns, rows) = size(shift);
            columns as u128 * rows as u128
        };
        // Fewer cells at every larger shift: the first shift with few enough is found
        // without reading the boxes, which only the count of covered cells needs (a count
        // that does not grow with the shift either, the cells of each shift being unions of
        // the cells of the one before).
        while grid.shift < 62 && cells_at(grid.shift) > 4 * n + 64 {
            grid.shift += 1;
        }
        loop {
            (grid.columns, grid.rows) = size(grid.shift);
            let covered: u128 = all().map(|b| grid.cell_count(b)).sum();
            if grid.shift >= 62 || covered <= 8 * n + 64 {
                break;
            }
            grid.shift += 1;
        }
        let cells = (grid.columns * grid.rows) as usize;
        let mut start = vec![0u32; cells + 1];
        for b in items {
            grid.for_each_cell(b, |cell| start[cell + 1] += 1);
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut listed = vec![0u32; start[cells] as usize];
        for (i, b) in items.iter().enumerate() {
            grid.for_each_cell(b, |cell| {
                listed[fill[cell] as usize] = i as u32;
                fill[cell] += 1;
            });
        }
        grid.start = start;
        grid.items = listed;
        grid
    }

    /// The columns and rows a box covers, clamped to the grid.
    fn cell_range(&self, b: &Box2) -> ((i64, i64), (i64, i64)) {
        let c = |v: i64, o: i64, count: i64| ((v - o) >> self.shift).clamp(0, count - 1);
        (
            (
                c(b.lo.x, self.origin.x, self.columns),
                c(b.hi.x, self.origin.x, self.columns),
            ),
            (
                c(b.lo.y, self.origin.y, self.rows),
                c(b.hi.y, self.origin.y, self.rows),
            ),
        )
    }

    fn cell_count(&self, b: &Box2) -> u128 {
        let ((x0, x1), (y0, y1)) = self.cell_range(b);
        (x1 - x0 + 1) as u128 * (y1 - y0 + 1) as u128
    }

    fn for_each_cell(&self, b: &Box2, mut f: impl FnMut(usize)) {
        let ((x0, x1), (y0, y1)) = self.cell_range(b);
        for x in x0..=x1 {
            for y in y0..=y1 {
                f((x * self.rows + y) as usize);
            }
        }
    }

    /// Calls `f` with every item listed in a cell that `query`, grown by one unit on every
    /// side, meets (an item may come more than once).
    pub(super) fn for_each_near(&self, query: &Box2, mut f: impl FnMut(usize)) {
        let grown = Box2 {
            lo: GridPoint::new(query.lo.x - 1, query.lo.y - 1),
            hi: GridPoint::new(query.hi.x + 1, query.hi.y + 1),
        };
        self.for_each_cell(&grown, |cell| {
            let (from, to) = (self.start[cell] as usize, self.start[cell + 1] as usize);
            for &item in &self.items[from..to] {
                f(item as usize);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    #[test]
    fn boxes_meet_and_contain_as_closed_and_open_sets() {
        let b = Box2 {
            lo: p(0, 0),
            hi: p(4, 4),
        };
        let touching = Box2 {
            lo: p(4, 0),
            hi: p(6, 4),
        };
        assert!(!touching.meets_interior_of(&b));
        assert!(touching.within(&b, 0));
        let apart = Box2 {
            lo: p(6, 0),
            hi: p(8, 1),
        };
        assert!(!apart.within(&b, 1));
        assert!(apart.within(&b, 2));
        assert!(b.contains(&Box2 {
            lo: p(0, 0),
            hi: p(4, 0)
        }));
        assert!(!b.contains(&Box2 {
            lo: p(0, 0),
            hi: p(5, 0)
        }));
    }

    /// The grid finds every box within one unit of a query, whatever its cell side.
    #[test]
    fn the_grid_finds_every_box_near_a_query() {
        let mut rng = onepath_testkit::Rng::new(7);
        let mut random_box = |span: i64, size: i64| {
            let (x, y) = (rng.range(-span, span), rng.range(-span, span));
            let (w, h) = (rng.range(0, size), rng.range(0, size));
            Box2 {
                lo: p(x, y),
                hi: p(x + w, y + h),
            }
        };
        for round in 0..50 {
            let size = [1, 10, 1000][round % 3];
            let items: Vec<Box2> = (0..200).map(|_| random_box(3000, size)).collect();
            let queries: Vec<Box2> = (0..50).map(|_| random_box(3000, 3 * size)).collect();
            let grid = BoxGrid::new(&items, &queries, [1, 4, 64][round % 3]);
            for q in &queries {
                let mut found = vec![false; items.len()];
                grid.for_each_near(q, |i| found[i] = true);
                for (i, item) in items.iter().enumerate() {
                    if item.within(q, 1) {
                        assert!(found[i], "round {round}: {item:?} near {q:?} not found");
                    }
                }
            }
        }
    }
}
