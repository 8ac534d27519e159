//! The Hertel–Mehlhorn greedy pass of "Region.PartitionConvex" with the details of
//! decision D11, on union-find polygons stored as cyclic vertex sequences.

use crate::check_vertex_limit;
use crate::validate::{EdgesByStart, check_triangulation};
use crate::{ConvexError, Partition};
use onepath_predicates::{GridPoint, Orientation, orient2d};
use std::borrow::Cow;

/// An interior triangle edge, listed once, as a candidate for removal (its squared length,
/// which only the candidate order reads, is computed from its ends where it is needed:
/// 16 bytes a diagonal, not 24, at a large build's peak of memory, issue #24).
#[derive(Clone, Copy, Debug)]
struct Candidate {
    /// The smaller vertex index; the triangle `left` holds the directed edge `lo → hi`.
    lo: u32,
    /// The larger vertex index; the triangle `right` holds the directed edge `hi → lo`.
    hi: u32,
    /// The triangle on the left of `lo → hi`.
    left: u32,
    /// The triangle on the left of `hi → lo`.
    right: u32,
}

/// The candidate order of the specification: longest first, ties by the smaller and then
/// the larger vertex index (decision D11: ties after rounding fall to the index rule), as
/// one integer: the squared length is finite and not negative, so its bits
/// order it as `f64::total_cmp` does; inverted, they put the longest first, then the
/// smaller and the larger vertex index.
#[inline]
fn candidate_key(squared_length: f64, c: &Candidate) -> u128 {
    let Candidate { lo, hi, .. } = *c;
    (u128::from(!squared_length.to_bits()) << 64) | (u128::from(lo) << 32) | u128::from(hi)
}

/// The bits needed to write `max` (0 for 0): the width of a radix key's field.
fn bits_for(max: u64) -> u32 {
    u64::BITS - max.leading_zeros()
}

/// `2^64` as an `f64`: squared lengths below it convert to `u64` exactly.
const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;

/// The positions of `diagonals` in the order of [`candidate_key`], by the radix sort of
/// `onepath_arrangement::sort_keys` instead of a comparison sort of 128-bit keys.
///
/// `diagonals` must be in increasing `(lo, hi)` order, so that position order is the
/// tie order of equal lengths. A squared length is a whole number (the rounded products
/// and sum of whole numbers are whole), so below `2^64` it converts to `u64` exactly and
/// in order; each key holds the length below the longest (longest first) above the
/// position. When both do not fit in 64 bits, the length loses its `shift` lowest bits
/// and each run of equal keys is finished by [`candidate_key`]; a length of `2^64` or
/// more (never on a grid of `±2^26`) sorts everything by [`candidate_key`] alone.
fn candidate_order(diagonals: &[Candidate], length: impl Fn(&Candidate) -> f64) -> Vec<u32> {
    debug_assert!(diagonals.is_sorted_by_key(|d| (d.lo, d.hi)));
    let key = |d: &Candidate| candidate_key(length(d), d);
    let longest = diagonals.iter().map(&length).fold(0.0, f64::max);
    if longest >= TWO_POW_64 {
        let mut order: Vec<u32> = (0..diagonals.len() as u32).collect();
        order.sort_unstable_by_key(|&i| key(&diagonals[i as usize]));
        return order;
    }
    let longest = longest as u64;
    let position_bits = bits_for(diagonals.len().saturating_sub(1) as u64);
    let position_mask = (1u64 << position_bits) - 1;
    // At most 32 position bits, so the shift stays below 64.
    let shift = (bits_for(longest) + position_bits).saturating_sub(u64::BITS);
    let mut keys: Vec<u64> = diagonals
        .iter()
        .enumerate()
        .map(|(i, d)| (((longest - length(d) as u64) >> shift) << position_bits) | i as u64)
        .collect();
    onepath_arrangement::sort_keys(&mut keys);
    if shift > 0 {
        for run in keys.chunk_by_mut(|a, b| a >> position_bits == b >> position_bits) {
            run.sort_unstable_by_key(|&k| key(&diagonals[(k & position_mask) as usize]));
        }
    }
    keys.into_iter()
        .map(|k| (k & position_mask) as u32)
        .collect()
}

