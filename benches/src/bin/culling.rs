//! The offset culling (issue #18) on every bundled Moving AI map, whole: for each map, the
//! round grow and shrink at radii 0.25, 0.5, 1 and 3 (arc tolerance 0, the default), with
//! and without the culling. Prints the piece edges fed to the arrangement before and
//! after, both times (the faster of two alternated runs each), and whether the rings are
//! identical; exits with status 1 on any
//! difference (`docs/testing.md`; the test suite compares windows of the same maps).
//!
//! Usage: `culling [MAP...]` (default: every bundled map).

use onepath_benches::{map_region, offset_piece_edges};
use onepath_build2d::Join;
use std::time::{Duration, Instant};

fn main() {
    let mut names: Vec<String> = std::env::args().skip(1).collect();
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
        for radius in [0.25, 0.5, 1.0, 3.0] {
            for distance in [radius, -radius] {
                let (all, culled) = offset_piece_edges(&region, distance, 0.0);
                // Alternated twice, the faster of each: single runs on this machine move by
                // 10 to 20 per cent.
                let (mut unculled_time, mut culled_time) = (Duration::MAX, Duration::MAX);
                let (mut unculled_rings, mut culled_rings) = (None, None);
                for _ in 0..2 {
                    let start = Instant::now();
                    unculled_rings = Some(region.offset_unculled(distance, Join::Round, 0.0));
                    unculled_time = unculled_time.min(start.elapsed());
                    let start = Instant::now();
                    culled_rings = Some(region.offset(distance, Join::Round, 0.0));
                    culled_time = culled_time.min(start.elapsed());
                }
                let (unculled_rings, culled_rings) =
                    (unculled_rings.expect("run"), culled_rings.expect("run"));
                let same = match (&unculled_rings, &culled_rings) {
                    (Ok(a), Ok(b)) => a.rings() == b.rings(),
                    (Err(a), Err(b)) => a.to_string() == b.to_string(),
                    _ => false,
                };
                differences += usize::from(!same);
                println!(
                    "{name} {distance:+} | {all} / {culled} ({:.2}) | {:.1} / {:.1} ms ({:.2}) | {}",
                    culled as f64 / all.max(1) as f64,
                    unculled_time.as_secs_f64() * 1e3,
                    culled_time.as_secs_f64() * 1e3,
                    culled_time.as_secs_f64() / unculled_time.as_secs_f64(),
                    if same { "yes" } else { "NO" }
                );
            }
        }
    }
    if differences > 0 {
        eprintln!("{differences} offsets differ from the unculled pieces");
        std::process::exit(1);
    }
}
