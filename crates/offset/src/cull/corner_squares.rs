//! The build's shrink: the square where the rectangles of two axis-parallel edges overlap at
//! a convex corner, left out when that provably changes no output bit
//! (`docs/offset-culling.md`, section 9).
//!
//! At a convex corner `b` between `a -> b` and `b -> c`, both axis-parallel, the rectangles
//! of decision D12 overlap in the square `b, b', X, b''` (`b'` the incoming edge's far
//! corner at `b`, `b''` the outgoing edge's, `X` where the two far sides cross). Leaving
//! the square out means leaving out the two end sides `b -> b'` and `b'' -> b` and ending
//! the far sides at `X`. The square stays covered by the rectangles that remain, every
//! point it loses is an axis-parallel edge's (which rounding never moves), and nothing
//! slanted comes within one grid unit of it.

use super::boxes::{Box2, BoxGrid};
use super::is_axis_parallel;
use crate::shrink::{RingPieces, ShrinkPieces, corner_point};
use onepath_predicates::{GridPoint, Orientation, orient2d};

/// The larger coordinate magnitude of `v`: the maximum norm.
fn norm(v: GridPoint) -> i64 {
    v.x.abs().max(v.y.abs())
}

/// For every vertex (indexed like [`ShrinkPieces::far`]), whether its corner square is
/// left out: decided by section 9's conditions (the corner's shape and lengths, then the
/// rectangles and sectors as fed having no negative winding anywhere, then one unit of
/// clearance from every slanted edge kept). The result depends on the pieces alone, not on
/// any order of the checks.
pub(crate) fn corner_squares(pieces: &ShrinkPieces) -> Vec<bool> {
    let mut trimmed = vec![false; pieces.far.len()];
    // The shape tests first: they are cheap, and most regions that are not tile maps have
    // no candidate at all.
    let mut candidates = Vec::new();
    for k in 0..pieces.ring_count() {
        let p = pieces.ring(k);
        for i in 0..p.ring.len() {
            if is_square_corner(&p, i) {
                candidates.push((k, i));
            }
        }
    }
    let rings = || (0..pieces.ring_count()).map(|k| pieces.ring(k));
    if candidates.is_empty() || !rings().all(|p| windings_are_not_negative(&p)) {
        return trimmed;
    }
    let squares: Vec<Box2> = candidates
        .iter()
        .map(|&(k, i)| {
            let p = pieces.ring(k);
            let len = p.ring.len();
            let x = corner_point(&p, i);
            Box2::of(&[p.ring[i], p.far[(i + len - 1) % len].1, x, p.far[i].0])
        })
        .collect();
    // The grid holds the squares, and every slanted obstacle asks for the squares near it:
    // on tile maps there are many more arcs than candidate corners.
    let min_side = squares
        .iter()
        .map(|b| (b.hi.x - b.lo.x).max(b.hi.y - b.lo.y) as u64)
        .max()
        .unwrap_or(1);
    let grid = BoxGrid::new(&squares, &[], min_side);
    let mut clear = vec![true; squares.len()];
    for p in rings() {
        for_each_slanted_box(&p, |obstacle| {
            // More than one unit apart in the maximum norm (section 4, condition (b)).
            grid.for_each_near(&obstacle, |j| clear[j] &= !squares[j].within(&obstacle, 1));
        });
    }
    for (&(k, i), clear) in candidates.iter().zip(clear) {
        trimmed[pieces.ring_start[k] + i] = clear;
    }
    trimmed
}

/// Calls `f` with boxes that together hold every slanted edge a culled list may keep
/// (section 9, the obstacles of condition (v)): each slanted region edge, far side and end
/// side on its own, and each arc with a slanted edge as one box (the arc's, which holds all
/// of its edges: a larger obstacle only keeps more squares). The sides that a trim removes
/// or shortens are axis-parallel, so listing every side whole changes no test.
fn for_each_slanted_box(p: &RingPieces<'_>, mut f: impl FnMut(Box2)) {
    let len = p.ring.len();
    for i in 0..len {
        let (a, b) = (p.ring[i], p.ring[(i + 1) % len]);
        let (a_far, b_far) = p.far[i];
        for edge in [[a, b], [b_far, a_far], [b, b_far], [a_far, a]] {
            if !is_axis_parallel(edge[0], edge[1]) {
                f(Box2::of(&edge));
            }
        }
        let arc = p.arc(i);
        if arc.windows(2).any(|w| !is_axis_parallel(w[0], w[1])) {
            f(Box2::of(arc));
        }
    }
}

/// True when no rectangle and no sector of the ring, as fed, has a negative exact winding
/// anywhere (section 9, condition (iv)): each is a fan of triangles from its first vertex
/// (`a, b, b'` and `a, b', a'`; a sector's from its corner), and no triangle is clockwise.
/// A rectangle whose two offsets agree is a parallelogram, one orientation.
fn windings_are_not_negative(p: &RingPieces<'_>) -> bool {
    let len = p.ring.len();
    let not_clockwise = |u, v, w| orient2d(u, v, w) != Orientation::Clockwise;
    let rectangles = (0..len).all(|i| {
        let (a, b) = (p.ring[i], p.ring[(i + 1) % len]);
        let (a_far, b_far) = p.far[i];
        if a_far - a == b_far - b {
            not_clockwise(a, b, a_far)
        } else {
            not_clockwise(a, b, b_far) && not_clockwise(a, b_far, a_far)
        }
    });
    rectangles
        && (0..len).all(|i| {
            p.arc(i)
                .windows(2)
                .all(|w| not_clockwise(p.ring[i], w[0], w[1]))
        })
}

