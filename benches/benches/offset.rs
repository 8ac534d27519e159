//! Round offsets, onepath against i_overlay and Clipper2 at a matched number of vertices
//! per circle: grow and shrink the union of 10,000 squares and a 512 x 512 Moving AI map.

use criterion::{Criterion, criterion_group, criterion_main};
use onepath_benches::peers::{
    clipper_offset, i_overlay_offset, paths_area2, paths_vertex_count, shapes_area2,
    shapes_vertex_count, to_contours, to_paths,
};
use onepath_benches::{
    UNIT, edge_count, map_region, offset_piece_edges, onepath_tolerance, outlines,
    overlapping_squares, region_rings,
};
use onepath_build2d::{Geometry2DOptions, Join, Region};
use std::hint::black_box;

/// Vertices per full circle for every library.
const M: u32 = 32;

/// The map the offset benches use.
const OFFSET_MAP: &str = "8room_000.map";

/// Benches growing (`distance > 0`) or shrinking `region` by `|distance|` user units.
fn offset(c: &mut Criterion, group_name: &str, region: &Region, distance: f64) {
    let rings = region_rings(region);
    let contours = to_contours(&rings);
    let paths = to_paths(&rings);
    let tolerance = onepath_tolerance(distance.abs(), M);
    let grid = distance * UNIT as f64;
    let result = region
        .offset(distance, Join::Round, tolerance)
        .expect("onepath");
    let io = i_overlay_offset(&contours, grid as i32, M);
    let cl = clipper_offset(&paths, grid, M);
    let (all, culled) = offset_piece_edges(region, distance, tolerance);
    eprintln!(
        "{group_name}: input {} edges; piece edges fed to the arrangement {all}, after the \
         culling {culled}; output vertices / 2*area: onepath {} / {}, i_overlay {} / {}, \
         clipper2 {} / {}",
        edge_count(region),
        result.vertex_count(),
        result.area2(),
        shapes_vertex_count(&io),
        shapes_area2(&io),
        paths_vertex_count(&cl),
        paths_area2(&cl)
    );
    let mut group = c.benchmark_group(group_name);
    group.sample_size(10);
    group.bench_function("onepath", |b| {
        b.iter(|| {
            black_box(region)
                .offset(distance, Join::Round, tolerance)
                .map(|r| r.vertex_count())
        })
    });
    // The specification's full piece set, for the culling's before and after (issue #18).
    group.bench_function("onepath_unculled", |b| {
        b.iter(|| {
            black_box(region)
                .offset_unculled(distance, Join::Round, tolerance)
                .map(|r| r.vertex_count())
        })
    });
    group.bench_function("i_overlay", |b| {
        b.iter(|| i_overlay_offset(black_box(&contours), grid as i32, M).len())
    });
    group.bench_function("clipper2", |b| {
        b.iter(|| clipper_offset(black_box(&paths), grid, M).len())
    });
    group.finish();
}

fn squares(c: &mut Criterion) {
    let squares = overlapping_squares(10_000, 1);
    let region =
        Region::from_outlines(&outlines(&squares), &Geometry2DOptions::default()).expect("union");
    offset(c, "offset_grow_10k_squares", &region, 0.25);
    offset(c, "offset_shrink_10k_squares", &region, -0.25);
}

fn map(c: &mut Criterion) {
    let region = map_region(OFFSET_MAP);
    offset(c, "offset_grow_map_8room_000", &region, 0.5);
    offset(c, "offset_shrink_map_8room_000", &region, -0.5);
}

criterion_group!(benches, squares, map);
criterion_main!(benches);
