//! Shared helpers of the cross-crate corpus tests: where the data lives and how to load it.
#![forbid(unsafe_code)]

use onepath_build2d::{Geometry2DOptions, GridPoint, Region, TiledNavMesh, Vector2D};
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

/// The distance from `p` to the segment `a b`, in grid units (`f64`: the coordinates here
/// are below 2^23, so the error is far below the bound it is compared with).
pub fn distance_to_segment(p: GridPoint, a: GridPoint, b: GridPoint) -> f64 {
    let (px, py) = (p.x as f64, p.y as f64);
    let (ax, ay, dx, dy) = (
        a.x as f64,
        a.y as f64,
        (b.x - a.x) as f64,
        (b.y - a.y) as f64,
    );
    let length2 = dx * dx + dy * dy;
    let t = if length2 == 0.0 {
        0.0
    } else {
        (((px - ax) * dx + (py - ay) * dy) / length2).clamp(0.0, 1.0)
    };
    (px - ax - t * dx).hypot(py - ay - t * dy)
}

/// The farthest any vertex of `a`'s rings lies from the boundary of `b`, in grid units.
pub fn farthest_vertex(a: &Region, b: &Region) -> f64 {
    let edges: Vec<(GridPoint, GridPoint)> = b
        .rings()
        .iter()
        .flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])))
        .collect();
    a.rings()
        .iter()
        .flatten()
        .map(|&p| {
            edges
                .iter()
                .map(|&(s, e)| distance_to_segment(p, s, e))
                .fold(f64::INFINITY, f64::min)
        })
        .fold(0.0, f64::max)
}

/// The length of a region's boundary in grid units (`f64`; the sum of its ring edges).
pub fn boundary_length(region: &Region) -> f64 {
    region
        .rings()
        .iter()
        .flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])))
        .map(|(a, b)| ((b.x - a.x) as f64).hypot((b.y - a.y) as f64))
        .sum()
}

/// Checks what holds for every tiled build: the stitched mesh and every tile's mesh pass
/// their invariant checkers, and every link joins two different tiles. `what` names the
/// case in a failure.
pub fn check_tiling(t: &TiledNavMesh, what: &str) {
    t.stitched()
        .check_invariants()
        .unwrap_or_else(|e| panic!("{what}: stitched: {e:?}"));
    let (tx, ty) = t.tile_counts();
    for index in 0..tx * ty {
        if let Some(mesh) = t.tile(index) {
            mesh.check_invariants()
                .unwrap_or_else(|e| panic!("{what}: tile {index}: {e:?}"));
        }
    }
    for (a, b) in t.links() {
        assert_ne!(a.tile, b.tile, "{what}: a link within one tile");
    }
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
