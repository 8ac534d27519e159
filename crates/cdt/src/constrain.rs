//! Constraint insertion by Sloan's method with the walk and first-in-first-out queue of
//! decisions D13 (spec "Constrained Delaunay triangulation" step 3), detecting constraints
//! that are not noded.

use crate::error::CdtError;
use crate::mesh::{Cdt, NO_TRIANGLE, next, prev};
use onepath_predicates::{Orientation, dot, orient2d, properly_cross};
use std::collections::VecDeque;

/// A directed edge `x -> y` waiting in Sloan's queue, with a triangle that probably holds it.
type QueuedEdge = (u32, u32, u32);

/// The reusable state of constraint insertion: the vertex-to-triangle map and the queue.
pub(crate) struct Constrainer {
    /// For each vertex, one triangle that holds it.
    vertex_triangle: Vec<u32>,
    /// Sloan's first-in-first-out queue of crossed edges, `A` on their left.
    queue: VecDeque<QueuedEdge>,
    /// The triangles changed by Sloan's flips (the final passes test only their edges).
    pub(crate) touched: Vec<bool>,
}

impl Constrainer {
    /// Builds the vertex-to-triangle map of `cdt`.
    pub(crate) fn new(cdt: &Cdt) -> Self {
        let mut vertex_triangle = vec![NO_TRIANGLE; cdt.points.len()];
        for (t, tri) in cdt.triangles.iter().enumerate() {
            for &v in tri {
                vertex_triangle[v as usize] = t as u32;
            }
        }
        Constrainer {
            vertex_triangle,
            queue: VecDeque::new(),
            touched: vec![false; cdt.triangles.len()],
        }
    }

    /// The triangle and slot holding the directed edge `x -> y`, trying `hint` first and
    /// then turning around `x`; `None` when there is no such edge.
    fn find_edge(&self, cdt: &Cdt, x: u32, y: u32, hint: u32) -> Option<(u32, usize)> {
        if hint != NO_TRIANGLE {
            let tri = cdt.triangles[hint as usize];
            for k in 0..3 {
                if tri[k] == x && tri[next(k)] == y {
                    return Some((hint, k));
                }
            }
        }
        let mut t = self.vertex_triangle[x as usize];
        for _ in 0..cdt.triangles.len() {
            let k = cdt.slot_of(t, x);
            if cdt.triangles[t as usize][next(k)] == y {
                return Some((t, k));
            }
            // The next triangle counter-clockwise around x is across edge (t_{k+2}, x).
            t = cdt.adjacency[t as usize][prev(k)];
            if t == NO_TRIANGLE || t == self.vertex_triangle[x as usize] {
                return None;
            }
        }
        None
    }

    /// Marks edge `k` of `t` and its twin constrained.
    fn mark(cdt: &mut Cdt, t: u32, k: usize) {
        cdt.constrained[t as usize] |= 1 << k;
        let u = cdt.adjacency[t as usize][k];
        if u != NO_TRIANGLE {
            let m = cdt.slot_of(u, cdt.triangles[t as usize][next(k)]);
            cdt.constrained[u as usize] |= 1 << m;
        }
    }

    /// The error for a crossed edge `(x, y)` that is already a constraint.
    fn crossing_error(cdt: &Cdt, index: usize, a: u32, b: u32, x: u32, y: u32) -> CdtError {
        let (lo, hi) = (x.min(y), x.max(y));
        let other = cdt
            .constraint_edges
            .binary_search_by(|e| (e.from, e.to).cmp(&(lo, hi)))
            .map_or(usize::MAX, |i| cdt.constraint_edges[i].first_index as usize);
        CdtError::CrossingConstraints {
            constraint: index,
            from: a,
            to: b,
            other,
            other_from: lo,
            other_to: hi,
        }
    }

