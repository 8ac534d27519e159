//! Argument checks and the point expressions of decisions D10 and D12 shared by every
//! kind of piece: unit normals, points moved along unit vectors, ring vertices placed at a
//! corner, and the coordinate-limit check.

use crate::OffsetError;
use onepath_predicates::{CONSTRUCTION_LIMIT, GridPoint};

/// Checks that the radius is finite and non-negative.
pub(crate) fn check_radius(r: f64) -> Result<(), OffsetError> {
    if r.is_finite() && r >= 0.0 {
        Ok(())
    } else {
        Err(OffsetError::InvalidRadius { radius: r })
    }
}

/// Checks the coordinate limit and every input vertex against it, then returns the rings
/// with consecutive repeated vertices merged (cyclically) and rings left with fewer than
/// two vertices dropped.
///
/// Regions never hold repeated consecutive vertices; merging them keeps zero-length edges
/// (which have no normal) out of every recipe. A limit within
/// [`CONSTRUCTION_LIMIT`] (`2^39`) keeps every integer difference and every `f64`
/// conversion in this crate exact.
pub(crate) fn checked_rings(
    rings: &[Vec<GridPoint>],
    limit: i64,
) -> Result<Vec<Vec<GridPoint>>, OffsetError> {
    if !(0..=CONSTRUCTION_LIMIT).contains(&limit) {
        return Err(OffsetError::InvalidLimit {
            limit,
            max: CONSTRUCTION_LIMIT,
        });
    }
    let mut cleaned = Vec::with_capacity(rings.len());
    for (ring_index, ring) in rings.iter().enumerate() {
        let mut vertices: Vec<GridPoint> = Vec::with_capacity(ring.len());
        for (vertex, &point) in ring.iter().enumerate() {
            if point.max_abs() > limit as u64 {
                return Err(OffsetError::VertexBeyondLimit {
                    ring: ring_index,
                    vertex,
                    point,
                    limit,
                });
            }
            if vertices.last() != Some(&point) {
                vertices.push(point);
            }
        }
        while vertices.len() > 1 && vertices.first() == vertices.last() {
            vertices.pop();
        }
        if vertices.len() >= 2 {
            cleaned.push(vertices);
        }
    }
    Ok(cleaned)
}

/// The unit left normal of the edge `a -> b` (decision D10): `dx = bx - ax`,
/// `dy = by - ay` (exact), `len = sqrt(dx * dx + dy * dy)`, `n = (-dy / len, dx / len)`.
pub(crate) fn unit_left_normal(a: GridPoint, b: GridPoint) -> [f64; 2] {
    let dx = (b.x - a.x) as f64;
    let dy = (b.y - a.y) as f64;
    let len = (dx * dx + dy * dy).sqrt();
    [-dy / len, dx / len]
}

/// The rounded point `(x, y)` as a grid point, or the error naming it when it lies beyond
/// the limit in `|x|` or `|y|` (decision D10). NaN never passes the check.
pub(crate) fn within_limit(x: f64, y: f64, limit: i64) -> Result<GridPoint, OffsetError> {
    let bound = limit as f64;
    if x.abs() <= bound && y.abs() <= bound {
        Ok(GridPoint::new(x as i64, y as i64))
    } else {
        Err(OffsetError::PointBeyondLimit { x, y, limit })
    }
}

/// The point `p` moved by `distance` along the unit vector `u` (decision D10):
/// `(round_ties_even(px + distance * ux), round_ties_even(py + distance * uy))`, with the
/// product computed first. Rectangle corners, the shrink's far corners and sector tips,
/// and the m-gon vertices all use this one expression.
pub(crate) fn moved_point(
    p: GridPoint,
    distance: f64,
    u: [f64; 2],
    limit: i64,
) -> Result<GridPoint, OffsetError> {
    let x = (p.x as f64 + distance * u[0]).round_ties_even();
    let y = (p.y as f64 + distance * u[1]).round_ties_even();
    within_limit(x, y, limit)
}

/// A ring vertex `v` (an offset relative to the centre) placed at the corner `a`
/// (decision D12): `(round_ties_even(a.x + v.x), round_ties_even(a.y + v.y))`, the sum
/// first, then one rounding.
pub(crate) fn placed_point(
    a: GridPoint,
    v: [f64; 2],
    limit: i64,
) -> Result<GridPoint, OffsetError> {
    let x = (a.x as f64 + v[0]).round_ties_even();
    let y = (a.y as f64 + v[1]).round_ties_even();
    within_limit(x, y, limit)
}

/// Appends the directed edge `a -> b` unless it has zero length. The arrangement drops
/// zero-length edges first, and they give no hot pixel (decision D8), so leaving them out
/// changes nothing.
pub(crate) fn push_edge(edges: &mut Vec<[GridPoint; 2]>, a: GridPoint, b: GridPoint) {
    if a != b {
        edges.push([a, b]);
    }
}

/// Appends the closed cycle through `polygon` (last vertex joined to the first), leaving out
/// zero-length edges.
pub(crate) fn push_cycle(edges: &mut Vec<[GridPoint; 2]>, polygon: &[GridPoint]) {
    for (i, &a) in polygon.iter().enumerate() {
        push_edge(edges, a, polygon[(i + 1) % polygon.len()]);
    }
}

/// The directed edges of pieces given as polygons, for the arrangement (operand 1): each
/// polygon of [`crate::round_offset_polygons`] or [`crate::square_offset_polygons`]
/// becomes its closed cycle, in order; zero-length edges (where rounding made two
/// consecutive vertices equal) are left out, as the arrangement would drop them.
pub fn piece_edges(polygons: &[Vec<GridPoint>]) -> Vec<[GridPoint; 2]> {
    let mut edges = Vec::with_capacity(polygons.iter().map(Vec::len).sum());
    for polygon in polygons {
        push_cycle(&mut edges, polygon);
    }
    edges
}
