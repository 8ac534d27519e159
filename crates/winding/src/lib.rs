//! Winding numbers, inside rules and ring tracing: from a noded arrangement to a region.
//!
//! Given the non-crossing segments of a snap-rounding arrangement
//! ([`onepath_arrangement::Arrangement`]), this crate
//!
//! 1. labels every segment with the per-operand winding numbers on both of its sides by
//!    the exact plane sweep of the specification's "Labelling" section ([`label`]; on an
//!    arrangement whose verifying pass was deferred, [`label_deferred`] decides on the way
//!    whether two segments properly cross);
//! 2. selects the segments that separate inside from outside under one of the inside rules
//!    of decisions D1 ([`InsideRule`], [`boundary_edges`]), directed with the inside on the
//!    left;
//! 3. chains them into rings by the clockwise-first rule, drops collinear degree-2 vertices
//!    and puts the rings in canonical order ([`trace_rings`], or [`trace_boundary`] for
//!    steps 2 and 3 at once on the arrangement's vertex numbering).
//!
//! Tile maps skip the arrangement: [`trace_tile_map`] traces the cells' boundary straight
//! into the same canonical rings, in time linear in the map.
//!
//! Every sign comes from `onepath-predicates`; the output depends only on the set of
//! segments, never on their order.
//!
//! # Example
//!
//! ```
//! use onepath_arrangement::{Arrangement, Segment};
//! use onepath_predicates::GridPoint;
//! use onepath_winding::{boundary_edges, label, trace_rings, InsideRule};
//!
//! // A unit square, counter-clockwise, as an arrangement: vertices in (x, y) order and
//! // segments a < b with the net direction of the input edges.
//! let p = |x, y| GridPoint::new(x, y);
//! let arrangement = Arrangement {
//!     vertices: vec![p(0, 0), p(0, 1), p(1, 0), p(1, 1)],
//!     segments: vec![
//!         Segment { a: 0, b: 1, delta: [-1, 0] }, // (0,1) -> (0,0)
//!         Segment { a: 0, b: 2, delta: [1, 0] },  // (0,0) -> (1,0)
//!         Segment { a: 1, b: 3, delta: [-1, 0] }, // (1,1) -> (0,1)
//!         Segment { a: 2, b: 3, delta: [1, 0] },  // (1,0) -> (1,1)
//!     ],
//! };
//! let windings = label(&arrangement);
//! assert_eq!(windings[1].above, [1, 0]); // inside lies above the bottom edge
//! let edges = boundary_edges(&arrangement, &windings, InsideRule::Positive);
//! let rings = trace_rings(&edges).unwrap();
//! assert_eq!(rings, vec![vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)]]);
//! ```
#![forbid(unsafe_code)]

mod inside;
mod marks;
mod rings;
mod strips;
mod sweep;
mod tilemap;

pub use inside::{
    InsideRule, boundary_edges, trace_boundary, trace_deferred, trace_deferred_owned,
};
pub use marks::{BoundaryMarks, BoundarySide, mark_deferred_boundary, trace_marked_owned};
pub use rings::{TraceError, canonical_ring, canonicalize, trace_rings};
pub use sweep::{
    SegmentWindings, label, label_checking_crossings, label_checking_crossings_in_strips,
    label_deferred, label_in_strips, label_with_chunk_size, label_with_plain_list,
};
pub use tilemap::trace_tile_map;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
