//! The cut of an outline region for a tiled build (decisions D20): the region noded once
//! with every line a tile square or a window can have as a side, so that each window's
//! part of it is closed along the window's border exactly, without a new point.

use crate::error::{Error, Location, Result};
use crate::input::Vector2D;
use crate::region::{Region, arrange_and_label};
use crate::snap::to_user;
use onepath_arrangement::{Operand, TaggedEdge};
use onepath_predicates::{GridPoint, twice_area};
use onepath_winding::trace_rings;

/// A segment of the cut's arrangement that a window can need: a boundary segment of the
/// cut region, or a piece of a cut line with the region on at least one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct CutSegment {
    /// The smaller endpoint in `(x, y)` order.
    a: GridPoint,
    /// The larger endpoint.
    b: GridPoint,
    /// The region lies on the left of `a → b` (`w0 > 0` there).
    left: bool,
    /// The region lies on the right of `a → b`.
    right: bool,
}

/// An outline region cut on the cut lines of a tiled build (decisions D20), its segments
/// grouped by the block between consecutive cut lines that holds them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CutRegion {
    /// The vertical cut lines as cell-line indices, increasing.
    columns: Vec<usize>,
    /// The horizontal cut lines as cell-line indices, increasing.
    rows: Vec<usize>,
    /// The vertical cut lines in grid units.
    xs: Vec<i64>,
    /// The horizontal cut lines in grid units.
    ys: Vec<i64>,
    /// The segments, ordered by block (`bx + by * (columns.len())`, a segment on a cut
    /// line belonging to the block right of or above it), then by `(a, b)`.
    segments: Vec<CutSegment>,
    /// `segments[starts[k]..starts[k + 1]]` are block `k`'s.
    starts: Vec<usize>,
}

impl CutRegion {
    /// Cuts `region` on the grid lines `cell_xs[c]` for `c` in `columns` (vertical, each
    /// from `cell_ys[0]` to the last horizontal line) and `cell_ys[r]` for `r` in `rows`.
    /// Both lists are increasing and hold the first and the last line.
    pub(crate) fn new(
        region: &Region,
        cell_xs: &[i64],
        cell_ys: &[i64],
        columns: Vec<usize>,
        rows: Vec<usize>,
    ) -> Result<Self> {
        let xs: Vec<i64> = columns.iter().map(|&c| cell_xs[c]).collect();
        let ys: Vec<i64> = rows.iter().map(|&r| cell_ys[r]).collect();
        let (x0, x1) = (xs[0], xs[xs.len() - 1]);
        let (y0, y1) = (ys[0], ys[ys.len() - 1]);
        let mut edges: Vec<TaggedEdge> =
            TaggedEdge::of_rings(&region.rings, Operand::First).collect();
        edges.extend(xs.iter().map(|&x| {
            TaggedEdge::new(
                GridPoint::new(x, y0),
                GridPoint::new(x, y1),
                Operand::Second,
            )
        }));
        edges.extend(ys.iter().map(|&y| {
            TaggedEdge::new(
                GridPoint::new(x0, y),
                GridPoint::new(x1, y),
                Operand::Second,
            )
        }));
        // The region's coordinates were checked when it was made and the lines lie on its
        // grid, so an arrangement error is a defect.
        let (arrangement, windings) = arrange_and_label(edges)?;
        let points = arrangement.vertices();
        let on_line = |a: GridPoint, b: GridPoint| {
            (a.x == b.x && xs.binary_search(&a.x).is_ok())
                || (a.y == b.y && ys.binary_search(&a.y).is_ok())
        };
        let blocks_x = xs.len();
        let block = |s: &CutSegment| {
            // The doubled midpoint decides the block; a segment on a cut line goes to the
            // block right of (above) it, the last line's to an extra column (row).
            let (mx, my) = (s.a.x + s.b.x, s.a.y + s.b.y);
            let bx = xs.partition_point(|&x| 2 * x <= mx) - 1;
            let by = ys.partition_point(|&y| 2 * y <= my) - 1;
            bx + by * blocks_x
        };
        let mut keyed: Vec<(usize, CutSegment)> = arrangement
            .segments()
            .iter()
            .zip(&windings)
            // A deferred arrangement keeps the pieces that cancelled (zero delta), which
            // the verified one drops; so that both give the same segments, none is kept.
            .filter(|(s, _)| s.delta != [0, 0])
            .filter_map(|(s, w)| {
                let (a, b) = (points[s.a as usize], points[s.b as usize]);
                let (left, right) = (w.above[0] > 0, w.below[0] > 0);
                let keep = left != right || ((left || right) && on_line(a, b));
                keep.then_some(CutSegment { a, b, left, right })
            })
            .map(|s| (block(&s), s))
            .collect();
        drop(arrangement);
        refuse_closed_parts(region, &keyed)?;
        keyed.sort_unstable();
        let block_count = xs.len() * ys.len();
        let mut starts = Vec::with_capacity(block_count + 1);
        let mut k = 0;
        for b in 0..=block_count {
            while k < keyed.len() && keyed[k].0 < b {
                k += 1;
            }
            starts.push(k);
        }
        Ok(Self {
            columns,
            rows,
            xs,
            ys,
            segments: keyed.into_iter().map(|(_, s)| s).collect(),
            starts,
        })
    }

