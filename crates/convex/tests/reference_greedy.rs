//! The fast merge against a slow, independently written reading of
//! "Region.PartitionConvex" and D11 (a polygon list scanned for every diagonal), bit for
//! bit, on inputs with many equal diagonal lengths (tile maps) and straight vertices.

mod support;

use onepath_convex::partition_convex;
use onepath_predicates::{Orientation, orient2d};
use support::shapes::{random_comb, random_star, random_tile_mesh};
use support::{Mesh, Rng, mesh_of_polygons};

type Nested = (Vec<Vec<u32>>, Vec<Vec<i32>>);

/// The position of the directed edge `from → to` in `ring`, if it is an edge.
fn edge_at(ring: &[u32], from: u32, to: u32) -> Option<usize> {
    (0..ring.len()).find(|&k| ring[k] == from && ring[(k + 1) % ring.len()] == to)
}

/// The greedy pass written as plainly as the text reads.
fn reference_partition(mesh: &Mesh, limit: usize) -> Nested {
    let mut polygons: Vec<Vec<u32>> = mesh.triangles.iter().map(|t| t.to_vec()).collect();
    let mut diagonals = Vec::new();
    for (t, c) in mesh.triangles.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (c[k], c[(k + 1) % 3]);
            if mesh.neighbors[3 * t + k] >= 0 && a < b {
                let (p, q) = (mesh.points[a as usize], mesh.points[b as usize]);
                let (dx, dy) = (q.x - p.x, q.y - p.y);
                diagonals.push((dx as f64 * dx as f64 + dy as f64 * dy as f64, a, b));
            }
        }
    }
    diagonals.sort_by(|x, y| {
        y.0.partial_cmp(&x.0)
            .expect("finite lengths")
            .then((x.1, x.2).cmp(&(y.1, y.2)))
    });
    for &(_, a, b) in &diagonals {
        let p = (0..polygons.len()).find(|&i| edge_at(&polygons[i], a, b).is_some());
        let q = (0..polygons.len()).find(|&i| edge_at(&polygons[i], b, a).is_some());
        let (Some(p), Some(q)) = (p, q) else {
            panic!("diagonal {a}-{b} must still be an edge on both sides");
        };
        if p == q {
            continue;
        }
        let mut ring_p = polygons[p].clone();
        let mut ring_q = polygons[q].clone();
        // Rotate P to start at b (ending at a) and Q to start at a (ending at b).
        let (np, nq) = (ring_p.len(), ring_q.len());
        let i = edge_at(&ring_p, a, b).expect("found above");
        ring_p.rotate_left((i + 1) % np);
        let j = edge_at(&ring_q, b, a).expect("found above");
        ring_q.rotate_left((j + 1) % nq);
        let mut joined: Vec<u32> = ring_q[..ring_q.len() - 1].to_vec();
        joined.extend_from_slice(&ring_p[..ring_p.len() - 1]);
        let shared = ring_p.iter().filter(|v| ring_q.contains(v)).count();
        let n = joined.len();
        let turn_ok = |k: usize| {
            let at = |m: usize| mesh.points[joined[m % n] as usize];
            orient2d(at(k + n - 1), at(k), at(k + 1)) != Orientation::Clockwise
        };
        let at_a = joined.iter().position(|&v| v == a).expect("a is kept");
        let at_b = joined.iter().position(|&v| v == b).expect("b is kept");
        if n <= limit && shared == 2 && turn_ok(at_a) && turn_ok(at_b) {
            let (low, high) = (p.min(q), p.max(q));
            polygons.remove(high);
            polygons[low] = joined;
        }
    }
    for ring in &mut polygons {
        let smallest = (0..ring.len()).min_by_key(|&k| ring[k]).expect("non-empty");
        ring.rotate_left(smallest);
    }
    polygons.sort();
    let neighbors = polygons
        .iter()
        .map(|ring| {
            (0..ring.len())
                .map(|k| {
                    let (from, to) = (ring[k], ring[(k + 1) % ring.len()]);
                    polygons
                        .iter()
                        .position(|other| edge_at(other, to, from).is_some())
                        .map_or(-1, |id| id as i32)
                })
                .collect()
        })
        .collect();
    (polygons, neighbors)
}

fn assert_matches_reference(mesh: &Mesh) {
    for limit in 3..=16 {
        let fast = partition_convex(&mesh.points, &mesh.triangles, &mesh.neighbors, limit)
            .expect("a valid triangulation");
        assert_eq!(
            fast.to_nested(),
            reference_partition(mesh, limit),
            "limit {limit}"
        );
    }
}

#[test]
fn tile_maps_match_the_reference() {
    let mut rng = Rng::new(0x5EED_00AA);
    for round in 0..80 {
        assert_matches_reference(&random_tile_mesh(&mut rng, 2 + round % 7, 2 + round % 5));
    }
}

#[test]
fn star_shaped_polygons_match_the_reference() {
    let mut rng = Rng::new(0x5EED_00BB);
    for round in 0..80 {
        let extent = [4, 30, 1 << 30][round % 3];
        assert_matches_reference(&mesh_of_polygons(&[random_star(&mut rng, 40, extent)]));
    }
}

#[test]
fn combs_match_the_reference() {
    let mut rng = Rng::new(0x5EED_00CC);
    for round in 0..40 {
        let comb = random_comb(&mut rng, 1 + (round % 8) as i64, 1 + (round % 3) as i64);
        assert_matches_reference(&mesh_of_polygons(&[comb]));
    }
}
