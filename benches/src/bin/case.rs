//! Runs one benchmark case once, for profilers (`valgrind --tool=callgrind`, `perf record`)
//! and for peak memory (`/usr/bin/time -v`), and prints what it built and how long it took.
//!
//! Usage: `case arrange COUNT` (the arrangement alone of COUNT random short segments, for
//! thread scaling with `RAYON_NUM_THREADS`), `case cdt COUNT` (the random-points
//! triangulation of the peer benches),
//! `case build MAP` (`Mesh2DPipeline::build` at cell size 1 and agent radius 0.5 of a
//! bundled Moving AI map, with stage timings), `case shrink MAP` (the shrink alone),
//! `case triangulate MAP` (`Region::triangulate` of the map's region),
//! `case difference W` (the noisy `W x W` tile-map difference of the boolean bench),
//! `case union COUNT` (the union of overlapping unit squares), `case grow COUNT` (that
//! union grown by 0.25 with 32 vertices per circle, as in the offset bench), `case squares
//! COUNT [DISTANCE]` (that union grown and shrunk by 0.25, as the offset bench does, or
//! offset by DISTANCE) or
//! `case intersection N` (the two N-vertex stars of the boolean bench), `case offset MAP`
//! (the map's region grown and shrunk by 0.5 with 32 vertices per circle, as in the offset
//! bench) or `case bundle COUNT` (the arrangement of COUNT long edges crossing near one
//! point, the crossing bundle of `growth`).

use onepath_arrangement::{Operand, TaggedEdge, arrange};
use onepath_benches::{
    Fnv, arrangement_hash, cdt_input, map_region, mesh_hash, noisy_cells, onepath_tolerance,
    outlines, overlapping_squares, random_segments, ring_region, star, tile_region,
};
use onepath_build2d::{Geometry2DOptions, Join, Mesh2DPipeline, Region};
use onepath_cdt::Cdt;
use onepath_predicates::GridPoint;
use onepath_testkit::growth::crossing_bundle;
use std::time::Instant;

/// The FNV-1a hash of a region's rings (lengths and coordinates).
fn region_hash(region: &Region) -> u64 {
    let mut hash = Fnv::default();
    for ring in region.rings() {
        hash.add(ring.len() as u64);
        for p in ring {
            hash.add(p.x as u64);
            hash.add(p.y as u64);
        }
    }
    hash.0
}

/// The union of `count` overlapping unit squares (the boolean and offset benches' input).
fn squares_union(count: usize) -> Region {
    Region::from_outlines(
        &outlines(&overlapping_squares(count, 1)),
        &Geometry2DOptions::default(),
    )
    .expect("union")
}

