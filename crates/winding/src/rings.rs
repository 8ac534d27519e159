//! Chaining directed boundary edges into canonical rings (the clockwise-first rule).

use onepath_predicates::{GridPoint, Orientation, cross, orient2d};
use std::cmp::Ordering;
use std::fmt;

/// Why a set of directed edges could not be chained into rings.
///
/// Edges selected by an inside rule from a valid arrangement never fail; these errors
/// report a defect upstream (or a hand-made edge set that is not a boundary).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceError {
    /// The same directed edge occurs twice.
    DuplicateEdge(GridPoint, GridPoint),
    /// An edge whose two ends coincide.
    ZeroLengthEdge(GridPoint),
    /// A vertex with different numbers of incoming and outgoing edges.
    Unbalanced(GridPoint),
    /// Following the clockwise-first rule reached an edge of another ring: the edges around
    /// this vertex do not alternate between incoming and outgoing.
    Tangled(GridPoint),
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::DuplicateEdge(a, b) => write!(f, "the edge {a} -> {b} occurs twice"),
            TraceError::ZeroLengthEdge(a) => write!(f, "a zero-length edge at {a}"),
            TraceError::Unbalanced(v) => {
                write!(
                    f,
                    "vertex {v} has unequal numbers of incoming and outgoing edges"
                )
            }
            TraceError::Tangled(v) => {
                write!(f, "the edges around {v} do not alternate in and out")
            }
        }
    }
}

impl std::error::Error for TraceError {}

/// The half-plane of a direction: 0 for angles in `[0, π)`, 1 for `[π, 2π)`.
#[inline]
fn half(d: GridPoint) -> u8 {
    if d.y > 0 || (d.y == 0 && d.x > 0) {
        0
    } else {
        1
    }
}

/// Orders non-zero directions by their angle from the positive x axis, counter-clockwise.
#[inline]
pub(crate) fn angle_cmp(a: GridPoint, b: GridPoint) -> Ordering {
    half(a).cmp(&half(b)).then_with(|| 0.cmp(&cross(a, b)))
}

/// Chains directed boundary edges (inside on the left) into rings.
///
/// At a vertex where several rings meet, a ring continues along the outgoing edge first met
/// turning clockwise from the reverse of its incoming edge, which separates the region's
/// wedges into minimal rings. Collinear vertices of degree 2 (counting every edge at the
/// vertex, over all rings, decisions D8) are dropped; then each ring starts at its smallest
/// directed edge in `(x, y, x, y)` order and the rings are sorted by that edge, so the
/// result depends only on the set of edges.
pub fn trace_rings(edges: &[(GridPoint, GridPoint)]) -> Result<Vec<Vec<GridPoint>>, TraceError> {
    let mut sorted: Vec<(GridPoint, GridPoint)> = edges.to_vec();
    sorted.sort_unstable();
    for w in sorted.windows(2) {
        if w[0] == w[1] {
            return Err(TraceError::DuplicateEdge(w[0].0, w[0].1));
        }
    }
    if let Some(e) = sorted.iter().find(|e| e.0 == e.1) {
        return Err(TraceError::ZeroLengthEdge(e.0));
    }
    // Outgoing edges of each vertex are a contiguous run of `sorted`; order each run by angle.
    let mut run_start = 0;
    while run_start < sorted.len() {
        let from = sorted[run_start].0;
        let run_end = run_start + sorted[run_start..].partition_point(|e| e.0 == from);
        sorted[run_start..run_end].sort_unstable_by(|e, f| angle_cmp(e.1 - from, f.1 - from));
        run_start = run_end;
    }
    let degree = vertex_degrees(&sorted)?;
    let mut used = vec![false; sorted.len()];
    let mut rings = Vec::new();
    for start in 0..sorted.len() {
        if used[start] {
            continue;
        }
        let mut ring = Vec::new();
        let mut e = start;
        loop {
            used[e] = true;
            ring.push(sorted[e].0);
            let next = successor(&sorted, e);
            if next == start {
                break;
            }
            if used[next] {
                return Err(TraceError::Tangled(sorted[next].0));
            }
            e = next;
        }
        rings.push(canonical_ring(drop_collinear(ring, &degree)));
    }
    rings.sort_unstable_by(|r, s| (r[0], r[1]).cmp(&(s[0], s[1])));
    Ok(rings)
}

/// The index of the edge that follows edge `e` by the clockwise-first rule.
fn successor(sorted: &[(GridPoint, GridPoint)], e: usize) -> usize {
    let (u, v) = sorted[e];
    let lo = sorted.partition_point(|f| f.0 < v);
    let hi = lo + sorted[lo..].partition_point(|f| f.0 == v);
    debug_assert!(lo < hi, "balanced vertices always have an outgoing edge");
    let reverse = u - v;
    // Turning clockwise from `reverse` meets first the outgoing edge with the largest angle
    // below the reverse's angle, or, when there is none, the largest angle overall.
    let below = sorted[lo..hi].partition_point(|f| angle_cmp(f.1 - v, reverse) == Ordering::Less);
    if below == 0 { hi - 1 } else { lo + below - 1 }
}

/// The number of edges at every vertex, checking that each vertex is balanced.
fn vertex_degrees(sorted: &[(GridPoint, GridPoint)]) -> Result<Vec<(GridPoint, u32)>, TraceError> {
    let mut ends: Vec<(GridPoint, i32)> = Vec::with_capacity(2 * sorted.len());
    ends.extend(sorted.iter().map(|e| (e.0, 1)));
    ends.extend(sorted.iter().map(|e| (e.1, -1)));
    ends.sort_unstable_by_key(|e| e.0);
    let mut degree = Vec::new();
    let mut i = 0;
    while i < ends.len() {
        let p = ends[i].0;
        let (mut count, mut balance) = (0u32, 0i32);
        while i < ends.len() && ends[i].0 == p {
            count += 1;
            balance += ends[i].1;
            i += 1;
        }
        if balance != 0 {
            return Err(TraceError::Unbalanced(p));
        }
        degree.push((p, count));
    }
    Ok(degree)
}

/// Drops the vertices of `ring` that are collinear with their neighbours and have degree 2.
fn drop_collinear(ring: Vec<GridPoint>, degree: &[(GridPoint, u32)]) -> Vec<GridPoint> {
    let n = ring.len();
    let degree_of = |p: GridPoint| {
        let i = degree.partition_point(|d| d.0 < p);
        degree[i].1
    };
    let kept: Vec<GridPoint> = (0..n)
        .filter(|&i| {
            let (prev, v, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            !(orient2d(prev, v, next) == Orientation::Collinear && degree_of(v) == 2)
        })
        .map(|i| ring[i])
        .collect();
    kept
}

/// Rotates `ring` to start at its smallest directed edge.
pub(crate) fn canonical_ring(mut ring: Vec<GridPoint>) -> Vec<GridPoint> {
    let n = ring.len();
    let start = (0..n)
        .min_by_key(|&i| (ring[i], ring[(i + 1) % n]))
        .unwrap_or(0);
    ring.rotate_left(start);
    ring
}
