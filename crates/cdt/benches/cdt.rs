//! Criterion benchmark of `Cdt::new` on 10^5 and 10^6 random grid points with the rings of
//! disjoint squares as constraints.

use criterion::{Criterion, criterion_group, criterion_main};
use onepath_cdt::Cdt;
use onepath_predicates::GridPoint;
use std::hint::black_box;

/// A small seeded generator (SplitMix64), so the bench needs no `rand` crate.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `count` random points with even coordinates in `0..2^30`, plus the corners of disjoint
/// axis-aligned squares with odd coordinates (so no random point lies on a square's side),
/// sorted; the squares' rings are the constraints, directed counter-clockwise.
fn input(count: usize, seed: u64) -> (Vec<GridPoint>, Vec<[u32; 2]>) {
    let mut rng = SplitMix(seed);
    let mut points: Vec<GridPoint> = (0..count)
        .map(|_| {
            let x = 2 * (rng.next() >> 35) as i64;
            let y = 2 * (rng.next() >> 35) as i64;
            GridPoint::new(x, y)
        })
        .collect();
    let cells = ((count / 40) as f64).sqrt() as i64;
    let side = (1i64 << 30) / cells;
    let mut squares = Vec::new();
    for i in 0..cells {
        for j in 0..cells {
            let (x0, y0) = (i * side + side / 4 + 1, j * side + side / 4 + 1);
            let (x1, y1) = (x0 + side / 2, y0 + side / 2);
            squares.push([(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map(GridPoint::from));
        }
    }
    points.extend(squares.iter().flatten().copied());
    points.sort_unstable();
    points.dedup();
    let index = |p: GridPoint| points.binary_search(&p).map(|i| i as u32).unwrap_or(0);
    let mut constraints = Vec::new();
    for sq in &squares {
        for k in 0..4 {
            constraints.push([index(sq[k]), index(sq[(k + 1) % 4])]);
        }
    }
    (points, constraints)
}

fn bench_cdt(c: &mut Criterion) {
    let mut group = c.benchmark_group("cdt");
    group.sample_size(10);
    for count in [100_000usize, 1_000_000] {
        let (points, constraints) = input(count, 7);
        group.bench_function(format!("random_{count}_with_squares"), |b| {
            b.iter(|| {
                Cdt::new(black_box(&points), black_box(&constraints)).map(|c| c.triangles().len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_cdt);
criterion_main!(benches);
