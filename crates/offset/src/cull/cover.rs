//! The covered set of `docs/offset-culling.md`, section 11: the points every run labels
//! alike, and the exact test "does it hold this box".
//!
//! Two kinds of point are covered: those of the axis-parallel edges' rectangles (their
//! boxes), and those on the side of the region that does not matter (inside when growing,
//! outside when shrinking) where no slanted region edge's box lies. A query box is cut
//! into the cells between the distinct coordinates of the rectangles that meet it and of
//! the axis-parallel region edges that meet it; a two-dimensional difference table counts
//! the rectangles over each cell, and a cell no rectangle covers must lie on the region's
//! side that does not matter, which the region edges decide (their left is inside) and
//! which spreads between cells that no region edge separates.

use super::boxes::{Box2, BoxGrid, cell_side};
use super::halves::halves_of;
use super::shapes::Shapes;
use super::{is_axis_parallel, ring_edges};
use crate::round::RoundPieces;
use onepath_predicates::GridPoint;
use std::sync::{Arc, OnceLock};

/// The region's edges (its rings' edges, in order) and the boxes of the rectangles of the
/// axis-parallel ones whose rectangle is a box (the test of section 10): what a [`Cover`]
/// of `pieces` is made of.
fn cover_parts(pieces: &RoundPieces) -> (Vec<[GridPoint; 2]>, Vec<Box2>) {
    let edges: Vec<[GridPoint; 2]> = ring_edges(&pieces.rings).collect();
    let boxes = edges
        .iter()
        .zip(&pieces.rectangles)
        .filter(|&(&[a, b], rectangle)| halves_of(rectangle, a, b).is_some())
        .map(|(_, rectangle)| Box2::of(rectangle))
        .collect();
    (edges, boxes)
}

/// The covered set of one offset's pieces, made when it is first asked for, by whichever
/// core asks first (the set is a function of the pieces alone): most offsets of tile maps
/// never need it while the m-gons' fates are settled (section 12).
pub(super) struct CoverSource<'a> {
    made: OnceLock<Cover>,
    pieces: &'a RoundPieces,
    inside: bool,
}

impl<'a> CoverSource<'a> {
    /// The covered set of `pieces` ([`cover_parts`]), covering the region's inside when
    /// `inside`.
    pub(super) fn new(pieces: &'a RoundPieces, inside: bool) -> CoverSource<'a> {
        CoverSource {
            made: OnceLock::new(),
            pieces,
            inside,
        }
    }

    /// A handle that asks the covered set with buffers of its own (one per core).
    pub(super) fn lazy(&self) -> LazyCover<'_> {
        LazyCover {
            source: self,
            made: None,
        }
    }

    /// The covered set, made now if it was not yet, its grids' cells as large as an
    /// m-gon's box (most queries of sections 11 and 12 are an m-gon's box or lie in one;
    /// the m-gons of one offset differ in size by rounding only, and the cell size changes
    /// how many boxes a query visits, never an answer).
    fn made(&self) -> &Cover {
        self.made.get_or_init(|| {
            let (edges, boxes) = cover_parts(self.pieces);
            let first = self.pieces.mgons.first().map(|m| Box2::of(m));
            Cover::new(boxes, edges, self.inside, &[], cell_side(first.iter()))
        })
    }
}

/// A [`Cover`] of a [`CoverSource`] with query buffers of its own, made when it is first
/// asked for.
pub(super) struct LazyCover<'s> {
    source: &'s CoverSource<'s>,
    made: Option<Cover>,
}

impl<'s> LazyCover<'s> {
    /// The covered set.
    pub(super) fn get(&mut self) -> &mut Cover {
        let source = self.source;
        self.made.get_or_insert_with(|| source.made().fork())
    }

    /// Where the handle comes from: handles for other cores are made from it.
    pub(super) fn source(&self) -> &'s CoverSource<'s> {
        self.source
    }
}

/// The bands of shapes in parts of their boxes ([`Cover::covers_part`]).
pub(super) type Bands = std::collections::HashMap<(usize, Box2), Vec<Box2>, super::CacheHasher>;

