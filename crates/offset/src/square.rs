//! The pieces of the square offset (specification, "Offsetting"; decision D10): per
//! boundary edge the exact convex hull of the axis-aligned squares on its endpoints.

use crate::OffsetError;
use crate::placement::{check_radius, checked_rings, within_limit};
use onepath_predicates::{GridPoint, Orientation, orient2d};

/// The half-side of the squares for radius `r` (decision D10): `max(1, round_ties_even(r))`.
pub fn square_half_side(r: f64) -> f64 {
    r.round_ties_even().max(1.0)
}

/// The strictly convex hull of `points`, counter-clockwise from its smallest point in
/// `(x, y)` order, by Andrew's monotone chain with exact orientations (collinear points are
/// removed). The points must be within `±2^61` so the orientations are exact.
fn convex_hull(mut points: Vec<GridPoint>) -> Vec<GridPoint> {
    points.sort_unstable();
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let lower = monotone_chain(points.iter().copied());
    let upper = monotone_chain(points.iter().rev().copied());
    // Each chain ends where the other starts; drop those repeated end points.
    let mut hull = lower[..lower.len() - 1].to_vec();
    hull.extend_from_slice(&upper[..upper.len() - 1]);
    hull
}

/// One chain of Andrew's algorithm: the points kept while every turn is strictly left.
fn monotone_chain(points: impl Iterator<Item = GridPoint>) -> Vec<GridPoint> {
    let mut chain: Vec<GridPoint> = Vec::new();
    for p in points {
        while chain.len() >= 2
            && orient2d(chain[chain.len() - 2], chain[chain.len() - 1], p)
                != Orientation::CounterClockwise
        {
            chain.pop();
        }
        chain.push(p);
    }
    chain
}

/// The square offset's pieces as polygons: per boundary edge (rings in order, edges in
/// order) the exact, strictly convex, counter-clockwise hull of the two axis-aligned
/// squares of half-side [`square_half_side`] centred on the edge's endpoints, starting at
/// its smallest vertex in `(x, y)` order. `r` is in grid units.
///
/// # Errors
///
/// [`OffsetError::InvalidRadius`], [`OffsetError::InvalidLimit`],
/// [`OffsetError::VertexBeyondLimit`] for bad arguments, and
/// [`OffsetError::PointBeyondLimit`] for the first square corner beyond `limit`.
pub fn square_offset_polygons(
    rings: &[Vec<GridPoint>],
    r: f64,
    limit: i64,
) -> Result<Vec<Vec<GridPoint>>, OffsetError> {
    check_radius(r)?;
    let rings = checked_rings(rings, limit)?;
    let half_side = square_half_side(r);
    let mut polygons = Vec::new();
    for ring in &rings {
        for (i, &a) in ring.iter().enumerate() {
            let b = ring[(i + 1) % ring.len()];
            let mut corners = Vec::with_capacity(8);
            for centre in [a, b] {
                let (x, y) = (centre.x as f64, centre.y as f64);
                for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                    // Integer-valued sums, exact while within 2^53; beyond that they are
                    // far past the limit and only reported.
                    corners.push(within_limit(x + sx * half_side, y + sy * half_side, limit)?);
                }
            }
            polygons.push(convex_hull(corners));
        }
    }
    Ok(polygons)
}
