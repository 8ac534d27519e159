//! Bad limits and malformed triangulations give errors, never panics.

mod support;

use onepath_convex::{ConvexError, partition_convex, partition_convex_owned};
use onepath_predicates::GridPoint;
use support::shapes::{l_shape, random_tile_mesh};
use support::{Mesh, Rng};

/// The result of the pass, errors included, which `partition_convex_owned` must give too.
fn run(mesh: &Mesh, limit: usize) -> Result<onepath_convex::Partition, ConvexError> {
    let result = partition_convex(&mesh.points, &mesh.triangles, &mesh.neighbors, limit);
    let owned = partition_convex_owned(
        &mesh.points,
        mesh.triangles.clone(),
        mesh.neighbors.clone(),
        limit,
    );
    assert_eq!(owned, result, "the owned entry point agrees");
    result
}

#[test]
fn limits_outside_three_to_sixteen_are_rejected() {
    let mesh = l_shape();
    for limit in [0, 1, 2, 17, 100, usize::MAX] {
        assert_eq!(run(&mesh, limit), Err(ConvexError::VertexLimit { limit }));
    }
    // The limit is checked before the triangulation.
    assert_eq!(
        partition_convex(&[], &[[0, 1, 2]], &[], 2),
        Err(ConvexError::VertexLimit { limit: 2 })
    );
    for limit in 3..=16 {
        assert!(run(&mesh, limit).is_ok());
    }
}

#[test]
fn malformed_triangulations_are_named() {
    let good = l_shape();
    let mut short = good.clone();
    short.neighbors.pop();
    assert_eq!(
        run(&short, 6),
        Err(ConvexError::NeighborCount {
            expected: 12,
            found: 11
        })
    );

    let mut out_of_range = good.clone();
    out_of_range.triangles[2][1] = 99;
    assert_eq!(
        run(&out_of_range, 6),
        Err(ConvexError::VertexIndex {
            triangle: 2,
            vertex: 99,
            point_count: good.points.len()
        })
    );

    let mut clockwise = good.clone();
    clockwise.triangles[1].swap(1, 2);
    assert_eq!(
        run(&clockwise, 6),
        Err(ConvexError::NotCounterClockwise { triangle: 1 })
    );

    let mut degenerate = good.clone();
    degenerate.triangles[0][2] = degenerate.triangles[0][1];
    assert_eq!(
        run(&degenerate, 6),
        Err(ConvexError::NotCounterClockwise { triangle: 0 })
    );

    let mut far = good.clone();
    far.points[0] = GridPoint::new(1 << 60, 0);
    assert_eq!(run(&far, 6), Err(ConvexError::CoordinateRange { point: 0 }));
}

#[test]
fn duplicate_triangles_are_rejected() {
    let mut doubled = l_shape();
    doubled.triangles.push(doubled.triangles[0]);
    doubled.neighbors.extend([-1, -1, -1]);
    assert!(matches!(
        run(&doubled, 6),
        Err(ConvexError::DuplicateEdge { .. })
    ));
}

#[test]
fn inconsistent_neighbours_are_rejected() {
    let good = l_shape();
    let interior = good
        .neighbors
        .iter()
        .position(|&n| n >= 0)
        .expect("the L has interior edges");
    let boundary = good
        .neighbors
        .iter()
        .position(|&n| n == -1)
        .expect("the L has boundary edges");
    let cases = [
        (interior, -1, "-1 but a triangle holds the reversed edge"),
        (interior, -7, "not the triangle holding the reversed edge"),
        (boundary, -7, "no triangle holds the reversed edge"),
        (boundary, 0, "no triangle holds the reversed edge"),
        (interior, 1000, "not the triangle holding the reversed edge"),
    ];
    for (entry_index, value, expected_reason) in cases {
        let mut broken = good.clone();
        broken.neighbors[entry_index] = value;
        match run(&broken, 6) {
            Err(ConvexError::Neighbor { reason, .. }) => assert_eq!(reason, expected_reason),
            other => panic!("expected a neighbour error, got {other:?}"),
        }
    }
}

#[test]
fn a_neighbour_that_does_not_point_back_is_rejected() {
    // The first interior entry of triangle t names u > t; clearing u's entry for the
    // shared edge is first seen from t, whose neighbour then does not point back.
    let ring = [(0, 0), (4, 0), (6, 3), (4, 6), (0, 6)].map(GridPoint::from);
    let mesh = support::shapes::fan_mesh(&ring);
    let (t, k) = (0..mesh.neighbors.len())
        .find_map(|e| (mesh.neighbors[e] >= 0).then_some((e / 3, e % 3)))
        .expect("an interior edge");
    let u = mesh.neighbors[3 * t + k] as usize;
    let mut broken = mesh.clone();
    let back = (0..3)
        .find(|&m| broken.neighbors[3 * u + m] == t as i32)
        .expect("symmetric input");
    broken.neighbors[3 * u + back] = -1;
    assert!(u > t);
    assert_eq!(
        run(&broken, 6),
        Err(ConvexError::Neighbor {
            triangle: t,
            edge: k,
            entry: u as i32,
            reason: "the neighbour does not point back"
        })
    );
}

/// Random corruption of valid meshes: every call returns, and whatever it accepts
/// yields a partition that passes its own invariant check.
#[test]
fn random_corruption_never_panics() {
    let mut rng = Rng::new(0x5EED_0BAD);
    for _ in 0..400 {
        let mut mesh = random_tile_mesh(&mut rng, 4, 3);
        if mesh.triangles.is_empty() {
            continue;
        }
        let t = rng.range(0, mesh.triangles.len() as i64 - 1) as usize;
        let k = rng.range(0, 2) as usize;
        match rng.range(0, 3) {
            0 => mesh.triangles[t][k] = rng.range(0, mesh.points.len() as i64 + 2) as u32,
            1 => mesh.neighbors[3 * t + k] = rng.range(-3, mesh.triangles.len() as i64) as i32,
            2 => mesh.triangles[t].swap(k, (k + 1) % 3),
            _ => {
                let point = rng.range(0, mesh.points.len() as i64 - 1) as usize;
                mesh.points[point] = GridPoint::new(rng.range(-3, 8), rng.range(-3, 8));
            }
        }
        for limit in [2, 3, 6, 16] {
            if let Ok(result) = run(&mesh, limit) {
                result
                    .check_invariants(&mesh.points)
                    .expect("accepted input gives a valid partition");
                result.vertex_fans(&mesh.points).expect("consistent fans");
            }
        }
    }
}
