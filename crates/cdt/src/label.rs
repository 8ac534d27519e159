//! Flood labelling of the triangulation by winding numbers and the canonical inside
//! triangles that spec section "Region.Triangulate" returns.

use crate::mesh::{Cdt, NO_TRIANGLE, next};
use crate::sort::collect_by_first_vertex;
use onepath_predicates::GridPoint;

/// The triangles with winding > 0, in the canonical form of "Region.Triangulate".
///
/// Vertex indices are the caller's point indices. Each triangle is counter-clockwise and
/// starts at its smallest vertex index; triangles are sorted by `(v0, v1, v2)`.
/// `neighbors[3 * t + i]` is the kept triangle across edge `(v_i, v_{i+1})`, or `-1` on the
/// boundary of the kept set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InsideMesh {
    /// The kept triangles.
    pub triangles: Vec<[u32; 3]>,
    /// The neighbour across each edge, `3 * t + i` for edge `i` of triangle `t`, or `-1`.
    pub neighbors: Vec<i32>,
}

impl Cdt {
    /// The net number of directed constraints `u -> v` minus `v -> u` on the edge `u–v`
    /// (zero when it is not a constraint).
    pub fn net_direction(&self, u: u32, v: u32) -> i32 {
        let (lo, hi) = (u.min(v), u.max(v));
        match self
            .constraint_edges
            .binary_search_by(|e| (e.from, e.to).cmp(&(lo, hi)))
        {
            Ok(i) if u < v => self.constraint_edges[i].net,
            Ok(i) => -self.constraint_edges[i].net,
            Err(_) => 0,
        }
    }

    /// Each triangle's winding number with respect to the directed constraints given to
    /// [`Cdt::new`], found by flooding from the unbounded face ("Region.Triangulate").
    ///
    /// Triangles with a bounding corner lie in the unbounded face and get 0. Crossing an
    /// unconstrained edge keeps the winding; crossing a constrained edge `u -> v` from its
    /// right to its left adds the net count of constraints `u -> v` minus `v -> u` (the rule
    /// of the spec's "Labelling"). The flood is breadth first in triangle and edge order, so
    /// the result is deterministic; it is independent of the path when the directed
    /// constraints form closed cycles (as ring edges do).
    pub fn windings(&self) -> Vec<i32> {
        const UNSET: i32 = i32::MIN;
        // The constraints by their smaller end: those of vertex `v` are
        // `constraint_edges[first[v]..first[v + 1]]` (the list is sorted by `(from, to)`),
        // so a crossed constraint is found among its vertex's few instead of by a binary
        // search of all of them.
        let mut first = vec![0u32; self.points.len() + 1];
        for e in &self.constraint_edges {
            first[e.from as usize + 1] += 1;
        }
        for v in 1..first.len() {
            first[v] += first[v - 1];
        }
        let net = |u: u32, v: u32| {
            let (lo, hi) = (u.min(v), u.max(v));
            let edges = &self.constraint_edges
                [first[lo as usize] as usize..first[lo as usize + 1] as usize];
            let count = edges.iter().find(|e| e.to == hi).map_or(0, |e| e.net);
            if u < v { count } else { -count }
        };
        let mut winding = vec![UNSET; self.triangles.len()];
        // Every triangle enters the first-in-first-out queue once, so a vector read from
        // `head` is the queue.
        let mut queue: Vec<u32> = Vec::with_capacity(self.triangles.len());
        for (t, w) in winding.iter_mut().enumerate() {
            if self.touches_bounding_corner(t) {
                *w = 0;
                queue.push(t as u32);
            }
        }
        let mut head = 0;
        while let Some(&t) = queue.get(head) {
            head += 1;
            let tri = self.triangles[t as usize];
            let w = winding[t as usize];
            for k in 0..3 {
                let u = self.adjacency[t as usize][k];
                if u == NO_TRIANGLE || winding[u as usize] != UNSET {
                    continue;
                }
                // t lies on the left of t_k -> t_{k+1}; moving to u crosses it from left to
                // right, which subtracts its net count.
                let delta = if self.constrained[t as usize] & (1 << k) != 0 {
                    net(tri[k], tri[next(k)])
                } else {
                    0
                };
                winding[u as usize] = w - delta;
                queue.push(u);
            }
        }
        winding
    }

