//! TEST SUPPORT ONLY: a seeded generator, shapes, an exact ear-clipping triangulator and
//! the canonical triangulation form of "Region.Triangulate", so the convex tests need no
//! other onepath crate. Nothing here is part of the library.
// Each test binary includes this module and uses only part of it, and its items are
// `pub` for the sibling modules of a private module: hence the two allowances.
#![allow(dead_code, unreachable_pub)]

pub use onepath_testkit::Rng;
pub mod checks;
pub mod shapes;

use onepath_predicates::{GridPoint, Orientation, orient2d};
use std::collections::BTreeMap;

/// A triangulation in the canonical input form of `partition_convex`.
#[derive(Clone, Debug)]
pub struct Mesh {
    /// Distinct points sorted by `(x, y)`.
    pub points: Vec<GridPoint>,
    /// Counter-clockwise triangles, each starting at its smallest index, sorted.
    pub triangles: Vec<[u32; 3]>,
    /// Entry `3t + i`: the triangle across edge `(v_i, v_{i+1})`, or `-1`.
    pub neighbors: Vec<i32>,
}

/// Twice the signed area of a ring, exactly.
pub fn twice_area(ring: &[GridPoint]) -> i128 {
    (0..ring.len())
        .map(|k| {
            let (a, b) = (ring[k], ring[(k + 1) % ring.len()]);
            a.x as i128 * b.y as i128 - a.y as i128 * b.x as i128
        })
        .sum()
}

/// Ear clipping of a simple counter-clockwise polygon (straight vertices allowed), with
/// exact orientations: an ear tip turns strictly left and the closed ear triangle holds
/// no other polygon vertex. Returns the triangles as point triples.
pub fn ear_clip(ring: &[GridPoint]) -> Vec<[GridPoint; 3]> {
    assert!(
        twice_area(ring) > 0,
        "test support expects a counter-clockwise ring"
    );
    let mut open: Vec<GridPoint> = ring.to_vec();
    let mut triangles = Vec::new();
    while open.len() > 3 {
        let n = open.len();
        let ear = (0..n)
            .find(|&i| {
                let (a, b, c) = (open[(i + n - 1) % n], open[i], open[(i + 1) % n]);
                orient2d(a, b, c) == Orientation::CounterClockwise
                    && open
                        .iter()
                        .all(|&p| p == a || p == b || p == c || !in_closed_triangle(p, a, b, c))
            })
            .expect("a simple polygon always has an ear");
        triangles.push([open[(ear + n - 1) % n], open[ear], open[(ear + 1) % n]]);
        open.remove(ear);
    }
    assert_eq!(
        orient2d(open[0], open[1], open[2]),
        Orientation::CounterClockwise,
        "the last triangle of a simple polygon is proper"
    );
    triangles.push([open[0], open[1], open[2]]);
    triangles
}

/// True when `p` lies inside or on the counter-clockwise triangle `a, b, c`.
fn in_closed_triangle(p: GridPoint, a: GridPoint, b: GridPoint, c: GridPoint) -> bool {
    [(a, b), (b, c), (c, a)]
        .iter()
        .all(|&(u, v)| orient2d(u, v, p) != Orientation::Clockwise)
}

/// The canonical triangulation form of "Region.Triangulate" for counter-clockwise
/// triangles given by their points: points sorted by `(x, y)` and deduplicated, each
/// triangle rotated to start at its smallest index, triangles sorted, and neighbours
/// found through the reversed directed edges.
pub fn canonical_mesh(triangles: &[[GridPoint; 3]]) -> Mesh {
    let mut points: Vec<GridPoint> = triangles.iter().flatten().copied().collect();
    points.sort_unstable();
    points.dedup();
    let index = |p: GridPoint| points.binary_search(&p).expect("a triangle corner") as u32;
    let mut indexed: Vec<[u32; 3]> = triangles
        .iter()
        .map(|t| {
            let mut corners = t.map(index);
            let smallest = (0..3).min_by_key(|&k| corners[k]).expect("three corners");
            corners.rotate_left(smallest);
            corners
        })
        .collect();
    indexed.sort_unstable();
    let mut owner = BTreeMap::new();
    for (t, c) in indexed.iter().enumerate() {
        for k in 0..3 {
            let previous = owner.insert((c[k], c[(k + 1) % 3]), t as i32);
            assert!(previous.is_none(), "triangles overlap in test support");
        }
    }
    let neighbors = indexed
        .iter()
        .flat_map(|c| (0..3).map(move |k| (c[(k + 1) % 3], c[k])))
        .map(|reversed| owner.get(&reversed).copied().unwrap_or(-1))
        .collect();
    Mesh {
        points,
        triangles: indexed,
        neighbors,
    }
}

/// The canonical mesh of one or more simple counter-clockwise polygons, ear-clipped.
pub fn mesh_of_polygons(rings: &[Vec<GridPoint>]) -> Mesh {
    let triangles: Vec<[GridPoint; 3]> = rings.iter().flat_map(|r| ear_clip(r)).collect();
    canonical_mesh(&triangles)
}

/// Builds grid points from integer pairs.
pub fn pts(pairs: &[(i64, i64)]) -> Vec<GridPoint> {
    pairs.iter().copied().map(GridPoint::from).collect()
}
