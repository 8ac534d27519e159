//! Conversions between [`Vector2D`] and `mint`'s points and vectors (feature `mint`).

use crate::input::Vector2D;

impl From<mint::Point2<f64>> for Vector2D {
    fn from(p: mint::Point2<f64>) -> Self {
        Vector2D::new(p.x, p.y)
    }
}

impl From<Vector2D> for mint::Point2<f64> {
    fn from(v: Vector2D) -> Self {
        mint::Point2 { x: v.x, y: v.y }
    }
}

impl From<mint::Vector2<f64>> for Vector2D {
    fn from(p: mint::Vector2<f64>) -> Self {
        Vector2D::new(p.x, p.y)
    }
}

impl From<Vector2D> for mint::Vector2<f64> {
    fn from(v: Vector2D) -> Self {
        mint::Vector2 { x: v.x, y: v.y }
    }
}
