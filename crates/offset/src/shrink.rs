//! The build's shrink edge list (specification, "Shrinking for the build"; decision D12):
//! the far sides of the edge rectangles, the end sides that no sector cancels, and the
//! equal-area arcs at the reflex corners.

use crate::OffsetError;
use crate::equal_area::equal_area_ring;
use crate::mgon::{VERTEX_COUNTS, choose_m, effective_tolerance};
use crate::placement::{
    check_radius, checked_rings, moved_point, placed_point, push_edge, unit_left_normal,
};
use onepath_predicates::{GridPoint, Orientation, orient2d, orient2d_exact_f64};

/// True when the ring turns right at `a` (exact `orient(prev, a, next) < 0`), which makes
/// `a` a reflex corner of the interior on the left (decision D12).
pub fn is_reflex_corner(prev: GridPoint, a: GridPoint, next: GridPoint) -> bool {
    orient2d(prev, a, next) == Orientation::Clockwise
}

/// The integer left normal `(-dy, dx)` of the edge `from -> to` as exact `f64` values.
fn integer_normal(from: GridPoint, to: GridPoint) -> [f64; 2] {
    [-((to.y - from.y) as f64), (to.x - from.x) as f64]
}

/// The exact sign test `u × v > 0` on `f64` vectors, by Shewchuk's orientation of the
/// origin, `u` and `v` (decision D12: both operands are exact binary numbers).
fn cross_is_positive(u: [f64; 2], v: [f64; 2]) -> bool {
    orient2d_exact_f64([0.0, 0.0], u, v) == Orientation::CounterClockwise
}

/// The most vertices an equal-area ring has (the largest of [`VERTEX_COUNTS`]): the size of
/// [`sector_run`]'s bit set.
const MAX_RING: usize = VERTEX_COUNTS[VERTEX_COUNTS.len() - 1] as usize;

/// The ring offsets strictly inside the sector from `normal_out` counter-clockwise to
/// `normal_in`, as one cyclic run in ring order (decision D12): `(first, length)`, the run
/// being indices `first, first + 1, ...` modulo `offsets.len()`; length 0 when none is
/// inside. Decided once per offset into a bit set, so a corner allocates nothing.
fn sector_run(offsets: &[[f64; 2]], normal_out: [f64; 2], normal_in: [f64; 2]) -> (usize, usize) {
    let count = offsets.len();
    // `choose_m` picks one of `VERTEX_COUNTS`, so the ring fits the set by construction.
    debug_assert!(
        count <= MAX_RING,
        "an equal-area ring has at most {MAX_RING} vertices"
    );
    let mut inside = [0u64; MAX_RING.div_ceil(64)];
    for (k, &v) in offsets.iter().enumerate() {
        if cross_is_positive(normal_out, v) && cross_is_positive(v, normal_in) {
            inside[k / 64] |= 1 << (k % 64);
        }
    }
    let is_inside = |k: usize| inside[k / 64] >> (k % 64) & 1 == 1;
    // The run starts where an inside vertex follows an outside one. Without such a start
    // either no vertex is inside or every one is (any other mix has an outside-to-inside
    // step somewhere around the ring); a sector of less than a half turn never holds the
    // whole ring, which would come out in index order from 0.
    let first = (0..count)
        .find(|&k| is_inside(k) && !is_inside((k + count - 1) % count))
        .unwrap_or(0);
    let length = (0..count)
        .take_while(|&step| is_inside((first + step) % count))
        .count();
    (first, length)
}

