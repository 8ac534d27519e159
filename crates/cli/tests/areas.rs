//! Area types through the command line (issue #21, decisions D16): Moving AI terrain
//! letters mapped to areas by `--areas` and `--blocked`, outline files and GeoJSON with
//! `area` tags, and the areas in the JSON, GeoJSON, SVG and polyanya outputs.

mod support;

use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use support::checks::check_result_json;
use support::{movingai, read_json, run, run_ok, scratch};

/// A small map with every Moving AI letter: ground (`.`, `G`), swamp, water, trees and
/// out of bounds (`@`, `O`).
const TERRAIN_MAP: &str = "type octile
height 8
width 12
map
@@@@@@@@@@@@
@..GG.SSS..@
@....SSSWW.@
@TT..SSWWW.@
@TT...WWW..@
@...T......@
@..OO..GG..@
@@@@@@@@@@@@
";

/// The number of cells of the map's rows holding one of `letters`.
fn count(map: &str, letters: &str) -> i128 {
    map.lines()
        .skip(4)
        .flat_map(str::chars)
        .filter(|&c| letters.contains(c))
        .count() as i128
}

/// Twice the area of `cells` cells of side 1, in grid units of SnapBits 16.
fn cells_area2(cells: i128) -> i128 {
    (2 * cells) << 32
}

/// Twice the exact area of the polygons of each area id of a build's JSON, in grid
/// units (the coordinates are exact multiples of the grid unit).
fn area2_by_id(json: &Value) -> BTreeMap<u64, i128> {
    let scale = (1u64 << json["snap_bits"].as_u64().unwrap()) as f64;
    let vertices: Vec<(i128, i128)> = json["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let g = |v: &Value| (v.as_f64().unwrap() * scale) as i128;
            (g(&p[0]), g(&p[1]))
        })
        .collect();
    let polygons = json["polygons"].as_array().unwrap();
    let areas = json["polygon_areas"].as_array().unwrap();
    assert_eq!(polygons.len(), areas.len(), "one area per polygon");
    let mut by_id = BTreeMap::new();
    for (polygon, area) in polygons.iter().zip(areas) {
        let corners: Vec<(i128, i128)> = polygon
            .as_array()
            .unwrap()
            .iter()
            .map(|v| vertices[v.as_u64().unwrap() as usize])
            .collect();
        let n = corners.len();
        let twice: i128 = (0..n)
            .map(|i| {
                let (p, q) = (corners[i], corners[(i + 1) % n]);
                p.0 * q.1 - q.0 * p.1
            })
            .sum();
        *by_id.entry(area.as_u64().unwrap()).or_insert(0) += twice;
    }
    by_id
}

/// Writes `contents` to `name` in `dir` and returns the path.
fn write(dir: &Path, name: &str, contents: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, contents).unwrap();
    path.display().to_string()
}

/// Runs `build INPUT ARGS --json J --svg S --geojson G --mesh M` into `dir`; returns the
/// summary, the JSON, the SVG, the GeoJSON and the mesh text.
fn build(dir: &Path, input: &str, args: &[&str]) -> (String, Value, String, String, String) {
    let [json, svg, geojson, mesh] =
        ["json", "svg", "geojson", "mesh"].map(|e| dir.join(format!("out.{e}")));
    let mut all = vec!["build", input];
    all.extend_from_slice(args);
    for (option, path) in [
        ("--json", &json),
        ("--svg", &svg),
        ("--geojson", &geojson),
        ("--mesh", &mesh),
    ] {
        all.push(option);
        all.push(path.to_str().unwrap());
    }
    let summary = run_ok(&all);
    let value = read_json(&json);
    check_result_json(&value);
    let text = |p: &Path| fs::read_to_string(p).unwrap();
    (summary, value, text(&svg), text(&geojson), text(&mesh))
}

