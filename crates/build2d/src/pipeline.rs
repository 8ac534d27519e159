//! The navmesh build pipeline: agent-radius shrink, triangulation, convex partition, and
//! `Mesh2DPipeline::build`, which runs them in turn.

use crate::area_mesh::{cut, labelled_triangles};
use crate::areas::{AreaMap, DEFAULT_AREA};
use crate::error::{Error, Location, Result};
use crate::navmesh::{NavMesh, StageTimings};
use crate::offset::DISTANCE_LIMIT;
use crate::region::Region;
use crate::triangulate::{ConvexPartition, check_vertex_limit};
use onepath_convex::DEFAULT_MAX_VERTICES_PER_POLYGON;
use onepath_offset::pipeline_arc_tolerance;
use std::time::Instant;

/// The build pipeline's settings (the specification's `Mesh2DPipeline`, decisions D6).
///
/// The grid is the region's own: the pipeline has no SnapBits of its own to keep in step
/// (decisions D14).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mesh2DPipeline {
    /// The tile map's cell size in user units; sets the shrink's arc tolerance.
    pub cell_size: f64,
    /// The agent's radius in user units: the walkable region shrinks by it. `0..=2^20`.
    pub agent_radius: f64,
    /// The most vertices a convex polygon of the mesh may have, `3..=16` (default 6).
    pub max_vertices_per_polygon: usize,
}

impl Default for Mesh2DPipeline {
    fn default() -> Self {
        Self {
            cell_size: 1.0,
            agent_radius: 0.0,
            max_vertices_per_polygon: DEFAULT_MAX_VERTICES_PER_POLYGON,
        }
    }
}

impl Mesh2DPipeline {
    /// A pipeline for the given cell size and agent radius, with the default vertex limit.
    pub fn new(cell_size: f64, agent_radius: f64) -> Self {
        Self {
            cell_size,
            agent_radius,
            ..Self::default()
        }
    }

    /// The arc tolerance of the shrink in user units:
    /// `max(cell_size / 4, min(0.0825 * agent_radius, cell_size / 2))`.
    pub fn arc_tolerance(&self) -> f64 {
        pipeline_arc_tolerance(self.cell_size, self.agent_radius)
    }

    fn validate(&self, region: &Region) -> Result<()> {
        if !self.cell_size.is_finite() || self.cell_size <= 0.0 {
            return Err(Error::invalid(
                Location::Argument("cell_size"),
                format!("{} must be finite and positive", self.cell_size),
            ));
        }
        // The cell size sets the shrink's arc tolerance, which must stay finite in grid
        // units (a cell size near `f64::MAX` overflows when scaled).
        let scale = region.options().scale();
        if !(self.arc_tolerance() * scale).is_finite() {
            return Err(Error::out_of_range(
                Location::Argument("cell_size"),
                format!(
                    "{:e} is too large: the shrink's arc tolerance overflows in grid units",
                    self.cell_size
                ),
            ));
        }
        if !self.agent_radius.is_finite() || self.agent_radius < 0.0 {
            return Err(Error::invalid(
                Location::Argument("agent_radius"),
                format!("{} must be finite and not negative", self.agent_radius),
            ));
        }
        if self.agent_radius > DISTANCE_LIMIT {
            return Err(Error::out_of_range(
                Location::Argument("agent_radius"),
                format!("{} exceeds 2^20", self.agent_radius),
            ));
        }
        Ok(())
    }

    /// The region shrunk by the agent radius: the part of `region` where an agent's centre
    /// can stand (the specification's `Mesh2DPipeline.Shrink`).
    ///
    /// Only the interior side of each edge and the reflex corners are swept, with equal-area
    /// arcs of `m` vertices (`m` from [`Mesh2DPipeline::arc_tolerance`]). A radius of 0 or an
    /// empty region returns the region unchanged.
    ///
    /// Where the rectangles of two axis-parallel edges overlap at a convex corner, their
    /// overlap is left out of the arrangement when that provably changes no bit
    /// (`docs/offset-culling.md`, section 9); [`Mesh2DPipeline::shrink_unculled`] feeds the
    /// specification's whole edge list and returns the same rings.
    pub fn shrink(&self, region: &Region) -> Result<Region> {
        self.shrink_with(region, true)
    }

    /// [`Mesh2DPipeline::shrink`] with every edge of decisions D12 fed to the arrangement,
    /// none left out: the same rings, bit for bit, more slowly. It exists so that the
    /// culling can always be compared with the text it must agree with.
    ///
    /// Errors: those of [`Mesh2DPipeline::shrink`].
    pub fn shrink_unculled(&self, region: &Region) -> Result<Region> {
        self.shrink_with(region, false)
    }

