//! The even-odd resolve of an outline that is one simple ring, without an arrangement
//! (issue #19): when snap rounding provably leaves the ring alone, the resolved region is
//! the ring itself, counter-clockwise, with its collinear vertices dropped and its
//! canonical start, bit for bit what `overlay` returns.
//!
//! Proof, for a ring whose vertices are distinct, whose area is not zero, whose
//! non-adjacent edges share no point, whose adjacent edges share only their common vertex,
//! and none of whose edges meets the pixel of a vertex other than its own two ends
//! (spec "Arrangement: noding by snap rounding"):
//!
//! - step 2: the hot pixels are the vertices (no two edges cross properly: non-adjacent
//!   ones share no point and adjacent ones only an endpoint);
//! - step 3: each edge meets exactly its own two pixels, so it stays one fragment;
//! - step 4: fragments are the edges, which do not cross, and no vertex lies inside an
//!   edge (it would lie in a pixel the edge meets), so the verifying pass finds nothing;
//! - step 5: the edges are distinct segments, none zero-net; the vertices are the ring's;
//! - labelling: a simple polygon has winding `±1` inside and 0 outside, so under the
//!   even-odd rule (decisions D1) every edge separates inside from outside, directed with
//!   the inside on its left: the ring counter-clockwise;
//! - tracing: every vertex has degree 2, so the clockwise-first rule follows the ring; the
//!   collinear vertices (of degree 2) are dropped and the ring starts at its smallest
//!   directed edge, as `trace_rings` does.
//!
//! The checks cost `O(n^2)` exact tests, so only rings of at most [`SIMPLE_RING_MAX`]
//! vertices take this path (a union of many small outlines resolves each alone first,
//! decisions D8).

use onepath_predicates::{GridPoint, Orientation, dot, orient2d, segment_meets_pixel, twice_area};
use onepath_winding::canonicalize;

/// The most vertices of a ring resolved without an arrangement.
pub(crate) const SIMPLE_RING_MAX: usize = 64;

/// The sign of an orientation as -1, 0 or 1.
fn sign(o: Orientation) -> i32 {
    match o {
        Orientation::Clockwise => -1,
        Orientation::Collinear => 0,
        Orientation::CounterClockwise => 1,
    }
}

