//! The build's shrink edge list (decision D12) on hand-made rings with known answers, a
//! ring that visits a vertex twice, and random rings (balance, determinism).

use crate::common::{Rng, assert_balanced, edges, random_star, ring, ring_edges};
use onepath_offset::{
    GridPoint, ShrinkEdges, choose_m, equal_area_ring, is_reflex_corner, shrink_edges,
};

const LIMIT: i64 = 1 << 30;

#[test]
fn convex_square_gets_far_sides_and_end_sides_only() {
    let square = ring(&[(0, 0), (10, 0), (10, 10), (0, 10)]);
    let expected = edges(&[
        ((10, 3), (0, 3)),
        ((10, 0), (10, 3)),
        ((0, 3), (0, 0)),
        ((7, 10), (7, 0)),
        ((10, 10), (7, 10)),
        ((7, 0), (10, 0)),
        ((0, 7), (10, 7)),
        ((0, 10), (0, 7)),
        ((10, 7), (10, 10)),
        ((3, 0), (3, 10)),
        ((0, 0), (3, 0)),
        ((3, 10), (0, 10)),
    ]);
    assert_eq!(shrink_edges(&[square], 3.0, 1.0, LIMIT).unwrap(), expected);
}

#[test]
fn l_shape_gets_one_arc_at_its_reflex_corner() {
    let l_shape = ring(&[(0, 0), (20, 0), (20, 10), (10, 10), (10, 20), (0, 20)]);
    // r = 3 with tolerance 1 takes the octagon; lambda * h = 1.0346, so the arc's two
    // vertices round to one unit off the walls.
    assert_eq!(choose_m(3.0, 1.0), 8);
    let expected = edges(&[
        ((20, 3), (0, 3)),
        ((20, 0), (20, 3)),
        ((0, 3), (0, 0)),
        ((17, 10), (17, 0)),
        ((20, 10), (17, 10)),
        ((17, 0), (20, 0)),
        // Edge (20, 10) -> (10, 10) ends at the reflex corner: no end side there.
        ((10, 7), (20, 7)),
        ((20, 7), (20, 10)),
        // The arc at (10, 10): tip_out (the outgoing edge's a'), two ring vertices, tip_in
        // (the incoming edge's b').
        ((7, 10), (7, 9)),
        ((7, 9), (9, 7)),
        ((9, 7), (10, 7)),
        // Edge (10, 10) -> (10, 20) starts at the reflex corner: no end side there.
        ((7, 20), (7, 10)),
        ((10, 20), (7, 20)),
        ((0, 17), (10, 17)),
        ((0, 20), (0, 17)),
        ((10, 17), (10, 20)),
        ((3, 0), (3, 20)),
        ((0, 0), (3, 0)),
        ((3, 20), (0, 20)),
    ]);
    let actual = shrink_edges(std::slice::from_ref(&l_shape), 3.0, 1.0, LIMIT).unwrap();
    assert_eq!(actual, expected);
    let mut all = actual;
    all.extend(ring_edges(&[l_shape]));
    assert_balanced(&all);
}

#[test]
fn square_hole_has_four_reflex_corners() {
    // A clockwise ring: the interior (outside the hole) is on the left of every edge.
    let hole = ring(&[(0, 0), (0, 10), (10, 10), (10, 0)]);
    let expected = edges(&[
        ((-3, 0), (-3, -1)),
        ((-3, -1), (-1, -3)),
        ((-1, -3), (0, -3)),
        ((-3, 10), (-3, 0)),
        ((0, 13), (-1, 13)),
        ((-1, 13), (-3, 11)),
        ((-3, 11), (-3, 10)),
        ((10, 13), (0, 13)),
        ((13, 10), (13, 11)),
        ((13, 11), (11, 13)),
        ((11, 13), (10, 13)),
        ((13, 0), (13, 10)),
        ((10, -3), (11, -3)),
        ((11, -3), (13, -1)),
        ((13, -1), (13, 0)),
        ((0, -3), (10, -3)),
    ]);
    let actual = shrink_edges(std::slice::from_ref(&hole), 3.0, 1.0, LIMIT).unwrap();
    assert_eq!(actual, expected);
    let mut all = actual;
    all.extend(ring_edges(&[hole]));
    assert_balanced(&all);
}

/// True when `p` lies on the left of `u` (exact in i128).
fn left_of(u: (i64, i64), p: (i64, i64)) -> bool {
    u.0 as i128 * p.1 as i128 - u.1 as i128 * p.0 as i128 > 0
}

