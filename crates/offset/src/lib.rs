//! Offset pieces and the build's shrink edges on the integer snap grid: the pieces of round
//! and square offsets and the agent-radius shrink's edge list, as directed edges between
//! grid points for the snap-rounding arrangement.
//!
//! This crate follows the specification's sections "Offsetting" and "Shrinking for the
//! build (Mesh2DPipeline.Shrink)" with decisions D10 and D12 (`docs/build2d-spec.txt`,
//! `docs/decisions.md`). It does no noding: the caller feeds the edges returned here to the
//! arrangement as operand 1 and adds the region's own edges (operand 0 for offsets, both
//! operands for the shrink). The crate offers:
//!
//! - [`round_offset_polygons`]: per boundary edge a rectangle of half-width `r`, per
//!   distinct boundary vertex a circumscribed m-gon; [`round_offset_polygons_culled`]: the
//!   same without the m-gons that provably change no output bit (`docs/offset-culling.md`);
//! - [`square_offset_polygons`]: per boundary edge the hull of two axis-aligned squares;
//! - [`piece_edges`]: the pieces' closed cycles as directed edges for the arrangement;
//! - [`shrink_edges`]: decision D12's edge list (far sides, uncancelled end sides, the
//!   equal-area arcs at reflex corners); [`shrink_edges_culled`]: the same without the
//!   corner squares that provably change no output bit; [`ShrinkEdges`]: either, made on
//!   demand instead of held as a list;
//! - the recipes behind them: [`half_angle_table`], [`unit_vectors`], [`choose_m`],
//!   [`effective_tolerance`], [`equal_area_ring`] and [`pipeline_arc_tolerance`].
//!
//! Every float that reaches a result comes from `+ - * / sqrt` in the order D10 and D12
//! give (decision D4), so the output has the same bits on every platform. Input rings are
//! a region's rings: closed cycles with the interior on the left, in grid units. With the
//! feature `parallel` (rayon), the round offset's pieces and its culling's tests run in
//! parts on the current rayon pool; the outputs and errors are those of one pass, for any
//! number of threads.
//!
//! # Example
//!
//! ```
//! use onepath_offset::{GridPoint, shrink_edges, square_offset_polygons};
//!
//! // A 100 x 100 square, counter-clockwise; radius 10 grid units, arc tolerance 1.
//! let square: Vec<GridPoint> = [(0, 0), (100, 0), (100, 100), (0, 100)]
//!     .into_iter()
//!     .map(GridPoint::from)
//!     .collect();
//! let limit = 1 << 20;
//! let edges = shrink_edges(&[square.clone()], 10.0, 1.0, limit)?;
//! // No corner is reflex: per edge the far side and the two end sides.
//! assert_eq!(edges.len(), 12);
//! assert_eq!(edges[0], [GridPoint::new(100, 10), GridPoint::new(0, 10)]);
//!
//! // The square offset of an axis-aligned edge is a rectangle.
//! let pieces = square_offset_polygons(&[square], 2.0, limit)?;
//! assert_eq!(
//!     pieces[0],
//!     [(-2, -2), (102, -2), (102, 2), (-2, 2)].map(GridPoint::from).to_vec()
//! );
//! # Ok::<(), onepath_offset::OffsetError>(())
//! ```
#![forbid(unsafe_code)]

mod cull;
mod equal_area;
mod error;
mod mgon;
mod par;
mod placement;
mod round;
mod shrink;
mod square;

pub use cull::OffsetSide;
pub use equal_area::{EqualAreaRing, equal_area_ring};
pub use error::OffsetError;
pub use mgon::{
    MgonAngles, VERTEX_COUNTS, choose_m, effective_tolerance, half_angle_table,
    pipeline_arc_tolerance, unit_vectors,
};
pub use onepath_predicates::GridPoint;
pub use placement::piece_edges;
pub use round::{round_offset_polygons, round_offset_polygons_culled};
pub use shrink::{ShrinkEdges, is_reflex_corner, shrink_edges, shrink_edges_culled};
pub use square::{square_half_side, square_offset_polygons};

/// The offset coordinate limit in user units, `2^21 + 2^20` (decision D10): multiply by
/// `2^SnapBits` for the `limit` argument in grid units.
pub const OFFSET_LIMIT_USER_UNITS: i64 = (1 << 21) + (1 << 20);

/// The README's example, compiled and run as a doctest so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
