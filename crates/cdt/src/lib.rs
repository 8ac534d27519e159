//! Exact constrained Delaunay triangulation of integer grid points, numbered exactly as
//! decisions D13 prescribes, with the winding labelling and canonical inside triangles of
//! the spec's "Region.Triangulate".
//!
//! This is the triangulation stage of onepath (spec section "Constrained Delaunay
//! triangulation"): points sorted by `(x, y)` are inserted by Lawson's algorithm in the
//! biased randomised order of [`insertion_order`], constraints follow by Sloan's method,
//! and final Delaunay passes run over the triangles in index order. Every sign comes from
//! [`onepath_predicates`], so the result is exact, and the insertion order, triangle
//! numbering and queue disciplines are fixed, so cocircular input (tile maps) always gets
//! the same diagonals, bit for bit.
//!
//! Limits: points must be distinct, sorted by `(x, y)` and within `±2^40`
//! ([`CDT_COORDINATE_LIMIT`]); constraints must be noded (meeting only at end points). Anything
//! else is a [`CdtError`], never a panic.
//!
//! # Example
//!
//! ```
//! use onepath_cdt::Cdt;
//! use onepath_predicates::GridPoint;
//!
//! // A unit square (points sorted by (x, y)) with its ring directed counter-clockwise.
//! let points = [(0, 0), (0, 1), (1, 0), (1, 1)].map(GridPoint::from);
//! let ring = [[0, 2], [2, 3], [3, 1], [1, 0]];
//! let cdt = Cdt::new(&points, &ring)?;
//! assert_eq!(cdt.triangles().len(), 2 * points.len() + 1);
//! cdt.check_invariants().expect("a valid triangulation");
//!
//! let inside = cdt.inside_mesh();
//! assert_eq!(inside.triangles.len(), 2);
//! inside.check_invariants(&points, &ring).expect("canonical inside triangles");
//! # Ok::<(), onepath_cdt::CdtError>(())
//! ```
#![forbid(unsafe_code)]

mod build;
mod check;
mod constrain;
mod error;
mod insert;
mod label;
mod mesh;
mod order;
mod sort;

pub use check::check_inside_mesh;
pub use error::{CdtError, InvariantError};
pub use label::InsideMesh;
pub use mesh::{Cdt, ConstraintEdge, NO_TRIANGLE};
pub use order::{hilbert_xy2d, insertion_order, splitmix64_output};

/// Input coordinates must lie within `±2^40` grid units. The bounding triangle's corners
/// sit at `2^45` and beyond, so every input point lies deep inside it, and every in-circle
/// determinant (with the corners) stays within the exact range of the `robust` predicates.
pub const CDT_COORDINATE_LIMIT: i64 = 1 << 40;

/// The largest number of input points: `2n + 1` triangles and `n + 3` vertices must fit
/// `u32` indices below [`NO_TRIANGLE`].
pub const MAX_POINTS: usize = (u32::MAX / 2 - 2) as usize;
