//! The pieces of the round offset (specification, "Offsetting"; decision D10): one
//! rectangle per boundary edge and one circumscribed m-gon per distinct boundary vertex.

use crate::OffsetError;
use crate::mgon::{choose_m, effective_tolerance, half_angle_table, unit_vectors};
use crate::placement::{check_radius, checked_rings, moved_point, unit_left_normal};
use onepath_predicates::GridPoint;

/// The round offset's pieces as convex polygons, counter-clockwise, before they become
/// edges.
///
/// `r` is the radius and `arc_tolerance_grid` the arc tolerance, both in grid units;
/// `limit` bounds every rounded point in `|x|` and `|y|` (grid units). The order is
/// deterministic: first the rectangles, rings in order and each ring's edges in order
/// (edge `i` runs from vertex `i` to vertex `i + 1`), each listed as
/// `a - r·n, b - r·n, b + r·n, a + r·n` (n the unit left normal); then the m-gons of the
/// distinct ring vertices in `(x, y)` order, each from `u_0` on. Rounding may make two
/// consecutive vertices of a piece equal; they are kept here.
///
/// # Errors
///
/// [`OffsetError::InvalidRadius`], [`OffsetError::InvalidArcTolerance`],
/// [`OffsetError::InvalidLimit`], [`OffsetError::VertexBeyondLimit`] for bad arguments, and
/// [`OffsetError::PointBeyondLimit`] for the first rounded point beyond `limit`.
pub fn round_offset_polygons(
    rings: &[Vec<GridPoint>],
    r: f64,
    arc_tolerance_grid: f64,
    limit: i64,
) -> Result<Vec<Vec<GridPoint>>, OffsetError> {
    check_radius(r)?;
    let tol = effective_tolerance(arc_tolerance_grid, r)?;
    let rings = checked_rings(rings, limit)?;
    let m = choose_m(r, tol);
    let circumradius = r / half_angle_table(m).cos_half_step;
    let units = unit_vectors(m);

    let mut polygons = Vec::new();
    for ring in &rings {
        for (i, &a) in ring.iter().enumerate() {
            let b = ring[(i + 1) % ring.len()];
            let n = unit_left_normal(a, b);
            let minus_n = [-n[0], -n[1]];
            polygons.push(vec![
                moved_point(a, r, minus_n, limit)?,
                moved_point(b, r, minus_n, limit)?,
                moved_point(b, r, n, limit)?,
                moved_point(a, r, n, limit)?,
            ]);
        }
    }

    let mut centres: Vec<GridPoint> = rings.iter().flatten().copied().collect();
    centres.sort_unstable();
    centres.dedup();
    for centre in centres {
        let polygon = units
            .iter()
            .map(|&u| moved_point(centre, circumradius, u, limit))
            .collect::<Result<Vec<_>, _>>()?;
        polygons.push(polygon);
    }
    Ok(polygons)
}
