//! Building tiles of a tiled build (decisions D17): every tile for a build, the tiles an
//! edit reaches for an update, each from its window (in parallel with the feature
//! `parallel`), and the whole stitched again; nothing changes unless every tile builds and
//! the stitch succeeds.

use super::TiledNavMesh;
use super::seams::Seams;
use super::stitch::stitch;
use crate::error::Result;
use crate::input::Geometry2DOptions;
use crate::navmesh::{NavMesh, StageTimings};
use crate::tile_build::{TileContext, TileInput, TileOutput, build_tile};
use crate::triangulate::ConvexPartition;
use std::time::Instant;

impl TiledNavMesh {
    /// Rebuilds `tiles` from `input` (in parallel with the feature `parallel`) and stitches
    /// everything again.
    pub(super) fn rebuild(
        &mut self,
        input: TileInput<'_>,
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
            input,
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
