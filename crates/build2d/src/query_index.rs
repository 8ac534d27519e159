//! The spatial index of the point queries (decisions D18): a uniform grid of square cells
//! over a mesh's bounding box that lists, per cell, the polygons and the boundary edges
//! whose closed sets meet the cell's closed square. It only proposes candidates; the exact
//! tests of `query.rs` decide every answer, so the cell size never changes a result.

use crate::error::{Error, Location, Result};
use crate::triangulate::ConvexPartition;
use onepath_predicates::{CONSTRUCTION_LIMIT, GridPoint, Orientation, orient2d};

/// A polygon edge with no neighbour: part of the walkable region's boundary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoundaryEdge {
    /// The polygon the edge belongs to (the walkable side is on its left).
    pub(crate) polygon: u32,
    /// The edge's start.
    pub(crate) a: GridPoint,
    /// The edge's end.
    pub(crate) b: GridPoint,
}

/// What [`QueryIndex::search_edges`] reports to: each candidate edge, then after each ring
/// of cells the bound below which no unvisited edge lies.
pub(crate) trait EdgeSearch {
    /// Considers boundary edge number `edge`.
    fn visit(&mut self, edge: usize);
    /// True when the search may stop: no edge at a squared distance of at least `bound`
    /// can change the answer.
    fn done(&self, bound: u128) -> bool;
}

/// Lists of item numbers per cell, in compressed form: cell `c` holds
/// `items[start[c]..start[c + 1]]`, in increasing item order.
#[derive(Clone, Debug, Default)]
struct CellLists {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl CellLists {
    /// The lists of `cells` cells from `(cell, item)` pairs pushed in increasing item
    /// order (a stable counting sort keeps that order within each cell).
    fn from_pairs(cells: usize, pairs: &[(u32, u32)]) -> Self {
        let mut start = vec![0u32; cells + 1];
        for &(cell, _) in pairs {
            start[cell as usize + 1] += 1;
        }
        for c in 0..cells {
            start[c + 1] += start[c];
        }
        let mut next = start.clone();
        let mut items = vec![0u32; pairs.len()];
        for &(cell, item) in pairs {
            let slot = &mut next[cell as usize];
            items[*slot as usize] = item;
            *slot += 1;
        }
        Self { start, items }
    }

