//! An onepath navigation mesh ([`onepath_build2d::NavMesh`]) handed to the
//! [landmass](https://crates.io/crates/landmass) navigation system in memory, without a
//! file: [`to_landmass`] gives the validated mesh a [`landmass::Island`] holds, in landmass's 2D
//! coordinate system [`XY`], with each polygon's area (decisions D16) as its node type.
//!
//! What is handed over:
//!
//! - Vertices: only those a polygon uses, renumbered in their order (as the polyanya
//!   hand-off does). landmass works in `f32`: each coordinate becomes the `f32` nearest to
//!   its exact value in user units (ties to even). That is exact whenever the value fits in
//!   24 significant bits: every grid point below `2^(24 - snap_bits)` user units in
//!   magnitude (256 at the default SnapBits 16, so every vertex of a map smaller than 256
//!   cells of size 1), and every integer below `2^24` (the corners of tile maps of integer
//!   cell size at agent radius 0).
//! - Polygons: in the mesh's polygon order, so landmass's polygon `i` is
//!   `mesh.polygons()` polygon `i`; their vertices counter-clockwise (x right, y up), which
//!   is what landmass expects of `XY` (it does not flip `XY` polygons). Adjacency is not
//!   handed over: landmass derives it from shared edges (vertex index pairs), which are
//!   exactly the mesh's, since the mesh is conforming.
//! - Node types: polygon `i`'s `type_index` is its area, [`type_index`]`(mesh.polygon_areas()[i])`
//!   (area 1, [`DEFAULT_AREA`](onepath_build2d::DEFAULT_AREA), for a mesh built without
//!   area types). landmass needs no registration of node types: a type without a cost
//!   costs 1 per unit of distance. [`set_area_costs`] registers a cost table on an
//!   [`Archipelago`]; [`area_costs`] gives the same table as the per-query or per-agent
//!   override map.
//!
//! landmass validates the mesh in `f32` ([`NavigationMesh::validate`]): each polygon must
//! turn left (or go straight on) at every vertex, computed with the rounded coordinates.
//! The mesh's polygons are strictly convex in exact arithmetic, but rounding can make a
//! vertex of a sliver turn right or two vertices coincide in a mesh whose coordinates need
//! more than 24 bits; [`to_landmass`] then fails with [`LandmassError::Rejected`], naming
//! the polygon by its index in the mesh. Vertex indices are `usize` in landmass and `u32`
//! in onepath, so no index overflows.
//!
//! ```
//! use std::sync::Arc;
//! use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Outline, Region, Vector2D};
//! use onepath_landmass::landmass::{
//!     Archipelago, ArchipelagoOptions, FromAgentRadius, Island, PathStep,
//!     PermittedAnimationLinks, Transform, XY,
//! };
//! use onepath_landmass::{to_landmass, to_vec2};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A room with a wall from the bottom, ending at y = 5.
//! let room = Region::from_outlines(
//!     &[Outline::from_rings([
//!         vec![[0.0, 0.0], [10.0, 0.0], [10.0, 6.0], [0.0, 6.0]],
//!         vec![[4.0, 0.0], [6.0, 0.0], [6.0, 5.0], [4.0, 5.0]],
//!     ])],
//!     &Geometry2DOptions::default(),
//! )?;
//! let mesh = Mesh2DPipeline::new(1.0, 0.0).build(&room)?;
//!
//! let mut archipelago = Archipelago::<XY>::new(ArchipelagoOptions::from_agent_radius(0.5));
//! archipelago.add_island(Island::new(Transform::default(), Arc::new(to_landmass(&mesh)?)));
//! archipelago.update(0.0); // landmass indexes its islands on update
//!
//! let sample = |p| archipelago.sample_point(to_vec2(p), &0.1);
//! let (from, to) = (sample(Vector2D::new(1.0, 1.0))?, sample(Vector2D::new(9.0, 1.0))?);
//! let path = archipelago.find_path(
//!     &from,
//!     &to,
//!     &Default::default(),
//!     PermittedAnimationLinks::All,
//! )?;
//! // Around the wall's end: start, the two corners (4, 5) and (6, 5), goal.
//! assert_eq!(path.len(), 4);
//! assert!(matches!(path[1], PathStep::Waypoint(p) if p == to_vec2(Vector2D::new(4.0, 5.0))));
//! # Ok(())
//! # }
//! ```

use std::collections::HashMap;

use landmass::{Archipelago, NavigationMesh, ValidNavigationMesh, ValidationError, XY};
use onepath_build2d::{AreaId, NavMesh, Vector2D};

/// landmass, re-exported so that its version is the one these conversions are for.
pub use landmass;

/// glam, re-exported: landmass's `XY` coordinates are this glam's `Vec2` (landmass itself
/// re-exports only `Vec3`).
pub use glam;

