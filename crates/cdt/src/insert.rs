//! Point insertion (spec "Constrained Delaunay triangulation" step 2 with the walk, splits
//! and Lawson stack of decisions D13) and the final Delaunay passes of step 4.

use crate::error::CdtError;
use crate::mesh::{Cdt, NO_TRIANGLE, next, prev};
use onepath_predicates::{CirclePosition, GridPoint, Orientation, incircle, orient2d};

/// Where the visibility walk found a point.
enum Location {
    /// Strictly inside the triangle.
    Inside(u32),
    /// On edge `k` of the triangle.
    OnEdge(u32, usize),
}

impl Cdt {
    /// Triangle 0, the bounding triangle `(n, n + 1, n + 2)`, with nothing else (D13).
    pub(crate) fn with_bounding_triangle(points: Vec<GridPoint>, capacity: usize) -> Cdt {
        let n = (points.len() - 3) as u32;
        let mut triangles = Vec::with_capacity(capacity);
        let mut adjacency = Vec::with_capacity(capacity);
        let mut constrained = Vec::with_capacity(capacity);
        triangles.push([n, n + 1, n + 2]);
        adjacency.push([NO_TRIANGLE; 3]);
        constrained.push(0);
        Cdt {
            points,
            triangles,
            adjacency,
            constrained,
            constraint_edges: Vec::new(),
        }
    }

    /// Visibility walk from `start` (D13): at each triangle test edges 0, 1, 2 and cross the
    /// first with `orient(t_k, t_{k+1}, p) < 0`; a zero on an edge (and no negative) means
    /// `p` lies on that edge. On a Delaunay triangulation the walk visits every triangle at
    /// most once, so a longer walk is a defect.
    fn locate(&self, start: u32, p: GridPoint) -> Result<Location, CdtError> {
        let mut t = start;
        for _ in 0..=self.triangles.len() {
            let tri = self.triangles[t as usize];
            let mut on_edge = None;
            let mut moved = false;
            for k in 0..3 {
                let a = self.points[tri[k] as usize];
                let b = self.points[tri[next(k)] as usize];
                match orient2d(a, b, p) {
                    Orientation::Clockwise => {
                        t = self.adjacency[t as usize][k];
                        if t == NO_TRIANGLE {
                            return Err(CdtError::Internal(format!(
                                "point {p} lies outside the bounding triangle"
                            )));
                        }
                        moved = true;
                        break;
                    }
                    Orientation::Collinear => {
                        if on_edge.is_none() {
                            on_edge = Some(k);
                        }
                    }
                    Orientation::CounterClockwise => {}
                }
            }
            if !moved {
                return Ok(match on_edge {
                    Some(k) => Location::OnEdge(t, k),
                    None => Location::Inside(t),
                });
            }
        }
        Err(CdtError::Internal(format!("the walk to {p} did not end")))
    }

    /// Inserts the input points in `order` by Lawson's algorithm (spec step 2, D13).
    pub(crate) fn insert_points(&mut self, order: &[u32]) -> Result<(), CdtError> {
        let mut stack: Vec<(u32, usize)> = Vec::with_capacity(64);
        let mut last = 0u32;
        for &p in order {
            let point = self.points[p as usize];
            match self.locate(last, point)? {
                Location::Inside(t) => {
                    last = t;
                    let children = self.split_triangle(t, p);
                    stack.extend(children.iter().rev().map(|&c| (c, 0)));
                }
                Location::OnEdge(t, k) => {
                    last = t;
                    let children = self.split_edge(t, k, p);
                    stack.extend(children.iter().rev().map(|&c| (c, 0)));
                }
            }
            self.legalize(&mut stack);
        }
        Ok(())
    }

    /// Lawson's stack (D13): pop `(t, k)`, edge `k` opposite the new point; if the apex
    /// across lies strictly inside `t`'s circle, flip, then push `(u, m + 1)` and `(t, k)`.
    fn legalize(&mut self, stack: &mut Vec<(u32, usize)>) {
        while let Some((t, k)) = stack.pop() {
            let u = self.adjacency[t as usize][k];
            if u == NO_TRIANGLE {
                continue;
            }
            let tri = self.triangles[t as usize];
            let m = self.slot_of(u, tri[next(k)]);
            let d = self.triangles[u as usize][prev(m)];
            if self.in_circle(tri, d) {
                let (u, m) = self.flip(t, k);
                stack.push((u, next(m)));
                stack.push((t, k));
            }
        }
    }

