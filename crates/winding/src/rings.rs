//! Chaining directed boundary edges into canonical rings (the clockwise-first rule).

use crate::strips::{even_parts, on_cores};
use onepath_predicates::{CONSTRUCTION_LIMIT, GridPoint, Orientation, cross, orient2d};
use std::cmp::Ordering;
use std::ops::Range;

/// Why a set of directed edges could not be chained into rings.
///
/// Edges selected by an inside rule from a valid arrangement never fail; these errors
/// report a defect upstream (or a hand-made edge set that is not a boundary).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TraceError {
    /// The same directed edge occurs twice.
    #[error("the edge {0} -> {1} occurs twice")]
    DuplicateEdge(GridPoint, GridPoint),
    /// An edge whose two ends coincide.
    #[error("a zero-length edge at {0}")]
    ZeroLengthEdge(GridPoint),
    /// A vertex with different numbers of incoming and outgoing edges.
    #[error("vertex {0} has unequal numbers of incoming and outgoing edges")]
    Unbalanced(GridPoint),
    /// Following the clockwise-first rule reached an edge of another ring: the edges around
    /// this vertex do not alternate between incoming and outgoing.
    #[error("the edges around {0} do not alternate in and out")]
    Tangled(GridPoint),
}

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
    // Number the endpoints in (x, y) order; comparing numbers then compares points. Within
    // the construction limit the arrangement's numbering does it (a radix sort of the
    // endpoints, on every core with the feature `parallel`, then one pass); it gives the
    // numbers a binary search in the sorted distinct points gives.
    let within = |p: GridPoint| p.x.abs().max(p.y.abs()) <= CONSTRUCTION_LIMIT;
    if u32::try_from(2 * edges.len()).is_ok() && edges.iter().all(|&(a, b)| within(a) && within(b))
    {
        let slots = (edges.iter().zip(0u32..))
            .flat_map(|(&(a, b), k)| [(a, 2 * k), (b, 2 * k + 1)])
            .collect();
        let (vertices, number) = onepath_arrangement::number_points(slots);
        let numbered: Vec<(u32, u32)> = number.chunks_exact(2).map(|n| (n[0], n[1])).collect();
        drop(number);
        return trace_numbered(&vertices, &numbered);
    }
    let mut vertices: Vec<GridPoint> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    vertices.sort_unstable();
    vertices.dedup();
    let number = |c: GridPoint| vertices.partition_point(|&v| v < c) as u32;
    let numbered: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (number(a), number(b))).collect();
    trace_numbered(&vertices, &numbered)
}

