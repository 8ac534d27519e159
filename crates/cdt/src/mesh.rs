//! The flat triangle arrays of the triangulation and the three topological operations of
//! decisions D13 (split 1 -> 3, split 2 -> 4, flip) that keep them consistent.

use onepath_predicates::GridPoint;

/// The marker for "no triangle" in [`Cdt::adjacency`]: the edges of the bounding triangle
/// have no neighbour.
pub const NO_TRIANGLE: u32 = u32::MAX;

/// `k + 1` and `k + 2` modulo 3, the slot arithmetic of decisions D13.
#[inline]
pub(crate) fn next(k: usize) -> usize {
    if k == 2 { 0 } else { k + 1 }
}

/// `k + 2` modulo 3 (the previous slot).
#[inline]
pub(crate) fn prev(k: usize) -> usize {
    if k == 0 { 2 } else { k - 1 }
}

/// A constrained Delaunay triangulation with the numbering of decisions D13.
///
/// Vertices `0..n` are the input points in their sorted order and `n, n + 1, n + 2` are the
/// bounding corners ([`onepath_predicates::BOUNDING_TRIANGLE`]). Triangle `t` is
/// counter-clockwise; its edge `k` runs from slot `k` to slot `k + 1` (modulo 3) and the
/// triangle across it is `adjacency()[t][k]` ([`NO_TRIANGLE`] on the bounding triangle's
/// sides). There are always `2n + 1` triangles and none is ever removed.
#[derive(Clone, Debug)]
pub struct Cdt {
    /// The input points followed by the three bounding corners.
    pub(crate) points: Vec<GridPoint>,
    /// The vertices of each triangle, counter-clockwise, in the slot order of D13.
    pub(crate) triangles: Vec<[u32; 3]>,
    /// The triangle across each edge, or [`NO_TRIANGLE`].
    pub(crate) adjacency: Vec<[u32; 3]>,
    /// Bit `k` set when edge `k` of the triangle is a constraint.
    pub(crate) constrained: Vec<u8>,
    /// The unique undirected constraints `(A, B)`, `A < B`, sorted, with the net number of
    /// directed input constraints `A -> B` minus `B -> A` and the first input index.
    pub(crate) constraint_edges: Vec<ConstraintEdge>,
}

/// One undirected constraint of the triangulation with the net count of its directed copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConstraintEdge {
    /// The smaller vertex index.
    pub from: u32,
    /// The larger vertex index.
    pub to: u32,
    /// Directed input constraints `from -> to` minus those `to -> from`.
    pub net: i32,
    /// The index of its first occurrence in the caller's constraint list.
    pub first_index: u32,
}

impl Cdt {
    /// The number of input points `n` (the bounding corners are not counted).
    pub fn num_input_points(&self) -> usize {
        self.points.len() - 3
    }

    /// All vertices: the input points, then the bounding corners at `n`, `n + 1`, `n + 2`.
    pub fn points(&self) -> &[GridPoint] {
        &self.points
    }

    /// The triangles in index order (`2n + 1` of them), counter-clockwise.
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Per triangle and edge `k`, the triangle across edge `(t_k, t_{k+1})`, or
    /// [`NO_TRIANGLE`].
    pub fn adjacency(&self) -> &[[u32; 3]] {
        &self.adjacency
    }

    /// True when edge `k` of triangle `t` is a constraint.
    pub fn is_constrained(&self, t: usize, k: usize) -> bool {
        self.constrained[t] & (1 << k) != 0
    }

    /// Per triangle, a bit mask of its constrained edges (bit `k` for edge `k`).
    pub fn constrained_masks(&self) -> &[u8] {
        &self.constrained
    }

    /// The unique undirected constraints, sorted by `(from, to)`, with their net directions.
    pub fn constraint_edges(&self) -> &[ConstraintEdge] {
        &self.constraint_edges
    }

    /// True when the triangle has a bounding corner among its vertices.
    pub fn touches_bounding_corner(&self, t: usize) -> bool {
        let n = self.num_input_points() as u32;
        self.triangles[t].iter().any(|&v| v >= n)
    }

    /// The position of vertex `v` in triangle `t`.
    #[inline]
    pub(crate) fn slot_of(&self, t: u32, v: u32) -> usize {
        let tri = &self.triangles[t as usize];
        if tri[0] == v {
            0
        } else if tri[1] == v {
            1
        } else {
            debug_assert_eq!(tri[2], v, "vertex not in triangle");
            2
        }
    }

    /// Makes the triangle across edge `k` of `t` (if any) point back at `t`; `old` is the
    /// triangle it pointed at before.
    #[inline]
    fn relink(&mut self, t: u32, k: usize, old: u32) {
        let u = self.adjacency[t as usize][k];
        if u != NO_TRIANGLE {
            let row = &mut self.adjacency[u as usize];
            for slot in row.iter_mut() {
                if *slot == old {
                    *slot = t;
                    return;
                }
            }
        }
    }

