//! onepath alone (the peers have no exact queries): `NavMesh::locate` and
//! `NavMesh::closest_point` per query on the meshes of 512 x 512 Moving AI maps, and the
//! index they build once (decisions D18).
//!
//! `cargo bench -p onepath-benches --bench queries -- --warm-up-time 1 --measurement-time 3`

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use onepath_benches::map_region;
use onepath_build2d::{Mesh2DPipeline, NavMesh, Vector2D};
use onepath_testkit::Rng;
use std::hint::black_box;

/// The maps: open rooms with obstacles, and a dense random one.
const MAPS: [&str; 2] = ["AR0011SR.map", "random512-10-0.map"];

/// 4096 query points spread uniformly over the 512 x 512 map (same seed every run).
fn points() -> Vec<Vector2D> {
    let mut rng = Rng::new(22);
    (0..4096)
        .map(|_| Vector2D::new(rng.real(0.0, 512.0), rng.real(0.0, 512.0)))
        .collect()
}

fn mesh(name: &str) -> NavMesh {
    let mesh = Mesh2DPipeline::new(1.0, 0.5)
        .build(&map_region(name))
        .expect("build");
    mesh.build_query_index().expect("index");
    mesh
}

fn queries(c: &mut Criterion) {
    let points = points();
    for name in MAPS {
        let mesh = mesh(name);
        let mut group = c.benchmark_group(format!("queries/{name}"));
        let mut i = 0;
        group.bench_function("locate", |b| {
            b.iter(|| {
                i = (i + 1) % points.len();
                mesh.locate(black_box(points[i])).expect("a valid point")
            })
        });
        group.bench_function("closest_point", |b| {
            b.iter(|| {
                i = (i + 1) % points.len();
                mesh.closest_point(black_box(points[i]))
                    .expect("a valid point")
            })
        });
        group.sample_size(10);
        // A mesh whose index is not built yet (a clone of a built one carries its index).
        let unindexed = Mesh2DPipeline::new(1.0, 0.5)
            .build(&map_region(name))
            .expect("build");
        group.bench_function("build_query_index", |b| {
            b.iter_batched(
                || unindexed.clone(),
                |fresh| {
                    fresh.build_query_index().expect("index");
                    fresh
                },
                BatchSize::LargeInput,
            )
        });
        group.finish();
    }
}

criterion_group!(benches, queries);
criterion_main!(benches);
