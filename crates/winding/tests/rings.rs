//! Ring chaining on hand-made boundaries: touching corners, pinched holes, errors.

use onepath_predicates::GridPoint;
use onepath_winding::{TraceError, trace_rings};

fn ring_edges(ring: &[(i64, i64)]) -> Vec<(GridPoint, GridPoint)> {
    let p: Vec<GridPoint> = ring.iter().map(|&(x, y)| GridPoint::new(x, y)).collect();
    (0..p.len()).map(|i| (p[i], p[(i + 1) % p.len()])).collect()
}

fn points(ring: &[(i64, i64)]) -> Vec<GridPoint> {
    ring.iter().map(|&(x, y)| GridPoint::new(x, y)).collect()
}

#[test]
fn squares_touching_at_a_corner_stay_two_rings() {
    let mut edges = ring_edges(&[(0, 0), (1, 0), (1, 1), (0, 1)]);
    edges.extend(ring_edges(&[(1, 1), (2, 1), (2, 2), (1, 2)]));
    let rings = trace_rings(&edges).unwrap();
    assert_eq!(
        rings,
        vec![
            points(&[(0, 0), (1, 0), (1, 1), (0, 1)]),
            points(&[(1, 1), (2, 1), (2, 2), (1, 2)])
        ]
    );
}

#[test]
fn hole_touching_outer_boundary_is_one_ring_through_the_vertex_twice() {
    // The vector "hole touching the outer boundary" of vectors.json, as boundary edges.
    let mut edges = ring_edges(&[(0, 0), (4, 0), (4, 4), (0, 4), (0, 2)]);
    edges.extend(ring_edges(&[(0, 2), (2, 3), (2, 1)]));
    let rings = trace_rings(&edges).unwrap();
    assert_eq!(
        rings,
        vec![points(&[
            (0, 0),
            (4, 0),
            (4, 4),
            (0, 4),
            (0, 2),
            (2, 3),
            (2, 1),
            (0, 2)
        ])]
    );
}

#[test]
fn collinear_vertices_drop_only_at_degree_two() {
    // A square with a midpoint on its bottom edge; a triangle touches that midpoint.
    let square = ring_edges(&[(0, 0), (1, 0), (2, 0), (2, 2), (0, 2)]);
    assert_eq!(
        trace_rings(&square).unwrap(),
        vec![points(&[(0, 0), (2, 0), (2, 2), (0, 2)])]
    );
    let mut touching = square.clone();
    touching.extend(ring_edges(&[(0, -2), (2, -2), (1, 0)]));
    let rings = trace_rings(&touching).unwrap();
    assert_eq!(
        rings,
        vec![
            points(&[(0, -2), (2, -2), (1, 0)]),
            points(&[(0, 0), (1, 0), (2, 0), (2, 2), (0, 2)])
        ]
    );
}

#[test]
fn result_depends_only_on_the_edge_set() {
    let mut edges = ring_edges(&[(0, 0), (6, 0), (6, 6), (0, 6)]);
    edges.extend(ring_edges(&[(2, 2), (2, 4), (4, 4), (4, 2)]));
    edges.extend(ring_edges(&[(6, 6), (8, 6), (8, 8), (6, 8)]));
    let expected = trace_rings(&edges).unwrap();
    for rotation in 0..edges.len() {
        let mut e = edges.clone();
        e.rotate_left(rotation);
        if rotation % 2 == 1 {
            e.reverse();
        }
        assert_eq!(trace_rings(&e).unwrap(), expected);
    }
}

#[test]
fn malformed_edge_sets_are_errors() {
    let p = GridPoint::new;
    let square = ring_edges(&[(0, 0), (1, 0), (1, 1), (0, 1)]);
    let mut duplicated = square.clone();
    duplicated.push(square[0]);
    assert_eq!(
        trace_rings(&duplicated),
        Err(TraceError::DuplicateEdge(p(0, 0), p(1, 0)))
    );
    assert_eq!(
        trace_rings(&square[..3]),
        Err(TraceError::Unbalanced(p(0, 0)))
    );
    assert_eq!(
        trace_rings(&[(p(3, 3), p(3, 3))]),
        Err(TraceError::ZeroLengthEdge(p(3, 3)))
    );
}
