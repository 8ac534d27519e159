//! Unit tests of the output checks on hand-made partitions, including broken ones that
//! `partition_convex` never produces, so that each check is shown to fire.

use crate::{ConvexError, Partition};
use onepath_predicates::GridPoint;

/// The unit square's points: 0 = (0,0), 1 = (0,1), 2 = (1,0), 3 = (1,1).
fn square_points() -> Vec<GridPoint> {
    [(0, 0), (0, 1), (1, 0), (1, 1)]
        .map(GridPoint::from)
        .to_vec()
}

/// A partition from nested lists, without any canonicalisation.
fn from_nested(polygons: &[&[u32]], neighbors: &[&[i32]], limit: usize) -> Partition {
    let mut offsets = vec![0];
    for p in polygons {
        offsets.push(offsets.last().copied().unwrap_or(0) + p.len());
    }
    Partition::from_parts(polygons.concat(), offsets, neighbors.concat(), limit)
}

fn reason(result: Result<(), ConvexError>) -> String {
    match result {
        Err(ConvexError::Invariant { reason, .. }) => reason.to_owned(),
        other => panic!("expected an invariant violation, got {other:?}"),
    }
}

#[test]
fn unmerged_square_is_valid_but_not_exhaustive() {
    let points = square_points();
    let triangles = from_nested(&[&[0, 2, 3], &[0, 3, 1]], &[&[-1, -1, 1], &[0, -1, -1]], 6);
    assert_eq!(triangles.check_invariants(&points), Ok(()));
    assert_eq!(
        triangles.remaining_mergeable_diagonals(&points),
        Ok(vec![[0, 3]])
    );
    // At limit 3 the same two triangles are final.
    let at_three = from_nested(&[&[0, 2, 3], &[0, 3, 1]], &[&[-1, -1, 1], &[0, -1, -1]], 3);
    assert_eq!(at_three.remaining_mergeable_diagonals(&points), Ok(vec![]));
}

#[test]
fn each_shape_check_fires() {
    let points = square_points();
    let boundary: &[i32] = &[-1, -1, -1, -1];
    let cases: [(&[u32], usize, &str); 5] = [
        (&[0, 1, 3, 2], 6, "a right turn"),
        (
            &[2, 3, 1, 0],
            6,
            "does not start at its smallest vertex index",
        ),
        (&[0, 2, 3, 1], 3, "vertex count outside 3..=limit"),
        (&[0, 2, 3, 2], 6, "a vertex repeats"),
        (
            &[0, 2, 3, 9],
            6,
            "a vertex index lies outside the points or beyond ±2^53",
        ),
    ];
    for (ring, limit, expected) in cases {
        let partition = from_nested(&[ring], &[boundary], limit);
        assert_eq!(reason(partition.check_invariants(&points)), expected);
    }
}

#[test]
fn a_doubly_wound_star_is_not_convex() {
    // A pentagram turns left at every vertex and has positive area.
    let points = [(0, 10), (-10, 3), (-6, -8), (6, -8), (10, 3)].map(GridPoint::from);
    let star = from_nested(&[&[0, 2, 4, 1, 3]], &[&[-1, -1, -1, -1, -1]], 6);
    assert_eq!(
        reason(star.check_invariants(&points)),
        "a vertex lies right of an edge's line"
    );
}

#[test]
fn a_straight_vertex_that_folds_back_is_caught() {
    let points = [(0, 0), (2, 0), (1, 0), (1, 1)].map(GridPoint::from);
    let folded = from_nested(&[&[0, 1, 2, 3]], &[&[-1, -1, -1, -1]], 6);
    assert_eq!(
        reason(folded.check_invariants(&points)),
        "a straight vertex folds back"
    );
}

/// Polygons, their neighbour lists and the expected violation.
type AdjacencyCase = (
    &'static [&'static [u32]],
    &'static [&'static [i32]],
    &'static str,
);

#[test]
fn each_adjacency_check_fires() {
    let points = square_points();
    let cases: [AdjacencyCase; 5] = [
        (
            &[&[0, 3, 1], &[0, 2, 3]],
            &[&[1, -1, -1], &[-1, -1, 0]],
            "polygons are not in strictly increasing order",
        ),
        (
            &[&[0, 2, 3], &[0, 3, 1]],
            &[&[-1, -1, -1], &[0, -1, -1]],
            "a neighbour entry is not the polygon holding the reversed edge",
        ),
        (
            &[&[0, 2, 3], &[0, 3, 1]],
            &[&[-1, -1, 1], &[0, 1, -1]],
            "a neighbour entry is not the polygon holding the reversed edge",
        ),
        (
            &[&[0, 2, 3], &[0, 3, 1]],
            &[&[-1, -1, 1], &[-1, -1, -1]],
            "a neighbour does not point back",
        ),
        (
            &[&[0, 2, 3], &[0, 2, 3]],
            &[&[-1, -1, -1], &[-1, -1, -1]],
            "polygons are not in strictly increasing order",
        ),
    ];
    for (polygons, neighbors, expected) in cases {
        let partition = from_nested(polygons, neighbors, 6);
        assert_eq!(reason(partition.check_invariants(&points)), expected);
    }
}

#[test]
fn broken_storage_is_reported() {
    let points = square_points();
    let bad_offsets = Partition::from_parts(vec![0, 2, 3], vec![0, 4], vec![-1; 3], 6);
    assert_eq!(
        reason(bad_offsets.check_invariants(&points)),
        "offsets do not span the vertex storage"
    );
    let bad_neighbors = Partition::from_parts(vec![0, 2, 3], vec![0, 3], vec![-1; 2], 6);
    assert_eq!(
        reason(bad_neighbors.check_invariants(&points)),
        "neighbour storage is not parallel to the vertices"
    );
}