#[test]
fn terrain_letters_become_areas_through_the_cli() {
    let dir = scratch("areas-terrain");
    let map = write(&dir, "terrain.map", TERRAIN_MAP);
    let (summary, json, svg, geojson, mesh) =
        build(&dir, &map, &["--areas", "--agent-radius", "0"]);
    // Ground, swamp and water are walkable, each in its own area; trees are blocked.
    let expected = BTreeMap::from([
        (1, cells_area2(count(TERRAIN_MAP, ".G"))),
        (2, cells_area2(count(TERRAIN_MAP, "S"))),
        (3, cells_area2(count(TERRAIN_MAP, "W"))),
    ]);
    assert_eq!(area2_by_id(&json), expected);
    assert!(
        summary.contains("areas: 1 ground (. G) ")
            && summary.contains(", 2 swamp (S) ")
            && summary.contains(", 3 water (W) "),
        "{summary}"
    );
    // The SVG fills each area in its own colour and names it in a legend.
    for (colour, name) in [
        ("#eaf2fb", "area 1: ground (. G)"),
        ("#c4e3a8", "area 2: swamp (S)"),
        ("#8fc8ee", "area 3: water (W)"),
    ] {
        assert!(svg.contains(&format!("fill=\"{colour}\"")), "{colour}");
        assert!(svg.contains(&format!(">{name}</text>")), "{name}");
    }
    assert!(!svg.contains("trees"));
    // GeoJSON: one feature per polygon with its area.
    let features: Value = serde_json::from_str(&geojson).unwrap();
    let features = features["features"].as_array().unwrap();
    let polygon_areas = json["polygon_areas"].as_array().unwrap();
    assert_eq!(features.len(), polygon_areas.len());
    for (i, feature) in features.iter().enumerate() {
        assert_eq!(feature["properties"]["polygon"], i);
        assert_eq!(feature["properties"]["area_id"], polygon_areas[i]);
        assert_eq!(feature["geometry"]["type"], "Polygon");
    }
    // The polyanya mesh has every polygon (its format has no area field).
    let counts = mesh.lines().nth(2).unwrap();
    assert_eq!(
        counts,
        format!(
            "{} {}",
            json["vertices"].as_array().unwrap().len(),
            polygon_areas.len()
        )
    );
}

#[test]
fn blocked_letters_choose_the_walkable_ground() {
    let dir = scratch("areas-blocked");
    let map = write(&dir, "terrain.map", TERRAIN_MAP);
    // Trees walkable in their own area, water blocked.
    let (summary, json, svg, _, _) = build(
        &dir,
        &map,
        &["--areas", "--blocked", "@OW", "--agent-radius", "0"],
    );
    let expected = BTreeMap::from([
        (1, cells_area2(count(TERRAIN_MAP, ".G"))),
        (2, cells_area2(count(TERRAIN_MAP, "S"))),
        (4, cells_area2(count(TERRAIN_MAP, "T"))),
    ]);
    assert_eq!(area2_by_id(&json), expected);
    assert!(summary.contains("4 trees (T)"), "{summary}");
    assert!(svg.contains(">area 4: trees (T)</text>") && !svg.contains("water"));
    // Out of bounds made walkable: `O` only, in area 5.
    let (_, json, _, _, _) = build(
        &dir,
        &map,
        &["--areas", "--blocked=@TW", "--agent-radius", "0"],
    );
    assert_eq!(
        area2_by_id(&json).get(&5),
        Some(&cells_area2(count(TERRAIN_MAP, "O")))
    );
    // Without --areas, --blocked chooses the letters of the one area.
    let (summary, json, svg, _, _) =
        build(&dir, &map, &["--blocked", "@OT", "--agent-radius", "0"]);
    assert_eq!(
        area2_by_id(&json),
        BTreeMap::from([(1, cells_area2(count(TERRAIN_MAP, ".GSW")))])
    );
    assert!(
        !summary.contains("areas:") && !svg.contains("<text"),
        "{summary}"
    );
    // Every letter blocked: an empty mesh, not an error.
    let (_, json, _, _, _) = build(&dir, &map, &["--blocked", ".GSWT@O"]);
    assert_eq!(json["polygons"].as_array().unwrap().len(), 0);

    let bad = run(&["build", &map, "--blocked", "@#"]);
    assert_eq!(bad.status, 2);
    assert_eq!(
        bad.stderr,
        "onepath: error: `--blocked @#`: `#` is not a Moving AI terrain letter (one of .GSWT@O) (see `onepath build --help`)\n"
    );
    let outline = write(
        &dir,
        "square.json",
        r#"{"outlines": [[[[0, 0], [4, 0], [4, 4], [0, 4]]]]}"#,
    );
    let bad = run(&["build", &outline, "--blocked", "T"]);
    assert_eq!(bad.status, 2);
    assert!(
        bad.stderr
            .contains("option `--blocked` applies to tile maps"),
        "{}",
        bad.stderr
    );
}

