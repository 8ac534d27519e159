//! Builds a navigation mesh from outlines: a hall with obstacles subtracted from it.
//!
//! `cargo run -p onepath-build2d --example obstacles`

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Outline, Region};

fn main() -> Result<(), onepath_build2d::Error> {
    let options = Geometry2DOptions::default();
    // An L-shaped hall (one outline; ring orientation does not matter).
    let hall = Region::from_outlines(
        &[Outline::from_ring([
            [0.0, 0.0],
            [30.0, 0.0],
            [30.0, 10.0],
            [12.0, 10.0],
            [12.0, 25.0],
            [0.0, 25.0],
        ])],
        &options,
    )?;
    // Obstacles: a rotated crate, a round pillar (a 16-gon), and a table overlapping the wall.
    let pillar: Vec<[f64; 2]> = (0..16)
        .map(|k| {
            // Any coordinates will do for input; only the library's own constructions must
            // avoid platform-dependent functions.
            let a = k as f64 * std::f64::consts::TAU / 16.0;
            [6.0 + 1.5 * a.cos(), 18.0 + 1.5 * a.sin()]
        })
        .collect();
    let obstacles = Region::from_outlines(
        &[
            Outline::from_ring([[18.0, 3.0], [21.0, 4.0], [20.0, 7.0], [17.0, 6.0]]),
            Outline::from_ring(pillar),
            Outline::from_ring([[26.0, 7.0], [32.0, 7.0], [32.0, 12.0], [26.0, 12.0]]),
        ],
        &options,
    )?;
    let walkable = hall.difference(&obstacles)?;
    walkable
        .check_invariants()
        .expect("regions are always valid");
    println!(
        "hall {:.3}, obstacles {:.3}, walkable {:.3}",
        hall.area(),
        obstacles.area(),
        walkable.area()
    );

    let mesh = Mesh2DPipeline::new(0.5, 0.4).build(&walkable)?;
    println!(
        "mesh: {} vertices, {} triangles merged into {} convex polygons (at most 6 vertices)",
        mesh.vertices().len(),
        mesh.triangle_count(),
        mesh.polygons().len()
    );
    println!("stages: {:?}", mesh.timings());
    Ok(())
}