    /// [`Mesh2DPipeline::shrink`], with or without the culling.
    fn shrink_with(&self, region: &Region, cull: bool) -> Result<Region> {
        self.validate(region)?;
        if self.agent_radius == 0.0 || region.is_empty() {
            return Ok(region.clone());
        }
        let scale = region.options().scale();
        region.shrink_by(
            self.agent_radius * scale,
            self.arc_tolerance() * scale,
            cull,
        )
    }
}

impl Mesh2DPipeline {
    /// Builds the navigation mesh of `region`: [`Mesh2DPipeline::shrink`], then
    /// [`Region::triangulate`], then the convex partition at
    /// `max_vertices_per_polygon`, then the per-vertex fans. The vertex limit is checked
    /// before any work starts.
    pub fn build(&self, region: &Region) -> Result<NavMesh> {
        check_vertex_limit(self.max_vertices_per_polygon)?;
        let mut timings = StageTimings::default();
        let start = Instant::now();
        let shrunk = self.shrink(region)?;
        timings.shrink = start.elapsed();
        let start = Instant::now();
        let triangulation = shrunk.triangulate()?;
        let triangle_count = triangulation.len();
        timings.triangulate = start.elapsed();
        let start = Instant::now();
        let partition = triangulation.into_partition_convex(self.max_vertices_per_polygon)?;
        timings.partition = start.elapsed();
        let start = Instant::now();
        let fans = partition.vertex_fans()?;
        timings.fans = start.elapsed();
        // Without area types every polygon is in the default area, whose region is all.
        let areas = vec![DEFAULT_AREA; partition.len()];
        Ok(NavMesh::assemble(
            shrunk.clone(),
            triangle_count,
            partition,
            fans,
            areas,
            vec![(DEFAULT_AREA, shrunk)],
            timings,
        ))
    }
}

impl Mesh2DPipeline {
    /// Builds the navigation mesh of walkable ground split into areas (decisions D16): the
    /// shrink of [`AreaMap::walkable`] (a border between two areas is no wall), the shrunk
    /// region cut along the area borders in one arrangement, triangulated with the borders
    /// as constraints, and merged into convex polygons that never cross a border; each
    /// polygon carries its area ([`NavMesh::polygon_areas`]).
    ///
    /// With a single area this is [`Mesh2DPipeline::build`] of the walkable region, bit
    /// for bit, every polygon in that area.
    pub fn build_areas(&self, areas: &AreaMap) -> Result<NavMesh> {
        check_vertex_limit(self.max_vertices_per_polygon)?;
        let present: Vec<_> = areas
            .areas()
            .iter()
            .filter(|(_, r)| !r.is_empty())
            .cloned()
            .collect();
        match present.as_slice() {
            [] => return self.build(areas.walkable()),
            [(id, _)] => {
                let mut mesh = self.build(areas.walkable())?;
                mesh.areas.fill(*id);
                mesh.area_regions[0].0 = *id;
                return Ok(mesh);
            }
            _ => {}
        }
        let mut timings = StageTimings::default();
        let start = Instant::now();
        let shrunk = self.shrink(areas.walkable())?;
        let pieces = cut(&shrunk, &present, &|_| false)?;
        timings.shrink = start.elapsed();
        let start = Instant::now();
        let mesh = labelled_triangles(&pieces.graph)?;
        let triangle_count = mesh.triangles.len();
        timings.triangulate = start.elapsed();
        let start = Instant::now();
        let (partition, polygon_labels) = onepath_convex::partition_convex_labelled(
            &pieces.graph.vertices,
            &mesh.triangles,
            &mesh.neighbors,
            &mesh.areas,
            self.max_vertices_per_polygon,
        )
        .map_err(Error::internal)?;
        let partition =
            ConvexPartition::from_partition(shrunk.snap_bits(), pieces.graph.vertices, partition);
        timings.partition = start.elapsed();
        let start = Instant::now();
        let fans = partition.vertex_fans()?;
        timings.fans = start.elapsed();
        let mut area_regions = pieces.pieces;
        area_regions.retain(|(_, r)| !r.is_empty());
        let polygon_areas = polygon_labels
            .iter()
            .map(|&k| present[k as usize - 1].0)
            .collect();
        Ok(NavMesh::assemble(
            pieces.region,
            triangle_count,
            partition,
            fans,
            polygon_areas,
            area_regions,
            timings,
        ))
    }
}
