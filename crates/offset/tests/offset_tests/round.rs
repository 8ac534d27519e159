//! Round offset pieces (specification, "Offsetting"; decision D10): the rectangles'
//! corners, the order of the pieces, and their closed counter-clockwise cycles.

use crate::common::{Rng, assert_balanced, random_star, ring, twice_area};
use onepath_offset::{GridPoint, choose_m, piece_edges, round_offset_polygons};

const LIMIT: i64 = 1 << 30;

#[test]
fn rectangles_come_first_then_mgons_of_distinct_vertices() {
    // A ring visiting (10, 0) twice: three distinct vertices, four edges.
    let bowtie = ring(&[(0, 0), (10, 0), (20, 0), (10, 0)]);
    let r = 3.0;
    let polygons = round_offset_polygons(&[bowtie], r, 1.0, LIMIT).unwrap();
    assert_eq!(polygons.len(), 4 + 3);
    assert_eq!(polygons[0], ring(&[(0, -3), (10, -3), (10, 3), (0, 3)]));
    assert_eq!(polygons[2], ring(&[(20, 3), (10, 3), (10, -3), (20, -3)]));
    let m = choose_m(r, 1.0) as usize;
    // The octagon's first vertex: (0, 0) moved by R = 3 / cos(pi/8) along
    // (cos(pi/8), sin(pi/8)), i.e. (3, 3 tan(pi/8)) = (3, 1.24) -> (3, 1).
    assert_eq!(polygons[4].len(), m);
    assert_eq!(polygons[4][0], GridPoint::new(3, 1));
    assert_eq!(polygons[5][0], GridPoint::new(13, 1));
    assert_eq!(polygons[6][0], GridPoint::new(23, 1));
}

#[test]
fn diagonal_rectangle_corners_use_the_unit_normal() {
    let edge = ring(&[(0, 0), (30, 40)]);
    let polygons = round_offset_polygons(&[edge], 10.0, 1.0, LIMIT).unwrap();
    // n = (-40, 30) / 50 = (-0.8, 0.6): a - r n = (8, -6), b - r n = (38, 34), ...
    assert_eq!(polygons[0], ring(&[(8, -6), (38, 34), (22, 46), (-8, 6)]));
}

#[test]
fn pieces_are_counter_clockwise_closed_cycles() {
    let mut rng = Rng::new(31);
    for _ in 0..100 {
        let centre = (rng.range(-1 << 20, 1 << 20), rng.range(-1 << 20, 1 << 20));
        let n = rng.range(3, 20) as usize;
        let star = random_star(&mut rng, centre, n, 100.0, 1e5);
        let r = rng.range(8, 50_000) as f64 + rng.unit();
        let tol = rng.unit() * 100.0;
        let polygons = round_offset_polygons(std::slice::from_ref(&star), r, tol, LIMIT).unwrap();
        for polygon in &polygons {
            assert!(twice_area(polygon) > 0, "counter-clockwise: {polygon:?}");
        }
        let pieces = round_offset_polygons(&[star], r, tol, LIMIT)
            .map(|p| piece_edges(&p))
            .unwrap();
        assert!(pieces.iter().all(|e| e[0] != e[1]));
        assert_balanced(&pieces);
    }
}