#[test]
fn large_arc_runs_along_the_sector_between_the_far_corners() {
    let corner = (100_000, 100_000);
    let l_shape = ring(&[
        (0, 0),
        (200_000, 0),
        (200_000, 100_000),
        corner,
        (100_000, 200_000),
        (0, 200_000),
    ]);
    let r = 4096.0;
    let m = choose_m(r, 1.0);
    assert_eq!(m, 256);
    let actual = shrink_edges(&[l_shape], r, 1.0, LIMIT).unwrap();
    // Edge (200000, 100000) -> corner ends with b' -> a' and a' -> a (no b -> b'); the arc
    // follows.
    let arc_start = actual
        .iter()
        .position(|e| e[0] == GridPoint::new(95_904, 100_000))
        .expect("the arc starts at the outgoing edge's far corner a'");
    let q = (m / 4) as usize;
    let arc = &actual[arc_start..arc_start + q + 1];
    assert_eq!(
        arc[q][1],
        GridPoint::new(100_000, 95_904),
        "the arc ends at tip_in"
    );
    for pair in arc.windows(2) {
        assert_eq!(pair[0][1], pair[1][0], "the arc is one path");
    }
    let ring_offsets = equal_area_ring(r, m).offsets;
    for (k, edge) in arc[1..].iter().enumerate() {
        let p = (edge[0].x - corner.0, edge[0].y - corner.1);
        // Strictly inside the sector from (-1, 0) counter-clockwise to (0, -1).
        assert!(
            left_of((-1, 0), p) && left_of(p, (0, -1)),
            "vertex {k} at {p:?}"
        );
        // Placed from the third quadrant of the ring (D12: round(a + v)).
        let v = ring_offsets[2 * q + k];
        assert_eq!(edge[0].x as f64, (corner.0 as f64 + v[0]).round_ties_even());
        assert_eq!(edge[0].y as f64, (corner.1 as f64 + v[1]).round_ties_even());
        let distance = (p.0 as f64).hypot(p.1 as f64);
        assert!(
            (distance - r).abs() <= r * 1e-4 + 1.0,
            "vertex {k} at {distance}"
        );
    }
    // The straight end sides at the reflex corner are left out.
    let corner = GridPoint::from(corner);
    assert!(!actual.iter().any(|e| e.contains(&corner)));
}

#[test]
fn a_vertex_visited_twice_is_two_corners() {
    // An L-shaped outer boundary with a thin triangular hole touching its reflex corner
    // (10, 10), traced into one ring by the clockwise-first rule.
    let pinched = ring(&[
        (0, 0),
        (20, 0),
        (20, 10),
        (10, 10),
        (7, 18),
        (9, 19),
        (10, 10),
        (10, 20),
        (0, 20),
    ]);
    assert!(is_reflex_corner(pinched[2], pinched[3], pinched[4]));
    assert!(!is_reflex_corner(pinched[5], pinched[6], pinched[7]));
    let actual = shrink_edges(std::slice::from_ref(&pinched), 3.0, 1.0, LIMIT).unwrap();
    let has =
        |a: (i64, i64), b: (i64, i64)| actual.contains(&[GridPoint::from(a), GridPoint::from(b)]);
    // Visit 3 is reflex: edge 2 has no b -> b' into it, edge 3 (normal (-8, -3) / sqrt 73,
    // a' = (7, 9)) no a' -> a out of it, and the arc runs from (7, 9) over the one ring
    // vertex inside the sector, (-lambda h, -r) placed at (9, 7), to edge 2's b' = (10, 7).
    assert!(!has((10, 10), (10, 7)));
    assert!(!has((7, 9), (10, 10)));
    assert!(has((7, 9), (9, 7)) && has((9, 7), (10, 7)));
    // Visit 6 is convex: edge 5's b -> b' (normal (9, 1) / sqrt 82, b' = (13, 10)) and edge
    // 6's a' -> a are present.
    assert!(has((10, 10), (13, 10)));
    assert!(has((7, 10), (10, 10)));
    let mut all = actual;
    all.extend(ring_edges(&[pinched]));
    assert_balanced(&all);
}

