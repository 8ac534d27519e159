//! Tiled builds (`--tile-size N`, decisions D17 and D20), shared by `build` and `path`: a
//! tile map's cells or an outline file's region, the memory check, the build on the pool's
//! threads with a progress bar on a terminal, and the tile grid the pictures draw.

mod extent;

use crate::input::{Input, InputKind, InputSettings, TileInput, load_text, load_tile_map};
use crate::memory::{Limit, Work};
use crate::{CliError, library_error};
use extent::Extent;
use onepath_build2d::{
    AreaId, DEFAULT_AREA, Error, Geometry2DOptions, Region, TiledBuild, TiledNavMesh, Vector2D,
};
use onepath_io::YAxis;
use std::borrow::Cow;
use std::time::Duration;

/// What a tiled build tiles.
// One value per run: boxing the larger variant would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub(crate) enum TiledInput<'a> {
    /// A tile map's cells (decisions D17); the map's region is made only to be drawn.
    Map(TileInput<'a>),
    /// An outline file's region (decisions D20), on the pipeline's cells placed at
    /// `TiledBuild::region_origin`.
    Region(Input),
}

impl<'a> TiledInput<'a> {
    /// Reads `text` (an outline file when `outlines`) for a tiled build. `areas` says
    /// whether the build keeps an outline file's areas apart as `build` does (`path`
    /// builds the walkable region as one area); a tiled region has one area, area 1, so a
    /// file with outlines in other areas is refused then.
    pub(crate) fn load(
        name: &str,
        text: &str,
        outlines: bool,
        settings: InputSettings<'a>,
        areas: bool,
    ) -> Result<Self, CliError> {
        if !outlines {
            return load_tile_map(name, text, settings).map(TiledInput::Map);
        }
        let mut input = load_text(name, text, true, settings)?;
        if !areas {
            input.areas = None;
        }
        let other_areas = input
            .areas
            .as_ref()
            .is_some_and(|a| a.areas().iter().any(|&(id, _)| id != DEFAULT_AREA));
        if other_areas {
            return Err(CliError::new(format!(
                "{name}: option `--tile-size`: a tiled outline region has one area (decisions \
                 D20), but this file puts outlines in other areas (`area_id`); build it \
                 without --tile-size"
            )));
        }
        Ok(TiledInput::Region(input))
    }

    /// The file name as given (or the demo's name).
    pub(crate) fn name(&self) -> &str {
        match self {
            TiledInput::Map(tiles) => &tiles.name,
            TiledInput::Region(input) => &input.name,
        }
    }

    /// What the input is, for the summary.
    pub(crate) fn kind(&self) -> InputKind {
        match self {
            TiledInput::Map(tiles) => tiles.kind(),
            TiledInput::Region(input) => input.kind,
        }
    }

    /// How pictures draw the input: tile maps y down, outlines y up.
    pub(crate) fn y_axis(&self) -> YAxis {
        match self {
            TiledInput::Map(_) => YAxis::Down,
            TiledInput::Region(input) => input.y_axis,
        }
    }

    /// The input's grid: `--snap-bits` for a tile map, an outline file's own where it has
    /// one.
    pub(crate) fn options(&self) -> Geometry2DOptions {
        match self {
            TiledInput::Map(tiles) => tiles.options,
            TiledInput::Region(input) => input.region.options(),
        }
    }

    /// The walkable region before the shrink, drawn under the mesh (made from a tile
    /// map's cells only here).
    pub(crate) fn region(&self) -> Result<Cow<'_, Region>, CliError> {
        match self {
            TiledInput::Map(tiles) => tiles.region().map(Cow::Owned),
            TiledInput::Region(input) => Ok(Cow::Borrowed(&input.region)),
        }
    }

    /// Whether the build keeps areas apart (a tile map's `--areas`; an outline file's
    /// areas, all area 1 here).
    pub(crate) fn areas(&self) -> bool {
        match self {
            TiledInput::Map(tiles) => tiles.settings.terrain.areas,
            TiledInput::Region(input) => input.areas.is_some(),
        }
    }

    /// The legend's names of the areas.
    pub(crate) fn area_names(&self) -> Vec<(AreaId, String)> {
        match self {
            TiledInput::Map(tiles) => tiles.area_names(),
            TiledInput::Region(input) => input.area_names.clone(),
        }
    }

    /// A library error on the input, named as the input's own errors are.
    fn error(&self, e: Error) -> CliError {
        match self {
            TiledInput::Map(tiles) => tiles.grid_error(e),
            TiledInput::Region(input) => library_error(&input.name, e),
        }
    }
}

/// A tiled build to run: the input, the build, and what the run knows already.
pub(crate) struct TiledJob<'a> {
    /// The command that runs the build (`build`, `path`), for the progress bar.
    pub(crate) command: &'static str,
    pub(crate) input: &'a TiledInput<'a>,
    pub(crate) build: TiledBuild,
    pub(crate) read_time: Duration,
    pub(crate) progress: bool,
}

/// A tiled build's result and where its cells lie.
pub(crate) struct TiledMesh {
    /// The tiles and the stitched mesh.
    pub(crate) tiled: TiledNavMesh,
    /// The corner of the first cell: `(0, 0)` for a tile map, the region's origin else.
    origin: Vector2D,
    /// The side of a cell in user units.
    cell_size: f64,
}

