//! Per-vertex polygon fans for path finders: the polygons around each vertex in
//! counter-clockwise order with `-1` for the outside, as Polyanya's mesh format (version
//! 2) lists them.

use crate::{ConvexError, Partition};
use onepath_predicates::{EXACT_F64_LIMIT, GridPoint, cross};
use std::cmp::Ordering;

/// The polygons around every vertex, counter-clockwise (see
/// [`Partition::vertex_fans`] for the exact convention).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VertexFans {
    entries: Vec<i32>,
    offsets: Vec<usize>,
}

impl VertexFans {
    /// The number of vertices (the length of the `points` the fans were built for).
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// True when the fans were built for no vertices at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The fan of vertex `v`: polygon indices and `-1` outside markers.
    ///
    /// # Panics
    ///
    /// When `v >= self.len()`, like slice indexing; [`get`](Self::get) does not panic.
    pub fn fan(&self, v: usize) -> &[i32] {
        &self.entries[self.offsets[v]..self.offsets[v + 1]]
    }

    /// The fan of vertex `v`, or `None` when `v` is out of range.
    pub fn get(&self, v: usize) -> Option<&[i32]> {
        (v < self.len()).then(|| self.fan(v))
    }

    /// The fans of all vertices in index order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[i32]> + '_ {
        (0..self.len()).map(|v| self.fan(v))
    }
}

/// One corner of a polygon: the polygon and the position of the vertex in it.
#[derive(Clone, Copy, Debug)]
struct Corner {
    polygon: u32,
    position: u32,
}

/// Buffers reused from one vertex to the next while fans are built.
#[derive(Default)]
struct Scratch {
    /// The runs of a boundary vertex: the direction of the first boundary edge, and the
    /// run's range in `polygons`.
    runs: Vec<(GridPoint, usize, usize)>,
    /// The polygons of every run of the vertex, run after run.
    polygons: Vec<i32>,
}

impl Partition {
    /// The polygons around each of `points.len()` vertices, counter-clockwise.
    ///
    /// Convention (Polyanya mesh version 2 allows any start; this one is fixed):
    ///
    /// - A vertex used by no polygon gets an empty fan.
    /// - An interior vertex (no boundary edge at it) lists its polygons counter-clockwise
    ///   starting at the polygon with the smallest index, with no `-1`.
    /// - A boundary vertex splits into runs: maximal counter-clockwise sequences of
    ///   polygons joined across shared edges. Each run starts at the polygon whose
    ///   clockwise side (its edge leaving the vertex) is boundary and ends at the polygon
    ///   whose counter-clockwise side (its edge entering the vertex) is boundary, and is
    ///   followed by exactly one `-1`. Runs appear in counter-clockwise order, starting
    ///   with the run whose first polygon has the smallest index. A vertex where the
    ///   region touches itself has several runs and so several `-1` markers, one per
    ///   stretch of outside.
    ///
    /// Runs are ordered by the exact angle of their first boundary edge. Errors: a
    /// polygon vertex outside `points`, a used point beyond `±2^53`, or an inconsistent
    /// adjacency (never the case for a partition made by this crate).
    pub fn vertex_fans(&self, points: &[GridPoint]) -> Result<VertexFans, ConvexError> {
        self.check_storage()?;
        let (group_offsets, corners) = self.corners_by_vertex(points)?;
        let mut entries = Vec::with_capacity(self.flat_vertices().len() * 2);
        let mut offsets = Vec::with_capacity(points.len() + 1);
        offsets.push(0);
        let mut scratch = Scratch::default();
        for (v, group) in group_offsets.windows(2).enumerate() {
            let corners = &corners[group[0]..group[1]];
            self.append_fan(v as u32, corners, points, &mut entries, &mut scratch)?;
            offsets.push(entries.len());
        }
        Ok(VertexFans { entries, offsets })
    }

    /// Every polygon corner grouped by vertex, each group in polygon order, as flat storage:
    /// the corners of vertex `v` are `corners[offsets[v]..offsets[v + 1]]`.
    fn corners_by_vertex(
        &self,
        points: &[GridPoint],
    ) -> Result<(Vec<usize>, Vec<Corner>), ConvexError> {
        let mut offsets = vec![0usize; points.len() + 1];
        for (polygon, p) in self.iter().enumerate() {
            for &vertex in p.vertices {
                let Some(point) = points.get(vertex as usize) else {
                    return Err(ConvexError::FanVertexIndex {
                        polygon,
                        vertex,
                        point_count: points.len(),
                    });
                };
                if point.max_abs() > EXACT_F64_LIMIT as u64 {
                    return Err(ConvexError::CoordinateRange {
                        point: vertex as usize,
                    });
                }
                offsets[vertex as usize + 1] += 1;
            }
        }
        for v in 0..points.len() {
            offsets[v + 1] += offsets[v];
        }
        // Filled in polygon order, so each group is in polygon order.
        let mut next = offsets.clone();
        let mut corners = vec![
            Corner {
                polygon: 0,
                position: 0
            };
            offsets[points.len()]
        ];
        for (polygon, p) in self.iter().enumerate() {
            for (position, &vertex) in p.vertices.iter().enumerate() {
                let slot = &mut next[vertex as usize];
                corners[*slot] = Corner {
                    polygon: polygon as u32,
                    position: position as u32,
                };
                *slot += 1;
            }
        }
        Ok((offsets, corners))
    }

