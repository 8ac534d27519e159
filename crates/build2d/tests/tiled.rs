//! Tiled builds (decisions D17) with and without the `parallel` feature: the same tests
//! run in both configurations, so the optional feature is tested both ways. CI runs this
//! file a second time with `cargo test -p onepath-build2d --no-default-features --test
//! tiled` and `ONEPATH_EXPECT_SEQUENTIAL=1`, under which the first test fails if
//! `parallel` is on after all (`onepath-io`, a dev-dependency, asks for `onepath-build2d`
//! without its default features, so nothing should turn it back on).
//!
//! The thorough tests on every bundled map are `tests/tests/tiles.rs` and (outline regions,
//! decisions D20) `tests/tests/tiled_regions.rs`; these are small.

mod support;

use onepath_build2d::{CellRect, Geometry2DOptions, Mesh2DPipeline, TiledBuild, Vector2D};
use onepath_io::{TileMap, read_tile_map};
use onepath_testkit::Rng;
use std::sync::Mutex;
use support::{codes_of, data, tiled, tiled_region, turned_region};

fn den312d() -> TileMap {
    read_tile_map(&data("den312d.map")).expect("a map")
}

#[test]
fn the_feature_is_as_the_run_expects() {
    let parallel = cfg!(feature = "parallel");
    let sequential_expected = std::env::var_os("ONEPATH_EXPECT_SEQUENTIAL").is_some();
    assert!(
        !(sequential_expected && parallel),
        "a dependency turned the feature `parallel` back on"
    );
}

#[test]
fn stitched_meshes_are_valid_and_one_tile_is_the_untiled_build() {
    let map = den312d();
    let codes = codes_of(&map);
    let region = map
        .to_region(1.0, Vector2D::new(0.0, 0.0), &Geometry2DOptions::default())
        .expect("a region");
    for radius in [0.0, 0.5] {
        let untiled = Mesh2DPipeline::new(1.0, radius)
            .build(&region)
            .expect("untiled");
        for size in [5, 16] {
            let t = tiled(&codes, &map, size, radius);
            t.stitched()
                .check_invariants()
                .unwrap_or_else(|e| panic!("tiles of {size}, radius {radius}: {e}"));
            assert!(!t.links().is_empty(), "tiles of {size}: no seam crossed");
            assert_eq!(t.polygon_tiles().len(), t.stitched().polygons().len());
        }
        let whole = tiled(&codes, &map, map.width.max(map.height), radius);
        assert_eq!(whole.stitched().polygons(), untiled.polygons());
        assert_eq!(whole.stitched().region(), untiled.region());
    }
}

#[test]
fn progress_counts_every_tile_once() {
    let map = den312d();
    let codes = codes_of(&map);
    let seen = Mutex::new(Vec::new());
    let record = |done: usize, total: usize| {
        seen.lock().expect("no other test holds it").push((
            done,
            total,
            std::thread::current().id(),
        ));
    };
    let t = TiledBuild::new(Mesh2DPipeline::new(1.0, 0.5), 9)
        .build_with_progress(
            &codes,
            map.width,
            map.height,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
            &record,
        )
        .expect("a tiled build");
    let (tx, ty) = t.tile_counts();
    let mut seen = seen.into_inner().expect("not poisoned");
    assert!(seen.iter().all(|&(_, total, _)| total == tx * ty));
    if cfg!(feature = "parallel") {
        // From any thread, in any order, each count once.
        seen.sort_by_key(|&(done, _, _)| done);
    } else {
        // Without the feature, the tiles are built one after another on the calling thread.
        let here = std::thread::current().id();
        assert!(seen.iter().all(|&(_, _, thread)| thread == here));
    }
    let counts: Vec<usize> = seen.iter().map(|&(done, _, _)| done).collect();
    assert_eq!(counts, (1..=tx * ty).collect::<Vec<_>>());
}

#[test]
fn updates_equal_fresh_builds() {
    let map = den312d();
    let mut codes = codes_of(&map);
    let mut rng = Rng::new(0x711E_D002);
    let mut t = tiled(&codes, &map, 11, 0.5);
    for _ in 0..4 {
        let (x, y) = (rng.below(map.width - 3), rng.below(map.height - 3));
        let value = u8::from(rng.chance(1, 2));
        for yy in y..y + 3 {
            for xx in x..x + 3 {
                codes[xx + yy * map.width] = value;
            }
        }
        let rect = CellRect {
            x,
            y,
            width: 3,
            height: 3,
        };
        let rebuilt = t.update(&codes, rect).expect("an update");
        assert_eq!(rebuilt, t.tiles_meeting(rect));
        assert!(t == tiled(&codes, &map, 11, 0.5));
    }
}

#[test]
fn outline_regions_tile_and_update_like_fresh_builds() {
    let map = den312d();
    let region = turned_region(&map, 0.6);
    let mut rng = Rng::new(0xD20);
    for (size, radius) in [(6, 0.45), (13, 0.0)] {
        let (mut t, _) = tiled_region(&region, size, radius);
        t.stitched()
            .check_invariants()
            .unwrap_or_else(|e| panic!("tiles of {size}, radius {radius}: {e}"));
        assert!(!t.links().is_empty(), "tiles of {size}: no seam crossed");
        // Holes punched at random: the update is a fresh build of the edited region.
        let mut edited = region.clone();
        for _ in 0..3 {
            let (x, y) = (rng.real(10.0, 60.0), rng.real(10.0, 70.0));
            let hole = support::rect(x, y, x + 1.5, y + 0.75);
            let hole =
                onepath_build2d::Region::from_outlines(&[hole], &Geometry2DOptions::default())
                    .expect("a hole");
            edited = edited.difference(&hole).expect("a difference");
            let rebuilt = t.update_region(&edited).expect("an update");
            let (tx, ty) = t.tile_counts();
            assert!(
                rebuilt.len() < tx * ty,
                "tiles of {size}: everything was rebuilt"
            );
            assert!(
                t == tiled_region(&edited, size, radius).0,
                "tiles of {size}: update differs"
            );
        }
    }
}
