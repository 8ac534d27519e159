//! The region known answers of `tests/data/spec-vectors.json` ("regions"), transcribed.
//!
//! They were computed by an independent implementation of the specification and the
//! decisions; each shows one reading of D8 (the union step always runs, resolved rings
//! feed it, degree counts every ring, pinched holes stay one ring).

use onepath_build2d::{Geometry2DOptions, GridPoint, Outline, Region};

fn region(outlines: &[&[&[(f64, f64)]]]) -> Region {
    let outlines: Vec<Outline> = outlines
        .iter()
        .map(|rings| Outline::from_rings(rings.iter().map(|r| r.iter().copied())))
        .collect();
    let region = Region::from_outlines(&outlines, &Geometry2DOptions::with_snap_bits(0)).unwrap();
    region.check_invariants().unwrap();
    region
}

fn rings(expected: &[&[(i64, i64)]]) -> Vec<Vec<GridPoint>> {
    expected
        .iter()
        .map(|r| r.iter().map(|&(x, y)| GridPoint::new(x, y)).collect())
        .collect()
}

#[test]
fn bow_tie_union_step_always_runs() {
    let r = region(&[&[&[(0., 0.), (3., 1.), (3., 0.), (0., 1.)]]]);
    assert_eq!(r.rings(), rings(&[&[(0, 0), (2, 1), (0, 1)]]));
}

#[test]
fn single_outline_where_the_union_step_moves_geometry() {
    let r = region(&[&[&[(7., 5.), (3., 5.), (2., 5.), (7., 2.), (2., 7.)]]]);
    assert_eq!(r.rings(), rings(&[&[(2, 7), (4, 5), (7, 5)]]));
}

#[test]
fn resolved_rings_feed_the_union_step() {
    let r = region(&[
        &[&[(0., 0.), (5., 0.), (10., 0.), (10., 5.), (0., 5.)]],
        &[&[(3., -3.), (6., -3.), (6., 0.), (4., -1.)]],
    ]);
    assert_eq!(
        r.rings(),
        rings(&[
            &[(0, 0), (6, 0), (10, 0), (10, 5), (0, 5)],
            &[(3, -3), (6, -3), (6, 0), (4, -1)]
        ])
    );
}

#[test]
fn triangle_touching_a_square_edge_keeps_the_vertex() {
    let r = region(&[
        &[&[(0., 0.), (2., 0.), (2., 2.), (0., 2.)]],
        &[&[(1., 0.), (0., -2.), (2., -2.)]],
    ]);
    assert_eq!(
        r.rings(),
        rings(&[
            &[(0, -2), (2, -2), (1, 0)],
            &[(0, 0), (1, 0), (2, 0), (2, 2), (0, 2)]
        ])
    );
}

#[test]
fn steeper_triangle_moves_its_edge_through_a_pixel() {
    let r = region(&[
        &[&[(0., 0.), (2., 0.), (2., 2.), (0., 2.)]],
        &[&[(1., 0.), (0., -1.), (2., -1.)]],
    ]);
    assert_eq!(
        r.rings(),
        rings(&[&[(0, -1), (2, -1), (2, 2), (0, 2), (0, 0), (1, 0)]])
    );
}

#[test]
fn nested_alternating_rings_even_odd() {
    let r = region(&[&[
        &[(0., 0.), (6., 0.), (6., 6.), (0., 6.)],
        &[(1., 1.), (5., 1.), (5., 5.), (1., 5.)],
        &[(2., 2.), (4., 2.), (4., 4.), (2., 4.)],
    ]]);
    assert_eq!(
        r.rings(),
        rings(&[
            &[(0, 0), (6, 0), (6, 6), (0, 6)],
            &[(1, 1), (1, 5), (5, 5), (5, 1)],
            &[(2, 2), (4, 2), (4, 4), (2, 4)],
        ])
    );
}

#[test]
fn thin_sliver_collapses() {
    let r = region(&[&[&[(0., 0.), (10., 0.2), (0., 0.4)]]]);
    assert!(r.is_empty());
}

#[test]
fn hole_touching_outer_boundary_is_one_ring() {
    let r = region(&[&[
        &[(0., 0.), (4., 0.), (4., 4.), (0., 4.)],
        &[(0., 2.), (2., 1.), (2., 3.)],
    ]]);
    assert_eq!(
        r.rings(),
        rings(&[&[
            (0, 0),
            (4, 0),
            (4, 4),
            (0, 4),
            (0, 2),
            (2, 3),
            (2, 1),
            (0, 2)
        ]])
    );
    // polygons() splits the pinched ring into an outer boundary and its hole.
    let polygons = r.polygons();
    assert_eq!(polygons.len(), 1);
    assert_eq!(
        polygons[0].outer,
        rings(&[&[(0, 0), (4, 0), (4, 4), (0, 4), (0, 2)]])[0]
    );
    assert_eq!(polygons[0].holes, rings(&[&[(0, 2), (2, 3), (2, 1)]]));
}

/// The last entry of the vectors, end to end: tile map '.#..' / '....' / '..#.' (row r is
/// y = r, cell 1, SnapBits 0), its rings, triangulation and partition at 6.
#[test]
fn tile_map_triangulation_and_partition() {
    use onepath_testkit::spec_tile_map::{
        POLYGON_NEIGHBORS, POLYGONS, RING, ROWS, TRIANGLE_NEIGHBORS, TRIANGLES, VERTICES,
    };
    let cells: Vec<bool> = ROWS
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '.'))
        .collect();
    let region = Region::from_tile_map(
        &cells,
        4,
        3,
        1.0,
        onepath_build2d::Vector2D::new(0.0, 0.0),
        &Geometry2DOptions::with_snap_bits(0),
    )
    .unwrap();
    assert_eq!(region.rings(), rings(&[&RING]));
    let t = region.triangulate().unwrap();
    t.check_invariants().unwrap();
    assert_eq!(t.vertices(), rings(&[&VERTICES])[0]);
    assert_eq!(t.triangles(), TRIANGLES);
    assert_eq!(t.neighbors(), TRIANGLE_NEIGHBORS);
    let p = t.partition_convex(6).unwrap();
    p.check_invariants().unwrap();
    let polygons: Vec<&[u32]> = (0..p.len()).map(|i| p.polygon(i)).collect();
    assert_eq!(polygons, POLYGONS);
    let neighbors: Vec<&[i32]> = (0..p.len()).map(|i| p.polygon_neighbors(i)).collect();
    assert_eq!(neighbors, POLYGON_NEIGHBORS);
}
