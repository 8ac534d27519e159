//! Criterion benchmark of the arrangement: random short segments, the edges of a noisy tile
//! map, and clustered input (a few enormous edges over many tiny ones), n = 10^3 .. 10^6.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use onepath_arrangement::{ArrangeOptions, GridPoint, Operand, TaggedEdge, arrange_with};
use std::hint::black_box;

/// The workspace's seeded generator (SplitMix64), so every run benches the same inputs.
use onepath_testkit::Rng;

const UNIT: i64 = 65536;

fn side_for(n: usize) -> i64 {
    (n as f64).sqrt().ceil() as i64
}

/// `n` segments of extent up to one unit in each axis, spread over a square of `sqrt(n)`
/// units, so each crosses a few others.
fn random_short_segments(n: usize) -> Vec<TaggedEdge> {
    let mut rng = Rng(1);
    let span = UNIT * side_for(n);
    (0..n)
        .map(|_| {
            let a = GridPoint::new(rng.range_half_open(0, span), rng.range_half_open(0, span));
            let b = GridPoint::new(
                a.x + rng.range_half_open(0, 2 * UNIT + 1) - UNIT,
                a.y + rng.range_half_open(0, 2 * UNIT + 1) - UNIT,
            );
            TaggedEdge::new(a, b, Operand::First)
        })
        .collect()
}

/// The boundary edges (solid on the left) of a random `w × w` tile map with about `n`
/// boundary edges, cells `UNIT` wide.
fn noisy_tile_map(n: usize) -> Vec<TaggedEdge> {
    let mut rng = Rng(2);
    let w = side_for(n) as usize;
    let cells: Vec<bool> = (0..w * w).map(|_| rng.next_u64() & 1 == 1).collect();
    let solid = |x: isize, y: isize| {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < w
            && cells[y as usize * w + x as usize]
    };
    let g = |x: isize, y: isize| GridPoint::new(x as i64 * UNIT, y as i64 * UNIT);
    let mut edges = Vec::new();
    for y in 0..=w as isize {
        for x in 0..=w as isize {
            // The horizontal line y between cells (x, y-1) and (x, y), and the vertical line x
            // between (x-1, y) and (x, y).
            match (solid(x, y - 1), solid(x, y)) {
                (true, false) => edges.push(TaggedEdge::new(g(x + 1, y), g(x, y), Operand::First)),
                (false, true) => edges.push(TaggedEdge::new(g(x, y), g(x + 1, y), Operand::First)),
                _ => {}
            }
            match (solid(x - 1, y), solid(x, y)) {
                (true, false) => edges.push(TaggedEdge::new(g(x, y), g(x, y + 1), Operand::First)),
                (false, true) => edges.push(TaggedEdge::new(g(x, y + 1), g(x, y), Operand::First)),
                _ => {}
            }
        }
    }
    edges
}

/// Eight enormous edges over `n - 8` tiny ones: the input that takes the sweep fallback.
fn clustered(n: usize) -> Vec<TaggedEdge> {
    let mut rng = Rng(3);
    let big = 1i64 << 38;
    let span = 64 * side_for(n);
    let mut edges: Vec<TaggedEdge> = (0..8)
        .map(|k| {
            let a = GridPoint::new(-big, -big + k * (big / 4) + rng.range_half_open(0, 1000));
            let b = GridPoint::new(big, big - k * (big / 4) - rng.range_half_open(0, 1000));
            TaggedEdge::new(a, b, Operand::Second)
        })
        .collect();
    for _ in 8..n {
        let a = GridPoint::new(
            rng.range_half_open(0, span) - span / 2,
            rng.range_half_open(0, span) - span / 2,
        );
        let b = GridPoint::new(
            a.x + rng.range_half_open(0, 33) - 16,
            a.y + rng.range_half_open(0, 33) - 16,
        );
        edges.push(TaggedEdge::new(a, b, Operand::First));
    }
    edges
}

/// A named generator of `n` input edges.
type InputKind = (&'static str, fn(usize) -> Vec<TaggedEdge>);

fn noding(c: &mut Criterion) {
    let kinds: [InputKind; 3] = [
        ("random_short", random_short_segments),
        ("tile_map", noisy_tile_map),
        ("clustered", clustered),
    ];
    for (name, make) in kinds {
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        for n in [1_000usize, 10_000, 100_000, 1_000_000] {
            let edges = make(n);
            group.throughput(Throughput::Elements(edges.len() as u64));
            group.bench_with_input(
                BenchmarkId::from_parameter(edges.len()),
                &edges,
                |b, edges| {
                    b.iter(|| {
                        arrange_with(black_box(edges), &ArrangeOptions::default())
                            .expect("noding failed")
                    });
                },
            );
        }
        group.finish();
    }
}

criterion_group!(benches, noding);
criterion_main!(benches);