/// True when the shape of vertex `i`'s corner allows leaving its square out (section 9,
/// conditions (i) to (iii)).
///
/// (i) The ring turns left at `b` (exactly). (ii) Both edges are axis-parallel and their
/// rectangles as fed are boxes on their left: `a' - a = b' - b`, non-zero and at a right
/// angle to the edge. (iii) Each edge is at least as long as the widths of the two
/// rectangles beside it: the squares at its two ends then fit in it without overlapping.
fn is_square_corner(p: &RingPieces<'_>, i: usize) -> bool {
    let len = p.ring.len();
    if len < 3 || p.reflex[i] {
        return false;
    }
    let edge = |k: usize| (k % len, p.ring[k % len], p.ring[(k + 1) % len]);
    let (e0, e1, e2, e3) = (i + len - 2, i + len - 1, i, i + 1);
    let is_box = |k: usize| {
        let (k, a, b) = edge(k);
        let (a_far, b_far) = p.far[k];
        let offset = a_far - a;
        is_axis_parallel(a, b)
            && offset == b_far - b
            && offset != GridPoint::new(0, 0)
            && onepath_predicates::dot(offset, b - a) == 0
            && orient2d(a, b, a_far) == Orientation::CounterClockwise
    };
    let width = |k: usize| {
        let (k, a, b) = edge(k);
        norm(p.far[k].0 - a).max(norm(p.far[k].1 - b))
    };
    let length = |k: usize| {
        let (_, a, b) = edge(k);
        norm(b - a)
    };
    let (_, a, b) = edge(e1);
    let c = edge(e2).2;
    orient2d(a, b, c) == Orientation::CounterClockwise
        && is_box(e1)
        && is_box(e2)
        && length(e1) >= width(e0) + width(e2)
        && length(e2) >= width(e1) + width(e3)
}

#[cfg(test)]
mod tests {
    //! Section 9's conditions (v), the clearance (a slanted edge within one unit of a
    //! corner's square keeps it, two units away it does not), and (iv) (one piece with a
    //! clockwise fan triangle stops all culling).

    use super::*;
    use crate::shrink::ring_pieces;

    /// A segment `a b` and the far corners of its two "rectangles".
    type Segment = (GridPoint, GridPoint, [(GridPoint, GridPoint); 2]);

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    /// Appends a lone segment as a degenerate ring of two vertices whose rectangles are
    /// the given far corners and which has no arc: a slanted edge the culling must keep
    /// clear of, and nothing else.
    fn push_segment(
        pieces: &mut ShrinkPieces,
        a: GridPoint,
        b: GridPoint,
        far: [(GridPoint, GridPoint); 2],
    ) {
        pieces.points.extend([a, b]);
        pieces.far.extend(far);
        pieces.reflex.extend([false, false]);
        pieces.ring_start.push(pieces.far.len());
        pieces.arc_start.push(pieces.arcs.len());
        pieces.arc_start.push(pieces.arcs.len());
    }

    /// The corners of a 100 x 100 room (radius 10) that keep their squares beside the
    /// segment `extra`, `(a, b, far corners)`.
    fn kept_corners(extra: Option<Segment>) -> Vec<usize> {
        let room = vec![p(0, 0), p(100, 0), p(100, 100), p(0, 100)];
        let mut pieces = ring_pieces(&[room], 10.0, 10.0, 1 << 20).expect("pieces");
        if let Some((a, b, far)) = extra {
            push_segment(&mut pieces, a, b, far);
        }
        let trimmed = corner_squares(&pieces);
        (0..4).filter(|&i| !trimmed[i]).collect()
    }

    /// A segment whose rectangles are flat (its far corners its own ends).
    fn segment(a: GridPoint, b: GridPoint) -> Option<Segment> {
        Some((a, b, [(a, b), (b, a)]))
    }

    #[test]
    fn a_slanted_edge_within_one_unit_keeps_the_square() {
        // Every corner of the bare room goes; the square at (100, 100) spans [90, 100]².
        assert_eq!(kept_corners(None), Vec::<usize>::new());
        // The segment's box ends one unit left of and one unit below the square: within.
        assert_eq!(kept_corners(segment(p(80, 70), p(89, 89))), [2]);
        // Two units away in x: clear.
        assert_eq!(
            kept_corners(segment(p(80, 70), p(88, 89))),
            Vec::<usize>::new()
        );
        // An axis-parallel segment never keeps a square, even across it.
        assert_eq!(
            kept_corners(segment(p(80, 95), p(99, 95))),
            Vec::<usize>::new()
        );
    }

    #[test]
    fn a_piece_with_a_negative_winding_stops_all_culling() {
        // A fan triangle turning clockwise: the counting argument no longer holds anywhere.
        let (a, b) = (p(500, 500), p(600, 500));
        let folded = Some((a, b, [(p(500, 490), p(600, 490)), (b, a)]));
        assert_eq!(kept_corners(folded), [0, 1, 2, 3]);
    }
}
