//! Exact 2D navigation-mesh geometry: regions, boolean operations, offsets, triangulation
//! and convex partition, bit for bit the same on every platform.
//!
//! ```
//! use onepath_build2d::{Geometry2DOptions, Join, Mesh2DPipeline, Outline, Region};
//!
//! # fn main() -> Result<(), onepath_build2d::Error> {
//! let options = Geometry2DOptions::default(); // a grid of 2^-16 user units
//! // A 20 x 12 room with a pillar, read by the even-odd rule (ring order and orientation
//! // do not matter), and a crate in a corner subtracted from it.
//! let room = Region::from_outlines(
//!     &[Outline::from_rings([
//!         vec![[0.0, 0.0], [20.0, 0.0], [20.0, 12.0], [0.0, 12.0]],
//!         vec![[8.0, 4.0], [8.0, 8.0], [12.0, 8.0], [12.0, 4.0]],
//!     ])],
//!     &options,
//! )?;
//! let crate_box = Region::from_outlines(
//!     &[Outline::from_ring([[17.0, 9.0], [20.0, 9.0], [20.0, 12.0], [17.0, 12.0]])],
//!     &options,
//! )?;
//! let walkable = room.difference(&crate_box)?;
//! assert_eq!(walkable.area(), 20.0 * 12.0 - 16.0 - 9.0);
//!
//! // Where an agent of radius 0.5 can stand, cut into convex polygons of at most 6 vertices.
//! let pipeline = Mesh2DPipeline::new(1.0, 0.5);
//! let mesh = pipeline.build(&walkable)?;
//! mesh.check_invariants().expect("a valid mesh");
//! assert!(mesh.polygons().len() >= 4);
//! for polygon in mesh.polygons().iter() {
//!     // polygon.neighbors[i] is the polygon across edge i, or -1 at a wall.
//!     assert_eq!(polygon.vertices.len(), polygon.neighbors.len());
//! }
//!
//! // Offsets grow or shrink a region with round or square corners.
//! let grown = walkable.offset(0.25, Join::Round, 0.01)?;
//! assert!(grown.area() > walkable.area());
//! # Ok(())
//! # }
//! ```
//!
//! # What it guarantees
//!
//! - **Exact.** Input coordinates (finite, magnitude at most `2^21`) are rounded once to a
//!   grid of `2^-snap_bits` user units ([`Geometry2DOptions`]); from there every sign comes
//!   from an exact predicate and every constructed point from exact integer arithmetic
//!   rounded once. The only approximation is snap rounding's distortion: a segment moves by
//!   at most one grid unit near other geometry.
//! - **Deterministic.** Results depend only on the set of input edges and the options, not
//!   on outline order, ring order, start vertex, ring direction, threads or platform.
//! - **Valid.** Every result satisfies its `check_invariants()`: rings never cross,
//!   polygons are convex and counter-clockwise, adjacency is symmetric, areas add up
//!   exactly ([`Region::area2`] is twice the area as an exact `i128`).
//! - **No panics.** Bad input is an [`Error`] naming what is wrong and where (outline,
//!   ring, vertex, grid line).
//!
//! # Point queries
//!
//! [`NavMesh::locate`] (the polygon holding a point), [`NavMesh::closest_point`] (the
//! nearest walkable point, as a grid point inside the polygon it names) and
//! [`NavMesh::polygons_in`] (the polygons meeting a rectangle) snap the query point to the
//! mesh's grid once and then decide exactly, with no tolerance; a point on an edge or
//! vertex shared by several polygons belongs to the one with the smallest index. The
//! spatial index behind them (a uniform grid over the polygons and the boundary edges) is
//! built on the first query, or by [`NavMesh::build_query_index`], and never changes an
//! answer.
//!
//! # Optional features
//!
//! - `serde`: `Serialize` / `Deserialize` for the input and result types in a documented,
//!   stable shape; results are validated by their `check_invariants()` when read.
//! - `geo-types`: `Outline` from `geo_types::Polygon` / `MultiPolygon`, and
//!   `Region::to_multi_polygon`.
//! - `mint`: [`Vector2D`] to and from `mint::Point2` / `mint::Vector2`.
//! - `polyanya`: `NavMesh::to_polyanya`, the mesh as a `polyanya::Mesh` in memory (the
//!   mesh `onepath-io` writes as a file), and `Vector2D` into `polyanya::Coords` so query
//!   points go straight into `Mesh::path`.
//! - `glam`: [`Vector2D`] to and from `glam::DVec2` (exact) and `glam::Vec2`.
//!
//! # Where things come from
//!
//! The behaviour follows `docs/build2d-spec.txt` and `docs/decisions.md` in the repository.
//! This crate validates, snaps and composes: snap rounding is `onepath-arrangement`, the
//! winding sweep and ring tracing `onepath-winding`, offset pieces `onepath-offset`, the
//! triangulation `onepath-cdt` and the convex merge `onepath-convex`, all on the exact
//! predicates of `onepath-predicates`.
#![forbid(unsafe_code)]

mod area_mesh;
mod areas;
mod check;
mod error;
#[cfg(feature = "geo-types")]
mod geo_impl;
#[cfg(feature = "glam")]
mod glam_impl;
mod input;
#[cfg(feature = "mint")]
mod mint_impl;
mod navmesh;
mod offset;
mod pipeline;
#[cfg(feature = "polyanya")]
mod polyanya_impl;
mod polygons;
mod query;
mod query_index;
mod region;
#[cfg(feature = "serde")]
mod serde_impl;
mod simple_ring;
mod snap;
mod tile_build;
mod tiles;
mod triangulate;

pub use areas::{AreaId, AreaMap, DEFAULT_AREA};
pub use error::{Axis, Error, Location, Result};
pub use input::{
    COORDINATE_LIMIT, DEFAULT_SNAP_BITS, Geometry2DOptions, MAX_SNAP_BITS, Outline, Vector2D,
};
pub use navmesh::{NavMesh, StageTimings};
pub use offset::{DISTANCE_LIMIT, Join};
pub use onepath_convex::{
    DEFAULT_MAX_VERTICES_PER_POLYGON, MAX_VERTEX_LIMIT, MIN_VERTEX_LIMIT, Polygon, VertexFans,
};
pub use onepath_predicates::GridPoint;
pub use pipeline::Mesh2DPipeline;
pub use polygons::RegionPolygon;
pub use query::ClosestPoint;
pub use region::Region;
pub use tiles::{CellRect, MAX_TILED_CELLS, TileEdge, TiledBuild, TiledNavMesh, TiledTimings};
pub use triangulate::{ConvexPartition, Triangulation};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