/// Decision D11's squared length: `dx as f64 * dx as f64 + dy as f64 * dy as f64` from the
/// exact integer differences (exact in `i64` because validation bounds the coordinates
/// by `2^53`).
fn squared_length(a: GridPoint, b: GridPoint) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    dx as f64 * dx as f64 + dy as f64 * dy as f64
}

/// The polygons of the pass. Every triangle owns a slot of `stride` vertices; the slot of
/// a union-find root holds its polygon as a counter-clockwise cyclic sequence, with
/// `across[k]` the triangle on the other side of edge `(vertices[k], vertices[k + 1])`
/// (or `-1`). A merge rewrites one slot in O(k) for polygons of k vertices.
struct Polygons {
    stride: usize,
    lens: Vec<u8>,
    vertices: Vec<u32>,
    across: Vec<i32>,
    parent: Vec<u32>,
    rank: Vec<u8>,
}

impl Polygons {
    /// Every triangle as its own polygon. The slots are made in the buffers of owned
    /// triangles and neighbours, grown to `stride` entries a triangle and spread from the
    /// back ([`spread`]), so that a large partition never holds the triangles beside a
    /// slot array of their own (issue #24: this was the build's peak of memory).
    fn from_triangles(
        triangles: Cow<'_, [[u32; 3]]>,
        neighbors: Cow<'_, [i32]>,
        stride: usize,
    ) -> Self {
        let count = triangles.len();
        let vertices = spread(triangles.into_owned().into_flattened(), stride, 0);
        let across = spread(neighbors.into_owned(), stride, -1);
        Self {
            stride,
            lens: vec![3; count],
            vertices,
            across,
            parent: (0..count as u32).collect(),
            rank: vec![0; count],
        }
    }

    /// The union-find root of triangle `t`, with path halving.
    fn find(&mut self, mut t: u32) -> u32 {
        while self.parent[t as usize] != t {
            let grandparent = self.parent[self.parent[t as usize] as usize];
            self.parent[t as usize] = grandparent;
            t = grandparent;
        }
        t
    }

    /// The vertex sequence of the polygon whose root is `root`.
    fn ring(&self, root: u32) -> &[u32] {
        let start = root as usize * self.stride;
        &self.vertices[start..start + self.lens[root as usize] as usize]
    }

    /// The position of the directed edge `from → to` in the polygon of `root`.
    fn edge_position(&self, root: u32, from: u32, to: u32) -> Result<usize, ConvexError> {
        let ring = self.ring(root);
        ring.iter()
            .position(|&v| v == from)
            .filter(|&k| ring[(k + 1) % ring.len()] == to)
            .ok_or(ConvexError::Internal {
                reason: "a diagonal is not an edge of its triangle's polygon",
            })
    }
}

