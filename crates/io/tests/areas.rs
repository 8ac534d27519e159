//! Area types in the formats (decisions D16): tile-map letters and the tables that map them
//! to area codes, `area_id` tags of outline files and GeoJSON, and the areas in the JSON,
//! GeoJSON and SVG outputs.

use onepath_build2d::{DEFAULT_AREA, Geometry2DOptions, Mesh2DPipeline, Region, Vector2D};
use onepath_io::{
    LetterAreas, MOVING_AI_TERRAIN, ResultJson, SvgPicture, TileMap, YAxis, area_colour,
    navmesh_to_geojson, read_geojson, read_outlines, read_tile_map, render_svg,
};

const MAP: &str = "type octile\nheight 2\nwidth 5\nmap\n.GSWT\n@OxÅ.\n";

#[test]
fn maps_keep_their_letters() {
    let map = read_tile_map(MAP).unwrap();
    assert_eq!(map.letters, b".GSWT@Ox\xFF.");
    assert_eq!(map.letters[8], TileMap::NOT_ASCII);
    // The format's own rule is unchanged: `.`, `G` and `S` walkable.
    let walkable: Vec<bool> = map.letters.iter().map(|l| b".GS".contains(l)).collect();
    assert_eq!(map.cells, walkable);
    // The default table gives the same cells, all in one area.
    let codes = map.area_codes(&LetterAreas::default());
    assert_eq!(codes, [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]);
    let grid = read_tile_map(".#\n#.\n").unwrap();
    assert_eq!(grid.letters, b".##.");
    assert_eq!(grid.area_codes(&LetterAreas::default()), [1, 0, 0, 1]);
}

#[test]
fn terrain_tables_give_each_kind_its_area() {
    let map = read_tile_map(MAP).unwrap();
    assert_eq!(
        map.area_codes(&LetterAreas::terrain(b"@OT")),
        [1, 1, 2, 3, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(
        map.area_codes(&LetterAreas::terrain(b"")),
        [1, 1, 2, 3, 4, 5, 5, 0, 0, 1]
    );
    assert_eq!(
        map.area_codes(&LetterAreas::one_area(b".W")),
        [1, 0, 0, 1, 0, 0, 0, 0, 0, 1]
    );
    let mut table = LetterAreas::default();
    table.set(b'x', 7);
    table.set(TileMap::NOT_ASCII, 9);
    assert_eq!(map.area_codes(&table), [1, 1, 1, 0, 0, 0, 0, 7, 9, 1]);
    // The terrain list names every letter once.
    let letters: String = MOVING_AI_TERRAIN.iter().map(|t| t.letters).collect();
    assert_eq!(letters, ".GSWT@O");

    let areas = map
        .to_area_map(
            &LetterAreas::terrain(b"@OT"),
            2.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )
        .unwrap();
    let ids: Vec<u8> = areas.areas().iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, [1, 2, 3]);
    assert_eq!(areas.walkable().area(), 5.0 * 4.0);
    assert_eq!(areas.areas()[0].1.area(), 3.0 * 4.0);
}

#[test]
fn outline_files_and_geojson_read_area_ids() {
    let file = read_outlines(
        r#"{"outlines": [
            [[[0, 0], [4, 0], [4, 4], [0, 4]]],
            {"area_id": 2, "rings": [[[1, 1], [3, 1], [3, 3], [1, 3]]]},
            {"rings": [[[4, 0], [6, 0], [6, 4], [4, 4]]]}
        ]}"#,
    )
    .unwrap();
    assert_eq!(file.areas, [None, Some(2), None]);
    assert!(file.has_areas());
    assert_eq!(
        file.json_path(1, 0, Some(2), Some(1)).unwrap(),
        "outlines[1].rings[0][2][1]"
    );
    let areas = file.to_area_map(&Geometry2DOptions::default()).unwrap();
    let measured: Vec<(u8, f64)> = areas
        .areas()
        .iter()
        .map(|(id, r)| (*id, r.area()))
        .collect();
    assert_eq!(measured, [(DEFAULT_AREA, 16.0 + 8.0 - 4.0), (2, 4.0)]);

    // A region's GeoJSON carries its measure as `area`: that is no area id.
    let region = read_geojson(
        r#"{"type": "Feature", "properties": {"area": 682},
            "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}}"#,
    )
    .unwrap();
    assert!(!region.has_areas());
    let tagged = read_geojson(
        r#"{"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"area_id": 4},
             "geometry": {"type": "MultiPolygon", "coordinates": [
                [[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[2, 0], [3, 0], [3, 1], [2, 0]]]]}},
            {"type": "Feature", "properties": null,
             "geometry": {"type": "Polygon", "coordinates": [[[5, 0], [6, 0], [6, 1], [5, 0]]]}}
        ]}"#,
    )
    .unwrap();
    assert_eq!(tagged.areas, [Some(4), Some(4), None]);
}

