//! Tiled, incremental and parallel navmesh builds of tile maps and outline regions
//! (decisions D17, D20): one mesh per square tile, built from the tile's window alone, and
//! the tiles stitched into one conforming mesh with global polygon ids and cross-tile
//! adjacency.
//!
//! This file holds the public types and the entry points: `TiledBuild::build`,
//! `TiledNavMesh::update` and the accessors; `outlines.rs` the entry points of outline
//! regions and `cut.rs` their cut (D20). Building the tiles and swapping them in is
//! `rebuild.rs`. The stitch (docs/tiles.md) is `stitch.rs` (the polygons in canonical
//! order, matched across seams), `seams.rs` (the seam lines and the global vertex numbers)
//! and `regions.rs` (the stitched region and each area's part of it).

mod cut;
mod outlines;
mod rebuild;
mod regions;
mod seams;
mod stitch;

use crate::error::{Error, Location, Result};
use crate::input::{Geometry2DOptions, Vector2D};
use crate::navmesh::NavMesh;
use crate::pipeline::Mesh2DPipeline;
use crate::region::Region;
use crate::snap::{check_map_shape, tile_map_grid_lines};
use crate::tile_build::TileInput;
use crate::triangulate::check_vertex_limit;
pub(crate) use cut::CutRegion;
pub use outlines::MAX_TILED_CELLS;
use stitch::empty_mesh;

/// A tiled build of tile maps or outline regions (decisions D17, D20): the pipeline, and
/// the side of a square tile in cells (an outline region is placed on the pipeline's
/// cells, [`TiledBuild::build_region`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiledBuild {
    /// The shrink, triangulation and merge every tile runs.
    pub pipeline: Mesh2DPipeline,
    /// The side of a tile in cells (at least 1).
    pub tile_size: usize,
}

/// A rectangle of cells: columns `x..x + width`, rows `y..y + height`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellRect {
    /// The first column.
    pub x: usize,
    /// The first row.
    pub y: usize,
    /// The number of columns.
    pub width: usize,
    /// The number of rows.
    pub height: usize,
}

/// A seam crossing between two tiles: polygon edge `edge` of polygon `polygon` in tile
/// `tile` (row-major tile index) is the reversed edge of the other end's polygon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileEdge {
    /// The tile, `column + row * tiles_x`.
    pub tile: usize,
    /// The polygon within the tile's mesh.
    pub polygon: usize,
    /// The polygon's edge `(v_edge, v_edge+1)`.
    pub edge: usize,
}

/// How long the phases of a tiled build took (wall-clock; never part of a result).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TiledTimings {
    /// Cutting an outline region on the tiles' lines and, for an update, finding the tiles
    /// whose windows changed (decisions D20; zero for tile maps).
    pub cut: std::time::Duration,
    /// Building the tiles (all threads together, wall-clock).
    pub tiles: std::time::Duration,
    /// Stitching them into one mesh.
    pub stitch: std::time::Duration,
}

/// What a tiled build was made from.
#[derive(Clone, Debug, PartialEq)]
enum Source {
    /// A tile map (its codes are the caller's).
    Map,
    /// An outline region, placed at `origin`, and its cut (decisions D20).
    Region { origin: Vector2D, cut: CutRegion },
}

/// The result of a tiled build: one mesh per tile, the links across seams, and the
/// stitched whole.
#[derive(Clone, Debug)]
pub struct TiledNavMesh {
    build: TiledBuild,
    source: Source,
    width: usize,
    height: usize,
    xs: Vec<i64>,
    ys: Vec<i64>,
    snap_bits: u32,
    halo: usize,
    tiles_x: usize,
    tiles_y: usize,
    /// Each tile's mesh, the only copy of its output (the stitch reads it).
    tile_meshes: Vec<Option<NavMesh>>,
    links: Vec<(TileEdge, TileEdge)>,
    polygon_tiles: Vec<u32>,
    stitched: NavMesh,
    timings: TiledTimings,
}

impl PartialEq for TiledNavMesh {
    /// Equal when the tiles, links and stitched mesh are; timings are ignored.
    fn eq(&self, other: &Self) -> bool {
        self.build == other.build
            && self.source == other.source
            && self.tile_meshes == other.tile_meshes
            && self.links == other.links
            && self.polygon_tiles == other.polygon_tiles
            && self.stitched == other.stitched
    }
}

