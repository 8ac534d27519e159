//! Tiled builds and threads through the command line (issues #19 and #20, decisions D17):
//! `build --tile-size N` writes the library's stitched mesh, checked exactly, with a
//! summary of tiles, seams and timings and the tile grid in the SVG; `--threads N` never
//! changes an output byte.

mod support;

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, TiledBuild, Vector2D};
use onepath_io::{ResultJson, read_tile_map};
use serde_json::Value;
use std::fs;
use std::path::Path;
use support::checks::check_result_json;
use support::{line, movingai, path_length, read_json, run, run_ok, scratch};

/// Runs `build ARGS --json out.json --svg out.svg --mesh out.mesh` in `dir`; returns the
/// summary and the three files' bytes.
fn build(dir: &Path, args: &[&str]) -> (String, String, String, String) {
    let [json, svg, mesh] = ["json", "svg", "mesh"].map(|e| dir.join(format!("out.{e}")));
    let mut all = vec!["build"];
    all.extend_from_slice(args);
    for (option, path) in [("--json", &json), ("--svg", &svg), ("--mesh", &mesh)] {
        all.push(option);
        all.push(path.to_str().unwrap());
    }
    let summary = run_ok(&all);
    let text = |p: &Path| fs::read_to_string(p).unwrap();
    (summary, text(&json), text(&svg), text(&mesh))
}

/// Twice the area in grid units that `json` reports, after checking it exactly.
fn checked_area2(json: &str) -> i128 {
    let value: Value = serde_json::from_str(json).unwrap();
    check_result_json(&value)
}

#[test]
fn a_tiled_build_writes_the_library_stitched_mesh() {
    let dir = scratch("tiles-library");
    let map = movingai("arena.map");
    let (summary, json, svg, _) = build(&dir, &[&map, "--tile-size", "12"]);
    checked_area2(&json);

    // The same build through the library, on the map's walkable cells.
    let text = fs::read_to_string(&map).unwrap();
    let tile_map = read_tile_map(&text).unwrap();
    let codes: Vec<u8> = tile_map.cells.iter().map(|&c| u8::from(c)).collect();
    let tiled = TiledBuild::new(Mesh2DPipeline::new(1.0, 0.5), 12)
        .build(
            &codes,
            tile_map.width,
            tile_map.height,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )
        .unwrap();
    let expected = ResultJson::navmesh(tiled.stitched())
        .to_json_string()
        .unwrap();
    assert_eq!(json, expected);

    // The summary names the tiles, the seams' links and the phases' times.
    let (tiles_x, tiles_y) = tiled.tile_counts();
    let tiles = line(&summary, "tiles");
    assert!(
        tiles.contains(&format!(
            "12 x 12 cells, halo {} cells, {tiles_x} x {tiles_y} = {} tiles",
            tiled.halo(),
            tiles_x * tiles_y
        )),
        "{tiles}"
    );
    assert!(
        line(&summary, "seams").contains(&format!("{} polygon links", tiled.links().len())),
        "{summary}"
    );
    let time = line(&summary, "time");
    for phase in ["read", "tiles", "stitch", "write"] {
        assert!(time.contains(phase), "{time}");
    }
    assert!(tiled.links().len() > 10, "arena's open floor crosses seams");

    // The SVG draws the tile grid: a line on every border between tiles (the walkable
    // area reaches past each of arena's seams), and the map's outer borders only where
    // they are inside the picture.
    let grid = svg
        .lines()
        .find(|l| l.contains("stroke-dasharray"))
        .expect("the tile grid");
    let segments = grid.matches('M').count();
    assert!(
        (tiles_x - 1 + tiles_y - 1..=tiles_x + 1 + tiles_y + 1).contains(&segments),
        "{grid}"
    );
}

#[test]
fn one_tile_is_the_untiled_build_and_small_tiles_keep_the_area_within_the_bound() {
    let dir = scratch("tiles-one");
    let map = movingai("den312d.map");
    let (_, untiled, _, untiled_mesh) = build(&dir, &[&map]);
    let (summary, one, _, one_mesh) = build(&dir, &[&map, "--tile-size", "100"]);
    assert!(
        line(&summary, "tiles").contains("1 x 1 = 1 tile,"),
        "{summary}"
    );
    assert_eq!(one, untiled);
    assert_eq!(one_mesh, untiled_mesh);

    // Tiles of one cell and of three (smaller than the halo): each stitched mesh is
    // checked, and its area is within 2 grid units per unit of seam length of the
    // untiled one (decisions D17).
    let whole = checked_area2(&untiled);
    let scale = 65536i128;
    let (width, height) = (65i128, 81i128);
    for k in [1i128, 3, 16] {
        let (_, json, _, _) = build(&dir, &[&map, "--tile-size", &k.to_string()]);
        let area2 = checked_area2(&json);
        let seams = ((width - 1) / k) * height + ((height - 1) / k) * width;
        let bound = 2 * 2 * seams * scale; // Twice the area: 2 grid units per seam unit.
        assert!(
            (area2 - whole).abs() <= bound,
            "tile size {k}: {area2} vs {whole}"
        );
    }
}

