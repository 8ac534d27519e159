//! Known answers of the convex merge: the specification's tile-map vector and small
//! shapes whose partition follows by hand from "Region.PartitionConvex" and D11.

mod support;

use onepath_convex::{Partition, partition_convex};
use support::checks::assert_partition_of;
use support::shapes::{convex_polygon, fan_mesh, l_shape, rectangle};
use support::{Mesh, mesh_of_polygons, pts};

fn partition(mesh: &Mesh, limit: usize) -> Partition {
    let result = partition_convex(&mesh.points, &mesh.triangles, &mesh.neighbors, limit)
        .expect("a valid triangulation");
    assert_partition_of(mesh, &result);
    result
}

/// The last entry of `tests/data/spec-vectors.json`: the tile map '.#..' / '....' /
/// '..#.' (row r = y r, cell 1, snap bits 0), triangulated, then partitioned at 6.
#[test]
fn spec_vector_tile_map_partition_at_six() {
    use onepath_testkit::spec_tile_map::{
        POLYGON_NEIGHBORS, POLYGONS, TRIANGLE_NEIGHBORS, TRIANGLES, VERTICES,
    };
    let mesh = Mesh {
        points: pts(&VERTICES),
        triangles: TRIANGLES.to_vec(),
        neighbors: TRIANGLE_NEIGHBORS.to_vec(),
    };
    let result = partition(&mesh, 6);
    let (polygons, neighbors) = result.to_nested();
    let expected_polygons: Vec<Vec<u32>> = POLYGONS.iter().map(|p| p.to_vec()).collect();
    let expected_neighbors: Vec<Vec<i32>> = POLYGON_NEIGHBORS.iter().map(|n| n.to_vec()).collect();
    assert_eq!(polygons, expected_polygons);
    assert_eq!(neighbors, expected_neighbors);
    // Polygon 1 keeps the straight vertex 3 = (1, 1) between (0, 0) and (2, 2): polygon
    // 0 needs it, and it counts towards the limit (D11).
    assert_eq!(result.polygon(1)[1], 3);
}

#[test]
fn rectangle_of_two_triangles_is_one_polygon() {
    let mesh = rectangle(7, 3);
    assert_eq!(mesh.triangles.len(), 2);
    for limit in 4..=16 {
        let result = partition(&mesh, limit);
        assert_eq!(result.len(), 1);
        assert_eq!(result.polygon(0), &[0, 2, 3, 1]);
        assert_eq!(result.polygon_neighbors(0), &[-1, -1, -1, -1]);
    }
    // A quadrilateral does not fit the limit 3.
    assert_eq!(partition(&mesh, 3).len(), 2);
}

#[test]
fn l_shape_splits_into_two_convex_polygons() {
    let mesh = l_shape();
    assert_eq!(mesh.triangles.len(), 4);
    for limit in 4..=16 {
        let result = partition(&mesh, limit);
        assert_eq!(result.len(), 2, "limit {limit}");
        assert!(result.iter().all(|p| p.vertices.len() == 4));
    }
}

/// The hexagon (0,0), (4,0), (6,3), (4,6), (0,6), (-2,3), fan-triangulated from (0,0).
/// Sorted points: 0 = (-2,3), 1 = (0,0), 2 = (0,6), 3 = (4,0), 4 = (4,6), 5 = (6,3).
/// Diagonals by squared length: 1-4 (52), 1-5 (45), 1-2 (36).
#[test]
fn convex_hexagon_follows_the_longest_first_order() {
    let ring = pts(&[(0, 0), (4, 0), (6, 3), (4, 6), (0, 6), (-2, 3)]);
    let mesh = fan_mesh(&ring);
    assert_eq!(
        mesh.triangles,
        vec![[0, 1, 2], [1, 3, 5], [1, 4, 2], [1, 5, 4]]
    );
    // Limit 4: 1-4 joins (1,5,4) and (1,4,2); 1-5 and 1-2 would give pentagons.
    let quads = partition(&mesh, 4);
    assert_eq!(
        quads.to_nested(),
        (
            vec![vec![0, 1, 2], vec![1, 3, 5], vec![1, 5, 4, 2]],
            vec![vec![-1, 2, -1], vec![-1, -1, 2], vec![1, -1, -1, 0]],
        )
    );
    // Limit 5: 1-5 also fits; 1-2 would give the whole hexagon.
    let pentagon = partition(&mesh, 5);
    assert_eq!(
        pentagon.to_nested(),
        (
            vec![vec![0, 1, 2], vec![1, 3, 5, 4, 2]],
            vec![vec![-1, 1, -1], vec![-1, -1, -1, -1, 0]],
        )
    );
    for limit in 6..=16 {
        let whole = partition(&mesh, limit);
        assert_eq!(whole.len(), 1);
        assert_eq!(whole.polygon(0), &[0, 1, 3, 5, 4, 2]);
    }
}

