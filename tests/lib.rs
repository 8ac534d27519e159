//! Shared helpers of the cross-crate corpus tests: where the data lives and how to load it.
#![forbid(unsafe_code)]

use onepath_build2d::{Geometry2DOptions, Region, Vector2D};
use onepath_io::{TileMap, read_tile_map};
use std::path::PathBuf;

/// The folder of the bundled external data (`tests/data`, attribution in its `SOURCES.md`).
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// Every bundled Moving AI map, by file name, sorted.
pub fn movingai_maps() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data_dir().join("movingai"))
        .expect("tests/data/movingai")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".map"))
        .collect();
    names.sort();
    names
}

/// Reads a bundled Moving AI map.
pub fn load_map(name: &str) -> TileMap {
    let text = std::fs::read_to_string(data_dir().join("movingai").join(name)).expect("map file");
    read_tile_map(&text).expect("valid map")
}

/// The region of a tile map with unit cells at the origin, on the default grid.
pub fn map_region(map: &TileMap) -> Region {
    map.to_region(1.0, Vector2D::new(0.0, 0.0), &Geometry2DOptions::default())
        .expect("tile map region")
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
