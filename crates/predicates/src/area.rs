//! Twice the signed area of a closed ring of grid points, exactly: the one shoelace sum
//! of the workspace (regions, triangles and convex polygons all use it).

use crate::GridPoint;

/// Twice the signed area of the closed ring through `points` (the last point joins the
/// first), in grid units squared: positive when the ring runs counter-clockwise.
///
/// Exact in `i128` for coordinates within [`crate::EXACT_F64_LIMIT`] (`2^53`): each term
/// is below `2^107` and a ring would need `2^20` vertices at that magnitude to approach
/// `2^127`; the workspace's coordinates stay within `2^40`.
pub fn twice_area(points: impl IntoIterator<Item = GridPoint>) -> i128 {
    let mut points = points.into_iter();
    let Some(first) = points.next() else {
        return 0;
    };
    let term = |p: GridPoint, q: GridPoint| p.x as i128 * q.y as i128 - q.x as i128 * p.y as i128;
    let mut sum = 0i128;
    let mut last = first;
    for p in points {
        sum += term(last, p);
        last = p;
    }
    sum + term(last, first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_triangles_and_orientation() {
        let p = |x, y| GridPoint::new(x, y);
        assert_eq!(twice_area([p(0, 0), p(2, 0), p(2, 2), p(0, 2)]), 8);
        assert_eq!(twice_area([p(0, 2), p(2, 2), p(2, 0), p(0, 0)]), -8);
        assert_eq!(twice_area([p(1, 1), p(4, 1), p(1, 5)]), 12);
        assert_eq!(twice_area([]), 0);
        assert_eq!(twice_area([p(3, 4)]), 0);
    }
}
