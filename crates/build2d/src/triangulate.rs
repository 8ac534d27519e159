//! `Region::triangulate` and `Region::partition_convex`: the mesh of a region.

use crate::error::{Error, Location, Result};
use crate::input::Vector2D;
use crate::region::Region;
use onepath_cdt::Cdt;
use onepath_predicates::GridPoint;

/// The constrained Delaunay triangulation of a region (the specification's
/// "Region.Triangulate").
///
/// Vertices are the region's ring vertices in `(x, y)` order; triangles are
/// counter-clockwise, rotated to start at their smallest vertex index and sorted by
/// `(v0, v1, v2)`; `neighbors()[3 * t + i]` is the triangle across edge `(v_i, v_{i+1})`, or
/// `-1` on the region's boundary. The triangles cover the region exactly and every ring
/// edge is a triangle edge.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Triangulation {
    snap_bits: u32,
    vertices: Vec<GridPoint>,
    triangles: Vec<[u32; 3]>,
    neighbors: Vec<i32>,
}

impl Region {
    /// The input [`Region::triangulate`] hands to the triangulation: the distinct ring
    /// vertices sorted by `(x, y)`, and every ring edge as a directed pair of indices into
    /// them (interior on the left). Useful to run `onepath-cdt` (or another triangulator)
    /// on a region directly.
    pub fn constraint_graph(&self) -> (Vec<GridPoint>, Vec<[u32; 2]>) {
        let mut vertices: Vec<GridPoint> = self.rings().iter().flatten().copied().collect();
        vertices.sort_unstable();
        vertices.dedup();
        let index = |p: GridPoint| vertices.partition_point(|&q| q < p) as u32;
        let edges = self
            .rings()
            .iter()
            .flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])))
            .map(|(p, q)| [index(p), index(q)])
            .collect();
        (vertices, edges)
    }

    /// The constrained Delaunay triangulation of the region: the ring edges are the
    /// constraints, and the faces of winding > 0 (flooded from the unbounded face) are kept.
    ///
    /// Points are inserted by Lawson's algorithm in the biased randomised order of the
    /// specification, constraints by Sloan's method, and the numbering of decisions D13
    /// decides cocircular cases, so the result is the same bits everywhere.
    pub fn triangulate(&self) -> Result<Triangulation> {
        let (vertices, edges) = self.constraint_graph();
        // A region's rings are noded, so the triangulation cannot reject them.
        let cdt = Cdt::new(&vertices, &edges).map_err(Error::internal)?;
        let mesh = cdt.inside_mesh();
        Ok(Triangulation {
            snap_bits: self.snap_bits,
            vertices,
            triangles: mesh.triangles,
            neighbors: mesh.neighbors,
        })
    }

    /// The region cut into weakly convex polygons of at most `max_vertices_per_polygon`
    /// vertices (`3..=16`) by the Hertel–Mehlhorn greedy merge of its triangulation.
    pub fn partition_convex(&self, max_vertices_per_polygon: usize) -> Result<ConvexPartition> {
        check_vertex_limit(max_vertices_per_polygon)?;
        self.triangulate()?
            .partition_convex(max_vertices_per_polygon)
    }
}

/// Checks a polygon vertex limit: `3..=16`.
pub(crate) fn check_vertex_limit(max: usize) -> Result<()> {
    if !(3..=16).contains(&max) {
        return Err(Error::invalid(
            Location::Argument("max_vertices_per_polygon"),
            format!("{max} is outside 3..=16"),
        ));
    }
    Ok(())
}

impl Triangulation {
    /// A triangulation from its parts (for example read back from a file), accepted only
    /// when the vertices are strictly sorted, every index is in range and
    /// [`Triangulation::check_invariants`] holds.
    pub fn from_parts(
        snap_bits: u32,
        vertices: Vec<GridPoint>,
        triangles: Vec<[u32; 3]>,
        neighbors: Vec<i32>,
    ) -> Result<Self, String> {
        if vertices.windows(2).any(|w| w[0] >= w[1]) {
            return Err("the vertices are not strictly sorted by (x, y)".into());
        }
        if triangles
            .iter()
            .flatten()
            .any(|&v| v as usize >= vertices.len())
        {
            return Err("a triangle names a vertex out of range".into());
        }
        if neighbors.len() != 3 * triangles.len()
            || neighbors
                .iter()
                .any(|&n| n < -1 || (n >= 0 && n as usize >= triangles.len()))
        {
            return Err("the neighbour list does not match the triangles".into());
        }
        let triangulation = Self {
            snap_bits,
            vertices,
            triangles,
            neighbors,
        };
        triangulation.check_invariants()?;
        Ok(triangulation)
    }

    /// The SnapBits of the grid.
    pub fn snap_bits(&self) -> u32 {
        self.snap_bits
    }

    /// The vertices in grid units, sorted by `(x, y)`.
    pub fn vertices(&self) -> &[GridPoint] {
        &self.vertices
    }

    /// The vertices in user units (exact).
    pub fn vertices_f64(&self) -> Vec<Vector2D> {
        to_user(&self.vertices, self.snap_bits)
    }

    /// The triangles, counter-clockwise, canonical order.
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// `neighbors()[3 * t + i]`: the triangle across edge `(v_i, v_{i+1})` of triangle `t`,
    /// or `-1` on the boundary.
    pub fn neighbors(&self) -> &[i32] {
        &self.neighbors
    }

    /// The number of triangles.
    pub fn len(&self) -> usize {
        self.triangles.len()
    }

    /// True when there is no triangle (the region is empty).
    pub fn is_empty(&self) -> bool {
        self.triangles.is_empty()
    }

