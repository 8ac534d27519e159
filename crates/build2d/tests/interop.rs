//! The in-memory hand-offs (features `polyanya` and `glam`): polyanya's `Mesh` built in
//! memory answers every query of the bundled Moving AI scenarios with the path lengths of
//! the same mesh written to a file and read back; glam points convert both ways. The paths
//! it finds are also the reference `interop/landmass` compares landmass's against (a
//! fixture this file writes and checks).
//!
//! Run with `cargo test -p onepath-build2d --all-features --test interop` (CI does).

#![cfg(any(feature = "polyanya", feature = "glam"))]

mod support;

#[cfg(feature = "polyanya")]
mod polyanya_mesh {
    use onepath_build2d::{
        AreaMap, Error, Geometry2DOptions, Mesh2DPipeline, NavMesh, Region, Vector2D,
    };
    use onepath_io::{ScenarioQuery, navmesh_to_polyanya, read_scenario, read_tile_map};
    use std::path::PathBuf;

    use super::support::data;

    fn mesh(map: &str, radius: f64) -> NavMesh {
        let map = read_tile_map(&data(map)).unwrap();
        let region = map
            .to_region(1.0, Vector2D::new(0.0, 0.0), &Geometry2DOptions::default())
            .unwrap();
        Mesh2DPipeline::new(1.0, radius).build(&region).unwrap()
    }

    /// The path lengths of every query of `map`'s scenario file at `radius`, from the mesh
    /// in memory and from its file, with the start and goal moved onto the mesh first.
    fn lengths(map: &str, radius: f64) -> Vec<(Option<f32>, Option<f32>)> {
        let mesh = mesh(map, radius);
        let memory = mesh.to_polyanya().unwrap();
        let text = navmesh_to_polyanya(&mesh).unwrap();
        let file =
            polyanya::Mesh::try_from(polyanya::PolyanyaFile::from_bytes(text.as_bytes())).unwrap();
        let queries = read_scenario(&data(&format!("{map}.scen"))).unwrap();
        assert!(!queries.is_empty());
        queries
            .iter()
            .map(|q| {
                let on_mesh = |cell| {
                    let p = ScenarioQuery::centre(cell, 1.0);
                    mesh.closest_point(p).unwrap().unwrap().point
                };
                let (from, to) = (on_mesh(q.start), on_mesh(q.goal));
                (
                    memory.path(from, to).map(|p| p.length),
                    file.path(from, to).map(|p| p.length),
                )
            })
            .collect()
    }

    #[test]
    fn memory_and_file_meshes_give_the_same_lengths_on_every_scenario_query() {
        for (map, count) in [("arena.map", 160), ("den312d.map", 320)] {
            for radius in [0.0, 0.5] {
                let lengths = lengths(map, radius);
                assert_eq!(lengths.len(), count);
                for (i, (memory, file)) in lengths.iter().enumerate() {
                    assert_eq!(
                        memory.map(f32::to_bits),
                        file.map(f32::to_bits),
                        "{map} at radius {radius}, query {i}: {memory:?} vs {file:?}"
                    );
                }
                // At radius 0 every query has a path; at 0.5 narrow passages close.
                let found = lengths.iter().filter(|(m, _)| m.is_some()).count();
                if radius == 0.0 {
                    assert_eq!(found, count, "{map}");
                } else {
                    assert!(found > count / 2, "{map}: {found}");
                }
            }
        }
    }

    /// The fixture that `interop/landmass` (its own workspace, which cannot build polyanya
    /// beside landmass) compares landmass's paths against.
    const LANDMASS_FIXTURE: &str = "../../interop/landmass/tests/data/polyanya-paths.txt";

    /// `den312d.map` as a tile map of area codes, 0 blocked: area 1, and a strip of the four
    /// middle columns (30 to 33) coded `strip`, 2 for an area that splits the map in two
    /// where it is closed, 0 for the ground a path may use then. `interop/landmass` builds
    /// the same maps.
    fn strip_mesh(strip: u8) -> NavMesh {
        let map = read_tile_map(&data("den312d.map")).unwrap();
        let middle = map.width / 2 - 2..map.width / 2 + 2;
        let codes: Vec<u8> = (0..map.cells.len())
            .map(
                |i| match (map.cells[i], middle.contains(&(i % map.width))) {
                    (false, _) => 0,
                    (true, false) => 1,
                    (true, true) => strip,
                },
            )
            .collect();
        let areas = AreaMap::from_tile_map(
            &codes,
            map.width,
            map.height,
            1.0,
            Vector2D::new(0.0, 0.0),
            &Geometry2DOptions::default(),
        )
        .unwrap();
        Mesh2DPipeline::new(1.0, 0.0).build_areas(&areas).unwrap()
    }

