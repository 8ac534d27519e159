//! Tiled, incremental and parallel navmesh builds of tile maps (decisions D17): one mesh
//! per square tile, built from the tile's window alone, and the tiles stitched into one
//! conforming mesh with global polygon ids and cross-tile adjacency.

use crate::areas::AreaId;
use crate::error::{Error, Location, Result};
use crate::input::{Geometry2DOptions, Vector2D};
use crate::navmesh::{NavMesh, StageTimings};
use crate::pipeline::Mesh2DPipeline;
use crate::region::Region;
use crate::snap::{check_map_shape, tile_map_grid_lines};
use crate::tile_build::{TileContext, TileOutput, build_tile};
use crate::triangulate::{ConvexPartition, check_vertex_limit};
use onepath_convex::VertexFans;
use onepath_predicates::{GridPoint, Orientation, orient2d};
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
        check_map_shape("codes", codes.len(), width, height)?;
        let (xs, ys) = tile_map_grid_lines(codes.len(), width, height, cell_size, origin, options)?;
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
            tile_meshes: Vec::new(),
            links: Vec::new(),
            polygon_tiles: Vec::new(),
            stitched: empty_mesh(options.snap_bits, self.pipeline.max_vertices_per_polygon)?,
            timings: TiledTimings::default(),
        };
        let all: Vec<usize> = (0..tiled.tiles_x * tiled.tiles_y).collect();
        tiled.tile_meshes = (0..all.len()).map(|_| None).collect();
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
    /// result is the same bits as a fresh [`TiledBuild::build`] of the edited map. On an
    /// error nothing changes.
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
        let snap_bits = self.snap_bits;
        let one = |&t: &usize| {
            let (sx, sy) = self.square(t);
            let (wx, wy) = self.window(t);
            let result = build_tile(&ctx, sx, sy, wx, wy)
                .and_then(|o| o.map(|o| tile_mesh(snap_bits, o)).transpose());
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, tiles.len());
            result
        };
        #[cfg(feature = "parallel")]
        let results: Vec<Result<Option<NavMesh>>> = {
            use rayon::prelude::*;
            tiles.par_iter().map(one).collect()
        };
        #[cfg(not(feature = "parallel"))]
        let results: Vec<Result<Option<NavMesh>>> = tiles.iter().map(one).collect();
        // Nothing changes unless every tile builds and the whole stitches: the replaced
        // tiles are kept until then.
        let results: Vec<Option<NavMesh>> = results.into_iter().collect::<Result<_>>()?;
        let replaced: Vec<Option<NavMesh>> = tiles
            .iter()
            .zip(results)
            .map(|(&t, mesh)| std::mem::replace(&mut self.tile_meshes[t], mesh))
            .collect();
        self.timings.tiles = start.elapsed();
        let start = Instant::now();
        let seams = Seams {
            xs: seam_columns.iter().map(|&i| self.xs[i]).collect(),
            ys: seam_rows.iter().map(|&j| self.ys[j]).collect(),
        };
        let stitched = match stitch(
            self.snap_bits,
            pipeline.max_vertices_per_polygon,
            &self.tile_meshes,
            &seams,
        ) {
            Ok(stitched) => stitched,
            Err(e) => {
                for (&t, mesh) in tiles.iter().zip(replaced) {
                    self.tile_meshes[t] = mesh;
                }
                return Err(e);
            }
        };
        drop(replaced);
        self.stitched = stitched.mesh;
        self.links = stitched.links;
        self.polygon_tiles = stitched.polygon_tiles;
        self.timings.stitch = start.elapsed();
        Ok(())
    }
}

/// The mesh of one tile on its own (its output moved in, not copied).
fn tile_mesh(snap_bits: u32, o: TileOutput) -> Result<NavMesh> {
    let partition = ConvexPartition::from_partition(snap_bits, o.vertices, o.partition);
    let fans = partition.vertex_fans()?;
    Ok(NavMesh::assemble(
        o.region,
        o.triangle_count,
        partition,
        fans,
        o.areas,
        o.area_regions,
        StageTimings::default(),
    ))
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

    /// True when `p` lies on a seam line.
    fn touches(&self, p: GridPoint) -> bool {
        self.xs.binary_search(&p.x).is_ok() || self.ys.binary_search(&p.y).is_ok()
    }
}

/// The stitched mesh and what stitching learnt.
struct Stitched {
    mesh: NavMesh,
    links: Vec<(TileEdge, TileEdge)>,
    polygon_tiles: Vec<u32>,
}

/// A polygon edge on a seam line without a neighbour in its own tile: `from -> to` in
/// global vertex numbers, the stitched polygon holding it and where its neighbour entry is
/// in the flat neighbour list.
#[derive(Clone, Copy)]
struct SeamEdge {
    from: u32,
    to: u32,
    polygon: u32,
    slot: usize,
    edge: TileEdge,
}

