//! The real client: the `polyanya` crate loads the mesh files `onepath build` writes and
//! answers every query of the Moving AI scenarios of arena.map and den312d.map.

mod support;

use glam::Vec2;
use polyanya::{Mesh, PolyanyaFile};
use std::fs;
use support::{movingai, run_ok, scratch};

/// One query of a `.scen` file: start and goal cells and the optimal 8-connected length.
struct Query {
    start: (u32, u32),
    goal: (u32, u32),
    optimal: f32,
}

fn read_scenario(path: &str) -> Vec<Query> {
    let text = fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("version 1"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 9, "{line}");
            let n = |i: usize| fields[i].parse::<u32>().unwrap();
            Query {
                start: (n(4), n(5)),
                goal: (n(6), n(7)),
                optimal: fields[8].parse().unwrap(),
            }
        })
        .collect()
}

/// The centre of cell `(x, y)`: row r of the map is y = r, cells one unit wide.
fn centre((x, y): (u32, u32)) -> Vec2 {
    Vec2::new(x as f32 + 0.5, y as f32 + 0.5)
}

fn load_mesh(bytes: &[u8]) -> Mesh {
    Mesh::try_from(PolyanyaFile::from_bytes(bytes)).expect("polyanya accepts the mesh")
}

/// Builds `map` at agent radius 0, loads the mesh in polyanya and checks every query: a path
/// exists, no shorter than the straight line and no longer than the grid optimum + 1e-3.
/// Returns the number of queries checked.
fn check_map(map: &str) -> usize {
    let dir = scratch(&format!("polyanya-{map}"));
    let mesh_path = dir.join("out.mesh");
    run_ok(&[
        "build",
        &movingai(map),
        "--agent-radius",
        "0",
        "--mesh",
        mesh_path.to_str().unwrap(),
    ]);
    let mesh = load_mesh(&fs::read(&mesh_path).unwrap());
    let queries = read_scenario(&movingai(&format!("{map}.scen")));
    assert!(!queries.is_empty());
    for (i, q) in queries.iter().enumerate() {
        let (from, to) = (centre(q.start), centre(q.goal));
        let path = mesh
            .path(from, to)
            .unwrap_or_else(|| panic!("{map} query {i}: no path from {from} to {to}"));
        let straight = from.distance(to);
        assert!(
            path.length >= straight - 1e-3,
            "{map} query {i}: length {} is below the straight line {straight}",
            path.length
        );
        assert!(
            path.length <= q.optimal + 1e-3,
            "{map} query {i}: length {} exceeds the grid optimum {}",
            path.length,
            q.optimal
        );
    }
    queries.len()
}

#[test]
fn polyanya_answers_every_arena_query() {
    let count = check_map("arena.map");
    println!("arena.map: {count} polyanya queries passed");
    assert_eq!(count, 160);
}

#[test]
fn polyanya_answers_every_den312d_query() {
    let count = check_map("den312d.map");
    println!("den312d.map: {count} polyanya queries passed");
    assert_eq!(count, 320);
}

/// polyanya's own arena mesh (built by that project's tools from the same map) and ours
/// describe the same walkable area, so the optimal any-angle paths have equal lengths.
#[test]
fn paths_match_polyanyas_own_arena_mesh() {
    let dir = scratch("polyanya-reference");
    let mesh_path = dir.join("arena.mesh");
    run_ok(&[
        "build",
        &movingai("arena.map"),
        "--agent-radius",
        "0",
        "--mesh",
        mesh_path.to_str().unwrap(),
    ]);
    let ours = load_mesh(&fs::read(&mesh_path).unwrap());
    let reference_path = support::workspace().join("tests/data/polyanya/arena.mesh");
    let reference = load_mesh(&fs::read(reference_path).unwrap());
    let queries = read_scenario(&movingai("arena.map.scen"));
    for (i, q) in queries.iter().enumerate() {
        let (from, to) = (centre(q.start), centre(q.goal));
        let a = ours.path(from, to).map(|p| p.length);
        let b = reference.path(from, to).map(|p| p.length);
        match (a, b) {
            (Some(a), Some(b)) => assert!((a - b).abs() <= 1e-3, "query {i}: {a} vs {b}"),
            other => panic!("query {i}: {other:?}"),
        }
    }
}
