//! The build shrink's culling (issue #18, `docs/offset-culling.md`, section 9) against
//! decision D12's whole edge list: `Mesh2DPipeline::shrink` and
//! `Mesh2DPipeline::shrink_unculled` must return the same rings, byte for byte, on random
//! regions and on every bundled map. One mismatch is a bug in the proof, never a
//! tolerance.

mod support;

use onepath_build2d::{GridPoint, Mesh2DPipeline, Region};
use onepath_offset::{
    OFFSET_LIMIT_USER_UNITS, pipeline_arc_tolerance, shrink_edges, shrink_edges_culled,
};
use onepath_tests::movingai_maps;
use support::regions::{from_rings, map_window_region, random_region};
use support::{GridRing, Rng, checked};

/// Directed edges between grid points.
type Edges = Vec<[GridPoint; 2]>;

/// The shrink's operand-1 edges for `pipeline` on `region`, without and with the culling
/// (`None` when the pieces are out of range).
fn edges(region: &Region, pipeline: &Mesh2DPipeline) -> Option<(Edges, Edges)> {
    let scale = (1u64 << region.snap_bits()) as f64;
    let r = pipeline.agent_radius * scale;
    let tolerance = pipeline_arc_tolerance(pipeline.cell_size, pipeline.agent_radius) * scale;
    let limit = OFFSET_LIMIT_USER_UNITS << region.snap_bits();
    let all = shrink_edges(region.rings(), r, tolerance, limit).ok()?;
    let culled = shrink_edges_culled(region.rings(), r, tolerance, limit).ok()?;
    Some((all, culled))
}

/// Shrinks `region` both ways and compares the rings exactly; returns the edges the culling
/// saved.
fn compare(region: &Region, pipeline: &Mesh2DPipeline, what: &str) -> usize {
    let culled = pipeline.shrink(region);
    let unculled = pipeline.shrink_unculled(region);
    match (culled, unculled) {
        (Ok(culled), Ok(unculled)) => {
            assert_eq!(
                culled.rings(),
                unculled.rings(),
                "{what}: shrink by {} (cell size {}) differs from the unculled edges\n\
                 region: {:?}",
                pipeline.agent_radius,
                pipeline.cell_size,
                region.rings()
            );
            checked(culled, what);
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{what}"),
        (a, b) => panic!("{what}: culled {:?}, unculled {:?}", a.err(), b.err()),
    }
    edges(region, pipeline).map_or(0, |(all, culled)| all.len() - culled.len())
}

#[test]
fn culled_shrinks_equal_unculled_on_random_regions() {
    // `ONEPATH_CULLING_CASES` runs more (or other) cases: the seed follows the count.
    let count: u32 = std::env::var("ONEPATH_CULLING_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let mut rng = Rng::new(0x18_5A81 ^ u64::from(count));
    let (mut cases, mut culling_cases, mut saved) = (0usize, 0usize, 0usize);
    for k in 0..count {
        let bits = k % 17;
        let (region, size) = random_region(&mut rng, bits);
        if region.is_empty() {
            continue;
        }
        let unit = 1.0 / (1u64 << bits) as f64;
        // From one grid unit to beyond the features' size.
        let grid_units = match rng.below(4) {
            0 => rng.range(1, 3),
            1 => rng.range(1, size.max(2)),
            2 => rng.range(size, 4 * size + 8),
            _ => rng.range(1, 12),
        };
        let mut radius = (grid_units as f64 + rng.pick(&[0.0, 0.0, 0.5, 0.25])) * unit;
        if rng.chance(1, 32) {
            // Up to the largest radius, 2^20 user units.
            radius = rng.range(1, 1 << 20) as f64;
        }
        // The cell size sets the arc tolerance, so the arcs' vertex counts vary with it.
        let cell_size = rng.pick(&[2.0 * radius, radius, size as f64 * unit, unit]);
        let pipeline = Mesh2DPipeline::new(cell_size, radius);
        let n = compare(&region, &pipeline, &format!("case {k}"));
        cases += 1;
        culling_cases += usize::from(n > 0);
        saved += n;
    }
    println!("{cases} shrinks, {culling_cases} culled, {saved} edges saved");
    // The culling must have had work to do for the comparison to mean anything.
    assert!(cases > count as usize * 9 / 10, "{cases}");
    assert!(
        culling_cases > cases / 5,
        "only {culling_cases} of {cases} shrinks saved an edge ({saved} in all)"
    );
}

#[test]
fn culled_shrinks_equal_unculled_on_every_bundled_map() {
    // Windows of 64 x 64 cells keep the test to seconds; `cargo run --release -p
    // onepath-benches --bin culling` compares the whole maps (docs/testing.md).
    let names = movingai_maps();
    assert_eq!(names.len(), 15, "{names:?}");
    let mut saved = 0;
    for name in &names {
        let region = map_window_region(name, 64);
        for radius in [0.25, 0.5, 1.0, 3.0] {
            saved += compare(&region, &Mesh2DPipeline::new(1.0, radius), name);
        }
    }
    assert!(saved > 10_000, "only {saved} edges saved");
}

/// The square ring `(x0, y0)`-`(x1, y1)`, counter-clockwise, in grid units.
fn square(x0: f64, y0: f64, x1: f64, y1: f64) -> GridRing {
    vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
}

/// The culling does exactly what section 9 allows on hand-made rooms: every convex corner
/// between edges long enough for the squares at both their ends loses its square (two end
/// sides), a reflex corner or a short edge keeps it. (The clearance from slanted edges is
/// tested beside the culling, in `onepath-offset`.)
#[test]
fn rooms_lose_what_the_proof_allows() {
    // Grid units on the grid of 0 snap bits: radius 10, cell size 40 (arc tolerance 10).
    let pipeline = Mesh2DPipeline::new(40.0, 10.0);
    let counts = |rings: &[GridRing]| {
        let region = from_rings(rings, 0);
        let (all, culled) = edges(&region, &pipeline).expect("in range");
        compare(&region, &pipeline, "room");
        (all.len(), culled.len())
    };
    // A room: four far sides and eight end sides, of which the culling keeps the far sides.
    assert_eq!(counts(&[square(0.0, 0.0, 100.0, 100.0)]), (12, 4));
    // 20 units is two radii, just enough: the short edges' far sides shrink to nothing
    // (the two squares meet in the middle) and the shrink is empty either way.
    assert_eq!(counts(&[square(0.0, 0.0, 20.0, 100.0)]), (12, 2));
    // 19 is too short for the squares at both ends of the short edges: all stay.
    assert_eq!(counts(&[square(0.0, 0.0, 19.0, 100.0)]), (12, 12));
    // An L: five convex corners lose their end sides; the reflex one has none and an arc.
    let l_shape: GridRing = vec![
        (0.0, 0.0),
        (100.0, 0.0),
        (100.0, 50.0),
        (50.0, 50.0),
        (50.0, 100.0),
        (0.0, 100.0),
    ];
    let (all, culled) = counts(&[l_shape]);
    assert_eq!(all - culled, 10, "{all} / {culled}");
}
