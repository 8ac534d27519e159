//! Conversions between [`Vector2D`] and `glam`'s `DVec2` and `Vec2` (feature `glam`), so
//! query points go in and come out as glam types.
//!
//! `DVec2` holds the same `f64` values both ways. `Vec2` widens to `f64` exactly; a
//! `Vector2D` narrows to the nearest `f32` (the result of a query is exact on the grid, its
//! `f32` image is not).

use crate::input::Vector2D;

impl From<glam::DVec2> for Vector2D {
    fn from(v: glam::DVec2) -> Self {
        Vector2D::new(v.x, v.y)
    }
}

impl From<Vector2D> for glam::DVec2 {
    fn from(v: Vector2D) -> Self {
        glam::DVec2::new(v.x, v.y)
    }
}

impl From<glam::Vec2> for Vector2D {
    fn from(v: glam::Vec2) -> Self {
        Vector2D::new(f64::from(v.x), f64::from(v.y))
    }
}

impl From<Vector2D> for glam::Vec2 {
    fn from(v: Vector2D) -> Self {
        glam::Vec2::new(v.x as f32, v.y as f32)
    }
}