#[test]
fn outputs_carry_the_polygon_areas() {
    let map = read_tile_map("type octile\nheight 3\nwidth 4\nmap\n..SS\n..SS\nWW..\n").unwrap();
    let options = Geometry2DOptions::with_snap_bits(4);
    let areas = map
        .to_area_map(
            &LetterAreas::terrain(b""),
            1.0,
            Vector2D::new(0.0, 0.0),
            &options,
        )
        .unwrap();
    let mesh = Mesh2DPipeline::new(1.0, 0.0).build_areas(&areas).unwrap();
    let ids = mesh.polygon_areas();
    assert!(ids.contains(&1) && ids.contains(&2) && ids.contains(&3));

    let json = ResultJson::navmesh(&mesh).to_json_string().unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let listed: Vec<u64> = value["polygon_areas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_u64().unwrap())
        .collect();
    assert_eq!(
        listed,
        ids.iter().map(|&a| u64::from(a)).collect::<Vec<_>>()
    );
    // The result reads back as its region; the areas are ignored there.
    assert_eq!(read_outlines(&json).unwrap().outlines.len(), 1);

    // The GeoJSON reads back into the same areas.
    let geojson = navmesh_to_geojson(&mesh);
    let file = read_geojson(&geojson).unwrap();
    assert_eq!(file.snap_bits, Some(4));
    assert_eq!(file.outlines.len(), ids.len());
    let back = file.to_area_map(&options).unwrap();
    assert_eq!(back.areas(), mesh.area_regions());

    // The SVG: one fill per area and a legend; without areas the single fill of before.
    let names = [(2, "swamp".to_string())];
    let picture = SvgPicture {
        partition: Some(mesh.polygons()),
        areas: Some(mesh.area_regions()),
        area_names: &names,
        ..SvgPicture::new(mesh.region(), YAxis::Down)
    };
    let svg = render_svg(&picture);
    for id in [1, 2, 3] {
        assert!(svg.contains(&format!("fill=\"{}\"", area_colour(id))));
    }
    assert!(svg.contains(">area 1</text>") && svg.contains(">area 2: swamp</text>"));
    let plain = render_svg(&SvgPicture::new(mesh.region(), YAxis::Down));
    assert!(!plain.contains("<text") && plain.matches("fill=\"#eaf2fb\"").count() == 1);
    // Colours repeat after eight areas; every id has one.
    assert_eq!(area_colour(9), area_colour(1));
    assert_eq!(area_colour(0), area_colour(1));
    assert_eq!(area_colour(255), area_colour(7));

    // The format's rule, then a table's: to_region follows set_walkable.
    let mut map = map;
    let origin = Vector2D::new(0.0, 0.0);
    assert_eq!(map.to_region(1.0, origin, &options).unwrap().area(), 10.0);
    map.set_walkable(&LetterAreas::terrain(b"@OT"));
    assert_eq!(map.walkable_count(), 12);
    let region = map.to_region(1.0, origin, &options).unwrap();
    assert_eq!(&region, areas.walkable());
    let expected = Region::from_tile_map(&map.cells, 4, 3, 1.0, origin, &options).unwrap();
    assert_eq!(region, expected);
}
