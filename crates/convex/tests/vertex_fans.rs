//! The per-vertex polygon fans: fixed cases (a boundary corner, an interior vertex, a
//! vertex where the region touches itself) and a brute-force comparison on random input.

mod support;

use onepath_convex::{ConvexError, Partition, partition_convex};
use onepath_predicates::{GridPoint, cross};
use std::cmp::Ordering;
use support::shapes::{random_star, random_tile_mesh, tile_mesh};
use support::{Mesh, Rng, canonical_mesh, mesh_of_polygons, pts};

fn partition(mesh: &Mesh, limit: usize) -> Partition {
    partition_convex(&mesh.points, &mesh.triangles, &mesh.neighbors, limit)
        .expect("a valid triangulation")
}

/// Orders directions counter-clockwise from the positive x axis, exactly.
fn by_angle(d: GridPoint, e: GridPoint) -> Ordering {
    let half = |u: GridPoint| u8::from(!(u.y > 0 || (u.y == 0 && u.x > 0)));
    half(d).cmp(&half(e)).then_with(|| 0.cmp(&cross(d, e)))
}

/// The fans built the slow way: the polygons at a vertex sorted by the angle of the edge
/// leaving it, a `-1` after each polygon whose edge entering the vertex is boundary, then
/// rotated to the documented start (the smallest polygon index for an interior vertex,
/// else the run whose first polygon has the smallest index).
fn brute_force_fans(partition: &Partition, points: &[GridPoint]) -> Vec<Vec<i32>> {
    (0..points.len() as u32)
        .map(|v| {
            let mut corners: Vec<(GridPoint, i32, bool)> = Vec::new();
            for (id, polygon) in partition.iter().enumerate() {
                let ring = polygon.vertices;
                let n = ring.len();
                if let Some(i) = ring.iter().position(|&w| w == v) {
                    let leaving = points[ring[(i + 1) % n] as usize] - points[v as usize];
                    let entering_is_boundary = polygon.neighbors[(i + n - 1) % n] == -1;
                    corners.push((leaving, id as i32, entering_is_boundary));
                }
            }
            corners.sort_by(|a, b| by_angle(a.0, b.0));
            let mut runs: Vec<Vec<i32>> = vec![Vec::new()];
            for &(_, id, closes_run) in &corners {
                runs.last_mut().expect("a run is open").push(id);
                if closes_run {
                    runs.push(Vec::new());
                }
            }
            if corners.iter().all(|c| !c.2) {
                let mut cycle = runs.concat();
                let smallest = (0..cycle.len()).min_by_key(|&k| cycle[k]).unwrap_or(0);
                cycle.rotate_left(smallest);
                return cycle;
            }
            // The polygons after the last boundary wrap round to the first run.
            let tail = runs.pop().expect("at least one run");
            runs[0].splice(0..0, tail);
            let first = (0..runs.len()).min_by_key(|&k| runs[k][0]).unwrap_or(0);
            runs.rotate_left(first);
            runs.into_iter()
                .flat_map(|run| run.into_iter().chain([-1]))
                .collect()
        })
        .collect()
}

/// Checks the fans against the brute force and against the partition's adjacency.
fn assert_fans_consistent(partition: &Partition, points: &[GridPoint]) {
    let fans = partition.vertex_fans(points).expect("consistent partition");
    assert_eq!(fans.len(), points.len());
    let fan_lists: Vec<Vec<i32>> = fans.iter().map(<[i32]>::to_vec).collect();
    assert_eq!(fan_lists, brute_force_fans(partition, points));
    for (v, fan) in fans.iter().enumerate() {
        let v = v as u32;
        let polygons: Vec<i32> = fan.iter().copied().filter(|&p| p >= 0).collect();
        let users = partition.iter().filter(|p| p.vertices.contains(&v)).count();
        assert_eq!(polygons.len(), users, "every polygon at the vertex, once");
        for &p in &polygons {
            assert!(partition.polygon(p as usize).contains(&v));
        }
        let leaving_boundary = partition
            .iter()
            .filter_map(|p| {
                let i = p.vertices.iter().position(|&w| w == v)?;
                Some(p.neighbors[i] == -1)
            })
            .filter(|&b| b)
            .count();
        let markers = fan.iter().filter(|&&p| p == -1).count();
        assert_eq!(markers, leaving_boundary, "one -1 per stretch of outside");
        assert!(
            fan.windows(2).all(|w| w != [-1, -1]),
            "outside runs are merged"
        );
        // Consecutive polygons are neighbours across the edge entering the first one.
        for w in fan.windows(2).filter(|w| w[0] >= 0 && w[1] >= 0) {
            let ring = partition.polygon(w[0] as usize);
            let i = ring
                .iter()
                .position(|&x| x == v)
                .expect("contains the vertex");
            let entering = (i + ring.len() - 1) % ring.len();
            assert_eq!(partition.polygon_neighbors(w[0] as usize)[entering], w[1]);
        }
    }
}

