//! `Region`: a set of non-crossing rings on the snap grid, and how regions are made.

use crate::error::{Error, Result};
use crate::input::{Geometry2DOptions, Outline, Vector2D};
use crate::simple_ring::resolve_simple_ring;
use crate::snap::{check_map_shape, snap_outline, tile_map_grid_lines};
use onepath_arrangement::{
    Arrangement, Deferred, EdgeSource, Operand, TaggedEdge, arrange_deferred_from,
};
use onepath_predicates::{GridPoint, twice_area};
use onepath_winding::{
    BoundaryMarks, InsideRule, SegmentWindings, label, label_deferred, mark_deferred_boundary,
    trace_marked_owned, trace_tile_map,
};

/// A region of the plane: rings on the snap grid that never cross or overlap and touch only
/// at shared vertices, with the interior on the left of every directed edge (outer
/// boundaries counter-clockwise, holes clockwise).
///
/// Collinear degree-2 vertices are dropped; each ring starts at its smallest directed edge in
/// `(x, y)` order and the rings are sorted by that edge, so the ring list depends only on the
/// set of boundary edges. Coordinates are stored as grid integers; the `f64` views report
/// `i * 2^-snap_bits`, which is exact.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    pub(crate) snap_bits: u32,
    pub(crate) rings: Vec<Vec<GridPoint>>,
}

/// Nodes `edges` by snap rounding and labels every segment with its windings. The labelling
/// sweep decides the crossing half of the arrangement's verifying pass on the way
/// (`label_deferred`); only when it finds a crossing does the arrangement run that pass and
/// its repair loop, and the verified arrangement is labelled. Either way the segments whose
/// two sides differ are the arrangement's, with its labels (the deferred segments of zero
/// delta have equal sides). The edges (a vector of them, or an [`EdgeSource`] that makes
/// them on the fly) are freed once the arrangement has keyed their endpoints, before it
/// sorts them, which lowers the peak of memory of every boolean operation, offset and
/// shrink (issue #24).
pub(crate) fn arrange_and_label(
    edges: impl EdgeSource,
) -> Result<(Deferred, Vec<SegmentWindings>)> {
    arrange_labelled(edges, label_deferred, label)
}

/// Nodes `edges` by snap rounding, labels the faces and traces the boundary of the faces
/// that are inside under `rule`: the flow of [`arrange_and_label`], except that the
/// labelling sweep keeps only the boundary of `rule`, two bits a segment
/// ([`mark_deferred_boundary`]) instead of the windings (16 bytes a segment), which were the
/// largest buffer of the build's labelling stage (issue #24): the same rings.
pub(crate) fn overlay(edges: impl EdgeSource, rule: InsideRule) -> Result<Vec<Vec<GridPoint>>> {
    let (deferred, marks) = arrange_labelled(
        edges,
        |deferred| mark_deferred_boundary(deferred, rule),
        |arrangement| BoundaryMarks::from_windings(&label(arrangement), rule),
    )?;
    trace_marked_owned(deferred, &marks).map_err(Error::internal)
}

/// The flow of [`arrange_and_label`] with its labels made by `sweep` on the deferred
/// arrangement (`None` when it finds two segments crossing), or else by `verified` on the
/// verified one.
fn arrange_labelled<L>(
    edges: impl EdgeSource,
    sweep: impl FnOnce(&Deferred) -> Option<L>,
    verified: impl FnOnce(&Arrangement) -> L,
) -> Result<(Deferred, L)> {
    // Every caller validated its coordinates, so an arrangement error is a defect.
    let mut deferred = arrange_deferred_from(edges).map_err(Error::internal)?;
    if let Some(labels) = sweep(&deferred) {
        // No two segments cross, so the arrangement's fallback for that case is freed
        // before the caller traces (issue #24).
        deferred.forget_fallback();
        return Ok((deferred, labels));
    }
    let arrangement = deferred.verify().map_err(Error::internal)?;
    let labels = verified(&arrangement);
    Ok((Deferred::from(arrangement), labels))
}

