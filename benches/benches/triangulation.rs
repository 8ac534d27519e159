//! Constrained Delaunay triangulation, onepath against spade on identical points: 10^5 and
//! 10^6 random grid points with square constraints (`onepath_cdt::Cdt::new` against
//! `bulk_load_cdt`), and the inside triangles of a tile-map region (`Region::triangulate`
//! against `bulk_load_cdt` plus flooding).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use onepath_benches::peers::{SpadeCdt, inside_faces, inside_triangles};
use onepath_benches::{cdt_input, map_region};
use onepath_cdt::Cdt;
use onepath_predicates::GridPoint;
use spade::{Point2, Triangulation};
use std::hint::black_box;

/// The map the region triangulation bench uses.
const TRIANGULATION_MAP: &str = "random512-10-0.map";

/// spade's owned input: the same points as `f64` (exact) and `usize` index pairs.
fn spade_input(points: &[GridPoint], edges: &[[u32; 2]]) -> (Vec<Point2<f64>>, Vec<[usize; 2]>) {
    (
        points
            .iter()
            .map(|p| Point2::new(p.x as f64, p.y as f64))
            .collect(),
        edges
            .iter()
            .map(|e| [e[0] as usize, e[1] as usize])
            .collect(),
    )
}

fn random_points(c: &mut Criterion) {
    for count in [100_000usize, 1_000_000] {
        let (points, constraints) = cdt_input(count, 7);
        let (vertices, edges) = spade_input(&points, &constraints);
        let spade = SpadeCdt::bulk_load_cdt(vertices.clone(), edges.clone()).expect("spade");
        let onepath = Cdt::new(&points, &constraints).expect("onepath");
        eprintln!(
            "cdt {count}: {} points, {} constraints; triangles onepath {} (with bounding \
             triangle), spade {}",
            points.len(),
            constraints.len(),
            onepath.triangles().len(),
            spade.num_inner_faces()
        );
        let mut group = c.benchmark_group(format!("cdt_random_{count}"));
        group.sample_size(10);
        group.bench_function("onepath", |b| {
            b.iter(|| {
                Cdt::new(black_box(&points), black_box(&constraints)).map(|c| c.triangles().len())
            })
        });
        group.bench_function("spade", |b| {
            b.iter_batched(
                || (vertices.clone(), edges.clone()),
                |(v, e)| SpadeCdt::bulk_load_cdt(v, e).map(|c| c.num_inner_faces()),
                BatchSize::LargeInput,
            )
        });
        group.finish();
    }
}

fn tile_map_region(c: &mut Criterion) {
    let region = map_region(TRIANGULATION_MAP);
    let (points, edges) = region.constraint_graph();
    let (vertices, spade_edges) = spade_input(&points, &edges);
    let onepath = region.triangulate().expect("onepath");
    let spade = SpadeCdt::bulk_load_cdt(vertices.clone(), spade_edges.clone()).expect("spade");
    let inside = inside_faces(&spade);
    eprintln!(
        "triangulate {TRIANGULATION_MAP}: {} vertices, {} edges; inside triangles onepath {}, \
         spade {}",
        points.len(),
        edges.len(),
        onepath.len(),
        inside_triangles(&spade, &inside).len()
    );
    let mut group = c.benchmark_group("triangulate_map_random512-10-0");
    group.sample_size(10);
    group.bench_function("onepath", |b| {
        b.iter(|| black_box(&region).triangulate().map(|t| t.len()))
    });
    group.bench_function("spade", |b| {
        b.iter_batched(
            || (vertices.clone(), spade_edges.clone()),
            |(v, e)| {
                let cdt = SpadeCdt::bulk_load_cdt(v, e).expect("spade");
                let inside = inside_faces(&cdt);
                inside_triangles(&cdt, &inside).len()
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, random_points, tile_map_region);
criterion_main!(benches);
