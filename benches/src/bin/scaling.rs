//! Prints how onepath's stages scale: time per edge of noding (the arrangement), the
//! winding sweep, the triangulation and the convex merge at n, 4n and 16n edges, and the
//! exponent `b` of `time ~ n^b` fitted between n and 16n.
//!
//! The input is the difference of two noisy `w x w` tile maps (60 % and 40 % walkable),
//! the second shifted by half a cell so their edges cross; `w` doubles from row to row.
//! Each figure is the fastest of three runs. Run with
//! `cargo run --release -p onepath-benches --bin scaling` (optionally with the smallest
//! `w`, default 64).
//!
//! `scaling threads` prints thread scaling instead (issue #19): the arrangement of 10^3 to
//! 10^6 random short segments (`case arrange`) and the whole build of the bundled 512 x 512
//! maps, each in explicit rayon pools of one thread, two, and every core the machine has,
//! with the time per input edge, the speed-up over one thread, and a check that every
//! thread count gives the same output hash. Each figure is the fastest of fifteen runs (or
//! of `SCALING_RUNS`), the thread counts taking turns. `scaling threads FILTER` prints only the rows whose input
//! names contain `FILTER` (for example `arrange` or `random512`).

use onepath_arrangement::{Operand, TaggedEdge, arrange};
use onepath_benches::{
    BUILD_MAPS, arrangement_hash, edge_count, map_region, mesh_hash, noisy_cells, random_segments,
    tile_region,
};
use onepath_build2d::Mesh2DPipeline;
use onepath_cdt::Cdt;
use onepath_convex::partition_convex;
use onepath_predicates::GridPoint;
use onepath_winding::{InsideRule, boundary_edges, label, trace_rings};
use std::time::{Duration, Instant};

/// The fastest of `runs` runs of `f` (at least one), and its last result.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let r = f();
        best = best.min(start.elapsed());
        result = Some(r);
    }
    (best, result.expect("one run at least"))
}

/// One row: the sizes each stage worked on and its time.
struct Row {
    w: usize,
    stages: [(usize, Duration); 4],
}

fn measure(w: usize) -> Row {
    let a = tile_region(&noisy_cells(w, w, 0.6, 4), w, w, [0.0, 0.0]);
    let b = tile_region(&noisy_cells(w, w, 0.4, 5), w, w, [0.5, 0.5]);
    let ring_edges = |rings: &[Vec<GridPoint>], operand: Operand| {
        rings
            .iter()
            .flat_map(|r| {
                (0..r.len()).map(move |i| TaggedEdge::new(r[i], r[(i + 1) % r.len()], operand))
            })
            .collect::<Vec<_>>()
    };
    let mut edges = ring_edges(a.rings(), Operand::First);
    edges.extend(ring_edges(b.rings(), Operand::Second));
    let (t_node, arrangement) = best_of(3, || arrange(&edges).expect("arrangement"));
    let (t_sweep, windings) = best_of(3, || label(&arrangement));
    let boundary = boundary_edges(&arrangement, &windings, InsideRule::Difference);
    let rings = trace_rings(&boundary).expect("rings");
    let difference = a.difference(&b).expect("difference");
    assert_eq!(
        difference.rings(),
        rings.as_slice(),
        "the stages agree with Region::difference"
    );
    let (points, constraints) = difference.constraint_graph();
    let (t_cdt, inside) = best_of(3, || {
        Cdt::new(&points, &constraints).expect("cdt").inside_mesh()
    });
    let (t_merge, _) = best_of(3, || {
        partition_convex(&points, &inside.triangles, &inside.neighbors, 6).expect("merge")
    });
    Row {
        w,
        stages: [
            (edges.len(), t_node),
            (arrangement.segments.len(), t_sweep),
            (constraints.len(), t_cdt),
            (inside.triangles.len(), t_merge),
        ],
    }
}

/// The thread counts to compare: one, two, and every core of this machine.
fn thread_counts() -> Vec<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut counts = vec![1, 2, cores];
    counts.sort_unstable();
    counts.dedup();
    counts
}

