//! The build's shrink edge list (specification, "Shrinking for the build"; decision D12):
//! the far sides of the edge rectangles, the end sides that no sector cancels, and the
//! equal-area arcs at the reflex corners.

use crate::OffsetError;
use crate::cull::{Box2, corner_squares};
use crate::equal_area::equal_area_ring;
use crate::mgon::{VERTEX_COUNTS, choose_m, effective_tolerance};
use crate::placement::{
    check_radius, checked_rings_flat, moved_point, offset_point, placed_point, uniform_offsets,
    unit_left_normal,
};
use onepath_predicates::{GridPoint, Orientation, orient2d, orient2d_exact_f64};

/// True when the ring turns right at `a` (exact `orient(prev, a, next) < 0`), which makes
/// `a` a reflex corner of the interior on the left (decision D12).
pub fn is_reflex_corner(prev: GridPoint, a: GridPoint, next: GridPoint) -> bool {
    orient2d(prev, a, next) == Orientation::Clockwise
}

/// The integer left normal `(-dy, dx)` of the edge `from -> to` as exact `f64` values.
fn integer_normal(from: GridPoint, to: GridPoint) -> [f64; 2] {
    [-((to.y - from.y) as f64), (to.x - from.x) as f64]
}

/// The exact sign test `u × v > 0` on `f64` vectors, by Shewchuk's orientation of the
/// origin, `u` and `v` (decision D12: both operands are exact binary numbers).
fn cross_is_positive(u: [f64; 2], v: [f64; 2]) -> bool {
    orient2d_exact_f64([0.0, 0.0], u, v) == Orientation::CounterClockwise
}

/// The most vertices an equal-area ring has (the largest of [`VERTEX_COUNTS`]): the size of
/// [`sector_run`]'s bit set.
const MAX_RING: usize = VERTEX_COUNTS[VERTEX_COUNTS.len() - 1] as usize;

/// The ring offsets strictly inside the sector from `normal_out` counter-clockwise to
/// `normal_in`, as one cyclic run in ring order (decision D12): `(first, length)`, the run
/// being indices `first, first + 1, ...` modulo `offsets.len()`; length 0 when none is
/// inside. Decided once per offset into a bit set, so a corner allocates nothing.
fn sector_run(offsets: &[[f64; 2]], normal_out: [f64; 2], normal_in: [f64; 2]) -> (usize, usize) {
    let count = offsets.len();
    // `choose_m` picks one of `VERTEX_COUNTS`, so the ring fits the set by construction.
    debug_assert!(
        count <= MAX_RING,
        "an equal-area ring has at most {MAX_RING} vertices"
    );
    let mut inside = [0u64; MAX_RING.div_ceil(64)];
    for (k, &v) in offsets.iter().enumerate() {
        if cross_is_positive(normal_out, v) && cross_is_positive(v, normal_in) {
            inside[k / 64] |= 1 << (k % 64);
        }
    }
    let is_inside = |k: usize| inside[k / 64] >> (k % 64) & 1 == 1;
    // The run starts where an inside vertex follows an outside one. Without such a start
    // either no vertex is inside or every one is (any other mix has an outside-to-inside
    // step somewhere around the ring); a sector of less than a half turn never holds the
    // whole ring, which would come out in index order from 0.
    let first = (0..count)
        .find(|&k| is_inside(k) && !is_inside((k + count - 1) % count))
        .unwrap_or(0);
    let length = (0..count)
        .take_while(|&step| is_inside((first + step) % count))
        .count();
    (first, length)
}

/// The shrink geometry of every ring before it becomes edges (decision D12): the far
/// corners of every edge, which corners are reflex and the arc at each reflex corner, in
/// flat buffers indexed by vertex (ring `k`'s vertices are `ring_start[k]..ring_start[k + 1]`
/// of all vertices, rings in order), so that a region of many small rings allocates a
/// handful of vectors, not a few per ring.
#[derive(Debug)]
pub(crate) struct ShrinkPieces {
    /// The rings' vertices one after another, repeated consecutive vertices merged.
    pub(crate) points: Vec<GridPoint>,
    /// Where each ring's vertices start among all vertices (one more entry for the end).
    pub(crate) ring_start: Vec<usize>,
    /// `far[v] = (a', b')` of the edge from vertex `v` to the next vertex of its ring.
    pub(crate) far: Vec<(GridPoint, GridPoint)>,
    /// `reflex[v]`: the ring turns right at vertex `v`.
    pub(crate) reflex: Vec<bool>,
    /// The arc at vertex `v` is `arcs[arc_start[v]..arc_start[v + 1]]`: `tip_out`, the
    /// equal-area ring's vertices inside the sector, `tip_in`; empty at a convex corner.
    pub(crate) arcs: Vec<GridPoint>,
    pub(crate) arc_start: Vec<usize>,
}

