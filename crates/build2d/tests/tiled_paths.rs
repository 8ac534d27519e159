//! Paths across seams (issue #20, decisions D17, feature `polyanya`): polyanya, handed the
//! stitched mesh of a tiled build and the untiled mesh in memory, answers every query of
//! the bundled Moving AI scenarios on both; both find a path or neither, the any-angle
//! lengths agree within the bound below, and paths do cross seams.
//!
//! Run with `cargo test -p onepath-build2d --all-features --test tiled_paths` (CI does).
//!
//! The bound, from the coverage bound of `docs/tiles.md`: a tile's arrangement holds the
//! untiled build's edges near its square plus the square, so the tiled boundary is the
//! untiled one rerouted through hot pixels on seam lines. Where it differs it has moved by
//! at most `delta = 2` grid units (a reroute moves a segment by at most half a pixel's
//! diagonal; two units leave room for a repair round), and every vertex the tiled
//! boundary has and the untiled one lacks lies on a seam line. A shortest path turns only
//! at boundary vertices; moving one turning point by `delta` changes the length of its two
//! segments by at most `2 delta`, and a path turns at a moved point only where it meets a
//! seam line, so each seam contact (a segment crossing or touching a seam line) of either
//! path costs at most `2 delta`. The start and the goal are moved onto each mesh by
//! `closest_point`, which may differ by `delta` and a rounding to the grid: one more
//! `2 delta` each. polyanya works in `f32`: each path point carries a rounding of
//! `2^-24` of the largest coordinate and each segment length one of its own, so each
//! segment adds `2^-22 (M + L)` with M the largest coordinate and L the path's length.
//! Altogether, per query, with `c` the seam contacts and `n` the segments of both paths:
//! `|L_tiled - L_untiled| <= 2 delta (c + 2) + 2^-22 n (M + L)`. On the bundled maps at
//! radius 0 and 0.5 the tiled and untiled regions are identical, so the measured
//! difference is 0 (docs/tiles.md).

#![cfg(feature = "polyanya")]

mod support;

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, NavMesh, Vector2D};
use onepath_io::{ScenarioQuery, TileMap, read_scenario, read_tile_map};
use std::collections::BTreeSet;
use support::{codes_of, data, tiled};

/// The coverage bound: how far the boundary may move near a seam, in user units (grid
/// units of 2^-16).
const DELTA: f64 = 2.0 / 65536.0;

/// A path as polyanya gives it, with its start in front.
struct Found {
    length: f64,
    points: Vec<[f64; 2]>,
    tiles: BTreeSet<u32>,
}

/// The path between the cell centres `from` and `to`, each first moved onto `mesh`.
fn find(
    mesh: &NavMesh,
    finder: &polyanya::Mesh,
    from: (usize, usize),
    to: (usize, usize),
    polygon_tiles: &[u32],
) -> Option<Found> {
    let on_mesh = |cell| {
        let p = ScenarioQuery::centre(cell, 1.0);
        mesh.closest_point(p)
            .expect("a valid point")
            .expect("a mesh with polygons")
            .point
    };
    let (start, goal) = (on_mesh(from), on_mesh(to));
    let path = finder.path(start, goal)?;
    let mut points = vec![[start.x, start.y]];
    points.extend(path.path.iter().map(|p| [f64::from(p.x), f64::from(p.y)]));
    let tiles = path
        .polygons()
        .iter()
        .filter_map(|&(_, p)| polygon_tiles.get(p as usize).copied())
        .collect();
    Some(Found {
        length: f64::from(path.length),
        points,
        tiles,
    })
}

/// The number of times the path's segments cross or touch a seam line (`x` or `y` a
/// multiple of `seam`, strictly inside the map).
fn seam_contacts(points: &[[f64; 2]], seam: f64, map: &TileMap) -> usize {
    let lines = |lo: f64, hi: f64, end: usize| {
        let (first, last) = ((lo / seam).ceil() as i64, (hi / seam).floor() as i64);
        (first.max(1)..=last)
            .filter(|&k| (k as f64 * seam) < end as f64)
            .count()
    };
    points
        .windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            lines(a[0].min(b[0]), a[0].max(b[0]), map.width)
                + lines(a[1].min(b[1]), a[1].max(b[1]), map.height)
        })
        .sum()
}

#[test]
fn polyanya_finds_the_same_paths_across_seams() {
    for (name, sizes) in [("arena.map", [7, 16, 25]), ("den312d.map", [8, 20, 33])] {
        let map = read_tile_map(&data(name)).expect("a map");
        let codes = codes_of(&map);
        let queries = read_scenario(&data(&format!("{name}.scen"))).expect("a scenario");
        let region = map
            .to_region(1.0, Vector2D::new(0.0, 0.0), &Geometry2DOptions::default())
            .expect("a region");
        for radius in [0.0, 0.5] {
            let untiled = Mesh2DPipeline::new(1.0, radius)
                .build(&region)
                .expect("untiled");
            let untiled_finder = untiled.to_polyanya().expect("a polyanya mesh");
            let untiled_tiles = vec![0; untiled.polygons().len()];
            for size in sizes {
                let t = tiled(&codes, &map, size, radius);
                let stitched = t.stitched();
                let finder = stitched.to_polyanya().expect("a polyanya mesh");
                let (mut found, mut crossing) = (0, 0);
                for (i, q) in queries.iter().enumerate() {
                    let what = format!("{name}, tiles of {size}, radius {radius}, query {i}");
                    let a = find(&untiled, &untiled_finder, q.start, q.goal, &untiled_tiles);
                    let b = find(stitched, &finder, q.start, q.goal, t.polygon_tiles());
                    let (a, b) = match (a, b) {
                        (Some(a), Some(b)) => (a, b),
                        (None, None) => continue,
                        (a, _) => panic!(
                            "{what}: a path on {} mesh only",
                            if a.is_some() {
                                "the untiled"
                            } else {
                                "the tiled"
                            }
                        ),
                    };
                    found += 1;
                    crossing += usize::from(b.tiles.len() > 1);
                    let contacts = seam_contacts(&a.points, size as f64, &map)
                        + seam_contacts(&b.points, size as f64, &map);
                    let segments = a.points.len() + b.points.len() - 2;
                    let largest = map.width.max(map.height) as f64;
                    let bound = 2.0 * DELTA * (contacts + 2) as f64
                        + (segments as f64) * (largest + a.length.max(b.length)) / 4194304.0;
                    let difference = (a.length - b.length).abs();
                    assert!(
                        difference <= bound,
                        "{what}: lengths {} and {} differ by {difference:e} (bound {bound:e})",
                        a.length,
                        b.length
                    );
                }
                // At radius 0 every query has a path; at 0.5 narrow passages close.
                assert!(found > queries.len() / 2, "{name}: {found} paths");
                // Paths cross seams: most of them run through polygons of several tiles.
                assert!(
                    crossing > found / 2,
                    "{name}, tiles of {size}, radius {radius}: {crossing} of {found} paths cross a seam"
                );
            }
        }
    }
}