/// Runs the pass and returns the canonical partition with each polygon's label; see
/// [`partition_convex`](crate::partition_convex) and
/// [`partition_convex_labelled`](crate::partition_convex_labelled). Without labels every
/// triangle has label 0.
///
/// Owned triangles and neighbours are freed once the polygons hold them.
pub(crate) fn partition(
    points: &[GridPoint],
    triangles: Cow<'_, [[u32; 3]]>,
    neighbors: Cow<'_, [i32]>,
    labels: Option<&[u32]>,
    limit: usize,
) -> Result<(Partition, Vec<u32>), ConvexError> {
    check_vertex_limit(limit)?;
    let edges = check_triangulation(points, &triangles, &neighbors)?;
    if let Some(labels) = labels
        && labels.len() != triangles.len()
    {
        return Err(ConvexError::LabelCount {
            expected: triangles.len(),
            found: labels.len(),
        });
    }
    let label = |t: u32| labels.map_or(0, |l| l[t as usize]);
    // The validated edges are dropped before the polygons are made, so the two are never
    // held together.
    let mut diagonals = interior_edges(&triangles, &neighbors, &edges);
    drop(edges);
    // An edge between triangles of different labels is never a candidate (decisions D16).
    diagonals.retain(|d| label(d.left) == label(d.right));
    // The candidates in their order, without their lengths, which only the order reads:
    // made before the polygons exist, they are what the pass holds beside them (16 bytes
    // a candidate instead of 24 and a position; issue #24).
    let length = |d: &Candidate| squared_length(points[d.lo as usize], points[d.hi as usize]);
    let candidates: Vec<Candidate> = candidate_order(&diagonals, length)
        .into_iter()
        .map(|position| diagonals[position as usize])
        .collect();
    drop(diagonals);
    let mut polygons = Polygons::from_triangles(triangles, neighbors, limit);
    // Stamps mark the vertices of one polygon for the shared-vertex test (b) in O(k). At
    // most 3 * i32::MAX / 2 diagonals exist, so a u32 stamp per diagonal never wraps.
    let mut stamp_of_vertex = vec![0u32; points.len()];
    let mut scratch_vertices = Vec::with_capacity(limit);
    let mut scratch_across = Vec::with_capacity(limit);
    for (stamp, diagonal) in (1u32..).zip(&candidates) {
        let (p, q) = (polygons.find(diagonal.left), polygons.find(diagonal.right));
        // Decision D11: a diagonal whose two sides already belong to one polygon fails (b).
        if p == q {
            continue;
        }
        let (np, nq) = (
            polygons.lens[p as usize] as usize,
            polygons.lens[q as usize] as usize,
        );
        // Condition (a): the joined polygon keeps at most `limit` vertices, straight ones
        // included (decision D11).
        if np + nq - 2 > limit {
            continue;
        }
        let (a, b) = (diagonal.lo, diagonal.hi);
        let i = polygons.edge_position(p, a, b)?;
        let j = polygons.edge_position(q, b, a)?;
        let (ring_p, ring_q) = (polygons.ring(p), polygons.ring(q));
        // Condition (c): in the joined polygon a sits between P's vertex before it and Q's
        // vertex after it, b between Q's vertex before it and P's vertex after it; both
        // turns must be left or straight (exact orientation >= 0).
        let turn = |before: u32, at: u32, after: u32| {
            orient2d(
                points[before as usize],
                points[at as usize],
                points[after as usize],
            )
        };
        if turn(ring_p[(i + np - 1) % np], a, ring_q[(j + 2) % nq]) == Orientation::Clockwise
            || turn(ring_q[(j + nq - 1) % nq], b, ring_p[(i + 2) % np]) == Orientation::Clockwise
        {
            continue;
        }
        // Condition (b): the polygons share no vertex besides the diagonal's two ends.
        for &v in ring_p {
            stamp_of_vertex[v as usize] = stamp;
        }
        if ring_q
            .iter()
            .any(|&v| v != a && v != b && stamp_of_vertex[v as usize] == stamp)
        {
            continue;
        }
        // The joined cycle: Q from a round to just before b, then P from b round to just
        // before a; each vertex keeps the triangle across its outgoing edge.
        scratch_vertices.clear();
        scratch_across.clear();
        for (ring, start, len, root) in [(ring_q, j + 1, nq, q), (ring_p, i + 1, np, p)] {
            let base = root as usize * polygons.stride;
            for step in 0..len - 1 {
                let k = (start + step) % len;
                scratch_vertices.push(ring[k]);
                scratch_across.push(polygons.across[base + k]);
            }
        }
        let root = union(&mut polygons, p, q);
        let base = root as usize * polygons.stride;
        let joined = scratch_vertices.len();
        polygons.vertices[base..base + joined].copy_from_slice(&scratch_vertices);
        polygons.across[base..base + joined].copy_from_slice(&scratch_across);
        polygons.lens[root as usize] = joined as u8;
    }
    drop((candidates, stamp_of_vertex));
    let (partition, roots) = canonical_partition(polygons, limit, points.len());
    Ok((partition, roots.into_iter().map(label).collect()))
}

