//! `NavMesh`: the build pipeline's result, a region cut into convex polygons with adjacency
//! and per-vertex fans.

use crate::areas::{AreaId, DEFAULT_AREA};
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
/// polygons with adjacency (decisions D6), each polygon in one area (decisions D16).
#[derive(Clone, Debug)]
pub struct NavMesh {
    pub(crate) region: Region,
    pub(crate) triangle_count: usize,
    pub(crate) partition: ConvexPartition,
    pub(crate) fans: VertexFans,
    /// The area of each polygon, in polygon order.
    pub(crate) areas: Vec<AreaId>,
    /// Each area's part of `region`, in increasing id.
    pub(crate) area_regions: Vec<(AreaId, Region)>,
    pub(crate) timings: StageTimings,
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
            && self.areas == other.areas
            && self.area_regions == other.area_regions
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
    /// (the sum of their vertex counts minus two). Every polygon is in area
    /// [`DEFAULT_AREA`] (see [`NavMesh::from_parts_with_areas`]). Timings are zero.
    pub fn from_parts(
        region: Region,
        triangle_count: usize,
        partition: ConvexPartition,
        fans: &[Vec<i32>],
    ) -> Result<Self> {
        let areas = vec![DEFAULT_AREA; partition.len()];
        let area_regions = vec![(DEFAULT_AREA, region.clone())];
        Self::from_parts_with_areas(region, triangle_count, partition, fans, areas, area_regions)
    }

    /// [`NavMesh::from_parts`] with the area of every polygon and each area's region
    /// (decisions D16), accepted only when, besides the checks of `from_parts`, the areas
    /// are listed once each in increasing id, their regions are valid and add up to the
    /// mesh's region exactly, and the polygons of each area cover exactly its region.
    pub fn from_parts_with_areas(
        region: Region,
        triangle_count: usize,
        partition: ConvexPartition,
        fans: &[Vec<i32>],
        areas: Vec<AreaId>,
        area_regions: Vec<(AreaId, Region)>,
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
        let mesh = Self::assemble(
            region,
            triangle_count,
            partition,
            own,
            areas,
            area_regions,
            StageTimings::default(),
        );
        mesh.check_invariants()?;
        Ok(mesh)
    }

    /// A mesh from its parts, unchecked (the builds make them consistent; `from_parts`
    /// checks them after), with how long its stages took. The query index is built on
    /// first use.
    pub(crate) fn assemble(
        region: Region,
        triangle_count: usize,
        partition: ConvexPartition,
        fans: VertexFans,
        areas: Vec<AreaId>,
        area_regions: Vec<(AreaId, Region)>,
        timings: StageTimings,
    ) -> Self {
        Self {
            region,
            triangle_count,
            partition,
            fans,
            areas,
            area_regions,
            timings,
            query_index: Default::default(),
        }
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

    /// The area of each polygon, in polygon order (decisions D16; [`DEFAULT_AREA`] for a
    /// mesh built without area types).
    pub fn polygon_areas(&self) -> &[AreaId] {
        &self.areas
    }

    /// Each area's part of [`NavMesh::region`], `(id, region)` in increasing id: the
    /// pieces the mesh was cut into (one piece, [`DEFAULT_AREA`], without area types).
    pub fn area_regions(&self) -> &[(AreaId, Region)] {
        &self.area_regions
    }

    /// The diagonals between two polygons of one area that the greedy merge could still
    /// remove (expected empty: the pass is exhaustive, and it never merges across an area
    /// border, decisions D16).
    pub fn remaining_mergeable_diagonals(&self) -> Result<Vec<[u32; 2]>> {
        let labels: Vec<u32> = self.areas.iter().map(|&a| u32::from(a)).collect();
        self.partition
            .partition
            .remaining_mergeable_diagonals_labelled(self.vertices(), &labels)
            .map_err(invalid)
    }

    /// How long each stage took.
    pub fn timings(&self) -> StageTimings {
        self.timings
    }

    /// Checks the region's and the polygons' invariants, that the polygons cover the
    /// region exactly (equal exact areas), that every polygon has an area, that the areas'
    /// regions are valid, listed once each in increasing id, and add up to the region
    /// exactly, and that the polygons of each area have exactly the area of its region.
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
        if self.areas.len() != self.partition.len() {
            return Err(invalid(format!(
                "{} polygon areas for {} polygons",
                self.areas.len(),
                self.partition.len()
            )));
        }
        if self.area_regions.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(invalid(
                "the area regions are not in increasing id, once each",
            ));
        }
        let mut total = 0i128;
        for (id, piece) in &self.area_regions {
            piece.check_invariants()?;
            if piece.snap_bits() != self.region.snap_bits() {
                return Err(invalid(format!("area {id} uses another grid")));
            }
            total += piece.area2();
            let polygons: i128 = self
                .partition
                .iter()
                .zip(&self.areas)
                .filter(|&(_, area)| area == id)
                .map(|(p, _)| {
                    onepath_predicates::twice_area(
                        p.vertices.iter().map(|&v| self.vertices()[v as usize]),
                    )
                })
                .sum();
            if polygons != piece.area2() {
                return Err(invalid(format!(
                    "the polygons of area {id} have area {polygons}, its region {}",
                    piece.area2()
                )));
            }
        }
        if total != self.region.area2() {
            return Err(invalid(format!(
                "the area regions add up to {total}, the region is {}",
                self.region.area2()
            )));
        }
        if let Some(id) = self.areas.iter().find(|id| {
            self.area_regions
                .binary_search_by_key(*id, |(a, _)| *a)
                .is_err()
        }) {
            return Err(invalid(format!(
                "a polygon is in area {id}, which has no region"
            )));
        }
        Ok(())
    }
}
