//! onepath alone (no peer has these operations): tracing every bundled Moving AI map into
//! a region, and the pipeline's agent-radius shrink of the 512 x 512 maps.
//!
//! `cargo bench -p onepath-benches --bench regions -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, criterion_group, criterion_main};
use onepath_benches::{load_map, map_region};
use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Region, Vector2D};
use std::hint::black_box;

const MAPS: [&str; 15] = [
    "8room_000.map",
    "AR0011SR.map",
    "Aurora.map",
    "Berlin_0_256.map",
    "arena.map",
    "battleground.map",
    "den312d.map",
    "empty-8-8.map",
    "maze-128-128-1.map",
    "maze-32-32-2.map",
    "maze512-1-0.map",
    "random-32-32-20.map",
    "random512-10-0.map",
    "room-32-32-4.map",
    "warehouse-10-20-10-2-1.map",
];

fn trace(c: &mut Criterion) {
    let mut group = c.benchmark_group("trace_tile_map");
    for name in MAPS {
        let map = load_map(name);
        group.bench_function(name, |b| {
            b.iter(|| {
                Region::from_tile_map(
                    black_box(&map.cells),
                    map.width,
                    map.height,
                    1.0,
                    Vector2D::new(0.0, 0.0),
                    &Geometry2DOptions::default(),
                )
                .expect("a valid map")
            })
        });
    }
    group.finish();
}

fn shrink(c: &mut Criterion) {
    let mut group = c.benchmark_group("pipeline_shrink_r0.5");
    group.sample_size(10);
    for name in [
        "8room_000.map",
        "AR0011SR.map",
        "battleground.map",
        "maze512-1-0.map",
        "random512-10-0.map",
    ] {
        let region = map_region(name);
        let pipeline = Mesh2DPipeline::new(1.0, 0.5);
        group.bench_function(name, |b| {
            b.iter(|| pipeline.shrink(black_box(&region)).expect("shrink"))
        });
    }
    group.finish();
}

criterion_group!(benches, trace, shrink);
criterion_main!(benches);
