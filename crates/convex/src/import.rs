//! Rebuilding a partition from plain polygon lists (for deserialisation) or from flat storage,
//! fully validated.

use crate::{ConvexError, Partition, check_vertex_limit};
use onepath_predicates::GridPoint;

impl Partition {
    /// A partition from its polygons (vertex indices into `points`) and their neighbour
    /// lists, as [`Partition::to_nested`] gives them, accepted only when it passes
    /// [`Partition::check_invariants`] against `points`.
    ///
    /// This is how a stored partition is read back: nothing that breaks a promise of the
    /// type (convexity, orientation, canonical order, symmetric adjacency) gets in.
    pub fn from_polygons(
        points: &[GridPoint],
        polygons: &[Vec<u32>],
        neighbors: &[Vec<i32>],
        max_vertices_per_polygon: usize,
    ) -> Result<Self, ConvexError> {
        check_vertex_limit(max_vertices_per_polygon)?;
        let invariant =
            |polygon: usize, reason: &'static str| ConvexError::Invariant { polygon, reason };
        if polygons.len() != neighbors.len() {
            return Err(invariant(
                0,
                "the polygon and neighbour lists differ in length",
            ));
        }
        let mut vertices = Vec::new();
        let mut flat_neighbors = Vec::new();
        let mut offsets = vec![0];
        for (i, (polygon, around)) in polygons.iter().zip(neighbors).enumerate() {
            if polygon.len() != around.len() {
                return Err(invariant(i, "one neighbour per edge is needed"));
            }
            vertices.extend_from_slice(polygon);
            flat_neighbors.extend_from_slice(around);
            offsets.push(vertices.len());
        }
        Self::from_flat(
            points,
            vertices,
            offsets,
            flat_neighbors,
            max_vertices_per_polygon,
        )
    }

    /// A partition from its flat storage, as [`Partition::flat_vertices`],
    /// [`Partition::offsets`] and [`Partition::flat_neighbors`] give it (polygon `i` is
    /// `vertices[offsets[i]..offsets[i + 1]]`, its neighbours the same range of
    /// `neighbors`), accepted only when it passes [`Partition::check_invariants`] against
    /// `points`. For callers that assemble large partitions (a tiled build's stitch) without
    /// a list per polygon.
    pub fn from_flat(
        points: &[GridPoint],
        vertices: Vec<u32>,
        offsets: Vec<usize>,
        neighbors: Vec<i32>,
        max_vertices_per_polygon: usize,
    ) -> Result<Self, ConvexError> {
        check_vertex_limit(max_vertices_per_polygon)?;
        let partition = Self::from_parts(vertices, offsets, neighbors, max_vertices_per_polygon);
        partition.check_invariants(points)?;
        Ok(partition)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Vec<GridPoint> {
        [(0, 0), (0, 1), (1, 0), (1, 1)]
            .map(|(x, y)| GridPoint::new(x, y))
            .to_vec()
    }

    #[test]
    fn a_valid_partition_round_trips() {
        let points = square();
        let p = Partition::from_polygons(&points, &[vec![0, 2, 3, 1]], &[vec![-1; 4]], 6).unwrap();
        let (polygons, neighbors) = p.to_nested();
        assert_eq!(
            Partition::from_polygons(&points, &polygons, &neighbors, 6).unwrap(),
            p
        );
    }

    #[test]
    fn flat_storage_round_trips_and_is_checked() {
        let points = square();
        let p = Partition::from_polygons(&points, &[vec![0, 2, 3, 1]], &[vec![-1; 4]], 6).unwrap();
        let flat = |p: &Partition| {
            (
                p.flat_vertices().to_vec(),
                p.offsets().to_vec(),
                p.flat_neighbors().to_vec(),
            )
        };
        let (vertices, offsets, neighbors) = flat(&p);
        assert_eq!(
            Partition::from_flat(&points, vertices.clone(), offsets.clone(), neighbors, 6).unwrap(),
            p
        );
        assert!(
            Partition::from_flat(&points, vertices.clone(), vec![0, 3], vec![-1; 4], 6).is_err()
        );
        assert!(Partition::from_flat(&points, vertices, offsets, vec![-1; 3], 6).is_err());
    }

    #[test]
    fn broken_partitions_are_rejected() {
        let points = square();
        let bad = |polygons: &[Vec<u32>], neighbors: &[Vec<i32>], max| {
            Partition::from_polygons(&points, polygons, neighbors, max).is_err()
        };
        assert!(bad(&[vec![0, 1, 3, 2]], &[vec![-1; 4]], 6), "clockwise");
        assert!(
            bad(&[vec![0, 2, 3, 1]], &[vec![-1; 4]], 3),
            "over the limit"
        );
        assert!(bad(&[vec![0, 2, 3, 1]], &[vec![-1; 4]], 17), "bad limit");
        assert!(
            bad(&[vec![0, 2, 3, 9]], &[vec![-1; 4]], 6),
            "vertex out of range"
        );
        assert!(
            bad(&[vec![0, 2, 3, 1]], &[vec![-1; 3]], 6),
            "short neighbour list"
        );
        assert!(
            bad(
                &[vec![0, 2, 3], vec![0, 3, 1]],
                &[vec![-1, -1, -1], vec![-1, -1, -1]],
                6
            ),
            "asymmetric"
        );
        assert!(bad(&[vec![0, 2, 3, 1]], &[], 6), "lengths");
    }
}