    /// polyanya's path for every scenario query of every case `interop/landmass` runs, one
    /// line each: case, map, radius, query, start and goal on the mesh, and the length of
    /// start + polyanya's waypoints (f64 over the f32 points) or `none`.
    fn landmass_fixture() -> String {
        let mut out = String::from(
            "# polyanya 0.18's paths on onepath meshes of the bundled Moving AI scenarios, the\n\
             # reference of interop/landmass/tests/scenarios.rs. Written and checked by\n\
             # crates/build2d/tests/interop.rs (UPDATE_LANDMASS_FIXTURE=1 rewrites it).\n\
             # case map radius query from_x from_y to_x to_y length\n",
        );
        let cases = [
            ("plain", "arena.map", 0.0),
            ("plain", "arena.map", 0.5),
            ("plain", "den312d.map", 0.0),
            ("plain", "den312d.map", 0.5),
            ("areas", "den312d.map", 0.0),
            ("closed", "den312d.map", 0.0),
        ];
        for (case, map, radius) in cases {
            let mesh = match case {
                "areas" => strip_mesh(2),
                "closed" => strip_mesh(0),
                _ => mesh(map, radius),
            };
            let finder = mesh.to_polyanya().unwrap();
            let queries = read_scenario(&data(&format!("{map}.scen"))).unwrap();
            for (i, q) in queries.iter().enumerate() {
                let on_mesh = |cell| {
                    let p = ScenarioQuery::centre(cell, 1.0);
                    mesh.closest_point(p).unwrap().unwrap().point
                };
                let (from, to) = (on_mesh(q.start), on_mesh(q.goal));
                let length = match finder.path(from, to) {
                    None => "none".to_string(),
                    Some(path) => {
                        let mut points = vec![[from.x as f32, from.y as f32]];
                        points.extend(path.path.iter().map(|p| [p.x, p.y]));
                        let length: f64 = points
                            .windows(2)
                            .map(|w| {
                                let dx = f64::from(w[1][0]) - f64::from(w[0][0]);
                                let dy = f64::from(w[1][1]) - f64::from(w[0][1]);
                                (dx * dx + dy * dy).sqrt()
                            })
                            .sum();
                        format!("{length:?}")
                    }
                };
                out += &format!(
                    "{case} {map} {radius} {i} {} {} {} {} {length}\n",
                    from.x, from.y, to.x, to.y
                );
            }
        }
        out
    }

    #[test]
    fn the_polyanya_paths_interop_landmass_compares_against_are_current() {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(LANDMASS_FIXTURE);
        let fresh = landmass_fixture();
        if std::env::var_os("UPDATE_LANDMASS_FIXTURE").is_some() {
            std::fs::write(&path, &fresh).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == fresh,
            "{} is stale: rerun with UPDATE_LANDMASS_FIXTURE=1",
            path.display()
        );
    }

    #[test]
    fn a_mesh_polyanya_cannot_hold_is_an_error() {
        let empty = Region::empty(&Geometry2DOptions::default()).unwrap();
        let mesh = Mesh2DPipeline::new(1.0, 0.0).build(&empty).unwrap();
        let err = mesh.to_polyanya().unwrap_err();
        assert!(matches!(err, Error::InvalidArgument { .. }), "{err}");
        assert!(polyanya::Mesh::try_from(&mesh).is_err());
    }
}

#[cfg(feature = "glam")]
#[test]
fn glam_points_convert_both_ways() {
    use onepath_build2d::Vector2D;
    let v = Vector2D::new(0.1, -3.5);
    let d: glam::DVec2 = v.into();
    assert_eq!(Vector2D::from(d), v);
    let f: glam::Vec2 = v.into();
    assert_eq!(f, glam::Vec2::new(0.1, -3.5));
    assert_eq!(Vector2D::from(f), Vector2D::new(f64::from(0.1f32), -3.5));
}
