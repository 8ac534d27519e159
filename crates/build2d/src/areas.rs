//! Area types (decisions D16): walkable ground split into kinds, as pairwise disjoint
//! regions on one grid, from a tile map of area codes or from tagged regions.

use crate::error::{Error, Location, Result};
use crate::input::{Geometry2DOptions, Vector2D};
use crate::region::{Region, overlay};
use crate::snap::check_map_shape;
use onepath_arrangement::{Operand, TaggedEdge};
use onepath_winding::InsideRule;

/// The kind of a walkable area: `1..=255`. In a tile map of area codes, code 0 means
/// blocked.
pub type AreaId = u8;

/// The area of every polygon of a mesh built without area types (decisions D16).
pub const DEFAULT_AREA: AreaId = 1;

/// Walkable ground split into kinds (decisions D16): one region per area id, pairwise
/// disjoint, sorted by id, on one grid, and the walkable region (their union) that the
/// build's agent-radius shrink applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaMap {
    walkable: Region,
    areas: Vec<(AreaId, Region)>,
}

impl AreaMap {
    /// The areas of a tile map of area codes: `codes[x + y * width]` is the area of cell
    /// `(x, y)`, 0 for blocked. Each distinct non-zero code becomes the region of its cells
    /// (the cells placed as [`Region::from_tile_map`] places them, so every area shares
    /// the map's grid lines exactly), in increasing code order; the walkable region is the
    /// region of every non-zero cell, exactly what the same map read as walkable /
    /// blocked gives.
    ///
    /// Errors: those of [`Region::from_tile_map`] (the map's shape, cell size, grid lines
    /// and SnapBits), naming the argument `codes` for a length that is not
    /// `width * height`.
    pub fn from_tile_map(
        codes: &[u8],
        width: usize,
        height: usize,
        cell_size: f64,
        origin: Vector2D,
        options: &Geometry2DOptions,
    ) -> Result<Self> {
        check_map_shape("codes", codes.len(), width, height)?;
        let region_of = |keep: &dyn Fn(u8) -> bool| {
            let cells: Vec<bool> = codes.iter().map(|&c| keep(c)).collect();
            Region::from_tile_map(&cells, width, height, cell_size, origin, options)
        };
        let walkable = region_of(&|c| c != 0)?;
        let mut present = [false; 256];
        for &c in codes {
            present[c as usize] = true;
        }
        let mut areas = Vec::new();
        for id in 1..=u8::MAX {
            if present[id as usize] {
                areas.push((id, region_of(&|c| c == id)?));
            }
        }
        Ok(Self { walkable, areas })
    }

    /// The areas of tagged regions, independent of their order: the regions of one id are
    /// united (one arrangement of all their rings), and where regions of different ids
    /// overlap the larger id wins (area `k` minus the union of every larger id, again one
    /// arrangement each). The walkable region is one arrangement of every area's rings.
    ///
    /// Errors: an id of 0 (reserved for blocked cells) is an [`Error::InvalidArgument`]
    /// naming `areas`; regions on different grids are a [`Error::SnapBitsMismatch`].
    pub fn from_regions(tagged: &[(AreaId, Region)]) -> Result<Self> {
        let Some((_, first)) = tagged.first() else {
            return Err(Error::invalid(
                Location::Argument("areas"),
                "no area was given",
            ));
        };
        let snap_bits = first.snap_bits();
        for (id, region) in tagged {
            if *id == 0 {
                return Err(Error::invalid(
                    Location::Argument("areas"),
                    "area id 0 means blocked; walkable areas are 1 to 255",
                ));
            }
            if region.snap_bits() != snap_bits {
                return Err(Error::SnapBitsMismatch {
                    left: snap_bits,
                    right: region.snap_bits(),
                });
            }
        }
        let mut ids: Vec<AreaId> = tagged.iter().map(|&(id, _)| id).collect();
        ids.sort_unstable();
        ids.dedup();
        let union_of = |regions: &mut dyn Iterator<Item = &Region>| -> Result<Region> {
            let edges: Vec<TaggedEdge> = regions
                .flat_map(|r| TaggedEdge::of_rings(r.rings(), Operand::First))
                .collect();
            Ok(Region {
                snap_bits,
                rings: overlay(edges, InsideRule::Positive)?,
            })
        };
        let mut areas = Vec::with_capacity(ids.len());
        for (k, &id) in ids.iter().enumerate() {
            let own = union_of(&mut tagged.iter().filter(|&&(i, _)| i == id).map(|(_, r)| r))?;
            let area = if k + 1 == ids.len() {
                own
            } else {
                let larger =
                    union_of(&mut tagged.iter().filter(|&&(i, _)| i > id).map(|(_, r)| r))?;
                own.difference(&larger)?
            };
            areas.push((id, area));
        }
        let walkable = union_of(&mut areas.iter().map(|(_, r)| r))?;
        Ok(Self { walkable, areas })
    }

    /// The union of the areas: the region the agent-radius shrink applies to.
    pub fn walkable(&self) -> &Region {
        &self.walkable
    }

    /// The areas, `(id, region)` in increasing id, pairwise disjoint (empty regions
    /// included where an area lost every point to larger ids).
    pub fn areas(&self) -> &[(AreaId, Region)] {
        &self.areas
    }

    /// The SnapBits of the grid every area uses.
    pub fn snap_bits(&self) -> u32 {
        self.walkable.snap_bits()
    }
}
