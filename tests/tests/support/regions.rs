//! Regions for the culling tests (issue #18): random regions whose pieces the culling must
//! keep clear of, unions of grid-unit rings, and windows of the bundled maps.

use super::generators::{random_cells, random_rectangles, random_ring, rect};
use super::{GridRing, Rng, outline};
use onepath_build2d::{Geometry2DOptions, Region, Vector2D};
use onepath_tests::load_map;

/// A random region on the grid of `bits`: tile maps (touching rings, small holes, one-cell
/// corridors), unions of rectangles, thin bars, and rectilinear shapes beside slanted
/// rings (near-parallel edges), whose pieces the culling must keep clear of. Returns the
/// region and the size of its features in grid units.
pub fn random_region(rng: &mut Rng, bits: u32) -> (Region, i64) {
    let options = Geometry2DOptions::with_snap_bits(bits);
    let unit = 1.0 / (1u64 << bits) as f64;
    match rng.below(5) {
        0 | 1 => {
            let (w, h) = (1 + rng.below(12), 1 + rng.below(12));
            let density = rng.real(0.3, 0.9);
            let cells = random_cells(rng, w, h, density);
            let cell = rng.range(1, 24);
            let region = Region::from_tile_map(
                &cells,
                w,
                h,
                cell as f64 * unit,
                // Near the origin, or far from it.
                Vector2D::new(
                    rng.range(-8, 8) as f64 * unit + rng.pick(&[0.0, 0.0, 1048576.0, -1048576.0]),
                    rng.pick(&[0.0, 0.0, -1048576.0]),
                ),
                &options,
            )
            .expect("a tile map");
            (region, cell)
        }
        2 => {
            let size = rng.range(2, 40);
            let count = 1 + rng.below(6);
            let rings = random_rectangles(rng, count, size);
            (from_rings(&rings, bits), size)
        }
        3 => {
            // Thin bars one or two units wide, some touching, over a block with holes.
            let mut rings: Vec<GridRing> = vec![rect(0.0, 0.0, 30.0, 20.0)];
            for _ in 0..rng.below(4) {
                let (x, y) = (rng.range(2, 26) as f64, rng.range(2, 16) as f64);
                let s = rng.range(1, 3) as f64;
                rings.push(rect(x, y, x + s, y + s));
            }
            for _ in 0..1 + rng.below(3) {
                let (x, y) = (rng.range(-10, 30) as f64, rng.range(-10, 30) as f64);
                let (w, h) = (rng.range(1, 2) as f64, rng.range(3, 30) as f64);
                rings.push(if rng.probability(0.5) {
                    rect(x, y, x + w, y + h)
                } else {
                    rect(x, y, x + h, y + w)
                });
            }
            (from_rings(&rings, bits), 20)
        }
        _ => {
            let size = rng.range(4, 40);
            let count = 1 + rng.below(4);
            let mut rings = random_rectangles(rng, count, size);
            let (len, fractional) = (3 + rng.below(4), rng.probability(0.3));
            rings.push(random_ring(rng, len, size, fractional));
            (from_rings(&rings, bits), size)
        }
    }
}

/// The union of the outlines of `rings` (each ring alone, even-odd) on the grid of `bits`.
pub fn from_rings(rings: &[GridRing], bits: u32) -> Region {
    let outlines: Vec<_> = rings
        .iter()
        .map(|r| outline(std::slice::from_ref(r), bits))
        .collect();
    Region::from_outlines(&outlines, &Geometry2DOptions::with_snap_bits(bits))
        .expect("valid outlines")
}

/// A window of at most `side` x `side` cells of a bundled map, at its centre.
pub fn map_window(name: &str, side: usize) -> (Vec<bool>, usize, usize) {
    let map = load_map(name);
    let (w, h) = (map.width.min(side), map.height.min(side));
    let (x0, y0) = ((map.width - w) / 2, (map.height - h) / 2);
    let cells = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| map.cells[(x0 + x) + (y0 + y) * map.width])
        .collect();
    (cells, w, h)
}

/// The region of [`map_window`]'s cells, one user unit a cell, on the default grid.
pub fn map_window_region(name: &str, side: usize) -> Region {
    let (cells, w, h) = map_window(name, side);
    Region::from_tile_map(
        &cells,
        w,
        h,
        1.0,
        Vector2D::new(0.0, 0.0),
        &Geometry2DOptions::default(),
    )
    .expect("a tile map")
}
