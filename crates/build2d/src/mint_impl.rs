//! Conversions between [`Vector2D`] and `mint`'s points and vectors (feature `mint`).

use crate::input::Vector2D;

/// `From` both ways between [`Vector2D`] and a `mint` type with fields `x` and `y`.
macro_rules! mint_conversions {
    ($($mint:ident),+) => {$(
        impl From<mint::$mint<f64>> for Vector2D {
            fn from(p: mint::$mint<f64>) -> Self {
                Vector2D::new(p.x, p.y)
            }
        }

        impl From<Vector2D> for mint::$mint<f64> {
            fn from(v: Vector2D) -> Self {
                mint::$mint { x: v.x, y: v.y }
            }
        }
    )+};
}

mint_conversions!(Point2, Vector2);
