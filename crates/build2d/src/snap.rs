//! Validation at the boundary and snapping of user coordinates to the integer grid.

use crate::error::{Axis, Error, Location, Result};
use crate::input::{COORDINATE_LIMIT, Geometry2DOptions, Outline, Vector2D};
use onepath_predicates::GridPoint;

/// Snaps one validated coordinate: `round_ties_even(v * 2^snap_bits)` (the multiplication by
/// a power of two is exact, so this is the one rounding of the specification).
#[inline]
pub(crate) fn snap(v: f64, scale: f64) -> i64 {
    (v * scale).round_ties_even() as i64
}

/// A grid point in user units: `i * 2^-snap_bits`, exact (a power-of-two scaling of an
/// integer below `2^53`).
#[inline]
pub(crate) fn to_user(p: GridPoint, snap_bits: u32) -> Vector2D {
    let unit = Geometry2DOptions::with_snap_bits(snap_bits).unit();
    Vector2D::new(p.x as f64 * unit, p.y as f64 * unit)
}

/// Why a coordinate is out of range, or `None` when it is finite and within `2^21`.
fn coordinate_problem(v: f64) -> Option<String> {
    if !v.is_finite() {
        Some(format!("{v} is not finite"))
    } else if v.abs() > COORDINATE_LIMIT {
        Some(format!(
            "{v} exceeds 2^21 = {COORDINATE_LIMIT} in magnitude"
        ))
    } else {
        None
    }
}

/// Validates and snaps one query point (decisions D18): each coordinate finite and within
/// `2^21` (x before y), rounded once like input coordinates. Errors name `argument` and the
/// axis.
pub(crate) fn snap_query_point(
    p: Vector2D,
    snap_bits: u32,
    argument: &'static str,
) -> Result<GridPoint> {
    for (axis, value) in [(Axis::X, p.x), (Axis::Y, p.y)] {
        if let Some(problem) = coordinate_problem(value) {
            return Err(Error::out_of_range(
                Location::Argument(argument),
                format!("{axis}: {problem}"),
            ));
        }
    }
    let scale = Geometry2DOptions::with_snap_bits(snap_bits).scale();
    Ok(GridPoint::new(snap(p.x, scale), snap(p.y, scale)))
}

/// Validates outlines in the order of decisions D9 (outlines, rings, a ring's vertex count
/// before its coordinates, x before y) and snaps them: one list of rings per outline.
pub(crate) fn snap_outlines(
    outlines: &[Outline],
    options: &Geometry2DOptions,
) -> Result<Vec<Vec<Vec<GridPoint>>>> {
    options.validate()?;
    let scale = options.scale();
    outlines
        .iter()
        .enumerate()
        .map(|(o, outline)| {
            outline
                .rings
                .iter()
                .enumerate()
                .map(|(r, ring)| {
                    if ring.len() < 3 {
                        return Err(Error::invalid(
                            Location::Ring {
                                outline: o,
                                ring: r,
                            },
                            format!(
                                "a ring needs at least 3 vertices, this one has {}",
                                ring.len()
                            ),
                        ));
                    }
                    ring.iter()
                        .enumerate()
                        .map(|(v, p)| {
                            for (axis, value) in [(Axis::X, p.x), (Axis::Y, p.y)] {
                                if let Some(problem) = coordinate_problem(value) {
                                    let location = Location::Vertex {
                                        outline: o,
                                        ring: r,
                                        vertex: v,
                                        axis,
                                    };
                                    return Err(Error::out_of_range(location, problem));
                                }
                            }
                            Ok(GridPoint::new(snap(p.x, scale), snap(p.y, scale)))
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The snapped grid lines `origin + i * cell_size`, `i = 0..=count`, each computed once in
/// `f64` and checked (decisions D2, D9): finite, within `2^21`, and strictly increasing
/// after snapping.
///
/// Every line is checked, also for a map without cells, but the lines are kept only when
/// `keep` is set: a map with cells has at least `count` of them in memory already, while an
/// empty map may name any width, and checking it must not allocate in proportion.
pub(crate) fn snap_grid_lines(
    origin: f64,
    cell_size: f64,
    count: usize,
    axis: Axis,
    scale: f64,
    keep: bool,
) -> Result<Vec<i64>> {
    let mut lines = Vec::new();
    let mut previous = None;
    for i in 0..=count {
        let value = origin + i as f64 * cell_size;
        let location = Location::GridLine { axis, index: i };
        if let Some(problem) = coordinate_problem(value) {
            return Err(Error::out_of_range(location, problem));
        }
        let snapped = snap(value, scale);
        if previous == Some(snapped) {
            return Err(Error::invalid(
                location,
                format!(
                    "snaps onto the previous grid line ({value}); the cell size is too close to one grid unit"
                ),
            ));
        }
        previous = Some(snapped);
        if keep {
            lines.push(snapped);
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_lines_are_kept_only_when_asked() {
        let unit = 1.0 / 65536.0;
        let kept = snap_grid_lines(0.0, unit, 1000, Axis::X, 65536.0, true).unwrap();
        assert_eq!(kept, (0..=1000).collect::<Vec<i64>>());
        let checked = snap_grid_lines(0.0, unit, 1000, Axis::X, 65536.0, false).unwrap();
        assert!(checked.is_empty() && checked.capacity() == 0);
        // Unkept lines are still checked, in order.
        let err = snap_grid_lines(2_097_150.0, 1.0, 5, Axis::Y, 65536.0, false).unwrap_err();
        assert_eq!(
            err,
            Error::out_of_range(
                Location::GridLine {
                    axis: Axis::Y,
                    index: 3
                },
                "2097153 exceeds 2^21 = 2097152 in magnitude"
            )
        );
    }
}
