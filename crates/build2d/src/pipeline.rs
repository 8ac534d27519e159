//! The navmesh build pipeline: agent-radius shrink, triangulation, convex partition.

use crate::error::{Error, Location, Result};
use crate::offset::DISTANCE_LIMIT;
use crate::region::Region;
use onepath_offset::pipeline_arc_tolerance;

/// The build pipeline's settings (the specification's `Mesh2DPipeline`, decisions D6).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mesh2DPipeline {
    /// The tile map's cell size in user units; sets the shrink's arc tolerance.
    pub cell_size: f64,
    /// The agent's radius in user units: the walkable region shrinks by it. `0..=2^20`.
    pub agent_radius: f64,
    /// The most vertices a convex polygon of the mesh may have, `3..=16` (default 6).
    pub max_vertices_per_polygon: usize,
    /// The grid the input region must use (default 16).
    pub snap_bits: u32,
}

impl Default for Mesh2DPipeline {
    fn default() -> Self {
        Self {
            cell_size: 1.0,
            agent_radius: 0.0,
            max_vertices_per_polygon: 6,
            snap_bits: 16,
        }
    }
}

impl Mesh2DPipeline {
    /// A pipeline for the given cell size and agent radius, with default vertex limit and
    /// SnapBits.
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
        if region.snap_bits() != self.snap_bits {
            return Err(Error::SnapBitsMismatch {
                left: region.snap_bits(),
                right: self.snap_bits,
            });
        }
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
    pub fn shrink(&self, region: &Region) -> Result<Region> {
        self.validate(region)?;
        if self.agent_radius == 0.0 || region.is_empty() {
            return Ok(region.clone());
        }
        let scale = region.options().scale();
        region.shrink_by(self.agent_radius * scale, self.arc_tolerance() * scale)
    }
}