/// One ring of [`ShrinkPieces`], indexed by the ring's own vertex numbers.
#[derive(Clone, Copy)]
pub(crate) struct RingPieces<'a> {
    pub(crate) ring: &'a [GridPoint],
    pub(crate) far: &'a [(GridPoint, GridPoint)],
    pub(crate) reflex: &'a [bool],
    arcs: &'a [GridPoint],
    arc_start: &'a [usize],
}

impl<'a> RingPieces<'a> {
    /// The arc at vertex `i` (empty unless it is a reflex corner).
    pub(crate) fn arc(&self, i: usize) -> &'a [GridPoint] {
        &self.arcs[self.arc_start[i]..self.arc_start[i + 1]]
    }
}

impl ShrinkPieces {
    /// Ring `k`.
    pub(crate) fn ring(&self, k: usize) -> RingPieces<'_> {
        let (from, to) = (self.ring_start[k], self.ring_start[k + 1]);
        RingPieces {
            ring: &self.points[from..to],
            far: &self.far[from..to],
            reflex: &self.reflex[from..to],
            arcs: &self.arcs,
            arc_start: &self.arc_start[from..=to],
        }
    }

    /// The number of rings.
    pub(crate) fn ring_count(&self) -> usize {
        self.ring_start.len() - 1
    }
}

/// The [`ShrinkPieces`] of `rings`; errors as [`shrink_edges`] gives them.
pub(crate) fn ring_pieces(
    rings: &[Vec<GridPoint>],
    r: f64,
    arc_tolerance_grid: f64,
    limit: i64,
) -> Result<ShrinkPieces, OffsetError> {
    check_radius(r)?;
    let tol = effective_tolerance(arc_tolerance_grid, r)?;
    let (points, ring_start) = checked_rings_flat(rings, limit)?;
    let ring_offsets = equal_area_ring(r, choose_m(r, tol)).offsets;
    // Arc vertices are corners plus the same integer offsets where that gives the same bits.
    let arc_offsets = uniform_offsets(&ring_offsets);
    let total = points.len();
    let mut pieces = ShrinkPieces {
        points: Vec::new(),
        ring_start: Vec::new(),
        far: Vec::with_capacity(total),
        reflex: Vec::with_capacity(total),
        // Tile maps turn right at about every other corner, with an arc of a few points.
        arcs: Vec::with_capacity(2 * total),
        arc_start: Vec::with_capacity(total + 1),
    };
    for bounds in ring_start.windows(2) {
        let ring = &points[bounds[0]..bounds[1]];
        let len = ring.len();
        let vertex = |i: usize| ring[i % len];
        let previous = |i: usize| ring[(i + len - 1) % len];
        let base = pieces.far.len();
        for i in 0..len {
            let (a, b) = (vertex(i), vertex(i + 1));
            let n = unit_left_normal(a, b);
            let far = (moved_point(a, r, n, limit)?, moved_point(b, r, n, limit)?);
            pieces.far.push(far);
        }
        pieces
            .reflex
            .extend((0..len).map(|i| is_reflex_corner(previous(i), vertex(i), vertex(i + 1))));
        for i in 0..len {
            pieces.arc_start.push(pieces.arcs.len());
            if pieces.reflex[base + i] {
                // The arc tip_out, the ring's vertices inside the sector, tip_in.
                let a = vertex(i);
                let normal_out = integer_normal(a, vertex(i + 1));
                let normal_in = integer_normal(previous(i), a);
                let (first, length) = sector_run(&ring_offsets, normal_out, normal_in);
                pieces.arcs.push(pieces.far[base + i].0);
                for step in 0..length {
                    let k = (first + step) % ring_offsets.len();
                    pieces.arcs.push(match &arc_offsets {
                        Some(offsets) => offset_point(a, offsets[k], limit)?,
                        None => placed_point(a, ring_offsets[k], limit)?,
                    });
                }
                pieces.arcs.push(pieces.far[base + (i + len - 1) % len].1);
            }
        }
    }
    pieces.arc_start.push(pieces.arcs.len());
    pieces.points = points;
    pieces.ring_start = ring_start;
    Ok(pieces)
}

