//! Invariants on seeded random inputs: random points with random noded constraints, and
//! random polygons with holes (triangle counts `n + 2h - 2` and exact areas).

mod common;

use common::{
    Rng, build_checked, index_rings, inside_twice_area, is_noded, ring_twice_area,
    winding_weighted_area,
};
use onepath_cdt::Cdt;
use onepath_predicates::GridPoint;

/// Random sorted distinct points in `0..span`.
fn random_points(rng: &mut Rng, count: usize, span: i64) -> Vec<GridPoint> {
    let mut points: Vec<GridPoint> = (0..count)
        .map(|_| GridPoint::new(rng.range_half_open(0, span), rng.range_half_open(0, span)))
        .collect();
    points.sort_unstable();
    points.dedup();
    points
}

#[test]
fn random_points_with_noded_constraints() {
    let mut rng = Rng(1);
    let mut constrained_cases = 0;
    for case in 0..300 {
        // Small spans give many collinear and cocircular points.
        let span = [8, 64, 1 << 20, 1 << 40][case % 4];
        let count = rng.range_half_open(1, 160) as usize;
        let points = random_points(&mut rng, count, span);
        let n = points.len() as i64;
        let mut constraints: Vec<[u32; 2]> = Vec::new();
        for _ in 0..rng.range_half_open(0, 40) {
            if n < 2 {
                break;
            }
            let (a, b) = (
                rng.range_half_open(0, n) as u32,
                rng.range_half_open(0, n) as u32,
            );
            if a == b {
                continue;
            }
            constraints.push([a, b]);
            if !is_noded(&points, &constraints) {
                constraints.pop();
            }
        }
        constrained_cases += usize::from(!constraints.is_empty());
        let (cdt, _) = build_checked(&points, &constraints);
        let again = Cdt::new(&points, &constraints).expect("valid input");
        assert_eq!(
            cdt.triangles(),
            again.triangles(),
            "case {case} is deterministic"
        );
        assert_eq!(cdt.triangles().len(), 2 * points.len() + 1);
    }
    assert!(
        constrained_cases > 200,
        "{constrained_cases} cases had constraints"
    );
}

/// A star-shaped ring around `centre` with `count` vertices at jittered angles and radii in
/// `[r_min, r_max]`, counter-clockwise (or clockwise when `clockwise`).
fn star_ring(
    rng: &mut Rng,
    centre: (f64, f64),
    count: usize,
    (r_min, r_max): (f64, f64),
    clockwise: bool,
) -> Vec<GridPoint> {
    let mut ring: Vec<GridPoint> = (0..count)
        .map(|i| {
            let jitter = (rng.next_u64() % 1000) as f64 / 1000.0 * 0.5;
            let angle = (i as f64 + jitter) / count as f64 * std::f64::consts::TAU;
            let radius = r_min + (rng.next_u64() % 1000) as f64 / 1000.0 * (r_max - r_min);
            GridPoint::new(
                (centre.0 + radius * angle.cos()).round() as i64,
                (centre.1 + radius * angle.sin()).round() as i64,
            )
        })
        .collect();
    if clockwise {
        ring.reverse();
    }
    ring
}

#[test]
fn polygons_with_holes_count_and_area() {
    let mut rng = Rng(2);
    let mut ran = 0;
    for case in 0..150 {
        let radius = [1000.0, 1.0e6, 1.0e11][case % 3];
        let outer_count = rng.range_half_open(8, 80) as usize;
        let mut rings = vec![star_ring(
            &mut rng,
            (0.0, 0.0),
            outer_count,
            (radius / 2.0, radius),
            false,
        )];
        // Holes in disjoint boxes of the central square |x|, |y| < radius / 4.
        let grid = rng.range_half_open(1, 5);
        let side = radius / 2.0 / grid as f64;
        for i in 0..grid {
            for j in 0..grid {
                if rng.next_u64().is_multiple_of(3) {
                    continue;
                }
                let centre = (
                    -radius / 4.0 + (i as f64 + 0.5) * side,
                    -radius / 4.0 + (j as f64 + 0.5) * side,
                );
                let count = rng.range_half_open(3, 7) as usize;
                rings.push(star_ring(
                    &mut rng,
                    centre,
                    count,
                    (side / 8.0, side / 3.0),
                    true,
                ));
            }
        }
        let (points, edges) = index_rings(&rings);
        let vertex_count: usize = rings.iter().map(Vec::len).sum();
        if points.len() != vertex_count || !is_noded(&points, &edges) {
            continue;
        }
        ran += 1;
        let (cdt, inside) = build_checked(&points, &edges);
        let holes = rings.len() - 1;
        assert_eq!(
            inside.triangles.len(),
            points.len() + 2 * holes - 2,
            "case {case}: n + 2h - 2 triangles"
        );
        let expected_area: i128 = rings.iter().map(|r| ring_twice_area(r)).sum();
        assert!(expected_area > 0);
        assert_eq!(
            inside_twice_area(&points, &inside),
            expected_area,
            "case {case}"
        );
        assert_eq!(winding_weighted_area(&cdt, &cdt.windings()), expected_area);
        assert!(cdt.windings().iter().all(|&w| w == 0 || w == 1));
    }
    assert!(ran >= 120, "only {ran} polygons were simple");
}