#[test]
fn without_areas_the_outputs_are_as_before() {
    let dir = scratch("areas-default");
    let map = write(&dir, "terrain.map", TERRAIN_MAP);
    let (summary, json, svg, _, _) = build(&dir, &map, &["--agent-radius", "0"]);
    // The benchmark's rule: `.`, `G` and `S` walkable, one area.
    assert_eq!(
        area2_by_id(&json),
        BTreeMap::from([(1, cells_area2(count(TERRAIN_MAP, ".GS")))])
    );
    assert!(!summary.contains("areas:"));
    assert!(!svg.contains("<text") && svg.matches("fill=\"#eaf2fb\"").count() == 1);
    // The default blocked letters written out give the same bytes.
    let explicit = dir.join("explicit.json");
    run_ok(&[
        "build",
        &map,
        "--agent-radius",
        "0",
        "--blocked",
        "@OTW",
        "--json",
        explicit.to_str().unwrap(),
    ]);
    assert_eq!(read_json(&explicit), json);
    // A map with one kind of ground: --areas changes nothing but the picture and the
    // summary (decisions D16: one area is the plain build, bit for bit).
    let den = movingai("den312d.map");
    let (_, plain, _, plain_geojson, plain_mesh) = build(&dir, &den, &[]);
    let (summary, areas, svg, geojson, mesh) = build(&dir, &den, &["--areas"]);
    assert_eq!(areas, plain);
    assert_eq!((geojson, mesh), (plain_geojson, plain_mesh));
    assert!(
        summary.contains("areas: 1 ground (. G) 244 polygons"),
        "{summary}"
    );
    assert!(svg.contains(">area 1: ground (. G)</text>"));
}