/// The shrink's operand-1 edges: exactly decision D12's edge list without the region's own
/// edges `a -> b` (which the caller adds once, counting for both operands).
///
/// `r` is the agent radius and `arc_tolerance_grid` the arc tolerance, both in grid units
/// (see [`crate::pipeline_arc_tolerance`]); `limit` bounds every rounded point. With `n`
/// the unit left normal of a ring edge `a -> b`, `a' = a` moved by `r` along `n` and `b'`
/// likewise (decision D10's expression), the output lists, rings in order and for each
/// vertex `i` of a ring in order:
///
/// 1. if vertex `i` is a reflex corner ([`is_reflex_corner`]; a vertex that a ring visits
///    twice is two corners): its arc, the path `tip_out`, the equal-area ring's vertices
///    strictly inside the sector placed at the corner, `tip_in`, where `tip_out` is the
///    outgoing edge's `a'` and `tip_in` the incoming edge's `b'`;
/// 2. for the edge `a -> b` from vertex `i`: `b' -> a'`; `b -> b'` unless `b` is a reflex
///    corner; `a' -> a` unless `a` is a reflex corner.
///
/// Arc vertices are placed as `round_ties_even(a + v)` and kept as they come out, even
/// where rounding folds a sector (never "fixed"). Zero-length edges are left out: the
/// arrangement drops them and they give no hot pixel (decision D8). Repeated consecutive
/// ring vertices are merged first (regions never have them).
///
/// # Errors
///
/// [`OffsetError::InvalidRadius`], [`OffsetError::InvalidArcTolerance`],
/// [`OffsetError::InvalidLimit`], [`OffsetError::VertexBeyondLimit`] for bad arguments, and
/// [`OffsetError::PointBeyondLimit`] for the first rounded point beyond `limit` (far
/// corners of a ring first, then its arcs).
pub fn shrink_edges(
    rings: &[Vec<GridPoint>],
    r: f64,
    arc_tolerance_grid: f64,
    limit: i64,
) -> Result<Vec<[GridPoint; 2]>, OffsetError> {
    check_radius(r)?;
    let tol = effective_tolerance(arc_tolerance_grid, r)?;
    let rings = checked_rings(rings, limit)?;
    let ring_offsets = equal_area_ring(r, choose_m(r, tol)).offsets;

    // About four edges per ring vertex (a far side, an end side, an arc of a few edges at
    // every other corner on tile maps); the buffers below are kept across rings.
    let mut edges = Vec::with_capacity(4 * rings.iter().map(Vec::len).sum::<usize>());
    let (mut far, mut reflex) = (Vec::new(), Vec::new());
    for ring in &rings {
        let len = ring.len();
        let vertex = |i: usize| ring[i % len];
        let previous = |i: usize| ring[(i + len - 1) % len];
        // far[i] = (a', b') of the edge from vertex i to vertex i + 1.
        far.clear();
        for i in 0..len {
            let (a, b) = (vertex(i), vertex(i + 1));
            let n = unit_left_normal(a, b);
            far.push((moved_point(a, r, n, limit)?, moved_point(b, r, n, limit)?));
        }
        reflex.clear();
        reflex.extend((0..len).map(|i| is_reflex_corner(previous(i), vertex(i), vertex(i + 1))));

        for i in 0..len {
            let a = vertex(i);
            if reflex[i] {
                // The arc tip_out, the ring's vertices inside the sector, tip_in.
                let normal_out = integer_normal(a, vertex(i + 1));
                let normal_in = integer_normal(previous(i), a);
                let (first, length) = sector_run(&ring_offsets, normal_out, normal_in);
                let mut last = far[i].0;
                for step in 0..length {
                    let k = (first + step) % ring_offsets.len();
                    let next = placed_point(a, ring_offsets[k], limit)?;
                    push_edge(&mut edges, last, next);
                    last = next;
                }
                push_edge(&mut edges, last, far[(i + len - 1) % len].1);
            }
            let b = vertex(i + 1);
            let (a_far, b_far) = far[i];
            push_edge(&mut edges, b_far, a_far);
            if !reflex[(i + 1) % len] {
                push_edge(&mut edges, b, b_far);
            }
            if !reflex[i] {
                push_edge(&mut edges, a_far, a);
            }
        }
    }
    Ok(edges)
}

#[cfg(test)]
mod tests {
    //! `sector_run` against the list-based run it replaced, on random sectors of every
    //! ring size.

    use super::*;
    use onepath_testkit::Rng;

    /// The former computation: the inside flags in a vector, the run from the first
    /// inside vertex that follows an outside one, else the inside ones in index order.
    fn listed_run(offsets: &[[f64; 2]], normal_out: [f64; 2], normal_in: [f64; 2]) -> Vec<usize> {
        let inside: Vec<bool> = offsets
            .iter()
            .map(|&v| cross_is_positive(normal_out, v) && cross_is_positive(v, normal_in))
            .collect();
        let count = inside.len();
        let Some(start) = (0..count).find(|&k| inside[k] && !inside[(k + count - 1) % count])
        else {
            return (0..count).filter(|&k| inside[k]).collect();
        };
        (0..count)
            .map(|step| (start + step) % count)
            .take_while(|&k| inside[k])
            .collect()
    }

    #[test]
    fn the_bit_set_run_is_the_listed_run() {
        let mut rng = Rng::new(0x5EC7);
        let mut nonempty = 0;
        for &m in &VERTEX_COUNTS {
            let offsets = equal_area_ring(1000.0, m).offsets;
            for _ in 0..2000 {
                // Integer normals, as the corners give them, at several scales; some
                // zero or parallel to each other.
                let mut normal = || {
                    let range = [1, 40, 1 << 20][rng.below(3)];
                    [
                        rng.range(-range, range) as f64,
                        rng.range(-range, range) as f64,
                    ]
                };
                let (normal_out, normal_in) = (normal(), normal());
                let (first, length) = sector_run(&offsets, normal_out, normal_in);
                let run: Vec<usize> = (0..length)
                    .map(|step| (first + step) % offsets.len())
                    .collect();
                assert_eq!(run, listed_run(&offsets, normal_out, normal_in), "m {m}");
                nonempty += usize::from(length > 0);
            }
        }
        assert!(nonempty > 3000, "only {nonempty} sectors held a vertex");
    }
}