/// The shrink's operand-1 edges ([`shrink_edges`], [`shrink_edges_culled`]) made on demand
/// from their compact form, so that a caller who reads them once or twice (the
/// arrangement's keying reads its input once when told its [`ShrinkEdges::extent`], else
/// twice) never holds them as a list: the far corners
/// and arcs take about 100 bytes a ring vertex, the 4 to 5 edges of 32 bytes they give
/// about 140 (issue #24).
#[derive(Debug)]
pub struct ShrinkEdges {
    pieces: ShrinkPieces,
    /// Where `trimmed[v]` is true (indexed like [`ShrinkPieces::far`]), vertex `v`'s
    /// corner square is left out (`docs/offset-culling.md`, section 9): its two end sides
    /// go and the two far sides end at its point `X` ([`corner_point`]).
    trimmed: Option<Vec<bool>>,
    /// How far, on either axis, an edge's endpoint can lie from the nearest ring vertex:
    /// `ceil(2r) + 2` ([`ShrinkEdges::extent`]).
    reach: i64,
}

impl ShrinkEdges {
    /// The edges of [`shrink_edges`]; the same arguments and errors.
    ///
    /// # Errors
    ///
    /// Those of [`shrink_edges`], in the same order.
    pub fn new(
        rings: &[Vec<GridPoint>],
        r: f64,
        arc_tolerance_grid: f64,
        limit: i64,
    ) -> Result<Self, OffsetError> {
        let pieces = ring_pieces(rings, r, arc_tolerance_grid, limit)?;
        // `r` is finite and positive here (`ring_pieces` checked it); `as` saturates.
        let reach = ((2.0 * r).ceil() as i64).saturating_add(2);
        Ok(Self {
            pieces,
            trimmed: None,
            reach,
        })
    }

    /// The edges of [`shrink_edges_culled`]; the same arguments and errors.
    ///
    /// # Errors
    ///
    /// Those of [`shrink_edges`], in the same order.
    pub fn culled(
        rings: &[Vec<GridPoint>],
        r: f64,
        arc_tolerance_grid: f64,
        limit: i64,
    ) -> Result<Self, OffsetError> {
        let mut edges = Self::new(rings, r, arc_tolerance_grid, limit)?;
        edges.trimmed = Some(corner_squares(&edges.pieces));
        Ok(edges)
    }

