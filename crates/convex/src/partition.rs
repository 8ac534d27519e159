//! The output of the convex merge: weakly convex polygons with adjacency, in the flat,
//! canonical form of "Region.PartitionConvex".

use crate::ConvexError;
use onepath_predicates::{GridPoint, twice_area};

/// Weakly convex, counter-clockwise polygons over the vertices of a triangulation, with
/// the polygon across every edge.
///
/// Canonical form (spec, "Region.PartitionConvex"): each polygon starts at its smallest
/// vertex index, polygons are sorted lexicographically by their index lists, and entry
/// `i` of [`polygon_neighbors`](Self::polygon_neighbors) is the polygon holding the
/// reversed edge `(v_{i+1}, v_i)` of edge `(v_i, v_{i+1})`, or `-1` on the boundary.
///
/// Storage is flat: the vertex indices of all polygons in one vector, with
/// `offsets[i]..offsets[i + 1]` the range of polygon `i`; the neighbours run parallel to
/// the vertices.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    vertices: Vec<u32>,
    offsets: Vec<usize>,
    neighbors: Vec<i32>,
    max_vertices_per_polygon: usize,
}

/// One polygon of a [`Partition`], as the iterator hands it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Polygon<'a> {
    /// The vertex indices, counter-clockwise, starting at the smallest.
    pub vertices: &'a [u32],
    /// Entry `i` is the polygon across edge `(vertices[i], vertices[i + 1])`, or `-1`.
    pub neighbors: &'a [i32],
}

impl Partition {
    /// Assembles a partition from flat parts the merge has already put in canonical form.
    pub(crate) fn from_parts(
        vertices: Vec<u32>,
        offsets: Vec<usize>,
        neighbors: Vec<i32>,
        max_vertices_per_polygon: usize,
    ) -> Self {
        Self {
            vertices,
            offsets,
            neighbors,
            max_vertices_per_polygon,
        }
    }

    /// The number of polygons.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// True when there are no polygons (the triangulation was empty).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The vertex limit the partition was built with.
    pub fn max_vertices_per_polygon(&self) -> usize {
        self.max_vertices_per_polygon
    }

    /// The vertex indices of polygon `i`, counter-clockwise, starting at the smallest.
    ///
    /// # Panics
    ///
    /// When `i >= self.len()`, like slice indexing; [`get`](Self::get) does not panic.
    pub fn polygon(&self, i: usize) -> &[u32] {
        &self.vertices[self.offsets[i]..self.offsets[i + 1]]
    }

    /// The neighbours of polygon `i`: entry `k` is the polygon across edge
    /// `(v_k, v_{k+1})`, or `-1` on the boundary.
    ///
    /// # Panics
    ///
    /// When `i >= self.len()`, like slice indexing; [`get`](Self::get) does not panic.
    pub fn polygon_neighbors(&self, i: usize) -> &[i32] {
        &self.neighbors[self.offsets[i]..self.offsets[i + 1]]
    }

    /// Polygon `i` with its neighbours, or `None` when `i` is out of range.
    pub fn get(&self, i: usize) -> Option<Polygon<'_>> {
        (i < self.len()).then(|| Polygon {
            vertices: self.polygon(i),
            neighbors: self.polygon_neighbors(i),
        })
    }

    /// The polygons in canonical order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Polygon<'_>> + '_ {
        (0..self.len()).map(|i| Polygon {
            vertices: self.polygon(i),
            neighbors: self.polygon_neighbors(i),
        })
    }

    /// The vertex indices of all polygons, one after the other.
    pub fn flat_vertices(&self) -> &[u32] {
        &self.vertices
    }

    /// The neighbour entries of all polygons, parallel to
    /// [`flat_vertices`](Self::flat_vertices).
    pub fn flat_neighbors(&self) -> &[i32] {
        &self.neighbors
    }

    /// `len() + 1` offsets into the flat vectors: polygon `i` is
    /// `offsets[i]..offsets[i + 1]`.
    pub fn offsets(&self) -> &[usize] {
        &self.offsets
    }

    /// The polygons as owned index lists (the shape of the specification's vectors).
    pub fn to_nested(&self) -> (Vec<Vec<u32>>, Vec<Vec<i32>>) {
        self.iter()
            .map(|p| (p.vertices.to_vec(), p.neighbors.to_vec()))
            .unzip()
    }

    /// Twice the signed area of polygon `i` in grid units squared, exactly (decision D7's
    /// exact areas), or `None` when `i` or a vertex index is out of range.
    pub fn twice_area(&self, i: usize, points: &[GridPoint]) -> Option<i128> {
        let ring = self.get(i)?.vertices;
        if ring.iter().any(|&v| v as usize >= points.len()) {
            return None;
        }
        Some(twice_area(ring.iter().map(|&v| points[v as usize])))
    }

    /// Checks the shape of the flat storage itself; the public checks run it first.
    pub(crate) fn check_storage(&self) -> Result<(), ConvexError> {
        let storage = |reason: &'static str| ConvexError::Invariant { polygon: 0, reason };
        if self.offsets.first() != Some(&0) || self.offsets.last() != Some(&self.vertices.len()) {
            return Err(storage("offsets do not span the vertex storage"));
        }
        if self.offsets.windows(2).any(|w| w[0] > w[1]) {
            return Err(storage("offsets decrease"));
        }
        if self.neighbors.len() != self.vertices.len() {
            return Err(storage("neighbour storage is not parallel to the vertices"));
        }
        Ok(())
    }
}

impl<'a> IntoIterator for &'a Partition {
    type Item = Polygon<'a>;
    type IntoIter = Box<dyn ExactSizeIterator<Item = Polygon<'a>> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}
