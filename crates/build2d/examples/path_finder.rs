//! Hands a navigation mesh to a path finder: polyanya's data structures, built in memory.
//!
//! `cargo run -p onepath-build2d --example path_finder`
//!
//! polyanya wants, per vertex, the polygons around it counter-clockwise with `u32::MAX`
//! for "outside" (exactly [`NavMesh::vertex_fans`] with `-1` mapped), and per polygon its
//! counter-clockwise vertices and whether it is a dead end (at most one neighbour).

use glam::Vec2;
use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, NavMesh, Region, Vector2D};

fn to_polyanya(mesh: &NavMesh) -> Result<polyanya::Mesh, polyanya::MeshError> {
    let points = mesh.vertices_f64();
    let vertices = points
        .iter()
        .zip(mesh.vertex_fans().iter())
        .map(|(p, fan)| {
            let around = fan
                .iter()
                .map(|&n| u32::try_from(n).unwrap_or(u32::MAX))
                .collect();
            polyanya::Vertex::new(Vec2::new(p.x as f32, p.y as f32), around)
        })
        .collect();
    let polygons = mesh
        .polygons()
        .iter()
        .map(|polygon| {
            let dead_end = polygon.neighbors.iter().filter(|&&n| n >= 0).count() <= 1;
            polyanya::Polygon::new(polygon.vertices.to_vec(), dead_end)
        })
        .collect();
    polyanya::Mesh::new(vertices, polygons)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A room split by a wall with one door.
    let map = [
        "..........",
        "..........",
        "####.#####",
        "..........",
        "..........",
    ];
    let cells: Vec<bool> = map
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '.'))
        .collect();
    let region = Region::from_tile_map(
        &cells,
        10,
        5,
        1.0,
        Vector2D::new(0.0, 0.0),
        &Geometry2DOptions::default(),
    )?;
    let mesh = Mesh2DPipeline::new(1.0, 0.25).build(&region)?;
    let mut finder = to_polyanya(&mesh)?;
    finder.bake();
    let (from, to) = (Vec2::new(0.5, 0.5), Vec2::new(9.5, 4.5));
    let path = finder.path(from, to).ok_or("no path")?;
    println!(
        "{} polygons; path from {from} to {to}: length {:.4}",
        mesh.polygons().len(),
        path.length
    );
    println!("through {:?}", path.path);
    // The path must pass the door at x in [4.25, 4.75]: longer than the straight line.
    assert!(path.length > from.distance(to));
    Ok(())
}