/// Every interior triangle edge once, from the triangle holding it as `lo → hi`, in
/// increasing `(lo, hi)` order (the order of `edges`, the validated triangle edges).
fn interior_edges(
    triangles: &[[u32; 3]],
    neighbors: &[i32],
    edges: &EdgesByStart,
) -> Vec<Candidate> {
    // Each interior edge once, from its smaller end, with the triangle on its other side.
    let interior = || {
        edges
            .iter()
            .filter(|&(from, to, _)| from < to)
            .filter_map(|(lo, hi, t)| {
                let corners = triangles[t as usize];
                let k = corners.iter().position(|&v| v == lo).unwrap_or(0);
                let right = neighbors[3 * t as usize + k];
                (right >= 0).then_some(Candidate {
                    lo,
                    hi,
                    left: t,
                    right: right as u32,
                })
            })
    };
    // At their exact count (the bound of 3/2 a triangle leaves a fifth of it unused).
    let mut diagonals = Vec::with_capacity(interior().count());
    diagonals.extend(interior());
    diagonals
}

/// Three entries a triangle in `items` moved to the start of slots of `stride` (at least 3)
/// entries, the rest of each slot `fill`, in the same buffer: from the last triangle
/// back, each triangle's entries move up (slot `t` starts at `stride * t >= 3 * t`), so
/// none is overwritten before it is read.
fn spread<T: Copy>(mut items: Vec<T>, stride: usize, fill: T) -> Vec<T> {
    let count = items.len() / 3;
    items.resize(count * stride, fill);
    for t in (0..count).rev() {
        let entries = [items[3 * t], items[3 * t + 1], items[3 * t + 2]];
        let slot = &mut items[t * stride..(t + 1) * stride];
        slot[..3].copy_from_slice(&entries);
        slot[3..].fill(fill);
    }
    items
}

/// Joins the union-find trees of the roots `p` and `q` by rank; returns the new root.
fn union(polygons: &mut Polygons, p: u32, q: u32) -> u32 {
    let (rank_p, rank_q) = (polygons.rank[p as usize], polygons.rank[q as usize]);
    let (root, child) = if rank_p >= rank_q { (p, q) } else { (q, p) };
    polygons.parent[child as usize] = root;
    if rank_p == rank_q {
        polygons.rank[root as usize] += 1;
    }
    root
}

/// A polygon's ring in canonical rotation: `ring[start..]` then `ring[..start]`.
#[derive(Clone, Copy)]
struct Rotated<'a> {
    ring: &'a [u32],
    start: usize,
}

impl<'a> Rotated<'a> {
    /// The vertices from the smallest on.
    fn iter(self) -> impl Iterator<Item = &'a u32> {
        self.ring[self.start..]
            .iter()
            .chain(&self.ring[..self.start])
    }

    /// The first two vertices from the smallest on (a ring has at least three).
    fn first_two(self) -> (u32, u32) {
        let second = if self.start + 1 == self.ring.len() {
            0
        } else {
            self.start + 1
        };
        (self.ring[self.start], self.ring[second])
    }
}