fn usage() -> ! {
    eprintln!(
        "usage: case (arrange COUNT | runs MAP | cdt COUNT | build MAP | shrink MAP | triangulate MAP | difference W \
         | union COUNT | grow COUNT | squares COUNT [DISTANCE] | intersection N \
         | offset MAP [CELLS] | bundle COUNT)"
    );
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (kind, arg, extra) = match args.as_slice() {
        [kind, arg] => (kind, arg, None),
        [kind, arg, extra] if kind == "offset" || kind == "squares" => (kind, arg, Some(extra)),
        _ => usage(),
    };
    let start = Instant::now();
    match kind.as_str() {
        "arrange" => {
            // N random short segments in a square (about 3 crossings per segment), both
            // operands: the general arrangement alone, for thread scaling (RAYON_NUM_THREADS).
            let count: usize = arg.parse().unwrap_or_else(|_| usage());
            let edges = random_segments(count);
            let start = Instant::now();
            let arrangement = arrange(&edges).expect("arrangement");
            let elapsed = start.elapsed();
            println!(
                "arrangement of {count} random segments: {} vertices, {} segments, hash {:016x}, in {elapsed:?}",
                arrangement.vertices.len(),
                arrangement.segments.len(),
                arrangement_hash(&arrangement)
            );
        }
        "bundle" => {
            // The crossing bundle of issue #24 (`growth bundle`): long edges whose midpoints
            // lie within one unit of the origin, operand 0.
            let count: usize = arg.parse().unwrap_or_else(|_| usage());
            let edges: Vec<TaggedEdge> = crossing_bundle(count, 1_000_000, 1, 1)
                .iter()
                .map(|s| {
                    let p = |c: [i64; 2]| GridPoint::new(c[0], c[1]);
                    TaggedEdge::new(p(s[0]), p(s[1]), Operand::First)
                })
                .collect();
            let start = Instant::now();
            let arrangement = arrange(&edges).expect("arrangement");
            let elapsed = start.elapsed();
            println!(
                "arrangement of a bundle of {count} edges: {} vertices, {} segments, hash {:016x}, in {elapsed:?}",
                arrangement.vertices.len(),
                arrangement.segments.len(),
                arrangement_hash(&arrangement)
            );
        }
        "runs" => {
            // The union of a bundled map's row runs, one rectangle outline each.
            let runs = onepath_benches::map_runs(arg);
            let start = Instant::now();
            let union = Region::from_outlines(&outlines(&runs), &Geometry2DOptions::default())
                .expect("union");
            println!(
                "union of the {} row runs of {arg}: {} vertices, hash {:016x}, in {:?}",
                runs.len(),
                union.vertex_count(),
                region_hash(&union),
                start.elapsed()
            );
        }
        "cdt" => {
            let count: usize = arg.parse().unwrap_or_else(|_| usage());
            let (points, constraints) = cdt_input(count, 7);
            let start = Instant::now();
            let cdt = Cdt::new(&points, &constraints).expect("cdt");
            let elapsed = start.elapsed();
            // FNV-1a over the triangles, adjacency and constraint flags: equal hashes before
            // and after a change of the triangulation code show unchanged output.
            let mut hash = Fnv::default();
            let words = cdt
                .triangles()
                .iter()
                .chain(cdt.adjacency())
                .flatten()
                .copied();
            let flags = cdt.constrained_masks().iter().map(|&m| u32::from(m));
            words.chain(flags).for_each(|w| hash.add(u64::from(w)));
            println!(
                "cdt of {} points: {} triangles in {elapsed:?}, output hash {:016x}",
                points.len(),
                cdt.triangles().len(),
                hash.0
            );
        }
        "build" => {
            let region = map_region(arg);
            let mesh = Mesh2DPipeline::new(1.0, 0.5).build(&region).expect("build");
            println!(
                "build of {arg}: {} polygons, {} triangles, output hash {:016x}, stages {:?}",
                mesh.polygons().len(),
                mesh.triangle_count(),
                mesh_hash(&mesh),
                mesh.timings()
            );
        }
        "shrink" => {
            let region = map_region(arg);
            let shrunk = Mesh2DPipeline::new(1.0, 0.5)
                .shrink(&region)
                .expect("shrink");
            println!(
                "shrink of {arg}: {} vertices, hash {:016x}",
                shrunk.vertex_count(),
                region_hash(&shrunk)
            );
        }
        "triangulate" => {
            let region = map_region(arg);
            let triangulation = region.triangulate().expect("triangulate");
            println!("triangulation of {arg}: {} triangles", triangulation.len());
        }
        "union" => {
            let count: usize = arg.parse().unwrap_or_else(|_| usage());
            let union = squares_union(count);
            println!(
                "union of {count} squares: {} vertices, hash {:016x}",
                union.vertex_count(),
                region_hash(&union)
            );
        }
        "grow" => {
            let count: usize = arg.parse().unwrap_or_else(|_| usage());
            let union = squares_union(count);
            let start = Instant::now();
            let grown = union
                .offset(0.25, Join::Round, onepath_tolerance(0.25, 32))
                .expect("offset");
            println!(
                "round grow of the union of {count} squares: {} vertices, hash {:016x}, in {:?}",
                grown.vertex_count(),
                region_hash(&grown),
                start.elapsed()
            );
        }
        "squares" => {
            // The offset bench's squares: their union grown and shrunk by 0.25, or offset by
            // DISTANCE (32 vertices per circle either way).
            let count: usize = arg.parse().unwrap_or_else(|_| usage());
            let union = squares_union(count);
            let distances = match extra.map(String::as_str) {
                None => vec![0.25f64, -0.25],
                Some(d) => vec![d.parse().unwrap_or_else(|_| usage())],
            };
            for distance in distances {
                let tolerance = onepath_tolerance(distance.abs(), 32);
                let start = Instant::now();
                let offset = union
                    .offset(distance, Join::Round, tolerance)
                    .expect("offset");
                println!(
                    "round offset of the union of {count} squares by {distance}: {} vertices, \
                     hash {:016x}, in {:?}",
                    offset.vertex_count(),
                    region_hash(&offset),
                    start.elapsed()
                );
            }
        }
        "offset" => {
            // Grown and shrunk by half a cell, or by CELLS (32 vertices per circle either way).
            let region = map_region(arg);
            let radius: f64 = extra.map_or(0.5, |r| r.parse().unwrap_or_else(|_| usage()));
            for distance in [radius, -radius] {
                let start = Instant::now();
                let offset = region
                    .offset(distance, Join::Round, onepath_tolerance(radius, 32))
                    .expect("offset");
                println!(
                    "round offset of {arg} by {distance}: {} vertices, hash {:016x}, in {:?}",
                    offset.vertex_count(),
                    region_hash(&offset),
                    start.elapsed()
                );
            }
        }
        "difference" => {
            let w: usize = arg.parse().unwrap_or_else(|_| usage());
            let a = tile_region(&noisy_cells(w, w, 0.6, 4), w, w, [0.0, 0.0]);
            let b = tile_region(&noisy_cells(w, w, 0.4, 5), w, w, [0.5, 0.5]);
            let d = a.difference(&b).expect("difference");
            println!(
                "difference of {w} x {w} maps: {} vertices, hash {:016x}",
                d.vertex_count(),
                region_hash(&d)
            );
        }
        "intersection" => {
            let n: usize = arg.parse().unwrap_or_else(|_| usage());
            let a = ring_region(&star(n, 2, 0.0));
            let b = ring_region(&star(n, 3, 0.37));
            let i = a.intersection(&b).expect("intersection");
            println!(
                "intersection of two {n}-vertex stars: {} vertices, hash {:016x}",
                i.vertex_count(),
                region_hash(&i)
            );
        }
        _ => usage(),
    }
    println!("total {:?}", start.elapsed());
}
