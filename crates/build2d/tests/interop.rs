//! The in-memory hand-offs (features `polyanya` and `glam`): polyanya's `Mesh` built in
//! memory answers every query of the bundled Moving AI scenarios with the path lengths of
//! the same mesh written to a file and read back; glam points convert both ways.
//!
//! Run with `cargo test -p onepath-build2d --all-features --test interop` (CI does).

#![cfg(any(feature = "polyanya", feature = "glam"))]

#[cfg(feature = "polyanya")]
mod polyanya_mesh {
    use onepath_build2d::{Error, Geometry2DOptions, Mesh2DPipeline, NavMesh, Region, Vector2D};
    use onepath_io::{ScenarioQuery, navmesh_to_polyanya, read_scenario, read_tile_map};
    use std::path::PathBuf;

    fn data(name: &str) -> String {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/movingai")
            .join(name);
        std::fs::read_to_string(path).expect("bundled data")
    }

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
