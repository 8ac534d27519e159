//! Tiled, incremental and parallel navmesh builds of tile maps (decisions D17): one mesh
//! per square tile, built from the tile's window alone, and the tiles stitched into one
//! conforming mesh with global polygon ids and cross-tile adjacency.

use crate::areas::AreaId;
use crate::error::{Axis, Error, Location, Result};
use crate::input::{Geometry2DOptions, Vector2D};
use crate::navmesh::{NavMesh, StageTimings};
use crate::pipeline::Mesh2DPipeline;
use crate::region::Region;
use crate::snap::snap_grid_lines;
use crate::tile_build::{TileContext, TileOutput, build_tile};
use crate::triangulate::{ConvexPartition, check_vertex_limit};
use onepath_predicates::GridPoint;
use onepath_winding::trace_rings;
use std::collections::HashMap;
use std::time::Instant;

/// A tiled build of tile maps (decisions D17): the pipeline, and the side of a square
/// tile in cells.
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
    /// Building the tiles (all threads together, wall-clock).
    pub tiles: std::time::Duration,
    /// Stitching them into one mesh.
    pub stitch: std::time::Duration,
}

/// The result of a tiled build: one mesh per tile, the links across seams, and the
/// stitched whole.
#[derive(Clone, Debug)]
pub struct TiledNavMesh {
    build: TiledBuild,
    width: usize,
    height: usize,
    xs: Vec<i64>,
    ys: Vec<i64>,
    snap_bits: u32,
    halo: usize,
    tiles_x: usize,
    tiles_y: usize,
    outputs: Vec<Option<TileOutput>>,
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
        ((3.5 * r + 8.0) / c).ceil().max(0.0) as usize + 1
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
        options.validate()?;
        if self.tile_size == 0 {
            return Err(Error::invalid(
                Location::Argument("tile_size"),
                "a tile must be at least one cell wide",
            ));
        }
        check_vertex_limit(self.pipeline.max_vertices_per_polygon)?;
        // The pipeline's own checks, on the map's grid.
        self.pipeline.shrink(&Region::empty(options)?)?;
        if width.checked_mul(height) != Some(codes.len()) {
            return Err(Error::invalid(
                Location::Argument("codes"),
                format!(
                    "codes.len() is {} but width * height is {width} * {height}",
                    codes.len()
                ),
            ));
        }
        let scale = options.scale();
        if !cell_size.is_finite() || cell_size <= 0.0 || cell_size * scale < 1.0 {
            return Err(Error::invalid(
                Location::Argument("cell_size"),
                format!(
                    "{cell_size} must be finite and at least one grid unit (2^-{})",
                    options.snap_bits
                ),
            ));
        }
        let keep = !codes.is_empty();
        let xs = snap_grid_lines(origin.x, cell_size, width, Axis::X, scale, keep)?;
        let ys = snap_grid_lines(origin.y, cell_size, height, Axis::Y, scale, keep)?;
        let mut tiled = TiledNavMesh {
            build: *self,
            width,
            height,
            xs,
            ys,
            snap_bits: options.snap_bits,
            halo: self.halo_cells(cell_size, options.snap_bits),
            tiles_x: width.div_ceil(self.tile_size),
            tiles_y: height.div_ceil(self.tile_size),
            outputs: Vec::new(),
            tile_meshes: Vec::new(),
            links: Vec::new(),
            polygon_tiles: Vec::new(),
            stitched: empty_mesh(options.snap_bits, self.pipeline.max_vertices_per_polygon)?,
            timings: TiledTimings::default(),
        };
        let all: Vec<usize> = (0..tiled.tiles_x * tiled.tiles_y).collect();
        tiled.outputs = (0..all.len()).map(|_| None).collect();
        tiled.rebuild(codes, &all, progress)?;
        Ok(tiled)
    }
}

