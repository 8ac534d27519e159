//! The round offset's rectangles cut to the half that matters (`docs/offset-culling.md`,
//! section 10).
//!
//! The rectangle of an axis-parallel ring edge `a -> b` is the box `a - ρ, b - ρ, b + ρ,
//! a + ρ`; the edge cuts it into two boxes. When growing, the half on the edge's left lies
//! inside the region wherever no region edge enters it, so it adds nothing to
//! `region ∪ S`; when shrinking, the half on the right lies outside the region and takes
//! nothing from `region ∖ S`. Such a half is left out when nothing slanted that the
//! arrangement keeps comes within one unit of it: the rectangle becomes its other half.

use super::boxes::{Box2, BoxGrid};
use super::{Fate, OffsetSide, is_axis_parallel, ring_edges, slanted_edges};
use crate::round::RoundPieces;
use onepath_predicates::{GridPoint, Orientation, dot, orient2d};

/// The two halves of the rectangle `[a - ρ, b - ρ, b + ρ, a + ρ]` of the edge `a -> b`, as
/// `(right, left)` polygons, when the edge is axis-parallel and the rectangle is that box
/// with `ρ` non-zero and at a right angle to the edge; `None` otherwise.
pub(super) fn halves_of(
    rectangle: &[GridPoint],
    a: GridPoint,
    b: GridPoint,
) -> Option<([GridPoint; 4], [GridPoint; 4])> {
    let &[right_a, right_b, left_b, left_a] = rectangle else {
        return None;
    };
    let rho = left_a - a;
    let is_box = is_axis_parallel(a, b)
        && rho != GridPoint::new(0, 0)
        && left_b - b == rho
        && a - right_a == rho
        && b - right_b == rho
        && dot(rho, b - a) == 0
        && orient2d(a, b, left_a) == Orientation::CounterClockwise;
    is_box.then_some(([right_a, right_b, b, a], [a, b, left_b, left_a]))
}

/// For every rectangle of `pieces`, the half that is fed instead of it when it is cut to
/// the half that matters (outside the region, the edge's right, when growing; inside, its
/// left, when shrinking), given the m-gons' `fates` (section 10): the edge axis-parallel
/// and the rectangle a box, no region edge's box meeting the interior of the half left
/// out, and no slanted edge that is kept (of the region, a slanted edge's rectangle, an
/// m-gon kept whole or a sector) with a box within one unit of its box. The halves left
/// out add no slanted edge, so the answer depends on the pieces and the fates alone.
pub(crate) fn halved_rectangles(
    pieces: &RoundPieces,
    side: OffsetSide,
    fates: &[Fate],
) -> Vec<Option<[GridPoint; 4]>> {
    let mut halved = vec![None; pieces.rectangles.len()];
    // Where most m-gons stay whole (corners crowding each other, or no axis-parallel
    // corner), their slanted edges lie near nearly every half and the test would cost more
    // than it saves: it is not run, and every rectangle is fed whole (which the proof
    // always allows).
    let whole = fates.iter().filter(|f| **f == Fate::Keep).count();
    if 2 * whole > fates.len() {
        return halved;
    }
    let edges = || ring_edges(&pieces.rings);
    let mut candidates = Vec::new();
    for (k, [a, b]) in edges().enumerate() {
        if let Some((right, left)) = halves_of(&pieces.rectangles[k], a, b) {
            let (kept, dropped) = match side {
                OffsetSide::Grow => (right, left),
                OffsetSide::Shrink => (left, right),
            };
            candidates.push((k, kept, Box2::of(&dropped)));
        }
    }
    if candidates.is_empty() {
        return halved;
    }
    let boxes: Vec<Box2> = candidates.iter().map(|&(_, _, b)| b).collect();
    // Cells about as wide as the halves (a long wall's half covers a row of them): cells
    // as long as the longest wall would put every half in one.
    let min_side = boxes
        .iter()
        .map(|b| (b.hi.x - b.lo.x).min(b.hi.y - b.lo.y) as u64)
        .max()
        .unwrap_or(1);
    // The grid holds the halves; every region edge and every kept slanted edge asks for
    // the halves near it.
    let grid = BoxGrid::new(&boxes, &[], min_side);
    let mut clear = vec![true; boxes.len()];
    for edge in edges() {
        let near = Box2::of(&edge);
        grid.for_each_near(&near, |j| clear[j] &= !near.meets_interior_of(&boxes[j]));
    }
    // A polygon's slanted edges ask together, by the box around all of them, and only the
    // halves near that box test them one by one.
    let mut obstacles = |polygon: &[GridPoint]| {
        let slanted: Vec<Box2> = slanted_edges(polygon).map(|e| Box2::of(&e)).collect();
        let Some(all) = slanted.iter().copied().reduce(|u, b| Box2 {
            lo: GridPoint::new(u.lo.x.min(b.lo.x), u.lo.y.min(b.lo.y)),
            hi: GridPoint::new(u.hi.x.max(b.hi.x), u.hi.y.max(b.hi.y)),
        }) else {
            return;
        };
        grid.for_each_near(&all, |j| {
            if clear[j] && all.within(&boxes[j], 1) {
                clear[j] = !slanted.iter().any(|e| e.within(&boxes[j], 1));
            }
        });
    };
    for polygon in &pieces.rings {
        // A region's slanted edges one at a time: a ring's box can be the whole map.
        for edge in slanted_edges(polygon) {
            obstacles(&edge);
        }
    }
    for polygon in &pieces.rectangles {
        obstacles(polygon);
    }
    for (mgon, fate) in pieces.mgons.iter().zip(fates) {
        match fate {
            Fate::Keep => obstacles(mgon),
            Fate::Sector(sector) => obstacles(sector),
            Fate::Drop => {}
        }
    }
    for (&(k, kept, _), clear) in candidates.iter().zip(clear) {
        halved[k] = clear.then_some(kept);
    }
    halved
}

