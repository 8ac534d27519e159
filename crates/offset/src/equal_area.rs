//! The shrink's equal-area ring of decision D12: the circumscribed m-gon reshaped by the
//! factor lambda so that each quadrant encloses exactly a quarter disc's area.

use crate::mgon::{half_angle_table, unit_vectors};

/// The number of bisection steps of decision D12.
const BISECTION_STEPS: u32 = 60;

/// The reshaped ring of the shrink (specification, "Equal-area arcs"; decision D12).
#[derive(Clone, Debug, PartialEq)]
pub struct EqualAreaRing {
    /// The radius in grid units.
    pub r: f64,
    /// The number of vertices `m`.
    pub m: u32,
    /// `h = r * (sin(pi/m) / cos(pi/m))`, the circumscribed polygon's tangent offset.
    pub tangent_offset: f64,
    /// `R = r / cos(pi/m)`, the circumscribed polygon's circumradius.
    pub circumradius: f64,
    /// The factor lambda in `(0, 1]` found by bisection.
    pub lambda: f64,
    /// The `m` vertices relative to the centre, counter-clockwise, the first at
    /// `(r, lambda * h)`.
    pub offsets: Vec<[f64; 2]>,
}

/// The first quadrant's `q = m / 4` vertices for one value of lambda (decision D12):
/// `(r, lam * h)`, then `(lam * (R * u_k.x), lam * (R * u_k.y))` for `k = 1 .. q-2`, then
/// `(lam * h, r)`.
fn first_quadrant(
    r: f64,
    h: f64,
    circumradius: f64,
    units: &[[f64; 2]],
    q: usize,
    lam: f64,
) -> Vec<[f64; 2]> {
    let mut vertices = Vec::with_capacity(q);
    vertices.push([r, lam * h]);
    for u in &units[1..q - 1] {
        vertices.push([lam * (circumradius * u[0]), lam * (circumradius * u[1])]);
    }
    vertices.push([lam * h, r]);
    vertices
}

/// The shoelace area of the closed polygon `(0, 0), (r, 0), quadrant..., (0, r)` in that
/// order (decision D12): `acc += x_i * y_{i+1} - x_{i+1} * y_i`, wrapping, then `acc / 2`.
fn quadrant_area(r: f64, quadrant: &[[f64; 2]]) -> f64 {
    let mut polygon = Vec::with_capacity(quadrant.len() + 3);
    polygon.push([0.0, 0.0]);
    polygon.push([r, 0.0]);
    polygon.extend_from_slice(quadrant);
    polygon.push([0.0, r]);
    let mut acc = 0.0;
    for (i, p) in polygon.iter().enumerate() {
        let next = polygon[(i + 1) % polygon.len()];
        acc += p[0] * next[1] - next[0] * p[1];
    }
    acc / 2.0
}

/// The equal-area ring of radius `r` (grid units) with `m` vertices (decision D12).
///
/// Lambda comes from 60 bisection steps on `[0, 1]` against the target
/// `((PI * r) * r) / 4`: `mid = (lo + hi) / 2`, keep `[mid, hi]` when the area at `mid` is
/// below the target, else `[lo, mid]`; lambda is the final `hi`. The other three quadrants
/// are the first rotated exactly by `(x, y) -> (-y, x)`, each from the vertex `q` places
/// earlier. It is computed afresh for the actual `r` on every call.
///
/// # Panics
///
/// Panics unless `m` is a power of two and at least 8 (every value
/// [`crate::choose_m`] returns qualifies).
pub fn equal_area_ring(r: f64, m: u32) -> EqualAreaRing {
    assert!(
        m >= 8 && m.is_power_of_two(),
        "the equal-area ring needs a power of two of at least 8 vertices, got {m}"
    );
    let angles = half_angle_table(m);
    let units = unit_vectors(m);
    let h = r * (angles.sin_half_step / angles.cos_half_step);
    let circumradius = r / angles.cos_half_step;
    let q = (m / 4) as usize;
    let target = ((std::f64::consts::PI * r) * r) / 4.0;
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..BISECTION_STEPS {
        let mid = (lo + hi) / 2.0;
        let area = quadrant_area(r, &first_quadrant(r, h, circumradius, &units, q, mid));
        if area < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = hi;
    let mut offsets = first_quadrant(r, h, circumradius, &units, q, lambda);
    for j in q..m as usize {
        let [x, y] = offsets[j - q];
        offsets.push([-y, x]);
    }
    EqualAreaRing {
        r,
        m,
        tangent_offset: h,
        circumradius,
        lambda,
        offsets,
    }
}
