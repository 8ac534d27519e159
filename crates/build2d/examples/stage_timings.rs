//! Builds the navigation mesh of Moving AI maps and prints each stage's time and share.
//!
//! ```sh
//! cargo run --release -p onepath-build2d --example stage_timings -- \
//!     tests/data/movingai/AR0011SR.map [--radius 0.5] [--tile 2]
//! ```
//!
//! `--tile K` repeats the map K x K times first (a 512 x 512 map becomes 1024 x 1024 with
//! `--tile 2`), to see how the stages scale; `--trace-only` stops after tracing the tile
//! map into a region.

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Region, Vector2D};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut paths = Vec::new();
    let (mut radius, mut tile, mut trace_only) = (0.5, 1usize, false);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--radius" => radius = args.next().ok_or("--radius needs a value")?.parse()?,
            "--tile" => tile = args.next().ok_or("--tile needs a value")?.parse()?,
            "--trace-only" => trace_only = true,
            _ => paths.push(arg),
        }
    }
    if paths.is_empty() {
        return Err("usage: stage_timings MAP... [--radius R] [--tile K] [--trace-only]".into());
    }
    println!(
        "map | size | trace ms | shrink ms | triangulate ms | partition ms | fans ms | polygons"
    );
    for path in paths {
        let map = onepath_io::read_tile_map(&std::fs::read_to_string(&path)?)?;
        let (w, h) = (map.width * tile, map.height * tile);
        let cells: Vec<bool> = (0..w * h)
            .map(|i| map.get((i % w) % map.width, (i / w) % map.height))
            .collect();
        let start = Instant::now();
        let region = Region::from_tile_map(
            &cells,
            w,
            h,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )?;
        let trace = start.elapsed();
        if trace_only {
            let boundary: usize = region.rings().iter().map(Vec::len).sum();
            println!(
                "{path}: {w}x{h} traced in {trace:?}: {} rings, {boundary} ring vertices",
                region.rings().len()
            );
            continue;
        }
        let mesh = Mesh2DPipeline::new(1.0, radius).build(&region)?;
        let t = mesh.timings();
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        let total = ms(trace) + ms(t.total());
        let name = path.rsplit('/').next().unwrap_or(&path);
        println!(
            "{name} | {w}x{h} | {:.1} ({:.0}%) | {:.1} ({:.0}%) | {:.1} ({:.0}%) | {:.1} ({:.0}%) | {:.1} ({:.0}%) | {}",
            ms(trace),
            100.0 * ms(trace) / total,
            ms(t.shrink),
            100.0 * ms(t.shrink) / total,
            ms(t.triangulate),
            100.0 * ms(t.triangulate) / total,
            ms(t.partition),
            100.0 * ms(t.partition) / total,
            ms(t.fans),
            100.0 * ms(t.fans) / total,
            mesh.polygons().len()
        );
    }
    Ok(())
}
