//! Tiled builds of outline regions (decisions D20): the region placed on the pipeline's
//! cells, cut once on every side a tile square or a window can have, and each tile built
//! from its window's part of the cut; an edit rebuilds the tiles whose window changed.

use super::{CutRegion, Source, TiledBuild, TiledNavMesh};
use crate::error::{Error, Location, Result};
use crate::input::{Geometry2DOptions, Vector2D};
use crate::region::Region;
use crate::snap::tile_map_grid_lines;
use crate::tile_build::TileInput;
use std::time::Instant;

impl TiledBuild {
    /// Builds the tiled navigation mesh of an outline region (decisions D20): the
    /// pipeline's cells (`cell_size` user units) are placed at `origin` as
    /// [`Region::from_tile_map`] places a map's cells, with the fewest columns and rows that
    /// cover the region, and tiles are `tile_size` of those cells a side.
    ///
    /// The region is first cut on every tile side and window side (so no tile ever rounds
    /// a cut of its own); the stitched mesh is the build of that cut region and its
    /// walkable area stays within the bound of `docs/tiles.md` of
    /// [`Mesh2DPipeline::build`](crate::Mesh2DPipeline::build) of the region.
    ///
    /// Errors: the pipeline's and the tile size's (as [`TiledBuild::build`]), a region
    /// reaching left of or below `origin` (`InvalidArgument` naming `origin`), a region
    /// narrower than a grid unit where a cut line crosses it, which the cut would close
    /// (`InvalidArgument` naming `region` and the place; decisions D20), grid lines
    /// beyond the coordinate limit (`OutOfRange` naming the line).
    ///
    /// ```
    /// use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Outline, Region, TiledBuild};
    ///
    /// let options = Geometry2DOptions::default();
    /// let outline = Outline::from_ring([[0.0, 0.0], [40.0, 3.0], [37.0, 30.0], [2.0, 25.0]]);
    /// let region = Region::from_outlines(&[outline], &options)?;
    /// // Tiles of 16 cells of 0.5 units, an agent radius of 0.4.
    /// let build = TiledBuild::new(Mesh2DPipeline::new(0.5, 0.4), 16);
    /// let origin = build.region_origin(&region)?;
    /// let mut tiled = build.build_region(&region, origin)?;
    /// assert!(!tiled.links().is_empty()); // polygons linked across seams
    ///
    /// // A hole punched in: only the tiles whose window holds changed edges are rebuilt.
    /// let hole = Outline::from_ring([[10.0, 10.0], [12.0, 10.0], [12.0, 11.0], [10.0, 11.0]]);
    /// let edited = region.difference(&Region::from_outlines(&[hole], &options)?)?;
    /// let rebuilt = tiled.update_region(&edited)?;
    /// let (tiles_x, tiles_y) = tiled.tile_counts();
    /// assert!(!rebuilt.is_empty() && rebuilt.len() < tiles_x * tiles_y);
    /// assert!(tiled == build.build_region(&edited, origin)?);
    /// # Ok::<(), onepath_build2d::Error>(())
    /// ```
    pub fn build_region(&self, region: &Region, origin: Vector2D) -> Result<TiledNavMesh> {
        self.build_region_with_progress(region, origin, &|_, _| {})
    }

    /// The origin that puts a cell corner at or below and left of every point of `region`:
    /// the multiples of the pipeline's `cell_size` next below the region's smallest
    /// coordinates (`(0, 0)` for an empty region), for [`TiledBuild::build_region`].
    ///
    /// Errors: a cell size the grid cannot hold (`InvalidArgument` naming `cell_size`).
    pub fn region_origin(&self, region: &Region) -> Result<Vector2D> {
        let options = Geometry2DOptions::with_snap_bits(region.snap_bits);
        let Some((low, _)) = region.bounds() else {
            return Ok(Vector2D::new(0.0, 0.0));
        };
        let (scale, cell) = (options.scale(), self.pipeline.cell_size);
        let below = |v: i64| (v as f64 / scale / cell).floor() * cell;
        let mut origin = Vector2D::new(below(low.x), below(low.y));
        // The quotient may round up to a whole number of cells: then step back one cell.
        let (xs, ys) = tile_map_grid_lines(1, 1, 1, cell, origin, &options)?;
        if xs[0] > low.x {
            origin.x -= cell;
        }
        if ys[0] > low.y {
            origin.y -= cell;
        }
        Ok(origin)
    }