/// The empty mesh on the grid of `snap_bits` (the stitch of no tile).
fn empty_mesh(snap_bits: u32, max_vertices: usize) -> Result<NavMesh> {
    let seams = Seams {
        xs: Vec::new(),
        ys: Vec::new(),
    };
    Ok(stitch(snap_bits, max_vertices, &[], &seams)?.mesh)
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
    /// result is the same bits as a fresh [`TiledBuild::build`] of the edited map.
    pub fn update(&mut self, codes: &[u8], changed: CellRect) -> Result<Vec<usize>> {
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
        self.rebuild(codes, &affected, &|_, _| {})?;
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

    /// Rebuilds `tiles` from `codes` (in parallel with the feature `parallel`) and stitches
    /// everything again.
    fn rebuild(
        &mut self,
        codes: &[u8],
        tiles: &[usize],
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<()> {
        let scale = Geometry2DOptions::with_snap_bits(self.snap_bits).scale();
        let pipeline = self.build.pipeline;
        let seam_columns: Vec<usize> = (1..self.tiles_x)
            .map(|i| i * self.build.tile_size)
            .collect();
        let seam_rows: Vec<usize> = (1..self.tiles_y)
            .map(|j| j * self.build.tile_size)
            .collect();
        let ctx = TileContext {
            codes,
            width: self.width,
            xs: &self.xs,
            ys: &self.ys,
            snap_bits: self.snap_bits,
            radius: pipeline.agent_radius * scale,
            arc_tolerance: pipeline.arc_tolerance() * scale,
            max_vertices: pipeline.max_vertices_per_polygon,
            seam_columns: &seam_columns,
            seam_rows: &seam_rows,
        };
        let start = Instant::now();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let one = |&t: &usize| {
            let (sx, sy) = self.square(t);
            let (wx, wy) = self.window(t);
            let result = build_tile(&ctx, sx, sy, wx, wy);
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, tiles.len());
            result
        };
        #[cfg(feature = "parallel")]
        let results: Vec<Result<Option<TileOutput>>> = {
            use rayon::prelude::*;
            tiles.par_iter().map(one).collect()
        };
        #[cfg(not(feature = "parallel"))]
        let results: Vec<Result<Option<TileOutput>>> = tiles.iter().map(one).collect();
        for (&t, result) in tiles.iter().zip(results) {
            self.outputs[t] = result?;
        }
        self.timings.tiles = start.elapsed();
        let start = Instant::now();
        self.tile_meshes = self
            .outputs
            .iter()
            .map(|o| o.as_ref().map(|o| tile_mesh(self.snap_bits, o)).transpose())
            .collect::<Result<_>>()?;
        let seams = Seams {
            xs: seam_columns.iter().map(|&i| self.xs[i]).collect(),
            ys: seam_rows.iter().map(|&j| self.ys[j]).collect(),
        };
        let stitched = stitch(
            self.snap_bits,
            pipeline.max_vertices_per_polygon,
            &self.outputs,
            &seams,
        )?;
        self.stitched = stitched.mesh;
        self.links = stitched.links;
        self.polygon_tiles = stitched.polygon_tiles;
        self.timings.stitch = start.elapsed();
        Ok(())
    }
}

/// The mesh of one tile on its own.
fn tile_mesh(snap_bits: u32, o: &TileOutput) -> Result<NavMesh> {
    let partition =
        ConvexPartition::from_partition(snap_bits, o.vertices.clone(), o.partition.clone());
    let fans = partition.vertex_fans()?;
    Ok(NavMesh {
        region: o.region.clone(),
        triangle_count: o.triangle_count,
        partition,
        fans,
        areas: o.areas.clone(),
        area_regions: o.area_regions.clone(),
        timings: StageTimings::default(),
        query_index: Default::default(),
    })
}

/// The seam lines in grid units: vertical lines `x = xs[k]`, horizontal `y = ys[k]`.
struct Seams {
    xs: Vec<i64>,
    ys: Vec<i64>,
}

impl Seams {
    /// The seam line an edge lies on, if any: `(vertical, coordinate)`.
    fn line_of(&self, a: GridPoint, b: GridPoint) -> Option<(bool, i64)> {
        if a.x == b.x && self.xs.binary_search(&a.x).is_ok() {
            Some((true, a.x))
        } else if a.y == b.y && self.ys.binary_search(&a.y).is_ok() {
            Some((false, a.y))
        } else {
            None
        }
    }
}

/// The stitched mesh and what stitching learnt.
struct Stitched {
    mesh: NavMesh,
    links: Vec<(TileEdge, TileEdge)>,
    polygon_tiles: Vec<u32>,
}

/// One polygon of a tile on its way into the stitched mesh.
struct TilePolygon {
    vertices: Vec<u32>,
    tile: usize,
    local: usize,
}

/// Stitches the tiles (decisions D17).
fn stitch(
    snap_bits: u32,
    max_vertices: usize,
    outputs: &[Option<TileOutput>],
    seams: &Seams,
) -> Result<Stitched> {
    let mut vertices: Vec<GridPoint> = outputs
        .iter()
        .flatten()
        .flat_map(|o| o.vertices.iter().copied())
        .collect();
    vertices.sort_unstable();
    vertices.dedup();
    let global = |p: GridPoint| vertices.partition_point(|&q| q < p) as u32;
    // Local vertex lists are sorted too, so the mapping keeps every polygon's smallest
    // vertex first: the canonical start carries over.
    let mut polygons: Vec<TilePolygon> = Vec::new();
    for (tile, o) in outputs.iter().enumerate() {
        let Some(o) = o else { continue };
        for (local, p) in o.partition.iter().enumerate() {
            polygons.push(TilePolygon {
                vertices: p
                    .vertices
                    .iter()
                    .map(|&v| global(o.vertices[v as usize]))
                    .collect(),
                tile,
                local,
            });
        }
    }
    polygons.sort_unstable_by(|a, b| a.vertices.cmp(&b.vertices));
    let mut first_of_tile = vec![0usize; outputs.len() + 1];
    for (t, o) in outputs.iter().enumerate() {
        first_of_tile[t + 1] = first_of_tile[t] + o.as_ref().map_or(0, |o| o.partition.len());
    }
    let mut id = vec![0u32; first_of_tile[outputs.len()]];
    for (g, p) in polygons.iter().enumerate() {
        id[first_of_tile[p.tile] + p.local] = g as u32;
    }
    // Boundary edges of every polygon, to find the reversed edge across a seam.
    let mut boundary: HashMap<(u32, u32), (u32, TileEdge)> = HashMap::new();
    for (g, p) in polygons.iter().enumerate() {
        let Some(o) = &outputs[p.tile] else { continue };
        let around = o.partition.polygon_neighbors(p.local);
        let n = p.vertices.len();
        for (k, _) in around.iter().enumerate().filter(|&(_, &across)| across < 0) {
            {
                let edge = TileEdge {
                    tile: p.tile,
                    polygon: p.local,
                    edge: k,
                };
                boundary.insert((p.vertices[k], p.vertices[(k + 1) % n]), (g as u32, edge));
            }
        }
    }
    let mut nested_polygons = Vec::with_capacity(polygons.len());
    let mut nested_neighbors = Vec::with_capacity(polygons.len());
    let mut links = Vec::new();
    let mut unmatched: Vec<(bool, i64, i64, i64, usize)> = Vec::new();
    for p in &polygons {
        let Some(o) = &outputs[p.tile] else { continue };
        let around = o.partition.polygon_neighbors(p.local);
        let n = p.vertices.len();
        let mut neighbors = Vec::with_capacity(n);
        for k in 0..n {
            let (a, b) = (p.vertices[k], p.vertices[(k + 1) % n]);
            if around[k] >= 0 {
                neighbors.push(id[first_of_tile[p.tile] + around[k] as usize] as i32);
            } else if let Some(&(other, far)) = boundary.get(&(b, a)) {
                if far.tile == p.tile {
                    return Err(Error::internal(
                        "a tile holds both sides of one of its edges",
                    ));
                }
                neighbors.push(other as i32);
                let near = TileEdge {
                    tile: p.tile,
                    polygon: p.local,
                    edge: k,
                };
                if near < far {
                    links.push((near, far));
                }
            } else {
                neighbors.push(-1);
                let (pa, pb) = (vertices[a as usize], vertices[b as usize]);
                if let Some((vertical, at)) = seams.line_of(pa, pb) {
                    let (lo, hi) = if vertical {
                        (pa.y.min(pb.y), pa.y.max(pb.y))
                    } else {
                        (pa.x.min(pb.x), pa.x.max(pb.x))
                    };
                    unmatched.push((vertical, at, lo, hi, p.tile));
                }
            }
        }
        nested_polygons.push(p.vertices.clone());
        nested_neighbors.push(neighbors);
    }
    links.sort_unstable();
    // A seam edge without its reverse is a real wall only if the other side has no polygon
    // edge along it; overlapping unmatched edges from two tiles would be a T-junction.
    unmatched.sort_unstable();
    for w in unmatched.windows(2) {
        let (a, b) = (w[0], w[1]);
        if (a.0, a.1) == (b.0, b.1) && a.4 != b.4 && b.2 < a.3 {
            return Err(Error::internal(format!(
                "the tiles disagree along the seam {} = {} between {} and {}",
                if a.0 { "x" } else { "y" },
                a.1,
                b.2,
                a.3
            )));
        }
    }
    let partition = ConvexPartition::from_polygons(
        snap_bits,
        vertices.clone(),
        &nested_polygons,
        &nested_neighbors,
        max_vertices,
    )?;
    let fans = partition.vertex_fans()?;
    let seam_points = SeamPoints::new(&vertices, seams);
    let region = union_of(
        snap_bits,
        outputs.iter().flatten().map(|o| &o.region),
        &seam_points,
    )?;
    let mut ids: Vec<AreaId> = outputs
        .iter()
        .flatten()
        .flat_map(|o| o.area_regions.iter().map(|(id, _)| *id))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let area_regions = ids
        .iter()
        .map(|&id| {
            let parts = outputs.iter().flatten().flat_map(|o| {
                o.area_regions
                    .iter()
                    .filter(move |(a, _)| *a == id)
                    .map(|(_, r)| r)
            });
            Ok((id, union_of(snap_bits, parts, &seam_points)?))
        })
        .collect::<Result<Vec<_>>>()?;
    let areas = polygons
        .iter()
        .map(|p| outputs[p.tile].as_ref().map_or(0, |o| o.areas[p.local]))
        .collect();
    let mesh = NavMesh {
        region,
        triangle_count: outputs.iter().flatten().map(|o| o.triangle_count).sum(),
        partition,
        fans,
        areas,
        area_regions,
        timings: StageTimings::default(),
        query_index: Default::default(),
    };
    Ok(Stitched {
        mesh,
        links,
        polygon_tiles: polygons.iter().map(|p| p.tile as u32).collect(),
    })
}

/// The mesh vertices on each seam line, sorted along it.
struct SeamPoints<'a> {
    seams: &'a Seams,
    vertical: HashMap<i64, Vec<i64>>,
    horizontal: HashMap<i64, Vec<i64>>,
}

