//! `Region::triangulate` and `Region::partition_convex`: the mesh of a region.

use crate::error::{Error, Location, Result};
use crate::input::{Geometry2DOptions, Vector2D};
use crate::region::Region;
use onepath_cdt::{Cdt, check_inside_mesh};
use onepath_convex::{ConvexError, Partition, Polygon, VertexFans};
use onepath_predicates::{GridPoint, twice_area};

/// The accessors of a mesh type that stores `snap_bits` and `vertices` (sorted by
/// `(x, y)`, grid units): written once for [`Triangulation`] and [`ConvexPartition`].
macro_rules! grid_vertex_accessors {
    () => {
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
            self.vertices
                .iter()
                .map(|&p| crate::snap::to_user(p, self.snap_bits))
                .collect()
        }
    };
}

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
        // Every ring vertex with its position, radix-sorted by point: equal points become
        // one vertex, numbered in (x, y) order, and every position learns its number.
        let slots: Vec<(GridPoint, u32)> = self
            .rings()
            .iter()
            .flatten()
            .enumerate()
            .map(|(k, &p)| (p, k as u32))
            .collect();
        let (vertices, number) = onepath_arrangement::number_points(slots);
        let mut edges = Vec::with_capacity(number.len());
        let mut first = 0;
        for ring in self.rings() {
            let n = ring.len();
            edges.extend((0..n).map(|i| [number[first + i], number[first + (i + 1) % n]]));
            first += n;
        }
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
        // A region's rings are noded, so the triangulation cannot reject them. It takes
        // the graph and hands the vertices back, so that nothing is held twice (issue #24).
        let cdt = Cdt::from_owned(vertices, edges).map_err(Error::internal)?;
        let (vertices, mesh) = cdt.into_inside_mesh();
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
            .into_partition_convex(max_vertices_per_polygon)
    }
}

/// Checks a polygon vertex limit with the convex crate's one rule
/// ([`onepath_convex::check_vertex_limit`]: `3..=16`), as an argument error.
pub(crate) fn check_vertex_limit(max: usize) -> Result<()> {
    onepath_convex::check_vertex_limit(max).map_err(convex_error)
}

/// Maps an error of the convex merge: a bad vertex limit is the caller's argument; the
/// merge rejecting a triangulation this crate made is a defect.
fn convex_error(e: ConvexError) -> Error {
    match e {
        ConvexError::VertexLimit { limit } => Error::invalid(
            Location::Argument("max_vertices_per_polygon"),
            format!(
                "{limit} is outside {}..={}",
                onepath_convex::MIN_VERTEX_LIMIT,
                onepath_convex::MAX_VERTEX_LIMIT
            ),
        ),
        other => Error::internal(other),
    }
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
    ) -> Result<Self> {
        if let Some(i) = vertices.windows(2).position(|w| w[0] >= w[1]) {
            return Err(Error::invariant(
                "triangulation",
                format!(
                    "vertices {i} and {} are not strictly sorted by (x, y)",
                    i + 1
                ),
            ));
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

    grid_vertex_accessors!();

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
            .map(|t| twice_area(t.map(|i| self.vertices[i as usize])))
            .sum()
    }

    /// Checks the triangulation's promises: SnapBits in `0..=16`, vertices strictly sorted, every index in range,
    /// counter-clockwise canonical triangles in canonical order, symmetric neighbours
    /// holding the reversed edges, and every interior edge locally Delaunay (exact
    /// in-circle; a region's constraints are its ring edges, which all lie on the
    /// boundary, so no interior edge is exempt).
    pub fn check_invariants(&self) -> Result<()> {
        Geometry2DOptions::with_snap_bits(self.snap_bits)
            .validate()
            .map_err(|e| Error::invariant("triangulation", e))?;
        if let Some(i) = self.vertices.windows(2).position(|w| w[0] >= w[1]) {
            return Err(Error::invariant(
                "triangulation",
                format!(
                    "vertices {i} and {} are not strictly sorted by (x, y)",
                    i + 1
                ),
            ));
        }
        check_inside_mesh(&self.vertices, &self.triangles, &self.neighbors, &[])
            .map_err(|e| Error::invariant("triangulation", e))
    }

    /// The triangulation merged into weakly convex polygons of at most
    /// `max_vertices_per_polygon` vertices (`3..=16`), by the Hertel–Mehlhorn greedy pass.
    pub fn partition_convex(&self, max_vertices_per_polygon: usize) -> Result<ConvexPartition> {
        self.clone().into_partition_convex(max_vertices_per_polygon)
    }

    /// [`Triangulation::partition_convex`] that consumes the triangulation, so its vertex
    /// list moves into the partition instead of being copied.
    pub fn into_partition_convex(self, max_vertices_per_polygon: usize) -> Result<ConvexPartition> {
        // The triangles go to the pass, which frees them once its polygons hold them.
        let partition = onepath_convex::partition_convex_owned(
            &self.vertices,
            self.triangles,
            self.neighbors,
            max_vertices_per_polygon,
        )
        .map_err(convex_error)?;
        Ok(ConvexPartition {
            snap_bits: self.snap_bits,
            vertices: self.vertices,
            partition,
        })
    }
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
    pub(crate) partition: Partition,
}

