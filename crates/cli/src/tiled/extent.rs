//! What the memory estimate of a tiled build counts of its input (decisions D17, D20): the
//! grid's size in cells, the boundary vertices in all and in the densest tile.

use crate::memory::{Work, estimate, estimate_tiled};
use onepath_build2d::{AreaId, Region, Vector2D};

/// The counts of a tiled build's input that its memory depends on.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Extent {
    /// The grid's columns and rows of cells.
    width: usize,
    height: usize,
    /// The boundary vertices in all.
    vertices: usize,
    /// The most boundary vertices in one tile.
    densest: usize,
    /// The map's cells the build holds (none for an outline region).
    cells: usize,
    /// The vertices cut in one arrangement before the tiles are built (an outline
    /// region's, decisions D20; none for a tile map).
    cut: usize,
}

impl Extent {
    /// A tile map of `codes` (`width x height` cells) in tiles of `k` cells: its
    /// boundary's corners (see [`corner_counts`]) and its cells.
    pub(super) fn of_map(codes: &[AreaId], width: usize, height: usize, k: usize) -> Extent {
        let (vertices, densest) = corner_counts(codes, width, height, k);
        Extent {
            width,
            height,
            vertices,
            densest,
            cells: codes.len(),
            cut: 0,
        }
    }

    /// An outline region on cells of `cell_size` placed at `origin` (a valid cell size and
    /// origin, `TiledBuild::region_origin`'s), in tiles of `k` cells: the cells that cover
    /// it, its vertices in all and in the tile that holds the most. Counted in `f64`, so
    /// any grid gives a (possibly huge) estimate, never an overflow.
    pub(super) fn of_region(region: &Region, origin: Vector2D, cell_size: f64, k: usize) -> Extent {
        let Some((_, high)) = region.bounds() else {
            return Extent::default();
        };
        let scale = region.options().scale();
        let cell = cell_size * scale;
        let origin = (origin.x * scale, origin.y * scale);
        // Cells (or tiles of `side` grid units) from the origin to a coordinate.
        let count = |v: i64, origin: f64, side: f64| ((v as f64 - origin) / side).max(0.0);
        let tile = cell * k as f64;
        let mut tiles: Vec<(usize, usize)> = region
            .rings()
            .iter()
            .flatten()
            .map(|p| {
                let at = |v: i64, origin: f64| count(v, origin, tile).floor() as usize;
                (at(p.x, origin.0), at(p.y, origin.1))
            })
            .collect();
        tiles.sort_unstable();
        let densest = tiles.chunk_by(|a, b| a == b).map(<[_]>::len).max();
        let cells = |v: i64, origin: f64| count(v, origin, cell).ceil().max(1.0) as usize;
        Extent {
            width: cells(high.x, origin.0),
            height: cells(high.y, origin.1),
            vertices: tiles.len(),
            densest: densest.unwrap_or(0),
            cells: 0,
            cut: tiles.len(),
        }
    }

    /// The number of tiles of `k` cells (saturating).
    pub(super) fn tiles(&self, k: usize) -> usize {
        self.width
            .div_ceil(k)
            .saturating_mul(self.height.div_ceil(k))
    }

    /// The estimated peak memory in bytes of the build in tiles of `k` cells with a halo
    /// of `halo` cells, each doing `work`, on `threads` threads, writing `outputs` files:
    /// a window (the densest tile's vertices spread over the tile and its halo) per tile
    /// in flight, the meshes, and the cut of an outline region when that is more.
    pub(super) fn estimate(
        &self,
        work: Work,
        k: usize,
        halo: usize,
        threads: usize,
        outputs: usize,
    ) -> f64 {
        // How much wider than its tile a window is along a side of `n` cells (both clipped
        // to the grid).
        let grown = |n: usize| {
            let window = k.saturating_add(halo.saturating_mul(2)).min(n);
            window as f64 / k.min(n).max(1) as f64
        };
        let window_vertices = (self.densest as f64 * grown(self.width) * grown(self.height)).ceil();
        let tiles = self.tiles(k);
        let tiled = estimate_tiled(
            work,
            window_vertices as usize,
            threads.min(tiles.max(1)),
            self.vertices,
            self.cells,
            tiles,
            outputs,
        );
        tiled.max(estimate(Work::Boolean, self.cut, 0))
    }
}

/// The corners of the boundary between cells of different codes (the map's outside is
/// code 0): the grid points whose four cells are not all equal and not split by one
/// straight line. Returns their number on the whole map and the most in one tile of `k`
/// cells a side: the boundary vertices the memory estimate counts.
fn corner_counts(codes: &[AreaId], width: usize, height: usize, k: usize) -> (usize, usize) {
    let code = |x: usize, y: usize| -> AreaId {
        // `x` and `y` are one more than the cell's column and row (0: outside).
        match (x.checked_sub(1), y.checked_sub(1)) {
            (Some(x), Some(y)) if x < width && y < height => codes[x + y * width],
            _ => 0,
        }
    };
    let tiles_x = width.div_ceil(k).max(1);
    let mut per_tile = vec![0usize; tiles_x * height.div_ceil(k).max(1)];
    let mut total = 0;
    for gy in 0..=height {
        for gx in 0..=width {
            let (a, b) = (code(gx, gy), code(gx + 1, gy));
            let (c, d) = (code(gx, gy + 1), code(gx + 1, gy + 1));
            let straight = (a == c && b == d) || (a == b && c == d);
            if !straight {
                total += 1;
                let tx = (gx / k).min(tiles_x - 1);
                let ty = (gy / k).min(per_tile.len() / tiles_x - 1);
                per_tile[tx + ty * tiles_x] += 1;
            }
        }
    }
    (total, per_tile.into_iter().max().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use onepath_build2d::Geometry2DOptions;

    fn region(json: &str) -> Region {
        let file = onepath_io::read_outlines(json).unwrap();
        Region::from_outlines(&file.outlines, &Geometry2DOptions::default()).unwrap()
    }

    #[test]
    fn a_region_counts_its_vertices_per_tile_from_its_origin() {
        // Two squares of 4 vertices, one in tile (0, 0) and one in tile (2, 0) of 4 cells.
        let two = region(
            r#"{"outlines": [[[[-9, -9], [-8, -9], [-8, -8], [-9, -8]]],
                             [[[-1, -9], [0.5, -9], [0.5, -8], [-1, -8]]]]}"#,
        );
        let extent = Extent::of_region(&two, Vector2D::new(-9.0, -9.0), 1.0, 4);
        assert_eq!((extent.width, extent.height), (10, 1));
        assert_eq!((extent.vertices, extent.densest, extent.cut), (8, 4, 8));
        assert_eq!(extent.tiles(4), 3);
    }

    #[test]
    fn a_huge_grid_is_a_huge_estimate_not_an_overflow() {
        let square = region(r#"{"outlines": [[[[0, 0], [1000, 0], [1000, 1000], [0, 1000]]]]}"#);
        let cell = 1.0 / 65536.0;
        let extent = Extent::of_region(&square, Vector2D::new(0.0, 0.0), cell, 1);
        assert_eq!(extent.tiles(1), 65_536_000 * 65_536_000);
        let work = Work::Shrink {
            m: 8,
            radius_cells: 0.5,
            build: true,
        };
        let bytes = extent.estimate(work, 1, usize::MAX / 2, 8, 4);
        assert!(bytes.is_finite() && bytes > 1e18, "{bytes}");
        assert!(Extent::default().estimate(work, 1, 3, 8, 4).is_finite());
    }
}
