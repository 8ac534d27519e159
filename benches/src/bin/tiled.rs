//! Times tiled builds (issue #20, decisions D17) of generated rooms-and-noise tile maps of
//! side 512 to 8192 and prints, per size, the cells, tiles, polygons, seconds (in all, the
//! tiles, the stitch), nanoseconds per cell and their ratio to the first size's (512 by
//! default), processor time per cell, the peak resident memory and an estimate of the
//! stitched mesh's own bytes.
//!
//! Usage: `cargo run --release -p onepath-benches --bin tiled [SIDE...]` (the default:
//! 512 1024 2048 4096 8192). Each run is a child process (`tiled one SIDE`), so the peak
//! memory it reports (`VmHWM` of `/proc/self/status`, 0 where there is none) is that
//! size's alone; `/usr/bin/time -v target/release/tiled one 8192` reports the same run's
//! peak for the record. Every side runs several times (see [`repeats`]) and the median
//! run is printed. The thread count is rayon's (`RAYON_NUM_THREADS=1` for one thread).
//! `TILE=K` changes the tile size (default 128, see [`DEFAULT_TILE`]); `TILE=0` times the
//! untiled build instead (the whole map as one region, one arrangement). `REGION=1` builds
//! the map's walkable region turned by 0.3 radians as an outline region instead
//! ([`TiledBuild::build_region`], decisions D20: every wall an edge at an angle, cut on
//! the seams); the turned region is made before the clock starts, and "cells" are then the
//! cells of the grid that covers it.
//!
//! The map (see [`rooms_and_noise`]) is statistically the same everywhere, so a tiled build
//! whose cost grows with the cells and not faster shows a flat ratio column.

use onepath_benches::{Rng, peak_kb};
use onepath_build2d::{
    Geometry2DOptions, Mesh2DPipeline, NavMesh, Outline, Region, TiledBuild, TiledTimings, Vector2D,
};
use std::process::Command;
use std::time::Instant;

/// The tile size, in cells. At agent radius 0.5 and cell 1 the halo is 3 cells (D17:
/// `ceil((3.5 r + 8) / c) + 1` with `r` and `c` in grid units), so a window of a 128-cell tile has
/// `(134 / 128)^2 = 1.10` times its cells (32 cells: 1.41; 64 cells: 1.20; 256 cells:
/// 1.05). Smaller tiles pay for their halos and split more polygons at seams, larger ones
/// for larger arrangements: at side 2048 the processor time per cell was 1,009 / 837 / 839 /
/// 911 / 1,044 ns for tiles of 32 / 64 / 128 / 256 / 512 cells, with 376 / 358 / 350 / 347 /
/// 345 thousand polygons. 128 is at the bottom with fewer seam splits than 64, and still
/// gives the 512 map 16 tiles to share between threads.
const DEFAULT_TILE: usize = 128;

/// The sides the table runs at.
const SIDES: [usize; 5] = [512, 1024, 2048, 4096, 8192];

/// A `side x side` map of codes 0 (blocked) and 1 (walkable), seeded: walls one cell thick
/// along randomly spaced lines (every 16 to 47 cells), splitting the map into rooms; every
/// wall between two neighbouring rooms has a door 2 to 5 cells wide at a random place, or
/// is left out altogether (one wall in four, joining the rooms into halls); then noise:
/// each cell is blocked with probability 1/50 (debris) and a pillar of 1 to 4 cells a side
/// starts at a cell with probability 1/800. Every statistic is the same in every part of
/// the map, so the time per cell of a good build does not depend on the side.
fn rooms_and_noise(side: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut codes = vec![1u8; side * side];
    // The wall lines: columns and rows of cells.
    let lines = |rng: &mut Rng| {
        let mut at = Vec::new();
        let mut x = 16 + rng.below(32);
        while x < side {
            at.push(x);
            x += 16 + rng.below(32);
        }
        at
    };
    let columns = lines(&mut rng);
    let rows = lines(&mut rng);
    // The room boundaries along each axis: 0, the walls, and the map's end.
    let bounds = |walls: &[usize]| {
        let mut b = vec![0];
        b.extend(walls.iter().map(|&w| w + 1));
        b.push(side);
        b
    };
    let (bx, by) = (bounds(&columns), bounds(&rows));
    // Vertical walls: column `c` between rooms, in each band of rows between horizontal
    // walls.
    for &c in &columns {
        for band in by.windows(2) {
            let (y0, y1) = (band[0], band[1].min(side));
            let keep = !rng.chance(1, 4);
            let door = 2 + rng.below(4);
            let start = y0 + rng.below((y1 - y0).saturating_sub(door).max(1));
            for y in y0..y1 {
                if keep && !(start..start + door).contains(&y) {
                    codes[c + y * side] = 0;
                }
            }
        }
    }
    // Horizontal walls: row `r`, in each band of columns between vertical walls.
    for &r in &rows {
        for band in bx.windows(2) {
            let (x0, x1) = (band[0], band[1].min(side));
            let keep = !rng.chance(1, 4);
            let door = 2 + rng.below(4);
            let start = x0 + rng.below((x1 - x0).saturating_sub(door).max(1));
            for x in x0..x1 {
                if keep && !(start..start + door).contains(&x) {
                    codes[x + r * side] = 0;
                }
            }
        }
    }
    // Noise: debris and pillars.
    for y in 0..side {
        for x in 0..side {
            if rng.chance(1, 50) {
                codes[x + y * side] = 0;
            }
            if rng.chance(1, 800) {
                let s = 1 + rng.below(4);
                for yy in y..(y + s).min(side) {
                    for xx in x..(x + s).min(side) {
                        codes[xx + yy * side] = 0;
                    }
                }
            }
        }
    }
    codes
}

