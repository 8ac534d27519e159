//! `Region::offset` and the build's agent-radius shrink: pieces, then one arrangement.

use crate::error::{Error, Location, Result};
use crate::region::{Region, bounding_box, overlay};
use onepath_arrangement::{EdgeExtent, EdgeSource, Operand, TaggedEdge};
use onepath_offset::{
    OFFSET_LIMIT_USER_UNITS, OffsetError, OffsetSide, ShrinkEdges, piece_edges,
    round_offset_polygons, round_offset_polygons_culled, shrink_edges, square_offset_polygons,
};
use onepath_predicates::GridPoint;
use onepath_winding::InsideRule;

/// How an offset treats corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Join {
    /// Rounded corners: every boundary vertex sweeps a regular polygon circumscribed about
    /// the circle of the offset distance (8 to 256 vertices, by the arc tolerance).
    Round,
    /// The Minkowski sum with an axis-aligned square: every edge sweeps the convex hull of
    /// the squares centred on its ends.
    Square,
}

/// The largest offset distance and agent radius, `2^20` user units.
pub const DISTANCE_LIMIT: f64 = 1_048_576.0;

/// Maps an offset error: a piece point beyond the limit is the caller's input out of range;
/// anything else means the umbrella passed bad arguments, a defect.
fn offset_error(e: OffsetError) -> Error {
    match e {
        OffsetError::PointBeyondLimit { x, y, .. } => Error::out_of_range(
            // The rounded coordinates, saturated to i64 (they are grid integers).
            Location::OffsetPoint {
                x: x as i64,
                y: y as i64,
            },
            format!("offset geometry reaches beyond 2^21 + 2^20 user units ({e})"),
        ),
        other => Error::internal(other),
    }
}

/// The offset limit `(2^21 + 2^20) * 2^snap_bits` in grid units.
fn limit(snap_bits: u32) -> i64 {
    OFFSET_LIMIT_USER_UNITS << snap_bits
}

/// Checks an arc tolerance: finite and not negative (decisions D10), and finite in grid
/// units once scaled by `scale` (`2^snap_bits`), which a value near `f64::MAX` is not.
pub(crate) fn check_arc_tolerance(arc_tolerance: f64, scale: f64) -> Result<()> {
    if !arc_tolerance.is_finite() || arc_tolerance < 0.0 {
        return Err(Error::invalid(
            Location::Argument("arc_tolerance"),
            format!("{arc_tolerance} must be finite and not negative"),
        ));
    }
    if !(arc_tolerance * scale).is_finite() {
        return Err(Error::out_of_range(
            Location::Argument("arc_tolerance"),
            format!("{arc_tolerance:e} overflows when scaled to grid units (times {scale})"),
        ));
    }
    Ok(())
}

impl Region {
    /// The region grown (`distance > 0`) or shrunk (`distance < 0`) by `|distance|` user
    /// units.
    ///
    /// Growing gives `self ∪ S` and shrinking `self ∖ S`, where `S` is the union of convex
    /// pieces swept along every boundary edge (rectangles, plus a circumscribed regular polygon
    /// per vertex for [`Join::Round`], or the hull of two squares per edge for
    /// [`Join::Square`]), all noded in one arrangement: thin features vanish and narrow gaps
    /// close exactly. `arc_tolerance` (user units) bounds how far the round joins' polygons
    /// lie outside the true circle; below one grid unit it means `max(1, r / 128)` grid units.
    ///
    /// Errors: `|distance| > 2^20` or non-finite, and offset geometry beyond
    /// `2^21 + 2^20`, are [`Error::OutOfRange`]; a non-finite or negative arc tolerance is
    /// [`Error::InvalidArgument`]. A distance of zero returns the region unchanged.
    ///
    /// The round join's m-gons that provably change no output bit are left out of the
    /// arrangement (`docs/offset-culling.md`); [`Region::offset_unculled`] feeds them all
    /// and returns the same rings.
    pub fn offset(&self, distance: f64, join: Join, arc_tolerance: f64) -> Result<Region> {
        self.offset_pieces(distance, join, arc_tolerance, true)
    }

    /// [`Region::offset`] with every piece the specification lists fed to the arrangement,
    /// none left out: the same rings, bit for bit, more slowly. It exists so that the
    /// culling can always be compared with the text it must agree with.
    ///
    /// Errors: those of [`Region::offset`].
    pub fn offset_unculled(&self, distance: f64, join: Join, arc_tolerance: f64) -> Result<Region> {
        self.offset_pieces(distance, join, arc_tolerance, false)
    }

    /// [`Region::offset`], with or without the culling.
    fn offset_pieces(
        &self,
        distance: f64,
        join: Join,
        arc_tolerance: f64,
        cull: bool,
    ) -> Result<Region> {
        if !distance.is_finite() || distance.abs() > DISTANCE_LIMIT {
            return Err(Error::out_of_range(
                Location::Argument("distance"),
                format!("{distance} must be finite with magnitude at most 2^20"),
            ));
        }
        check_arc_tolerance(arc_tolerance, self.options().scale())?;
        if distance == 0.0 || self.is_empty() {
            return Ok(self.clone());
        }
        let scale = self.options().scale();
        let r = distance.abs() * scale;
        let (side, rule) = if distance > 0.0 {
            (OffsetSide::Grow, InsideRule::Union)
        } else {
            (OffsetSide::Shrink, InsideRule::Difference)
        };
        let (tolerance, limit) = (arc_tolerance * scale, limit(self.snap_bits));
        let pieces = match join {
            Join::Round if cull => {
                round_offset_polygons_culled(&self.rings, r, tolerance, limit, side)
            }
            Join::Round => round_offset_polygons(&self.rings, r, tolerance, limit),
            Join::Square => square_offset_polygons(&self.rings, r, limit),
        }
        .map(|p| piece_edges(&p))
        .map_err(offset_error)?;
        self.overlay_with_pieces(Operand::First, pieces, rule)
    }