impl TiledBuild {
    /// A tiled build with tiles of `tile_size` cells a side.
    pub fn new(pipeline: Mesh2DPipeline, tile_size: usize) -> Self {
        Self {
            pipeline,
            tile_size,
        }
    }

    /// The halo in cells for cells `cell_size` user units wide on the grid of `snap_bits`
    /// (decisions D17): `ceil((3.5 r + 8) / c) + 1` with the agent radius `r` and the cell
    /// width `c` in grid units.
    pub fn halo_cells(&self, cell_size: f64, snap_bits: u32) -> usize {
        let scale = Geometry2DOptions::with_snap_bits(snap_bits).scale();
        let r = self.pipeline.agent_radius * scale;
        let c = cell_size * scale;
        // Saturating: arguments no build accepts (an infinite radius) give a huge halo,
        // never an overflow.
        (((3.5 * r + 8.0) / c).ceil().max(0.0) as usize).saturating_add(1)
    }

    /// Builds the tiled navigation mesh of a tile map of area codes
    /// (`codes[x + y * width]`, 0 = blocked; a map of 0 and 1 is the plain walkable /
    /// blocked map), placed as [`Region::from_tile_map`] places cells.
    ///
    /// Errors: those of [`Region::from_tile_map`] and of the pipeline's arguments, a tile
    /// size of 0 (`InvalidArgument` naming `tile_size`).
    pub fn build(
        &self,
        codes: &[u8],
        width: usize,
        height: usize,
        cell_size: f64,
        origin: Vector2D,
        options: &Geometry2DOptions,
    ) -> Result<TiledNavMesh> {
        self.build_with_progress(codes, width, height, cell_size, origin, options, &|_, _| {})
    }

    /// [`TiledBuild::build`] that calls `progress(done, total)` as tiles finish (from
    /// any thread, in any order; the result does not depend on it).
    #[allow(clippy::too_many_arguments)] // The arguments of `Region::from_tile_map`, plus the callback.
    pub fn build_with_progress(
        &self,
        codes: &[u8],
        width: usize,
        height: usize,
        cell_size: f64,
        origin: Vector2D,
        options: &Geometry2DOptions,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<TiledNavMesh> {
        self.check(options)?;
        check_map_shape("codes", codes.len(), width, height)?;
        let lines = tile_map_grid_lines(codes.len(), width, height, cell_size, origin, options)?;
        let halo = self.halo_cells(cell_size, options.snap_bits);
        let mut tiled = TiledNavMesh::unbuilt(
            *self,
            Source::Map,
            (width, height),
            lines,
            options.snap_bits,
            halo,
        )?;
        let all: Vec<usize> = (0..tiled.tile_meshes.len()).collect();
        tiled.rebuild(TileInput::Map { codes, width }, &all, progress)?;
        Ok(tiled)
    }
}

impl TiledBuild {
    /// The checks of every tiled build before any work: the grid, the tile size, the
    /// polygon vertex limit and the pipeline's own arguments.
    fn check(&self, options: &Geometry2DOptions) -> Result<()> {
        options.validate()?;
        if self.tile_size == 0 {
            return Err(Error::invalid(
                Location::Argument("tile_size"),
                "a tile must be at least one cell wide",
            ));
        }
        check_vertex_limit(self.pipeline.max_vertices_per_polygon)?;
        // The pipeline's own checks, on the input's grid.
        self.pipeline.shrink(&Region::empty(options)?)?;
        Ok(())
    }
}

impl TiledNavMesh {
    /// A tiling of `width x height` cells between the grid lines `xs` and `ys` (none for
    /// an empty map) with no tile built yet.
    fn unbuilt(
        build: TiledBuild,
        source: Source,
        (width, height): (usize, usize),
        (xs, ys): (Vec<i64>, Vec<i64>),
        snap_bits: u32,
        halo: usize,
    ) -> Result<Self> {
        let (tiles_x, tiles_y) = (
            width.div_ceil(build.tile_size),
            height.div_ceil(build.tile_size),
        );
        Ok(TiledNavMesh {
            build,
            source,
            width,
            height,
            xs,
            ys,
            snap_bits,
            halo,
            tiles_x,
            tiles_y,
            tile_meshes: (0..tiles_x * tiles_y).map(|_| None).collect(),
            links: Vec::new(),
            polygon_tiles: Vec::new(),
            stitched: empty_mesh(snap_bits, build.pipeline.max_vertices_per_polygon)?,
            timings: TiledTimings::default(),
        })
    }
}

impl TiledNavMesh {
    /// The stitched mesh: every tile's polygons in one canonical, conforming mesh with
    /// global polygon ids and adjacency across seams.
    pub fn stitched(&self) -> &NavMesh {
        &self.stitched
    }