/// An estimate of the heap bytes the stitched mesh holds: its vertices (16 bytes), the
/// polygons' flat corner and neighbour lists (8 bytes a corner, 8 an offset), the fans
/// (about 4 bytes a corner and 8 a vertex), the region's and the one area's rings (16
/// bytes a vertex, 24 a ring, twice), areas and tiles (5 bytes a polygon).
fn mesh_bytes(mesh: &NavMesh) -> usize {
    let polygons = mesh.polygons();
    let corners: usize = polygons.iter().map(|p| p.vertices.len()).sum();
    let ring_vertices = mesh.region().vertex_count();
    let rings = mesh.region().rings().len();
    mesh.vertices().len() * (16 + 8)
        + corners * (8 + 4)
        + polygons.len() * (8 + 5)
        + 2 * (ring_vertices * 16 + rings * 24)
}

/// The processor time of this process so far (user and system, all threads) in seconds,
/// from `/proc/self/stat` (in clock ticks, taken as 100 a second); 0 where there is none.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|stat| {
            // The fields after the command name (which is in parentheses): utime and stime
            // are the 12th and 13th of them.
            let rest = stat.rsplit_once(')')?.1;
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let ticks = |k: usize| fields.get(k)?.parse::<f64>().ok();
            Some((ticks(11)? + ticks(12)?) / 100.0)
        })
        .unwrap_or(0.0)
}

/// The walkable region of `codes` (a `side x side` map of unit cells) turned by 0.3 radians
/// about the map's centre and moved into the first quadrant, as one outline.
fn turned_region(codes: &[u8], side: usize, options: &Geometry2DOptions) -> Region {
    let cells: Vec<bool> = codes.iter().map(|&c| c != 0).collect();
    let origin = Vector2D::new(0.0, 0.0);
    let walls = Region::from_tile_map(&cells, side, side, 1.0, origin, options)
        .unwrap_or_else(|e| panic!("side {side}: {e}"));
    let (sin, cos) = 0.3f64.sin_cos();
    let centre = side as f64 / 2.0;
    // The turned square's corners reach `centre * (cos + sin)` from the centre.
    let shift = centre * (cos + sin) + 1.0;
    let rings: Vec<Vec<Vector2D>> = walls
        .rings_f64()
        .iter()
        .map(|ring| {
            ring.iter()
                .map(|p| {
                    let (x, y) = (p.x - centre, p.y - centre);
                    Vector2D::new(x * cos - y * sin + shift, x * sin + y * cos + shift)
                })
                .collect()
        })
        .collect();
    Region::from_outlines(&[Outline::new(rings)], options)
        .unwrap_or_else(|e| panic!("side {side}: {e}"))
}

/// How many times a side is built, each in a fresh process; the median run is reported.
/// Small sides take a fraction of a second, and on a shared machine single short runs
/// scatter by 10 % or more, so they run more often (the fastest run would favour them: a
/// short run is more likely than a long one to find the other core idle).
fn repeats(side: usize) -> usize {
    match side {
        0..=512 => 7,
        513..=1024 => 5,
        1025..=2048 => 3,
        _ => 2,
    }
}

