//! Tiled builds of outline files through the command line (decisions D20): `build FILE
//! --tile-size N` writes the library's stitched mesh of the region placed at
//! `TiledBuild::region_origin` in every format, the same bytes on every thread count and
//! wherever the region lies; `path` finds its paths on that mesh; areas other than area 1
//! are refused, and the memory check refuses a grid of too many tiles.

mod support;

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Region, TiledBuild, TiledNavMesh};
use onepath_io::{ResultJson, navmesh_to_geojson, navmesh_to_polyanya, read_outlines};
use serde_json::Value;
use std::fs;
use std::path::Path;
use support::checks::check_result_json;
use support::{line, own_data, path_length, run, run_ok, scratch};

/// The outputs `build` writes, in the order of their options.
const OUTPUTS: [(&str, &str); 4] = [
    ("--json", "json"),
    ("--svg", "svg"),
    ("--mesh", "mesh"),
    ("--geojson", "geojson"),
];

/// Runs `build ARGS` with every output into `dir` (named `stem.EXT`); returns the summary
/// and the outputs' text in the order of [`OUTPUTS`].
fn build(dir: &Path, stem: &str, args: &[&str]) -> (String, [String; 4]) {
    let paths = OUTPUTS.map(|(_, ext)| dir.join(format!("{stem}.{ext}")));
    let mut all = vec!["build"];
    all.extend_from_slice(args);
    for ((option, _), path) in OUTPUTS.iter().zip(&paths) {
        all.extend([*option, path.to_str().unwrap()]);
    }
    let summary = run_ok(&all);
    (summary, paths.map(|p| fs::read_to_string(p).unwrap()))
}

/// The library's tiled build of the outline file at `path` as the command line makes it:
/// the default pipeline (cell size 1, agent radius 0.5), tiles of `k` cells, at the
/// region's origin.
fn library_build(path: &str, k: usize) -> TiledNavMesh {
    let file = read_outlines(&fs::read_to_string(path).unwrap()).unwrap();
    let options = Geometry2DOptions::with_snap_bits(file.snap_bits.unwrap_or(16));
    let region = Region::from_outlines(&file.outlines, &options).unwrap();
    let build = TiledBuild::new(Mesh2DPipeline::new(1.0, 0.5), k);
    let origin = build.region_origin(&region).unwrap();
    build.build_region(&region, origin).unwrap()
}

/// Twice the area in grid units of a result JSON, after checking it exactly.
fn checked_area2(json: &str) -> i128 {
    check_result_json(&serde_json::from_str::<Value>(json).unwrap())
}

#[test]
fn a_tiled_outline_build_writes_the_library_mesh_the_same_on_every_thread_count() {
    let dir = scratch("outline-tiles");
    let rooms = own_data("rooms.json");
    let (summary, outputs) = build(&dir, "one", &[&rooms, "--tile-size", "4", "--threads", "1"]);
    let (summary_two, outputs_two) =
        build(&dir, "two", &[&rooms, "--tile-size", "4", "--threads", "2"]);
    assert_eq!(outputs, outputs_two, "the outputs depend on the threads");
    assert!(
        line(&summary, "tiles").ends_with("on 1 thread"),
        "{summary}"
    );
    assert!(line(&summary_two, "tiles").ends_with("on 2 threads"));

    // Every output is the library's stitched mesh, and the JSON checks exactly.
    let [json, svg, mesh, geojson] = &outputs;
    let tiled = library_build(&rooms, 4);
    let stitched = tiled.stitched();
    assert_eq!(
        *json,
        ResultJson::navmesh(stitched).to_json_string().unwrap()
    );
    assert_eq!(*mesh, navmesh_to_polyanya(stitched).unwrap());
    assert_eq!(*geojson, navmesh_to_geojson(stitched));
    let area2 = checked_area2(json);
    assert!(!stitched.polygons().is_empty());

    // The summary names the tiles and the seams, the SVG draws the tile grid.
    let (tiles_x, tiles_y) = tiled.tile_counts();
    let tiles = line(&summary, "tiles");
    let expected = format!(
        "4 x 4 cells, halo {} cells, {tiles_x} x {tiles_y} = {} tiles",
        tiled.halo(),
        tiles_x * tiles_y
    );
    assert!(tiles.contains(&expected), "{tiles}");
    assert!(tiles_x > 1 && tiles_y > 1, "{tiles}");
    let seams = line(&summary, "seams");
    assert!(
        seams.contains(&format!("{} polygon links", tiled.links().len())),
        "{seams}"
    );
    assert!(svg.contains("stroke-dasharray"), "no tile grid");
    assert!(summary.starts_with(&format!("onepath build: {rooms} (3 outlines)")));

    // The untiled build covers nearly the same area (decisions D20: the boundary moves by
    // a few grid units where it crosses a seam).
    let (_, whole) = build(&dir, "whole", &[&rooms]);
    let whole = checked_area2(&whole[0]);
    assert!(
        ((area2 - whole) as f64).abs() <= 1e-3 * whole as f64,
        "{area2} vs {whole}"
    );

    // A progress bar on a terminal changes nothing and never reaches the streams.
    let args: Vec<String> = ["build", &rooms, "--tile-size", "4"]
        .iter()
        .map(|a| a.to_string())
        .collect();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    assert_eq!(
        onepath_cli::run_with_progress(&args, &mut stdout, &mut stderr, true),
        0
    );
    assert!(stderr.is_empty());
    let quiet = String::from_utf8(stdout).unwrap();
    assert_eq!(line(&quiet, "tiles"), line(&summary_two, "tiles"));
}