    /// The triangles with winding > 0 in the canonical form of "Region.Triangulate".
    /// `windings` has one entry per triangle, as [`Cdt::windings`] returns.
    ///
    /// # Panics
    ///
    /// When `windings` is shorter than the triangle array.
    pub fn inside(&self, windings: &[i32]) -> InsideMesh {
        let kept = self.kept_triangles(windings);
        let neighbors = self.kept_neighbors(&kept);
        InsideMesh {
            triangles: corners(kept),
            neighbors,
        }
    }

    /// `(rotated triangle, original index, rotation)` of every triangle [`Cdt::inside`]
    /// keeps, in its order.
    ///
    /// # Panics
    ///
    /// When `windings` is shorter than the triangle array.
    fn kept_triangles(&self, windings: &[i32]) -> Vec<([u32; 3], u32, u32)> {
        assert!(
            windings.len() >= self.triangles.len(),
            "one winding per triangle is needed"
        );
        // Counted, then placed straight into their sorted order, at their exact count:
        // neither a vector grown by doubling nor an unsorted copy is held (issue #24).
        // The triples are distinct, so this is the one sorted order; kept triangles have
        // no bounding corner, so every vertex is an input point.
        let kept = || {
            self.triangles.iter().enumerate().filter_map(|(t, tri)| {
                if windings[t] <= 0 || self.touches_bounding_corner(t) {
                    return None;
                }
                let r = (0..3).min_by_key(|&i| tri[i]).unwrap_or(0);
                let rotated = [tri[r], tri[(r + 1) % 3], tri[(r + 2) % 3]];
                Some((rotated, t as u32, r as u32))
            })
        };
        collect_by_first_vertex(kept, self.num_input_points(), |k| k.0[0])
    }

    /// The neighbours of the `kept` triangles ([`Cdt::kept_triangles`]) in the kept
    /// numbering, three a triangle, -1 across the boundary.
    fn kept_neighbors(&self, kept: &[([u32; 3], u32, u32)]) -> Vec<i32> {
        let mut new_index = vec![-1i32; self.triangles.len()];
        for (i, &(_, t, _)) in kept.iter().enumerate() {
            new_index[t as usize] = i as i32;
        }
        let mut neighbors = Vec::with_capacity(kept.len() * 3);
        for &(_, t, r) in kept {
            for i in 0..3 {
                let u = self.adjacency[t as usize][(r as usize + i) % 3];
                neighbors.push(if u == NO_TRIANGLE {
                    -1
                } else {
                    new_index[u as usize]
                });
            }
        }
        neighbors
    }

    /// [`Cdt::inside`] of [`Cdt::windings`]: what "Region.Triangulate" returns when the
    /// constraints are a region's ring edges.
    pub fn inside_mesh(&self) -> InsideMesh {
        self.inside(&self.windings())
    }

    /// [`Cdt::inside_mesh`] of a triangulation that is no longer needed, with its input
    /// points handed back (those [`Cdt::from_owned`] took): the same mesh, but what each
    /// step has finished with is freed before the next allocates (the constraints once
    /// the windings are known, the windings once the kept triangles are), and the
    /// triangulation before the mesh is returned, so that a large build's memory peaks
    /// lower (issue #24).
    pub fn into_inside_mesh(mut self) -> (Vec<GridPoint>, InsideMesh) {
        let windings = self.windings();
        self.constraint_edges = Vec::new();
        let kept = self.kept_triangles(&windings);
        drop(windings);
        let neighbors = self.kept_neighbors(&kept);
        let n = self.num_input_points();
        let mut points = std::mem::take(&mut self.points);
        points.truncate(n);
        drop(self);
        let mesh = InsideMesh {
            triangles: corners(kept),
            neighbors,
        };
        (points, mesh)
    }
}

/// The corners of the kept triangles, in their allocation (collected in place) cut down to
/// their size: the mesh keeps 12 bytes a triangle, not the 20 of the sort's records.
fn corners(kept: Vec<([u32; 3], u32, u32)>) -> Vec<[u32; 3]> {
    let mut triangles: Vec<[u32; 3]> = kept.into_iter().map(|(tri, _, _)| tri).collect();
    triangles.shrink_to_fit();
    triangles
}