    /// The number of tiles across and down.
    pub fn tile_counts(&self) -> (usize, usize) {
        (self.tiles_x, self.tiles_y)
    }

    /// The mesh of tile `column + row * tiles_x` (`None` when nothing of it is walkable).
    pub fn tile(&self, index: usize) -> Option<&NavMesh> {
        self.tile_meshes.get(index).and_then(Option::as_ref)
    }

    /// The halo in cells each tile's window adds around its square.
    pub fn halo(&self) -> usize {
        self.halo
    }

    /// The square of cells of tile `index`.
    pub fn tile_cells(&self, index: usize) -> CellRect {
        let (x, y) = self.square(index);
        CellRect {
            x: x.start,
            y: y.start,
            width: x.len(),
            height: y.len(),
        }
    }

    /// The links across seams, each pair once (the smaller end first), in order.
    pub fn links(&self) -> &[(TileEdge, TileEdge)] {
        &self.links
    }

    /// For each polygon of the stitched mesh, the tile it comes from.
    pub fn polygon_tiles(&self) -> &[u32] {
        &self.polygon_tiles
    }

    /// How long the last build or update took.
    pub fn timings(&self) -> TiledTimings {
        self.timings
    }

    /// Applies an edit of the map: `codes` is the whole edited map (same size) and
    /// `changed` bounds the cells that differ. The tiles whose window meets `changed` are
    /// rebuilt and the whole is stitched again; returns the rebuilt tiles' indices. The
    /// result is the same bits as a fresh [`TiledBuild::build`] of the edited map. On an
    /// error nothing changes. A tiling of an outline region is updated with
    /// [`TiledNavMesh::update_region`] (here an `InvalidArgument`).
    pub fn update(&mut self, codes: &[u8], changed: CellRect) -> Result<Vec<usize>> {
        if !matches!(self.source, Source::Map) {
            return Err(Error::invalid(
                Location::Argument("codes"),
                "this tiling was built from an outline region; update it with update_region",
            ));
        }
        if codes.len() != self.width * self.height {
            return Err(Error::invalid(
                Location::Argument("codes"),
                format!(
                    "codes.len() is {} but the map is {} x {} cells",
                    codes.len(),
                    self.width,
                    self.height
                ),
            ));
        }
        let affected = self.tiles_meeting(changed);
        let width = self.width;
        self.rebuild(TileInput::Map { codes, width }, &affected, &|_, _| {})?;
        Ok(affected)
    }

    /// The tiles whose window meets `rect` (clipped to the map).
    pub fn tiles_meeting(&self, rect: CellRect) -> Vec<usize> {
        let (x_end, y_end) = (
            rect.x.saturating_add(rect.width).min(self.width),
            rect.y.saturating_add(rect.height).min(self.height),
        );
        if rect.x >= x_end || rect.y >= y_end {
            return Vec::new();
        }
        (0..self.tiles_x * self.tiles_y)
            .filter(|&t| {
                let (wx, wy) = self.window(t);
                wx.start < x_end && rect.x < wx.end && wy.start < y_end && rect.y < wy.end
            })
            .collect()
    }

    /// The cell columns and rows of tile `t`'s square.
    fn square(&self, t: usize) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let k = self.build.tile_size;
        let (i, j) = (t % self.tiles_x, t / self.tiles_x);
        (
            i * k..((i + 1) * k).min(self.width),
            j * k..((j + 1) * k).min(self.height),
        )
    }

    /// The cell columns and rows of tile `t`'s window: the square grown by the halo.
    fn window(&self, t: usize) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let (x, y) = self.square(t);
        (
            x.start.saturating_sub(self.halo)..(x.end + self.halo).min(self.width),
            y.start.saturating_sub(self.halo)..(y.end + self.halo).min(self.height),
        )
    }
}
