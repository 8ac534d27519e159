//! Exact predicates and constructions on integer grid points: the kernel of onepath.
//!
//! Every later stage of onepath (snap rounding, the winding sweep, offsets, the
//! constrained Delaunay triangulation and the convex merge) takes each of its decisions
//! from the functions in this crate, so that a result never depends on floating-point
//! rounding. The crate offers:
//!
//! - [`GridPoint`], a point with `i64` coordinates on the snap grid, ordered by `(x, y)`;
//! - [`orient2d`] and [`incircle`], returning [`Orientation`] and [`CirclePosition`]
//!   (never a raw `f64`); the in-circle test expands its determinant in integers when the
//!   coordinate differences are below `2^30` and otherwise runs Shewchuk's adaptive
//!   predicate from the [`robust`] crate on the exact `f64` images of the coordinates;
//! - [`properly_cross`] and [`crossing_point`]: the proper-crossing test of two segments
//!   and their crossing computed as an exact rational in `i128`, rounded once by
//!   `floor(x + 1/2)` per coordinate ([`crossing_floor`] rounds it down instead);
//! - [`segment_meets_pixel`]: whether a closed segment meets the half-open pixel
//!   `[c - 1/2, c + 1/2)^2` of a grid point, decided exactly;
//! - [`segment_distance2`]: the exact squared distance from a point to a closed segment as a
//!   [`SquaredDistance`] (a rational compared by cross-multiplication) and where the
//!   nearest point lies ([`SegmentPoint`]), for the navigation mesh's point queries;
//! - [`twice_area`]: the exact shoelace sum of a closed ring (the one copy of it).
//!
//! `docs/predicates.md` in the repository states the bit budget that makes each of these
//! exact.
//!
//! # Example
//!
//! ```
//! use onepath_predicates::{crossing_point, orient2d, properly_cross, GridPoint, Orientation};
//!
//! let (a, b) = (GridPoint::new(0, 0), GridPoint::new(4, 3));
//! let (c, d) = (GridPoint::new(0, 3), GridPoint::new(4, 0));
//! assert_eq!(orient2d(a, b, c), Orientation::CounterClockwise);
//! assert!(properly_cross(a, b, c, d));
//! // The exact crossing is (2, 1.5); 1.5 rounds up to 2 (ties go up).
//! assert_eq!(crossing_point(a, b, c, d), GridPoint::new(2, 2));
//! ```
#![forbid(unsafe_code)]

mod area;
mod crossing;
mod distance;
mod orient;
mod pixel;
mod point;

pub use area::twice_area;
pub use crossing::{crossing_floor, crossing_point, properly_cross, round_half_up_div};
pub use distance::{SegmentPoint, SquaredDistance, segment_distance2};
pub use orient::{
    CirclePosition, Orientation, cross, dot, incircle, orient2d, orient2d_exact_f64,
    orient2d_robust,
};
pub use pixel::{segment_meets_half_open_box, segment_meets_pixel};
pub use point::GridPoint;

/// Snapped input coordinates lie within `±2^37` grid units: `2^21` user units at the
/// finest grid (`2^-16`).
pub const INPUT_LIMIT: i64 = 1 << 37;

/// Constructed points (crossings, offset corners) stay within `±2^39` grid units; every
/// construction in this crate is exact for coordinates up to this bound.
pub const CONSTRUCTION_LIMIT: i64 = 1 << 39;

/// Coordinates up to `±2^53` convert to `f64` exactly, which is what the `robust`
/// predicates need to return exact signs.
pub const EXACT_F64_LIMIT: i64 = 1 << 53;

/// The unit of the bounding triangle of the triangulation: its corners are
/// `(-B, -B)`, `(3B, -B)` and `(-B, 3B)` with `B = 2^45`.
pub const BOUNDING_UNIT: i64 = 1 << 45;

/// The corners of the triangulation's bounding triangle, counter-clockwise, in the order
/// the specification lists them.
pub const BOUNDING_TRIANGLE: [GridPoint; 3] = [
    GridPoint::new(-BOUNDING_UNIT, -BOUNDING_UNIT),
    GridPoint::new(3 * BOUNDING_UNIT, -BOUNDING_UNIT),
    GridPoint::new(-BOUNDING_UNIT, 3 * BOUNDING_UNIT),
];

/// Runs the example of `README.md` as a doctest, so the published example stays correct.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
