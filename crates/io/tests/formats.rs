//! Tests of the outline readers and the JSON, GeoJSON, SVG and polyanya writers.

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Outline, Region, Vector2D};
use onepath_io::{
    JsonInputError, ResultJson, SvgPicture, TileGrid, YAxis, navmesh_to_polyanya, read_geojson,
    read_outline_file, read_outlines, read_text_grid, read_tile_map, region_to_geojson, render_svg,
};
use serde_json::Value;

fn content_error(text: &str) -> String {
    match read_outlines(text).unwrap_err() {
        e @ JsonInputError::Content { .. } => e.to_string(),
        other => panic!("expected a content error, got {other}"),
    }
}

#[test]
fn outline_file_reads_rings_and_snap_bits() {
    let file = read_outline_file(
        r#"{"snap_bits": 8, "outlines": [[[[0, 0], [2.5, 0], [2.5, 1]]], [[[5, 5], [6, 5], [6, 6]], [[1e-3, 2], [3, 4], [5, -6]]]]}"#,
    )
    .unwrap();
    assert_eq!(file.snap_bits, Some(8));
    assert_eq!(file.outlines.len(), 2);
    assert_eq!(file.outlines[1].rings.len(), 2);
    assert_eq!(file.outlines[1].rings[1][0], Vector2D::new(1e-3, 2.0));
    assert_eq!(
        read_outline_file(r#"{"outlines": []}"#).unwrap().snap_bits,
        None
    );
}

#[test]
fn outline_errors_name_the_json_path() {
    assert_eq!(
        content_error(
            r#"{"outlines": [[[[0, 0], [1, 0], [1, 1]]], [[[0, 0], [1, null], [1, 1]]]]}"#
        ),
        "at outlines[1][0][1][1]: expected a number, found null"
    );
    assert_eq!(
        content_error(r#"{"outlines": [[[[0, 0], [1], [1, 1]]]]}"#),
        "at outlines[0][0][1]: a point needs 2 coordinates, found 1"
    );
    assert_eq!(
        content_error(r#"{"snap_bits": 16}"#),
        "at $: missing member `outlines`"
    );
    assert_eq!(
        content_error(r#"{"snap_bits": -1, "outlines": []}"#),
        "at snap_bits: expected a non-negative integer, found -1"
    );
    assert_eq!(
        content_error(r#"{"outline": []}"#),
        "at outline: unknown member (an outline file has `snap_bits` and `outlines`)"
    );
    assert_eq!(
        content_error(r#"{"outlines": {"a": 1}}"#),
        "at outlines: expected an array, found an object"
    );
    assert_eq!(
        content_error("[1, 2]"),
        "at $: expected an object, found an array"
    );
}

#[test]
fn syntax_errors_and_non_finite_numbers_give_line_and_column() {
    match read_outlines("{\"outlines\": [\n  [[[0, 0], [1, 0], [1, 1e400]]]\n]}").unwrap_err() {
        JsonInputError::Syntax { line, column, .. } => assert_eq!((line, column), (2, 29)),
        other => panic!("expected a syntax error, got {other}"),
    }
    let err = read_outlines("{\"outlines\": [\n  [[[0, 0], [1, 0], [1, NaN]]]]}").unwrap_err();
    assert!(
        matches!(err, JsonInputError::Syntax { line: 2, .. }),
        "{err}"
    );
    let err = read_outlines("{\"outlines\": [").unwrap_err();
    assert!(
        err.to_string().starts_with("line 1, column 14: EOF"),
        "{err}"
    );
}

#[test]
fn geojson_reads_every_container_and_drops_closing_vertices() {
    let text = r#"{"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": null, "geometry": {"type": "Polygon",
         "coordinates": [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [1, 2], [2, 2], [1, 1]]]}},
        {"type": "Feature", "properties": {}, "geometry": {"type": "MultiPolygon",
         "coordinates": [[[[10, 0], [12, 0], [12, 2, 7], [10, 0]]], [[[20, 0], [21, 0], [21, 1]]]]}},
        {"type": "Feature", "properties": {}, "geometry": null}]}"#;
    let file = read_geojson(text).unwrap();
    assert_eq!(file.snap_bits, None);
    let sizes: Vec<Vec<usize>> = file
        .outlines
        .iter()
        .map(|o| o.rings.iter().map(Vec::len).collect())
        .collect();
    assert_eq!(sizes, vec![vec![4, 3], vec![3], vec![3]]);
    let err = read_outlines(
        r#"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}}"#,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "at geometry.type: `LineString` is not supported (use Polygon, MultiPolygon, Feature or FeatureCollection)"
    );
    let err =
        read_outlines(r#"{"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, "x"]]]]}"#)
            .unwrap_err();
    assert_eq!(
        err.to_string(),
        "at coordinates[0][0][2][1]: expected a number, found a string"
    );
}

fn square_with_hole() -> Region {
    let outline = Outline::from_rings([
        vec![[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]],
        vec![[1.0, 1.0], [2.0, 1.0], [2.0, 2.5], [1.0, 2.5]],
    ]);
    Region::from_outlines(&[outline], &Geometry2DOptions::default()).unwrap()
}

#[test]
fn geojson_output_reads_back_as_the_same_region() {
    let map = read_tile_map("#....#\n.#..#.\n......\n..##..\n").unwrap();
    let options = Geometry2DOptions::with_snap_bits(12);
    let tiles = map
        .to_region(0.75, Vector2D::new(-1.0, 2.0), &options)
        .unwrap();
    for region in [square_with_hole(), tiles] {
        let text = region_to_geojson(&region);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["geometry"]["type"], "MultiPolygon");
        let file = read_geojson(&text).unwrap();
        let options = Geometry2DOptions::with_snap_bits(file.snap_bits.unwrap());
        let back = Region::from_outlines(&file.outlines, &options).unwrap();
        assert_eq!(back, region);
    }
}

#[test]
fn result_json_holds_exact_values() {
    let region = square_with_hole();
    let triangulation = region.triangulate().unwrap();
    let partition = triangulation.partition_convex(6).unwrap();
    let result = ResultJson {
        triangulation: Some(&triangulation),
        partition: Some(&partition),
        ..ResultJson::region(&region)
    };
    let value: Value = serde_json::from_str(&result.to_json_string().unwrap()).unwrap();
    assert_eq!(value["snap_bits"], 16);
    assert_eq!(value["area"], 14.5);
    assert_eq!(value["area2_grid"], region.area2().to_string());
    assert_eq!(value["rings"].as_array().unwrap().len(), 2);
    let point = &value["rings"][1][2];
    assert_eq!(
        [point[0].as_f64(), point[1].as_f64()],
        [Some(2.0), Some(2.5)]
    );
    assert_eq!(value["vertices"].as_array().unwrap().len(), 8);
    assert_eq!(
        value["triangles"].as_array().unwrap().len(),
        triangulation.len()
    );
    assert_eq!(value["polygons"].as_array().unwrap().len(), partition.len());
    let neighbors = value["polygon_neighbors"].as_array().unwrap();
    assert!(
        neighbors
            .iter()
            .flat_map(|n| n.as_array().unwrap())
            .any(|n| n == -1)
    );
    let empty = Region::empty(&Geometry2DOptions::default()).unwrap();
    let value: Value =
        serde_json::from_str(&ResultJson::region(&empty).to_json_string().unwrap()).unwrap();
    assert_eq!(value["rings"], serde_json::json!([]));
}

#[test]
fn polyanya_mesh_rotates_neighbours_to_the_previous_edge() {
    // An L of three cells gives polygons that meet across one edge.
    let map = read_tile_map(".#\n..\n").unwrap();
    let region = map
        .to_region(1.0, Vector2D::new(0.0, 0.0), &Geometry2DOptions::default())
        .unwrap();
    let mesh = Mesh2DPipeline::new(1.0, 0.0).build(&region).unwrap();
    let text = navmesh_to_polyanya(&mesh).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("mesh"));
    assert_eq!(lines.next(), Some("2"));
    let counts: Vec<usize> = lines
        .next()
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let rest: Vec<Vec<f64>> = lines
        .map(|l| l.split(' ').map(|n| n.parse().unwrap()).collect())
        .collect();
    assert_eq!(rest.len(), counts[0] + counts[1]);
    let polygons: Vec<(Vec<usize>, Vec<i64>)> = rest[counts[0]..]
        .iter()
        .map(|l| {
            let n = l[0] as usize;
            let v = l[1..=n].iter().map(|&x| x as usize).collect();
            let p = l[n + 1..].iter().map(|&x| x as i64).collect();
            (v, p)
        })
        .collect();
    assert!(polygons.len() >= 2);
    let mut shared = 0;
    for (i, (v, p)) in polygons.iter().enumerate() {
        let n = v.len();
        for k in 0..n {
            let edge = [v[(k + n - 1) % n], v[k]];
            let across = polygons.iter().position(|(w, _)| {
                (0..w.len()).any(|j| [w[j], w[(j + 1) % w.len()]] == [edge[1], edge[0]])
            });
            assert_eq!(
                p[k],
                across.map_or(-1, |j| j as i64),
                "polygon {i} edge {k}"
            );
            shared += usize::from(p[k] >= 0);
        }
    }
    assert!(shared >= 2);
    // Every vertex line counts its fan entries.
    for l in &rest[..counts[0]] {
        assert_eq!(l[2] as usize, l.len() - 3);
    }
}