/// The most cells a coverage test's compressed grid may have; beyond that it gives up (and
/// the piece is kept).
const COVER_CELLS: usize = 1 << 16;

/// Where `c` is, or would go, in the sorted coordinates `v`.
fn index_of(v: &[i64], c: i64) -> usize {
    v.binary_search(&c).unwrap_or_else(|i| i)
}

/// What a cell of the compressed grid is known to lie in, from the region edges.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Unknown,
    Inside,
    Outside,
}

/// What a covered set is made of: the rectangles' boxes and the region's edges, each
/// under a grid for the ones near a query; shared by the [`Cover`]s that query it.
struct CoverData {
    boxes: Vec<Box2>,
    grid: BoxGrid,
    edges: Vec<[GridPoint; 2]>,
    edge_boxes: Vec<Box2>,
    edge_grid: BoxGrid,
    /// True when the region's inside is covered (growing), false for its outside.
    inside: bool,
}

/// The covered set, with the buffers its queries reuse.
pub(super) struct Cover {
    data: Arc<CoverData>,
    near: Vec<Box2>,
    cuts: Vec<[GridPoint; 2]>,
    slanted: Vec<Box2>,
    xs: Vec<i64>,
    ys: Vec<i64>,
    table: Vec<i32>,
    sides: Vec<Side>,
    vertical_walls: Vec<bool>,
    horizontal_walls: Vec<bool>,
    queue: Vec<usize>,
}

impl Cover {
    /// The covered set of the rectangle boxes `boxes` and the region of `edges` (its
    /// rings' edges, interior on the left), covering the region's inside when `inside`,
    /// its outside otherwise; the grids sized for the queries `queries`, with cells of side
    /// at least `side`.
    pub(super) fn new(
        boxes: Vec<Box2>,
        edges: Vec<[GridPoint; 2]>,
        inside: bool,
        queries: &[Box2],
        side: u64,
    ) -> Cover {
        let edge_boxes: Vec<Box2> = edges.iter().map(|e| Box2::of(e)).collect();
        Cover::with(Arc::new(CoverData {
            grid: BoxGrid::new(&boxes, queries, side),
            boxes,
            edge_grid: BoxGrid::new(&edge_boxes, queries, side),
            edge_boxes,
            edges,
            inside,
        }))
    }