    /// The edges in decision D12's order (see [`shrink_edges`]), zero-length ones left out;
    /// the same sequence every time.
    pub fn iter(&self) -> impl Iterator<Item = [GridPoint; 2]> + '_ {
        (0..self.pieces.ring_count()).flat_map(move |k| self.ring_edges(k))
    }

    /// A box that holds every endpoint of [`ShrinkEdges::iter`] and the most edges it
    /// yields, known without making them (an arrangement reads such edges once instead
    /// of twice): the rings' box widened by `ceil(2r) + 2` grid units on every side, and the
    /// arcs' points plus three edges a vertex. On either axis a far corner lies within
    /// `r + 1/2` of its ring vertex, an arc vertex within the equal-area ring's
    /// circumradius, `r / cos(π/m)` (below `1.09 r` for `m >= 8`), plus `1/2`, and a trimmed
    /// square's corner point within `2r + 1`; a vertex gives its arc's edges (one fewer
    /// than the arc's points), its far side and at most two end sides. `None` without
    /// vertices.
    pub fn extent(&self) -> Option<([GridPoint; 2], usize)> {
        let points = &self.pieces.points;
        if points.is_empty() {
            return None;
        }
        let Box2 { lo, hi } = Box2::of(points);
        let widen = |c: i64, by: i64| c.saturating_add(by);
        let corners = [
            GridPoint::new(widen(lo.x, -self.reach), widen(lo.y, -self.reach)),
            GridPoint::new(widen(hi.x, self.reach), widen(hi.y, self.reach)),
        ];
        let max_edges = self.pieces.arcs.len() + 3 * self.pieces.far.len();
        Some((corners, max_edges))
    }

    /// The edges into a vector: [`shrink_edges`] or [`shrink_edges_culled`].
    pub fn to_vec(&self) -> Vec<[GridPoint; 2]> {
        // About four edges per ring vertex (a far side, an end side, an arc of a few edges
        // at every other corner on tile maps).
        let mut edges = Vec::with_capacity(4 * self.pieces.far.len());
        edges.extend(self.iter());
        edges
    }

    /// Ring `k`'s edges: for each vertex `i`, its arc, the far side `b' -> a'` (ending at
    /// the corner points of trimmed squares), then the end sides `b -> b'` and `a' -> a`
    /// where no sector and no trimmed square takes them.
    fn ring_edges(&self, k: usize) -> impl Iterator<Item = [GridPoint; 2]> + '_ {
        let p = self.pieces.ring(k);
        let base = self.pieces.ring_start[k];
        let len = p.ring.len();
        let trimmed = self.trimmed.as_deref();
        let trim = move |i: usize| {
            trimmed
                .is_some_and(|t| t[base + i])
                .then(|| corner_point(&p, i))
        };
        (0..len)
            .flat_map(move |i| {
                let (a, j) = (p.ring[i], (i + 1) % len);
                let b = p.ring[j];
                let (a_far, b_far) = p.far[i];
                let (trim_a, trim_b) = (trim(i), trim(j));
                let arc = p.arc(i).windows(2).map(|pair| [pair[0], pair[1]]);
                let far_side = [trim_b.unwrap_or(b_far), trim_a.unwrap_or(a_far)];
                let end_b = (!p.reflex[j] && trim_b.is_none()).then_some([b, b_far]);
                let end_a = (!p.reflex[i] && trim_a.is_none()).then_some([a_far, a]);
                arc.chain(std::iter::once(far_side))
                    .chain(end_b)
                    .chain(end_a)
            })
            .filter(|[a, b]| a != b)
    }
}

/// The point `X` of vertex `i`'s corner square: the incoming edge's far corner at the
/// vertex moved by the outgoing edge's offset there (section 9).
pub(crate) fn corner_point(p: &RingPieces<'_>, i: usize) -> GridPoint {
    let len = p.ring.len();
    p.far[(i + len - 1) % len].1 + (p.far[i].0 - p.ring[i])
}

/// The shrink's operand-1 edges: exactly decision D12's edge list without the region's own
/// edges `a -> b` (which the caller adds once, counting for both operands).
///
/// `r` is the agent radius and `arc_tolerance_grid` the arc tolerance, both in grid units
/// (see [`crate::pipeline_arc_tolerance`]); `limit` bounds every rounded point. With `n`
/// the unit left normal of a ring edge `a -> b`, `a' = a` moved by `r` along `n` and `b'`
/// likewise (decision D10's expression), the output lists, rings in order and for each
/// vertex `i` of a ring in order:
///
/// 1. if vertex `i` is a reflex corner ([`is_reflex_corner`]; a vertex that a ring visits
///    twice is two corners): its arc, the path `tip_out`, the equal-area ring's vertices
///    strictly inside the sector placed at the corner, `tip_in`, where `tip_out` is the
///    outgoing edge's `a'` and `tip_in` the incoming edge's `b'`;
/// 2. for the edge `a -> b` from vertex `i`: `b' -> a'`; `b -> b'` unless `b` is a reflex
///    corner; `a' -> a` unless `a` is a reflex corner.
///
/// Arc vertices are placed as `round_ties_even(a + v)` and kept as they come out, even
/// where rounding folds a sector (never "fixed"). Zero-length edges are left out: the
/// arrangement drops them and they give no hot pixel (decision D8). Repeated consecutive
/// ring vertices are merged first (regions never have them).
/// [`shrink_edges_culled`] leaves out what provably changes no output bit.
///
/// # Errors
///
/// [`OffsetError::InvalidRadius`], [`OffsetError::InvalidArcTolerance`],
/// [`OffsetError::InvalidLimit`], [`OffsetError::VertexBeyondLimit`] for bad arguments, and
/// [`OffsetError::PointBeyondLimit`] for the first rounded point beyond `limit` (far
/// corners of a ring first, then its arcs).
pub fn shrink_edges(
    rings: &[Vec<GridPoint>],
    r: f64,
    arc_tolerance_grid: f64,
    limit: i64,
) -> Result<Vec<[GridPoint; 2]>, OffsetError> {
    Ok(ShrinkEdges::new(rings, r, arc_tolerance_grid, limit)?.to_vec())
}

