//! End-to-end runs of every command on the bundled corpora, their JSON read back and checked
//! exactly (rings, triangles, polygons, adjacency, areas), through the library entry point
//! and through the binary.

mod support;

use onepath_build2d::{Geometry2DOptions, Region};
use std::fs;
use support::checks::check_result_json;
use support::{listing, movingai, own_data, read_json, run_binary, run_ok, scratch};

const MAPS: [&str; 4] = [
    "arena.map",
    "maze-32-32-2.map",
    "room-32-32-4.map",
    "random-32-32-20.map",
];
const OUTLINES: [&str; 3] = ["rooms.json", "star.json", "islands.geojson"];

fn inputs() -> Vec<String> {
    MAPS.iter()
        .map(|m| movingai(m))
        .chain(OUTLINES.iter().map(|o| own_data(o)))
        .collect()
}

fn stem(path: &str) -> String {
    std::path::Path::new(path)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn build_writes_checked_json_svg_and_mesh() {
    let dir = scratch("build");
    for input in inputs() {
        for radius in ["0", "0.3"] {
            let base = dir.join(format!("{}-{radius}", stem(&input)));
            let (json, svg, mesh) = (
                base.with_extension("json"),
                base.with_extension("svg"),
                base.with_extension("mesh"),
            );
            let summary = run_ok(&[
                "build",
                &input,
                "--agent-radius",
                radius,
                "--max-verts",
                "5",
                "--json",
                json.to_str().unwrap(),
                "--svg",
                svg.to_str().unwrap(),
                "--mesh",
                mesh.to_str().unwrap(),
            ]);
            assert!(summary.contains("walkable after shrink:"), "{summary}");
            let value = read_json(&json);
            let area2 = check_result_json(&value);
            assert!(area2 > 0, "{input} at radius {radius} is empty");
            assert_eq!(value["max_vertices_per_polygon"], 5);
            // Timings are in the summary only, so the file is reproducible (issue #24).
            assert!(value.get("timings_ms").is_none());
            assert!(
                value["triangle_count"].as_u64().unwrap()
                    >= value["polygons"].as_array().unwrap().len() as u64
            );
            let mesh_text = fs::read_to_string(&mesh).unwrap();
            let counts: Vec<usize> = mesh_text
                .lines()
                .nth(2)
                .unwrap()
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect();
            assert_eq!(
                counts,
                [
                    value["vertices"].as_array().unwrap().len(),
                    value["polygons"].as_array().unwrap().len()
                ]
            );
            let picture = fs::read_to_string(&svg).unwrap();
            assert!(picture.contains("fill-rule=\"evenodd\"") && picture.ends_with("</svg>\n"));
        }
    }
}

#[test]
fn shrinking_never_grows_the_walkable_area() {
    let dir = scratch("shrink-area");
    for input in inputs() {
        let mut areas = Vec::new();
        for radius in ["0", "0.25", "0.5"] {
            let json = dir.join(format!("{}-{radius}.json", stem(&input)));
            run_ok(&[
                "build",
                &input,
                "--agent-radius",
                radius,
                "--json",
                json.to_str().unwrap(),
            ]);
            areas.push(check_result_json(&read_json(&json)));
        }
        assert!(
            areas[0] > areas[1] && areas[1] > areas[2],
            "{input}: {areas:?}"
        );
    }
}

#[test]
fn triangulate_and_partition_are_checked_exactly() {
    let dir = scratch("meshes");
    for input in inputs() {
        let tri = dir.join(format!("{}-tri.json", stem(&input)));
        let part = dir.join(format!("{}-part.json", stem(&input)));
        let svg = dir.join(format!("{}-part.svg", stem(&input)));
        run_ok(&["triangulate", &input, "--json", tri.to_str().unwrap()]);
        run_ok(&[
            "partition",
            &input,
            "--max-verts",
            "4",
            "--json",
            part.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ]);
        let (tri, part) = (read_json(&tri), read_json(&part));
        assert!(tri.get("triangles").is_some() && tri.get("polygons").is_none());
        assert!(part.get("triangles").is_some() && part.get("polygons").is_some());
        assert_eq!(check_result_json(&tri), check_result_json(&part));
        assert_eq!(part["max_vertices_per_polygon"], 4);
    }
}

/// Runs `region OP` and returns the checked area of its JSON; its GeoJSON must read back
/// into the same region.
fn region_area(dir: &std::path::Path, name: &str, args: &[&str]) -> i128 {
    let json = dir.join(format!("{name}.json"));
    let geojson = dir.join(format!("{name}.geojson"));
    let svg = dir.join(format!("{name}.svg"));
    let mut all = vec!["region"];
    all.extend_from_slice(args);
    all.extend([
        "--json",
        json.to_str().unwrap(),
        "--geojson",
        geojson.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    run_ok(&all);
    let value = read_json(&json);
    let area2 = check_result_json(&value);
    let file = onepath_io::read_geojson(&fs::read_to_string(&geojson).unwrap()).unwrap();
    let options = Geometry2DOptions::with_snap_bits(file.snap_bits.unwrap());
    let back = Region::from_outlines(&file.outlines, &options).unwrap();
    assert_eq!(
        back.area2(),
        area2,
        "{name}: the GeoJSON reads back differently"
    );
    area2
}

#[test]
fn region_operations_obey_inclusion_exclusion() {
    let dir = scratch("region");
    let pairs = [
        (movingai("room-32-32-4.map"), own_data("rooms.json")),
        (own_data("rooms.json"), own_data("islands.geojson")),
        (
            movingai("maze-32-32-2.map"),
            movingai("random-32-32-20.map"),
        ),
    ];
    for (k, (a, b)) in pairs.iter().enumerate() {
        let area = |op: &str, args: &[&str]| region_area(&dir, &format!("{k}-{op}"), args);
        let ra = area("a", &["resolve", a]);
        let rb = area("b", &["resolve", b]);
        let union = area("union", &["union", a, b]);
        let inter = area("intersection", &["intersection", a, b]);
        let diff = area("difference", &["difference", a, b]);
        let xor = area("xor", &["xor", a, b]);
        // Snap rounding moves crossings by at most half a grid unit, so the identities hold
        // up to about an edge length in grid units per rounded crossing (pair 1 is off by
        // about 10^5 of 2^32 per unit squared); tile maps and axis-aligned outlines (pairs 0
        // and 2) have no rounded crossing and hold exactly.
        let slack = if k == 1 { 1 << 20 } else { 0 };
        assert!((ra + rb - union - inter).abs() <= slack, "pair {k}");
        assert!((union - inter - xor).abs() <= slack, "pair {k}");
        assert!((ra - inter - diff).abs() <= slack, "pair {k}");
    }
    let star = own_data("star.json");
    let base = region_area(&dir, "star", &["resolve", &star]);
    let grown = region_area(&dir, "grown", &["offset", &star, "--distance", "0.5"]);
    let square = region_area(
        &dir,
        "square",
        &["offset", &star, "--distance", "0.5", "--join", "square"],
    );
    let shrunk = region_area(
        &dir,
        "shrunk",
        &[
            "offset",
            &star,
            "--distance=-0.25",
            "--arc-tolerance",
            "0.01",
        ],
    );
    assert!(
        shrunk < base && base < grown && grown < square,
        "{shrunk} {base} {grown} {square}"
    );
    let arena = movingai("arena.map");
    let full = region_area(&dir, "arena", &["resolve", &arena]);
    let pipeline = region_area(
        &dir,
        "arena-shrink",
        &["shrink", &arena, "--agent-radius", "0.4"],
    );
    assert!(pipeline < full);
}

#[test]
fn the_binary_builds_the_demo_in_the_current_folder() {
    let dir = scratch("demo");
    let outcome = run_binary(&["build"], &dir);
    assert_eq!(outcome.status, 0, "{}", outcome.stderr);
    assert_eq!(
        listing(&dir),
        ["navmesh.json", "navmesh.mesh", "navmesh.svg"]
    );
    for expected in [
        "den312d.map, the bundled demo",
        "65 x 81 cells",
        "walkable before shrink",
        "walkable after shrink",
        "triangles",
        "polygons",
        "shrink",
        "triangulate",
        "partition",
    ] {
        assert!(
            outcome.stdout.contains(expected),
            "missing `{expected}` in {}",
            outcome.stdout
        );
    }
    let value = read_json(&dir.join("navmesh.json"));
    check_result_json(&value);
    // The same build through the library entry point writes the same bytes.
    let json = dir.join("again.json");
    let mesh = dir.join("again.mesh");
    run_ok(&[
        "build",
        &movingai("den312d.map"),
        "--json",
        json.to_str().unwrap(),
        "--mesh",
        mesh.to_str().unwrap(),
    ]);
    assert_eq!(
        fs::read(&mesh).unwrap(),
        fs::read(dir.join("navmesh.mesh")).unwrap()
    );
    assert_eq!(
        fs::read(&json).unwrap(),
        fs::read(dir.join("navmesh.json")).unwrap()
    );
    assert!(value.get("timings_ms").is_none());
}

#[test]
fn help_and_version_work_everywhere() {
    let dir = scratch("help");
    let version = run_binary(&["--version"], &dir);
    assert_eq!(
        version.stdout,
        format!("onepath {}\n", env!("CARGO_PKG_VERSION"))
    );
    let main = run_binary(&["--help"], &dir);
    assert_eq!(main.status, 0);
    assert!(main.stdout.contains("Moving AI") && main.stdout.contains("Dragon Age"));
    for command in ["build", "region", "triangulate", "partition"] {
        let text = run_ok(&[command, "--help"]);
        assert!(text.starts_with(&format!("onepath {command}:")), "{text}");
        assert!(text.contains("--json <FILE>"));
        assert_eq!(run_ok(&["help", command]), text);
    }
    assert!(run_ok(&["build", "--help"]).contains("--mesh <FILE>"));
    assert!(run_ok(&["region", "-h"]).contains("--geojson <FILE>"));
    assert!(listing(&dir).is_empty());
}