    /// The covered set `data` with empty buffers.
    fn with(data: Arc<CoverData>) -> Cover {
        Cover {
            data,
            near: Vec::new(),
            cuts: Vec::new(),
            slanted: Vec::new(),
            xs: Vec::new(),
            ys: Vec::new(),
            table: Vec::new(),
            sides: Vec::new(),
            vertical_walls: Vec::new(),
            horizontal_walls: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// The same covered set with buffers of its own (for another core).
    fn fork(&self) -> Cover {
        Cover::with(Arc::clone(&self.data))
    }

    /// True when the set has no rectangle box (then nothing but the region's side covers).
    pub(super) fn is_empty(&self) -> bool {
        self.data.boxes.is_empty()
    }

    /// True when the covered set holds the part inside `part` of the convex polygon
    /// `shapes.all[shape]` placed at `at`, with its edges' boxes there (but for a set of
    /// zero area): `part` itself, or else each of the shape's bands in it
    /// ([`Shape::bands_in`], kept in `bands` by shape and part relative to `at`, a cache of
    /// a pure function). The bands are tried from the middle one outwards: the middle of a
    /// quadrant lies farthest from the edges whose rectangles may cover it.
    pub(super) fn covers_part(
        &mut self,
        shapes: &Shapes,
        shape: usize,
        at: GridPoint,
        part: &Box2,
        bands: &mut Bands,
    ) -> bool {
        if part.lo.x >= part.hi.x || part.lo.y >= part.hi.y {
            return false;
        }
        if self.covers(part) {
            return true;
        }
        let relative = part.shifted(GridPoint::new(-at.x, -at.y));
        let bands = bands.entry((shape, relative)).or_insert_with(|| {
            let bands = shapes.all[shape].bands_in(&relative);
            let middle = bands.len() / 2;
            // Middle first, then alternately below and above it.
            (0..bands.len())
                .map(|k| {
                    bands[if k % 2 == 1 {
                        middle - k.div_ceil(2)
                    } else {
                        middle + k / 2
                    }]
                })
                .collect()
        });
        // `covers` said no to `part` after gathering what lies near it.
        let (near, cuts, slanted) = (
            std::mem::take(&mut self.near),
            std::mem::take(&mut self.cuts),
            std::mem::take(&mut self.slanted),
        );
        let covered = !bands.is_empty()
            && bands
                .iter()
                .all(|band| self.covers_inside(&band.shifted(at), &near, &cuts, &slanted));
        (self.near, self.cuts, self.slanted) = (near, cuts, slanted);
        covered
    }

    /// True when the covered set holds `b` but for a set of zero area (`b` flat: false).
    /// The answer depends on the sets of boxes and edges only, never on their order; a grid
    /// of more than [`COVER_CELLS`] cells, or two region edges that disagree about a
    /// cell's side, gives false.
    pub(super) fn covers(&mut self, b: &Box2) -> bool {
        if b.lo.x >= b.hi.x || b.lo.y >= b.hi.y {
            return false;
        }
        self.near.clear();
        let (boxes, near) = (&self.data.boxes, &mut self.near);
        self.data.grid.for_each_near(b, |i| {
            if boxes[i].meets_interior_of(b) {
                near.push(boxes[i].clipped_to(b));
            }
        });
        if self.near.iter().any(|r| r.contains(b)) {
            return true;
        }
        // The region edges that touch `b`: the axis-parallel ones cut it; the boxes of the
        // slanted ones are kept apart.
        self.cuts.clear();
        self.slanted.clear();
        let (edges, edge_boxes) = (&self.data.edges, &self.data.edge_boxes);
        let (cuts, slanted) = (&mut self.cuts, &mut self.slanted);
        self.data.edge_grid.for_each_near(b, |i| {
            if !edge_boxes[i].within(b, 0) {
                return;
            }
            let [p, q] = edges[i];
            if is_axis_parallel(p, q) {
                cuts.push(edges[i]);
            } else {
                slanted.push(edge_boxes[i]);
            }
        });
        self.cuts.sort_unstable();
        self.cuts.dedup();
        self.decide(b)
    }

    /// [`Cover::covers`] for a box `b` inside the box `part` that [`Cover::covers`] has
    /// just been asked (and said no to): the rectangles and region edges near `b` are
    /// those near `part` that meet or touch `b`, so they are taken from `part`'s lists
    /// (`part_near`, clipped to `part`; `part_cuts`, sorted; `part_slanted`) instead of
    /// the grids. The same sets, hence the same answer.
    fn covers_inside(
        &mut self,
        b: &Box2,
        part_near: &[Box2],
        part_cuts: &[[GridPoint; 2]],
        part_slanted: &[Box2],
    ) -> bool {
        if b.lo.x >= b.hi.x || b.lo.y >= b.hi.y {
            return false;
        }
        self.near.clear();
        self.near.extend(
            part_near
                .iter()
                .filter(|r| r.meets_interior_of(b))
                .map(|r| r.clipped_to(b)),
        );
        if self.near.iter().any(|r| r.contains(b)) {
            return true;
        }
        self.cuts.clear();
        self.cuts.extend(
            part_cuts
                .iter()
                .filter(|e| Box2::of(e.as_slice()).within(b, 0)),
        );
        self.slanted.clear();
        self.slanted
            .extend(part_slanted.iter().filter(|e| e.within(b, 0)));
        self.decide(b)
    }

    /// The rest of [`Cover::covers`] once `near` (the rectangles meeting `b`'s interior,
    /// clipped to it), `cuts` (the axis-parallel region edges touching `b`, sorted, no
    /// duplicates) and `slanted` (the boxes of the slanted region edges touching `b`) are
    /// gathered. A slanted region edge whose box meets `b`'s interior leaves the region's
    /// side to the rectangles alone there, since rounding may move it.
    fn decide(&mut self, b: &Box2) -> bool {
        let region_decides =
            !self.slanted.iter().any(|e| e.meets_interior_of(b)) && !self.cuts.is_empty();
        let slanted_on_boundary = !self.slanted.is_empty();
        if !self.corners_may_be_covered(b, region_decides, !slanted_on_boundary) {
            return false;
        }
        self.fill_table(b, region_decides);
        let (w, h) = (self.xs.len() - 1, self.ys.len() - 1);
        if w * h > COVER_CELLS {
            return false;
        }
        let count = |table: &[i32], x: usize, y: usize| table[x * (h + 1) + y];
        if (0..w).all(|x| (0..h).all(|y| count(&self.table, x, y) > 0)) {
            return true;
        }
        if !region_decides || !self.find_sides(b) {
            return false;
        }
        let wanted = if self.data.inside {
            Side::Inside
        } else {
            Side::Outside
        };
        (0..w).all(|x| {
            (0..h).all(|y| count(&self.table, x, y) > 0 || self.sides[x * h + y] == wanted)
        })
    }

    /// False when a corner of `b` lies in no rectangle's box and, unless the region
    /// decides (`region_decides`), nothing else can cover it, or the region puts it on the
    /// side that matters: then the cell of the compressed grid at that corner is not
    /// covered (the boxes are closed, and a corner off every region edge shares its cell's
    /// side). The side is looked up only when `rays_are_clear` (no slanted region edge
    /// touches `b`'s boundary, where the rays run). A cheap way out for most pieces that
    /// are not covered; true otherwise.
    fn corners_may_be_covered(&self, b: &Box2, region_decides: bool, rays_are_clear: bool) -> bool {
        let corners = [
            b.lo,
            GridPoint::new(b.hi.x, b.lo.y),
            b.hi,
            GridPoint::new(b.lo.x, b.hi.y),
        ];
        let matters = if self.data.inside {
            Side::Outside
        } else {
            Side::Inside
        };
        corners.iter().all(|p| {
            self.near
                .iter()
                .any(|r| r.contains(&Box2 { lo: *p, hi: *p }))
                || (region_decides && (!rays_are_clear || self.side_of(*p) != Some(matters)))
        })
    }

    /// The side of the region the corner `c` of the query box lies on, from the nearest
    /// vertical region edge on its left among the cuts (the region edges that touch the
    /// query box): on that edge's right. The ray between them runs along the box's side, so
    /// every axis-parallel region edge it meets is a cut; the caller makes sure no slanted
    /// one touches that side. `None` when no such edge crosses `c`'s row strictly, or when `c` lies
    /// on a cut, or when a cut's end lies on the ray between them (a vertex the ray would
    /// pass through).
    fn side_of(&self, c: GridPoint) -> Option<Side> {
        let mut best: Option<[GridPoint; 2]> = None;
        for &[p, q] in &self.cuts {
            let (y0, y1) = (p.y.min(q.y), p.y.max(q.y));
            if p.x == q.x && y0 < c.y && c.y < y1 && p.x <= c.x {
                if p.x == c.x {
                    return None;
                }
                if best.is_none_or(|[b, _]| b.x < p.x) {
                    best = Some([p, q]);
                }
            }
        }
        let [p, q] = best?;
        // A cut's end on the ray, or a horizontal cut along it, makes the answer depend on
        // which side of a vertex or an edge the ray passes.
        let on_ray = |v: GridPoint| v.y == c.y && p.x <= v.x && v.x <= c.x;
        let along_ray = |a: GridPoint, b: GridPoint| {
            a.y == c.y && b.y == c.y && a.x.min(b.x) <= c.x && p.x <= a.x.max(b.x)
        };
        if self
            .cuts
            .iter()
            .any(|&[a, b]| on_ray(a) || on_ray(b) || along_ray(a, b))
        {
            return None;
        }
        // Going up, the inside is on the left: `c`, on the right, is outside.
        Some(if q.y > p.y {
            Side::Outside
        } else {
            Side::Inside
        })
    }

    /// The compressed grid of `b`: the distinct coordinates of `b`, of the near boxes and
    /// (when `with_cuts`) of the region edges' lines and ends inside `b`, and the number of
    /// boxes over each cell in `table` (`(xs.len()) x (ys.len())` entries, cell `(x, y)`
    /// at `x * ys.len() + y`).
    fn fill_table(&mut self, b: &Box2, with_cuts: bool) {
        let (xs, ys) = (&mut self.xs, &mut self.ys);
        xs.clear();
        ys.clear();
        xs.extend([b.lo.x, b.hi.x]);
        ys.extend([b.lo.y, b.hi.y]);
        for r in &self.near {
            xs.extend([r.lo.x, r.hi.x]);
            ys.extend([r.lo.y, r.hi.y]);
        }
        if with_cuts {
            let inside_x = |c: i64| c.clamp(b.lo.x, b.hi.x);
            let inside_y = |c: i64| c.clamp(b.lo.y, b.hi.y);
            for &[p, q] in &self.cuts {
                xs.extend([inside_x(p.x), inside_x(q.x)]);
                ys.extend([inside_y(p.y), inside_y(q.y)]);
            }
        }
        for v in [&mut *xs, &mut *ys] {
            v.sort_unstable();
            v.dedup();
        }
        let (w, h) = (xs.len(), ys.len());
        if (w - 1) * (h - 1) > COVER_CELLS {
            return;
        }
        let table = &mut self.table;
        table.clear();
        table.resize(w * h, 0);
        for r in &self.near {
            let (x0, x1) = (index_of(xs, r.lo.x), index_of(xs, r.hi.x));
            let (y0, y1) = (index_of(ys, r.lo.y), index_of(ys, r.hi.y));
            table[x0 * h + y0] += 1;
            table[x0 * h + y1] -= 1;
            table[x1 * h + y0] -= 1;
            table[x1 * h + y1] += 1;
        }
        // Prefix sums in y, then in x: each cell's entry becomes the number of boxes over it.
        for x in 0..w {
            for y in 1..h {
                table[x * h + y] += table[x * h + y - 1];
            }
        }
        for x in 1..w {
            for y in 0..h {
                table[x * h + y] += table[(x - 1) * h + y];
            }
        }
    }

    /// The side of the region each cell of the compressed grid lies on (`sides`, cell
    /// `(x, y)` at `x * rows + y`): the cells along a region edge inside `b` are inside on
    /// its left and outside on its right, and a side spreads to the neighbouring cells that
    /// no region edge separates. False when two edges disagree about a cell (the rings do
    /// not bound a region there).
    fn find_sides(&mut self, b: &Box2) -> bool {
        let (w, h) = (self.xs.len() - 1, self.ys.len() - 1);
        let (xs, ys) = (&self.xs, &self.ys);
        self.sides.clear();
        self.sides.resize(w * h, Side::Unknown);
        // The wall left of cell column `x` in row `y`: `x * h + y` (x in 0..=w).
        self.vertical_walls.clear();
        self.vertical_walls.resize((w + 1) * h, false);
        // The wall below cell row `y` in column `x`: `x * (h + 1) + y` (y in 0..=h).
        self.horizontal_walls.clear();
        self.horizontal_walls.resize(w * (h + 1), false);
        let seed = |sides: &mut Vec<Side>, cell: usize, side: Side| -> bool {
            match sides[cell] {
                Side::Unknown => {
                    sides[cell] = side;
                    true
                }
                known => known == side,
            }
        };
        for &[p, q] in &self.cuts {
            if p.x == q.x {
                // Vertical: going up, the inside is on the left (lower x).
                if p.x < b.lo.x || p.x > b.hi.x {
                    continue;
                }
                let column = index_of(xs, p.x);
                let (y0, y1) = (
                    index_of(ys, p.y.min(q.y).max(b.lo.y)),
                    index_of(ys, p.y.max(q.y).min(b.hi.y)),
                );
                let (left, right) = if q.y > p.y {
                    (Side::Inside, Side::Outside)
                } else {
                    (Side::Outside, Side::Inside)
                };
                for y in y0..y1 {
                    self.vertical_walls[column * h + y] = true;
                    if column > 0 && !seed(&mut self.sides, (column - 1) * h + y, left) {
                        return false;
                    }
                    if column < w && !seed(&mut self.sides, column * h + y, right) {
                        return false;
                    }
                }
            } else {
                // Horizontal: going right, the inside is above (higher y).
                if p.y < b.lo.y || p.y > b.hi.y {
                    continue;
                }
                let row = index_of(ys, p.y);
                let (x0, x1) = (
                    index_of(xs, p.x.min(q.x).max(b.lo.x)),
                    index_of(xs, p.x.max(q.x).min(b.hi.x)),
                );
                let (above, below) = if q.x > p.x {
                    (Side::Inside, Side::Outside)
                } else {
                    (Side::Outside, Side::Inside)
                };
                for x in x0..x1 {
                    self.horizontal_walls[x * (h + 1) + row] = true;
                    if row < h && !seed(&mut self.sides, x * h + row, above) {
                        return false;
                    }
                    if row > 0 && !seed(&mut self.sides, x * h + row - 1, below) {
                        return false;
                    }
                }
            }
        }
        // Spread each known side to the neighbours no wall separates.
        self.queue.clear();
        self.queue
            .extend((0..w * h).filter(|&c| self.sides[c] != Side::Unknown));
        while let Some(cell) = self.queue.pop() {
            let (x, y) = (cell / h, cell % h);
            let side = self.sides[cell];
            let mut neighbours = [None; 4];
            if x > 0 && !self.vertical_walls[x * h + y] {
                neighbours[0] = Some(cell - h);
            }
            if x + 1 < w && !self.vertical_walls[(x + 1) * h + y] {
                neighbours[1] = Some(cell + h);
            }
            if y > 0 && !self.horizontal_walls[x * (h + 1) + y] {
                neighbours[2] = Some(cell - 1);
            }
            if y + 1 < h && !self.horizontal_walls[x * (h + 1) + y + 1] {
                neighbours[3] = Some(cell + 1);
            }
            for n in neighbours.into_iter().flatten() {
                match self.sides[n] {
                    Side::Unknown => {
                        self.sides[n] = side;
                        self.queue.push(n);
                    }
                    known if known != side => return false,
                    _ => {}
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use onepath_testkit::Rng;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    fn bx(lo: (i64, i64), hi: (i64, i64)) -> Box2 {
        Box2 {
            lo: p(lo.0, lo.1),
            hi: p(hi.0, hi.1),
        }
    }

    /// The edges of counter-clockwise rings (holes clockwise).
    fn ring_edges(rings: &[Vec<GridPoint>]) -> Vec<[GridPoint; 2]> {
        rings
            .iter()
            .flat_map(|r| (0..r.len()).map(|i| [r[i], r[(i + 1) % r.len()]]))
            .collect()
    }

    /// Coverage by brute force on the unit squares of a small grid: every square of `b`
    /// inside one of `boxes`, or inside the region (`inside`) or outside it, as a set of
    /// unit cells.
    fn brute_force(boxes: &[Box2], cells: &[(i64, i64)], inside: Option<bool>, b: &Box2) -> bool {
        b.lo.x < b.hi.x
            && b.lo.y < b.hi.y
            && (b.lo.x..b.hi.x).all(|x| {
                (b.lo.y..b.hi.y).all(|y| {
                    boxes
                        .iter()
                        .any(|r| r.contains(&bx((x, y), (x + 1, y + 1))))
                        || inside == Some(cells.contains(&(x, y)))
                })
            })
    }

    /// The region of a few unit cells as counter-clockwise squares, merged where they share
    /// sides: the rings of `cells` traced by cancelling shared edges (a region whose rings
    /// may touch at vertices).
    fn cell_region(cells: &[(i64, i64)]) -> Vec<[GridPoint; 2]> {
        let mut edges: Vec<[GridPoint; 2]> = Vec::new();
        for &(x, y) in cells {
            let square = [p(x, y), p(x + 1, y), p(x + 1, y + 1), p(x, y + 1)];
            for i in 0..4 {
                let e = [square[i], square[(i + 1) % 4]];
                if let Some(k) = edges.iter().position(|f| *f == [e[1], e[0]]) {
                    edges.swap_remove(k);
                } else {
                    edges.push(e);
                }
            }
        }
        edges.sort_unstable();
        edges
    }

    #[test]
    fn coverage_agrees_with_unit_squares_on_random_boxes_and_regions() {
        let mut rng = Rng::new(0x11_DEE9);
        let (mut yes, mut no, mut by_region) = (0, 0, 0);
        for round in 0..4000 {
            let random_box = |rng: &mut Rng, size: i64| {
                let (x, y) = (rng.range(0, 16), rng.range(0, 16));
                bx((x, y), (x + rng.range(1, size), y + rng.range(1, size)))
            };
            let n = rng.below(10);
            let boxes: Vec<Box2> = (0..n).map(|_| random_box(&mut rng, 10)).collect();
            let mut cells: Vec<(i64, i64)> = (0..rng.below(60))
                .map(|_| (rng.range(0, 20), rng.range(0, 20)))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            let edges = if round % 4 == 0 {
                Vec::new()
            } else {
                cell_region(&cells)
            };
            let inside = rng.probability(0.5);
            let query = random_box(&mut rng, 8);
            let region = (!edges.is_empty()).then_some(inside);
            let expected_boxes = brute_force(&boxes, &cells, None, &query);
            let expected = brute_force(&boxes, &cells, region, &query);
            let mut cover = Cover::new(boxes.clone(), edges.clone(), inside, &[query], 4);
            let got = cover.covers(&query);
            // The region decides only the cells a region edge inside the box reaches: a
            // box the region alone would fill without an edge in it is not covered.
            assert!(
                !got || expected,
                "round {round}: {query:?} covered, brute force says no"
            );
            assert!(
                got || !expected_boxes,
                "round {round}: {query:?} boxes cover it"
            );
            let mut reversed = boxes.clone();
            reversed.reverse();
            let mut edges_reversed = edges.clone();
            edges_reversed.reverse();
            let mut other = Cover::new(reversed, edges_reversed, inside, &[query], 4);
            assert_eq!(other.covers(&query), got, "round {round}: order");
            match (got, expected_boxes) {
                (true, false) => by_region += 1,
                (true, true) => yes += 1,
                _ => no += 1,
            }
        }
        assert!(
            yes > 200 && no > 200 && by_region > 200,
            "{yes} by boxes, {by_region} with the region, {no} not"
        );
    }

    /// `covers_inside` on a box inside a part, with the lists `covers` gathered for the
    /// part, answers as `covers` on that box does: random boxes, regions of unit cells
    /// (and short slanted edges), parts and boxes inside them, and the part's lists
    /// taken as `covers_part` takes them.
    #[test]
    fn covers_inside_answers_as_covers() {
        let mut rng = Rng::new(0xC0_1A5);
        let (mut yes, mut no) = (0, 0);
        for round in 0..3000 {
            let random_box = |rng: &mut Rng, size: i64| {
                let (x, y) = (rng.range(0, 16), rng.range(0, 16));
                bx((x, y), (x + rng.range(1, size), y + rng.range(1, size)))
            };
            let boxes: Vec<Box2> = (0..rng.below(12))
                .map(|_| random_box(&mut rng, 10))
                .collect();
            let mut cells: Vec<(i64, i64)> = (0..rng.below(60))
                .map(|_| (rng.range(0, 20), rng.range(0, 20)))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            let mut edges = cell_region(&cells);
            for _ in 0..rng.below(3) {
                // Short slanted edges (with their ways back, so the region stays closed).
                let a = p(rng.range(0, 20), rng.range(0, 20));
                let b = p(a.x + rng.range(1, 4), a.y + rng.range(-3, 3));
                if a.y != b.y {
                    edges.extend([[a, b], [b, a]]);
                }
            }
            let inside = rng.probability(0.5);
            let part = random_box(&mut rng, 10);
            let mut cover = Cover::new(boxes.clone(), edges.clone(), inside, &[part], 4);
            if cover.covers(&part) {
                continue;
            }
            let (near, cuts, slanted) = (
                std::mem::take(&mut cover.near),
                std::mem::take(&mut cover.cuts),
                std::mem::take(&mut cover.slanted),
            );
            for _ in 0..4 {
                let (x0, x1) = (
                    rng.range(part.lo.x, part.hi.x),
                    rng.range(part.lo.x, part.hi.x),
                );
                let (y0, y1) = (
                    rng.range(part.lo.y, part.hi.y),
                    rng.range(part.lo.y, part.hi.y),
                );
                let b = bx((x0.min(x1), y0.min(y1)), (x0.max(x1), y0.max(y1)));
                let mut fresh = Cover::new(boxes.clone(), edges.clone(), inside, &[b], 4);
                let expected = fresh.covers(&b);
                assert_eq!(
                    cover.covers_inside(&b, &near, &cuts, &slanted),
                    expected,
                    "round {round}: {b:?} in {part:?}"
                );
                if expected {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(yes > 500 && no > 500, "{yes} covered, {no} not");
    }

    #[test]
    fn touching_boxes_cover_and_a_flat_box_does_not_count() {
        let mut c = Cover::new(
            vec![bx((0, 0), (5, 10)), bx((5, 0), (10, 10))],
            Vec::new(),
            true,
            &[],
            4,
        );
        assert!(c.covers(&bx((1, 1), (9, 9))));
        assert!(c.covers(&bx((0, 0), (10, 10))));
        assert!(!c.covers(&bx((0, 0), (11, 10))));
        // A gap of one unit between two boxes.
        let mut gap = Cover::new(
            vec![bx((0, 0), (4, 10)), bx((5, 0), (10, 10))],
            Vec::new(),
            true,
            &[],
            4,
        );
        assert!(!gap.covers(&bx((1, 1), (9, 9))));
        assert!(gap.covers(&bx((1, 1), (4, 9))));
        // A flat query has no interior to cover: the test says no (the piece is kept).
        assert!(!c.covers(&bx((1, 1), (1, 9))));
    }

    #[test]
    fn the_region_fills_the_gap_on_the_side_that_does_not_matter() {
        // Two boxes with a gap at x in [4, 5]; the region is the square [3, 6] x [-5, 15],
        // whose sides cross the query box.
        let boxes = vec![bx((0, 0), (4, 10)), bx((5, 0), (10, 10))];
        let region = ring_edges(&[vec![p(3, -5), p(6, -5), p(6, 15), p(3, 15)]]);
        let query = bx((1, 1), (9, 9));
        assert!(Cover::new(boxes.clone(), region.clone(), true, &[], 4).covers(&query));
        assert!(!Cover::new(boxes.clone(), region.clone(), false, &[], 4).covers(&query));
        // The same square as a hole (clockwise): now its inside is the region's outside.
        let hole = ring_edges(&[vec![p(3, -5), p(3, 15), p(6, 15), p(6, -5)]]);
        assert!(!Cover::new(boxes.clone(), hole.clone(), true, &[], 4).covers(&query));
        assert!(Cover::new(boxes.clone(), hole.clone(), false, &[], 4).covers(&query));
        // A slanted region edge in the box: rounding may move it, so the region does not
        // decide there.
        let slanted = ring_edges(&[vec![p(3, -5), p(6, -5), p(6, 15), p(4, 15), p(3, 5)]]);
        assert!(!Cover::new(boxes, slanted.clone(), true, &[], 4).covers(&query));
    }
}