/// [`trace_rings`] of edges given as indices into `vertices`, which are strictly increasing
/// in `(x, y)` order (as an arrangement's are), so that index order is point order.
///
/// Sorting `u64` keys of index pairs instead of point pairs is what makes this faster.
pub(crate) fn trace_numbered(
    vertices: &[GridPoint],
    edges: &[(u32, u32)],
) -> Result<Vec<Vec<GridPoint>>, TraceError> {
    debug_assert!(vertices.windows(2).all(|w| w[0] < w[1]));
    let point = |k: u32| vertices[k as usize];
    let mut keys: Vec<u64> = edges
        .iter()
        .map(|&(a, b)| (u64::from(a) << 32) | u64::from(b))
        .collect();
    onepath_arrangement::sort_index_pair_keys(&mut keys, vertices.len());
    if let Some(w) = keys.windows(2).find(|w| w[0] == w[1]) {
        let (a, b) = unkey(w[0]);
        return Err(TraceError::DuplicateEdge(point(a), point(b)));
    }
    if let Some((a, _)) = keys.iter().map(|&k| unkey(k)).find(|&(a, b)| a == b) {
        return Err(TraceError::ZeroLengthEdge(point(a)));
    }
    // Outgoing edges of each vertex are a contiguous run of `keys`; order each run by angle.
    // The per-vertex passes run in parts that start at a vertex's first outgoing edge, on
    // every core with the feature `parallel` (each part's work is its own vertices').
    let parts = vertex_parts(&keys);
    on_cores(split_at_parts(&mut keys, &parts), |keys| {
        sort_runs_by_angle(keys, vertices);
    });
    // Edge `e` is `keys[e]`, looked up in `vertices` when its points are needed: a copy
    // of every edge's points (32 bytes each) was the build's peak of memory (issue #24).
    let sorted = SortedEdges {
        keys: &keys,
        vertices,
    };
    let mut incoming: Vec<u64> = keys
        .iter()
        .enumerate()
        .map(|(e, &k)| (u64::from(unkey(k).1) << 32) | e as u64)
        .collect();
    onepath_arrangement::sort_index_pair_keys(&mut incoming, vertices.len());
    let (successors, source_degrees) = link(&sorted, &incoming, &parts)?;
    // The rings, one after another in the order of their first edge (as `edges`, their
    // edges in ring order): the same rings for any split below.
    let mut used = vec![false; keys.len()];
    let mut edges_in_order: Vec<u32> = Vec::with_capacity(keys.len());
    let mut ring_ends: Vec<usize> = Vec::new();
    for start in 0..keys.len() {
        if used[start] {
            continue;
        }
        let mut e = start;
        loop {
            used[e] = true;
            edges_in_order.push(e as u32);
            let next = successors[e] as usize;
            if next == start {
                break;
            }
            if used[next] {
                return Err(TraceError::Tangled(sorted.edge(next).0));
            }
            e = next;
        }
        ring_ends.push(edges_in_order.len());
    }
    drop((used, successors));
    let ring_parts = even_parts(ring_ends.len(), keys.len());
    let ring = |r: usize| {
        let first = if r == 0 { 0 } else { ring_ends[r - 1] };
        let ring_edges = &edges_in_order[first..ring_ends[r]];
        canonical_ring(drop_collinear(ring_edges, &sorted, &source_degrees))
    };
    let mut rings: Vec<Vec<GridPoint>> =
        on_cores(ring_parts, |part| part.map(ring).collect::<Vec<_>>())
            .into_iter()
            .flatten()
            .collect();
    rings.sort_unstable_by(|r, s| (r[0], r[1]).cmp(&(s[0], s[1])));
    Ok(rings)
}

/// Orders each run of edge keys with one start by the angle of the edges (`keys` holds
/// whole runs).
#[inline]
fn sort_runs_by_angle(keys: &mut [u64], vertices: &[GridPoint]) {
    let point = |k: u32| vertices[k as usize];
    let mut run_start = 0;
    while run_start < keys.len() {
        let from = unkey(keys[run_start]).0;
        // Runs are short (most vertices have one or two outgoing edges): a scan finds the
        // end sooner than a binary search over the rest.
        let mut run_end = run_start + 1;
        while run_end < keys.len() && unkey(keys[run_end]).0 == from {
            run_end += 1;
        }
        if run_end - run_start > 1 {
            let origin = point(from);
            keys[run_start..run_end].sort_unstable_by(|&e, &f| {
                angle_cmp(point(unkey(e).1) - origin, point(unkey(f).1) - origin)
            });
        }
        run_start = run_end;
    }
}

/// The parts of the sorted edge keys for the tracing's per-vertex passes: about equal
/// runs, each starting at a vertex's first outgoing edge, several per thread from
/// `strips::PARALLEL_MIN` edges with the feature `parallel`, otherwise one.
fn vertex_parts(keys: &[u64]) -> Vec<Range<usize>> {
    let mut starts: Vec<usize> = even_parts(keys.len(), keys.len())
        .iter()
        .map(|part| part.start)
        .collect();
    for start in &mut starts {
        while *start > 0
            && *start < keys.len()
            && unkey(keys[*start - 1]).0 == unkey(keys[*start]).0
        {
            *start += 1;
        }
    }
    starts.dedup();
    starts.push(keys.len());
    starts
        .windows(2)
        .map(|w| w[0]..w[1])
        .filter(|r| !r.is_empty())
        .collect()
}