    /// Appends a triangle with its neighbours and no constrained edge (points are inserted
    /// before any constraint).
    #[inline]
    fn push_unconstrained(&mut self, triangle: [u32; 3], neighbours: [u32; 3]) {
        self.triangles.push(triangle);
        self.adjacency.push(neighbours);
        self.constrained.push(0);
    }

    /// Split 1 -> 3 of `t = (a, b, c)` by the new vertex `p` (D13): `t := (a, b, p)`, then
    /// `(b, c, p)` and `(c, a, p)` are appended. No constraints exist yet (points are
    /// inserted before constraints), so every flag stays clear.
    pub(crate) fn split_triangle(&mut self, t: u32, p: u32) -> [u32; 3] {
        let [a, b, c] = self.triangles[t as usize];
        let [n_ab, n_bc, n_ca] = self.adjacency[t as usize];
        let t1 = self.triangles.len() as u32;
        let t2 = t1 + 1;
        self.triangles[t as usize] = [a, b, p];
        self.adjacency[t as usize] = [n_ab, t1, t2];
        self.push_unconstrained([b, c, p], [n_bc, t2, t]);
        self.push_unconstrained([c, a, p], [n_ca, t, t1]);
        self.relink(t1, 0, t);
        self.relink(t2, 0, t);
        [t, t1, t2]
    }

    /// Split 2 -> 4 for `p` on edge `k` of `t` (D13): with `a = t_k`, `b = t_{k+1}`,
    /// `c = t_{k+2}` and `u` across (edge `m = (b, a)`, apex `d`): `t := (b, c, p)`, append
    /// `(c, a, p)`, `u := (a, d, p)`, append `(d, b, p)`. Returns the four triangles in that
    /// order.
    pub(crate) fn split_edge(&mut self, t: u32, k: usize, p: u32) -> [u32; 4] {
        let tri = self.triangles[t as usize];
        let (a, b, c) = (tri[k], tri[next(k)], tri[prev(k)]);
        let u = self.adjacency[t as usize][k];
        let m = self.slot_of(u, b);
        let d = self.triangles[u as usize][prev(m)];
        let n_bc = self.adjacency[t as usize][next(k)];
        let n_ca = self.adjacency[t as usize][prev(k)];
        let n_ad = self.adjacency[u as usize][next(m)];
        let n_db = self.adjacency[u as usize][prev(m)];
        let t1 = self.triangles.len() as u32;
        let t3 = t1 + 1;
        self.triangles[t as usize] = [b, c, p];
        self.adjacency[t as usize] = [n_bc, t1, t3];
        self.push_unconstrained([c, a, p], [n_ca, u, t]);
        self.triangles[u as usize] = [a, d, p];
        self.adjacency[u as usize] = [n_ad, t3, t1];
        self.push_unconstrained([d, b, p], [n_db, t, u]);
        self.relink(t1, 0, t);
        self.relink(t3, 0, u);
        [t, t1, u, t3]
    }

    /// Flip of edge `k` of `t` (D13): with `a = t_k`, `b = t_{k+1}`, `c = t_{k+2}` and `u`
    /// across (edge `m = (b, a)`, apex `d`), `t_k := d` and `u_m := c`, so `t = (d, b, c)` and
    /// `u = (c, a, d)` starting at those slots. The new edge `c–d` is edge `k + 2` of `t` and
    /// edge `m + 2` of `u`. Returns `(u, m)`.
    pub(crate) fn flip(&mut self, t: u32, k: usize) -> (u32, usize) {
        let (ti, k1, k2) = (t as usize, next(k), prev(k));
        let u = self.adjacency[ti][k];
        let ui = u as usize;
        let b = self.triangles[ti][k1];
        let c = self.triangles[ti][k2];
        let m = self.slot_of(u, b);
        let (m1, m2) = (next(m), prev(m));
        let d = self.triangles[ui][m2];
        // Edge (c, a) moves from t (slot k + 2) to u (slot m); edge (d, b) moves from u
        // (slot m + 2) to t (slot k). The new diagonal is t's k + 2 and u's m + 2.
        let n_ca = self.adjacency[ti][k2];
        let n_db = self.adjacency[ui][m2];
        let f_ca = self.constrained[ti] >> k2 & 1;
        let f_db = self.constrained[ui] >> m2 & 1;
        self.triangles[ti][k] = d;
        self.triangles[ui][m] = c;
        self.adjacency[ti][k] = n_db;
        self.adjacency[ti][k2] = u;
        self.adjacency[ui][m] = n_ca;
        self.adjacency[ui][m2] = t;
        let keep_t = self.constrained[ti] & (1 << k1);
        let keep_u = self.constrained[ui] & (1 << m1);
        self.constrained[ti] = keep_t | (f_db << k);
        self.constrained[ui] = keep_u | (f_ca << m);
        self.relink(t, k, u);
        self.relink(u, m, t);
        (u, m)
    }
}