    /// The region's own edges (counting for `own`) and the offset pieces (operand 1) noded
    /// in one arrangement, traced under `rule` (decisions D1). The edges are made on the
    /// fly from the rings and the pieces, never held as a vector of tagged edges (40 bytes
    /// each), and the pieces are freed once the arrangement has keyed them, before it
    /// sorts them (issue #24).
    fn overlay_with_pieces(
        &self,
        own: Operand,
        pieces: impl Pieces,
        rule: InsideRule,
    ) -> Result<Region> {
        let edges = WithPieces {
            rings: &self.rings,
            own,
            pieces,
        };
        Ok(Region {
            snap_bits: self.snap_bits,
            rings: overlay(edges, rule)?,
        })
    }

    /// The build pipeline's agent-radius shrink by `r_grid` grid units (the specification's
    /// `Mesh2DPipeline.Shrink`, decisions D12): the region's own edges counting for both
    /// operands, the interior-side rectangles' other sides and the equal-area arcs at reflex
    /// corners as operand 1, and `w0 > 0 && w1 <= 0` inside. With `cull`, the corner
    /// squares that provably change no bit are left out (`docs/offset-culling.md`, section 9).
    pub(crate) fn shrink_by(
        &self,
        r_grid: f64,
        arc_tolerance_grid: f64,
        cull: bool,
    ) -> Result<Region> {
        if cull {
            // Made on demand as the arrangement reads them, never held as a list.
            let pieces = shrink_pieces(&self.rings, self.snap_bits, r_grid, arc_tolerance_grid)?;
            self.overlay_with_pieces(Operand::Both, pieces, InsideRule::Difference)
        } else {
            let pieces = shrink_edges(
                &self.rings,
                r_grid,
                arc_tolerance_grid,
                limit(self.snap_bits),
            )
            .map_err(offset_error)?;
            self.overlay_with_pieces(Operand::Both, pieces, InsideRule::Difference)
        }
    }
}

/// Offset pieces as directed edges, the same sequence each time they are read.
pub(crate) trait Pieces {
    /// The pieces in order.
    fn pieces(&self) -> impl Iterator<Item = [GridPoint; 2]> + '_;

    /// A box holding every piece's ends and the most pieces there are, when known without
    /// making them ([`EdgeSource::extent`]); `None` by default.
    fn extent(&self) -> Option<EdgeExtent> {
        None
    }
}

impl Pieces for Vec<[GridPoint; 2]> {
    fn pieces(&self) -> impl Iterator<Item = [GridPoint; 2]> + '_ {
        self.iter().copied()
    }
}

impl Pieces for ShrinkEdges {
    fn pieces(&self) -> impl Iterator<Item = [GridPoint; 2]> + '_ {
        self.iter()
    }

    /// The shrink's own bound ([`ShrinkEdges::extent`]): its edges are made on demand, and
    /// reading them once instead of twice saves making them again (`docs/performance.md`,
    /// item 75).
    fn extent(&self) -> Option<EdgeExtent> {
        let ([lo, hi], max_edges) = ShrinkEdges::extent(self)?;
        Some(EdgeExtent { lo, hi, max_edges })
    }
}

/// A region's own edges (counting for `own`) followed by offset pieces (operand 1): the
/// input of [`Region::overlay_with_pieces`]'s arrangement, made on the fly.
struct WithPieces<'a, P> {
    rings: &'a [Vec<GridPoint>],
    own: Operand,
    pieces: P,
}

impl<P: Pieces> EdgeSource for WithPieces<'_, P> {
    fn edges(&self) -> impl Iterator<Item = TaggedEdge> + '_ {
        TaggedEdge::of_rings(self.rings, self.own).chain(
            self.pieces
                .pieces()
                .map(|e| TaggedEdge::new(e[0], e[1], Operand::Second)),
        )
    }

    /// The pieces' extent joined with the rings' box and edge count (one edge a ring
    /// vertex), read from their vertices, which are few beside the pieces; `None` when the
    /// pieces tell none.
    fn extent(&self) -> Option<EdgeExtent> {
        let pieces = self.pieces.extent()?;
        let Some((lo, hi)) = bounding_box(self.rings.iter().flatten()) else {
            return Some(pieces);
        };
        let max_edges = self.rings.iter().map(Vec::len).sum();
        Some(pieces.joined(&EdgeExtent { lo, hi, max_edges }))
    }
}

/// The shrink's operand-1 edges (decisions D12) of `rings` on the grid of `snap_bits`, the
/// corner squares that change no bit left out (`docs/offset-culling.md`, section 9), with
/// offset errors mapped as [`Region::offset`] maps them.
pub(crate) fn shrink_pieces(
    rings: &[Vec<GridPoint>],
    snap_bits: u32,
    r_grid: f64,
    arc_tolerance_grid: f64,
) -> Result<ShrinkEdges> {
    ShrinkEdges::culled(rings, r_grid, arc_tolerance_grid, limit(snap_bits)).map_err(offset_error)
}
