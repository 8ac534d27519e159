//! TEST SUPPORT ONLY: the properties every partition of a triangulation must have,
//! checked against the triangulation it came from.

use super::Mesh;
use onepath_convex::Partition;
use std::collections::BTreeSet;

/// Twice the signed area of triangle or polygon `ring` over `mesh.points`, exactly.
fn twice_area_of(mesh: &Mesh, ring: &[u32]) -> i128 {
    let points: Vec<_> = ring.iter().map(|&v| mesh.points[v as usize]).collect();
    super::twice_area(&points)
}

/// The directed edges of the triangulation with `-1` across (its boundary).
pub fn boundary_edges(mesh: &Mesh) -> BTreeSet<(u32, u32)> {
    let mut edges = BTreeSet::new();
    for (t, c) in mesh.triangles.iter().enumerate() {
        for k in 0..3 {
            if mesh.neighbors[3 * t + k] == -1 {
                edges.insert((c[k], c[(k + 1) % 3]));
            }
        }
    }
    edges
}

/// The directed edges of the triangulation with a triangle across.
fn interior_edges(mesh: &Mesh) -> BTreeSet<(u32, u32)> {
    let mut edges = BTreeSet::new();
    for (t, c) in mesh.triangles.iter().enumerate() {
        for k in 0..3 {
            if mesh.neighbors[3 * t + k] != -1 {
                edges.insert((c[k], c[(k + 1) % 3]));
            }
        }
    }
    edges
}

/// Asserts everything a partition of `mesh` promises:
///
/// - `check_invariants` passes (shape, canonical order, symmetric adjacency);
/// - the exact twice-areas of the polygons sum to those of the triangles;
/// - every boundary edge of the triangulation is an edge of exactly one polygon, with
///   `-1` across, and no other polygon edge has `-1` across;
/// - every edge between two polygons is an interior triangle edge whose reverse is an
///   edge of exactly one other polygon;
/// - the pass was exhaustive: no remaining diagonal meets conditions (a), (b) and (c).
pub fn assert_partition_of(mesh: &Mesh, partition: &Partition) {
    assert_partition_shape(mesh, partition);
    let remaining = partition
        .remaining_mergeable_diagonals(&mesh.points)
        .expect("the partition is consistent");
    assert!(
        remaining.is_empty(),
        "the single pass is exhaustive, but {remaining:?} could still merge"
    );
}

/// Everything [`assert_partition_of`] asserts but the exhaustive pass (a labelled
/// partition leaves the edges between labels mergeable by design).
pub fn assert_partition_shape(mesh: &Mesh, partition: &Partition) {
    partition
        .check_invariants(&mesh.points)
        .expect("the output invariants hold");
    let triangle_area: i128 = mesh.triangles.iter().map(|t| twice_area_of(mesh, t)).sum();
    let polygon_area: i128 = partition
        .iter()
        .map(|p| twice_area_of(mesh, p.vertices))
        .sum();
    assert_eq!(polygon_area, triangle_area, "areas add up exactly");

    let mut polygon_boundary = Vec::new();
    let mut polygon_shared = Vec::new();
    for polygon in partition {
        let ring = polygon.vertices;
        for (k, &across) in polygon.neighbors.iter().enumerate() {
            let edge = (ring[k], ring[(k + 1) % ring.len()]);
            if across == -1 {
                polygon_boundary.push(edge);
            } else {
                polygon_shared.push(edge);
            }
        }
    }
    polygon_boundary.sort_unstable();
    let expected_boundary: Vec<_> = boundary_edges(mesh).into_iter().collect();
    assert_eq!(
        polygon_boundary, expected_boundary,
        "each boundary edge lies on exactly one polygon"
    );

    polygon_shared.sort_unstable();
    assert!(
        polygon_shared.windows(2).all(|w| w[0] != w[1]),
        "a directed edge is shared by at most one polygon side"
    );
    let interior = interior_edges(mesh);
    for &(a, b) in &polygon_shared {
        assert!(
            interior.contains(&(a, b)),
            "a shared edge is a triangle edge"
        );
        assert!(
            polygon_shared.binary_search(&(b, a)).is_ok(),
            "a shared edge is held by exactly two polygons"
        );
    }
}
