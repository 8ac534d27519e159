//! Test support: a seeded generator, random outlines, the bundled Moving AI files and a
//! tiled build of a map.

#![allow(dead_code, unreachable_pub)]

use onepath_build2d::{
    Geometry2DOptions, Mesh2DPipeline, Outline, Region, TiledBuild, TiledNavMesh, Vector2D,
};
use onepath_io::TileMap;
pub use onepath_testkit::{Rng, turned_point};
use std::path::PathBuf;

/// Random outlines of random (often self-intersecting) rings with coordinates in
/// `[0, span)`, rounded to multiples of `step` when `step > 0`.
pub fn random_outlines(rng: &mut Rng, count: usize, span: f64, step: f64) -> Vec<Outline> {
    (0..count)
        .map(|_| {
            let rings = (0..rng.range(1, 3))
                .map(|_| {
                    (0..rng.range(3, 8))
                        .map(|_| {
                            let mut p = [rng.real(0.0, span), rng.real(0.0, span)];
                            if step > 0.0 {
                                p = [(p[0] / step).floor() * step, (p[1] / step).floor() * step];
                            }
                            Vector2D::from(p)
                        })
                        .collect()
                })
                .collect();
            Outline::new(rings)
        })
        .collect()
}

/// The same outlines with outlines and rings shuffled, start vertices rotated and some rings
/// reversed: the same set of even-odd edges.
pub fn scrambled(rng: &mut Rng, outlines: &[Outline]) -> Vec<Outline> {
    let mut out: Vec<Outline> = outlines
        .iter()
        .map(|o| {
            let mut rings: Vec<Vec<Vector2D>> = o
                .rings
                .iter()
                .map(|r| {
                    let mut r = r.clone();
                    let k = (rng.next_u64() % r.len() as u64) as usize;
                    r.rotate_left(k);
                    if rng.next_u64().is_multiple_of(2) {
                        r.reverse();
                    }
                    r
                })
                .collect();
            rng.shuffle(&mut rings);
            Outline::new(rings)
        })
        .collect();
    rng.shuffle(&mut out);
    out
}

/// An axis-aligned rectangle outline.
pub fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Outline {
    Outline::from_ring([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
}

/// The text of a bundled Moving AI file (`tests/data/movingai/NAME`).
pub fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/movingai")
        .join(name);
    std::fs::read_to_string(path).expect("bundled data")
}

/// A map's walkable cells as area codes (1 walkable, 0 blocked).
pub fn codes_of(map: &TileMap) -> Vec<u8> {
    map.cells.iter().map(|&c| u8::from(c)).collect()
}

/// The tiled build of `codes` on `map`'s grid (unit cells at the origin) in tiles of
/// `size` cells at agent radius `radius`.
pub fn tiled(codes: &[u8], map: &TileMap, size: usize, radius: f64) -> TiledNavMesh {
    TiledBuild::new(Mesh2DPipeline::new(1.0, radius), size)
        .build(
            codes,
            map.width,
            map.height,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )
        .unwrap_or_else(|e| panic!("tiles of {size}, radius {radius}: {e}"))
}

/// The centre of the map turned by the turned-map tests.
pub fn centre(map: &TileMap) -> [f64; 2] {
    [map.width as f64 / 2.0, map.height as f64 / 2.0]
}

/// `map`'s walkable region (unit cells at the origin) as an outline turned by `angle`
/// radians about the map's centre ([`turned_point`]): walls at every angle.
pub fn turned_region(map: &TileMap, angle: f64) -> Region {
    let options = Geometry2DOptions::default();
    let walls = map
        .to_region(1.0, Vector2D::new(0.0, 0.0), &options)
        .expect("a region");
    let rings: Vec<Vec<Vector2D>> = walls
        .rings_f64()
        .iter()
        .map(|ring| {
            ring.iter()
                .map(|p| Vector2D::from(turned_point([p.x, p.y], centre(map), angle, 1.0)))
                .collect()
        })
        .collect();
    Region::from_outlines(&[Outline::new(rings)], &options).expect("a turned region")
}

/// The tiled build of an outline region, unit cells placed by
/// [`TiledBuild::region_origin`], in tiles of `size` cells at agent radius `radius`, with
/// that origin.
pub fn tiled_region(region: &Region, size: usize, radius: f64) -> (TiledNavMesh, Vector2D) {
    let build = TiledBuild::new(Mesh2DPipeline::new(1.0, radius), size);
    let origin = build.region_origin(region).expect("an origin");
    let tiled = build
        .build_region(region, origin)
        .unwrap_or_else(|e| panic!("tiles of {size}, radius {radius}: {e}"));
    (tiled, origin)
}