/// True when the closed segments `a b` and `c d` share a point (exact).
fn segments_meet(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> bool {
    let (s1, s2) = (sign(orient2d(a, b, c)), sign(orient2d(a, b, d)));
    let (s3, s4) = (sign(orient2d(c, d, a)), sign(orient2d(c, d, b)));
    if s1 * s2 > 0 || s3 * s4 > 0 {
        return false;
    }
    if s1 == 0 && s2 == 0 {
        // Collinear: they meet when their boxes do.
        return a.x.min(b.x) <= c.x.max(d.x)
            && c.x.min(d.x) <= a.x.max(b.x)
            && a.y.min(b.y) <= c.y.max(d.y)
            && c.y.min(d.y) <= a.y.max(b.y);
    }
    true
}

/// True when the closed segment `a b` meets the pixel of `w`: for an axis-parallel segment
/// exactly when `w` lies on it (a segment at integer `y` meets the pixel rows
/// `[w.y - 1/2, w.y + 1/2)` only for `w.y = y`; likewise in x), otherwise
/// `segment_meets_pixel`.
fn meets_pixel(a: GridPoint, b: GridPoint, w: GridPoint) -> bool {
    if a.y == b.y {
        w.y == a.y && a.x.min(b.x) <= w.x && w.x <= a.x.max(b.x)
    } else if a.x == b.x {
        w.x == a.x && a.y.min(b.y) <= w.y && w.y <= a.y.max(b.y)
    } else {
        segment_meets_pixel(a, b, w)
    }
}

/// The resolved ring of an axis-parallel rectangle (four vertices, edges of non-zero length
/// turning between horizontal and vertical), decided without the general checks: its
/// vertices are distinct, its area is not zero, opposite sides are parallel on different
/// lines, adjacent sides are perpendicular, and a side meets the pixel of a vertex only on
/// its own line, where the only vertices are its ends. So every condition of the proof
/// holds, and no vertex is collinear with its neighbours. The ring is written to `out`;
/// false (and `out` untouched) for any other ring.
fn axis_rectangle(ring: &[GridPoint], out: &mut Vec<GridPoint>) -> bool {
    let [a, b, c, d] = *ring else {
        return false;
    };
    // Either a -> b is horizontal (then b -> c vertical, c -> d horizontal, d -> a
    // vertical) or it is vertical and the others turn likewise.
    let horizontal_first = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x;
    let vertical_first = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y;
    if !(horizontal_first || vertical_first) || a.x == c.x || a.y == c.y {
        return false;
    }
    out.clear();
    out.extend_from_slice(ring);
    if twice_area(ring.iter().copied()) < 0 {
        out.reverse();
    }
    canonicalize(out);
    true
}

/// Writes to `out` (cleared) the resolved ring of the outline made of `ring` alone (its one
/// ring) and returns true when the proof above applies; false, with `out` in an unspecified
/// state, when the general path must run. The caller's buffer is reused across outlines: a
/// union of many small outlines would otherwise allocate a ring for each.
pub(crate) fn resolve_simple_ring(ring: &[GridPoint], out: &mut Vec<GridPoint>) -> bool {
    if axis_rectangle(ring, out) {
        return true;
    }
    let n = ring.len();
    if !(3..=SIMPLE_RING_MAX).contains(&n) {
        return false;
    }
    if (1..n).any(|i| ring[..i].contains(&ring[i])) {
        return false;
    }
    let area = twice_area(ring.iter().copied());
    if area == 0 {
        return false;
    }
    let edge = |i: usize| (ring[i], ring[(i + 1) % n]);
    for i in 0..n {
        let (a, b) = edge(i);
        // Adjacent edges share only their common vertex: they do not fold back.
        let c = ring[(i + 2) % n];
        if orient2d(a, b, c) == Orientation::Collinear && dot(a - b, c - b) > 0 {
            return false;
        }
        for j in i + 1..n {
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if !adjacent {
                let (c, d) = edge(j);
                if segments_meet(a, b, c, d) {
                    return false;
                }
            }
        }
        for (k, &w) in ring.iter().enumerate() {
            if k != i && k != (i + 1) % n && meets_pixel(a, b, w) {
                return false;
            }
        }
    }
    // Counter-clockwise: a clockwise ring is read backwards. Collinearity does not depend
    // on the direction.
    let at = |i: usize| if area < 0 { ring[n - 1 - i] } else { ring[i] };
    out.clear();
    for i in 0..n {
        let (before, here, after) = (at((i + n - 1) % n), at(i), at((i + 1) % n));
        if orient2d(before, here, after) != Orientation::Collinear {
            out.push(here);
        }
    }
    canonicalize(out);
    true
}

#[cfg(test)]
mod tests {
    //! The fast path against the arrangement on random small rings: wherever it answers,
    //! it answers exactly what `overlay` gives; and it answers often.

    use super::*;
    use crate::region::overlay;
    use onepath_arrangement::{Operand, TaggedEdge};
    use onepath_testkit::Rng;
    use onepath_winding::InsideRule;

    fn general(ring: &[GridPoint]) -> Vec<Vec<GridPoint>> {
        let edges: Vec<_> = TaggedEdge::of_rings([ring], Operand::First).collect();
        overlay(edges, InsideRule::EvenOdd).expect("an arrangement")
    }

    /// A random ring: a star polygon (simple), a jittered one (often not), or a few random
    /// points (rarely simple); axis-parallel rectangles; points on a fine or a coarse grid.
    fn random_ring(rng: &mut Rng) -> Vec<GridPoint> {
        let scale = [2, 5, 40, 1 << 20][rng.below(4)];
        match rng.below(4) {
            0 => {
                let (x, y) = (rng.range(-scale, scale), rng.range(-scale, scale));
                let (w, h) = (rng.range(1, scale), rng.range(1, scale));
                let mut r = vec![
                    GridPoint::new(x, y),
                    GridPoint::new(x + w, y),
                    GridPoint::new(x + w, y + h),
                    GridPoint::new(x, y + h),
                ];
                if rng.below(2) == 0 {
                    r.reverse();
                }
                r
            }
            1 | 2 => {
                // Random points sorted by their angle around the origin (exact: half
                // plane, then cross product): a star polygon, simple unless two points
                // share a direction or snap rounding would bend an edge.
                let mut points: Vec<GridPoint> = (0..3 + rng.below(20))
                    .map(|_| GridPoint::new(rng.range(-scale, scale), rng.range(-scale, scale)))
                    .filter(|p| *p != GridPoint::new(0, 0))
                    .collect();
                let half = |d: GridPoint| u8::from(!(d.y > 0 || (d.y == 0 && d.x > 0)));
                points.sort_by(|&a, &b| {
                    half(a)
                        .cmp(&half(b))
                        .then_with(|| 0.cmp(&onepath_predicates::cross(a, b)))
                });
                points
            }
            _ => (0..3 + rng.below(5))
                .map(|_| GridPoint::new(rng.range(-scale, scale), rng.range(-scale, scale)))
                .collect(),
        }
    }

    #[test]
    fn the_fast_path_equals_the_arrangement() {
        let mut rng = Rng::new(0x51_3B1E);
        let mut fast = 0;
        // One buffer for every round, as `Region::from_outlines` uses it: a stale ring
        // left by an earlier round must never leak into a later answer.
        let mut resolved = Vec::new();
        for round in 0..20_000 {
            let ring = random_ring(&mut rng);
            if resolve_simple_ring(&ring, &mut resolved) {
                fast += 1;
                assert_eq!(
                    vec![resolved.clone()],
                    general(&ring),
                    "round {round}: {ring:?}"
                );
            }
        }
        assert!(fast > 8_000, "only {fast} rings took the fast path");
    }
}
