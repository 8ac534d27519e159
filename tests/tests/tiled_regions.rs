//! Tiled builds of outline regions (decisions D20) on the bundled maps turned into outlines
//! with edges at every angle: stitched meshes that pass the invariant checker at every tile
//! size, boundaries and walkable areas within the stated bound of the untiled build
//! (docs/tiles.md, "Outline regions"), identical output for any number of threads, and
//! updates equal to fresh builds that rebuild only the tiles whose windows changed.

use onepath_build2d::{
    CellRect, Error, Geometry2DOptions, GridPoint, Location, Mesh2DPipeline, Outline, Region,
    TiledBuild, TiledNavMesh, Vector2D,
};
use onepath_testkit::{Rng, turned_point};
use onepath_tests::{boundary_length, check_tiling, farthest_vertex, load_map, map_region};

/// The walkable region of a bundled map turned by `angle` radians about its centre and
/// scaled by `scale`: every wall becomes an edge at an angle, crossing seams anywhere.
fn turned(name: &str, angle: f64, scale: f64) -> Region {
    let map = load_map(name);
    let region = map_region(&map);
    let centre = [map.width as f64 / 2.0, map.height as f64 / 2.0];
    let rings: Vec<Vec<Vector2D>> = region
        .rings_f64()
        .iter()
        .map(|ring| {
            ring.iter()
                .map(|p| Vector2D::from(turned_point([p.x, p.y], centre, angle, scale)))
                .collect()
        })
        .collect();
    Region::from_outlines(&[Outline::new(rings)], &Geometry2DOptions::default())
        .expect("a turned region")
}

/// The cell corner at or below the region's lower left corner, cells of `cell` user units.
fn origin_below(region: &Region, cell: f64) -> Vector2D {
    TiledBuild::new(Mesh2DPipeline::new(cell, 0.0), 1)
        .region_origin(region)
        .expect("an origin")
}

fn tiled(region: &Region, cell: f64, radius: f64, size: usize) -> TiledNavMesh {
    TiledBuild::new(Mesh2DPipeline::new(cell, radius), size)
        .build_region(region, origin_below(region, cell))
        .unwrap_or_else(|e| panic!("tiles of {size}, radius {radius}: {e}"))
}

/// How far the tiled boundary may move (docs/tiles.md, "Outline regions"), in grid units:
/// 5 everywhere but where a cut vertex turns right and the shrink's sector there takes in
/// a vertex of the arc polygon, a bump within the arc tolerance.
const MOVE: f64 = 5.0;

/// The bound of docs/tiles.md ("Outline regions"), checked on one tiling: every vertex of
/// either boundary within `MOVE` grid units of the other, or within the arc tolerance for
/// the bumps, and the walkable areas within 2 grid units per unit of the untiled
/// boundary's length. Returns the largest move.
fn check_coverage(
    t: &TiledNavMesh,
    untiled: &Region,
    pipeline: &Mesh2DPipeline,
    what: &str,
) -> f64 {
    let tiled = t.stitched().region();
    let far = farthest_vertex(tiled, untiled).max(farthest_vertex(untiled, tiled));
    let bump = if pipeline.agent_radius > 0.0 {
        pipeline.arc_tolerance() * 65536.0
    } else {
        0.0
    };
    assert!(
        far <= MOVE.max(bump),
        "{what}: a vertex {far} grid units off"
    );
    let area = (tiled.area2() - untiled.area2()).abs() as f64 / 2.0;
    let bound = 2.0 * boundary_length(untiled);
    assert!(
        area <= bound,
        "{what}: the areas differ by {area} (bound {bound})"
    );
    far
}

#[test]
fn stitched_meshes_of_turned_maps_are_valid_at_every_tile_size() {
    let (mut moved, mut bumps, mut linked, mut tilings) = (0.0f64, 0, 0, 0);
    for (name, angle, sizes) in [
        ("arena.map", 0.3, &[1usize, 2, 5, 16, 100][..]),
        ("den312d.map", -0.7, &[4, 9, 33][..]),
        ("room-32-32-4.map", 1.1, &[3, 8][..]),
    ] {
        let region = turned(name, angle, 1.0);
        // Radii whose diameters are no whole number of cells: a corridor exactly `2 r` wide
        // closes or leaves a sliver on any sub-unit move, tiled or not.
        for radius in [0.0, 0.45, 1.3] {
            let pipeline = Mesh2DPipeline::new(1.0, radius);
            let untiled = pipeline.build(&region).expect("untiled");
            for &size in sizes {
                let what = format!("{name} turned by {angle}, tiles of {size}, radius {radius}");
                let t = tiled(&region, 1.0, radius, size);
                check_tiling(&t, &what);
                let (tx, ty) = t.tile_counts();
                if tx * ty > 1 {
                    let far = check_coverage(&t, untiled.region(), &pipeline, &what);
                    moved = moved.max(far.min(MOVE));
                    bumps += usize::from(far > MOVE);
                    tilings += 1;
                    linked += usize::from(!t.links().is_empty());
                } else {
                    // One tile: the grid's border lines are the only cut, and they add no
                    // hot pixel near these regions, so the build is the untiled one.
                    assert_eq!(t.stitched().region(), untiled.region(), "{what}");
                    assert_eq!(t.stitched().polygons(), untiled.polygons(), "{what}");
                }
            }
        }
    }
    assert_eq!(linked, tilings, "every tiling links polygons across seams");
    // The cases do exercise the bound: walls at an angle move where they cross cut lines.
    assert!(moved > 0.0);
    // Bumps are rare: three of the 27 tilings here, all of one map, the largest 24 grid
    // units against a tolerance of 16,384 (measured; docs/tiles.md).
    assert!(bumps <= 3, "{bumps} of {tilings} tilings have a bump");
}