impl TiledMesh {
    /// The tile grid's lines in user units (x, then y) as the SVG draws them: the sides of
    /// every tile, `origin + i * tile_size * cell_size`, the last at the grid's far edge.
    pub(crate) fn grid_lines(&self) -> (Vec<f64>, Vec<f64>) {
        let (tiles_x, tiles_y) = self.tiled.tile_counts();
        let line = |cells: usize, origin: f64| origin + cells as f64 * self.cell_size;
        let mut xs = vec![line(0, self.origin.x)];
        xs.extend((0..tiles_x).map(|i| {
            let square = self.tiled.tile_cells(i);
            line(square.x + square.width, self.origin.x)
        }));
        let mut ys = vec![line(0, self.origin.y)];
        ys.extend((0..tiles_y).map(|j| {
            let square = self.tiled.tile_cells(j * tiles_x);
            line(square.y + square.height, self.origin.y)
        }));
        (xs, ys)
    }
}

impl TiledJob<'_> {
    /// Checks the memory the build needs (a window's work per thread, the meshes, the
    /// input; decisions D17) with `outputs` files to write, then builds the input in tiles
    /// on the pool's threads, with a progress bar on a terminal.
    pub(crate) fn run(&self, outputs: usize, limit: Limit) -> Result<TiledMesh, CliError> {
        let input = self.input;
        let options = input.options();
        let (build, cell_size) = (&self.build, self.build.pipeline.cell_size);
        // The build of an empty map checks the pipeline, the tile size and the cell size on
        // the input's grid, with the build's own errors, before the estimate asks for the
        // halo (which assumes valid arguments).
        build
            .build(&[], 0, 0, cell_size, Vector2D::new(0.0, 0.0), &options)
            .map_err(|e| input.error(e))?;
        let k = build.tile_size;
        let (origin, codes, extent) = match input {
            TiledInput::Map(tiles) => {
                let codes = tiles.codes();
                let extent = Extent::of_map(&codes, tiles.map.width, tiles.map.height, k);
                (Vector2D::new(0.0, 0.0), codes, extent)
            }
            TiledInput::Region(region) => {
                let origin = build
                    .region_origin(&region.region)
                    .map_err(|e| input.error(e))?;
                let extent = Extent::of_region(&region.region, origin, cell_size, k);
                (origin, Vec::new(), extent)
            }
        };
        let halo = build.halo_cells(cell_size, options.snap_bits);
        let work = Work::shrink(&build.pipeline, options.scale(), true);
        let threads = rayon::current_num_threads();
        limit.check(
            input.name(),
            "the tiled build",
            extent.estimate(work, k, halo, threads, outputs),
        )?;
        let bar = self
            .progress
            .then(|| progress_bar(self.command, extent.tiles(k)));
        let tick = |_, total: usize| {
            if let Some(bar) = &bar {
                bar.set_length(total as u64);
                bar.inc(1);
            }
        };
        let result = match input {
            TiledInput::Map(tiles) => build.build_with_progress(
                &codes,
                tiles.map.width,
                tiles.map.height,
                cell_size,
                origin,
                &options,
                &tick,
            ),
            TiledInput::Region(region) => {
                build.build_region_with_progress(&region.region, origin, &tick)
            }
        };
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        Ok(TiledMesh {
            tiled: result.map_err(|e| input.error(e))?,
            origin,
            cell_size,
        })
    }
}

/// The progress bar of `onepath COMMAND`'s tiled build of about `tiles` tiles (the build
/// reports the exact count), on standard error.
fn progress_bar(command: &str, tiles: usize) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressStyle};
    let style = ProgressStyle::with_template(&format!(
        "onepath {command}: [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} tiles, {{eta}} left"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::with_draw_target(Some(tiles as u64), ProgressDrawTarget::stderr())
        .with_style(style)
        .with_finish(ProgressFinish::AndClear)
}

#[cfg(test)]
mod tests {
    use super::*;
    use onepath_build2d::Mesh2DPipeline;

    #[test]
    fn grid_lines_start_at_the_region_origin_and_end_at_the_grid_edge() {
        let file = onepath_io::read_outlines(
            r#"{"outlines": [[[[-7.5, -3.25], [2, -3.25], [2, 4], [-7.5, 4]]]]}"#,
        )
        .unwrap();
        let options = Geometry2DOptions::with_snap_bits(16);
        let region = Region::from_outlines(&file.outlines, &options).unwrap();
        let build = TiledBuild::new(Mesh2DPipeline::new(0.5, 0.25), 4);
        let origin = build.region_origin(&region).unwrap();
        assert_eq!((origin.x, origin.y), (-7.5, -3.5));
        let tiled = build.build_region(&region, origin).unwrap();
        // 19 x 15 cells of 0.5: tiles of 2 user units, the last ones cut at the grid edge.
        assert_eq!(tiled.tile_counts(), (5, 4));
        let mesh = TiledMesh {
            tiled,
            origin,
            cell_size: 0.5,
        };
        let (xs, ys) = mesh.grid_lines();
        assert_eq!(xs, [-7.5, -5.5, -3.5, -1.5, 0.5, 2.0]);
        assert_eq!(ys, [-3.5, -1.5, 0.5, 2.5, 4.0]);
    }
}
