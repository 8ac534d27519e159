//! Cheap validation of the triangulation handed to the merge, so that the merge itself
//! can rely on a consistent mesh and never panics.

use crate::ConvexError;
use onepath_predicates::{EXACT_F64_LIMIT, GridPoint, Orientation, orient2d};

/// Checks everything the merge relies on, in O(n + T) (a counting sort of the directed
/// edges by their start, then each vertex's few edges sorted):
///
/// - three neighbour entries per triangle and few enough triangles for `i32` entries;
/// - coordinates within `±2^53`, so the `f64` squared lengths of decision D11 start from
///   exact differences and `orient2d` cannot overflow;
/// - vertex indices in range and every triangle strictly counter-clockwise;
/// - every directed edge in at most one triangle;
/// - every neighbour entry is `-1` exactly when no triangle holds the reversed edge, and
///   otherwise names the triangle holding it, whose own entry points back.
///
/// Returns the directed edges grouped by their start, which the merge reuses to list its
/// candidate diagonals in `(lo, hi)` order without a sort of its own.
pub(crate) fn check_triangulation(
    points: &[GridPoint],
    triangles: &[[u32; 3]],
    neighbors: &[i32],
) -> Result<EdgesByStart, ConvexError> {
    if neighbors.len() != 3 * triangles.len() {
        return Err(ConvexError::NeighborCount {
            expected: 3 * triangles.len(),
            found: neighbors.len(),
        });
    }
    if i32::try_from(triangles.len()).is_err() {
        return Err(ConvexError::TooManyTriangles {
            count: triangles.len(),
        });
    }
    if let Some(point) = points
        .iter()
        .position(|p| p.x.unsigned_abs().max(p.y.unsigned_abs()) > EXACT_F64_LIMIT as u64)
    {
        return Err(ConvexError::CoordinateRange { point });
    }
    for (triangle, corners) in triangles.iter().enumerate() {
        if let Some(&vertex) = corners.iter().find(|&&v| v as usize >= points.len()) {
            return Err(ConvexError::VertexIndex {
                triangle,
                vertex,
                point_count: points.len(),
            });
        }
        let [a, b, c] = corners.map(|v| points[v as usize]);
        if orient2d(a, b, c) != Orientation::CounterClockwise {
            return Err(ConvexError::NotCounterClockwise { triangle });
        }
    }
    let edges = EdgesByStart::new(points.len(), triangles)?;
    for (triangle, corners) in triangles.iter().enumerate() {
        for edge in 0..3 {
            let entry = neighbors[3 * triangle + edge];
            let (from, to) = (corners[edge], corners[(edge + 1) % 3]);
            // Directed edges are unique (checked above), so when the named neighbour holds
            // the reversed edge it is its only owner and the search would find it; only
            // the other cases search the sorted edges.
            let named = usize::try_from(entry)
                .ok()
                .and_then(|u| triangles.get(u).map(|c| (u, c)))
                .filter(|(_, c)| (0..3).any(|k| c[k] == to && c[(k + 1) % 3] == from))
                .map(|(u, _)| u as u32);
            let reversed_owner = named.or_else(|| edges.owner(to, from));
            let fail = |reason| ConvexError::Neighbor {
                triangle,
                edge,
                entry,
                reason,
            };
            match (entry, reversed_owner) {
                (-1, None) => {}
                (-1, Some(_)) => return Err(fail("-1 but a triangle holds the reversed edge")),
                (_, None) => return Err(fail("no triangle holds the reversed edge")),
                (_, Some(owner)) => {
                    if usize::try_from(entry).ok() != Some(owner as usize) {
                        return Err(fail("not the triangle holding the reversed edge"));
                    }
                    let back = (0..3)
                        .find(|&k| triangles[owner as usize][k] == to)
                        .map(|k| neighbors[3 * owner as usize + k]);
                    if back != Some(triangle as i32) {
                        return Err(fail("the neighbour does not point back"));
                    }
                }
            }
        }
    }
    Ok(edges)
}

/// All directed triangle edges grouped by their start vertex: vertex `v`'s are
/// `ends[starts[v]..starts[v + 1]]` as `(to, triangle)`, sorted. Vertex indices are in
/// range (checked before).
pub(crate) struct EdgesByStart {
    starts: Vec<usize>,
    ends: Vec<(u32, u32)>,
}

impl EdgesByStart {
    /// Groups the edges of `triangles` over `vertex_count` vertices; the first duplicate
    /// directed edge in `(from, to)` order is an error.
    fn new(vertex_count: usize, triangles: &[[u32; 3]]) -> Result<Self, ConvexError> {
        let edges = || {
            triangles
                .iter()
                .enumerate()
                .flat_map(|(t, c)| (0..3).map(move |k| (c[k], c[(k + 1) % 3], t as u32)))
        };
        let mut starts = vec![0usize; vertex_count + 1];
        for (from, _, _) in edges() {
            starts[from as usize + 1] += 1;
        }
        for v in 1..starts.len() {
            starts[v] += starts[v - 1];
        }
        let mut fill = starts.clone();
        let mut ends = vec![(0u32, 0u32); 3 * triangles.len()];
        for (from, to, t) in edges() {
            let slot = &mut fill[from as usize];
            ends[*slot] = (to, t);
            *slot += 1;
        }
        for (from, window) in starts.windows(2).enumerate() {
            let bucket = &mut ends[window[0]..window[1]];
            bucket.sort_unstable();
            if let Some(pair) = bucket.windows(2).find(|w| w[0].0 == w[1].0) {
                return Err(ConvexError::DuplicateEdge {
                    from: from as u32,
                    to: pair[0].0,
                });
            }
        }
        Ok(Self { starts, ends })
    }

    /// Every directed edge as `(from, to, triangle)`, in increasing `(from, to)` order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
        self.starts
            .windows(2)
            .enumerate()
            .flat_map(move |(from, w)| {
                self.ends[w[0]..w[1]]
                    .iter()
                    .map(move |&(to, t)| (from as u32, to, t))
            })
    }

    /// The triangle holding the directed edge `from → to`, if any.
    fn owner(&self, from: u32, to: u32) -> Option<u32> {
        let bucket = &self.ends[self.starts[from as usize]..self.starts[from as usize + 1]];
        bucket
            .binary_search_by_key(&to, |&(end, _)| end)
            .ok()
            .map(|k| bucket[k].1)
    }
}