#[test]
fn fine_cells_and_large_radii_stay_within_the_bound() {
    // Cells of 0.1 and radii of many cells: arcs of many vertices cross the cut lines.
    let region = turned("arena.map", 0.45, 0.5);
    for (radius, size) in [(0.22, 25), (0.7, 40), (0.15, 13)] {
        let what = format!("cells of 0.1, radius {radius}, tiles of {size}");
        let pipeline = Mesh2DPipeline::new(0.1, radius);
        let untiled = pipeline.build(&region).expect("untiled");
        let t = TiledBuild::new(pipeline, size)
            .build_region(&region, origin_below(&region, 0.1))
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        t.stitched()
            .check_invariants()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        check_coverage(&t, untiled.region(), &pipeline, &what);
        assert!(!t.links().is_empty(), "{what}");
    }
}

#[cfg(feature = "parallel")]
#[test]
fn any_number_of_threads_gives_the_same_bits() {
    let region = turned("den312d.map", 0.5, 1.0);
    let build = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
            .install(|| tiled(&region, 1.0, 0.5, 7))
    };
    let one = build(1);
    for threads in [2, 3, 8] {
        assert_eq!(build(threads), one, "{threads} threads");
    }
}

/// A square obstacle of side `side` centred at `(x, y)`, turned by `angle`.
fn obstacle(x: f64, y: f64, side: f64, angle: f64) -> Region {
    let (sin, cos) = angle.sin_cos();
    let h = side / 2.0;
    let ring: Vec<[f64; 2]> = [(-h, -h), (h, -h), (h, h), (-h, h)]
        .iter()
        .map(|&(dx, dy)| [x + dx * cos - dy * sin, y + dx * sin + dy * cos])
        .collect();
    Region::from_outlines(&[Outline::from_ring(ring)], &Geometry2DOptions::default())
        .expect("an obstacle")
}

#[test]
fn updates_equal_fresh_builds_and_rebuild_only_the_tiles_near_the_edit() {
    let base = turned("random-32-32-20.map", 0.8, 1.0);
    let mut rng = Rng::new(0x711E_0D20);
    for (size, radius) in [(4, 0.45), (9, 0.45), (5, 0.0)] {
        let mut region = base.clone();
        let mut t = tiled(&region, 1.0, radius, size);
        let origin = origin_below(&base, 1.0);
        let (tx, ty) = t.tile_counts();
        let mut rebuilt_any = false;
        for round in 0..6 {
            // Cut an obstacle out, or put walkable ground back, somewhere inside the grid.
            let (low, _) = base.bounds().expect("non-empty");
            let (x, y) = (
                low.x as f64 / 65536.0 + 6.0 + rng.real(0.0, 26.0),
                low.y as f64 / 65536.0 + 6.0 + rng.real(0.0, 26.0),
            );
            let side = rng.real(0.5, 3.0);
            let shape = obstacle(x, y, side, rng.real(0.0, 1.5));
            let edited = if round % 2 == 0 {
                region.difference(&shape).expect("a difference")
            } else {
                region
                    .union(&shape.intersection(&base).expect("inside"))
                    .expect("a union")
            };
            // The grid must stay the same for the comparison below: the edit stays inside.
            let previous = std::mem::replace(&mut region, edited);
            let rebuilt = t.update_region(&region).expect("an update");
            let fresh = TiledBuild::new(Mesh2DPipeline::new(1.0, radius), size)
                .build_region(&region, origin)
                .expect("a fresh build");
            assert!(
                t == fresh,
                "tiles of {size}, round {round}: update differs from a fresh build"
            );
            // Only tiles whose window meets a changed edge of the region (grown by a cell for
            // the cut's rounding) can have changed. The boolean operation that made the edit
            // may reroute an edge away from the obstacle too, so the changed edges, not the
            // obstacle, are what predicts the tiles.
            let near = t.tiles_meeting(changed_cells(&previous, &region, origin));
            assert!(
                rebuilt.iter().all(|r| near.contains(r)),
                "tiles of {size}, round {round}: rebuilt {rebuilt:?}, near the edit {near:?}"
            );
            assert!(
                rebuilt.len() < tx * ty,
                "tiles of {size}: everything was rebuilt"
            );
            rebuilt_any |= !rebuilt.is_empty();
        }
        assert!(rebuilt_any, "tiles of {size}: no edit rebuilt a tile");
        // An update without a change rebuilds nothing.
        assert_eq!(
            t.update_region(&region).expect("an update"),
            Vec::<usize>::new()
        );
    }
}

