//! Square offset pieces (decision D10): exact hulls of the squares on an edge's endpoints,
//! strictly convex and counter-clockwise, with the half-side rule.

use crate::common::{Rng, assert_balanced, ring};
use onepath_offset::{GridPoint, piece_edges, square_half_side, square_offset_polygons};
use onepath_predicates::{Orientation, orient2d};

const LIMIT: i64 = 1 << 30;

#[test]
fn half_side_rounds_ties_to_even_and_is_at_least_one() {
    assert_eq!(square_half_side(0.0), 1.0);
    assert_eq!(square_half_side(0.4), 1.0);
    assert_eq!(square_half_side(2.5), 2.0);
    assert_eq!(square_half_side(3.5), 4.0);
    assert_eq!(square_half_side(7.2), 7.0);
}

#[test]
fn axis_aligned_edge_gives_a_rectangle_and_diagonal_edge_a_hexagon() {
    let two_edges = ring(&[(0, 0), (10, 0), (10, 10)]);
    let polygons = square_offset_polygons(&[two_edges], 2.0, LIMIT).unwrap();
    assert_eq!(polygons.len(), 3);
    assert_eq!(polygons[0], ring(&[(-2, -2), (12, -2), (12, 2), (-2, 2)]));
    assert_eq!(polygons[1], ring(&[(8, -2), (12, -2), (12, 12), (8, 12)]));
    // The closing edge (10, 10) -> (0, 0) runs diagonally.
    assert_eq!(
        polygons[2],
        ring(&[(-2, -2), (2, -2), (12, 8), (12, 12), (8, 12), (-2, 2)])
    );
}

#[test]
fn pieces_are_the_closed_cycles_of_the_polygons() {
    let triangle = ring(&[(0, 0), (10, 3), (4, 9)]);
    let polygons = square_offset_polygons(std::slice::from_ref(&triangle), 1.5, LIMIT).unwrap();
    let pieces = square_offset_polygons(&[triangle], 1.5, LIMIT)
        .map(|p| piece_edges(&p))
        .unwrap();
    let cycles: Vec<[GridPoint; 2]> = polygons
        .iter()
        .flat_map(|p| (0..p.len()).map(move |i| [p[i], p[(i + 1) % p.len()]]))
        .collect();
    assert_eq!(pieces, cycles);
    assert_balanced(&pieces);
}

#[test]
fn random_hulls_are_exact_strictly_convex_and_counter_clockwise() {
    let mut rng = Rng::new(29);
    for _ in 0..2000 {
        let span = 1 << rng.range(2, 28);
        let a = GridPoint::new(rng.range(-span, span), rng.range(-span, span));
        let b = GridPoint::new(rng.range(-span, span), rng.range(-span, span));
        if a == b {
            continue;
        }
        let r = rng.unit() * 64.0;
        let h = square_half_side(r) as i64;
        let polygons = square_offset_polygons(&[vec![a, b]], r, LIMIT).unwrap();
        // The two-vertex ring has the edges a -> b and b -> a; both give the same hull.
        assert_eq!(polygons.len(), 2);
        assert_eq!(polygons[0], polygons[1]);
        let hull = &polygons[0];
        let corners: Vec<GridPoint> = [a, b]
            .iter()
            .flat_map(|c| {
                [(-h, -h), (h, -h), (h, h), (-h, h)]
                    .map(|(dx, dy)| GridPoint::new(c.x + dx, c.y + dy))
            })
            .collect();
        assert!((4..=6).contains(&hull.len()), "{a} {b}: {hull:?}");
        assert_eq!(
            hull[0],
            *hull.iter().min().unwrap(),
            "starts at its smallest vertex"
        );
        for (i, &p) in hull.iter().enumerate() {
            assert!(corners.contains(&p), "hull vertices are square corners");
            let (q, s) = (hull[(i + 1) % hull.len()], hull[(i + 2) % hull.len()]);
            assert_eq!(
                orient2d(p, q, s),
                Orientation::CounterClockwise,
                "strict left turn"
            );
            for &c in &corners {
                assert_ne!(
                    orient2d(p, q, c),
                    Orientation::Clockwise,
                    "corner {c} outside"
                );
            }
        }
    }
}
