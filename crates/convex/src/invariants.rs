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
    /// Runs in O(P k² + E + V) for P polygons of at most k vertices, E edges and V points
    /// (plus sorting the edges that leave each vertex).
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
        let edges = self.directed_edges(points.len())?;
        for group in edges.offsets.windows(2) {
            if let Some(pair) = edges.ends[group[0]..group[1]]
                .windows(2)
                .find(|w| w[0].0 == w[1].0)
            {
                return Err(violation(
                    pair[1].1 as usize,
                    "a directed edge belongs to two polygons",
                ));
            }
        }
        for polygon in 0..self.len() {
            let ring = self.polygon(polygon);
            for (k, &entry) in self.polygon_neighbors(polygon).iter().enumerate() {
                let (from, to) = (ring[k], ring[(k + 1) % ring.len()]);
                let holder = edges.holder(to, from);
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
        if (0..n).any(|i| ring[i + 1..].contains(&ring[i])) {
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

    /// All directed polygon edges grouped by their start vertex (one of `vertex_count`,
    /// which every polygon vertex is below), each group sorted by `(to, polygon)`: the
    /// order of sorting all `(from, to, polygon)` triples, in linear time plus the sorts of
    /// the small groups, in 8 bytes an edge.
    fn directed_edges(&self, vertex_count: usize) -> Result<DirectedEdges, ConvexError> {
        // The end of each group, then counted down to its start while the edges go in.
        let mut offsets = vec![0usize; vertex_count + 1];
        for &from in self.flat_vertices() {
            offsets[from as usize] += 1;
        }
        let mut end = 0;
        for slot in &mut offsets {
            end += *slot;
            *slot = end;
        }
        let mut ends = vec![(0u32, 0u32); self.flat_vertices().len()];
        for (p, polygon) in self.iter().enumerate() {
            let Ok(index) = u32::try_from(p) else {
                return Err(violation(p, "more than 2^32 polygons"));
            };
            let ring = polygon.vertices;
            for k in 0..ring.len() {
                let slot = &mut offsets[ring[k] as usize];
                *slot -= 1;
                ends[*slot] = (ring[(k + 1) % ring.len()], index);
            }
        }
        for group in offsets.windows(2) {
            ends[group[0]..group[1]].sort_unstable();
        }
        Ok(DirectedEdges { offsets, ends })
    }

    /// The neighbour entry of polygon `polygon` for its edge `from → to`, if it holds it.
    fn neighbor_across(&self, polygon: usize, from: u32, to: u32) -> Option<i32> {
        let ring = self.get(polygon)?.vertices;
        let k = (0..ring.len()).find(|&k| ring[k] == from && ring[(k + 1) % ring.len()] == to)?;
        Some(self.polygon_neighbors(polygon)[k])
    }
}

/// Every directed polygon edge `from -> to`, grouped by `from`: the group of `from` is
/// `ends[offsets[from]..offsets[from + 1]]`, as `(to, polygon)` pairs in increasing order.
struct DirectedEdges {
    offsets: Vec<usize>,
    ends: Vec<(u32, u32)>,
}

impl DirectedEdges {
    /// The first polygon holding the directed edge `from -> to`, if any.
    fn holder(&self, from: u32, to: u32) -> Option<usize> {
        let group = &self.ends[self.offsets[from as usize]..self.offsets[from as usize + 1]];
        let at = group.partition_point(|&(end, _)| end < to);
        group
            .get(at)
            .filter(|&&(end, _)| end == to)
            .map(|&(_, p)| p as usize)
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