/// [`shrink_edges`] without the squares at convex corners where two axis-parallel edges'
/// rectangles overlap (`docs/offset-culling.md`, section 9): at such a corner the two end
/// sides are left out and the two far sides end where they cross. The arrangement of the
/// region's edges (both operands) and these edges labels every point as the full list does,
/// so the shrunk rings are the same, bit for bit; with fewer edges and crossings to node.
///
/// # Errors
///
/// Those of [`shrink_edges`], in the same order.
pub fn shrink_edges_culled(
    rings: &[Vec<GridPoint>],
    r: f64,
    arc_tolerance_grid: f64,
    limit: i64,
) -> Result<Vec<[GridPoint; 2]>, OffsetError> {
    Ok(ShrinkEdges::culled(rings, r, arc_tolerance_grid, limit)?.to_vec())
}

#[cfg(test)]
mod tests {
    //! `sector_run` against the list-based run it replaced, on random sectors of every
    //! ring size; [`ShrinkEdges`] against the vector-filling emitter it replaced.

    use super::*;
    use crate::placement::push_edge;
    use onepath_testkit::Rng;

    /// The former emitter: the edges pushed into a vector in one pass.
    fn listed_edges(pieces: &ShrinkPieces, trimmed: Option<&[bool]>) -> Vec<[GridPoint; 2]> {
        let mut edges = Vec::new();
        for k in 0..pieces.ring_count() {
            let p = pieces.ring(k);
            let base = pieces.ring_start[k];
            let len = p.ring.len();
            let trim = |i: usize| {
                trimmed
                    .is_some_and(|t| t[base + i])
                    .then(|| corner_point(&p, i))
            };
            for i in 0..len {
                let (a, j) = (p.ring[i], (i + 1) % len);
                for pair in p.arc(i).windows(2) {
                    push_edge(&mut edges, pair[0], pair[1]);
                }
                let b = p.ring[j];
                let (a_far, b_far) = p.far[i];
                let (trim_a, trim_b) = (trim(i), trim(j));
                push_edge(&mut edges, trim_b.unwrap_or(b_far), trim_a.unwrap_or(a_far));
                if !p.reflex[j] && trim_b.is_none() {
                    push_edge(&mut edges, b, b_far);
                }
                if !p.reflex[i] && trim_a.is_none() {
                    push_edge(&mut edges, a_far, a);
                }
            }
        }
        edges
    }

    /// A counter-clockwise histogram ring of `n` columns of width `w` (rectilinear, with
    /// reflex and convex corners) and a clockwise square hole under its lowest column.
    fn histogram(rng: &mut Rng, n: usize, w: i64) -> Vec<Vec<GridPoint>> {
        let heights: Vec<i64> = (0..n).map(|_| w * rng.range(2, 9)).collect();
        let mut ring = vec![GridPoint::new(0, 0), GridPoint::new(n as i64 * w, 0)];
        for (i, &h) in heights.iter().enumerate().rev() {
            ring.push(GridPoint::new((i as i64 + 1) * w, h));
            ring.push(GridPoint::new(i as i64 * w, h));
        }
        ring.dedup();
        let lowest = heights.iter().min().copied().unwrap_or(w);
        let hole = vec![
            GridPoint::new(w / 4, w / 4),
            GridPoint::new(w / 4, lowest / 2),
            GridPoint::new(w / 2, lowest / 2),
            GridPoint::new(w / 2, w / 4),
        ];
        vec![ring, hole]
    }

