//! `NavMesh`: the build pipeline's result, and `Mesh2DPipeline::build`.

use crate::error::Result;
use crate::input::Vector2D;
use crate::pipeline::Mesh2DPipeline;
use crate::region::Region;
use crate::triangulate::{ConvexPartition, check_vertex_limit};
use onepath_predicates::GridPoint;
use std::time::{Duration, Instant};

/// How long each stage of [`Mesh2DPipeline::build`] took (wall-clock; never part of a
/// result's bits).
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
    region: Region,
    triangle_count: usize,
    partition: ConvexPartition,
    fans: Vec<Vec<i32>>,
    timings: StageTimings,
    /// The index of the point queries, built on first use (decisions D18, `query.rs`).
    pub(crate) query_index: crate::query::LazyQueryIndex,
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

impl NavMesh {
    /// A navigation mesh from its parts (for example read back from a file), accepted only
    /// when the region and the polygons are valid, use one grid, cover the same area
    /// exactly, the fans are the polygons' own and the triangle count is the one the
    /// polygons were merged from (the sum of their vertex counts minus two). Timings are
    /// zero.
    pub fn from_parts(
        region: Region,
        triangle_count: usize,
        partition: ConvexPartition,
        fans: Vec<Vec<i32>>,
    ) -> Result<Self, String> {
        if region.snap_bits() != partition.snap_bits() {
            return Err("the region and the polygons use different grids".into());
        }
        let merged: usize = partition.iter().map(|(p, _)| p.len() - 2).sum();
        if merged != triangle_count {
            return Err(format!(
                "the polygons hold {merged} triangles, not {triangle_count}"
            ));
        }
        if partition.vertex_fans().map_err(|e| e.to_string())? != fans {
            return Err("the vertex fans are not the polygons' own".into());
        }
        let mesh = Self {
            region,
            triangle_count,
            partition,
            fans,
            timings: StageTimings::default(),
            query_index: Default::default(),
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
    /// of boundary, as polyanya-style path finders expect.
    pub fn vertex_fans(&self) -> &[Vec<i32>] {
        &self.fans
    }

    /// How long each stage took.
    pub fn timings(&self) -> StageTimings {
        self.timings
    }

    /// Checks the region's and the polygons' invariants and that the polygons cover the
    /// region exactly (equal exact areas).
    pub fn check_invariants(&self) -> Result<(), String> {
        self.region.check_invariants()?;
        self.partition.check_invariants()?;
        if self.partition.area2() != self.region.area2() {
            return Err(format!(
                "the polygons' area {} differs from the region's {}",
                self.partition.area2(),
                self.region.area2()
            ));
        }
        Ok(())
    }
}

impl Mesh2DPipeline {
    /// Builds the navigation mesh of `region`: [`Mesh2DPipeline::shrink`], then
    /// [`Region::triangulate`], then the convex partition at
    /// `max_vertices_per_polygon`, then the per-vertex fans.
    pub fn build(&self, region: &Region) -> Result<NavMesh> {
        check_vertex_limit(self.max_vertices_per_polygon)?;
        let start = Instant::now();
        let shrunk = self.shrink(region)?;
        let shrink = start.elapsed();
        let start = Instant::now();
        let triangulation = shrunk.triangulate()?;
        let triangulate = start.elapsed();
        let start = Instant::now();
        let partition = triangulation.partition_convex(self.max_vertices_per_polygon)?;
        let partition_time = start.elapsed();
        let start = Instant::now();
        let fans = partition.vertex_fans()?;
        let fans_time = start.elapsed();
        Ok(NavMesh {
            region: shrunk,
            triangle_count: triangulation.len(),
            partition,
            fans,
            timings: StageTimings {
                shrink,
                triangulate,
                partition: partition_time,
                fans: fans_time,
            },
            query_index: Default::default(),
        })
    }
}
