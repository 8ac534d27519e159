//! The offset culling (issue #18) on every bundled Moving AI map, whole: for each map, the
//! round grow and shrink at radii 0.25, 0.5, 1 and 3 (arc tolerance 0, the default), and
//! the build's shrink (`Mesh2DPipeline::shrink` at cell size 1) at the same radii, with
//! and without the culling. Prints the piece edges fed to the arrangement before and
//! after, both times (the faster of two alternated runs each), and whether the rings are
//! identical; exits with status 1 on any
//! difference (`docs/testing.md`; the test suite compares windows of the same maps).
//!
//! Usage: `culling [--radii R,R,...] [MAP...]` (default: radii 0.25, 0.5, 1 and 3, every
//! bundled map). Larger radii (`--radii 4,8,16`) compare the pieces left out deep inside
//! the offset (section 11 of the proof).

use onepath_benches::{map_region, offset_piece_edges, shrink_piece_edges};
use onepath_build2d::{Join, Mesh2DPipeline, Region, Result};
use std::time::{Duration, Instant};

fn main() {
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    let mut radii = vec![0.25, 0.5, 1.0, 3.0];
    if names.first().map(String::as_str) == Some("--radii") {
        let list = names.get(1).expect("--radii takes a list such as 4,8,16");
        radii = list
            .split(',')
            .map(|r| r.parse().expect("a radius in cells"))
            .collect();
        names.drain(..2);
    }
    if names.is_empty() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/movingai");
        names = std::fs::read_dir(dir)
            .expect("tests/data/movingai")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".map"))
            .collect();
        names.sort();
    }
    let mut differences = 0;
    println!("map radius | piece edges all / culled | time unculled / culled | same rings");
    for name in &names {
        let region = map_region(name);
        for &radius in &radii {
            for distance in [radius, -radius] {
                let (all, culled) = offset_piece_edges(&region, distance, 0.0);
                let label = format!("{name} {distance:+}");
                differences += compare(
                    &label,
                    (all, culled),
                    || region.offset_unculled(distance, Join::Round, 0.0),
                    || region.offset(distance, Join::Round, 0.0),
                );
            }
        }
        for &radius in &radii {
            let pipeline = Mesh2DPipeline::new(1.0, radius);
            let label = format!("{name} build shrink {radius}");
            let counts = shrink_piece_edges(&region, 1.0, radius);
            differences += compare(
                &label,
                counts,
                || pipeline.shrink_unculled(&region),
                || pipeline.shrink(&region),
            );
        }
    }
    if differences > 0 {
        eprintln!("{differences} offsets or shrinks differ from the unculled pieces");
        std::process::exit(1);
    }
}

/// Runs `unculled` and `culled` alternately twice, prints one row with the piece edges
/// `(all, culled)` and the faster time of each, and returns 1 when the two results differ
/// (rings, or error messages), else 0.
fn compare(
    label: &str,
    (all, culled): (usize, usize),
    unculled_run: impl Fn() -> Result<Region>,
    culled_run: impl Fn() -> Result<Region>,
) -> usize {
    // Alternated twice, the faster of each: single runs on this machine move by 10 to 20
    // per cent.
    let (mut unculled_time, mut culled_time) = (Duration::MAX, Duration::MAX);
    let (mut unculled_rings, mut culled_rings) = (None, None);
    for _ in 0..2 {
        let start = Instant::now();
        unculled_rings = Some(unculled_run());
        unculled_time = unculled_time.min(start.elapsed());
        let start = Instant::now();
        culled_rings = Some(culled_run());
        culled_time = culled_time.min(start.elapsed());
    }
    let same = match (unculled_rings.expect("run"), culled_rings.expect("run")) {
        (Ok(a), Ok(b)) => a.rings() == b.rings(),
        (Err(a), Err(b)) => a.to_string() == b.to_string(),
        _ => false,
    };
    println!(
        "{label} | {all} / {culled} ({:.2}) | {:.1} / {:.1} ms ({:.2}) | {}",
        culled as f64 / all.max(1) as f64,
        unculled_time.as_secs_f64() * 1e3,
        culled_time.as_secs_f64() * 1e3,
        culled_time.as_secs_f64() / unculled_time.as_secs_f64(),
        if same { "yes" } else { "NO" }
    );
    usize::from(!same)
}
