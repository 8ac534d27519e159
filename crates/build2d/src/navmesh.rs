//! `NavMesh`: the build pipeline's result, a region cut into convex polygons with adjacency
//! and per-vertex fans.

use crate::error::{Error, Result};
use crate::input::Vector2D;
use crate::region::Region;
use crate::triangulate::ConvexPartition;
use onepath_convex::VertexFans;
use onepath_predicates::GridPoint;
use std::time::Duration;

/// How long each stage of [`Mesh2DPipeline::build`](crate::Mesh2DPipeline::build) took
/// (wall-clock; never part of a result's bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StageTimings {
    /// The agent-radius shrink.
    pub shrink: Duration,
    /// The constrained Delaunay triangulation.
    pub triangulate: Duration,
    /// The Hertel–Mehlhorn merge.
    pub partition: Duration,
    /// The per-vertex polygon fans.
    pub fans: Duration,
}

impl StageTimings {
    /// The sum of the stages.
    pub fn total(&self) -> Duration {
        self.shrink + self.triangulate + self.partition + self.fans
    }
}

/// A navigation mesh: the walkable region shrunk by the agent radius, cut into convex
/// polygons with adjacency (decisions D6).
#[derive(Clone, Debug)]
pub struct NavMesh {
    pub(crate) region: Region,
    pub(crate) triangle_count: usize,
    pub(crate) partition: ConvexPartition,
    pub(crate) fans: VertexFans,
    pub(crate) timings: StageTimings,
}

impl PartialEq for NavMesh {
    /// Two meshes are equal when their geometry is; timings are ignored.
    fn eq(&self, other: &Self) -> bool {
        self.region == other.region
            && self.triangle_count == other.triangle_count
            && self.partition == other.partition
            && self.fans == other.fans
    }
}

impl Eq for NavMesh {}

/// A broken promise of a navigation mesh.
fn invalid(message: impl std::fmt::Display) -> Error {
    Error::invariant("navigation mesh", message)
}

impl NavMesh {
    /// A navigation mesh from its parts (for example read back from a file), accepted only
    /// when the region and the polygons are valid, use one grid, cover the same area
    /// exactly, the fans (one list per vertex, as [`NavMesh::vertex_fans`] lists them) are
    /// the polygons' own and the triangle count is the one the polygons were merged from
    /// (the sum of their vertex counts minus two). Timings are zero.
    pub fn from_parts(
        region: Region,
        triangle_count: usize,
        partition: ConvexPartition,
        fans: &[Vec<i32>],
    ) -> Result<Self> {
        if region.snap_bits() != partition.snap_bits() {
            return Err(invalid("the region and the polygons use different grids"));
        }
        let merged: usize = partition.iter().map(|p| p.vertices.len() - 2).sum();
        if merged != triangle_count {
            return Err(invalid(format!(
                "the polygons hold {merged} triangles, not {triangle_count}"
            )));
        }
        let own = partition.vertex_fans()?;
        if own.len() != fans.len() || own.iter().zip(fans).any(|(a, b)| a != b.as_slice()) {
            return Err(invalid("the vertex fans are not the polygons' own"));
        }
        let mesh = Self {
            region,
            triangle_count,
            partition,
            fans: own,
            timings: StageTimings::default(),
        };
        mesh.check_invariants()?;
        Ok(mesh)
    }

    /// The walkable region after the shrink: where an agent's centre may stand.
    pub fn region(&self) -> &Region {
        &self.region
    }

    /// The mesh vertices in grid units, sorted by `(x, y)`.
    pub fn vertices(&self) -> &[GridPoint] {
        self.partition.vertices()
    }

    /// The mesh vertices in user units (exact).
    pub fn vertices_f64(&self) -> Vec<Vector2D> {
        self.partition.vertices_f64()
    }

    /// The convex polygons and their adjacency.
    pub fn polygons(&self) -> &ConvexPartition {
        &self.partition
    }

    /// The number of triangles the polygons were merged from.
    pub fn triangle_count(&self) -> usize {
        self.triangle_count
    }

    /// For each vertex, the polygons around it counter-clockwise with one `-1` between runs
    /// of boundary, as polyanya-style path finders expect: a flat view indexed by vertex
    /// ([`VertexFans::fan`], [`VertexFans::iter`]).
    pub fn vertex_fans(&self) -> &VertexFans {
        &self.fans
    }

    /// How long each stage took.
    pub fn timings(&self) -> StageTimings {
        self.timings
    }

    /// Checks the region's and the polygons' invariants and that the polygons cover the
    /// region exactly (equal exact areas).
    pub fn check_invariants(&self) -> Result<()> {
        self.region.check_invariants()?;
        self.partition.check_invariants()?;
        if self.partition.area2() != self.region.area2() {
            return Err(invalid(format!(
                "the polygons' area {} differs from the region's {}",
                self.partition.area2(),
                self.region.area2()
            )));
        }
        Ok(())
    }
}