impl SeamEdge {
    /// The undirected edge, smaller vertex first: a seam edge and its reverse share it.
    fn key(&self) -> (u32, u32) {
        (self.from.min(self.to), self.from.max(self.to))
    }
}

/// Stitches the tiles (decisions D17). The work and the memory grow with the tiles'
/// polygons, vertices and rings; nothing holds a copy of a tile beyond what the stitched
/// mesh keeps.
fn stitch(
    snap_bits: u32,
    max_vertices: usize,
    tiles: &[Option<NavMesh>],
    seams: &Seams,
) -> Result<Stitched> {
    let (vertices, global) = number_vertices(tiles, seams)?;
    // Polygons are numbered tile by tile ("tile order") and sorted into canonical order by
    // their first edge: a directed edge belongs to one polygon at most, and the first vertex
    // is the smallest, so the first edge decides the order of the index lists.
    let mut first_of_tile = vec![0usize; tiles.len() + 1];
    for (t, m) in tiles.iter().enumerate() {
        first_of_tile[t + 1] = first_of_tile[t] + m.as_ref().map_or(0, |m| m.partition.len());
    }
    let count = first_of_tile[tiles.len()];
    if count > i32::MAX as usize {
        return Err(Error::internal(format!(
            "{count} polygons do not fit the mesh's i32 neighbour entries"
        )));
    }
    let mut order: Vec<(u64, u32)> = Vec::with_capacity(count);
    for (t, m) in tiles.iter().enumerate() {
        let Some(m) = m else { continue };
        let map = &global[t];
        for (local, polygon) in m.partition.partition.iter().enumerate() {
            let key = (u64::from(map[polygon.vertices[0] as usize]) << 32)
                | u64::from(map[polygon.vertices[1] as usize]);
            order.push((key, (first_of_tile[t] + local) as u32));
        }
    }
    order.sort_unstable();
    if order.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(Error::internal("two tiles hold the same polygon edge"));
    }
    let mut id = vec![0u32; count];
    for (g, &(_, tile_order)) in order.iter().enumerate() {
        id[tile_order as usize] = g as u32;
    }
    // The flat polygon lists in canonical order; edges on seams wait for their match.
    let corners: usize = tiles
        .iter()
        .flatten()
        .map(|m| m.partition.partition.flat_vertices().len())
        .sum();
    let mut flat_vertices: Vec<u32> = Vec::with_capacity(corners);
    let mut flat_neighbors: Vec<i32> = Vec::with_capacity(corners);
    let mut offsets: Vec<usize> = Vec::with_capacity(count + 1);
    offsets.push(0);
    let mut areas: Vec<AreaId> = Vec::with_capacity(count);
    let mut polygon_tiles: Vec<u32> = Vec::with_capacity(count);
    let mut seam_edges: Vec<SeamEdge> = Vec::new();
    for (g, &(_, tile_order)) in order.iter().enumerate() {
        let tile_order = tile_order as usize;
        let t = first_of_tile.partition_point(|&f| f <= tile_order) - 1;
        let local = tile_order - first_of_tile[t];
        let Some(m) = &tiles[t] else {
            return Err(Error::internal("a polygon of an empty tile"));
        };
        let map = &global[t];
        let polygon = m.partition.polygon(local);
        let around = m.partition.polygon_neighbors(local);
        let n = polygon.len();
        for k in 0..n {
            let (a, b) = (map[polygon[k] as usize], map[polygon[(k + 1) % n] as usize]);
            flat_vertices.push(a);
            if around[k] >= 0 {
                flat_neighbors.push(id[first_of_tile[t] + around[k] as usize] as i32);
            } else {
                if seams
                    .line_of(vertices[a as usize], vertices[b as usize])
                    .is_some()
                {
                    seam_edges.push(SeamEdge {
                        from: a,
                        to: b,
                        polygon: g as u32,
                        slot: flat_neighbors.len(),
                        edge: TileEdge {
                            tile: t,
                            polygon: local,
                            edge: k,
                        },
                    });
                }
                flat_neighbors.push(-1);
            }
        }
        offsets.push(flat_vertices.len());
        areas.push(m.areas[local]);
        polygon_tiles.push(t as u32);
    }
    drop(order);
    drop(id);
    drop(global);
    let links = match_seams(&vertices, &mut seam_edges, &mut flat_neighbors)?;
    let seam_points = SeamPoints::new(&vertices, seams);
    // The polygons (checked, then their fans) and the regions are independent: with the
    // feature `parallel` they are made at the same time. Each is a pure function of the
    // tiles, so the result is the same either way.
    let polygons = move || -> Result<(ConvexPartition, VertexFans)> {
        let partition = onepath_convex::Partition::from_flat(
            &vertices,
            flat_vertices,
            offsets,
            flat_neighbors,
            max_vertices,
        )
        .map_err(|e| Error::internal(format!("the stitched polygons: {e}")))?;
        let partition = ConvexPartition::from_partition(snap_bits, vertices, partition);
        let fans = partition.vertex_fans()?;
        Ok((partition, fans))
    };
    let regions = || -> Result<(Region, Vec<(AreaId, Region)>)> {
        let region = union_of(
            snap_bits,
            tiles.iter().flatten().map(|m| &m.region),
            &seam_points,
        )?;
        let area_regions = area_unions(snap_bits, tiles, &region, &seam_points)?;
        Ok((region, area_regions))
    };
    #[cfg(feature = "parallel")]
    let (polygons, regions) = rayon::join(polygons, regions);
    #[cfg(not(feature = "parallel"))]
    let (polygons, regions) = (polygons(), regions());
    let ((partition, fans), (region, area_regions)) = (polygons?, regions?);
    let mesh = NavMesh::assemble(
        region,
        tiles.iter().flatten().map(|m| m.triangle_count).sum(),
        partition,
        fans,
        areas,
        area_regions,
        StageTimings::default(),
    );
    Ok(Stitched {
        mesh,
        links,
        polygon_tiles,
    })
}