#[test]
fn tiled_areas_keep_their_borders() {
    let dir = scratch("tiles-areas");
    let map = movingai("battleground.map");
    let (untiled_summary, untiled, _, _) = build(&dir, &[&map, "--areas"]);
    let (summary, json, svg, _) = build(&dir, &[&map, "--areas", "--tile-size", "64"]);
    checked_area2(&json);
    let value: Value = serde_json::from_str(&json).unwrap();
    let areas = value["polygon_areas"].as_array().expect("polygon_areas");
    assert_eq!(areas.len(), value["polygons"].as_array().unwrap().len());
    let untiled: Value = serde_json::from_str(&untiled).unwrap();
    let ids = |v: &Value| {
        let mut ids: Vec<u64> = v["polygon_areas"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_u64().unwrap())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    assert_eq!(ids(&value), ids(&untiled));
    assert!(summary.contains("  areas: 1 ground"), "{summary}");
    assert!(untiled_summary.contains("  areas: 1 ground"));
    assert!(svg.contains("swamp"), "the legend names the areas");
}

#[test]
fn threads_never_change_an_output() {
    let dir = scratch("tiles-threads");
    let map = movingai("random-32-32-20.map");
    for extra in [&["--tile-size", "5"][..], &[]] {
        let mut outputs = Vec::new();
        for threads in ["1", "2", "3", "8"] {
            let mut args = vec![map.as_str(), "--threads", threads];
            args.extend_from_slice(extra);
            let (summary, json, svg, mesh) = build(&dir, &args);
            if !extra.is_empty() {
                let expected = match threads {
                    "1" => "on 1 thread".to_string(),
                    n => format!("on {n} threads"),
                };
                assert!(line(&summary, "tiles").contains(&expected), "{summary}");
            }
            outputs.push((json, svg, mesh));
        }
        assert!(outputs.windows(2).all(|w| w[0] == w[1]), "{extra:?}");
    }
    // The region operations too.
    let b = movingai("room-32-32-4.map");
    let results: Vec<String> = ["1", "4"]
        .iter()
        .map(|threads| {
            let out = dir.join(format!("union-{threads}.json"));
            run_ok(&[
                "region",
                "union",
                &map,
                &b,
                "--threads",
                threads,
                "--json",
                out.to_str().unwrap(),
            ]);
            fs::read_to_string(out).unwrap()
        })
        .collect();
    assert_eq!(results[0], results[1]);
    check_result_json(&read_json(&dir.join("union-1.json")));
}

#[test]
fn progress_on_a_terminal_changes_no_output() {
    let dir = scratch("tiles-progress");
    let map = movingai("arena.map");
    let (quiet, json, _, _) = build(&dir, &[&map, "--tile-size", "7"]);
    let out = dir.join("progress.json");
    let args: Vec<String> = [
        "build",
        map.as_str(),
        "--tile-size",
        "7",
        "--json",
        out.to_str().unwrap(),
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let status = onepath_cli::run_with_progress(&args, &mut stdout, &mut stderr, true);
    assert_eq!(status, 0);
    // The bar is drawn on the process's terminal, never into the summary or the errors.
    assert!(stderr.is_empty());
    let summary = String::from_utf8(stdout).unwrap();
    assert_eq!(line(&summary, "tiles"), line(&quiet, "tiles"));
    assert_eq!(fs::read_to_string(&out).unwrap(), json);

    // A whole build and a path show a spinner instead, on the terminal only.
    let (quiet, json, _, _) = build(&dir, &[&map]);
    let strings = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let args = strings(&["build", &map, "--json", out.to_str().unwrap()]);
    let status = onepath_cli::run_with_progress(&args, &mut stdout, &mut stderr, true);
    assert_eq!(status, 0);
    assert!(stderr.is_empty());
    let summary = String::from_utf8(stdout).unwrap();
    assert_eq!(line(&summary, "navmesh"), line(&quiet, "navmesh"));
    assert_eq!(fs::read_to_string(&out).unwrap(), json);
    let path = [
        "path",
        map.as_str(),
        "--from",
        "3.5,3.5",
        "--to",
        "45.5,45.5",
    ];
    let quiet = run_ok(&path);
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let status = onepath_cli::run_with_progress(&strings(&path), &mut stdout, &mut stderr, true);
    assert_eq!(status, 0);
    assert!(stderr.is_empty());
    let summary = String::from_utf8(stdout).unwrap();
    // The line ends with the time the search took; the rest must agree.
    let found = |s: &str| {
        line(s, "path")
            .split(", found in")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(found(&summary), found(&quiet));
}

#[test]
fn tiled_builds_refuse_what_they_cannot_do() {
    let dir = scratch("tiles-errors");
    let map = movingai("arena.map");
    let fails = |args: &[&str], expected: &str| {
        let outcome = run(args);
        assert_eq!(outcome.status, 2, "{args:?}");
        assert!(
            outcome.stderr.contains(expected),
            "{args:?}: {}",
            outcome.stderr
        );
        assert_eq!(outcome.stderr.lines().count(), 1, "{}", outcome.stderr);
    };
    fails(
        &["build", &map, "--tile-size", "0"],
        "`--tile-size 0`: a tile must be at least one cell wide",
    );
    fails(
        &["build", &map, "--tile-size", "x"],
        "`--tile-size x`: not a non-negative integer",
    );
    fails(
        &["build", &map, "--threads", "0"],
        "`--threads 0`: 0 is outside 1..=1024",
    );
    fails(
        &["region", "resolve", &map, "--threads", "5000"],
        "`--threads 5000`: 5000 is outside 1..=1024",
    );
    // Arguments the halo cannot be computed from are the build's own errors, found
    // before the memory check asks for the halo.
    fails(
        &["build", &map, "--tile-size", "4", "--agent-radius", "1e300"],
        "option `--agent-radius`: 1e300 exceeds 2^20",
    );
    fails(
        &["build", &map, "--tile-size", "4", "--cell-size", "1e-300"],
        "option `--cell-size`: 1e-300 must be finite and at least one grid unit",
    );
    // A tiled outline region has one area (decisions D20): a file with other areas is
    // refused (and builds without tiles).
    let outline = dir.join("areas.json");
    fs::write(
        &outline,
        r#"{"outlines": [{"area_id": 2, "rings": [[[0, 0], [4, 0], [4, 4], [0, 4]]]}]}"#,
    )
    .unwrap();
    fails(
        &["build", outline.to_str().unwrap(), "--tile-size", "4"],
        "option `--tile-size`: a tiled outline region has one area",
    );
    // The memory check counts the tiles in flight; a tiny limit refuses before any work
    // and writes nothing.
    let json = dir.join("refused.json");
    fails(
        &[
            "build",
            &map,
            "--tile-size",
            "8",
            "--memory-limit",
            "1M",
            "--json",
            json.to_str().unwrap(),
        ],
        "the tiled build needs about",
    );
    assert!(!json.exists());
}

#[test]
fn paths_are_found_on_the_stitched_mesh_of_a_tiled_build() {
    let map = movingai("den312d.map");
    let scen = movingai("den312d.map.scen");
    let between = ["--from", "4.5,3.5", "--to", "60.5,70.5"];
    let mut whole_args = vec!["path", map.as_str()];
    whole_args.extend(between);
    let whole = run_ok(&whole_args);
    for size in ["1", "7", "16"] {
        let mut args = whole_args.clone();
        args.extend(["--tile-size", size]);
        let tiled = run_ok(&args);
        assert!(
            line(&tiled, "navmesh").contains(&format!("of {size} x {size} cells")),
            "{tiled}"
        );
        // The bound of crates/build2d/tests/tiled_paths.rs: 2 * delta per seam contact
        // (delta = 2 grid units), at most 40 contacts on this 11-point path, and polyanya's
        // f32 rounding: well under 0.01 user units (the measured difference is 0).
        let difference = (path_length(&whole) - path_length(&tiled)).abs();
        assert!(difference <= 0.01, "tiles of {size}: {whole}\n{tiled}");
    }
    // The picture of a path on a tiled mesh draws the tile grid; the whole build's does not.
    let dir = scratch("tiles-path-svg");
    let svg = |tiles: Option<&str>| {
        let file = dir.join("path.svg");
        let mut args = whole_args.clone();
        args.extend(["--svg", file.to_str().unwrap()]);
        if let Some(size) = tiles {
            args.extend(["--tile-size", size]);
        }
        run_ok(&args);
        fs::read_to_string(&file).unwrap()
    };
    let grid = |svg: &str| svg.lines().any(|l| l.contains("stroke-dasharray"));
    assert!(grid(&svg(Some("16"))));
    assert!(!grid(&svg(None)));
    // A scenario on a tiled mesh: every query the whole mesh answers, within the optimal
    // 8-connected length and above the straight line.
    let found = |summary: &str| {
        let line = summary
            .lines()
            .find(|l| l.starts_with("  found "))
            .unwrap_or_else(|| panic!("no `found` line in\n{summary}"));
        assert!(
            line.contains("0 above the optimal 8-connected length, 0 below the straight line"),
            "{summary}"
        );
        line.split(" paths;").next().unwrap().to_string()
    };
    let whole = run_ok(&["path", &map, "--scen", &scen]);
    let tiled = run_ok(&["path", &map, "--scen", &scen, "--tile-size", "8"]);
    assert_eq!(found(&whole), found(&tiled));
}