/// How many runs `scaling threads` times at each thread count: `SCALING_RUNS`, else 15.
fn runs() -> usize {
    std::env::var("SCALING_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(15)
}

/// The fastest of [`runs`] runs of `run` in a pool of each of `counts` threads, with the
/// `hash` of its output, which is taken after the clock stops (the hash of a build or an
/// arrangement runs on one thread and is not what is measured). The pools take turns run
/// by run, so that a drift of this machine's speed (its wall times are noisy) reaches
/// every thread count alike.
fn in_pools<T: Send>(
    counts: &[usize],
    run: &(dyn Fn() -> T + Sync),
    hash: fn(&T) -> u64,
) -> Vec<(Duration, u64)> {
    let pools: Vec<rayon::ThreadPool> = counts
        .iter()
        .map(|&threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool")
        })
        .collect();
    let mut best: Vec<(Duration, Option<u64>)> = vec![(Duration::MAX, None); counts.len()];
    for _ in 0..runs() {
        for (pool, (time, seen)) in pools.iter().zip(&mut best) {
            let (elapsed, output) = pool.install(|| best_of(1, run));
            let h = hash(&output);
            assert!(
                seen.is_none_or(|s| s == h),
                "the output changed between two runs"
            );
            *time = (*time).min(elapsed);
            *seen = Some(h);
        }
    }
    best.into_iter()
        .map(|(time, h)| (time, h.expect("one run at least")))
        .collect()
}

/// One table row per input: the time per edge at every thread count and the speed-up over
/// one thread; panics if two thread counts give different outputs.
fn thread_row<T: Send>(
    name: &str,
    edges: usize,
    run: &(dyn Fn() -> T + Sync),
    hash: fn(&T) -> u64,
) {
    let filter = std::env::args().nth(2).unwrap_or_default();
    if !name.contains(&filter) {
        return;
    }
    let runs = in_pools(&thread_counts(), run, hash);
    let hash = runs[0].1;
    assert!(
        runs.iter().all(|&(_, h)| h == hash),
        "{name}: the output depends on the thread count"
    );
    let mut line = format!("| {name} | {edges} ");
    for &(t, _) in &runs {
        line += &format!("| {:.0} ", t.as_nanos() as f64 / edges as f64);
    }
    for &(t, _) in &runs[1..] {
        line += &format!("| {:.2} ", runs[0].0.as_secs_f64() / t.as_secs_f64());
    }
    println!("{line}| {hash:016x} |");
}

/// `scaling threads`: the thread-scaling table.
fn threads() {
    let counts = thread_counts();
    let mut header = "| input | edges ".to_string();
    counts.iter().for_each(|&t| {
        header += &format!("| ns/edge, {t} thread{} ", if t == 1 { "" } else { "s" })
    });
    counts[1..]
        .iter()
        .for_each(|t| header += &format!("| {t} over 1 "));
    println!("{header}| output hash |");
    println!("|---|---:{}|---|", "|---:".repeat(2 * counts.len() - 1));
    for count in [1_000, 10_000, 100_000, 1_000_000] {
        let edges = random_segments(count);
        thread_row(
            &format!("arrange, {count} segments"),
            count,
            &|| arrange(&edges).expect("arrangement"),
            arrangement_hash,
        );
    }
    for map in BUILD_MAPS {
        let region = map_region(map);
        thread_row(
            &format!("build {map}"),
            edge_count(&region),
            &|| Mesh2DPipeline::new(1.0, 0.5).build(&region).expect("build"),
            mesh_hash,
        );
    }
}

fn main() {
    let first = std::env::args().nth(1);
    if first.as_deref() == Some("threads") {
        threads();
        return;
    }
    let w0: usize = first.and_then(|s| s.parse().ok()).unwrap_or(64);
    let rows: Vec<Row> = [w0, 2 * w0, 4 * w0].into_iter().map(measure).collect();
    let names = [
        "noding (arrange), per input edge",
        "sweep (label), per segment",
        "triangulation (Cdt::new + inside_mesh), per ring edge",
        "merge (partition_convex), per triangle",
    ];
    println!("| stage | n | ns/item at n | 4n | ns/item at 4n | 16n | ns/item at 16n | exponent |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (s, name) in names.iter().enumerate() {
        let mut line = format!("| {name} ");
        for row in &rows {
            let (n, t) = row.stages[s];
            line += &format!("| {n} | {:.0} ", t.as_nanos() as f64 / n as f64);
        }
        let (n0, t0) = rows[0].stages[s];
        let (n2, t2) = rows[2].stages[s];
        let exponent = (t2.as_secs_f64() / t0.as_secs_f64()).ln() / (n2 as f64 / n0 as f64).ln();
        line += &format!("| {exponent:.2} |");
        println!("{line}");
    }
    println!(
        "\n(maps of {} x {}, {} x {} and {} x {} cells)",
        rows[0].w, rows[0].w, rows[1].w, rows[1].w, rows[2].w, rows[2].w
    );
}