/// The cells (unit cells at `origin`) around every edge that one region has and the other
/// lacks, grown by one cell on every side.
fn changed_cells(a: &Region, b: &Region, origin: Vector2D) -> CellRect {
    let edges = |r: &Region| -> std::collections::BTreeSet<(GridPoint, GridPoint)> {
        r.rings()
            .iter()
            .flat_map(|ring| (0..ring.len()).map(move |i| (ring[i], ring[(i + 1) % ring.len()])))
            .collect()
    };
    let (ea, eb) = (edges(a), edges(b));
    let cell = |v: i64, o: f64| ((v as f64 / 65536.0 - o).floor() as i64).max(0) as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for &(p, q) in ea.symmetric_difference(&eb) {
        for v in [p, q] {
            let (x, y) = (cell(v.x, origin.x), cell(v.y, origin.y));
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    if x0 > x1 {
        return CellRect::default();
    }
    let (x, y) = (x0.saturating_sub(1), y0.saturating_sub(1));
    CellRect {
        x,
        y,
        width: x1 + 2 - x,
        height: y1 + 2 - y,
    }
}

#[test]
fn bad_arguments_are_errors_naming_them() {
    let region = turned("arena.map", 0.3, 1.0);
    let build = TiledBuild::new(Mesh2DPipeline::new(1.0, 0.5), 8);
    // A grid that starts right of the region's leftmost point.
    let (low, _) = region.bounds().expect("non-empty");
    let late = Vector2D::new(low.x as f64 / 65536.0 + 1.0, 0.0);
    match build.build_region(&region, late) {
        Err(Error::InvalidArgument { location, .. }) => {
            assert_eq!(location, Location::Argument("origin"));
        }
        other => panic!("expected an argument error, got {other:?}"),
    }
    match TiledBuild::new(Mesh2DPipeline::new(1.0, 0.5), 0)
        .build_region(&region, Vector2D::new(0.0, 0.0))
    {
        Err(Error::InvalidArgument { location, .. }) => {
            assert_eq!(location, Location::Argument("tile_size"));
        }
        other => panic!("expected an argument error, got {other:?}"),
    }
    // A grid of more cells than a tiled build places.
    let fine = TiledBuild::new(Mesh2DPipeline::new(0.001, 0.0), 64);
    match fine.build_region(&region, Vector2D::new(0.0, 0.0)) {
        Err(Error::InvalidArgument { location, .. }) => {
            assert_eq!(location, Location::Argument("cell_size"));
        }
        other => panic!("expected an argument error, got {other:?}"),
    }
    // An empty region tiles into an empty mesh.
    let empty = Region::empty(&Geometry2DOptions::default()).expect("a region");
    let nothing = build
        .build_region(&empty, Vector2D::new(0.0, 0.0))
        .expect("an empty tiling");
    nothing.stitched().check_invariants().expect("valid");
    assert!(nothing.stitched().polygons().is_empty());
    // Updates of the other kind of input, and of another grid.
    let mut t = tiled(&region, 1.0, 0.5, 8);
    let codes = vec![1u8; 4];
    let whole = CellRect {
        x: 0,
        y: 0,
        width: 2,
        height: 2,
    };
    assert!(matches!(
        t.update(&codes, whole),
        Err(Error::InvalidArgument { .. })
    ));
    let coarse = Region::empty(&Geometry2DOptions::with_snap_bits(8)).expect("a region");
    assert!(matches!(
        t.update_region(&coarse),
        Err(Error::InvalidArgument { .. })
    ));
    let mut map_tiles = TiledBuild::new(Mesh2DPipeline::new(1.0, 0.5), 8)
        .build(
            &codes,
            2,
            2,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )
        .expect("a map's tiling");
    assert!(matches!(
        map_tiles.update_region(&region),
        Err(Error::InvalidArgument { .. })
    ));
    // Nothing changed on those errors.
    assert!(t == tiled(&region, 1.0, 0.5, 8));
}