    /// Appends the fan of vertex `v`, whose polygon corners are `corners`.
    fn append_fan(
        &self,
        v: u32,
        corners: &[Corner],
        points: &[GridPoint],
        entries: &mut Vec<i32>,
        scratch: &mut Scratch,
    ) -> Result<(), ConvexError> {
        let inconsistent = ConvexError::Internal {
            reason: "the polygons around a vertex do not form fans",
        };
        let Some(&smallest) = corners.first() else {
            return Ok(());
        };
        let is_run_start = |c: &&Corner| self.outgoing_neighbor(**c) == -1;
        let Some(first_start) = corners.iter().position(|c| is_run_start(&c)) else {
            // An interior vertex: one closed cycle from the smallest polygon index (the
            // corners are grouped in polygon order, so that is the first).
            let before = entries.len();
            let closed = self.walk_counter_clockwise(v, smallest, corners.len(), entries)?;
            if !closed || entries.len() - before != corners.len() {
                return Err(inconsistent);
            }
            return Ok(());
        };
        // Each run: the direction of its first boundary edge and its range in `polygons`.
        scratch.runs.clear();
        scratch.polygons.clear();
        for start in corners[first_start..].iter().filter(is_run_start) {
            let from = scratch.polygons.len();
            let closed =
                self.walk_counter_clockwise(v, *start, corners.len(), &mut scratch.polygons)?;
            if closed {
                return Err(inconsistent);
            }
            let leaving = self.polygon(start.polygon as usize);
            let next = leaving[(start.position as usize + 1) % leaving.len()];
            scratch.runs.push((
                points[next as usize] - points[v as usize],
                from,
                scratch.polygons.len(),
            ));
        }
        let polygons = &scratch.polygons;
        if polygons.len() != corners.len() {
            return Err(inconsistent);
        }
        // A single run (the usual boundary vertex) is already in order.
        if scratch.runs.len() > 1 {
            scratch.runs.sort_by(|&(d, a, _), &(e, b, _)| {
                by_angle(d, e).then(polygons[a].cmp(&polygons[b]))
            });
            let first = (0..scratch.runs.len())
                .min_by_key(|&k| polygons[scratch.runs[k].1])
                .unwrap_or(0);
            scratch.runs.rotate_left(first);
        }
        for &(_, from, to) in &scratch.runs {
            entries.extend_from_slice(&polygons[from..to]);
            entries.push(-1);
        }
        Ok(())
    }

    /// Walks from `start` counter-clockwise around vertex `v`, across each polygon's
    /// edge entering `v`, appending the polygons to `run`, until the outside (returns
    /// `false`) or back at `start` (returns `true`); more than `limit` steps mean
    /// inconsistent adjacency.
    fn walk_counter_clockwise(
        &self,
        v: u32,
        start: Corner,
        limit: usize,
        run: &mut Vec<i32>,
    ) -> Result<bool, ConvexError> {
        let mut steps = 0;
        let mut corner = start;
        loop {
            if steps == limit {
                return Err(ConvexError::Internal {
                    reason: "a walk around a vertex does not end",
                });
            }
            steps += 1;
            run.push(corner.polygon as i32);
            let ring = self.polygon(corner.polygon as usize);
            let entering = (corner.position as usize + ring.len() - 1) % ring.len();
            let across = self.polygon_neighbors(corner.polygon as usize)[entering];
            let Some(next) = usize::try_from(across).ok().and_then(|q| self.get(q)) else {
                return Ok(false);
            };
            let Some(position) = next.vertices.iter().position(|&w| w == v) else {
                return Err(ConvexError::Internal {
                    reason: "a neighbour around a vertex does not contain it",
                });
            };
            corner = Corner {
                polygon: across as u32,
                position: position as u32,
            };
            if corner.polygon == start.polygon {
                return Ok(true);
            }
        }
    }

    /// The neighbour across the edge leaving the corner's vertex.
    fn outgoing_neighbor(&self, corner: Corner) -> i32 {
        self.polygon_neighbors(corner.polygon as usize)[corner.position as usize]
    }
}

/// Orders directions counter-clockwise by angle from the positive x axis, exactly: first
/// the half plane (angles in `[0, π)` before `[π, 2π)`), then the sign of the cross
/// product.
fn by_angle(d: GridPoint, e: GridPoint) -> Ordering {
    let half = |u: GridPoint| u8::from(!(u.y > 0 || (u.y == 0 && u.x > 0)));
    half(d).cmp(&half(e)).then_with(|| 0.cmp(&cross(d, e)))
}