    /// [`TiledBuild::build_region`] that calls `progress(done, total)` as tiles finish
    /// (from any thread, in any order; the result does not depend on it).
    pub fn build_region_with_progress(
        &self,
        region: &Region,
        origin: Vector2D,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<TiledNavMesh> {
        let options = Geometry2DOptions::with_snap_bits(region.snap_bits);
        self.check(&options)?;
        let lines = region_grid(region, self.pipeline.cell_size, origin, &options)?;
        let size = (lines.0.len() - 1, lines.1.len() - 1);
        let halo = self.halo_cells(self.pipeline.cell_size, region.snap_bits);
        let mut tiled =
            TiledNavMesh::unbuilt(*self, Source::Map, size, lines, region.snap_bits, halo)?;
        let start = Instant::now();
        let cut = tiled.cut(region)?;
        tiled.timings.cut = start.elapsed();
        let all: Vec<usize> = (0..tiled.tile_meshes.len()).collect();
        tiled.rebuild(TileInput::Region(&cut), &all, progress)?;
        tiled.source = Source::Region { origin, cut };
        Ok(tiled)
    }
}

impl TiledNavMesh {
    /// Applies an edit of the outline region this tiling was built from: `region` is the
    /// whole edited region. It is cut on the same grid, and exactly the tiles whose window
    /// holds different segments of the cut are rebuilt (all of them when the new region
    /// needs a different grid); returns the rebuilt tiles' indices. The result is the same
    /// bits as a fresh [`TiledBuild::build_region`] of `region` at the same origin
    /// (decisions D20). On an error nothing changes.
    ///
    /// Errors: a tiling of a tile map (`InvalidArgument` naming `region`; use
    /// [`TiledNavMesh::update`]), a region on another grid (SnapBits), and the errors of
    /// [`TiledBuild::build_region`].
    pub fn update_region(&mut self, region: &Region) -> Result<Vec<usize>> {
        let Source::Region { origin, cut: old } = &self.source else {
            return Err(Error::invalid(
                Location::Argument("region"),
                "this tiling was built from a tile map; update it with update",
            ));
        };
        if region.snap_bits != self.snap_bits {
            return Err(Error::invalid(
                Location::Argument("region"),
                format!(
                    "the region is on the grid of SnapBits {} but the tiling on that of {}",
                    region.snap_bits, self.snap_bits
                ),
            ));
        }
        let origin = *origin;
        let options = Geometry2DOptions::with_snap_bits(self.snap_bits);
        let (xs, ys) = region_grid(region, self.build.pipeline.cell_size, origin, &options)?;
        if xs != self.xs || ys != self.ys {
            *self = self.build.build_region(region, origin)?;
            return Ok((0..self.tile_meshes.len()).collect());
        }
        let start = Instant::now();
        let cut = self.cut(region)?;
        let mut changed = Vec::new();
        for t in 0..self.tile_meshes.len() {
            let (wx, wy) = self.window(t);
            let window = |c: &CutRegion| c.window_boundary(wx.start, wx.end, wy.start, wy.end);
            if window(old)? != window(&cut)? {
                changed.push(t);
            }
        }
        let cut_time = start.elapsed();
        self.rebuild(TileInput::Region(&cut), &changed, &|_, _| {})?;
        self.source = Source::Region { origin, cut };
        self.timings.cut = cut_time;
        Ok(changed)
    }