#[test]
fn outlines_at_negative_coordinates_tile_from_their_own_origin() {
    let dir = scratch("outline-tiles-negative");
    // The star reaches x = -9.51 and y = -8.09: its cells start at (-10, -9), so its
    // 32 x 19 cells make 8 x 5 tiles of 4.
    let star = own_data("star.json");
    let (summary, outputs) = build(&dir, "star", &[&star, "--tile-size", "4"]);
    let tiled = library_build(&star, 4);
    assert_eq!(tiled.tile_counts(), (8, 5));
    assert!(
        line(&summary, "tiles").contains("8 x 5 = 40 tiles"),
        "{summary}"
    );
    assert!(
        line(&summary, "settings").ends_with("snap bits 10"),
        "{summary}"
    );
    assert_eq!(
        outputs[0],
        ResultJson::navmesh(tiled.stitched())
            .to_json_string()
            .unwrap()
    );
    checked_area2(&outputs[0]);

    // A room far from the origin, with a pillar: 11 x 11 cells from (-1001, -2001).
    let room = dir.join("far.json");
    fs::write(
        &room,
        r#"{"outlines": [[
            [[-1000.25, -2000.5], [-990, -2000.5], [-990, -1990], [-1000.25, -1990]],
            [[-996, -1996], [-994, -1996], [-994, -1994], [-996, -1994]]
        ]]}"#,
    )
    .unwrap();
    let room = room.to_str().unwrap();
    let (summary, outputs) = build(&dir, "far-out", &[room, "--tile-size", "3"]);
    assert!(
        line(&summary, "tiles").contains("4 x 4 = 16 tiles"),
        "{summary}"
    );
    assert_eq!(
        outputs[0],
        ResultJson::navmesh(library_build(room, 3).stitched())
            .to_json_string()
            .unwrap()
    );
    checked_area2(&outputs[0]);
    let path = run_ok(&[
        "path",
        room,
        "--tile-size",
        "3",
        "--from",
        "-999,-1999",
        "--to",
        "-991,-1991",
    ]);
    assert!(path_length(&path) > 0.0, "{path}");
}

#[test]
fn paths_on_a_tiled_outline_region_agree_with_the_whole_build() {
    let dir = scratch("outline-tiles-path");
    for (file, from, to) in [
        ("rooms.json", "1,1", "29,8"),
        ("star.json", "13,-5", "21,5"),
        ("islands.geojson", "1,1", "15,9"),
    ] {
        let input = own_data(file);
        let whole = run_ok(&["path", &input, "--from", from, "--to", to]);
        for size in ["2", "5"] {
            let svg = dir.join(format!("{file}-{size}.svg"));
            let tiled = run_ok(&[
                "path",
                &input,
                "--from",
                from,
                "--to",
                to,
                "--tile-size",
                size,
                "--svg",
                svg.to_str().unwrap(),
            ]);
            assert!(
                line(&tiled, "navmesh").contains(&format!("of {size} x {size} cells")),
                "{tiled}"
            );
            let (a, b) = (path_length(&whole), path_length(&tiled));
            assert!(
                (a - b).abs() <= 0.01 * a,
                "{file}, tiles of {size}: {whole}\n{tiled}"
            );
            let picture = fs::read_to_string(&svg).unwrap();
            assert!(picture.contains("stroke-dasharray"), "no tile grid");
        }
    }
    // A scenario's cells are a tile map's, tiled or not.
    let scen = dir.join("rooms.scen");
    fs::write(&scen, "version 1\n0\trooms\t30\t12\t1\t1\t28\t8\t30\n").unwrap();
    let rooms = own_data("rooms.json");
    for tiles in [&[][..], &["--tile-size", "4"]] {
        let mut args = vec!["path", rooms.as_str(), "--scen", scen.to_str().unwrap()];
        args.extend_from_slice(tiles);
        let outcome = run(&args);
        assert_eq!(outcome.status, 2, "{tiles:?}");
        assert!(
            outcome.stderr.contains("--scen needs a tile map"),
            "{}",
            outcome.stderr
        );
    }
}

