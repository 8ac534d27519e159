//! Independent checks of a finished partition: the output promises of
//! "Region.PartitionConvex" and the exhaustiveness of its single greedy pass.

use crate::{ConvexError, Partition};
use onepath_predicates::{EXACT_F64_LIMIT, GridPoint, Orientation, cross, dot, orient2d};

impl Partition {
    /// Checks every promise of the output against `points`, independently of the merge:
    ///
    /// - each polygon has 3 to `max_vertices_per_polygon` distinct vertices, all indices
    ///   of `points` with coordinates within `±2^53`;
    /// - each polygon is counter-clockwise and weakly convex: the exact orientation at
    ///   every vertex is left or straight (a straight vertex continues in the same
    ///   direction), every vertex lies on or left of every edge's line, and the area is
    ///   positive;
    /// - canonical form: each polygon starts at its smallest vertex index and the
    ///   polygons are strictly increasing in lexicographic order of their index lists;
    /// - adjacency: no directed edge belongs to two polygons, an edge's neighbour is `-1`
    ///   exactly when no polygon holds the reversed edge, and otherwise it is the polygon
    ///   holding the reversed edge, whose entry for it points back.
    ///
    /// Runs in O(P k² + E log E) for P polygons of at most k vertices and E edges.
    pub fn check_invariants(&self, points: &[GridPoint]) -> Result<(), ConvexError> {
        self.check_storage()?;
        for polygon in 0..self.len() {
            self.check_polygon_shape(polygon, points)?;
            if polygon > 0 && self.polygon(polygon - 1) >= self.polygon(polygon) {
                return Err(violation(
                    polygon,
                    "polygons are not in strictly increasing order",
                ));
            }
        }
        let edges = self.sorted_directed_edges();
        if let Some(pair) = edges
            .windows(2)
            .find(|w| (w[0].0, w[0].1) == (w[1].0, w[1].1))
        {
            return Err(violation(
                pair[1].2,
                "a directed edge belongs to two polygons",
            ));
        }
        for polygon in 0..self.len() {
            let ring = self.polygon(polygon);
            for (k, &entry) in self.polygon_neighbors(polygon).iter().enumerate() {
                let (from, to) = (ring[k], ring[(k + 1) % ring.len()]);
                let holder = edges
                    .binary_search_by_key(&(to, from), |&(a, b, _)| (a, b))
                    .ok()
                    .map(|found| edges[found].2);
                match (usize::try_from(entry).ok(), holder) {
                    (None, None) if entry == -1 => {}
                    (Some(other), Some(holder)) if other == holder => {
                        let back = self.neighbor_across(holder, to, from);
                        if back != Some(polygon as i32) {
                            return Err(violation(polygon, "a neighbour does not point back"));
                        }
                    }
                    _ => {
                        return Err(violation(
                            polygon,
                            "a neighbour entry is not the polygon holding the reversed edge",
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The interior edges between two polygons that the greedy pass could still remove:
    /// those meeting all three conditions of "Region.PartitionConvex" with decision D11
    /// ((a) at most `max_vertices_per_polygon` vertices when joined, (b) no shared vertex
    /// besides the edge's ends, (c) left or straight turns at both ends). The
    /// specification promises that the single pass is exhaustive, so for a partition
    /// made by [`partition_convex`](crate::partition_convex) this list is empty.
    ///
    /// Each edge is reported once as `[lo, hi]` with `lo < hi`, in canonical polygon
    /// order. An error is returned when a vertex index lies outside `points` or the
    /// adjacency is inconsistent.
    pub fn remaining_mergeable_diagonals(
        &self,
        points: &[GridPoint],
    ) -> Result<Vec<[u32; 2]>, ConvexError> {
        self.mergeable_diagonals(points, |_, _| true)
    }

    /// [`Partition::remaining_mergeable_diagonals`] of a partition made by
    /// [`partition_convex_labelled`](crate::partition_convex_labelled): an edge between
    /// polygons of different labels is never mergeable, so for such a partition this list
    /// is empty. `labels` holds one label per polygon.
    pub fn remaining_mergeable_diagonals_labelled(
        &self,
        points: &[GridPoint],
        labels: &[u32],
    ) -> Result<Vec<[u32; 2]>, ConvexError> {
        if labels.len() != self.len() {
            return Err(ConvexError::LabelCount {
                expected: self.len(),
                found: labels.len(),
            });
        }
        self.mergeable_diagonals(points, |p, q| labels[p] == labels[q])
    }

    /// The diagonals between polygons `p` and `q` with `may_join(p, q)` that meet the
    /// three conditions of the pass.
    fn mergeable_diagonals(
        &self,
        points: &[GridPoint],
        may_join: impl Fn(usize, usize) -> bool,
    ) -> Result<Vec<[u32; 2]>, ConvexError> {
        self.check_storage()?;
        let point = |polygon: usize, v: u32| {
            bounded_point(points, v).ok_or_else(|| violation(polygon, OUT_OF_RANGE))
        };
        let mut mergeable = Vec::new();
        for p in 0..self.len() {
            let ring_p = self.polygon(p);
            let np = ring_p.len();
            for (i, &entry) in self.polygon_neighbors(p).iter().enumerate() {
                let (a, b) = (ring_p[i], ring_p[(i + 1) % np]);
                let Ok(q) = usize::try_from(entry) else {
                    continue;
                };
                if a > b {
                    continue;
                }
                let ring_q = self.get(q).map(|polygon| polygon.vertices).unwrap_or(&[]);
                let nq = ring_q.len();
                let Some(j) = (0..nq).find(|&j| ring_q[j] == b && ring_q[(j + 1) % nq] == a) else {
                    return Err(violation(p, "a neighbour does not hold the reversed edge"));
                };
                let fits = np + nq - 2 <= self.max_vertices_per_polygon();
                let disjoint = ring_p
                    .iter()
                    .all(|&v| v == a || v == b || !ring_q.contains(&v));
                let turn_a = orient2d(
                    point(p, ring_p[(i + np - 1) % np])?,
                    point(p, a)?,
                    point(q, ring_q[(j + 2) % nq])?,
                );
                let turn_b = orient2d(
                    point(q, ring_q[(j + nq - 1) % nq])?,
                    point(p, b)?,
                    point(p, ring_p[(i + 2) % np])?,
                );
                let convex = turn_a != Orientation::Clockwise && turn_b != Orientation::Clockwise;
                if fits && disjoint && convex && may_join(p, q) {
                    mergeable.push([a, b]);
                }
            }
        }
        Ok(mergeable)
    }

    /// The shape checks of one polygon: size, range, canonical start, distinct vertices,
    /// weak convexity and positive area.
    fn check_polygon_shape(&self, polygon: usize, points: &[GridPoint]) -> Result<(), ConvexError> {
        let ring = self.polygon(polygon);
        let n = ring.len();
        if !(3..=self.max_vertices_per_polygon()).contains(&n) {
            return Err(violation(polygon, "vertex count outside 3..=limit"));
        }
        if ring.iter().any(|&v| bounded_point(points, v).is_none()) {
            return Err(violation(polygon, OUT_OF_RANGE));
        }
        if ring.iter().skip(1).any(|&v| v <= ring[0]) {
            return Err(violation(
                polygon,
                "does not start at its smallest vertex index",
            ));
        }
        let mut sorted = ring.to_vec();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(violation(polygon, "a vertex repeats"));
        }
        let at = |k: usize| points[ring[k % n] as usize];
        for k in 0..n {
            let (before, here, after) = (at(k + n - 1), at(k), at(k + 1));
            match orient2d(before, here, after) {
                Orientation::Clockwise => return Err(violation(polygon, "a right turn")),
                Orientation::Collinear if dot(here - before, after - here) <= 0 => {
                    return Err(violation(polygon, "a straight vertex folds back"));
                }
                _ => {}
            }
            if (0..n).any(|m| cross(after - here, at(m) - here) < 0) {
                return Err(violation(polygon, "a vertex lies right of an edge's line"));
            }
        }
        if self.twice_area(polygon, points).unwrap_or(0) <= 0 {
            return Err(violation(polygon, "the area is not positive"));
        }
        Ok(())
    }

    /// All directed polygon edges as `(from, to, polygon)`, sorted.
    fn sorted_directed_edges(&self) -> Vec<(u32, u32, usize)> {
        let mut edges: Vec<(u32, u32, usize)> = self
            .iter()
            .enumerate()
            .flat_map(|(p, polygon)| {
                let ring = polygon.vertices;
                (0..ring.len()).map(move |k| (ring[k], ring[(k + 1) % ring.len()], p))
            })
            .collect();
        edges.sort_unstable();
        edges
    }

    /// The neighbour entry of polygon `polygon` for its edge `from → to`, if it holds it.
    fn neighbor_across(&self, polygon: usize, from: u32, to: u32) -> Option<i32> {
        let ring = self.get(polygon)?.vertices;
        let k = (0..ring.len()).find(|&k| ring[k] == from && ring[(k + 1) % ring.len()] == to)?;
        Some(self.polygon_neighbors(polygon)[k])
    }
}

/// What an index outside the points or a coordinate beyond `±2^53` is reported as.
const OUT_OF_RANGE: &str = "a vertex index lies outside the points or beyond ±2^53";

/// Point `v`, when it exists and lies within `±2^53` (the bound under which every
/// difference and cross product of the checks is exact and cannot overflow).
fn bounded_point(points: &[GridPoint], v: u32) -> Option<GridPoint> {
    points
        .get(v as usize)
        .copied()
        .filter(|p| p.max_abs() <= EXACT_F64_LIMIT as u64)
}

/// An [`ConvexError::Invariant`] for `polygon`.
fn violation(polygon: usize, reason: &'static str) -> ConvexError {
    ConvexError::Invariant { polygon, reason }
}