#[test]
fn convex_polygon_above_the_limit_is_split_into_pieces_within_it() {
    for m in 2..=5 {
        let ring = convex_polygon(m);
        let mesh = fan_mesh(&ring);
        for limit in 3..=16 {
            let result = partition(&mesh, limit);
            assert!(result.iter().all(|p| p.vertices.len() <= limit));
            // A polygon of k vertices covers k - 2 triangles.
            let minimum = (ring.len() - 2).div_ceil(limit - 2);
            assert!(result.len() >= minimum);
            if ring.len() <= limit {
                assert_eq!(result.len(), 1, "m {m}, limit {limit}");
            } else {
                assert!(result.len() >= 2);
            }
        }
    }
}

#[test]
fn limit_three_keeps_the_triangles() {
    let meshes = [
        l_shape(),
        rectangle(5, 2),
        fan_mesh(&convex_polygon(3)),
        mesh_of_polygons(&[pts(&[(0, 0), (2, 0), (4, 0), (4, 2), (2, 2), (0, 2)])]),
    ];
    for mesh in &meshes {
        let result = partition(mesh, 3);
        let (polygons, neighbors) = result.to_nested();
        let triangles: Vec<Vec<u32>> = mesh.triangles.iter().map(|t| t.to_vec()).collect();
        let triangle_neighbors: Vec<Vec<i32>> =
            mesh.neighbors.chunks(3).map(<[i32]>::to_vec).collect();
        assert_eq!(polygons, triangles);
        assert_eq!(neighbors, triangle_neighbors);
    }
}

/// A 4 × 2 rectangle with straight vertices at (2, 0) and (2, 2). Sorted points:
/// 0 = (0,0), 1 = (0,2), 2 = (2,0), 3 = (2,2), 4 = (4,0), 5 = (4,2).
#[test]
fn straight_vertices_stay_and_count_towards_the_limit() {
    let mesh = mesh_of_polygons(&[pts(&[(0, 0), (2, 0), (4, 0), (4, 2), (2, 2), (0, 2)])]);
    assert_eq!(mesh.triangles.len(), 4);
    for limit in 6..=16 {
        let whole = partition(&mesh, limit);
        assert_eq!(whole.len(), 1);
        assert_eq!(whole.polygon(0), &[0, 2, 4, 5, 3, 1]);
    }
    // The hexagon has six vertices, two of them straight: at 5 it cannot be one polygon.
    for limit in 3..=5 {
        let pieces = partition(&mesh, limit);
        assert!(pieces.len() >= 2, "limit {limit}");
        let straight_kept = pieces.iter().any(|p| p.vertices.contains(&2))
            && pieces.iter().any(|p| p.vertices.contains(&3));
        assert!(straight_kept);
    }
}

#[test]
fn empty_triangulation_gives_an_empty_partition() {
    let result = partition_convex(&[], &[], &[], 6).expect("empty input is valid");
    assert!(result.is_empty());
    assert_eq!(result.len(), 0);
    assert_eq!(result.iter().count(), 0);
    assert!(result.get(0).is_none());
    result.check_invariants(&[]).expect("nothing to violate");
    let fans = result
        .vertex_fans(&pts(&[(0, 0)]))
        .expect("one isolated vertex");
    assert_eq!(fans.fan(0), &[] as &[i32]);
}