/// The global vertices (every tile's, sorted, a vertex on a seam once) and each tile's
/// vertex numbers in that list.
///
/// Tile column `i` spans `x` from its left seam up to its right one, and only the points on
/// a vertical seam belong to two columns; counting each of those in the column to its
/// right, the columns are consecutive runs of the sorted list. So each column's points are
/// sorted on their own (with the tile and local number they came from), numbered, and the
/// columns laid end to end: the work is a sort per column, and what is held beyond the
/// result is one column's points.
fn number_vertices(
    tiles: &[Option<NavMesh>],
    seams: &Seams,
) -> Result<(Vec<GridPoint>, Vec<Vec<u32>>)> {
    let tiles_x = seams.xs.len() + 1;
    let total: usize = tiles
        .iter()
        .flatten()
        .map(|m| m.partition.vertices().len())
        .sum();
    if total > u32::MAX as usize {
        return Err(Error::internal(format!(
            "{total} tile vertices do not fit the mesh's u32 vertex numbers"
        )));
    }
    let mut global: Vec<Vec<u32>> = tiles
        .iter()
        .map(|m| vec![0; m.as_ref().map_or(0, |m| m.partition.vertices().len())])
        .collect();
    let mut vertices: Vec<GridPoint> = Vec::with_capacity(total);
    let mut column: Vec<(GridPoint, u32, u32)> = Vec::new();
    for i in 0..tiles_x {
        column.clear();
        // This column's tiles, without their right seam, and the previous column's points on
        // its left seam.
        let mut add = |t: usize, keep: &dyn Fn(GridPoint) -> bool| {
            if let Some(Some(m)) = tiles.get(t) {
                for (local, &p) in m.partition.vertices().iter().enumerate() {
                    if keep(p) {
                        column.push((p, t as u32, local as u32));
                    }
                }
            }
        };
        for t in (i..tiles.len()).step_by(tiles_x) {
            match seams.xs.get(i) {
                Some(&right) => add(t, &|p: GridPoint| p.x != right),
                None => add(t, &|_| true),
            }
            if let Some(&left) = i.checked_sub(1).and_then(|k| seams.xs.get(k)) {
                add(t - 1, &|p: GridPoint| p.x == left);
            }
        }
        column.sort_unstable();
        for &(p, t, local) in &column {
            if vertices.last() != Some(&p) {
                vertices.push(p);
            }
            global[t as usize][local as usize] = (vertices.len() - 1) as u32;
        }
    }
    Ok((vertices, global))
}