/// Why a mesh or a cost table could not be handed to landmass.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LandmassError {
    /// landmass's validation refused the mesh. A polygon index in it (for example
    /// `ConcavePolygon(i)`) is the polygon's index in the onepath mesh. Expected only when
    /// rounding the vertices to `f32` bends a polygon (see the crate documentation).
    #[error("landmass refused the mesh: {0}")]
    Rejected(#[from] ValidationError),
    /// A cost given to [`set_area_costs`] or [`area_costs`] that landmass cannot use: it
    /// must be positive and not NaN (`f32::INFINITY` closes the area to paths).
    #[error(
        "area {area} has cost {cost}; landmass needs a positive cost (infinity closes the area)"
    )]
    InvalidCost {
        /// The area whose cost is wrong.
        area: AreaId,
        /// The cost given for it.
        cost: f32,
    },
}

/// The landmass node type of an area: the area id itself.
pub const fn type_index(area: AreaId) -> usize {
    area as usize
}

/// A point in landmass's `XY` coordinates: the `f32` nearest to each coordinate, as the
/// mesh's vertices are rounded.
pub fn to_vec2(p: Vector2D) -> glam::Vec2 {
    glam::Vec2::new(p.x as f32, p.y as f32)
}

/// A landmass point back in user units (exact: every `f32` is an `f64`).
pub fn from_vec2(p: glam::Vec2) -> Vector2D {
    Vector2D::new(f64::from(p.x), f64::from(p.y))
}

/// The mesh as landmass's unvalidated [`NavigationMesh`] (vertices, polygons and node
/// types as the crate documentation describes, no height mesh). [`to_landmass`] validates
/// it; this form is for callers who want to change it first.
pub fn navigation_mesh(mesh: &NavMesh) -> NavigationMesh<XY> {
    let partition = mesh.polygons();
    let points = mesh.vertices_f64();
    let (new_index, used) = partition.corner_numbers();
    let mut vertices = Vec::with_capacity(used);
    for (p, &number) in points.iter().zip(&new_index) {
        if number != u32::MAX {
            vertices.push(to_vec2(*p));
        }
    }
    let polygons = partition
        .iter()
        .map(|polygon| {
            polygon
                .vertices
                .iter()
                .map(|&v| new_index[v as usize] as usize)
                .collect()
        })
        .collect();
    let polygon_type_indices = mesh
        .polygon_areas()
        .iter()
        .map(|&a| type_index(a))
        .collect();
    NavigationMesh {
        vertices,
        polygons,
        polygon_type_indices,
        height_mesh: None,
    }
}

/// The mesh as landmass's [`ValidNavigationMesh`], ready for
/// `Island::new(transform, Arc::new(mesh))`.
///
/// Fails with [`LandmassError::Rejected`] when landmass's `f32` validation refuses a
/// polygon (see the crate documentation). A mesh without polygons is valid: an island
/// where no point can be sampled.
pub fn to_landmass(mesh: &NavMesh) -> Result<ValidNavigationMesh<XY>, LandmassError> {
    Ok(navigation_mesh(mesh).validate()?)
}

/// The cost table `(area, cost per unit of distance)` as landmass's type-index map, the
/// form `Archipelago::find_path` and `Agent::override_type_index_to_cost` take. A later
/// entry for the same area replaces an earlier one.
///
/// Fails with [`LandmassError::InvalidCost`] for a cost that is not positive or is NaN
/// (landmass would refuse the former and silently misorder paths with the latter);
/// `f32::INFINITY` is allowed and closes the area.
pub fn area_costs(costs: &[(AreaId, f32)]) -> Result<HashMap<usize, f32>, LandmassError> {
    costs
        .iter()
        .map(|&(area, cost)| {
            // NaN is not greater than 0 either.
            if cost > 0.0 {
                Ok((type_index(area), cost))
            } else {
                Err(LandmassError::InvalidCost { area, cost })
            }
        })
        .collect()
}

/// Registers the cost of each area on `archipelago` (`set_type_index_cost` of its node
/// type). Areas not listed keep landmass's default cost of 1. Nothing is registered when
/// any cost is invalid ([`area_costs`]'s rule).
pub fn set_area_costs(
    archipelago: &mut Archipelago<XY>,
    costs: &[(AreaId, f32)],
) -> Result<(), LandmassError> {
    let table = area_costs(costs)?;
    for &(area, _) in costs {
        let index = type_index(area);
        // Every cost was checked positive above, the only thing landmass refuses.
        archipelago
            .set_type_index_cost(index, table[&index])
            .map_err(|_| LandmassError::InvalidCost {
                area,
                cost: table[&index],
            })?;
    }
    Ok(())
}