#[cfg(test)]
mod tests {
    //! Which rectangles lose a half (section 10): all of a plain L shape's, none whose half
    //! a region edge enters, none near a slanted edge.

    use super::*;
    use crate::cull::cull;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    /// The L shape of `offset_culling.rs`, counter-clockwise.
    fn l_shape() -> Vec<GridPoint> {
        vec![
            p(0, 0),
            p(100, 0),
            p(100, 50),
            p(50, 50),
            p(50, 100),
            p(0, 100),
        ]
    }

    /// The rectangles of the L shape's six edges that are halved, with `extra` rings beside
    /// it, offset by 10 on `side`.
    fn halved(extra: &[Vec<GridPoint>], side: OffsetSide) -> Vec<usize> {
        let mut rings = vec![l_shape()];
        rings.extend_from_slice(extra);
        let pieces = RoundPieces::new(&rings, 10.0, 0.0, 1 << 20).expect("pieces");
        let culling = cull(&pieces, side);
        (0..6).filter(|&k| culling.halved[k].is_some()).collect()
    }

    #[test]
    fn an_l_shape_loses_every_half_that_does_not_matter() {
        for side in [OffsetSide::Grow, OffsetSide::Shrink] {
            assert_eq!(halved(&[], side), [0, 1, 2, 3, 4, 5], "{side:?}");
        }
    }

    #[test]
    fn a_region_edge_in_the_half_keeps_the_rectangle() {
        // A square hole (clockwise) 4 to 8 units above the bottom edge: inside the bottom
        // edge's inner half, which growing would leave out.
        let hole = vec![p(40, 4), p(40, 8), p(44, 8), p(44, 4)];
        assert_eq!(halved(&[hole], OffsetSide::Grow), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_slanted_edge_near_the_half_keeps_the_rectangle() {
        // A slanted triangle hole above the bottom edge, whose inner half is [0, 100] x
        // [0, 10] when growing. Its edges' boxes begin at height `y`; its own pieces reach
        // 10 units (the radius) below that, with slanted edges of their own.
        let triangle = |y: i64| vec![p(30, y), p(40, y + 20), p(50, y)];
        let bottom_halved = |y| halved(&[triangle(y)], OffsetSide::Grow).contains(&0);
        // Its pieces' slanted edges reach into the half: kept.
        assert!(!bottom_halved(11));
        // The m-gons at its lower corners reach 10 units below them (their lowest vertices
        // round to `y - 10`): at 21 their slanted edges come within one unit of the half's
        // top (10), at 22 they keep two units away.
        assert!(!bottom_halved(21));
        assert!(bottom_halved(22));
        assert!(bottom_halved(30));
    }
}