/// Sorts `roots` by their rings in canonical rotation (`rotated`), in lexicographic
/// order; every vertex index is below `vertex_count`.
///
/// No directed edge belongs to two polygons (the triangles' directed edges are unique
/// and a merge only removes edges), so two rings never share their first two vertices
/// and that pair decides the lexicographic order. With the root in the low bits, the
/// pairs are sorted as u64 keys by the arrangement's radix sort; when they do not fit,
/// by comparing the rings.
fn sort_by_ring<'a>(
    roots: &mut Vec<u32>,
    rotated: impl Fn(u32) -> Rotated<'a>,
    vertex_count: usize,
    triangle_count: usize,
) {
    let vertex_bits = bits_for(vertex_count.saturating_sub(1) as u64);
    let root_bits = bits_for(triangle_count.saturating_sub(1) as u64);
    if 2 * vertex_bits + root_bits > u64::BITS {
        roots.sort_unstable_by(|&r, &s| rotated(r).iter().cmp(rotated(s).iter()));
        return;
    }
    let mut keys: Vec<u64> = roots
        .iter()
        .map(|&r| {
            let (first, second) = rotated(r).first_two();
            let pair = (u64::from(first) << vertex_bits) | u64::from(second);
            (pair << root_bits) | u64::from(r)
        })
        .collect();
    onepath_arrangement::sort_keys(&mut keys);
    let root_mask = (1u64 << root_bits) - 1;
    roots.clear();
    roots.extend(keys.iter().map(|&k| (k & root_mask) as u32));
}

/// The output form of the specification: each polygon rotated to start at its smallest
/// vertex index, polygons sorted by their index lists, and the neighbour of edge
/// `(v_i, v_{i+1})` the polygon holding the reversed edge (or `-1`); with each polygon's
/// union-find root (one of its triangles), in polygon order. Vertex indices are below
/// `vertex_count`.
fn canonical_partition(
    mut polygons: Polygons,
    limit: usize,
    vertex_count: usize,
) -> (Partition, Vec<u32>) {
    let count = polygons.parent.len();
    let root_of: Vec<u32> = (0..count as u32).map(|t| polygons.find(t)).collect();
    let mut roots: Vec<u32> = (0..count as u32)
        .filter(|&t| root_of[t as usize] == t)
        .collect();
    // The position of each polygon's smallest vertex: the rings are rotated as they are
    // copied out, not in place.
    let mut start_of = vec![0u8; count];
    let mut total = 0;
    for &root in &roots {
        let ring = polygons.ring(root);
        start_of[root as usize] = (0..ring.len()).min_by_key(|&k| ring[k]).unwrap_or(0) as u8;
        total += ring.len();
    }
    let rotated = |root: u32| Rotated {
        ring: polygons.ring(root),
        start: start_of[root as usize] as usize,
    };
    sort_by_ring(&mut roots, rotated, vertex_count, count);
    let mut id_of_root = vec![-1i32; count];
    for (id, &root) in roots.iter().enumerate() {
        id_of_root[root as usize] = id as i32;
    }
    let mut vertices = Vec::with_capacity(total);
    let mut neighbors = Vec::with_capacity(total);
    let mut offsets = Vec::with_capacity(roots.len() + 1);
    offsets.push(0usize);
    for &root in &roots {
        let Rotated { ring, start } = rotated(root);
        let base = root as usize * polygons.stride;
        let across = &polygons.across[base..base + ring.len()];
        vertices.extend_from_slice(&ring[start..]);
        vertices.extend_from_slice(&ring[..start]);
        neighbors.extend(
            across[start..]
                .iter()
                .chain(&across[..start])
                .map(|&t| usize::try_from(t).map_or(-1, |t| id_of_root[root_of[t] as usize])),
        );
        offsets.push(vertices.len());
    }
    (
        Partition::from_parts(vertices, offsets, neighbors, limit),
        roots,
    )
}

#[cfg(test)]
mod tests {
    //! Checks that the radix orders of the candidates and of the output polygons are
    //! the comparison orders they replace, on the fast paths and on the fallbacks.

    use super::*;
    use onepath_testkit::Rng;

    /// Diagonals in increasing `(lo, hi)` order with whole squared lengths below
    /// `2^length_bits`, drawn from `distinct` values so that ties are common.
    fn diagonals(
        rng: &mut Rng,
        count: usize,
        length_bits: u32,
        distinct: usize,
    ) -> Vec<(f64, Candidate)> {
        let values: Vec<f64> = (0..distinct)
            .map(|_| ((rng.next_u64() >> (64 - length_bits)) as f64).max(1.0))
            .collect();
        let mut pairs: Vec<(u32, u32)> = (0..count)
            .map(|_| {
                let lo = rng.below(1000) as u32;
                (lo, lo + 1 + rng.below(1000) as u32)
            })
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
            .into_iter()
            .map(|(lo, hi)| {
                let edge = Candidate {
                    lo,
                    hi,
                    left: 0,
                    right: 0,
                };
                (rng.pick(&values), edge)
            })
            .collect()
    }