impl ConvexPartition {
    /// A partition this crate made, on `vertices` of the grid of `snap_bits`.
    pub(crate) fn from_partition(
        snap_bits: u32,
        vertices: Vec<GridPoint>,
        partition: Partition,
    ) -> Self {
        Self {
            snap_bits,
            vertices,
            partition,
        }
    }

    /// A partition from its parts (for example read back from a file): vertex indices into
    /// `vertices` and the neighbour across each edge, accepted only when
    /// [`ConvexPartition::check_invariants`] holds. The arguments come in the order of
    /// [`onepath_convex::Partition::from_polygons`] (points, polygons, neighbours, limit),
    /// after the grid's SnapBits.
    pub fn from_polygons(
        snap_bits: u32,
        vertices: Vec<GridPoint>,
        polygons: &[Vec<u32>],
        neighbors: &[Vec<i32>],
        max_vertices_per_polygon: usize,
    ) -> Result<Self> {
        Geometry2DOptions::with_snap_bits(snap_bits)
            .validate()
            .map_err(|e| Error::invariant("convex partition", e))?;
        check_vertex_limit(max_vertices_per_polygon)?;
        let partition =
            Partition::from_polygons(&vertices, polygons, neighbors, max_vertices_per_polygon)
                .map_err(|e| Error::invariant("convex partition", e))?;
        Ok(Self {
            snap_bits,
            vertices,
            partition,
        })
    }

    grid_vertex_accessors!();

    /// The number of polygons.
    pub fn len(&self) -> usize {
        self.partition.len()
    }

    /// True when there is no polygon.
    pub fn is_empty(&self) -> bool {
        self.partition.is_empty()
    }

    /// The vertices that are corners of a polygon, numbered again in their order: for each
    /// vertex its number among them (`u32::MAX` for a vertex no polygon uses), and how many
    /// there are. The formats and path finders that list only used vertices (polyanya's
    /// mesh file and `polyanya::Mesh`, landmass) number them so.
    pub fn corner_numbers(&self) -> (Vec<u32>, usize) {
        let mut number = vec![u32::MAX; self.vertices.len()];
        for polygon in self.iter() {
            for &v in polygon.vertices {
                number[v as usize] = 0;
            }
        }
        // Polygon corners are u32 indices, so the numbering fits in u32 too.
        let mut used = 0;
        for slot in number.iter_mut().filter(|slot| **slot == 0) {
            *slot = used;
            used += 1;
        }
        (number, used as usize)
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

    /// The polygons in order, each as its vertex indices and neighbours.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Polygon<'_>> + '_ {
        self.partition.iter()
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
    /// polygon uses. The fans are stored flat and indexed by vertex ([`VertexFans::fan`]).
    pub fn vertex_fans(&self) -> Result<VertexFans> {
        self.partition
            .vertex_fans(&self.vertices)
            .map_err(Error::internal)
    }

    /// Checks the partition's promises: polygons weakly convex and counter-clockwise, within
    /// the vertex limit, canonical, with symmetric adjacency.
    pub fn check_invariants(&self) -> Result<()> {
        self.partition
            .check_invariants(&self.vertices)
            .map_err(|e| Error::invariant("convex partition", e))
    }

    /// The diagonals that could still be removed (expected empty: the pass is exhaustive).
    pub fn remaining_mergeable_diagonals(&self) -> Result<Vec<[u32; 2]>> {
        self.partition
            .remaining_mergeable_diagonals(&self.vertices)
            .map_err(Error::internal)
    }
}
