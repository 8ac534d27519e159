//! The convex merge of onepath: turns a triangulation into weakly convex polygons with
//! adjacency, and lists the polygons around each vertex for a path finder.
//!
//! [`partition_convex`] implements "Region.PartitionConvex" of `docs/build2d-spec.txt`
//! with decision D11 of `docs/decisions.md`: the Hertel–Mehlhorn greedy merge. Candidate
//! diagonals are the interior triangle edges, longest first (squared length in `f64`,
//! ties by the smaller and then the larger vertex index); one pass removes a diagonal
//! when (a) the joined polygon has at most the limit's vertices (straight ones count),
//! (b) the two polygons share no other vertex, and (c) the turns at both ends stay left
//! or straight by the exact orientation. The result is bit-for-bit the specification's:
//! each polygon starts at its smallest vertex index, polygons are sorted by their index
//! lists, and each edge names the polygon holding the reversed edge (or `-1`).
//!
//! A merge costs O(k) for polygons of k ≤ 16 vertices (union-find over the triangles,
//! each root holding its polygon as a cyclic sequence). The diagonals and the output
//! polygons are ordered by the arrangement's radix sort of 64-bit keys
//! (`onepath_arrangement::sort_keys`), linear in the number of triangles when the keys
//! fit in 64 bits; when they do not, the diagonals whose truncated keys tie (and, beyond
//! that, all of them) are finished by comparison sorts, O(E log E) at worst as before.
//!
//! [`Partition::check_invariants`] re-checks every output promise independently,
//! [`Partition::remaining_mergeable_diagonals`] confirms the pass was exhaustive,
//! and [`Partition::vertex_fans`] gives the per-vertex polygon lists of Polyanya's
//! mesh format (version 2).
//!
//! # Example
//!
//! ```
//! use onepath_convex::partition_convex;
//! use onepath_predicates::GridPoint;
//!
//! // The unit square as Region::triangulate gives it: points sorted by (x, y),
//! // triangles counter-clockwise from their smallest index, sorted, with neighbours.
//! let points = [(0, 0), (0, 1), (1, 0), (1, 1)].map(GridPoint::from);
//! let triangles = [[0, 2, 3], [0, 3, 1]];
//! let neighbors = [-1, -1, 1, 0, -1, -1];
//! let partition = partition_convex(&points, &triangles, &neighbors, 6)?;
//! assert_eq!(partition.len(), 1);
//! assert_eq!(partition.polygon(0), &[0, 2, 3, 1]);
//! assert_eq!(partition.polygon_neighbors(0), &[-1, -1, -1, -1]);
//! partition.check_invariants(&points)?;
//! assert!(partition.remaining_mergeable_diagonals(&points)?.is_empty());
//!
//! // Every corner of the square is a boundary vertex: polygon 0, then the outside.
//! let fans = partition.vertex_fans(&points)?;
//! assert_eq!(fans.fan(3), &[0, -1]);
//! # Ok::<(), onepath_convex::ConvexError>(())
//! ```
#![forbid(unsafe_code)]

mod error;
mod fans;
mod import;
#[cfg(test)]
mod invariant_checks_tests;
mod invariants;
mod merge;
mod partition;
mod validate;

pub use error::ConvexError;
pub use fans::VertexFans;
pub use partition::{Partition, Polygon};

use onepath_predicates::GridPoint;
use std::borrow::Cow;

/// The smallest vertex limit the specification allows ("Region.PartitionConvex": 3 to 16).
pub const MIN_VERTEX_LIMIT: usize = 3;
/// The largest vertex limit the specification allows ("Region.PartitionConvex": 3 to 16).
pub const MAX_VERTEX_LIMIT: usize = 16;
/// The vertex limit the specification uses when none is given (6); the one source of this
/// default for the pipeline and the command line.
pub const DEFAULT_MAX_VERTICES_PER_POLYGON: usize = 6;

