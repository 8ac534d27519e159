//! The inside-mesh checker checks everything its documentation promises: each promise is
//! broken once on purpose and the checker must name it.

use onepath_cdt::{InvariantError, check_inside_mesh};
use onepath_predicates::GridPoint;

/// A convex quadrilateral A(0, 0), B(2, -1), C(2, 1), D(4, 0), sorted by `(x, y)`. The
/// diagonal B–C is the Delaunay one: D lies outside the circle of A, B, C (centre
/// (5/4, 0), radius 5/4), while C lies inside the circle of A, B, D (centre (2, 3/2),
/// radius 5/2).
fn quad() -> Vec<GridPoint> {
    [(0, 0), (2, -1), (2, 1), (4, 0)]
        .map(GridPoint::from)
        .to_vec()
}

const DELAUNAY: [[u32; 3]; 2] = [[0, 1, 2], [1, 3, 2]];
const DELAUNAY_NEIGHBORS: [i32; 6] = [-1, 1, -1, -1, -1, 0];
const FLIPPED: [[u32; 3]; 2] = [[0, 1, 3], [0, 3, 2]];
const FLIPPED_NEIGHBORS: [i32; 6] = [-1, -1, 1, 0, -1, -1];

#[test]
fn the_delaunay_diagonal_passes() {
    assert_eq!(
        check_inside_mesh(&quad(), &DELAUNAY, &DELAUNAY_NEIGHBORS, &[]),
        Ok(())
    );
}

#[test]
fn a_flipped_diagonal_is_not_delaunay() {
    assert_eq!(
        check_inside_mesh(&quad(), &FLIPPED, &FLIPPED_NEIGHBORS, &[]),
        Err(InvariantError::NotDelaunay {
            triangle: 0,
            edge: 2
        })
    );
    // The same diagonal passes when it is a constraint (either direction).
    for constraint in [[0, 3], [3, 0]] {
        assert_eq!(
            check_inside_mesh(&quad(), &FLIPPED, &FLIPPED_NEIGHBORS, &[constraint]),
            Ok(())
        );
    }
}

#[test]
fn every_other_promise_is_checked() {
    let points = quad();
    let check = |triangles: &[[u32; 3]], neighbors: &[i32]| {
        check_inside_mesh(&points, triangles, neighbors, &[]).unwrap_err()
    };
    assert!(matches!(
        check(&DELAUNAY, &DELAUNAY_NEIGHBORS[..5]),
        InvariantError::ArrayLength { found: 5, .. }
    ));
    assert!(matches!(
        check(&[[0, 1, 7]], &[-1, -1, -1]),
        InvariantError::VertexOutOfRange { vertex: 7, .. }
    ));
    assert!(matches!(
        check(&[[0, 2, 1]], &[-1, -1, -1]),
        InvariantError::NotCounterClockwise { triangle: 0, .. }
    ));
    assert!(matches!(
        check(&[[1, 2, 0]], &[-1, -1, -1]),
        InvariantError::NotRotated { triangle: 0, .. }
    ));
    assert!(matches!(
        check(&[DELAUNAY[1], DELAUNAY[0]], &[-1, -1, 1, -1, 0, -1]),
        InvariantError::NotSorted { triangle: 1 }
    ));
    assert!(matches!(
        check(&DELAUNAY, &[-1, 2, -1, -1, -1, 0]),
        InvariantError::NeighbourOutOfRange { entry: 2, .. }
    ));
    assert!(matches!(
        check(&DELAUNAY, &[1, 1, -1, -1, -1, 0]),
        InvariantError::NotReversed { edge: 0, .. }
    ));
    assert!(matches!(
        check(&DELAUNAY, &[-1, 1, -1, -1, -1, -1]),
        InvariantError::Asymmetric {
            triangle: 0,
            neighbour: 1
        }
    ));
}