#[test]
fn tiled_outline_regions_have_area_one() {
    let dir = scratch("outline-tiles-areas");
    let rooms = own_data("rooms.json");
    // `--areas` on a file without areas: every polygon in area 1, tiled or not.
    for tiles in [&[][..], &["--tile-size", "4"]] {
        let mut args = vec![rooms.as_str(), "--areas"];
        args.extend_from_slice(tiles);
        let (summary, outputs) = build(&dir, "areas", &args);
        assert!(
            line(&summary, "areas").starts_with("  areas: 1 "),
            "{summary}"
        );
        let json: Value = serde_json::from_str(&outputs[0]).unwrap();
        let areas = json["polygon_areas"].as_array().unwrap();
        assert!(
            !areas.is_empty() && areas.iter().all(|a| a == 1),
            "{tiles:?}"
        );
    }
    // A file whose outlines are all in area 1 tiles too; one with area 2 does not, but
    // `path`, which builds the walkable region as one area, tiles it.
    let square = |id: u32| {
        format!(
            r#"{{"outlines": [{{"area_id": {id}, "rings": [[[0, 0], [8, 0], [8, 8], [0, 8]]]}},
                {{"rings": [[[8, 0], [16, 0], [16, 8], [8, 8]]]}}]}}"#
        )
    };
    let one = dir.join("one.json");
    fs::write(&one, square(1)).unwrap();
    let (summary, _) = build(
        &dir,
        "one-out",
        &[one.to_str().unwrap(), "--tile-size", "4"],
    );
    assert!(
        line(&summary, "areas").starts_with("  areas: 1 "),
        "{summary}"
    );
    let two = dir.join("two.json");
    fs::write(&two, square(2)).unwrap();
    let json = dir.join("two-out.json");
    let two = two.to_str().unwrap();
    let outcome = run(&[
        "build",
        two,
        "--tile-size",
        "4",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(outcome.status, 2);
    assert!(
        outcome
            .stderr
            .contains("option `--tile-size`: a tiled outline region has one area (decisions D20)"),
        "{}",
        outcome.stderr
    );
    assert!(!json.exists());
    let path = run_ok(&[
        "path",
        two,
        "--tile-size",
        "4",
        "--from",
        "1,1",
        "--to",
        "15,7",
    ]);
    assert!(path_length(&path) > 14.0, "{path}");
}

#[test]
fn the_memory_check_refuses_too_many_tiles_before_any_work() {
    let dir = scratch("outline-tiles-memory");
    let rooms = own_data("rooms.json");
    let json = dir.join("out.json");
    for (cell, limit) in [("1", "1M"), ("0.001", "8G")] {
        let outcome = run(&[
            "build",
            &rooms,
            "--tile-size",
            "1",
            "--cell-size",
            cell,
            "--memory-limit",
            limit,
            "--json",
            json.to_str().unwrap(),
        ]);
        assert_eq!(outcome.status, 2, "{}", outcome.stdout);
        assert!(
            outcome.stderr.contains("the tiled build needs about"),
            "{}",
            outcome.stderr
        );
        assert_eq!(outcome.stderr.lines().count(), 1);
        assert!(!json.exists());
    }
    // A cell size the grid cannot hold is the build's own error, not a panic.
    let outcome = run(&["build", &rooms, "--tile-size", "4", "--cell-size", "1e-300"]);
    assert_eq!(outcome.status, 2);
    assert!(
        outcome
            .stderr
            .contains("option `--cell-size`: 1e-300 must be finite and at least one grid unit"),
        "{}",
        outcome.stderr
    );
}

#[test]
fn a_wall_the_cut_would_open_is_refused_and_nothing_is_written() {
    // A room split by a wall one grid unit thick at one end and none at the other: cut on
    // the lines of tiles of 4 cells, the wall would vanish between two cut lines and join
    // the rooms (decisions D20). The untiled build keeps them apart; the tiled one refuses.
    let dir = scratch("outline-tiles-needle");
    let input = dir.join("needle.json");
    fs::write(
        &input,
        r#"{"outlines": [[[[0,0],[8,0],[8,8],[0,8]], [[0,4],[8,4],[8,4.0000152587890625]]]]}"#,
    )
    .unwrap();
    let input = input.to_str().unwrap();
    let untiled = run_ok(&["build", input, "--agent-radius", "0.45"]);
    assert!(
        line(&untiled, "walkable after shrink").contains("2 rings"),
        "{untiled}"
    );
    let out = dir.join("needle.out.json");
    let refused = run(&[
        "build",
        input,
        "--tile-size",
        "4",
        "--agent-radius",
        "0.45",
        "--json",
        out.to_str().unwrap(),
    ]);
    assert_eq!(refused.status, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("narrower than a grid unit")
            && refused.stderr.contains("argument `region`"),
        "{}",
        refused.stderr
    );
    assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
    assert!(!out.exists(), "a refused build wrote its output");
}
