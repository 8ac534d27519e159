//! Fuzzes the tile-map readers (Moving AI `.map`, plain text grids, and the auto-detecting
//! reader): they never panic, a map they accept has `width * height` cells, and a small one
//! becomes a valid region of exactly its walkable area.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onepath_build2d::{Geometry2DOptions, Vector2D};
use onepath_io::{read_moving_ai_map, read_text_grid, read_tile_map};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for map in [
        read_tile_map(&text),
        read_moving_ai_map(&text),
        read_text_grid(&text),
    ]
    .into_iter()
    .flatten()
    {
        assert_eq!(
            Some(map.cells.len()),
            map.width.checked_mul(map.height),
            "cells and shape disagree"
        );
        assert_eq!(map.letters.len(), map.cells.len(), "a letter per cell");
        if map.cells.len() > 1 << 16 {
            continue;
        }
        let options = Geometry2DOptions::with_snap_bits(0);
        let region = map.to_region(1.0, Vector2D::default(), &options);
        let region = onepath_fuzz::valid(region.expect("a small map is valid input"), "map");
        assert_eq!(
            region.area2(),
            2 * map.walkable_count() as i128,
            "area of the map"
        );
    }
});
