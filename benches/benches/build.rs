//! The whole navigation-mesh build of each bundled 512 x 512 Moving AI map at agent radius
//! 0.5: `Mesh2DPipeline::build` against the assembled peer pipeline (i_overlay round
//! shrink with 8 vertices per circle, spade CDT with inside flooding, a greedy convex merge
//! to at most 6 vertices); and its first stage alone, `Mesh2DPipeline::shrink` against
//! i_overlay's outline by the same radius (issue #18's target for the build shrink).

use criterion::{Criterion, criterion_group, criterion_main};
use onepath_benches::peers::{i_overlay_offset, peer_build, to_contours};
use onepath_benches::{BUILD_MAPS, UNIT, edge_count, map_region, region_rings};
use onepath_build2d::Mesh2DPipeline;
use std::hint::black_box;

/// Vertices per circle of onepath's shrink at radius 0.5 and cell size 1 (arc tolerance
/// 0.25 gives the octagon), matched by the peer's 45-degree arc step.
const M: u32 = 8;

fn build(c: &mut Criterion) {
    let pipeline = Mesh2DPipeline::new(1.0, 0.5);
    for name in BUILD_MAPS {
        let region = map_region(name);
        let contours = to_contours(&region_rings(&region));
        let mesh = pipeline.build(&region).expect("onepath build");
        let peer = peer_build(&contours, (UNIT / 2) as i32, M, 6);
        let t = mesh.timings();
        eprintln!(
            "build {name}: input {} edges; onepath {} shrunk vertices, {} triangles, {} \
             polygons, stages shrink {:?} triangulate {:?} partition {:?} fans {:?}; peers {} \
             vertices, {} triangles, {} polygons, stages shrink {:?} triangulate {:?} merge {:?}",
            edge_count(&region),
            mesh.region().vertex_count(),
            mesh.triangle_count(),
            mesh.polygons().len(),
            t.shrink,
            t.triangulate,
            t.partition,
            t.fans,
            peer.vertices,
            peer.triangles,
            peer.polygons,
            peer.timings[0],
            peer.timings[1],
            peer.timings[2]
        );
        let stem = name.trim_end_matches(".map");
        let mut group = c.benchmark_group(format!("build_{stem}"));
        group.sample_size(10);
        group.bench_function("onepath", |b| {
            b.iter(|| {
                pipeline
                    .build(black_box(&region))
                    .map(|m| m.polygons().len())
            })
        });
        group.bench_function("peers", |b| {
            b.iter(|| peer_build(black_box(&contours), (UNIT / 2) as i32, M, 6).polygons)
        });
        group.finish();
        let mut group = c.benchmark_group(format!("shrink_{stem}"));
        group.sample_size(10);
        group.bench_function("onepath", |b| {
            b.iter(|| {
                pipeline
                    .shrink(black_box(&region))
                    .map(|r| r.vertex_count())
            })
        });
        group.bench_function("i_overlay", |b| {
            b.iter(|| i_overlay_offset(black_box(&contours), -((UNIT / 2) as i32), M).len())
        });
        group.finish();
    }
}

criterion_group!(benches, build);
criterion_main!(benches);
