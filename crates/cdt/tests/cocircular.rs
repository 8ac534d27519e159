//! Cocircular inputs (grids, lattice points on one circle, tile-map rings): the result is
//! deterministic, independent of constraint order and direction, and valid.

mod common;

use common::{Rng, build_checked, index_rings, inside_twice_area, winding_weighted_area};
use onepath_cdt::Cdt;
use onepath_predicates::{GridPoint, cross};

#[test]
fn integer_grids() {
    for side in 2..=24i64 {
        let points: Vec<GridPoint> = (0..side)
            .flat_map(|x| (0..side).map(move |y| GridPoint::new(x * 3, y * 3)))
            .collect();
        let (cdt, _) = build_checked(&points, &[]);
        let again = Cdt::new(&points, &[]).expect("valid");
        assert_eq!(cdt.triangles(), again.triangles());
        // The triangulated convex hull of a grid has 2 (side - 1)^2 unit triangles.
        let hull = (0..cdt.triangles().len())
            .filter(|&t| !cdt.touches_bounding_corner(t))
            .count() as i64;
        assert_eq!(hull, 2 * (side - 1) * (side - 1), "side {side}");
    }
}

/// The lattice points on the circle of radius 1105 around the origin (1105 = 5 · 13 · 17
/// has many representations as a sum of two squares), in counter-clockwise order.
fn circle_points() -> Vec<GridPoint> {
    let r: i64 = 1105;
    let mut points = Vec::new();
    for x in -r..=r {
        let y2 = r * r - x * x;
        let y = (y2 as f64).sqrt().round() as i64;
        if y * y == y2 {
            points.push(GridPoint::new(x, y));
            if y != 0 {
                points.push(GridPoint::new(x, -y));
            }
        }
    }
    // Sort by angle: upper half (y > 0, or y = 0 and x > 0) first, then by cross product.
    let half = |p: &GridPoint| u8::from(!(p.y > 0 || (p.y == 0 && p.x > 0)));
    points.sort_by(|a, b| half(a).cmp(&half(b)).then_with(|| 0.cmp(&cross(*a, *b))));
    points
}

#[test]
fn regular_polygon_on_a_circle() {
    let ring = circle_points();
    assert!(ring.len() >= 32, "{} lattice points", ring.len());
    let (points, edges) = index_rings(std::slice::from_ref(&ring));
    let (cdt, inside) = build_checked(&points, &edges);
    assert_eq!(inside.triangles.len(), ring.len() - 2);
    let area: i128 = (0..ring.len())
        .map(|i| cross(ring[i], ring[(i + 1) % ring.len()]))
        .sum();
    assert_eq!(inside_twice_area(&points, &inside), area);
    assert_eq!(
        cdt.triangles(),
        Cdt::new(&points, &edges).expect("valid").triangles()
    );
    // The same points without constraints, plus the centre.
    let mut with_centre = points.clone();
    with_centre.push(GridPoint::new(0, 0));
    with_centre.sort_unstable();
    build_checked(&with_centre, &[]);
}

/// The unit boundary edges of the walkable cells of a random `width` x `height` tile map,
/// directed with the walkable side on the left, and the number of walkable cells.
fn tile_map_edges(rng: &mut Rng, width: i64, height: i64) -> (Vec<[GridPoint; 2]>, i64) {
    let cells: Vec<bool> = (0..width * height)
        .map(|_| rng.next_u64() % 10 < 6)
        .collect();
    let walkable = |x: i64, y: i64| {
        (0..width).contains(&x) && (0..height).contains(&y) && cells[(x + y * width) as usize]
    };
    let p = |x: i64, y: i64| GridPoint::new(x * 4, y * 4);
    let mut edges = Vec::new();
    for y in 0..height {
        for x in 0..width {
            if !walkable(x, y) {
                continue;
            }
            if !walkable(x, y - 1) {
                edges.push([p(x, y), p(x + 1, y)]);
            }
            if !walkable(x + 1, y) {
                edges.push([p(x + 1, y), p(x + 1, y + 1)]);
            }
            if !walkable(x, y + 1) {
                edges.push([p(x + 1, y + 1), p(x, y + 1)]);
            }
            if !walkable(x - 1, y) {
                edges.push([p(x, y + 1), p(x, y)]);
            }
        }
    }
    (edges, cells.iter().filter(|&&c| c).count() as i64)
}

#[test]
fn tile_map_rings() {
    let mut rng = Rng(5);
    for case in 0..60 {
        let (width, height) = (rng.range_half_open(1, 24), rng.range_half_open(1, 24));
        let (edges, solid) = tile_map_edges(&mut rng, width, height);
        let mut points: Vec<GridPoint> = edges.iter().flatten().copied().collect();
        points.sort_unstable();
        points.dedup();
        let index = |q: GridPoint| points.binary_search(&q).expect("vertex") as u32;
        let mut constraints: Vec<[u32; 2]> =
            edges.iter().map(|e| [index(e[0]), index(e[1])]).collect();
        let (cdt, inside) = build_checked(&points, &constraints);
        // Each walkable cell is 4 x 4 grid units: twice its area is 32.
        assert_eq!(
            inside_twice_area(&points, &inside),
            32 * i128::from(solid),
            "case {case}"
        );
        let windings = cdt.windings();
        assert!(windings.iter().all(|&w| w == 0 || w == 1));
        assert_eq!(
            winding_weighted_area(&cdt, &windings),
            32 * i128::from(solid)
        );
        // Shuffled constraints, plus a reversed duplicate pair (net zero), give the same
        // triangles: only the undirected, sorted constraint set matters to the geometry.
        for i in (1..constraints.len()).rev() {
            constraints.swap(i, rng.range_half_open(0, i as i64 + 1) as usize);
        }
        if let Some(&[a, b]) = constraints.first() {
            constraints.extend([[a, b], [b, a]]);
        }
        let shuffled = Cdt::new(&points, &constraints).expect("valid");
        assert_eq!(cdt.triangles(), shuffled.triangles(), "case {case}");
        assert_eq!(inside, shuffled.inside_mesh());
    }
}
