//! Area types (decisions D16): meshes whose polygons never cross a border between two
//! kinds of ground, each polygon carrying its kind, on random tile maps of area codes and
//! on tagged outlines.

use onepath_build2d::{
    AreaId, AreaMap, Geometry2DOptions, Mesh2DPipeline, NavMesh, Outline, Region, Vector2D,
};
use onepath_predicates::twice_area;
use onepath_testkit::Rng;

/// A `w x h` map of area codes: blocked cells with probability 1/8, otherwise blobs of
/// up to `kinds` areas (a code per 3 x 3 block, so borders run along cell edges and meet
/// walls and each other).
fn random_codes(rng: &mut Rng, w: usize, h: usize, kinds: u8) -> Vec<u8> {
    let blocks: Vec<u8> = (0..w.div_ceil(3) * h.div_ceil(3))
        .map(|_| 1 + rng.below(kinds as usize) as u8 * 3)
        .collect();
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            if rng.chance(1, 8) {
                0
            } else {
                blocks[x / 3 + (y / 3) * w.div_ceil(3)]
            }
        })
        .collect()
}

fn map(codes: &[u8], w: usize, h: usize, cell: f64) -> AreaMap {
    AreaMap::from_tile_map(
        codes,
        w,
        h,
        cell,
        Vector2D::new(0.0, 0.0),
        &Geometry2DOptions::default(),
    )
    .expect("a valid map")
}

/// The region of one polygon of the mesh.
fn polygon_region(mesh: &NavMesh, p: usize) -> Region {
    let ring: Vec<[f64; 2]> = mesh
        .polygons()
        .polygon(p)
        .iter()
        .map(|&v| {
            let u = mesh.region().to_user(mesh.vertices()[v as usize]);
            [u.x, u.y]
        })
        .collect();
    Region::from_outlines(&[Outline::from_ring(ring)], &mesh.region().options()).expect("a polygon")
}

/// Everything the issue asks of an area mesh, checked exactly.
fn check_area_mesh(mesh: &NavMesh, areas: &AreaMap, pipeline: &Mesh2DPipeline, what: &str) {
    mesh.check_invariants()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(mesh.polygon_areas().len(), mesh.polygons().len(), "{what}");
    // No mergeable diagonal is left between polygons of one area.
    assert!(
        mesh.remaining_mergeable_diagonals()
            .unwrap_or_else(|e| panic!("{what}: {e}"))
            .is_empty(),
        "{what}"
    );
    // Polygons stay within the vertex limit.
    assert!(
        mesh.polygons()
            .iter()
            .all(|p| p.vertices.len() <= pipeline.max_vertices_per_polygon),
        "{what}"
    );
    // Every area's polygons cover exactly its piece of the cut (check_invariants proves
    // the exact area sums); here: each piece lies in its own area's region (up to the
    // snapping of the cut, so compare exact areas of the intersection).
    for (id, piece) in mesh.area_regions() {
        let (_, area) = areas
            .areas()
            .iter()
            .find(|(a, _)| a == id)
            .expect("a piece of an existing area");
        let inside = piece.intersection(area).expect("same grid");
        let outside = piece.difference(area).expect("same grid");
        assert!(
            inside.area2() > 0 && outside.area2() <= piece.area2() / 1000 + 1,
            "{what}: area {id}: piece {} inside its area {} outside {}",
            piece.area2(),
            inside.area2(),
            outside.area2()
        );
    }
}

/// No polygon has a point of two areas in its interior: each polygon meets the pieces of
/// other areas in nothing of positive area (exact) and lies within its own piece.
fn assert_no_polygon_straddles(mesh: &NavMesh, what: &str) {
    for (p, &area) in mesh.polygon_areas().iter().enumerate() {
        let polygon = polygon_region(mesh, p);
        for (id, piece) in mesh.area_regions() {
            let common = polygon.intersection(piece).expect("same grid").area2();
            if *id == area {
                assert_eq!(
                    common,
                    polygon.area2(),
                    "{what}: polygon {p} leaves area {id}"
                );
            } else {
                assert_eq!(
                    common, 0,
                    "{what}: polygon {p} of area {area} enters area {id}"
                );
            }
        }
    }
}