/// `items` cut at the parts (consecutive ranges from 0).
fn split_at_parts<'a, T>(mut items: &'a mut [T], parts: &[Range<usize>]) -> Vec<&'a mut [T]> {
    let mut slices = Vec::with_capacity(parts.len());
    for part in parts {
        let (slice, rest) = items.split_at_mut(part.len());
        slices.push(slice);
        items = rest;
    }
    slices
}

/// The vertex indices `(from, to)` of the edge key `(from << 32) | to`.
#[inline]
fn unkey(key: u64) -> (u32, u32) {
    ((key >> 32) as u32, key as u32)
}

/// Directed edges as keys `(from << 32) | to` of indices into `vertices`.
#[derive(Clone, Copy)]
struct SortedEdges<'a> {
    keys: &'a [u64],
    vertices: &'a [GridPoint],
}

impl SortedEdges<'_> {
    /// The end point of the edge with key `key`.
    #[inline]
    fn end(&self, key: u64) -> GridPoint {
        self.vertices[unkey(key).1 as usize]
    }

    /// The start and end points of edge `e`.
    #[inline]
    fn edge(&self, e: usize) -> (GridPoint, GridPoint) {
        let (from, to) = unkey(self.keys[e]);
        (self.vertices[from as usize], self.vertices[to as usize])
    }
}

/// For every edge of `sorted` (runs of equal start ordered by angle), the index of the edge
/// that follows it by the clockwise-first rule, and the number of edges (in and out) at its
/// start vertex; or the smallest vertex with different numbers of incoming and outgoing
/// edges.
///
/// `incoming` holds `(end vertex index << 32) | edge` sorted, so one walk over the vertices
/// in order merges the runs of outgoing edges with the incoming edges, and the successor
/// search only looks at the run of the vertex reached. The walk runs in `parts` of the
/// edges (see [`vertex_parts`]), each over the vertices from its first edge's start to the
/// next part's, on every core with the feature `parallel`; the first part that finds an
/// unbalanced vertex names the smallest.
fn link(
    sorted: &SortedEdges,
    incoming: &[u64],
    parts: &[Range<usize>],
) -> Result<(Vec<u32>, Vec<u32>), TraceError> {
    let n = sorted.keys.len();
    // Both kinds of key hold their vertex in the high half.
    let vertex_of = |k: u64| unkey(k).0;
    // Part `k` walks the vertices from `firsts[k]` up to `firsts[k + 1]` (all the rest for
    // the last part), and the incoming edges that end there.
    let firsts: Vec<u32> = (parts.iter().enumerate())
        .map(|(k, part)| {
            if k == 0 {
                0
            } else {
                vertex_of(sorted.keys[part.start])
            }
        })
        .collect();
    let incoming_at = |k: usize| match firsts.get(k) {
        Some(&v) => incoming.partition_point(|&i| vertex_of(i) < v),
        None => n,
    };
    let mut source_degrees = vec![0u32; n];
    let mut successors = vec![0u32; n];
    if parts.len() <= 1 {
        let range = (0..n, 0..n);
        let mut emit = |e: usize, next: u32| successors[e] = next;
        walk_vertices(sorted, incoming, range, &mut source_degrees, &mut emit)?;
        return Ok((successors, source_degrees));
    }
    let walks = {
        let degrees = split_at_parts(&mut source_degrees, parts);
        let walk = |(k, degrees): (usize, &mut [u32])| {
            let range = (parts[k].clone(), incoming_at(k)..incoming_at(k + 1));
            let mut found = Vec::with_capacity(range.1.len());
            let mut emit = |_, next| found.push(next);
            walk_vertices(sorted, incoming, range, degrees, &mut emit).map(|()| found)
        };
        on_cores(degrees.into_iter().enumerate().collect(), walk)
    };
    for (k, walk) in walks.into_iter().enumerate() {
        for (&key, next) in incoming[incoming_at(k)..incoming_at(k + 1)]
            .iter()
            .zip(walk?)
        {
            successors[(key & u64::from(u32::MAX)) as usize] = next;
        }
    }
    Ok((successors, source_degrees))
}

