//! The navigation mesh handed to `polyanya` in memory (feature `polyanya`): the mesh that
//! `onepath_io::navmesh_to_polyanya` writes as a file, without the file.
//!
//! polyanya takes, per vertex, its position and the polygons around it counter-clockwise
//! with `u32::MAX` for "outside" (exactly [`NavMesh::vertex_fans`] with `-1` mapped), and
//! per polygon its counter-clockwise vertices and whether it is a dead end (at most one
//! neighbour). As in the file, only vertices that a polygon uses are handed over,
//! renumbered in their order. polyanya works in `f32`: each coordinate becomes the `f32`
//! nearest to its exact value. (The file's reader rounds the written decimal instead, which
//! can differ by one unit in the last place when a value lies halfway between two `f32`;
//! never when the value is an `f32` itself, as the integer corners of tile maps at agent
//! radius 0 are.)

use crate::error::{Error, Location, Result};
use crate::input::Vector2D;
use crate::navmesh::NavMesh;

impl NavMesh {
    /// The mesh as a `polyanya::Mesh`, ready for `path` queries (baked as polyanya bakes a
    /// mesh read from a file).
    ///
    /// Fails with [`Error::InvalidArgument`] for a mesh polyanya cannot hold: one without
    /// polygons, or with more than `2^24 - 1` of them.
    ///
    /// ```
    /// use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Outline, Region, Vector2D};
    /// # fn main() -> Result<(), onepath_build2d::Error> {
    /// let room = Region::from_outlines(
    ///     &[Outline::from_rings([
    ///         vec![[0.0, 0.0], [10.0, 0.0], [10.0, 6.0], [0.0, 6.0]],
    ///         vec![[4.0, 0.0], [6.0, 0.0], [6.0, 5.0], [4.0, 5.0]],
    ///     ])],
    ///     &Geometry2DOptions::default(),
    /// )?;
    /// let mesh = Mesh2DPipeline::new(1.0, 0.0).build(&room)?;
    /// let finder = mesh.to_polyanya()?;
    /// // Query points go in as onepath's own points: around the wall's end at (4, 5)-(6, 5).
    /// let path = finder
    ///     .path(Vector2D::new(1.0, 1.0), Vector2D::new(9.0, 1.0))
    ///     .expect("a path");
    /// assert_eq!(path.path.len(), 3);
    /// assert!(path.length > 8.0);
    /// # Ok(())
    /// # }
    /// ```
    pub fn to_polyanya(&self) -> Result<polyanya::Mesh> {
        let partition = self.polygons();
        let points = self.vertices_f64();
        let fans = self.vertex_fans();
        let (new_index, _) = partition.corner_numbers();
        let vertices = points
            .iter()
            .zip(fans.iter())
            .zip(&new_index)
            .filter(|(_, index)| **index != u32::MAX)
            .map(|((p, fan), _)| {
                let around = fan
                    .iter()
                    .map(|&n| u32::try_from(n).unwrap_or(u32::MAX))
                    .collect();
                polyanya::Vertex::new([p.x as f32, p.y as f32].into(), around)
            })
            .collect();
        let polygons = partition
            .iter()
            .map(|polygon| {
                let dead_end = polygon.neighbors.iter().filter(|&&n| n >= 0).count() <= 1;
                let corners = polygon
                    .vertices
                    .iter()
                    .map(|&v| new_index[v as usize])
                    .collect();
                polyanya::Polygon::new(corners, dead_end)
            })
            .collect();
        polyanya::Mesh::new(vertices, polygons).map_err(|e| match e {
            polyanya::MeshError::EmptyMesh => Error::invalid(
                Location::Argument("mesh"),
                "polyanya cannot hold a mesh without polygons",
            ),
            polyanya::MeshError::TooManyPolygons => Error::invalid(
                Location::Argument("mesh"),
                format!(
                    "polyanya holds at most 2^24 - 1 polygons, this mesh has {}",
                    partition.len()
                ),
            ),
            other => Error::internal(format!("polyanya rejected the mesh: {other}")),
        })
    }
}

impl TryFrom<&NavMesh> for polyanya::Mesh {
    type Error = Error;

    /// [`NavMesh::to_polyanya`].
    fn try_from(mesh: &NavMesh) -> Result<Self> {
        mesh.to_polyanya()
    }
}

impl From<Vector2D> for polyanya::Coords {
    /// A point for polyanya's queries (`Mesh::path` takes `impl Into<Coords>`): the `f32`
    /// nearest to each coordinate.
    fn from(v: Vector2D) -> Self {
        polyanya::Coords::on_mesh([v.x as f32, v.y as f32].into())
    }
}