impl Region {
    /// The empty region on the grid of `options`; SnapBits outside `0..=16` are an
    /// [`Error::InvalidArgument`], as for every other way of making a region.
    pub fn empty(options: &Geometry2DOptions) -> Result<Self> {
        options.validate()?;
        Ok(Self {
            snap_bits: options.snap_bits,
            rings: Vec::new(),
        })
    }

    /// The union of the outlines, each read by the even-odd rule.
    ///
    /// Every coordinate is validated (finite, magnitude at most `2^21`) and every ring must
    /// have at least 3 vertices; the first failure in the order of decisions D9 is returned,
    /// naming outline, ring and vertex. Coordinates are snapped to the grid (ties to even);
    /// each outline is resolved alone by snap rounding and the even-odd rule, then the
    /// resolved rings of all outlines are united in one more arrangement, which runs even for
    /// a single outline (decisions D8).
    pub fn from_outlines(outlines: &[Outline], options: &Geometry2DOptions) -> Result<Self> {
        options.validate()?;
        let scale = options.scale();
        // Resolving seldom changes the number of edges much: as many as the input has.
        let input_edges = outlines.iter().flat_map(|o| &o.rings).map(Vec::len).sum();
        let mut resolved_edges = Vec::with_capacity(input_edges);
        // One outline at a time through buffers kept across outlines: a union of many
        // small outlines (one per tile-map run, say) would otherwise allocate its snapped
        // rings and its resolved ring once per outline. Bad input is reported in the order
        // of decisions D9 all the same, since each outline is checked before the next;
        // only an arrangement's defect or size error on an earlier outline could come
        // first, where all outlines were once checked before any arrangement ran.
        let (mut points, mut ends, mut simple) = (Vec::new(), Vec::new(), Vec::new());
        for (o, outline) in outlines.iter().enumerate() {
            snap_outline(o, outline, scale, &mut points, &mut ends)?;
            // One simple ring resolves to itself (simple_ring.rs proves it bit for bit).
            if ends.len() == 1 && resolve_simple_ring(&points, &mut simple) {
                resolved_edges.extend(TaggedEdge::of_rings([&simple], Operand::First));
                continue;
            }
            let rings = ends.iter().scan(0, |start, &end| {
                let ring = &points[*start..end];
                *start = end;
                Some(ring)
            });
            let edges: Vec<TaggedEdge> = TaggedEdge::of_rings(rings, Operand::First).collect();
            let resolved = overlay(edges, InsideRule::EvenOdd)?;
            resolved_edges.extend(TaggedEdge::of_rings(&resolved, Operand::First));
        }
        // The buffers go before the last arrangement, where memory peaks.
        drop((points, ends, simple));
        Ok(Self {
            snap_bits: options.snap_bits,
            rings: overlay(resolved_edges, InsideRule::Positive)?,
        })
    }

    /// The region of the true cells of a tile map.
    ///
    /// `cells[x + y * width]` is cell `(x, y)`, spanning `origin + (x, y) * cell_size` to
    /// `origin + (x + 1, y + 1) * cell_size` with y up. Grid line `i` is
    /// `origin + i * cell_size`, computed once in `f64` and snapped, so neighbours share
    /// coordinates exactly; the boundary between true and false cells is traced into rings
    /// directly, without noding, in time linear in the map. Errors (decisions D2, D9): bad
    /// SnapBits, `cells.len() != width * height`, a cell size that is not finite, not
    /// positive or below one grid unit, a grid line beyond `2^21` (a non-finite origin is
    /// reported as grid line 0), and two grid lines that snap together.
    pub fn from_tile_map(
        cells: &[bool],
        width: usize,
        height: usize,
        cell_size: f64,
        origin: Vector2D,
        options: &Geometry2DOptions,
    ) -> Result<Self> {
        options.validate()?;
        check_map_shape("cells", cells.len(), width, height)?;
        let (xs, ys) = tile_map_grid_lines(cells.len(), width, height, cell_size, origin, options)?;
        if cells.is_empty() {
            return Self::empty(options);
        }
        Ok(Self {
            snap_bits: options.snap_bits,
            rings: trace_tile_map(cells, width, height, &xs, &ys),
        })
    }

