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
    let (points, starts) = checked_rings_flat(rings, limit)?;
    Ok(starts
        .windows(2)
        .map(|ring| points[ring[0]..ring[1]].to_vec())
        .collect())
}

/// [`checked_rings`] in one buffer: the kept rings' vertices one after another, and where
/// each ring starts among them (one more entry for the end), so that a region of many small
/// rings is two allocations, not one per ring (issue #24).
pub(crate) fn checked_rings_flat(
    rings: &[Vec<GridPoint>],
    limit: i64,
) -> Result<(Vec<GridPoint>, Vec<usize>), OffsetError> {
    if !(0..=CONSTRUCTION_LIMIT).contains(&limit) {
        return Err(OffsetError::InvalidLimit {
            limit,
            max: CONSTRUCTION_LIMIT,
        });
    }
    let mut points: Vec<GridPoint> = Vec::with_capacity(rings.iter().map(Vec::len).sum());
    let mut starts = Vec::with_capacity(rings.len() + 1);
    starts.push(0);
    for (ring_index, ring) in rings.iter().enumerate() {
        let start = points.len();
        for (vertex, &point) in ring.iter().enumerate() {
            if point.max_abs() > limit as u64 {
                return Err(OffsetError::VertexBeyondLimit {
                    ring: ring_index,
                    vertex,
                    point,
                    limit,
                });
            }
            if points.len() == start || points.last() != Some(&point) {
                points.push(point);
            }
        }
        while points.len() > start + 1 && points[start] == points[points.len() - 1] {
            points.pop();
        }
        if points.len() >= start + 2 {
            starts.push(points.len());
        } else {
            points.truncate(start);
        }
    }
    Ok((points, starts))
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

/// The integer offsets `round_ties_even(t)` of the displacements `t` (each an `f64` pair
/// computed as the recipe computes it: `distance * u` for [`moved_point`], the ring offset
/// itself for [`placed_point`]) when every placement of them at a grid point `c` within
/// [`CONSTRUCTION_LIMIT`] rounds to `c + round_ties_even(t)`; `None` when some coordinate of
/// some `t` lies too close to a half (or is too large) for that to be sure.
///
/// Why: `c` is an integer with `|c| <= 2^39` and `|t| < 2^38`, so `|c + t| < 2^40` and the
/// `f64` sum `s` is within half an ulp, `2^-13`, of `c + t`. When the fraction of `t` keeps
/// more than `2^-12` from `1/2`, `s` lies on the same side of the half as `c + t`, never on
/// it, so `round_ties_even(s) = c + round_ties_even(t)` (no tie is rounded anywhere). The
/// same points as the per-point expression, bit for bit, for an integer addition each.
pub(crate) fn uniform_offsets(displacements: &[[f64; 2]]) -> Option<Vec<GridPoint>> {
    let safe = |t: f64| {
        let fraction = t - t.floor();
        t.abs() < (1u64 << 38) as f64 && (fraction - 0.5).abs() > 1.0 / 4096.0
    };
    displacements
        .iter()
        .map(|&[x, y]| {
            (safe(x) && safe(y))
                .then(|| GridPoint::new(x.round_ties_even() as i64, y.round_ties_even() as i64))
        })
        .collect()
}

/// `c + offset` checked against `limit` as [`within_limit`] checks the rounded point: the
/// same point and the same error as [`moved_point`] or [`placed_point`] give for a
/// displacement whose offset [`uniform_offsets`] returned.
pub(crate) fn offset_point(
    c: GridPoint,
    offset: GridPoint,
    limit: i64,
) -> Result<GridPoint, OffsetError> {
    let (x, y) = (c.x + offset.x, c.y + offset.y);
    within_limit(x as f64, y as f64, limit)
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

#[cfg(test)]
mod tests {
    //! `uniform_offsets` and `offset_point` against the per-point expressions they stand for,
    //! on displacements from a tenth of a unit to `2^37` (fractions near a half included,
    //! which must be refused or agree) and centres up to the construction limit.

    use super::*;
    use onepath_testkit::Rng;

    #[test]
    fn uniform_offsets_place_every_point_as_the_recipe_does() {
        let mut rng = Rng::new(0x00FF_5E75);
        let (mut uniform, mut refused) = (0, 0);
        for case in 0..4000 {
            let scale = [0.1, 3.0, 1000.0, 65536.0 * 32.0, (1u64 << 37) as f64][case % 5];
            let mut displacements: Vec<[f64; 2]> = (0..8)
                .map(|_| [rng.real(-scale, scale), rng.real(-scale, scale)])
                .collect();
            // In half of the cases one coordinate sits on a half, or within a few ulps of
            // one: refused, or (far enough from it) placed as the recipe places it.
            if case % 2 == 0 {
                let t = &mut displacements[rng.below(8)][rng.below(2)];
                *t = t.floor() + 0.5;
                if rng.probability(0.5) {
                    *t += rng.real(-1e-9, 1e-9) * t.abs().max(1.0);
                }
            }
            let Some(offsets) = uniform_offsets(&displacements) else {
                refused += 1;
                continue;
            };
            uniform += 1;
            let limit = CONSTRUCTION_LIMIT;
            for _ in 0..20 {
                let span = [10, 1 << 20, 1 << 36, CONSTRUCTION_LIMIT][rng.below(4)];
                let c = GridPoint::new(rng.range(-span, span), rng.range(-span, span));
                for (&t, &o) in displacements.iter().zip(&offsets) {
                    assert_eq!(
                        offset_point(c, o, limit),
                        placed_point(c, t, limit),
                        "{c:?} {t:?}"
                    );
                }
            }
        }
        assert!(
            uniform > 1000 && refused > 1000,
            "{uniform} used, {refused} refused"
        );
    }

    #[test]
    fn uniform_offsets_agree_with_moved_points() {
        // The m-gon recipe's products `distance * u`, for every vertex count and radii up to
        // 2^36 grid units.
        let mut rng = Rng::new(0x0004_D607);
        let mut checked = 0;
        for m in crate::VERTEX_COUNTS {
            let units = crate::unit_vectors(m);
            for _ in 0..50 {
                let r = rng.real(0.5, (1u64 << 36) as f64);
                let products: Vec<[f64; 2]> = units.iter().map(|u| [r * u[0], r * u[1]]).collect();
                let Some(offsets) = uniform_offsets(&products) else {
                    continue;
                };
                for _ in 0..20 {
                    let span = [1 << 20, CONSTRUCTION_LIMIT][rng.below(2)];
                    let c = GridPoint::new(rng.range(-span, span), rng.range(-span, span));
                    for (&u, &o) in units.iter().zip(&offsets) {
                        let limit = CONSTRUCTION_LIMIT;
                        assert_eq!(offset_point(c, o, limit), moved_point(c, r, u, limit));
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
