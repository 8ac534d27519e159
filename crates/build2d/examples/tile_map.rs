//! Builds a navigation mesh from a small tile map and prints its convex polygons.
//!
//! `cargo run -p onepath-build2d --example tile_map`

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Region, Vector2D};

const MAP: &str = "\
..........
..##......
..##...#..
.......#..
....####..
..........";

fn main() -> Result<(), onepath_build2d::Error> {
    let rows: Vec<&str> = MAP.lines().collect();
    let (width, height) = (rows[0].len(), rows.len());
    // Row r of the text is y = r; '.' is walkable.
    let cells: Vec<bool> = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '.'))
        .collect();
    let region = Region::from_tile_map(
        &cells,
        width,
        height,
        1.0,
        Vector2D::new(0.0, 0.0),
        &Geometry2DOptions::default(),
    )?;
    println!(
        "walkable area {} in {} rings",
        region.area(),
        region.rings().len()
    );

    let mesh = Mesh2DPipeline::new(1.0, 0.3).build(&region)?;
    println!(
        "after a 0.3 agent-radius shrink: area {:.4}, {} polygons",
        mesh.region().area(),
        mesh.polygons().len()
    );
    let vertices = mesh.vertices_f64();
    for (i, polygon) in mesh.polygons().iter().enumerate() {
        let neighbours = polygon.neighbors;
        let corners: Vec<String> = polygon
            .vertices
            .iter()
            .map(|&v| {
                format!(
                    "({:.3}, {:.3})",
                    vertices[v as usize].x, vertices[v as usize].y
                )
            })
            .collect();
        println!(
            "polygon {i}: {} | neighbours {neighbours:?}",
            corners.join(" ")
        );
    }
    Ok(())
}
