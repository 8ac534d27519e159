//! Grows and shrinks a region with round and square corners and prints the areas.
//!
//! `cargo run -p onepath-build2d --example offset`

use onepath_build2d::{Geometry2DOptions, Join, Outline, Region};

fn main() -> Result<(), onepath_build2d::Error> {
    // A plus sign made of two overlapping bars (one outline per bar: their union).
    let plus = Region::from_outlines(
        &[
            Outline::from_ring([[0.0, 4.0], [12.0, 4.0], [12.0, 8.0], [0.0, 8.0]]),
            Outline::from_ring([[4.0, 0.0], [8.0, 0.0], [8.0, 12.0], [4.0, 12.0]]),
        ],
        &Geometry2DOptions::default(),
    )?;
    println!(
        "plus: area {}, {} vertices",
        plus.area(),
        plus.vertex_count()
    );
    for (distance, join, tolerance) in [
        (1.0, Join::Round, 0.01),
        (1.0, Join::Round, 0.0001),
        (1.0, Join::Square, 0.0),
        (-1.0, Join::Round, 0.01),
        (-2.5, Join::Square, 0.0),
    ] {
        let r = plus.offset(distance, join, tolerance)?;
        println!(
            "offset {distance:+} {join:?} (tolerance {tolerance}): area {:.6}, {} rings, {} vertices",
            r.area(),
            r.rings().len(),
            r.vertex_count()
        );
    }
    Ok(())
}