impl<'a> SeamPoints<'a> {
    fn new(vertices: &[GridPoint], seams: &'a Seams) -> Self {
        let mut vertical: HashMap<i64, Vec<i64>> = HashMap::new();
        let mut horizontal: HashMap<i64, Vec<i64>> = HashMap::new();
        for p in vertices {
            if seams.xs.binary_search(&p.x).is_ok() {
                vertical.entry(p.x).or_default().push(p.y);
            }
            if seams.ys.binary_search(&p.y).is_ok() {
                horizontal.entry(p.y).or_default().push(p.x);
            }
        }
        for list in vertical.values_mut().chain(horizontal.values_mut()) {
            list.sort_unstable();
        }
        Self {
            seams,
            vertical,
            horizontal,
        }
    }

    /// The edge `a -> b` split at every seam vertex strictly inside it (when it lies on a
    /// seam), in order.
    fn split(&self, a: GridPoint, b: GridPoint, out: &mut Vec<(GridPoint, GridPoint)>) {
        let inner: Vec<GridPoint> = match self.seams.line_of(a, b) {
            Some((true, x)) => self.vertical.get(&x).map_or(Vec::new(), |ys| {
                let (lo, hi) = (a.y.min(b.y), a.y.max(b.y));
                ys.iter()
                    .filter(|&&y| lo < y && y < hi)
                    .map(|&y| GridPoint::new(x, y))
                    .collect()
            }),
            Some((false, y)) => self.horizontal.get(&y).map_or(Vec::new(), |xs| {
                let (lo, hi) = (a.x.min(b.x), a.x.max(b.x));
                xs.iter()
                    .filter(|&&x| lo < x && x < hi)
                    .map(|&x| GridPoint::new(x, y))
                    .collect()
            }),
            None => Vec::new(),
        };
        let mut points = inner;
        if a > b {
            points.reverse();
        }
        let mut from = a;
        for p in points {
            out.push((from, p));
            from = p;
        }
        out.push((from, b));
    }
}