    /// A counter-clockwise star-shaped ring of up to `n` vertices in every direction:
    /// random integer directions in angle order (exact comparisons), each scaled by its own
    /// integer factor.
    fn star(rng: &mut Rng, n: usize, size: i64) -> Vec<Vec<GridPoint>> {
        let mut directions: Vec<(i64, i64)> = (0..n)
            .map(|_| (rng.range(-64, 64), rng.range(-64, 64)))
            .filter(|&d| d != (0, 0))
            .collect();
        // The upper half-plane (and the positive x axis) first, then by the cross product.
        let half = |(x, y): (i64, i64)| y < 0 || (y == 0 && x < 0);
        directions.sort_by(|&a, &b| {
            half(a)
                .cmp(&half(b))
                .then_with(|| (b.0 * a.1).cmp(&(a.0 * b.1)))
        });
        directions.dedup_by(|b, a| half(*a) == half(*b) && a.0 * b.1 == a.1 * b.0);
        let ring = directions
            .iter()
            .map(|&(x, y)| {
                let factor = rng.range(size / 256, size / 64).max(1);
                GridPoint::new(x * factor, y * factor)
            })
            .collect();
        vec![ring]
    }

    #[test]
    fn edges_made_on_demand_are_the_listed_edges() {
        let mut rng = Rng::new(0x5B21);
        let limit = 1 << 30;
        let (mut squares, mut arcs) = (0, 0);
        for round in 0..300 {
            let rings = if round % 3 == 2 {
                let (n, size) = (rng.range(3, 40) as usize, 1 << rng.range(8, 20));
                star(&mut rng, n, size)
            } else {
                let (n, width) = (rng.range(1, 30) as usize, 1 << rng.range(4, 17));
                histogram(&mut rng, n, width)
            };
            let scale = rings[0].iter().map(|p| p.max_abs()).max().unwrap_or(1) as f64;
            let r = scale * [0.01, 0.1, 0.3, 1.5][rng.below(4)];
            let tolerance = [0.0, 1.0, r / 16.0][rng.below(3)];
            let pieces = ring_pieces(&rings, r, tolerance, limit).expect("pieces");
            let trimmed = corner_squares(&pieces);
            squares += trimmed.iter().filter(|&&t| t).count();
            arcs += pieces.arcs.len();
            let culled = ShrinkEdges::culled(&rings, r, tolerance, limit).expect("culled");
            assert_eq!(culled.to_vec(), listed_edges(&pieces, Some(&trimmed)));
            assert_eq!(culled.iter().count(), culled.to_vec().len(), "read twice");
            let whole = ShrinkEdges::new(&rings, r, tolerance, limit).expect("whole");
            assert_eq!(whole.to_vec(), listed_edges(&pieces, None));
            assert_eq!(
                shrink_edges_culled(&rings, r, tolerance, limit).expect("list"),
                culled.to_vec()
            );
        }
        assert!(
            squares > 500 && arcs > 1000,
            "{squares} squares, {arcs} arc points"
        );
    }

    /// The former computation: the inside flags in a vector, the run from the first
    /// inside vertex that follows an outside one, else the inside ones in index order.
    fn listed_run(offsets: &[[f64; 2]], normal_out: [f64; 2], normal_in: [f64; 2]) -> Vec<usize> {
        let inside: Vec<bool> = offsets
            .iter()
            .map(|&v| cross_is_positive(normal_out, v) && cross_is_positive(v, normal_in))
            .collect();
        let count = inside.len();
        let Some(start) = (0..count).find(|&k| inside[k] && !inside[(k + count - 1) % count])
        else {
            return (0..count).filter(|&k| inside[k]).collect();
        };
        (0..count)
            .map(|step| (start + step) % count)
            .take_while(|&k| inside[k])
            .collect()
    }

    #[test]
    fn the_bit_set_run_is_the_listed_run() {
        let mut rng = Rng::new(0x5EC7);
        let mut nonempty = 0;
        for &m in &VERTEX_COUNTS {
            let offsets = equal_area_ring(1000.0, m).offsets;
            for _ in 0..2000 {
                // Integer normals, as the corners give them, at several scales; some
                // zero or parallel to each other.
                let mut normal = || {
                    let range = [1, 40, 1 << 20][rng.below(3)];
                    [
                        rng.range(-range, range) as f64,
                        rng.range(-range, range) as f64,
                    ]
                };
                let (normal_out, normal_in) = (normal(), normal());
                let (first, length) = sector_run(&offsets, normal_out, normal_in);
                let run: Vec<usize> = (0..length)
                    .map(|step| (first + step) % offsets.len())
                    .collect();
                assert_eq!(run, listed_run(&offsets, normal_out, normal_in), "m {m}");
                nonempty += usize::from(length > 0);
            }
        }
        assert!(nonempty > 3000, "only {nonempty} sectors held a vertex");
    }
}
