//! Prints how the growth inputs of issue #24 scale: time and peak memory per size and the
//! exponent `b` of `time ~ n^b` (least squares over the sizes), for the stacked slivers 1
//! and 2 units apart, the crossing bundle and whole-map builds (docs/testing.md, "Growth
//! cases").
//!
//! Usage: `cargo run --release -p onepath-benches --bin growth [CASE...]` (or `growth map N
//! FILE`, which writes the map of `whole` at size `N` as a Moving AI file) with cases among
//! `slivers1`, `slivers2`, `bundle` (the default: those three), `whole` (the build of a
//! random `n x n` map, 10 % of its cells blocked, at agent radius 0.5, untiled: its
//! "segments" are the map's boundary edges, its "arrange" time the whole build, and the
//! table adds the peak bytes per boundary edge), `offset` (the round offset of
//! `8room_000.map` grown by `n` = 1, 2, 4, 8 and 16 cells: its "segments" are the piece
//! edges fed to the arrangement after the culling, its "arrange" time the whole offset,
//! and both exponents are in the distance) and the "before" variants
//! `slivers1-plain` (the winding sweep on the specification's plain-list status) and
//! `slivers2-sweep` (the arrangement with the older sweep in x as its search). Each size
//! runs in a child process (`growth one CASE N`), so that the peak resident memory it
//! reports (`VmHWM` of `/proc/self/status`, 0 where there is none) is that size's alone:
//! the peak of its first run, as `/usr/bin/time -v` of one build measures it, and the peak
//! after all three runs (the time is the fastest run's).

use onepath_arrangement::{
    ArrangeOptions, Arrangement, CandidateSearch, Operand, TaggedEdge, arrange_with,
};
use onepath_benches::{
    UNIT, map_region, noisy_cells, offset_piece_edges, onepath_tolerance, peak_kb, tile_region,
};
use onepath_build2d::{Join, Mesh2DPipeline};
use onepath_predicates::GridPoint;
use onepath_testkit::growth::{crossing_bundle, sliver_stack};
use onepath_winding::{label, label_with_plain_list};
use std::process::Command;
use std::time::{Duration, Instant};

/// The sizes each case runs at.
fn sizes(case: &str) -> &'static [usize] {
    match case {
        "slivers1" | "slivers2" => &[16_384, 32_768, 65_536, 131_072, 262_144],
        "slivers1-plain" => &[16_384, 32_768, 65_536, 131_072],
        "slivers2-sweep" => &[2_048, 4_096, 8_192],
        "bundle" => &[1_024, 2_048, 4_096],
        "whole" => &[512, 1_024, 2_048, 4_096],
        "offset" => &[1, 2, 4, 8, 16],
        _ => &[],
    }
}

/// The edges of counter-clockwise rectangles, operand 0.
fn rect_edges(rects: &[[[i64; 2]; 4]]) -> Vec<TaggedEdge> {
    let p = |c: [i64; 2]| GridPoint::new(c[0], c[1]);
    rects
        .iter()
        .flat_map(|r| {
            (0..4).map(move |i| TaggedEdge::new(p(r[i]), p(r[(i + 1) % 4]), Operand::First))
        })
        .collect()
}

/// What one run measured: the noding and labelling times and the output segments.
struct Run {
    arrange: Duration,
    label: Duration,
    segments: usize,
}

fn arrange_timed(edges: &[TaggedEdge], search: CandidateSearch) -> (Duration, Arrangement) {
    let options = ArrangeOptions {
        search,
        ..ArrangeOptions::default()
    };
    let start = Instant::now();
    let (arrangement, _) = arrange_with(edges, &options).expect("arrangement");
    (start.elapsed(), arrangement)
}

/// The untiled build of a random `n x n` map with 10 % of its cells blocked: the build's
/// time and the map's boundary edges.
fn whole_build(n: usize) -> Run {
    let cells = noisy_cells(n, n, 0.9, 5);
    let region = tile_region(&cells, n, n, [0.0, 0.0]);
    drop(cells);
    let start = Instant::now();
    let mesh = Mesh2DPipeline::new(1.0, 0.5)
        .build(&region)
        .expect("a build");
    let build = start.elapsed();
    assert!(!mesh.polygons().is_empty());
    Run {
        arrange: build,
        label: Duration::ZERO,
        segments: region.vertex_count(),
    }
}

/// The round offset of `8room_000.map`'s region grown by `n` cells, 32 vertices per
/// circle (as the offset bench): the offset's time and the piece edges it feeds to the
/// arrangement after the culling (its "segments").
fn large_offset(n: usize) -> Run {
    let region = map_region("8room_000.map");
    let distance = n as f64;
    let tolerance = onepath_tolerance(distance, 32);
    let (_, fed) = offset_piece_edges(&region, distance, tolerance);
    let start = Instant::now();
    let grown = region
        .offset(distance, Join::Round, tolerance)
        .expect("an offset");
    let offset = start.elapsed();
    assert!(!grown.is_empty());
    Run {
        arrange: offset,
        label: Duration::ZERO,
        segments: fed,
    }
}