    /// True when vertex `d` lies strictly inside the circle of triangle `tri`.
    #[inline]
    fn in_circle(&self, tri: [u32; 3], d: u32) -> bool {
        let p = |v: u32| self.points[v as usize];
        incircle(p(tri[0]), p(tri[1]), p(tri[2]), p(d)) == CirclePosition::Inside
    }

    /// True when the quadrilateral of edge `k` of `t` and the triangle across is strictly
    /// convex: the diagonal `c–d` crosses `a–b` in both their interiors.
    #[inline]
    pub(crate) fn strictly_convex(&self, a: u32, b: u32, c: u32, d: u32) -> bool {
        let p = |v: u32| self.points[v as usize];
        let sa = orient2d(p(c), p(d), p(a)).signum();
        let sb = orient2d(p(c), p(d), p(b)).signum();
        sa * sb < 0
    }

    /// The final passes of spec step 4 (D13): for `t = 0, 1, ...` and `k = 0, 1, 2`, flip a
    /// non-constrained edge whose across apex lies strictly inside `t`'s circle (and whose
    /// quadrilateral is convex), then go on with `k + 1` of the changed `t`; repeat passes
    /// until one flips nothing. Each flip strictly lowers the lifted volume, so this ends.
    ///
    /// `touched[t]` is true for every triangle that changed since Lawson's insertion ended
    /// (Sloan's flips). Lawson leaves every edge locally Delaunay, and an edge's test only
    /// depends on its two triangles, so an edge between two untouched triangles is known
    /// to fail the in-circle test and is skipped: the flips are exactly those of full
    /// passes, without testing the whole triangulation again.
    ///
    /// A pass visits only the triangles marked in `near`: the touched ones and their
    /// neighbours, the only ones with an edge to test. A flip marks its two triangles and
    /// their neighbours after it (every triangle whose neighbour it changes is one of the
    /// two), and the pass reads the marks as it goes, so it visits in increasing `t` the
    /// triangles a full scan would test, marks made ahead of it included.
    pub(crate) fn final_passes(&mut self, mut touched: Vec<bool>) {
        touched.resize(self.triangles.len(), false);
        if !touched.iter().any(|&t| t) {
            return;
        }
        let mut near = Marks::new(self.triangles.len());
        for t in (0..self.triangles.len() as u32).filter(|&t| touched[t as usize]) {
            self.mark_with_neighbours(&mut near, t);
        }
        loop {
            let mut flipped = false;
            let mut from = 0;
            while let Some(t) = near.first_from(from) {
                from = t as usize + 1;
                for k in 0..3 {
                    if self.constrained[t as usize] & (1 << k) != 0 {
                        continue;
                    }
                    let u = self.adjacency[t as usize][k];
                    if u == NO_TRIANGLE || !(touched[t as usize] || touched[u as usize]) {
                        continue;
                    }
                    let tri = self.triangles[t as usize];
                    let m = self.slot_of(u, tri[next(k)]);
                    let d = self.triangles[u as usize][prev(m)];
                    if self.in_circle(tri, d)
                        && self.strictly_convex(tri[k], tri[next(k)], tri[prev(k)], d)
                    {
                        self.flip(t, k);
                        touched[u as usize] = true;
                        touched[t as usize] = true;
                        self.mark_with_neighbours(&mut near, t);
                        self.mark_with_neighbours(&mut near, u);
                        flipped = true;
                    }
                }
            }
            if !flipped {
                return;
            }
        }
    }

    /// Marks triangle `t` and its neighbours in `marks`.
    fn mark_with_neighbours(&self, marks: &mut Marks, t: u32) {
        marks.set(t);
        for u in self.adjacency[t as usize] {
            if u != NO_TRIANGLE {
                marks.set(u);
            }
        }
    }
}

/// A set of triangle indices as bits, found in increasing order a word at a time.
struct Marks(Vec<u64>);

impl Marks {
    /// The empty set over `count` triangles.
    fn new(count: usize) -> Self {
        Marks(vec![0; count.div_ceil(64)])
    }

    /// Adds triangle `t`.
    fn set(&mut self, t: u32) {
        self.0[t as usize / 64] |= 1 << (t % 64);
    }

    /// The smallest triangle in the set at `from` or after, if any.
    fn first_from(&self, from: usize) -> Option<u32> {
        let mut word = from / 64;
        let mut bits = self.0.get(word)? & (u64::MAX << (from % 64));
        while bits == 0 {
            word += 1;
            bits = *self.0.get(word)?;
        }
        Some((word * 64) as u32 + bits.trailing_zeros())
    }
}