#[test]
fn corners_of_one_square() {
    let mesh = mesh_of_polygons(&[pts(&[(0, 0), (3, 0), (3, 3), (0, 3)])]);
    let result = partition(&mesh, 6);
    let fans = result.vertex_fans(&mesh.points).expect("valid");
    for v in 0..4 {
        assert_eq!(fans.fan(v), &[0, -1]);
    }
    assert_fans_consistent(&result, &mesh.points);
}

/// Four triangles around the centre (1, 1) of the square [0, 2]²; at limit 3 they stay.
/// Sorted points: 0 = (0,0), 1 = (0,2), 2 = (1,1), 3 = (2,0), 4 = (2,2).
#[test]
fn interior_vertex_lists_a_closed_cycle_from_the_smallest_polygon() {
    let [a, b, c, d, m] = [(0, 0), (2, 0), (2, 2), (0, 2), (1, 1)].map(GridPoint::from);
    let mesh = canonical_mesh(&[[a, b, m], [b, c, m], [c, d, m], [d, a, m]]);
    let result = partition(&mesh, 3);
    assert_eq!(
        result.to_nested().0,
        vec![vec![0, 2, 1], vec![0, 3, 2], vec![1, 2, 4], vec![2, 3, 4]]
    );
    let fans = result.vertex_fans(&mesh.points).expect("valid");
    // Counter-clockwise around (1,1): below (polygon 1), right (3), above (2), left (0).
    assert_eq!(fans.fan(2), &[0, 1, 3, 2]);
    assert_eq!(fans.fan(0), &[1, 0, -1]);
    assert_fans_consistent(&result, &mesh.points);
}

/// Two unit squares touching at (1, 1). Sorted points: 0 = (0,0), 1 = (0,1), 2 = (1,0),
/// 3 = (1,1), 4 = (1,2), 5 = (2,1), 6 = (2,2).
#[test]
fn vertex_where_the_region_touches_itself_has_two_outside_runs() {
    let mesh = tile_mesh(&[".#", "#."], || true);
    let result = partition(&mesh, 6);
    assert_eq!(
        result.to_nested().0,
        vec![vec![0, 2, 3, 1], vec![3, 5, 6, 4]]
    );
    let fans = result.vertex_fans(&mesh.points).expect("valid");
    assert_eq!(fans.fan(3), &[0, -1, 1, -1]);
    assert_fans_consistent(&result, &mesh.points);
}

#[test]
fn vertex_used_by_no_polygon_gets_an_empty_fan() {
    let mesh = mesh_of_polygons(&[pts(&[(0, 0), (3, 0), (0, 3)])]);
    let result = partition(&mesh, 6);
    let mut points = mesh.points.clone();
    points.push(GridPoint::new(10, 10));
    let fans = result.vertex_fans(&points).expect("valid");
    assert_eq!(fans.len(), 4);
    assert!(fans.fan(3).is_empty());
    assert!(fans.get(4).is_none());
    assert_fans_consistent(&result, &points);
}

#[test]
fn too_few_points_for_the_fans_is_an_error() {
    let mesh = mesh_of_polygons(&[pts(&[(0, 0), (3, 0), (0, 3)])]);
    let result = partition(&mesh, 6);
    assert_eq!(
        result.vertex_fans(&mesh.points[..2]),
        Err(ConvexError::FanVertexIndex {
            polygon: 0,
            vertex: 2,
            point_count: 2
        })
    );
}

#[test]
fn random_fans_match_the_brute_force() {
    let mut rng = Rng::new(0x5EED_0F00);
    for round in 0..200 {
        let mesh = if round % 2 == 0 {
            random_tile_mesh(&mut rng, 1 + round % 7, 1 + round % 5)
        } else {
            mesh_of_polygons(&[random_star(&mut rng, 5 + round % 30, 20)])
        };
        for limit in [3, 4, 6, 8, 16] {
            assert_fans_consistent(&partition(&mesh, limit), &mesh.points);
        }
    }
}