/// Builds one side once and prints `cells tiles polygons seconds tiles_s stitch_s cpu_s
/// peak_kb mesh_bytes threads`. A tile size of 0 is the untiled build
/// ([`Mesh2DPipeline::build`] of the map's region: the world as one arrangement), for
/// comparison.
fn one(side: usize, tile: usize) {
    let codes = rooms_and_noise(side, 0x7117_ED00 + side as u64);
    let options = Geometry2DOptions::default();
    let pipeline = Mesh2DPipeline::new(1.0, 0.5);
    let origin = Vector2D::new(0.0, 0.0);
    let turned = std::env::var_os("REGION").is_some_and(|v| v == "1");
    let region = turned.then(|| turned_region(&codes, side, &options));
    let cpu = cpu_seconds();
    let start = Instant::now();
    // What to print of a mesh, once the clock has stopped.
    let finish = |mesh: &NavMesh| {
        let seconds = start.elapsed().as_secs_f64();
        (
            seconds,
            cpu_seconds() - cpu,
            mesh.polygons().len(),
            mesh_bytes(mesh),
        )
    };
    let fail = |e: onepath_build2d::Error| -> ! { panic!("side {side}: {e}") };
    // A turned region's cells: those of the box around it (the same for both builds).
    let cells = region
        .as_ref()
        .and_then(Region::bounds)
        .map_or(side * side, |(lo, hi)| {
            let cells = |d: i64| (d as f64 / 65536.0).ceil() as usize;
            cells(hi.x - lo.x) * cells(hi.y - lo.y)
        });
    let (tiles, timings, (seconds, cpu, polygons, bytes)) = match (&region, tile) {
        (Some(region), 0) => {
            let mesh = pipeline.build(region).unwrap_or_else(|e| fail(e));
            (1, TiledTimings::default(), finish(&mesh))
        }
        (Some(region), tile) => {
            let build = TiledBuild::new(pipeline, tile);
            let t = build
                .region_origin(region)
                .and_then(|origin| build.build_region(region, origin))
                .unwrap_or_else(|e| fail(e));
            let (tx, ty) = t.tile_counts();
            (tx * ty, t.timings(), finish(t.stitched()))
        }
        (None, 0) => {
            let cells: Vec<bool> = codes.iter().map(|&c| c != 0).collect();
            let mesh = Region::from_tile_map(&cells, side, side, 1.0, origin, &options)
                .and_then(|region| pipeline.build(&region))
                .unwrap_or_else(|e| fail(e));
            (1, TiledTimings::default(), finish(&mesh))
        }
        (None, tile) => {
            let t = TiledBuild::new(pipeline, tile)
                .build(&codes, side, side, 1.0, origin, &options)
                .unwrap_or_else(|e| fail(e));
            let (tx, ty) = t.tile_counts();
            (tx * ty, t.timings(), finish(t.stitched()))
        }
    };
    println!(
        "{} {} {} {} {} {} {} {} {} {}",
        cells,
        tiles,
        polygons,
        seconds,
        timings.tiles.as_secs_f64(),
        timings.stitch.as_secs_f64(),
        cpu,
        peak_kb(),
        bytes,
        std::env::var("RAYON_NUM_THREADS").unwrap_or_else(|_| "all".into()),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tile = std::env::var("TILE")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(DEFAULT_TILE);
    if let [mode, side] = args.as_slice()
        && mode == "one"
    {
        one(side.parse().expect("a side"), tile);
        return;
    }
    let sides: Vec<usize> = if args.is_empty() {
        SIDES.to_vec()
    } else {
        args.iter().map(|a| a.parse().expect("a side")).collect()
    };
    let exe = std::env::current_exe().expect("own path");
    if std::env::var_os("REGION").is_some_and(|v| v == "1") {
        println!("the maps turned by 0.3 radians, as outline regions (REGION=1)");
    }
    if tile == 0 {
        println!("untiled (TILE=0), agent radius 0.5, cell 1\n");
    } else {
        println!("tiles of {tile} cells, agent radius 0.5, cell 1\n");
    }
    println!(
        "| side | cells | tiles | polygons | seconds | tiles s | stitch s | ns per cell | ratio | CPU ns per cell | peak MB | mesh MB (est.) | threads |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut base = None;
    for side in sides {
        // The median run by wall-clock time (the slower middle one of an even count), with
        // the largest peak memory of all runs.
        let mut runs: Vec<(Vec<f64>, String)> = Vec::new();
        let mut peak: f64 = 0.0;
        for _ in 0..repeats(side) {
            let out = Command::new(&exe)
                .args(["one", &side.to_string()])
                .output()
                .expect("child run");
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let fields: Vec<f64> = text
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            if fields.len() < 9 {
                eprintln!(
                    "side {side}: no result ({})",
                    String::from_utf8_lossy(&out.stderr)
                );
                continue;
            }
            peak = peak.max(fields[7]);
            runs.push((fields, text));
        }
        runs.sort_by(|a, b| a.0[3].total_cmp(&b.0[3]));
        let middle = runs.len() / 2;
        let Some((mut fields, text)) = runs.into_iter().nth(middle) else {
            continue;
        };
        fields[7] = peak;
        let words: Vec<&str> = text.split_whitespace().collect();
        let [
            cells,
            tiles,
            polygons,
            seconds,
            tiles_s,
            stitch_s,
            cpu,
            kb,
            bytes,
            ..,
        ] = fields.as_slice()
        else {
            continue;
        };
        let per_cell = seconds * 1e9 / cells;
        let ratio = per_cell / *base.get_or_insert(per_cell);
        println!(
            "| {side} | {cells} | {tiles} | {polygons} | {seconds:.2} | {tiles_s:.2} | {stitch_s:.2} | {per_cell:.0} | {ratio:.2} | {:.0} | {:.0} | {:.0} | {} |",
            cpu * 1e9 / cells,
            kb / 1024.0,
            bytes / 1048576.0,
            words.last().unwrap_or(&"?"),
        );
    }
}
