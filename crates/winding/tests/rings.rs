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

/// Within the construction limit the endpoints are numbered by the arrangement's radix
/// numbering, beyond it by a comparison sort: the boundary of a random tile map (corners
/// where four edges meet, collinear runs) and its translate past the limit trace to
/// translated rings, and the same edges with one taken out name translated vertices.
#[test]
fn numbering_beyond_the_construction_limit_gives_the_same_rings() {
    let mut rng = onepath_testkit::Rng::new(0x7124_0001);
    let shift = GridPoint::new(1 << 45, -(1 << 44));
    let moved = |edges: &[(GridPoint, GridPoint)]| -> Vec<(GridPoint, GridPoint)> {
        edges.iter().map(|&(a, b)| (a + shift, b + shift)).collect()
    };
    for round in 0..40 {
        let side = 2 + rng.below(40) as i64;
        let filled: Vec<bool> = (0..side * side).map(|_| rng.below(3) > 0).collect();
        let point = |[x, y]: [i64; 2]| GridPoint::new(x, y);
        let mut edges: Vec<(GridPoint, GridPoint)> =
            onepath_testkit::tile_boundary(side, |x, y| filled[(y * side + x) as usize])
                .into_iter()
                .map(|[a, b]| (point(a), point(b)))
                .collect();
        rng.shuffle(&mut edges);
        let near = trace_rings(&edges);
        let far = trace_rings(&moved(&edges));
        let translated = near.map(|rings| {
            let shifted = |r: Vec<GridPoint>| r.into_iter().map(|p| p + shift).collect();
            rings
                .into_iter()
                .map(shifted)
                .collect::<Vec<Vec<GridPoint>>>()
        });
        assert_eq!(translated, far, "round {round}");
        if let Some(removed) = edges.len().checked_sub(1).map(|n| rng.below(n + 1)) {
            edges.remove(removed);
            let near = trace_rings(&edges).expect_err("unbalanced");
            let far = trace_rings(&moved(&edges)).expect_err("unbalanced");
            let TraceError::Unbalanced(v) = near else {
                panic!("round {round}: {near:?}");
            };
            assert_eq!(far, TraceError::Unbalanced(v + shift), "round {round}");
        }
    }
}