/// Runs `case` at size `n` once.
fn run(case: &str, n: usize) -> Run {
    match case {
        "whole" => return whole_build(n),
        "offset" => return large_offset(n),
        _ => {}
    }
    let (edges, search, plain) = match case {
        // Slivers one user unit high and one unit apart, 100 units long: the grid spreads
        // them, and the winding sweep's status holds all 2n long edges at once.
        "slivers1" | "slivers1-plain" => (
            rect_edges(&sliver_stack(n, 100 * UNIT, UNIT, UNIT)),
            CandidateSearch::Auto,
            case == "slivers1-plain",
        ),
        // Slivers one grid unit high and two apart, 100 units long: the grid's square cells
        // cannot spread them, and the sweep in x meets every pair.
        "slivers2" | "slivers2-sweep" => (
            rect_edges(&sliver_stack(n, 100 * UNIT, 1, 2)),
            if case == "slivers2" {
                CandidateSearch::Auto
            } else {
                CandidateSearch::ForceSweep
            },
            false,
        ),
        // Long edges (about 2 x 10^6 units) whose midpoints lie within one unit of the
        // origin.
        _ => (
            crossing_bundle(n, 1_000_000, 1, 1)
                .iter()
                .map(|s| {
                    TaggedEdge::new(
                        GridPoint::new(s[0][0], s[0][1]),
                        GridPoint::new(s[1][0], s[1][1]),
                        Operand::First,
                    )
                })
                .collect(),
            CandidateSearch::Auto,
            false,
        ),
    };
    let (arrange, arrangement) = arrange_timed(&edges, search);
    let start = Instant::now();
    let windings = if plain {
        label_with_plain_list(&arrangement)
    } else {
        label(&arrangement)
    };
    let label = start.elapsed();
    assert_eq!(windings.len(), arrangement.segments.len());
    Run {
        arrange,
        label,
        segments: arrangement.segments.len(),
    }
}

/// The least-squares slope of `ln y` against `ln x`.
fn exponent(points: &[(f64, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (x.ln(), y.ln())).collect();
    let k = logs.len() as f64;
    let (mx, my) = (
        logs.iter().map(|p| p.0).sum::<f64>() / k,
        logs.iter().map(|p| p.1).sum::<f64>() / k,
    );
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    sxy / sxx
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [map, n, path] = args.as_slice()
        && map == "map"
    {
        // The map `whole` builds at size `n`, as a Moving AI file, for `/usr/bin/time -v
        // onepath build FILE --agent-radius 0.5` (docs/testing.md).
        let n: usize = n.parse().expect("size");
        let cells = noisy_cells(n, n, 0.9, 5);
        let mut text = format!("type octile\nheight {n}\nwidth {n}\nmap\n");
        for row in cells.chunks(n) {
            text.extend(row.iter().map(|&walkable| if walkable { '.' } else { '@' }));
            text.push('\n');
        }
        std::fs::write(path, text).expect("the map file");
        return;
    }
    if let [one, case, n] = args.as_slice()
        && one == "one"
    {
        let n: usize = n.parse().expect("size");
        // The fastest of three runs: the machine is shared, so single runs carry the load
        // of other jobs. The peak is the first run's, as `/usr/bin/time -v` of one command
        // measures it (issue #24); the peak after all three, where the later runs start on
        // the allocator's leftovers of the earlier ones, is printed beside it.
        let first = run(case, n);
        let first_peak = peak_kb();
        let r = (0..2)
            .map(|_| run(case, n))
            .chain([first])
            .min_by_key(|r| r.arrange + r.label)
            .expect("three runs");
        println!(
            "{} {} {} {} {}",
            r.segments,
            r.arrange.as_secs_f64(),
            r.label.as_secs_f64(),
            first_peak,
            peak_kb()
        );
        return;
    }
    let cases: Vec<&str> = if args.is_empty() {
        vec!["slivers1", "slivers2", "bundle"]
    } else {
        args.iter().map(String::as_str).collect()
    };
    let exe = std::env::current_exe().expect("own path");
    for case in cases {
        println!("\n{case}\n");
        println!(
            "| n | segments | arrange ms | label ms | total ms | ns per segment | peak MB | peak bytes per segment | peak MB after three runs |"
        );
        println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        let mut times = Vec::new();
        let mut memory = Vec::new();
        // The offset's input does not grow with the distance: its memory is fitted against
        // the distance too.
        let by_distance = case == "offset";
        for &n in sizes(case) {
            let out = Command::new(&exe)
                .args(["one", case, &n.to_string()])
                .output()
                .expect("child run");
            let text = String::from_utf8_lossy(&out.stdout);
            let fields: Vec<f64> = text
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            let [segments, arrange, label, kb, kb_three] = fields.as_slice() else {
                eprintln!(
                    "{case} {n}: no result ({})",
                    String::from_utf8_lossy(&out.stderr)
                );
                continue;
            };
            let total = arrange + label;
            println!(
                "| {n} | {segments} | {:.1} | {:.1} | {:.1} | {:.0} | {:.1} | {:.0} | {:.1} |",
                arrange * 1e3,
                label * 1e3,
                total * 1e3,
                total * 1e9 / segments,
                kb / 1024.0,
                kb * 1024.0 / segments,
                kb_three / 1024.0
            );
            times.push((n as f64, total));
            memory.push((if by_distance { n as f64 } else { *segments }, *kb));
        }
        if times.len() >= 2 {
            println!(
                "\nexponent of time in n: {:.2}; of peak memory in {}: {:.2}",
                exponent(&times),
                if by_distance { "n" } else { "output segments" },
                exponent(&memory)
            );
        }
    }
}