    /// Twice the total area in grid units squared, exactly.
    pub fn area2(&self) -> i128 {
        self.triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|i| self.vertices[i as usize]);
                onepath_predicates::cross(b - a, c - a)
            })
            .sum()
    }

    /// Checks the triangulation's promises: counter-clockwise canonical triangles in
    /// canonical order, symmetric neighbours, and every unconstrained interior edge locally
    /// Delaunay (exact in-circle).
    pub fn check_invariants(&self) -> Result<(), String> {
        let mesh = onepath_cdt::InsideMesh {
            triangles: self.triangles.clone(),
            neighbors: self.neighbors.clone(),
        };
        mesh.check_invariants(&self.vertices)
            .map_err(|e| e.to_string())
    }

    /// The triangulation merged into weakly convex polygons of at most
    /// `max_vertices_per_polygon` vertices (`3..=16`), by the Hertel–Mehlhorn greedy pass.
    pub fn partition_convex(&self, max_vertices_per_polygon: usize) -> Result<ConvexPartition> {
        check_vertex_limit(max_vertices_per_polygon)?;
        let partition = onepath_convex::partition_convex(
            &self.vertices,
            &self.triangles,
            &self.neighbors,
            max_vertices_per_polygon,
        )
        .map_err(Error::internal)?;
        Ok(ConvexPartition {
            snap_bits: self.snap_bits,
            vertices: self.vertices.clone(),
            partition,
        })
    }
}

fn to_user(points: &[GridPoint], snap_bits: u32) -> Vec<Vector2D> {
    points
        .iter()
        .map(|&p| crate::snap::to_user(p, snap_bits))
        .collect()
}

/// A region cut into weakly convex, counter-clockwise polygons with adjacency (the
/// specification's "Region.PartitionConvex").
///
/// Each polygon starts at its smallest vertex index and the polygons are sorted by their
/// index lists; the neighbour of polygon edge `(v_i, v_{i+1})` is the polygon holding the
/// reversed edge, or `-1` on the boundary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvexPartition {
    snap_bits: u32,
    vertices: Vec<GridPoint>,
    partition: onepath_convex::ConvexPartition,
}

impl ConvexPartition {
    /// A partition from its parts (for example read back from a file): vertex indices into
    /// `vertices` and the neighbour across each edge, accepted only when
    /// [`ConvexPartition::check_invariants`] holds.
    pub fn from_polygons(
        snap_bits: u32,
        vertices: Vec<GridPoint>,
        polygons: &[Vec<u32>],
        neighbors: &[Vec<i32>],
        max_vertices_per_polygon: usize,
    ) -> Result<Self, String> {
        let partition = onepath_convex::ConvexPartition::from_polygons(
            polygons,
            neighbors,
            max_vertices_per_polygon,
            &vertices,
        )
        .map_err(|e| e.to_string())?;
        Ok(Self {
            snap_bits,
            vertices,
            partition,
        })
    }

    /// The SnapBits of the grid.
    pub fn snap_bits(&self) -> u32 {
        self.snap_bits
    }

    /// The vertices in grid units, sorted by `(x, y)` (the triangulation's vertices).
    pub fn vertices(&self) -> &[GridPoint] {
        &self.vertices
    }

    /// The vertices in user units (exact).
    pub fn vertices_f64(&self) -> Vec<Vector2D> {
        to_user(&self.vertices, self.snap_bits)
    }

    /// The number of polygons.
    pub fn len(&self) -> usize {
        self.partition.len()
    }

    /// True when there is no polygon.
    pub fn is_empty(&self) -> bool {
        self.partition.is_empty()
    }

    /// The vertex indices of polygon `i`, counter-clockwise. Panics when `i >= len()`.
    pub fn polygon(&self, i: usize) -> &[u32] {
        self.partition.polygon(i)
    }

    /// The neighbours of polygon `i`: entry `k` is the polygon across edge
    /// `(v_k, v_{k+1})`, or `-1`. Panics when `i >= len()`.
    pub fn polygon_neighbors(&self, i: usize) -> &[i32] {
        self.partition.polygon_neighbors(i)
    }

    /// The polygons as `(vertex indices, neighbours)` pairs, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u32], &[i32])> + '_ {
        (0..self.len()).map(|i| (self.polygon(i), self.polygon_neighbors(i)))
    }

    /// The most vertices a polygon may have.
    pub fn max_vertices_per_polygon(&self) -> usize {
        self.partition.max_vertices_per_polygon()
    }

    /// Twice the total area in grid units squared, exactly.
    pub fn area2(&self) -> i128 {
        (0..self.len())
            .filter_map(|i| self.partition.twice_area(i, &self.vertices))
            .sum()
    }

    /// For every vertex, the polygons around it counter-clockwise, with one `-1` between runs
    /// of boundary (the neighbour lists of polyanya-style meshes); empty for a vertex no
    /// polygon uses.
    pub fn vertex_fans(&self) -> Result<Vec<Vec<i32>>> {
        let fans = self
            .partition
            .vertex_fans(&self.vertices)
            .map_err(Error::internal)?;
        Ok(fans.iter().map(|f| f.to_vec()).collect())
    }

    /// Checks the partition's promises: polygons weakly convex and counter-clockwise, within
    /// the vertex limit, canonical, with symmetric adjacency.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.partition
            .check_invariants(&self.vertices)
            .map_err(|e| e.to_string())
    }

    /// The diagonals that could still be removed (expected empty: the pass is exhaustive).
    pub fn remaining_mergeable_diagonals(&self) -> Result<Vec<[u32; 2]>> {
        self.partition
            .remaining_mergeable_diagonals(&self.vertices)
            .map_err(Error::internal)
    }
}