/// The union of regions that meet only along seams: their ring edges, split at the seam
/// vertices, with every pair of reversed edges cancelled, traced into rings.
fn union_of<'r>(
    snap_bits: u32,
    regions: impl Iterator<Item = &'r Region>,
    seam_points: &SeamPoints<'_>,
) -> Result<Region> {
    let mut edges = Vec::new();
    for region in regions {
        for ring in region.rings() {
            for i in 0..ring.len() {
                seam_points.split(ring[i], ring[(i + 1) % ring.len()], &mut edges);
            }
        }
    }
    edges.sort_unstable();
    let mut kept = Vec::with_capacity(edges.len());
    let mut cancelled = vec![false; edges.len()];
    for k in 0..edges.len() {
        if cancelled[k] {
            continue;
        }
        let (a, b) = edges[k];
        // The first uncancelled copy of the reversed edge, if any.
        let start = edges.partition_point(|&e| e < (b, a));
        let twin = (start..edges.len())
            .take_while(|&j| edges[j] == (b, a))
            .find(|&j| !cancelled[j]);
        match twin {
            Some(j) => {
                cancelled[j] = true;
                cancelled[k] = true;
            }
            None => kept.push((a, b)),
        }
    }
    Ok(Region {
        snap_bits,
        rings: trace_rings(&kept).map_err(Error::internal)?,
    })
}
