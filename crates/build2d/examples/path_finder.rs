//! Hands a navigation mesh to a path finder in memory: `NavMesh::to_polyanya` (feature
//! `polyanya`), then an any-angle shortest path between two points moved onto the mesh by
//! `NavMesh::closest_point`.
//!
//! `cargo run -p onepath-build2d --features polyanya --example path_finder`

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Region, Vector2D};

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
    let finder = mesh.to_polyanya()?;
    // The corners of the map lie within the agent radius of the walls: move them onto the
    // mesh first (exactly, to the nearest walkable grid point).
    let on_mesh = |p: [f64; 2]| -> Result<Vector2D, Box<dyn std::error::Error>> {
        Ok(mesh.closest_point(p)?.ok_or("an empty mesh")?.point)
    };
    let (from, to) = (on_mesh([0.0, 0.0])?, on_mesh([10.0, 5.0])?);
    let path = finder.path(from, to).ok_or("no path")?;
    println!(
        "{} polygons; path from ({}, {}) to ({}, {}): length {:.4}",
        mesh.polygons().len(),
        from.x,
        from.y,
        to.x,
        to.y,
        path.length
    );
    let waypoints: Vec<(f32, f32)> = path.path.iter().map(|p| (p.x, p.y)).collect();
    println!("through {waypoints:?}");
    // The path must pass the door at x in [4.25, 4.75]: longer than the straight line.
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let straight = (dx * dx + dy * dy).sqrt();
    assert!(f64::from(path.length) > straight);
    Ok(())
}