    /// Inserts the constraint `a–b` (`a < b`, caller's constraint `index`) by D13's walk and
    /// Sloan's queue, then marks it constrained.
    pub(crate) fn insert(
        &mut self,
        cdt: &mut Cdt,
        index: usize,
        a: u32,
        b: u32,
    ) -> Result<(), CdtError> {
        let through = |vertex: u32| CdtError::ThroughVertex {
            constraint: index,
            from: a,
            to: b,
            vertex,
        };
        let pa = cdt.points[a as usize];
        let pb = cdt.points[b as usize];
        // Find t with t_k = A and B strictly inside the wedge (t_{k+1}, t_{k+2}) at A.
        let start = self.vertex_triangle[a as usize];
        let mut t = start;
        let mut found = None;
        for _ in 0..cdt.triangles.len() {
            let k = cdt.slot_of(t, a);
            let tri = cdt.triangles[t as usize];
            let (x, y) = (tri[next(k)], tri[prev(k)]);
            if x == b {
                Self::mark(cdt, t, k);
                return Ok(());
            }
            let (px, py) = (cdt.points[x as usize], cdt.points[y as usize]);
            let ox = orient2d(pa, px, pb);
            if ox == Orientation::Collinear && dot(px - pa, pb - pa) > 0 {
                return Err(through(x));
            }
            if ox == Orientation::CounterClockwise && orient2d(pa, py, pb).is_cw() {
                found = Some((t, next(k)));
                break;
            }
            t = cdt.adjacency[t as usize][prev(k)];
            if t == NO_TRIANGLE || t == start {
                break;
            }
        }
        let Some((mut t, mut j)) = found else {
            return Err(CdtError::Internal(format!(
                "no triangle at vertex {a} faces vertex {b}"
            )));
        };
        // Walk the crossed edges, each directed as in its triangle (A on its left).
        self.queue.clear();
        for _ in 0..=cdt.triangles.len() {
            let tri = cdt.triangles[t as usize];
            let (x, y) = (tri[j], tri[next(j)]);
            if cdt.constrained[t as usize] & (1 << j) != 0 {
                return Err(Self::crossing_error(cdt, index, a, b, x, y));
            }
            self.queue.push_back((x, y, t));
            let u = cdt.adjacency[t as usize][j];
            if u == NO_TRIANGLE {
                return Err(CdtError::Internal(format!(
                    "the walk of constraint ({a}, {b}) left the bounding triangle"
                )));
            }
            let m = cdt.slot_of(u, y);
            let w = cdt.triangles[u as usize][prev(m)];
            if w == b {
                return self.finish(cdt, a, b);
            }
            match orient2d(pa, pb, cdt.points[w as usize]) {
                Orientation::Collinear => return Err(through(w)),
                Orientation::CounterClockwise => j = next(m),
                Orientation::Clockwise => j = prev(m),
            }
            t = u;
        }
        Err(CdtError::Internal(format!(
            "the walk of constraint ({a}, {b}) did not reach {b}"
        )))
    }

    /// Runs Sloan's queue for `a–b` and marks the resulting edge constrained.
    fn finish(&mut self, cdt: &mut Cdt, a: u32, b: u32) -> Result<(), CdtError> {
        self.run_queue(cdt, a, b)?;
        match self.find_edge(cdt, a, b, NO_TRIANGLE) {
            Some((t, k)) => {
                Self::mark(cdt, t, k);
                Ok(())
            }
            None => Err(CdtError::Internal(format!(
                "constraint ({a}, {b}) is not an edge after Sloan's flips"
            ))),
        }
    }

    /// Sloan's loop (D13): pop `(x, y)`; a quadrilateral that is not strictly convex goes to
    /// the back; otherwise flip, and queue the new edge again when it still properly crosses
    /// `A–B`, directed with `A` on its left.
    fn run_queue(&mut self, cdt: &mut Cdt, a: u32, b: u32) -> Result<(), CdtError> {
        let crossed = self.queue.len() as u64 + 2;
        // A defect guard far above Sloan's quadratic bound on the number of steps.
        let limit = crossed.saturating_mul(crossed).saturating_mul(crossed);
        let (pa, pb) = (cdt.points[a as usize], cdt.points[b as usize]);
        let mut steps = 0u64;
        while let Some((x, y, hint)) = self.queue.pop_front() {
            steps += 1;
            if steps > limit {
                return Err(CdtError::Internal(format!(
                    "Sloan's queue for constraint ({a}, {b}) did not empty"
                )));
            }
            let Some((t, k)) = self.find_edge(cdt, x, y, hint) else {
                return Err(CdtError::Internal(format!(
                    "queued edge ({x}, {y}) vanished"
                )));
            };
            let c = cdt.triangles[t as usize][prev(k)];
            let u = cdt.adjacency[t as usize][k];
            let m = cdt.slot_of(u, y);
            let d = cdt.triangles[u as usize][prev(m)];
            if !cdt.strictly_convex(x, y, c, d) {
                self.queue.push_back((x, y, t));
                continue;
            }
            cdt.flip(t, k);
            self.touched[t as usize] = true;
            self.touched[u as usize] = true;
            self.vertex_triangle[x as usize] = u;
            self.vertex_triangle[y as usize] = t;
            let (pc, pd) = (cdt.points[c as usize], cdt.points[d as usize]);
            if properly_cross(pa, pb, pc, pd) {
                // t now holds c -> d (its edge k + 2) and u holds d -> c.
                if orient2d(pc, pd, pa).is_ccw() {
                    self.queue.push_back((c, d, t));
                } else {
                    self.queue.push_back((d, c, u));
                }
            }
        }
        Ok(())
    }
}
