//! TEST SUPPORT ONLY: simple polygons and tile maps with integer coordinates, random or
//! fixed, as inputs for the convex merge tests.

use super::{Mesh, Rng, canonical_mesh, mesh_of_polygons, pts};
use onepath_predicates::{GridPoint, cross, orient2d};
use std::cmp::Ordering;

/// The rectangle `[0, w] × [0, h]` split by one diagonal.
pub fn rectangle(w: i64, h: i64) -> Mesh {
    mesh_of_polygons(&[pts(&[(0, 0), (w, 0), (w, h), (0, h)])])
}

/// An L: the square `[0, 2]²` without its top-right quarter.
pub fn l_shape() -> Mesh {
    mesh_of_polygons(&[pts(&[(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])])
}

/// A strictly convex polygon with `4m` vertices: the parabola chain `(k, k²)` for
/// `k = -m+1 ..= m` below and `(k, 2m² - k²)` above, counter-clockwise.
pub fn convex_polygon(m: i64) -> Vec<GridPoint> {
    let lower = (-m + 1..=m).map(|k| GridPoint::new(k, k * k));
    let upper = (-m + 1..=m)
        .rev()
        .map(|k| GridPoint::new(k, 2 * m * m - k * k + 1));
    lower.chain(upper).collect()
}

/// A fan triangulation of a convex ring from its first vertex.
pub fn fan_mesh(ring: &[GridPoint]) -> Mesh {
    let triangles: Vec<[GridPoint; 3]> = (1..ring.len() - 1)
        .map(|k| [ring[0], ring[k], ring[k + 1]])
        .collect();
    canonical_mesh(&triangles)
}

/// Orders directions counter-clockwise from the positive x axis, exactly.
fn by_angle(d: GridPoint, e: GridPoint) -> Ordering {
    let half = |u: GridPoint| u8::from(!(u.y > 0 || (u.y == 0 && u.x > 0)));
    half(d).cmp(&half(e)).then_with(|| 0.cmp(&cross(d, e)))
}

/// A random polygon that is star-shaped around the origin: random points in
/// `[-extent, extent]²` sorted by angle, one per direction, retried until consecutive
/// vertices turn strictly counter-clockwise around the origin (so the ring is simple).
/// Consecutive vertices can be collinear with each other, giving straight vertices.
pub fn random_star(rng: &mut Rng, count: usize, extent: i64) -> Vec<GridPoint> {
    loop {
        let mut ring: Vec<GridPoint> = (0..count)
            .map(|_| GridPoint::new(rng.range(-extent, extent), rng.range(-extent, extent)))
            .filter(|p| *p != GridPoint::new(0, 0))
            .collect();
        ring.sort_by(|&a, &b| by_angle(a, b));
        ring.dedup_by(|a, b| by_angle(*a, *b) == Ordering::Equal);
        let n = ring.len();
        let origin = GridPoint::new(0, 0);
        if n >= 3
            && (0..n).all(|k| orient2d(origin, ring[k], ring[(k + 1) % n]).is_ccw())
            && super::twice_area(&ring) > 0
        {
            return ring;
        }
    }
}

/// A comb: a bar of height `unit` along the x axis with `teeth` teeth of random heights
/// on top, scaled by `unit`, and random straight vertices on the bottom edge.
pub fn random_comb(rng: &mut Rng, teeth: i64, unit: i64) -> Vec<GridPoint> {
    let width = 2 * teeth - 1;
    let mut ring = vec![GridPoint::new(0, 0)];
    for x in 1..width {
        if rng.chance(1, 3) {
            ring.push(GridPoint::new(x * unit, 0));
        }
    }
    ring.push(GridPoint::new(width * unit, 0));
    for tooth in (0..teeth).rev() {
        let height = rng.range(2, 9) * unit;
        let (left, right) = (2 * tooth * unit, (2 * tooth + 1) * unit);
        if tooth != teeth - 1 {
            ring.push(GridPoint::new(right, unit));
        }
        ring.push(GridPoint::new(right, height));
        ring.push(GridPoint::new(left, height));
        if tooth != 0 {
            ring.push(GridPoint::new(left, unit));
        }
    }
    ring
}

/// A tile map as triangles: every walkable cell of `rows` (`'.'` walkable, row r is
/// y = r) becomes two triangles split by one of its diagonals, chosen by `diagonal`.
/// Cells that touch only at a corner make vertices where the region touches itself.
pub fn tile_mesh(rows: &[&str], mut diagonal: impl FnMut() -> bool) -> Mesh {
    let mut triangles = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, cell) in row.chars().enumerate() {
            if cell != '.' {
                continue;
            }
            let (x, y) = (x as i64, y as i64);
            let [a, b, c, d] =
                [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)].map(GridPoint::from);
            if diagonal() {
                triangles.push([a, b, c]);
                triangles.push([a, c, d]);
            } else {
                triangles.push([a, b, d]);
                triangles.push([b, c, d]);
            }
        }
    }
    canonical_mesh(&triangles)
}

/// A random tile map of `width × height` cells, each walkable with probability 2/3.
pub fn random_tile_mesh(rng: &mut Rng, width: usize, height: usize) -> Mesh {
    let rows: Vec<String> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| if rng.chance(2, 3) { '.' } else { '#' })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut coin = rng.clone();
    let mesh = tile_mesh(&rows, || coin.chance(1, 2));
    *rng = coin;
    mesh
}
