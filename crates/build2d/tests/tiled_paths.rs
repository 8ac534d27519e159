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

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, NavMesh, TiledNavMesh, Vector2D};
use onepath_io::{ScenarioQuery, read_scenario, read_tile_map};
use std::collections::BTreeSet;
use support::{centre, codes_of, data, tiled, tiled_region, turned_point, turned_region};

/// The coverage bound: how far the boundary may move near a seam, in user units (grid
/// units of 2^-16).
const DELTA: f64 = 2.0 / 65536.0;

/// A path as polyanya gives it, with its start in front.
struct Found {
    length: f64,
    points: Vec<[f64; 2]>,
    tiles: BTreeSet<u32>,
}

/// The path between the points `from` and `to`, each first moved onto `mesh`.
fn find(
    mesh: &NavMesh,
    finder: &polyanya::Mesh,
    from: [f64; 2],
    to: [f64; 2],
    polygon_tiles: &[u32],
) -> Option<Found> {
    let on_mesh = |p: [f64; 2]| {
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

/// The number of times the path's segments cross or touch one of the vertical lines
/// `x = xs[k]` or the horizontal lines `y = ys[k]`.
fn contacts(points: &[[f64; 2]], xs: &[f64], ys: &[f64]) -> usize {
    let lines =
        |lo: f64, hi: f64, lines: &[f64]| lines.iter().filter(|&&l| lo <= l && l <= hi).count();
    points
        .windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            lines(a[0].min(b[0]), a[0].max(b[0]), xs) + lines(a[1].min(b[1]), a[1].max(b[1]), ys)
        })
        .sum()
}

/// The seam lines of tiles of `size` unit cells on a map of `cells` cells a side.
fn seams(size: usize, cells: usize) -> Vec<f64> {
    (size..cells).step_by(size).map(|l| l as f64).collect()
}

/// The lines a path's contacts are counted with: vertical `x = xs[k]`, horizontal
/// `y = ys[k]`, and the move `delta` (user units) the boundary may make at each contact.
struct Lines {
    xs: Vec<f64>,
    ys: Vec<f64>,
    delta: f64,
}

/// Every query of `queries` (its cells turned into points by `point`) on the untiled mesh
/// (`untiled`, with its polyanya mesh) and on the stitched mesh of `tiled`: both find a
/// path or neither, and the lengths agree within the bound of the file's comment, with
/// `lines.delta` at each contact with `lines` and `largest` the largest coordinate. Most
/// queries find a path, and most tiled paths run through polygons of several tiles.
fn compare_queries(
    (untiled, untiled_finder): (&NavMesh, &polyanya::Mesh),
    tiled: &TiledNavMesh,
    queries: &[ScenarioQuery],
    point: impl Fn((usize, usize)) -> [f64; 2],
    lines: &Lines,
    largest: f64,
    what: &str,
) {
    let untiled_tiles = vec![0; untiled.polygons().len()];
    let stitched = tiled.stitched();
    let finder = stitched.to_polyanya().expect("a polyanya mesh");
    let (mut found, mut crossing) = (0, 0);
    for (i, q) in queries.iter().enumerate() {
        let what = format!("{what}, query {i}");
        let (from, to) = (point(q.start), point(q.goal));
        let a = find(untiled, untiled_finder, from, to, &untiled_tiles);
        let b = find(stitched, &finder, from, to, tiled.polygon_tiles());
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
        let touching =
            contacts(&a.points, &lines.xs, &lines.ys) + contacts(&b.points, &lines.xs, &lines.ys);
        let segments = a.points.len() + b.points.len() - 2;
        let bound = 2.0 * lines.delta * (touching + 2) as f64
            + (segments as f64) * (largest + a.length.max(b.length)) / 4194304.0;
        let difference = (a.length - b.length).abs();
        assert!(
            difference <= bound,
            "{what}: lengths {} and {} differ by {difference:e} (bound {bound:e})",
            a.length,
            b.length
        );
        crossing += usize::from(b.tiles.len() > 1);
    }
    // At radius 0 every query has a path; at 0.5 narrow passages close.
    assert!(found > queries.len() / 2, "{what}: {found} paths");
    // Paths cross seams: most of them run through polygons of several tiles.
    assert!(
        crossing > found / 2,
        "{what}: {crossing} of {found} paths cross a seam"
    );
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
            for size in sizes {
                let lines = Lines {
                    xs: seams(size, map.width),
                    ys: seams(size, map.height),
                    delta: DELTA,
                };
                compare_queries(
                    (&untiled, &untiled_finder),
                    &tiled(&codes, &map, size, radius),
                    &queries,
                    |cell| ScenarioQuery::centre(cell, 1.0),
                    &lines,
                    map.width.max(map.height) as f64,
                    &format!("{name}, tiles of {size}, radius {radius}"),
                );
            }
        }
    }
}

/// How far a tiled outline region's boundary may move where it crosses a cut line
/// (docs/tiles.md, "Outline regions"), in user units; the maps and angles below have no
/// bump (tests/tests/tiled_regions.rs).
const CUT_DELTA: f64 = 5.0 / 65536.0;

/// Paths across the seams of tiled outline regions (decisions D20): the maps turned so that
/// every wall crosses seams at an angle, and the scenarios' points turned with them. The
/// bound is the one above with `CUT_DELTA` at every contact with a cut line (the seams and
/// the lines a halo away on either side, where the cut moved the boundary).
#[test]
fn polyanya_finds_the_same_paths_across_seams_of_turned_maps() {
    for (name, angle, sizes) in [("arena.map", 0.3, [7, 16]), ("den312d.map", -0.7, [8, 20])] {
        let map = read_tile_map(&data(name)).expect("a map");
        let queries = read_scenario(&data(&format!("{name}.scen"))).expect("a scenario");
        let region = turned_region(&map, angle);
        let turn = |cell| turned_point(ScenarioQuery::centre(cell, 1.0), centre(&map), angle, 1.0);
        for radius in [0.0, 0.45] {
            let untiled = Mesh2DPipeline::new(1.0, radius)
                .build(&region)
                .expect("untiled");
            let untiled_finder = untiled.to_polyanya().expect("a polyanya mesh");
            for size in sizes {
                let (t, origin) = tiled_region(&region, size, radius);
                // The cut lines in user units: every seam and a halo to either side of it.
                let (tx, ty) = t.tile_counts();
                let cut = |tiles: usize, at: f64| -> Vec<f64> {
                    (1..tiles)
                        .flat_map(|i| {
                            let seam = (i * size) as f64;
                            let h = t.halo() as f64;
                            [seam - h, seam, seam + h]
                        })
                        .map(|l| at + l)
                        .collect()
                };
                let lines = Lines {
                    xs: cut(tx, origin.x),
                    ys: cut(ty, origin.y),
                    delta: CUT_DELTA,
                };
                compare_queries(
                    (&untiled, &untiled_finder),
                    &t,
                    &queries,
                    turn,
                    &lines,
                    2.0 * map.width.max(map.height) as f64,
                    &format!("{name} turned, tiles of {size}, radius {radius}"),
                );
            }
        }
    }
}