/// Gives every seam edge the polygon of the other tile holding the reversed edge (writing
/// it into `neighbors`) and returns the links, each pair once (the smaller end first), in
/// order. A seam edge without its reverse is a real wall only if no other tile has a
/// polygon edge along it: overlapping unmatched edges of two tiles would be a T-junction
/// (`Error::Internal`), as would two tiles holding the same directed edge.
fn match_seams(
    vertices: &[GridPoint],
    seam_edges: &mut [SeamEdge],
    neighbors: &mut [i32],
) -> Result<Vec<(TileEdge, TileEdge)>> {
    seam_edges.sort_unstable_by_key(|e| (e.key(), e.edge));
    let mut links = Vec::new();
    let mut unmatched: Vec<(bool, i64, i64, i64, usize)> = Vec::new();
    let mut i = 0;
    while i < seam_edges.len() {
        let e = seam_edges[i];
        match seam_edges.get(i + 1).filter(|f| f.key() == e.key()) {
            Some(&f) => {
                if e.from == f.from || seam_edges.get(i + 2).is_some_and(|g| g.key() == e.key()) {
                    return Err(Error::internal("two tiles hold the same edge along a seam"));
                }
                if e.edge.tile == f.edge.tile {
                    return Err(Error::internal(
                        "a tile holds both sides of one of its edges",
                    ));
                }
                neighbors[e.slot] = f.polygon as i32;
                neighbors[f.slot] = e.polygon as i32;
                links.push((e.edge.min(f.edge), e.edge.max(f.edge)));
                i += 2;
            }
            None => {
                let (pa, pb) = (vertices[e.from as usize], vertices[e.to as usize]);
                let (vertical, at, lo, hi) = if pa.x == pb.x {
                    (true, pa.x, pa.y.min(pb.y), pa.y.max(pb.y))
                } else {
                    (false, pa.y, pa.x.min(pb.x), pa.x.max(pb.x))
                };
                unmatched.push((vertical, at, lo, hi, e.edge.tile));
                i += 1;
            }
        }
    }
    links.sort_unstable();
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
    Ok(links)
}

/// Each area's part of the stitched region, in increasing id. When every tile is one area,
/// the same one, its part is the region (as in each tile), so the union is not traced twice.
fn area_unions(
    snap_bits: u32,
    tiles: &[Option<NavMesh>],
    region: &Region,
    seam_points: &SeamPoints<'_>,
) -> Result<Vec<(AreaId, Region)>> {
    let mut ids: Vec<AreaId> = tiles
        .iter()
        .flatten()
        .flat_map(|m| m.area_regions.iter().map(|(id, _)| *id))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let whole = |m: &NavMesh| matches!(m.area_regions.as_slice(), [(_, r)] if *r == m.region);
    if ids.len() == 1 && tiles.iter().flatten().all(whole) {
        return Ok(vec![(ids[0], region.clone())]);
    }
    ids.iter()
        .map(|&id| {
            let parts = tiles.iter().flatten().flat_map(|m| {
                m.area_regions
                    .iter()
                    .filter(move |(a, _)| *a == id)
                    .map(|(_, r)| r)
            });
            Ok((id, union_of(snap_bits, parts, seam_points)?))
        })
        .collect()
}

/// True when `ring` goes straight on at a vertex off the seam lines.
fn straight_off_seams(ring: &[GridPoint], seams: &Seams) -> bool {
    let n = ring.len();
    (0..n).any(|i| {
        let (before, here, after) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
        !seams.touches(here) && orient2d(before, here, after) == Orientation::Collinear
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
///
/// Only rings with a vertex on a seam line are traced again. Any other ring meets no other
/// tile's ring (two tiles' squares share only seam lines), so every vertex of it keeps the
/// edges it had in its tile, and tracing (the clockwise-first rule and the collinear rule
/// decide at each vertex from the edges there) gives it back unchanged, already canonical.
/// The rings traced again see, at a vertex off the seams, only their own edges there; the
/// rule picks the same way, and the collinear rule too unless such a ring goes straight on
/// at a vertex it shares with a ring of its tile that is not traced again (a vertex where
/// a ring goes straight on is kept only when it has more than two edges): a tile with
/// such a vertex is traced whole.
fn union_of<'r>(
    snap_bits: u32,
    regions: impl Iterator<Item = &'r Region>,
    seam_points: &SeamPoints<'_>,
) -> Result<Region> {
    let seams = seam_points.seams;
    let mut rings: Vec<Vec<GridPoint>> = Vec::new();
    let mut edges = Vec::new();
    for region in regions {
        let touching: Vec<bool> = region
            .rings()
            .iter()
            .map(|ring| ring.iter().any(|&p| seams.touches(p)))
            .collect();
        let whole = region
            .rings()
            .iter()
            .zip(&touching)
            .any(|(ring, &t)| t && straight_off_seams(ring, seams));
        for (ring, &t) in region.rings().iter().zip(&touching) {
            if t || whole {
                for i in 0..ring.len() {
                    seam_points.split(ring[i], ring[(i + 1) % ring.len()], &mut edges);
                }
            } else {
                rings.push(ring.clone());
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
    rings.extend(trace_rings(&kept).map_err(Error::internal)?);
    // The order `trace_rings` gives: by the canonical first edge, distinct for distinct
    // rings.
    rings.sort_unstable_by(|r, s| (r[0], r[1]).cmp(&(s[0], s[1])));
    Ok(Region { snap_bits, rings })
}
