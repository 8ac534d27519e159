//! Boolean operations, onepath against i_overlay and Clipper2 on identical grid input:
//! the union of 10,000 overlapping squares, the union of a 512 x 512 map's row runs (one
//! rectangle each), the intersection of two 10,000-vertex stars and the difference of two
//! noisy tile-map regions.

use criterion::{Criterion, criterion_group, criterion_main};
use i_overlay::core::overlay_rule::OverlayRule;
use onepath_benches::peers::{
    clipper_difference, clipper_intersection, clipper_union, i_overlay_boolean,
    i_overlay_union_all, paths_area2, paths_vertex_count, shapes_area2, shapes_vertex_count,
    to_contours, to_paths,
};
use onepath_benches::{
    edge_count, map_runs, noisy_cells, outlines, overlapping_squares, region_rings, ring_region,
    star, tile_region,
};
use onepath_build2d::{Geometry2DOptions, Region};
use std::hint::black_box;

/// Prints the sizes and areas each library produced, so a reader can see they agree.
fn report(name: &str, input_edges: usize, onepath: &Region, io: (usize, i128), cl: (usize, i128)) {
    eprintln!(
        "{name}: input {input_edges} edges; output vertices / 2*area: onepath {} / {}, \
         i_overlay {} / {}, clipper2 {} / {}",
        onepath.vertex_count(),
        onepath.area2(),
        io.0,
        io.1,
        cl.0,
        cl.1
    );
}

fn union_of_squares(c: &mut Criterion) {
    union_of_rings(
        c,
        "boolean_union_10k_squares",
        &overlapping_squares(10_000, 1),
    );
}

/// The union of the row runs of a 512 x 512 map, one rectangle outline each (issue #19's
/// "tile-map union built from run rectangles").
fn union_of_map_runs(c: &mut Criterion) {
    union_of_rings(
        c,
        "boolean_union_map_runs_8room_000",
        &map_runs("8room_000.map"),
    );
}

/// Unites `squares` (one outline each for onepath, one subject set for the peers).
fn union_of_rings(c: &mut Criterion, group_name: &str, squares: &[onepath_benches::Ring]) {
    let outlines = outlines(squares);
    let options = Geometry2DOptions::default();
    let contours = to_contours(squares);
    let paths = to_paths(squares);
    let region = Region::from_outlines(&outlines, &options).expect("union");
    let io = i_overlay_union_all(&contours);
    let cl = clipper_union(&paths);
    report(
        group_name,
        4 * squares.len(),
        &region,
        (shapes_vertex_count(&io), shapes_area2(&io)),
        (paths_vertex_count(&cl), paths_area2(&cl)),
    );
    let mut group = c.benchmark_group(group_name);
    group.sample_size(10);
    group.bench_function("onepath", |b| {
        b.iter(|| Region::from_outlines(black_box(&outlines), &options).map(|r| r.vertex_count()))
    });
    group.bench_function("i_overlay", |b| {
        b.iter(|| i_overlay_union_all(black_box(&contours)).len())
    });
    group.bench_function("clipper2", |b| {
        b.iter(|| clipper_union(black_box(&paths)).len())
    });
    group.finish();
}

/// Runs one binary operation on two prepared regions with all three libraries.
fn binary(
    c: &mut Criterion,
    group_name: &str,
    a: &Region,
    b: &Region,
    onepath: fn(&Region, &Region) -> onepath_build2d::Result<Region>,
    rule: OverlayRule,
    clipper: fn(&clipper2_rust::Paths64, &clipper2_rust::Paths64) -> clipper2_rust::Paths64,
) {
    let (ra, rb) = (region_rings(a), region_rings(b));
    let (ca, cb) = (to_contours(&ra), to_contours(&rb));
    let (pa, pb) = (to_paths(&ra), to_paths(&rb));
    let result = onepath(a, b).expect("onepath");
    let io = i_overlay_boolean(&ca, &cb, rule);
    let cl = clipper(&pa, &pb);
    report(
        group_name,
        edge_count(a) + edge_count(b),
        &result,
        (shapes_vertex_count(&io), shapes_area2(&io)),
        (paths_vertex_count(&cl), paths_area2(&cl)),
    );
    let mut group = c.benchmark_group(group_name);
    group.sample_size(10);
    group.bench_function("onepath", |bench| {
        bench.iter(|| onepath(black_box(a), black_box(b)).map(|r| r.vertex_count()))
    });
    group.bench_function("i_overlay", |bench| {
        bench.iter(|| i_overlay_boolean(black_box(&ca), black_box(&cb), rule).len())
    });
    group.bench_function("clipper2", |bench| {
        bench.iter(|| clipper(black_box(&pa), black_box(&pb)).len())
    });
    group.finish();
}

fn intersection_of_stars(c: &mut Criterion) {
    let a = ring_region(&star(10_000, 2, 0.0));
    let b = ring_region(&star(10_000, 3, 0.37));
    binary(
        c,
        "boolean_intersection_10k_stars",
        &a,
        &b,
        Region::intersection,
        OverlayRule::Intersect,
        clipper_intersection,
    );
}

fn difference_of_tile_maps(c: &mut Criterion) {
    let a = tile_region(&noisy_cells(256, 256, 0.6, 4), 256, 256, [0.0, 0.0]);
    let b = tile_region(&noisy_cells(256, 256, 0.4, 5), 256, 256, [0.5, 0.5]);
    binary(
        c,
        "boolean_difference_noisy_maps",
        &a,
        &b,
        Region::difference,
        OverlayRule::Difference,
        clipper_difference,
    );
}

criterion_group!(
    benches,
    union_of_squares,
    union_of_map_runs,
    intersection_of_stars,
    difference_of_tile_maps
);
criterion_main!(benches);