    fn binary(&self, other: &Region, rule: InsideRule) -> Result<Region> {
        if self.snap_bits != other.snap_bits {
            return Err(Error::SnapBitsMismatch {
                left: self.snap_bits,
                right: other.snap_bits,
            });
        }
        let edges: Vec<TaggedEdge> = TaggedEdge::of_rings(&self.rings, Operand::First)
            .chain(TaggedEdge::of_rings(&other.rings, Operand::Second))
            .collect();
        Ok(Region {
            snap_bits: self.snap_bits,
            rings: overlay(edges, rule)?,
        })
    }

    /// The points in `self` or in `other`. Both must use the same SnapBits.
    pub fn union(&self, other: &Region) -> Result<Region> {
        self.binary(other, InsideRule::Union)
    }

    /// The points in both `self` and `other`. Both must use the same SnapBits.
    pub fn intersection(&self, other: &Region) -> Result<Region> {
        self.binary(other, InsideRule::Intersection)
    }

    /// The points in `self` but not in `other`. Both must use the same SnapBits.
    pub fn difference(&self, other: &Region) -> Result<Region> {
        self.binary(other, InsideRule::Difference)
    }

    /// The points in exactly one of `self` and `other`. Both must use the same SnapBits.
    pub fn xor(&self, other: &Region) -> Result<Region> {
        self.binary(other, InsideRule::Xor)
    }

    /// The SnapBits of the region's grid: one grid unit is `2^-snap_bits` user units.
    pub fn snap_bits(&self) -> u32 {
        self.snap_bits
    }

    /// The options that reproduce this region's grid.
    pub fn options(&self) -> Geometry2DOptions {
        Geometry2DOptions::with_snap_bits(self.snap_bits)
    }

    /// The rings in grid units, in canonical order.
    pub fn rings(&self) -> &[Vec<GridPoint>] {
        &self.rings
    }

    /// True when the region has no ring.
    pub fn is_empty(&self) -> bool {
        self.rings.is_empty()
    }

    /// The number of ring vertices (a vertex shared by two rings counts twice).
    pub fn vertex_count(&self) -> usize {
        self.rings.iter().map(Vec::len).sum()
    }

    /// A grid point in user units: `i * 2^-snap_bits`, exact.
    pub fn to_user(&self, p: GridPoint) -> Vector2D {
        crate::snap::to_user(p, self.snap_bits)
    }

    /// The rings in user units (exact values of the grid points).
    pub fn rings_f64(&self) -> Vec<Vec<Vector2D>> {
        self.rings
            .iter()
            .map(|r| r.iter().map(|&p| self.to_user(p)).collect())
            .collect()
    }

    /// Twice the region's area in grid units squared, exactly: the shoelace sum over all
    /// rings (holes count negative).
    pub fn area2(&self) -> i128 {
        self.rings
            .iter()
            .map(|r| twice_area(r.iter().copied()))
            .sum()
    }

    /// The area in user units squared (the exact area rounded once to `f64`).
    pub fn area(&self) -> f64 {
        let unit = self.options().unit();
        self.area2() as f64 * 0.5 * unit * unit
    }

    /// The smallest and largest corner of the axis-aligned bounding box in grid units, or
    /// `None` for the empty region.
    pub fn bounds(&self) -> Option<(GridPoint, GridPoint)> {
        bounding_box(self.rings.iter().flatten())
    }
}

/// The smallest and largest corner of the axis-aligned box around `points`, or `None` when
/// there is no point.
pub(crate) fn bounding_box<'a>(
    points: impl IntoIterator<Item = &'a GridPoint>,
) -> Option<(GridPoint, GridPoint)> {
    let mut points = points.into_iter();
    let first = *points.next()?;
    Some(points.fold((first, first), |(lo, hi), p| {
        (
            GridPoint::new(lo.x.min(p.x), lo.y.min(p.y)),
            GridPoint::new(hi.x.max(p.x), hi.y.max(p.y)),
        )
    }))
}
