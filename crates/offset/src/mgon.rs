//! The circumscribed m-gon of decision D10: half-angle recurrence, unit vectors, choice of m.
//!
//! Only `+ - * / sqrt` feed these values, in the order D10 gives, so they have the same
//! bits on every platform (decision D4).

use crate::OffsetError;

/// The vertex counts an m-gon may have, in the order [`choose_m`] tries them (D10).
pub const VERTEX_COUNTS: [u32; 6] = [8, 16, 32, 64, 128, 256];

/// The cosines and sines of an m-gon's half step `pi / m` and step `2 pi / m`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MgonAngles {
    /// The number of vertices `m`.
    pub m: u32,
    /// `cos(pi / m)`, from the last halving.
    pub cos_half_step: f64,
    /// `sin(pi / m)`, from the last halving.
    pub sin_half_step: f64,
    /// `cos(2 pi / m)`, the rotation of one step.
    pub cos_step: f64,
    /// `sin(2 pi / m)`, the rotation of one step.
    pub sin_step: f64,
}

impl MgonAngles {
    /// `tan(pi / m)` as decision D12 computes it: `sin(pi / m) / cos(pi / m)`.
    pub fn tan_half_step(&self) -> f64 {
        self.sin_half_step / self.cos_half_step
    }
}

/// One halving of decision D10: `c' = sqrt((1 + c) / 2)`, `s' = s / (2 c')`.
fn halve(cos: f64, sin: f64) -> (f64, f64) {
    let half_cos = ((1.0 + cos) / 2.0).sqrt();
    let half_sin = sin / (2.0 * half_cos);
    (half_cos, half_sin)
}

/// The angles of the m-gon by the half-angle recurrence of decision D10.
///
/// It starts from `(c, s) = (0, 1)` for the 4-gon's step `2 pi / 4`, halves until the angle
/// is the step `2 pi / m`, then once more for the half step `pi / m`.
///
/// # Panics
///
/// Panics unless `m` is a power of two and at least 4 (every value [`choose_m`] returns
/// qualifies).
pub fn half_angle_table(m: u32) -> MgonAngles {
    assert!(
        m >= 4 && m.is_power_of_two(),
        "an m-gon needs a power of two of at least 4 vertices, got {m}"
    );
    let (mut cos_step, mut sin_step) = (0.0, 1.0);
    let mut vertices = 4;
    while vertices < m {
        (cos_step, sin_step) = halve(cos_step, sin_step);
        vertices *= 2;
    }
    let (cos_half_step, sin_half_step) = halve(cos_step, sin_step);
    MgonAngles {
        m,
        cos_half_step,
        sin_half_step,
        cos_step,
        sin_step,
    }
}

/// The unit vectors `u_0 .. u_{m-1}` of the m-gon's vertices (decision D10).
///
/// `u_0 = (cos(pi/m), sin(pi/m))` from the last halving, and each next vector is the
/// previous one rotated by the step: `u_{k+1} = (u_k.x * cs - u_k.y * sn, u_k.x * sn +
/// u_k.y * cs)`, both products first. The unit vector is rotated, never a scaled offset.
///
/// # Panics
///
/// Panics unless `m` is a power of two and at least 4.
pub fn unit_vectors(m: u32) -> Vec<[f64; 2]> {
    let angles = half_angle_table(m);
    let (cs, sn) = (angles.cos_step, angles.sin_step);
    let mut units = Vec::with_capacity(m as usize);
    let mut u = [angles.cos_half_step, angles.sin_half_step];
    for _ in 0..m {
        units.push(u);
        u = [u[0] * cs - u[1] * sn, u[0] * sn + u[1] * cs];
    }
    units
}

/// The least of 8, 16, ..., 256 whose circumscribed m-gon lies within `tol` of the circle
/// of radius `r`, `r / cos(pi/m) - r <= tol`, else 256 (decision D10).
///
/// A NaN argument makes every comparison false and gives 256.
pub fn choose_m(r: f64, tol: f64) -> u32 {
    VERTEX_COUNTS
        .into_iter()
        .find(|&m| r / half_angle_table(m).cos_half_step - r <= tol)
        .unwrap_or(256)
}

/// The tolerance `tol` of decision D10 in grid units, from the arc tolerance in grid units
/// (`arc_tolerance * 2^SnapBits`) and the radius `r` in grid units.
///
/// It is the arc tolerance when that is at least 1, else `max(1, r / 128)`.
///
/// # Errors
///
/// [`OffsetError::InvalidArcTolerance`] when the arc tolerance is NaN, infinite or
/// negative.
pub fn effective_tolerance(arc_tolerance_grid: f64, r: f64) -> Result<f64, OffsetError> {
    if !arc_tolerance_grid.is_finite() || arc_tolerance_grid < 0.0 {
        return Err(OffsetError::InvalidArcTolerance {
            arc_tolerance: arc_tolerance_grid,
        });
    }
    if arc_tolerance_grid >= 1.0 {
        Ok(arc_tolerance_grid)
    } else {
        Ok((r / 128.0).max(1.0))
    }
}

/// The arc tolerance the build pipeline passes to its shrink, in user units (decision D6
/// and the specification's "Shrinking for the build"):
/// `max(cell_size / 4, min(0.0825 * agent_radius, cell_size / 2))`.
///
/// Multiply the result by `2^SnapBits` (exact) before passing it to [`crate::shrink_edges`].
pub fn pipeline_arc_tolerance(cell_size: f64, agent_radius: f64) -> f64 {
    (cell_size / 4.0).max((0.0825 * agent_radius).min(cell_size / 2.0))
}