    /// Cuts `region` on this tiling's cut lines: the grid's first and last lines, every
    /// seam and the lines a halo away on either side of it (decisions D20).
    fn cut(&self, region: &Region) -> Result<CutRegion> {
        let lines = |cells: usize| {
            let k = self.build.tile_size;
            let mut lines = vec![0, cells];
            for seam in (k..cells).step_by(k) {
                lines.extend([seam.saturating_sub(self.halo), seam, seam + self.halo]);
            }
            lines.retain(|&l| l <= cells);
            lines.sort_unstable();
            lines.dedup();
            lines
        };
        CutRegion::new(
            region,
            &self.xs,
            &self.ys,
            lines(self.width),
            lines(self.height),
        )
    }
}

/// The most cells the grid of a tiled outline region may have: `2^28`, as many as a
/// tile-map file may hold (`onepath_io::MAX_MAP_CELLS`), checked before any line is made.
pub const MAX_TILED_CELLS: usize = 1 << 28;

/// The grid lines of the cells that cover `region` when placed at `origin` (decisions
/// D20): `origin + i * cell_size` snapped as a tile map's lines are, `i = 0..=n` with the
/// least `n >= 1` whose line reaches the region's largest coordinate, in x and in y.
fn region_grid(
    region: &Region,
    cell_size: f64,
    origin: Vector2D,
    options: &Geometry2DOptions,
) -> Result<(Vec<i64>, Vec<i64>)> {
    let scale = options.scale();
    let Some((low, high)) = region.bounds() else {
        return tile_map_grid_lines(1, 1, 1, cell_size, origin, options);
    };
    // The estimate `ceil((high - origin) / cell)` cells, then one more while the last line
    // falls short: snapping moves a line by half a grid unit at most and a cell is at
    // least one unit wide, so one more always reaches. No line past the one needed is
    // made (near the coordinate limit it would be out of range).
    let estimate = |high: i64, origin: f64| {
        let cells = ((high as f64 / scale - origin) / cell_size).ceil();
        if cells.is_finite() && cells < MAX_TILED_CELLS as f64 {
            Ok((cells.max(0.0) as usize).max(1))
        } else {
            Err(Error::invalid(
                Location::Argument("cell_size"),
                format!(
                    "the region needs more than {MAX_TILED_CELLS} cells of {cell_size} a side \
                     from the origin"
                ),
            ))
        }
    };
    let (mut nx, mut ny) = (estimate(high.x, origin.x)?, estimate(high.y, origin.y)?);
    for _ in 0..3 {
        if nx as u128 * ny as u128 > MAX_TILED_CELLS as u128 {
            return Err(Error::invalid(
                Location::Argument("cell_size"),
                format!(
                    "the region spans about {nx} x {ny} cells of {cell_size}, more than the \
                     {MAX_TILED_CELLS} a tiled build places"
                ),
            ));
        }
        let (mut xs, mut ys) = tile_map_grid_lines(1, nx, ny, cell_size, origin, options)?;
        for (lines, low, axis) in [(&xs, low.x, 'x'), (&ys, low.y, 'y')] {
            if lines[0] > low {
                return Err(Error::invalid(
                    Location::Argument("origin"),
                    format!(
                        "the region reaches {axis} = {} but the tile grid starts at {axis} = {}",
                        low as f64 / scale,
                        lines[0] as f64 / scale
                    ),
                ));
            }
        }
        let short_x = xs[nx] < high.x;
        let short_y = ys[ny] < high.y;
        if !short_x && !short_y {
            for (lines, high) in [(&mut xs, high.x), (&mut ys, high.y)] {
                let n = lines.partition_point(|&l| l < high).max(1);
                lines.truncate(n + 1);
            }
            return Ok((xs, ys));
        }
        nx += usize::from(short_x);
        ny += usize::from(short_y);
    }
    Err(Error::internal(format!(
        "the tile grid's lines stop short of the region's corner ({}, {}) grid units",
        high.x, high.y
    )))
}
