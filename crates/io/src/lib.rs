//! Readers and writers for onepath's file formats; the algorithm crates do no I/O.
#![forbid(unsafe_code)]

mod tilemap;

pub use tilemap::{
    MAX_MAP_CELLS, MapParseError, TileMap, read_moving_ai_map, read_text_grid, read_tile_map,
};
