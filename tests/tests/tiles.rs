//! Tiled builds (decisions D17) on the bundled maps: stitched meshes that pass the
//! invariant checker at every tile size, walkable areas within the stated bound of the
//! untiled build, one tile equal to the untiled build, identical output for any number of
//! threads, and incremental updates equal to fresh builds.

use onepath_build2d::{
    CellRect, Geometry2DOptions, Mesh2DPipeline, TiledBuild, TiledNavMesh, Vector2D,
};
use onepath_testkit::Rng;
use onepath_tests::{load_map, map_region};

fn codes_of(cells: &[bool]) -> Vec<u8> {
    cells.iter().map(|&c| u8::from(c)).collect()
}

fn tiled(codes: &[u8], w: usize, h: usize, tile: usize, radius: f64) -> TiledNavMesh {
    TiledBuild::new(Mesh2DPipeline::new(1.0, radius), tile)
        .build(
            codes,
            w,
            h,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )
        .unwrap_or_else(|e| panic!("tile {tile}, radius {radius}: {e}"))
}

/// The bound of D17 on the walkable area, twice the area in grid units squared: two grid
/// units along every unit of seam length (a diagonal shrink edge that crosses a seam moves
/// by at most one unit there).
fn seam_bound(t: &TiledNavMesh, w: usize, h: usize) -> i128 {
    let (tx, ty) = t.tile_counts();
    let unit = 1i128 << 16;
    let seam_length = ((tx - 1) * h + (ty - 1) * w) as i128 * unit;
    2 * 2 * seam_length
}

#[test]
fn stitched_meshes_of_the_bundled_maps_are_valid_at_every_tile_size() {
    let (mut configurations, mut linked) = (0, 0);
    for (name, sizes) in [
        ("arena.map", &[1usize, 2, 5, 16, 100][..]),
        ("den312d.map", &[3, 8, 32][..]),
        ("room-32-32-4.map", &[1, 4, 7][..]),
        ("random-32-32-20.map", &[1, 6, 13][..]),
        ("maze-32-32-2.map", &[2, 9][..]),
    ] {
        let map = load_map(name);
        let codes = codes_of(&map.cells);
        let pipeline = Mesh2DPipeline::new(1.0, 0.5);
        let untiled = pipeline.build(&map_region(&map)).expect("untiled");
        for &size in sizes {
            let t = tiled(&codes, map.width, map.height, size, 0.5);
            let what = format!("{name}, tiles of {size}");
            let stitched = t.stitched();
            stitched
                .check_invariants()
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let difference = (stitched.region().area2() - untiled.region().area2()).abs();
            assert!(
                difference <= seam_bound(&t, map.width, map.height),
                "{what}: area differs by {difference} (bound {})",
                seam_bound(&t, map.width, map.height)
            );
            // Every link joins two tiles along a seam, in both directions of the mesh.
            for (a, b) in t.links() {
                assert_ne!(a.tile, b.tile, "{what}");
            }
            let (tx, ty) = t.tile_counts();
            configurations += usize::from(tx * ty > 1);
            linked += usize::from(!t.links().is_empty());
            for index in 0..tx * ty {
                if let Some(mesh) = t.tile(index) {
                    mesh.check_invariants()
                        .unwrap_or_else(|e| panic!("{what}: tile {index}: {e}"));
                }
            }
        }
    }
    // Paths cross seams: nearly every tiling links polygons across them (room-32-32-4 at
    // tiles of 4 has its seams on the walls between rooms, whose one-cell doors close).
    assert!(
        linked + 1 >= configurations,
        "{linked} of {configurations} tilings linked"
    );
}

#[test]
fn one_tile_over_the_whole_map_is_the_untiled_build() {
    for name in [
        "arena.map",
        "den312d.map",
        "room-32-32-4.map",
        "maze-32-32-2.map",
    ] {
        let map = load_map(name);
        let codes = codes_of(&map.cells);
        let pipeline = Mesh2DPipeline::new(1.0, 0.5);
        let untiled = pipeline.build(&map_region(&map)).expect("untiled");
        let t = tiled(
            &codes,
            map.width,
            map.height,
            map.width.max(map.height),
            0.5,
        );
        assert_eq!(t.stitched().polygons(), untiled.polygons(), "{name}");
        assert_eq!(t.stitched().region(), untiled.region(), "{name}");
        assert!(t.links().is_empty());
    }
}

#[cfg(feature = "parallel")]
#[test]
fn any_number_of_threads_gives_the_same_bits() {
    let map = load_map("den312d.map");
    let codes = codes_of(&map.cells);
    let build = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
            .install(|| tiled(&codes, map.width, map.height, 7, 0.5))
    };
    let one = build(1);
    for threads in [2, 3, 8] {
        assert_eq!(build(threads), one, "{threads} threads");
    }
}

#[test]
fn updates_equal_fresh_builds_and_rebuild_only_the_predicted_tiles() {
    let map = load_map("random-32-32-20.map");
    let (w, h) = (map.width, map.height);
    let mut codes = codes_of(&map.cells);
    let mut rng = Rng::new(0x711E_0001);
    for size in [4, 9] {
        let mut t = tiled(&codes, w, h, size, 0.5);
        for round in 0..8 {
            // Flip a few cells, or fill a rectangle.
            let rect = if round % 2 == 0 {
                let (x, y) = (rng.below(w), rng.below(h));
                codes[x + y * w] ^= 1;
                CellRect {
                    x,
                    y,
                    width: 1,
                    height: 1,
                }
            } else {
                let (x, y) = (rng.below(w - 4), rng.below(h - 4));
                let (rw, rh) = (1 + rng.below(4), 1 + rng.below(4));
                let value = u8::from(rng.chance(1, 2));
                for yy in y..y + rh {
                    for xx in x..x + rw {
                        codes[xx + yy * w] = value;
                    }
                }
                CellRect {
                    x,
                    y,
                    width: rw,
                    height: rh,
                }
            };
            let predicted = t.tiles_meeting(rect);
            let rebuilt = t.update(&codes, rect).expect("an update");
            assert_eq!(rebuilt, predicted);
            let (tx, ty) = t.tile_counts();
            assert!(
                rebuilt.len() < tx * ty,
                "tiles of {size}: everything was rebuilt"
            );
            let fresh = tiled(&codes, w, h, size, 0.5);
            assert!(
                t == fresh,
                "tiles of {size}, round {round}: update differs from a fresh build"
            );
        }
    }
}