#[test]
fn svg_fills_with_even_odd_and_flips_for_y_up() {
    let region = square_with_hole();
    let partition = region.partition_convex(6).unwrap();
    let up = render_svg(&SvgPicture {
        partition: Some(&partition),
        ..SvgPicture::new(&region, YAxis::Up)
    });
    assert!(up.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(up.contains("fill-rule=\"evenodd\""));
    assert!(up.trim_end().ends_with("</svg>"));
    // Square 4 x 4 on 1024 px with a 16 px margin: scale 248 px per unit. The ring starts
    // at (0, 0), the bottom-left corner: y up puts it at the bottom, y down at the top.
    assert!(up.contains("M16.0 1008.0L"), "{up}");
    let down = render_svg(&SvgPicture::new(&region, YAxis::Down));
    assert!(down.contains("M16.0 16.0L"), "{down}");
    assert_eq!(up.matches("<path").count(), 3);
}

#[test]
fn svg_draws_a_path_on_top_with_its_ends_marked() {
    let region = square_with_hole();
    let path = [
        Vector2D::new(0.5, 0.5),
        Vector2D::new(3.5, 0.5),
        Vector2D::new(3.5, 3.5),
    ];
    let svg = render_svg(&SvgPicture {
        path: Some(&path),
        ..SvgPicture::new(&region, YAxis::Up)
    });
    // 248 px per unit from a 16 px margin, y up: (0.5, 0.5) is at (140, 884).
    assert!(
        svg.contains("d=\"M140.0 884.0L884.0 884.0L884.0 140.0\""),
        "{svg}"
    );
    assert_eq!(svg.matches("<circle").count(), 2);
    let last_path = svg.rfind("<path").unwrap();
    assert!(
        svg[last_path..].contains("#e8590c"),
        "the path is drawn last"
    );
    // No path, or an empty one: the picture is unchanged.
    let plain = render_svg(&SvgPicture::new(&region, YAxis::Up));
    let empty = render_svg(&SvgPicture {
        path: Some(&[]),
        ..SvgPicture::new(&region, YAxis::Up)
    });
    assert_eq!(plain, empty);
    assert!(!plain.contains("<circle"));
}

#[test]
fn svg_draws_the_tile_grid_inside_the_picture() {
    let region = square_with_hole();
    // Tiles of 2 units over x in [-2, 6] and y in [0, 4]: the lines at x = -2 and 6 lie
    // outside the picture (x in [0, 4]) and are left out; the others are cut to it.
    let (xs, ys) = ([-2.0, 0.0, 2.0, 4.0, 6.0], [0.0, 2.0, 4.0]);
    let svg = render_svg(&SvgPicture {
        tile_grid: Some(TileGrid { xs: &xs, ys: &ys }),
        ..SvgPicture::new(&region, YAxis::Up)
    });
    let grid = svg
        .lines()
        .find(|l| l.contains("stroke-dasharray"))
        .expect("a grid path");
    // 248 px per unit from a 16 px margin, y up: x = 2 is at 512, y = 2 at 512.
    assert!(
        grid.contains(
            "d=\"M16.0 1008.0L16.0 16.0M512.0 1008.0L512.0 16.0M1008.0 1008.0L1008.0 16.0\
             M16.0 1008.0L1008.0 1008.0M16.0 512.0L1008.0 512.0M16.0 16.0L1008.0 16.0\""
        ),
        "{grid}"
    );
    // Drawn below the mesh edges and the outline, above the fill.
    let fill = svg.find("fill=\"#eaf2fb\"").unwrap();
    let outline = svg.find("stroke=\"#0b2f5c\"").unwrap();
    let at = svg.find("stroke-dasharray").unwrap();
    assert!(fill < at && at < outline);
    assert!(!render_svg(&SvgPicture::new(&region, YAxis::Up)).contains("stroke-dasharray"));
}

#[test]
fn the_bundled_scenarios_read() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/movingai");
    for (name, count, width) in [("arena.map.scen", 160, 49), ("den312d.map.scen", 320, 65)] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let queries = onepath_io::read_scenario(&text).unwrap();
        assert_eq!(queries.len(), count, "{name}");
        assert!(queries.iter().all(|q| q.map_width == width), "{name}");
        assert!(
            queries.windows(2).all(|w| w[0].bucket <= w[1].bucket),
            "{name}"
        );
    }
}

#[test]
fn readers_skip_a_byte_order_mark_and_refuse_empty_text_and_duplicate_keys() {
    let file = read_outlines("\u{feff}{\"outlines\": []}").unwrap();
    assert!(file.outlines.is_empty());
    let map = read_tile_map("\u{feff}type octile\nheight 1\nwidth 1\nmap\n.\n").unwrap();
    assert_eq!(map.cells, [true]);
    assert_eq!(read_tile_map("").unwrap_err().message, "the file is empty");
    assert_eq!(
        read_text_grid("\n \n").unwrap_err().message,
        "the file is empty"
    );
    let err = read_outlines("{\"snap_bits\": 1, \"snap_bits\": 2, \"outlines\": []}").unwrap_err();
    assert!(
        err.to_string()
            .contains("the key `snap_bits` is given twice"),
        "{err}"
    );
    // Quotes of inputs are cut and escaped.
    let err = read_tile_map(&format!("type octile\r{}", "x".repeat(10_000))).unwrap_err();
    assert!(
        err.message.len() < 120 && err.message.contains("\\r"),
        "{}",
        err.message
    );
}