    #[test]
    fn spread_slots_hold_each_triangles_entries_then_the_fill() {
        for stride in 3..=9 {
            for count in [0, 1, 2, 7, 100] {
                let items: Vec<u32> = (0..3 * count as u32).map(|i| i + 1).collect();
                let slots = spread(items.clone(), stride, 0);
                assert_eq!(slots.len(), count * stride);
                for t in 0..count {
                    let slot = &slots[t * stride..(t + 1) * stride];
                    assert_eq!(slot[..3], items[3 * t..3 * t + 3], "stride {stride}, {t}");
                    assert!(slot[3..].iter().all(|&v| v == 0), "stride {stride}, {t}");
                }
            }
        }
    }

    #[test]
    fn candidate_order_is_the_order_of_candidate_key() {
        let mut rng = Rng::new(3);
        // 40 bits fit beside the positions; 60 bits need a shift; 100 bits exceed u64.
        for (count, length_bits, distinct) in [
            (0, 10, 1),
            (1, 10, 1),
            (5000, 40, 50),
            (5000, 60, 50),
            (5000, 60, 5000),
            (3000, 64, 20),
        ] {
            let mut list = diagonals(&mut rng, count, length_bits, distinct);
            if length_bits == 64 {
                for d in list.iter_mut().step_by(7) {
                    d.0 *= TWO_POW_64;
                }
            }
            let mut expected: Vec<u32> = (0..list.len() as u32).collect();
            expected.sort_by_key(|&i| candidate_key(list[i as usize].0, &list[i as usize].1));
            // The lengths are looked up by the distinct `(lo, hi)` of each diagonal.
            let lengths: std::collections::HashMap<(u32, u32), f64> =
                list.iter().map(|(l, c)| ((c.lo, c.hi), *l)).collect();
            let edges: Vec<Candidate> = list.iter().map(|&(_, c)| c).collect();
            assert_eq!(
                candidate_order(&edges, |c| lengths[&(c.lo, c.hi)]),
                expected,
                "{count} diagonals of {length_bits} bits"
            );
        }
    }

    #[test]
    fn sort_by_ring_is_the_lexicographic_order_of_the_rotated_rings() {
        let mut rng = Rng::new(9);
        // Rings of 3 to 8 vertices below 500 with distinct first pairs (as the directed
        // edges of a partition are), stored at random rotations.
        let mut firsts = std::collections::HashSet::new();
        let mut rings: Vec<(Vec<u32>, usize)> = Vec::new();
        while rings.len() < 3000 {
            let len = 3 + rng.below(6);
            let ring: Vec<u32> = (0..len).map(|_| rng.below(500) as u32).collect();
            let smallest = (0..len).min_by_key(|&k| ring[k]).unwrap_or(0);
            let second = ring[(smallest + 1) % len];
            if firsts.insert((ring[smallest], second)) {
                rings.push((ring, smallest));
            }
        }
        let rotated = |r: u32| Rotated {
            ring: &rings[r as usize].0,
            start: rings[r as usize].1,
        };
        let canonical = |r: u32| rotated(r).iter().copied().collect::<Vec<u32>>();
        let mut expected: Vec<u32> = (0..rings.len() as u32).collect();
        expected.sort_by_key(|&r| canonical(r));
        // 500 vertices fit beside the roots; 2^31 of them do not.
        for vertex_count in [500, 1 << 31] {
            let mut roots: Vec<u32> = (0..rings.len() as u32).rev().collect();
            sort_by_ring(&mut roots, rotated, vertex_count, rings.len());
            assert_eq!(roots, expected, "{vertex_count} vertices");
        }
    }
}
