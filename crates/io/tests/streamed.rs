//! Every writer's streamed form (`write_json`, `write_svg`, ...) writes exactly the bytes of
//! its `String` form, on a real map with every layer drawn, and returns the sink's first
//! error when the sink fails.

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, NavMesh, Region, Vector2D};
use onepath_io::{
    LetterAreas, ResultJson, StagedOutputs, SvgPicture, TileGrid, TileMap, YAxis, check_output,
    navmesh_to_geojson, navmesh_to_polyanya, polyanya_mesh_text, read_tile_map, region_to_geojson,
    render_svg, write_navmesh_geojson, write_navmesh_polyanya, write_polyanya_mesh,
    write_region_geojson, write_svg,
};
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;

/// A bundled Moving AI map (`tests/data/movingai`).
fn map(name: &str) -> TileMap {
    let path = format!(
        "{}/../../tests/data/movingai/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    read_tile_map(&fs::read_to_string(path).unwrap()).unwrap()
}

fn region_of(map: &TileMap) -> Region {
    map.to_region(1.0, Vector2D::new(0.0, 0.0), &Geometry2DOptions::default())
        .unwrap()
}

/// The bytes a streamed writer writes into memory.
fn streamed(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> Vec<u8> {
    let mut out = Vec::new();
    write(&mut out).unwrap();
    out
}

/// The mesh of `den312d.map` (walkable ground and the terrain's areas) and its region.
fn den() -> (Region, NavMesh, NavMesh) {
    let tiles = map("den312d.map");
    let region = region_of(&tiles);
    let pipeline = Mesh2DPipeline::new(1.0, 0.5);
    let mesh = pipeline.build(&region).unwrap();
    // Ground is area 1 and trees area 4 (`@` is out of bounds).
    let table = LetterAreas::terrain(b"@O");
    let areas = tiles
        .to_area_map(
            &table,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )
        .unwrap();
    let area_mesh = pipeline.build_areas(&areas).unwrap();
    (region, mesh, area_mesh)
}

#[test]
fn streamed_writers_write_the_bytes_of_the_strings() {
    let (region, mesh, area_mesh) = den();
    let triangulation = region.triangulate().unwrap();
    let partition = triangulation.partition_convex(6).unwrap();
    for mesh in [&mesh, &area_mesh] {
        let json = ResultJson::navmesh(mesh);
        assert_eq!(
            streamed(|w| json.write_json(w)),
            json.to_json_string().unwrap().as_bytes()
        );
        assert_eq!(
            streamed(|w| write_navmesh_geojson(mesh, w)),
            navmesh_to_geojson(mesh).as_bytes()
        );
        assert_eq!(
            streamed(|w| write_navmesh_polyanya(mesh, w)),
            navmesh_to_polyanya(mesh).unwrap().as_bytes()
        );
        assert_eq!(
            streamed(|w| write_polyanya_mesh(mesh.polygons(), mesh.vertex_fans(), w)),
            polyanya_mesh_text(mesh.polygons(), mesh.vertex_fans())
                .unwrap()
                .as_bytes()
        );
    }
    let json = ResultJson {
        triangulation: Some(&triangulation),
        partition: Some(&partition),
        ..ResultJson::region(&region)
    };
    assert_eq!(
        streamed(|w| json.write_json(w)),
        json.to_json_string().unwrap().as_bytes()
    );
    assert_eq!(
        streamed(|w| write_region_geojson(&region, w)),
        region_to_geojson(&region).as_bytes()
    );
    // Every layer of a picture.
    let names = [(4, "trees".to_string())];
    let (xs, ys) = ([0.0, 40.0, 80.0], [0.0, 50.0]);
    let route = [Vector2D::new(10.5, 10.5), Vector2D::new(30.5, 20.5)];
    let picture = SvgPicture {
        background: Some(&region),
        triangulation: Some(&triangulation),
        partition: Some(area_mesh.polygons()),
        areas: Some(area_mesh.area_regions()),
        area_names: &names,
        path: Some(&route),
        tile_grid: Some(TileGrid { xs: &xs, ys: &ys }),
        ..SvgPicture::new(area_mesh.region(), YAxis::Down)
    };
    let text = render_svg(&picture);
    assert!(text.contains("stroke=\"#9dbbe0\"") && text.contains("area 4: trees"));
    assert_eq!(streamed(|w| write_svg(&picture, w)), text.as_bytes());
}

/// A sink that takes `room` bytes and then fails.
struct Full {
    room: usize,
}

impl Write for Full {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "the disk is full",
            ));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_failing_sink_fails_the_writer_with_its_error() {
    let (region, mesh, _) = den();
    let full = || Full { room: 1000 };
    let errors = [
        ResultJson::navmesh(&mesh).write_json(full()),
        write_navmesh_geojson(&mesh, full()),
        write_navmesh_polyanya(&mesh, full()),
        write_region_geojson(&region, full()),
        write_svg(&SvgPicture::new(mesh.region(), YAxis::Down), full()),
    ];
    for result in errors {
        assert_eq!(result.unwrap_err().kind(), io::ErrorKind::StorageFull);
    }
}

#[test]
fn inconsistent_lists_fail_before_anything_is_written() {
    let (_, mesh, _) = den();
    let areas = [1u8];
    let json = ResultJson {
        polygon_areas: Some(&areas),
        ..ResultJson::navmesh(&mesh)
    };
    let mut out = Vec::new();
    let err = json.write_json(&mut out).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert!(out.is_empty());
}

#[test]
fn a_failed_streamed_stage_leaves_no_temporary_file() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("onepath-io-streamed-stage");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let (_, mesh, _) = den();
    let mut outputs = StagedOutputs::new();
    let json = check_output(&dir.join("mesh.json")).unwrap();
    outputs
        .stage_with(&json, |w| ResultJson::navmesh(&mesh).write_json(w))
        .unwrap();
    let svg = check_output(&dir.join("mesh.svg")).unwrap();
    let err = outputs
        .stage_with(&svg, |w| {
            w.write_all(b"<svg")?;
            Err(io::Error::other("the picture failed"))
        })
        .unwrap_err();
    assert_eq!(err.to_string(), "the picture failed");
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        1,
        "the JSON's temporary file"
    );
    outputs.commit().unwrap();
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["mesh.json"]);
    assert_eq!(
        fs::read(dir.join("mesh.json")).unwrap(),
        ResultJson::navmesh(&mesh)
            .to_json_string()
            .unwrap()
            .as_bytes()
    );
}