#[test]
fn random_maps_of_area_codes() {
    let mut rng = Rng::new(0xA4EA_0001);
    let mut cross_area_adjacencies = 0;
    let mut meshes_with_borders = 0;
    for round in 0..48 {
        let side = if round % 8 == 7 { 40 } else { 12 };
        let (w, h) = (4 + rng.below(side), 4 + rng.below(side));
        let kinds = 1 + (round % 4) as u8;
        let codes = random_codes(&mut rng, w, h, kinds);
        let areas = map(&codes, w, h, 1.0);
        let pipeline = Mesh2DPipeline {
            max_vertices_per_polygon: 3 + rng.below(14),
            ..Mesh2DPipeline::new(1.0, rng.pick(&[0.0, 0.25, 0.5]))
        };
        let what = format!("round {round} ({w} x {h}, {kinds} kinds)");
        let mesh = pipeline
            .build_areas(&areas)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        check_area_mesh(&mesh, &areas, &pipeline, &what);
        if round % 4 == 1 {
            assert_no_polygon_straddles(&mesh, &what);
        }
        let polygons = mesh.polygons();
        let mut crossing = 0;
        for (p, polygon) in polygons.iter().enumerate() {
            for &n in polygon.neighbors {
                if n >= 0 && mesh.polygon_areas()[p] != mesh.polygon_areas()[n as usize] {
                    crossing += 1;
                }
            }
        }
        cross_area_adjacencies += crossing;
        // The test: the polygons of each area have exactly the area (i128) of the
        // shrunk region intersected with that area's region. check_invariants proved
        // them equal to the cut's piece; on tile maps the cut's borders run along cell
        // edges, which no hot pixel bends, so the piece is that intersection exactly.
        let shrunk = pipeline.shrink(areas.walkable()).expect("the shrink");
        for (id, area) in areas.areas() {
            let polygons: i128 = mesh
                .polygons()
                .iter()
                .zip(mesh.polygon_areas())
                .filter(|&(_, a)| a == id)
                .map(|(p, _)| twice_area(p.vertices.iter().map(|&v| mesh.vertices()[v as usize])))
                .sum();
            let expected = shrunk.intersection(area).expect("same grid").area2();
            assert_eq!(polygons, expected, "{what}: area {id}");
        }
        meshes_with_borders += usize::from(crossing > 0);
    }
    assert!(
        meshes_with_borders > 10,
        "{meshes_with_borders} meshes had borders"
    );
    assert!(cross_area_adjacencies > 100, "{cross_area_adjacencies}");
}

#[test]
fn one_area_is_the_plain_build_bit_for_bit() {
    let mut rng = Rng::new(0xA4EA_0002);
    for round in 0..20 {
        let (w, h) = (3 + rng.below(10), 3 + rng.below(10));
        let id: AreaId = 1 + rng.below(255) as u8;
        let codes: Vec<u8> = (0..w * h)
            .map(|_| if rng.chance(1, 6) { 0 } else { id })
            .collect();
        let areas = map(&codes, w, h, 1.0);
        let cells: Vec<bool> = codes.iter().map(|&c| c != 0).collect();
        let walkable = Region::from_tile_map(
            &cells,
            w,
            h,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )
        .expect("a map");
        assert_eq!(areas.walkable(), &walkable, "round {round}");
        let pipeline = Mesh2DPipeline::new(1.0, 0.5);
        let plain = pipeline.build(&walkable).expect("a mesh");
        let with_areas = pipeline.build_areas(&areas).expect("a mesh");
        assert_eq!(with_areas.polygons(), plain.polygons(), "round {round}");
        assert_eq!(with_areas.vertex_fans(), plain.vertex_fans());
        assert!(with_areas.polygon_areas().iter().all(|&a| a == id));
        assert!(plain.polygon_areas().iter().all(|&a| a == 1));
    }
}

#[test]
fn tagged_regions_do_not_depend_on_their_order() {
    let options = Geometry2DOptions::with_snap_bits(8);
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        Region::from_outlines(
            &[Outline::from_ring([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])],
            &options,
        )
        .expect("a rectangle")
    };
    let mut rng = Rng::new(0xA4EA_0003);
    for round in 0..15 {
        let mut tagged: Vec<(AreaId, Region)> = (0..5)
            .map(|_| {
                let (x, y) = (rng.real(0.0, 20.0), rng.real(0.0, 20.0));
                let id = 1 + rng.below(3) as u8;
                (
                    id,
                    rect(x, y, x + rng.real(3.0, 12.0), y + rng.real(3.0, 12.0)),
                )
            })
            .collect();
        let pipeline = Mesh2DPipeline::new(1.0, 0.3);
        let areas = AreaMap::from_regions(&tagged).expect("areas");
        let mesh = pipeline.build_areas(&areas).expect("a mesh");
        check_area_mesh(&mesh, &areas, &pipeline, &format!("round {round}"));
        for _ in 0..3 {
            rng.shuffle(&mut tagged);
            let again = AreaMap::from_regions(&tagged).expect("areas");
            assert_eq!(again, areas, "round {round}");
            assert_eq!(pipeline.build_areas(&again).expect("a mesh"), mesh);
        }
    }
}

#[test]
fn bad_area_input_is_an_error() {
    let options = Geometry2DOptions::default();
    assert!(AreaMap::from_tile_map(&[1, 2, 3], 2, 2, 1.0, Vector2D::default(), &options).is_err());
    assert!(AreaMap::from_regions(&[]).is_err());
    let square = Region::from_outlines(
        &[Outline::from_ring([
            [0.0, 0.0],
            [1.0, 0.0],
            [1.0, 1.0],
            [0.0, 1.0],
        ])],
        &options,
    )
    .expect("a square");
    assert!(AreaMap::from_regions(&[(0, square.clone())]).is_err());
    let coarse = Region::from_outlines(
        &[Outline::from_ring([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])],
        &Geometry2DOptions::with_snap_bits(3),
    )
    .expect("a triangle");
    assert!(AreaMap::from_regions(&[(1, square), (2, coarse)]).is_err());
    // An all-blocked map is the empty mesh.
    let empty =
        AreaMap::from_tile_map(&[0; 4], 2, 2, 1.0, Vector2D::default(), &options).expect("a map");
    let mesh = Mesh2DPipeline::new(1.0, 0.5)
        .build_areas(&empty)
        .expect("empty");
    assert!(mesh.polygons().is_empty());
}
