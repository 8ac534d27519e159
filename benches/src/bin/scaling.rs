//! Prints how onepath's stages scale: time per edge of noding (the arrangement), the
//! winding sweep, the triangulation and the convex merge at n, 4n and 16n edges, and the
//! exponent `b` of `time ~ n^b` fitted between n and 16n.
//!
//! The input is the difference of two noisy `w x w` tile maps (60 % and 40 % walkable),
//! the second shifted by half a cell so their edges cross; `w` doubles from row to row.
//! Each figure is the fastest of three runs. Run with
//! `cargo run --release -p onepath-benches --bin scaling` (optionally with the smallest
//! `w`, default 64).

use onepath_arrangement::{Operand, TaggedEdge, arrange};
use onepath_benches::{noisy_cells, tile_region};
use onepath_cdt::Cdt;
use onepath_convex::partition_convex;
use onepath_predicates::GridPoint;
use onepath_winding::{InsideRule, boundary_edges, label, trace_rings};
use std::time::{Duration, Instant};

/// The fastest of three runs of `f`, and its last result.
fn best_of_three<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..3 {
        let start = Instant::now();
        let r = f();
        best = best.min(start.elapsed());
        result = Some(r);
    }
    (best, result.expect("three runs"))
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
    let (t_node, arrangement) = best_of_three(|| arrange(&edges).expect("arrangement"));
    let (t_sweep, windings) = best_of_three(|| label(&arrangement));
    let boundary = boundary_edges(&arrangement, &windings, InsideRule::Difference);
    let rings = trace_rings(&boundary).expect("rings");
    let difference = a.difference(&b).expect("difference");
    assert_eq!(
        difference.rings(),
        rings.as_slice(),
        "the stages agree with Region::difference"
    );
    let (points, constraints) = difference.constraint_graph();
    let (t_cdt, inside) =
        best_of_three(|| Cdt::new(&points, &constraints).expect("cdt").inside_mesh());
    let (t_merge, _) = best_of_three(|| {
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

fn main() {
    let w0: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
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
