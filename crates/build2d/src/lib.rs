//! Exact 2D navigation-mesh geometry: regions, boolean operations, offsets, triangulation
//! and convex partition, bit for bit the same on every platform.
#![forbid(unsafe_code)]

mod check;
mod error;
mod input;
mod navmesh;
mod offset;
mod pipeline;
mod polygons;
mod region;
mod snap;
mod triangulate;

pub use error::{Axis, Error, Location, Result};
pub use input::{COORDINATE_LIMIT, Geometry2DOptions, MAX_SNAP_BITS, Outline, Vector2D};
pub use onepath_predicates::GridPoint;
pub use navmesh::{NavMesh, StageTimings};
pub use offset::{DISTANCE_LIMIT, Join};
pub use pipeline::Mesh2DPipeline;
pub use polygons::RegionPolygon;
pub use region::Region;
pub use triangulate::{ConvexPartition, Triangulation};