/// The walk of [`link`] over the outgoing edges `outgoing` and the incoming entries
/// `incoming[arriving]` of the same vertices: `emit(e, successor)` for each of those
/// incoming edges `e`, in their order, with the degrees of the outgoing edges' starts
/// written into `degrees` (one slot per outgoing edge).
fn walk_vertices(
    sorted: &SortedEdges,
    incoming: &[u64],
    (outgoing, arriving): (Range<usize>, Range<usize>),
    degrees: &mut [u32],
    emit: &mut impl FnMut(usize, u32),
) -> Result<(), TraceError> {
    let SortedEdges { keys, vertices } = *sorted;
    let vertex_of = |k: u64| unkey(k).0;
    let (mut i, mut j) = (outgoing.start, arriving.start);
    let (i_end, j_end) = (outgoing.end, arriving.end);
    while i < i_end || j < j_end {
        let v = match (i < i_end, j < j_end) {
            (true, true) => vertex_of(keys[i]).min(vertex_of(incoming[j])),
            (true, false) => vertex_of(keys[i]),
            (false, true) => vertex_of(incoming[j]),
            (false, false) => break,
        };
        // Runs are short (most vertices have one edge in and one out): scans.
        let run_end = |list: &[u64], from: usize, end: usize| {
            let mut at = from;
            while at < end && vertex_of(list[at]) == v {
                at += 1;
            }
            at
        };
        let (out_end, in_end) = (run_end(keys, i, i_end), run_end(incoming, j, j_end));
        let (outs, ins) = (out_end - i, in_end - j);
        if outs != ins {
            return Err(TraceError::Unbalanced(vertices[v as usize]));
        }
        let first = i - outgoing.start;
        degrees[first..first + outs].fill((outs + ins) as u32);
        for &k in &incoming[j..in_end] {
            let e = (k & u64::from(u32::MAX)) as usize;
            emit(e, successor(sorted, e, i, out_end) as u32);
        }
        i = out_end;
        j = in_end;
    }
    Ok(())
}

/// The index of the edge that follows edge `e` by the clockwise-first rule, where
/// `lo..hi` is the (non-empty) run of edges leaving the end of `e`.
fn successor(sorted: &SortedEdges, e: usize, lo: usize, hi: usize) -> usize {
    debug_assert!(lo < hi, "balanced vertices always have an outgoing edge");
    if hi - lo == 1 {
        return lo;
    }
    let (u, v) = sorted.edge(e);
    let reverse = u - v;
    // Turning clockwise from `reverse` meets first the outgoing edge with the largest angle
    // below the reverse's angle, or, when there is none, the largest angle overall.
    let below = sorted.keys[lo..hi]
        .partition_point(|&k| angle_cmp(sorted.end(k) - v, reverse) == Ordering::Less);
    if below == 0 { hi - 1 } else { lo + below - 1 }
}

/// The start vertices of a ring's edges, without those that are collinear with their
/// neighbours and have degree 2.
fn drop_collinear(
    ring_edges: &[u32],
    sorted: &SortedEdges,
    source_degrees: &[u32],
) -> Vec<GridPoint> {
    let n = ring_edges.len();
    let vertex = |i: usize| sorted.edge(ring_edges[i] as usize).0;
    (0..n)
        .filter(|&i| {
            let (prev, v, next) = (vertex((i + n - 1) % n), vertex(i), vertex((i + 1) % n));
            !(orient2d(prev, v, next) == Orientation::Collinear
                && source_degrees[ring_edges[i] as usize] == 2)
        })
        .map(vertex)
        .collect()
}

/// Rotates a closed ring to start at its smallest directed edge in `(x, y, x, y)` order, the
/// canonical start of every ring this crate traces.
pub fn canonical_ring(mut ring: Vec<GridPoint>) -> Vec<GridPoint> {
    canonicalize(&mut ring);
    ring
}

/// [`canonical_ring`] in place, for a caller that keeps its buffer.
pub fn canonicalize(ring: &mut [GridPoint]) {
    let n = ring.len();
    let start = (0..n)
        .min_by_key(|&i| (ring[i], ring[(i + 1) % n]))
        .unwrap_or(0);
    ring.rotate_left(start);
}