/// Checks a vertex limit against [`MIN_VERTEX_LIMIT`]`..=`[`MAX_VERTEX_LIMIT`]: the one
/// place this rule is written, used by the merge, by [`Partition::from_polygons`] and by
/// the umbrella crate.
///
/// # Errors
///
/// [`ConvexError::VertexLimit`] naming the rejected limit.
pub fn check_vertex_limit(limit: usize) -> Result<(), ConvexError> {
    if (MIN_VERTEX_LIMIT..=MAX_VERTEX_LIMIT).contains(&limit) {
        Ok(())
    } else {
        Err(ConvexError::VertexLimit { limit })
    }
}

/// Merges a triangulation into weakly convex polygons of at most
/// `max_vertices_per_polygon` vertices ("Region.PartitionConvex", decision D11).
///
/// The input is what `Region::triangulate` produces: `points` (distinct; their order
/// only gives the indices), counter-clockwise `triangles` of point indices, and
/// `neighbors`, where entry `3t + i` is the triangle across edge `(v_i, v_{i+1})` of
/// triangle `t`, or `-1` on the boundary. The result depends only on the set of
/// triangles, not on their order or starting corner.
///
/// # Errors
///
/// [`ConvexError::VertexLimit`] when the limit lies outside `3..=16`, and an error naming
/// the culprit when the triangulation is malformed: a neighbour array of the wrong
/// length, a vertex index out of range, a point beyond `±2^53`, a triangle that is not
/// strictly counter-clockwise, a directed edge in two triangles, or a neighbour entry
/// that is out of range, does not hold the reversed edge, or does not point back. The
/// function never panics.
pub fn partition_convex(
    points: &[GridPoint],
    triangles: &[[u32; 3]],
    neighbors: &[i32],
    max_vertices_per_polygon: usize,
) -> Result<Partition, ConvexError> {
    unlabelled(points, triangles, neighbors, max_vertices_per_polygon)
}

/// [`partition_convex`] of a triangulation the caller gives up: the same partition, but
/// the triangles and neighbours are freed as soon as the pass has copied them into its
/// polygons, so that a large mesh is not held twice (issue #24).
///
/// # Errors
///
/// As [`partition_convex`].
pub fn partition_convex_owned(
    points: &[GridPoint],
    triangles: Vec<[u32; 3]>,
    neighbors: Vec<i32>,
    max_vertices_per_polygon: usize,
) -> Result<Partition, ConvexError> {
    unlabelled(points, triangles, neighbors, max_vertices_per_polygon)
}

/// The pass without labels, over borrowed or owned triangles.
fn unlabelled<'a>(
    points: &[GridPoint],
    triangles: impl Into<Cow<'a, [[u32; 3]]>>,
    neighbors: impl Into<Cow<'a, [i32]>>,
    max_vertices_per_polygon: usize,
) -> Result<Partition, ConvexError> {
    let (triangles, neighbors) = (triangles.into(), neighbors.into());
    merge::partition(points, triangles, neighbors, None, max_vertices_per_polygon)
        .map(|(partition, _)| partition)
}

/// [`partition_convex`] over labelled triangles (decisions D16: the area of each
/// triangle): the pass runs in the same order with the same tests, but never removes an
/// edge between triangles of different labels, so every polygon has one label. Returns
/// the partition and the label of each polygon, in polygon order. Adjacency across an
/// edge between labels is kept like any other.
///
/// # Errors
///
/// As [`partition_convex`], and [`ConvexError::LabelCount`] when `labels` does not hold
/// one label per triangle.
pub fn partition_convex_labelled(
    points: &[GridPoint],
    triangles: &[[u32; 3]],
    neighbors: &[i32],
    labels: &[u32],
    max_vertices_per_polygon: usize,
) -> Result<(Partition, Vec<u32>), ConvexError> {
    merge::partition(
        points,
        triangles.into(),
        neighbors.into(),
        Some(labels),
        max_vertices_per_polygon,
    )
}