#[test]
fn random_rings_give_balanced_deterministic_lists() {
    let mut rng = Rng::new(23);
    for _ in 0..200 {
        let rings: Vec<Vec<GridPoint>> = (0..rng.range(1, 3))
            .map(|_| {
                let centre = (rng.range(-1 << 24, 1 << 24), rng.range(-1 << 24, 1 << 24));
                let n = rng.range(3, 40) as usize;
                random_star(&mut rng, centre, n, 1000.0, 1e6)
            })
            .filter(|ring| ring.len() >= 3)
            .collect();
        let r = rng.range(0, 200_000) as f64 + rng.unit();
        let tol = rng.unit() * 5000.0;
        let shrink = shrink_edges(&rings, r, tol, LIMIT).unwrap();
        assert_eq!(shrink, shrink_edges(&rings, r, tol, LIMIT).unwrap());
        assert!(
            shrink.iter().all(|e| e[0] != e[1]),
            "zero-length edges are left out"
        );
        let mut all = shrink;
        all.extend(ring_edges(&rings));
        assert_balanced(&all);
    }
}

/// A counter-clockwise histogram: columns of random widths and heights on the x axis, so
/// that its corners are convex and reflex in turn (the culled shrink trims squares at the
/// convex ones).
fn histogram(rng: &mut Rng, origin: (i64, i64), columns: usize, cell: i64) -> Vec<GridPoint> {
    let mut xs = vec![origin.0];
    for _ in 0..columns {
        xs.push(xs[xs.len() - 1] + cell * rng.range(1, 4));
    }
    let heights: Vec<i64> = (0..columns).map(|_| cell * rng.range(1, 6)).collect();
    let mut points = vec![(origin.0, origin.1), (xs[columns], origin.1)];
    for c in (0..columns).rev() {
        points.push((xs[c + 1], origin.1 + heights[c]));
        points.push((xs[c], origin.1 + heights[c]));
    }
    let mut ring: Vec<GridPoint> = points.into_iter().map(GridPoint::from).collect();
    ring.dedup();
    ring
}

/// `ShrinkEdges::extent` holds what it promises without making the edges: every endpoint
/// of the edges, culled or not, lies in its box, and there are at most its count of them,
/// on stars and histograms, either way round, at radii from a fraction of a unit to
/// beyond the rings' size; no rings, no extent.
#[test]
fn the_extent_holds_every_edge_it_will_make() {
    let mut rng = Rng::new(75);
    let mut trimmed = 0;
    for case in 0..300 {
        let rings: Vec<Vec<GridPoint>> = (0..rng.range(1, 4))
            .map(|_| {
                let centre = (rng.range(-1 << 24, 1 << 24), rng.range(-1 << 24, 1 << 24));
                if case % 2 == 0 {
                    let n = rng.range(3, 40) as usize;
                    random_star(&mut rng, centre, n, 1000.0, 1e6)
                } else {
                    let columns = rng.range(1, 12) as usize;
                    let cell = 1 << rng.range(0, 16);
                    histogram(&mut rng, centre, columns, cell)
                }
            })
            .filter(|ring| ring.len() >= 3)
            // Every third case clockwise, as holes alone: the pieces lie outside the
            // rings' box, up to `2r` from it at a trimmed square's corner point.
            .map(|mut ring| {
                if case % 3 == 2 {
                    ring.reverse();
                }
                ring
            })
            .collect();
        let r = [0.3, 2.0, 700.0, 40_000.0, 3e6][case % 5] * (1.0 + rng.unit());
        let tol = 0.5 + rng.unit() * 50.0;
        for edges in [
            ShrinkEdges::new(&rings, r, tol, LIMIT).unwrap(),
            ShrinkEdges::culled(&rings, r, tol, LIMIT).unwrap(),
        ] {
            let ([lo, hi], max_edges) = edges.extent().expect("rings");
            let made = edges.to_vec();
            let inside = |p: GridPoint| lo.x <= p.x && p.x <= hi.x && lo.y <= p.y && p.y <= hi.y;
            for e in &made {
                assert!(
                    inside(e[0]) && inside(e[1]),
                    "case {case}: {e:?} outside {lo:?}, {hi:?}"
                );
            }
            assert!(
                made.len() <= max_edges,
                "case {case}: {} > {max_edges}",
                made.len()
            );
        }
        let full = shrink_edges(&rings, r, tol, LIMIT).unwrap().len();
        trimmed += full
            - ShrinkEdges::culled(&rings, r, tol, LIMIT)
                .unwrap()
                .to_vec()
                .len();
    }
    assert!(trimmed > 500, "only {trimmed} edges were trimmed");
    let none = ShrinkEdges::new(&[], 3.0, 1.0, LIMIT).unwrap();
    assert_eq!(none.extent(), None);
}