    fn cell(&self, c: usize) -> &[u32] {
        &self.items[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// True when the closed weakly convex counter-clockwise polygon `corners` (or a segment,
/// given as its two endpoints) contains `p`: `p` is on the left of or on every edge.
pub(crate) fn contains(corners: &[GridPoint], p: GridPoint) -> bool {
    let n = corners.len();
    (0..n).all(|k| orient2d(corners[k], corners[(k + 1) % n], p) != Orientation::Clockwise)
}

/// True when the closed weakly convex counter-clockwise polygon `corners` (or a closed
/// segment, given as its two endpoints) shares a point with the closed box `lo..=hi`.
///
/// Separating axes, exactly: the two are disjoint when their boxes are, or when every
/// corner of the box lies strictly on the outer side of one of the polygon's edges (for a
/// segment, strictly on one side of it). For convex sets these axes are enough.
pub(crate) fn meets_box(corners: &[GridPoint], lo: GridPoint, hi: GridPoint) -> bool {
    let Some((plo, phi)) = crate::region::bounding_box(corners) else {
        return false;
    };
    if phi.x < lo.x || plo.x > hi.x || phi.y < lo.y || plo.y > hi.y {
        return false;
    }
    let box_corners = [
        lo,
        GridPoint::new(hi.x, lo.y),
        hi,
        GridPoint::new(lo.x, hi.y),
    ];
    let n = corners.len();
    let separates = |a: GridPoint, b: GridPoint| {
        a != b
            && box_corners
                .iter()
                .all(|&c| orient2d(a, b, c) == Orientation::Clockwise)
    };
    if n == 2 {
        return !separates(corners[0], corners[1]) && !separates(corners[1], corners[0]);
    }
    !(0..n).any(|k| separates(corners[k], corners[(k + 1) % n]))
}

/// The index: the grid's placement and size, the polygons' corners, the boundary edges and
/// the two kinds of cell lists.
#[derive(Clone, Debug)]
pub(crate) struct QueryIndex {
    /// The lower-left corner of the grid (the mesh's smallest coordinates).
    lo: GridPoint,
    /// The side of a cell in grid units, at least 1.
    side: i64,
    /// Columns and rows; at least one each when the mesh has a polygon.
    nx: usize,
    ny: usize,
    /// Polygon `i`'s corners are `corners[corner_start[i]..corner_start[i + 1]]`.
    corner_start: Vec<u32>,
    corners: Vec<GridPoint>,
    /// The boundary edges in (polygon, edge) order.
    boundary: Vec<BoundaryEdge>,
    polygon_cells: CellLists,
    edge_cells: CellLists,
}

/// An index too large for the `u32` numbering of its lists (never for a mesh that fits in
/// memory, but reported rather than truncated).
fn too_large(what: &str) -> Error {
    Error::invalid(
        Location::Argument("mesh"),
        format!("too many {what} for the query index (at most 2^32 - 1)"),
    )
}

fn to_u32(v: usize, what: &str) -> Result<u32> {
    u32::try_from(v).map_err(|_| too_large(what))
}

impl QueryIndex {
    /// Builds the index of a partition. Fails when a vertex lies beyond `±2^39` grid units
    /// (decisions D18: the construction limit keeps every query product within `i128`).
    pub(crate) fn build(partition: &ConvexPartition) -> Result<Self> {
        let vertices = partition.vertices();
        if let Some(p) = vertices
            .iter()
            .find(|p| p.max_abs() > CONSTRUCTION_LIMIT as u64)
        {
            return Err(Error::out_of_range(
                Location::Argument("mesh"),
                format!("the vertex {p} lies beyond 2^39 grid units, the queries' limit"),
            ));
        }
        let mut corner_start = vec![0u32];
        let mut corners = Vec::new();
        let mut boundary = Vec::new();
        for (i, p) in partition.iter().enumerate() {
            let (polygon, neighbours) = (p.vertices, p.neighbors);
            let n = polygon.len();
            for k in 0..n {
                corners.push(vertices[polygon[k] as usize]);
                if neighbours[k] < 0 {
                    boundary.push(BoundaryEdge {
                        polygon: to_u32(i, "polygons")?,
                        a: vertices[polygon[k] as usize],
                        b: vertices[polygon[(k + 1) % n] as usize],
                    });
                }
            }
            corner_start.push(to_u32(corners.len(), "polygon corners")?);
        }
        let polygons = corner_start.len() - 1;
        let (lo, hi) = crate::region::bounding_box(&corners)
            .unwrap_or((GridPoint::new(0, 0), GridPoint::new(0, 0)));
        let (width, height) = ((hi.x - lo.x) as u128, (hi.y - lo.y) as u128);
        // About one cell per polygon: the side is the square root of the area per polygon,
        // and at least the longer extent over the polygon count, so that a thin mesh does
        // not get more cells than that (rows × columns stays below about 3n + 1).
        let n = polygons.max(1) as u128;
        let side = (width * height / n)
            .isqrt()
            .max(width.max(height).div_ceil(n))
            .max(1);
        let side = i64::try_from(side).unwrap_or(i64::MAX);
        let nx = (width / side as u128) as usize + 1;
        let ny = (height / side as u128) as usize + 1;
        let mut index = Self {
            lo,
            side,
            nx,
            ny,
            corner_start,
            corners,
            boundary,
            polygon_cells: CellLists::default(),
            edge_cells: CellLists::default(),
        };
        let cells = nx * ny;
        to_u32(cells, "cells")?;
        let mut pairs = Vec::new();
        for i in 0..polygons {
            index.register(index.polygon(i), to_u32(i, "polygons")?, &mut pairs);
        }
        index.polygon_cells = CellLists::from_pairs(cells, &pairs);
        pairs.clear();
        for (e, edge) in index.boundary.iter().enumerate() {
            index.register(&[edge.a, edge.b], to_u32(e, "boundary edges")?, &mut pairs);
        }
        index.edge_cells = CellLists::from_pairs(cells, &pairs);
        Ok(index)
    }

    /// Pushes `(cell, item)` for every cell whose closed square meets `shape`.
    fn register(&self, shape: &[GridPoint], item: u32, pairs: &mut Vec<(u32, u32)>) {
        let Some((lo, hi)) = crate::region::bounding_box(shape) else {
            return;
        };
        let ((i0, j0), (i1, j1)) = (self.cell_of(lo), self.cell_of(hi));
        let single = i0 == i1 && j0 == j1;
        for j in j0..=j1 {
            for i in i0..=i1 {
                let (clo, chi) = self.cell_box(i, j);
                if single || meets_box(shape, clo, chi) {
                    pairs.push(((j * self.nx + i) as u32, item));
                }
            }
        }
    }

    /// The number of polygons.
    pub(crate) fn polygon_count(&self) -> usize {
        self.corner_start.len() - 1
    }

    /// Polygon `i`'s corners, counter-clockwise.
    pub(crate) fn polygon(&self, i: usize) -> &[GridPoint] {
        &self.corners[self.corner_start[i] as usize..self.corner_start[i + 1] as usize]
    }

    /// The boundary edges in (polygon, edge) order.
    pub(crate) fn boundary(&self) -> &[BoundaryEdge] {
        &self.boundary
    }

    /// The cell holding `p`, clamped to the grid (`p` within `±2^39`).
    fn cell_of(&self, p: GridPoint) -> (usize, usize) {
        let index = |v: i64, lo: i64, n: usize| ((v - lo).max(0) / self.side).min(n as i64 - 1);
        (
            index(p.x, self.lo.x, self.nx) as usize,
            index(p.y, self.lo.y, self.ny) as usize,
        )
    }

    /// The closed square of cell `(i, j)`.
    fn cell_box(&self, i: usize, j: usize) -> (GridPoint, GridPoint) {
        let x = self.lo.x + i as i64 * self.side;
        let y = self.lo.y + j as i64 * self.side;
        (
            GridPoint::new(x, y),
            GridPoint::new(x + self.side, y + self.side),
        )
    }

    /// The closed box covered by the grid.
    fn extent(&self) -> (GridPoint, GridPoint) {
        (
            self.lo,
            GridPoint::new(
                self.lo.x + self.nx as i64 * self.side,
                self.lo.y + self.ny as i64 * self.side,
            ),
        )
    }

    /// The polygons that may contain `p`, in increasing order: those listed in its cell.
    /// Empty when `p` lies outside the grid.
    pub(crate) fn polygons_near(&self, p: GridPoint) -> &[u32] {
        let (lo, hi) = self.extent();
        if self.polygon_count() == 0 || p.x < lo.x || p.y < lo.y || p.x > hi.x || p.y > hi.y {
            return &[];
        }
        let (i, j) = self.cell_of(p);
        self.polygon_cells.cell(j * self.nx + i)
    }

    /// The polygons that may meet the closed box `lo..=hi`, in increasing order without
    /// repeats: those listed in the cells it overlaps.
    pub(crate) fn polygons_meeting(&self, lo: GridPoint, hi: GridPoint) -> Vec<u32> {
        let (glo, ghi) = self.extent();
        if self.polygon_count() == 0 || hi.x < glo.x || hi.y < glo.y || lo.x > ghi.x || lo.y > ghi.y
        {
            return Vec::new();
        }
        let ((i0, j0), (i1, j1)) = (self.cell_of(lo), self.cell_of(hi));
        let mut found: Vec<u32> = (j0..=j1)
            .flat_map(|j| (i0..=i1).map(move |i| j * self.nx + i))
            .flat_map(|c| self.polygon_cells.cell(c).iter().copied())
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Visits boundary edges in growing squares of cells around `p`: `search.visit(edge)`
    /// for every edge listed in a cell of the next ring (an edge may come more than once),
    /// then `search.done(bound)` with the exact squared distance from `p` below which no
    /// edge not yet visited can lie. Stops when `done` returns true or every cell has been
    /// visited.
    pub(crate) fn search_edges(&self, p: GridPoint, search: &mut impl EdgeSearch) {
        if self.boundary.is_empty() {
            return;
        }
        let (cx, cy) = self.cell_of(p);
        let (cx, cy) = (cx as i64, cy as i64);
        let (nx, ny) = (self.nx as i64, self.ny as i64);
        let cell = |search: &mut _, i: i64, j: i64| {
            for &e in self.edge_cells.cell((j * nx + i) as usize) {
                EdgeSearch::visit(search, e as usize);
            }
        };
        for r in 0i64.. {
            let (x0, x1) = ((cx - r).max(0), (cx + r).min(nx - 1));
            let (y0, y1) = ((cy - r).max(0), (cy + r).min(ny - 1));
            for j in y0..=y1 {
                if (j - cy).abs() == r {
                    (x0..=x1).for_each(|i| cell(search, i, j));
                } else {
                    if cx - r >= 0 {
                        cell(search, cx - r, j);
                    }
                    if cx + r < nx {
                        cell(search, cx + r, j);
                    }
                }
            }
            if x0 == 0 && y0 == 0 && x1 == nx - 1 && y1 == ny - 1 {
                return;
            }
            if search.done(self.unvisited_bound(p, (x0, x1), (y0, y1))) {
                return;
            }
        }
    }

    /// The exact squared distance from `p` to the part of the grid outside the visited
    /// cells `x0..=x1` × `y0..=y1`: the nearest of the (up to four) closed strips beside
    /// the visited square. An edge listed in no visited cell lies in those strips.
    fn unvisited_bound(&self, p: GridPoint, (x0, x1): (i64, i64), (y0, y1): (i64, i64)) -> u128 {
        let (glo, ghi) = self.extent();
        let (slo, _) = self.cell_box(x0 as usize, y0 as usize);
        let (_, shi) = self.cell_box(x1 as usize, y1 as usize);
        let strips = [
            (x0 > 0).then_some((glo, GridPoint::new(slo.x, ghi.y))),
            (x1 < self.nx as i64 - 1).then_some((GridPoint::new(shi.x, glo.y), ghi)),
            (y0 > 0).then_some((glo, GridPoint::new(ghi.x, slo.y))),
            (y1 < self.ny as i64 - 1).then_some((GridPoint::new(glo.x, shi.y), ghi)),
        ];
        strips
            .iter()
            .flatten()
            .map(|&(lo, hi)| {
                let dx = i128::from((lo.x - p.x).max(p.x - hi.x).max(0));
                let dy = i128::from((lo.y - p.y).max(p.y - hi.y).max(0));
                (dx * dx + dy * dy).unsigned_abs()
            })
            .min()
            .unwrap_or(u128::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    #[test]
    fn box_tests_are_exact_at_touching_corners_and_edges() {
        let triangle = [g(0, 0), g(10, 0), g(0, 10)];
        // Touching the hypotenuse at one point: (5, 5) is on it.
        assert!(meets_box(&triangle, g(5, 5), g(8, 8)));
        assert!(!meets_box(&triangle, g(6, 5), g(8, 8)));
        // The box's corner inside the bounding box but beyond the hypotenuse.
        assert!(!meets_box(&triangle, g(6, 6), g(20, 20)));
        assert!(meets_box(&triangle, g(-5, -5), g(0, 0)));
        assert!(!meets_box(&triangle, g(-5, -5), g(-1, 20)));
        // Segments: a diagonal passing just beside a box corner, and through it.
        assert!(!meets_box(&[g(0, 0), g(10, 10)], g(6, 0), g(10, 5)));
        assert!(meets_box(&[g(0, 0), g(10, 10)], g(5, 0), g(10, 5)));
        assert!(contains(&triangle, g(5, 5)) && !contains(&triangle, g(6, 5)));
    }

    #[test]
    fn cell_lists_keep_item_order() {
        let lists = CellLists::from_pairs(3, &[(2, 0), (0, 1), (2, 1), (0, 4), (1, 5)]);
        assert_eq!(lists.cell(0), &[1, 4]);
        assert_eq!(lists.cell(1), &[5]);
        assert_eq!(lists.cell(2), &[0, 1]);
    }
}