#[test]
fn the_battleground_map_has_swamp_water_and_trees() {
    // battleground.map (Warcraft III, Moving AI benchmarks) is the bundled map with S, W
    // and T; at radius 0 each area is exactly its cells.
    let dir = scratch("areas-battleground");
    let path = movingai("battleground.map");
    let text = fs::read_to_string(&path).unwrap();
    let (summary, json, svg, _, _) = build(&dir, &path, &["--areas", "--agent-radius", "0"]);
    let expected = BTreeMap::from([
        (1, cells_area2(count(&text, ".G"))),
        (2, cells_area2(count(&text, "S"))),
        (3, cells_area2(count(&text, "W"))),
    ]);
    assert_eq!(area2_by_id(&json), expected);
    assert!(summary.contains("2 swamp (S)") && summary.contains("3 water (W)"));
    assert!(svg.contains(">area 3: water (W)</text>"));
    // At the default radius the shrink applies to the union: a border between two kinds
    // is no wall, so the areas together cover what one area does with the same letters.
    let (_, with_areas, _, _, _) = build(&dir, &path, &["--areas"]);
    let (_, one_area, _, _, _) = build(&dir, &path, &["--blocked", "@OT"]);
    assert_eq!(with_areas["area2_grid"], one_area["area2_grid"]);
    assert_eq!(with_areas["rings"], one_area["rings"]);
    assert_eq!(
        area2_by_id(&with_areas).keys().copied().collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(
        with_areas["polygons"].as_array().unwrap().len()
            > one_area["polygons"].as_array().unwrap().len()
    );
}

#[test]
fn outline_files_and_geojson_carry_areas() {
    let dir = scratch("areas-outlines");
    // A 10 x 10 floor in area 1 with a 4 x 4 pool in area 3 overlapping it (the larger id
    // wins where they overlap) and an untagged 2 x 10 strip beside it (area 1).
    let rooms = write(
        &dir,
        "rooms.json",
        r#"{"snap_bits": 8, "outlines": [
            {"area_id": 1, "rings": [[[0, 0], [10, 0], [10, 10], [0, 10]]]},
            {"rings": [[[3, 3], [7, 3], [7, 7], [3, 7]]], "area_id": 3},
            [[[10, 0], [12, 0], [12, 10], [10, 10]]]
        ]}"#,
    );
    let (summary, json, svg, geojson, _) = build(&dir, &rooms, &["--agent-radius", "0"]);
    let unit = 2i128 << 16;
    assert_eq!(
        area2_by_id(&json),
        BTreeMap::from([(1, (100 - 16 + 20) * unit), (3, 16 * unit)])
    );
    assert!(
        summary.contains("areas: 1 ") && summary.contains(", 3 "),
        "{summary}"
    );
    assert!(svg.contains(">area 3</text>"));
    // The build's GeoJSON reads back with its areas: the same mesh.
    let again = write(&dir, "again.geojson", &geojson);
    let (_, rebuilt, _, _, _) = build(&dir, &again, &["--agent-radius", "0"]);
    assert_eq!(area2_by_id(&rebuilt), area2_by_id(&json));
    // GeoJSON features with an `area` property.
    let features = write(
        &dir,
        "features.geojson",
        r#"{"type": "FeatureCollection", "snap_bits": 8, "features": [
            {"type": "Feature", "properties": {"area_id": 2},
             "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [6, 0], [6, 6], [0, 6], [0, 0]]]}},
            {"type": "Feature", "properties": {"name": "hall"},
             "geometry": {"type": "MultiPolygon", "coordinates": [[[[6, 0], [9, 0], [9, 6], [6, 6], [6, 0]]]]}}
        ]}"#,
    );
    let (_, json, _, _, _) = build(&dir, &features, &["--agent-radius", "0"]);
    assert_eq!(
        area2_by_id(&json),
        BTreeMap::from([(1, 18 * unit), (2, 36 * unit)])
    );
    // An untagged outline file with --areas: every polygon in area 1, with a legend.
    let plain = write(
        &dir,
        "plain.json",
        r#"{"outlines": [[[[0, 0], [4, 0], [4, 4], [0, 4]]]]}"#,
    );
    let (_, json, svg, _, _) = build(&dir, &plain, &["--areas", "--agent-radius", "0"]);
    assert_eq!(area2_by_id(&json).keys().copied().collect::<Vec<_>>(), [1]);
    assert!(svg.contains(">area 1</text>"));
}

#[test]
fn bad_area_ids_name_their_json_path() {
    let dir = scratch("areas-errors");
    for (name, text, expected) in [
        (
            "zero.json",
            r#"{"outlines": [{"area_id": 0, "rings": [[[0, 0], [1, 0], [1, 1]]]}]}"#,
            "at outlines[0].area_id: expected an area id 1..=255, found 0",
        ),
        (
            "big.json",
            r#"{"outlines": [{"area_id": 256, "rings": [[[0, 0], [1, 0], [1, 1]]]}]}"#,
            "at outlines[0].area_id: expected an area id 1..=255, found 256",
        ),
        (
            "member.json",
            r#"{"outlines": [{"area": 2, "rings": [[[0, 0], [1, 0], [1, 1]]]}]}"#,
            "at outlines[0].area: unknown member (an outline object has `rings` and `area_id`)",
        ),
        (
            "vertex.json",
            r#"{"outlines": [{"area_id": 3, "rings": [[[0, 0], [1, 0], [1, 1]]]}, {"area_id": 2, "rings": [[[0, 0], [1e9, 0], [1, 1]]]}]}"#,
            "outline 1, ring 0, vertex 1 (x): 1000000000 exceeds 2^21 = 2097152 in magnitude (at outlines[1].rings[0][1][0])",
        ),
        (
            "feature.geojson",
            r#"{"type": "Feature", "properties": {"area_id": "water"}, "geometry": null}"#,
            "at properties.area_id: expected an area id 1..=255, found a string",
        ),
    ] {
        let path = write(&dir, name, text);
        let outcome = run(&["build", &path]);
        assert_eq!(outcome.status, 2, "{name}");
        assert_eq!(
            outcome.stderr,
            format!("onepath: error: {path}: {expected}\n"),
            "{name}"
        );
    }
}