    /// The directed boundary of the cut region's part in the window of cell lines
    /// `x0..=x1` by `y0..=y1` (cut lines all four), sorted: the cut region's boundary
    /// segments within the window and not on its border with the inside on their left, and
    /// the segments on its border whose window side is inside, counter-clockwise around
    /// the window (decisions D20).
    pub(crate) fn window_boundary(
        &self,
        x0: usize,
        x1: usize,
        y0: usize,
        y1: usize,
    ) -> Result<Vec<(GridPoint, GridPoint)>> {
        let index = |lines: &[usize], line: usize| {
            lines.binary_search(&line).map_err(|_| {
                Error::internal(format!("cell line {line} is not a cut line of the tiling"))
            })
        };
        let (i0, i1) = (index(&self.columns, x0)?, index(&self.columns, x1)?);
        let (j0, j1) = (index(&self.rows, y0)?, index(&self.rows, y1)?);
        let (left, right) = (self.xs[i0], self.xs[i1]);
        let (bottom, top) = (self.ys[j0], self.ys[j1]);
        let inside = |p: GridPoint| (left..=right).contains(&p.x) && (bottom..=top).contains(&p.y);
        let mut boundary = Vec::new();
        for by in j0..=j1 {
            let row = by * self.xs.len();
            let segments = &self.segments[self.starts[row + i0]..self.starts[row + i1 + 1]];
            for s in segments.iter().filter(|s| inside(s.a) && inside(s.b)) {
                // On a border the window's side decides; a vertical segment runs upwards
                // (its left is -x) and a horizontal one rightwards (its left is +y).
                let vertical = s.a.x == s.b.x;
                let horizontal = s.a.y == s.b.y;
                let (keep, forward) = if (vertical && s.a.x == left) || (horizontal && s.a.y == top)
                {
                    // The window lies on the right of `a → b`.
                    (s.right, false)
                } else if (vertical && s.a.x == right) || (horizontal && s.a.y == bottom) {
                    // The window lies on the left of `a → b`.
                    (s.left, true)
                } else {
                    (s.left != s.right, s.left)
                };
                if keep {
                    boundary.push(if forward { (s.a, s.b) } else { (s.b, s.a) });
                }
            }
        }
        boundary.sort_unstable();
        Ok(boundary)
    }

    /// The rings of the cut region's part in a window (see [`CutRegion::window_boundary`]).
    pub(crate) fn window_rings(
        &self,
        x0: usize,
        x1: usize,
        y0: usize,
        y1: usize,
    ) -> Result<Vec<Vec<GridPoint>>> {
        trace_rings(&self.window_boundary(x0, x1, y0, y1)?).map_err(Error::internal)
    }
}

/// The number of counter-clockwise (outer) and clockwise (hole) rings.
fn ring_kinds(rings: &[Vec<GridPoint>]) -> (usize, usize) {
    let outer = rings
        .iter()
        .filter(|r| twice_area(r.iter().copied()) > 0)
        .count();
    (outer, rings.len() - outer)
}

/// Refuses a cut that closed a part of the region (decisions D20). A piece of the region
/// narrower than a grid unit where a cut line crosses it has both sides snapped to the
/// same pixel there: at one crossing it is pinched to a point, and between two, or
/// between one and the piece's tip, its two sides fall onto the same segments and cancel.
/// A wall, a gap or the end of a thin obstacle would vanish, and the tiles would join what
/// the untiled build keeps apart (or part what it joins). The first shows as a vertex of
/// the region missing from the cut's boundary, the others as a change in the number of
/// outer rings or holes; the build stops with an error naming the place. `kept` are the
/// cut's segments with the region on their left and right.
fn refuse_closed_parts(region: &Region, kept: &[(usize, CutSegment)]) -> Result<()> {
    let boundary: Vec<(GridPoint, GridPoint)> = kept
        .iter()
        .filter(|(_, s)| s.left != s.right)
        .map(|(_, s)| if s.left { (s.a, s.b) } else { (s.b, s.a) })
        .collect();
    // Every vertex of the region is a hot pixel of the cut, so it stays a vertex of the
    // cut's boundary unless the edges on both sides of it cancelled there: the tip of a
    // piece narrower than a grid unit, cut off at a cut line.
    let mut ends: Vec<GridPoint> = boundary.iter().map(|&(a, _)| a).collect();
    ends.sort_unstable();
    if let Some(&lost) = region
        .rings
        .iter()
        .flatten()
        .find(|v| ends.binary_search(v).is_err())
    {
        return Err(narrow(
            region,
            lost,
            "loses the region's vertex {place} and the part around it",
        ));
    }
    let cut = trace_rings(&boundary).map_err(Error::internal)?;
    let (before, after) = (ring_kinds(&region.rings), ring_kinds(&cut));
    if before == after {
        return Ok(());
    }
    // The place: the first ring of the cut that is not one of the region's (both are
    // traced in the same canonical order).
    let place = cut
        .iter()
        .find(|r| !region.rings.contains(r))
        .and_then(|r| r.first())
        .copied()
        .unwrap_or_default();
    let change = format!(
        "changes what it connects ({} outer rings and {} holes become {} and {}; a ring \
         it changed passes through {{place}})",
        before.0, before.1, after.0, after.1
    );
    Err(narrow(region, place, &change))
}

/// The error of a cut that closed a part of the region near `place` (grid units).
fn narrow(region: &Region, place: GridPoint, what: &str) -> Error {
    let Vector2D { x, y } = to_user(place, region.snap_bits);
    Error::invalid(
        Location::Argument("region"),
        format!(
            "the tiles' cut lines cross the region where it is narrower than a grid unit, \
             and the cut {}; move the origin, change the tile size or widen the region \
             there (decisions D20)",
            what.replace("{place}", &format!("({x}, {y})"))
        ),
    )
}
