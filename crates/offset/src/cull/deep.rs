//! The m-gons and sectors deep inside the offset, left out (`docs/offset-culling.md`,
//! section 11).
//!
//! The rectangle of an axis-parallel ring edge is a box whose points every run labels
//! alike: snap rounding never moves its sides, so where it is fed its winding is 1 in both
//! runs, and where section 10 left out its half the region's own winding decides. A piece
//! whose box those rectangles cover, and near which (one unit, maximum norm) every slanted
//! edge fed also has its box covered, changes no label when it goes: whatever its hot
//! pixels bend lies in the covered boxes. This is what lets large offsets leave out the
//! m-gons that lie deep inside the grown set, where the clearance of section 4 fails.

use super::boxes::{Box2, BoxGrid};
use super::halves::halves_of;
use super::{Fate, slanted_edges};
use crate::round::RoundPieces;
use onepath_predicates::GridPoint;

/// The most cells a coverage test's compressed grid may have; beyond that it gives up (and
/// the piece is kept).
const COVER_CELLS: usize = 1 << 16;

/// The rectangles' boxes, for "does their union cover this box": a grid over them for the
/// boxes near a query, and the buffers the queries reuse.
struct Cover {
    boxes: Vec<Box2>,
    grid: BoxGrid,
    near: Vec<Box2>,
    xs: Vec<i64>,
    ys: Vec<i64>,
    table: Vec<i32>,
}

impl Cover {
    fn new(boxes: Vec<Box2>, queries: &[Box2], side: u64) -> Cover {
        Cover {
            grid: BoxGrid::new(&boxes, queries, side),
            boxes,
            near: Vec::new(),
            xs: Vec::new(),
            ys: Vec::new(),
            table: Vec::new(),
        }
    }

    /// True when the union of the cover's boxes holds `b` but for a set of zero area
    /// (`b` flat: false). The boxes that meet `b`'s interior, clipped to `b`, cut it into the
    /// cells of their distinct coordinates; a two-dimensional difference table counts the
    /// boxes over each cell, and every cell must have one. More than [`COVER_CELLS`] cells:
    /// false. The answer depends on the set of boxes only, never on their order.
    fn covers(&mut self, b: &Box2) -> bool {
        if b.lo.x >= b.hi.x || b.lo.y >= b.hi.y {
            return false;
        }
        let Cover {
            boxes,
            grid,
            near,
            xs,
            ys,
            table,
        } = self;
        near.clear();
        grid.for_each_near(b, |i| {
            let r = boxes[i];
            if r.meets_interior_of(b) {
                near.push(Box2 {
                    lo: GridPoint::new(r.lo.x.max(b.lo.x), r.lo.y.max(b.lo.y)),
                    hi: GridPoint::new(r.hi.x.min(b.hi.x), r.hi.y.min(b.hi.y)),
                });
            }
        });
        if near.iter().any(|r| r.contains(b)) {
            return true;
        }
        // Each corner of `b` lies in a box of the cover when it is covered (the boxes are
        // closed): a cheap way out for most pieces that are not.
        let corners = [
            b.lo,
            GridPoint::new(b.hi.x, b.lo.y),
            b.hi,
            GridPoint::new(b.lo.x, b.hi.y),
        ];
        let holds = |r: &Box2, p: &GridPoint| {
            r.lo.x <= p.x && p.x <= r.hi.x && r.lo.y <= p.y && p.y <= r.hi.y
        };
        if !corners.iter().all(|p| near.iter().any(|r| holds(r, p))) {
            return false;
        }
        let coordinates = |v: &mut Vec<i64>, lo: fn(&Box2) -> i64, hi: fn(&Box2) -> i64| {
            v.clear();
            v.extend(near.iter().flat_map(|r| [lo(r), hi(r)]));
            v.extend([lo(b), hi(b)]);
            v.sort_unstable();
            v.dedup();
        };
        coordinates(xs, |r| r.lo.x, |r| r.hi.x);
        coordinates(ys, |r| r.lo.y, |r| r.hi.y);
        // Cells between consecutive coordinates: `xs.len() - 1` columns, `ys.len() - 1` rows;
        // the table has one more of each for the differences.
        let (w, h) = (xs.len(), ys.len());
        if (w - 1) * (h - 1) > COVER_CELLS {
            return false;
        }
        let at = |v: &[i64], c: i64| v.binary_search(&c).unwrap_or_else(|i| i);
        table.clear();
        table.resize(w * h, 0);
        for r in near.iter() {
            let (x0, x1) = (at(xs, r.lo.x), at(xs, r.hi.x));
            let (y0, y1) = (at(ys, r.lo.y), at(ys, r.hi.y));
            table[x0 * h + y0] += 1;
            table[x0 * h + y1] -= 1;
            table[x1 * h + y0] -= 1;
            table[x1 * h + y1] += 1;
        }
        // Prefix sums in y, then in x: each cell's entry becomes the number of boxes over it.
        for x in 0..w {
            for y in 1..h {
                table[x * h + y] += table[x * h + y - 1];
            }
        }
        for x in 1..w {
            for y in 0..h {
                table[x * h + y] += table[(x - 1) * h + y];
            }
        }
        (0..w - 1).all(|x| (0..h - 1).all(|y| table[x * h + y] > 0))
    }
}

/// The side of the grid's cells for `queries`: their largest side, and at least 1.
fn cell_side(queries: &[Box2]) -> u64 {
    queries
        .iter()
        .map(|b| (b.hi.x - b.lo.x).max(b.hi.y - b.lo.y).unsigned_abs() + 3)
        .max()
        .unwrap_or(1)
}

/// True when the m-gons are at least twice as wide as the median ring edge is long
/// (maximum norm). Below that they are smaller than the features, hardly any lies deep inside, and
/// the test would cost more than it saves: it is not run (keeping a piece is always
/// allowed).
pub(super) fn worth_testing(pieces: &RoundPieces) -> bool {
    let Some(mgon) = pieces.mgons.first() else {
        return false;
    };
    let b = Box2::of(mgon);
    let width = (b.hi.x - b.lo.x).max(b.hi.y - b.lo.y);
    let mut lengths: Vec<i64> = pieces
        .rings
        .iter()
        .flat_map(|ring| {
            (0..ring.len()).map(|i| {
                let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                (b.x - a.x).abs().max((b.y - a.y).abs())
            })
        })
        .collect();
    if lengths.is_empty() {
        return false;
    }
    let middle = lengths.len() / 2;
    let (_, median, _) = lengths.select_nth_unstable(middle);
    width >= 2 * *median
}

/// Leaves out (sets to [`Fate::Drop`]) every m-gon kept whole and every sector of `fates`
/// that lies deep inside the offset (section 11): its box is covered by the boxes of the
/// axis-parallel edges' rectangles (whole or halved by section 10, which the theorem counts
/// alike), and every slanted edge that is fed (of the region, a slanted edge's rectangle,
/// an m-gon or a sector) whose box lies within one unit of the piece's box has a covered
/// box too. Run after sections 4 to 10 have settled what is fed; the pieces it leaves out
/// are never obstacles to one another (their edges' boxes lie in covered boxes), so the
/// answer needs no fixed point and no order.
pub(super) fn drop_deep(pieces: &RoundPieces, fates: &mut [Fate]) {
    let ring_edges: Vec<[GridPoint; 2]> = pieces
        .rings
        .iter()
        .flat_map(|ring| (0..ring.len()).map(|i| [ring[i], ring[(i + 1) % ring.len()]]))
        .collect();
    let boxes: Vec<Box2> = ring_edges
        .iter()
        .zip(&pieces.rectangles)
        .filter(|&(&[a, b], rectangle)| halves_of(rectangle, a, b).is_some())
        .map(|(_, rectangle)| Box2::of(rectangle))
        .collect();
    // The pieces that may go, and their boxes.
    let candidates: Vec<(usize, &[GridPoint])> = fates
        .iter()
        .enumerate()
        .filter_map(|(c, fate)| match fate {
            Fate::Keep => Some((c, pieces.mgons[c].as_slice())),
            Fate::Sector(sector) => Some((c, sector.as_slice())),
            Fate::Drop => None,
        })
        .collect();
    if boxes.is_empty() || candidates.is_empty() {
        return;
    }
    let candidate_boxes: Vec<Box2> = candidates.iter().map(|(_, p)| Box2::of(p)).collect();
    let side = cell_side(&candidate_boxes);
    let mut cover = Cover::new(boxes, &candidate_boxes, side);
    let covered: Vec<bool> = candidate_boxes.iter().map(|b| cover.covers(b)).collect();
    if !covered.contains(&true) {
        return;
    }

    // Everything slanted that is fed, in groups (a piece, or one region edge); the
    // candidates come first, in their order.
    let mut groups: Vec<&[GridPoint]> = candidates.iter().map(|&(_, p)| p).collect();
    groups.extend(
        pieces
            .rectangles
            .iter()
            .map(Vec::as_slice)
            .chain(ring_edges.iter().map(|e| e.as_slice()))
            .filter(|p| slanted_edges(p).next().is_some()),
    );
    let group_boxes: Vec<Box2> = groups.iter().map(|p| Box2::of(p)).collect();
    let deep_boxes: Vec<Box2> = (0..candidates.len())
        .filter(|&j| covered[j])
        .map(|j| candidate_boxes[j])
        .collect();
    let grid = BoxGrid::new(&group_boxes, &deep_boxes, side);
    // The boxes of each group's slanted edges that are not covered, worked out when a
    // candidate first needs them (a covered group has none: its edges lie in its box).
    let mut uncovered: Vec<Option<Vec<Box2>>> = vec![None; groups.len()];
    for (j, is_covered) in covered.iter().enumerate() {
        if *is_covered {
            uncovered[j] = Some(Vec::new());
        }
    }
    let mut deep = Vec::new();
    for (j, &(c, _)) in candidates.iter().enumerate() {
        if !covered[j] {
            continue;
        }
        let b = candidate_boxes[j];
        let mut clear = true;
        grid.for_each_near(&b, |g| {
            if !clear || !group_boxes[g].within(&b, 1) {
                return;
            }
            let edges = uncovered[g].get_or_insert_with(|| {
                if cover.covers(&group_boxes[g]) {
                    return Vec::new();
                }
                slanted_edges(groups[g])
                    .map(|e| Box2::of(&e))
                    .filter(|e| !cover.covers(e))
                    .collect()
            });
            clear = !edges.iter().any(|e| e.within(&b, 1));
        });
        if clear {
            deep.push(c);
        }
    }
    for c in deep {
        fates[c] = Fate::Drop;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    fn bx(lo: (i64, i64), hi: (i64, i64)) -> Box2 {
        Box2 {
            lo: p(lo.0, lo.1),
            hi: p(hi.0, hi.1),
        }
    }

    fn cover(boxes: Vec<Box2>) -> Cover {
        Cover::new(boxes, &[], 4)
    }

    /// Coverage by brute force on the unit squares of a small grid: every square of `b`
    /// inside one of `boxes`.
    fn covered_by_squares(boxes: &[Box2], b: &Box2) -> bool {
        (b.lo.x..b.hi.x).all(|x| {
            (b.lo.y..b.hi.y).all(|y| {
                boxes
                    .iter()
                    .any(|r| r.contains(&bx((x, y), (x + 1, y + 1))))
            })
        }) && b.lo.x < b.hi.x
            && b.lo.y < b.hi.y
    }

    #[test]
    fn coverage_agrees_with_unit_squares_on_random_boxes() {
        let mut rng = onepath_testkit::Rng::new(0x11_DEE9);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..3000 {
            let random_box = |rng: &mut onepath_testkit::Rng, size: i64| {
                let (x, y) = (rng.range(0, 16), rng.range(0, 16));
                bx((x, y), (x + rng.range(1, size), y + rng.range(1, size)))
            };
            let n = 1 + rng.below(12);
            let boxes: Vec<Box2> = (0..n).map(|_| random_box(&mut rng, 10)).collect();
            let query = random_box(&mut rng, 6);
            let expected = covered_by_squares(&boxes, &query);
            let mut shuffled = boxes.clone();
            shuffled.reverse();
            assert_eq!(cover(boxes).covers(&query), expected, "{query:?}");
            assert_eq!(cover(shuffled).covers(&query), expected, "{query:?}");
            if expected {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 300 && no > 300, "{yes} covered, {no} not");
    }

    #[test]
    fn touching_boxes_cover_and_a_flat_box_does_not_count() {
        let mut c = cover(vec![bx((0, 0), (5, 10)), bx((5, 0), (10, 10))]);
        assert!(c.covers(&bx((1, 1), (9, 9))));
        assert!(c.covers(&bx((0, 0), (10, 10))));
        assert!(!c.covers(&bx((0, 0), (11, 10))));
        // A gap of one unit between two boxes.
        let mut gap = cover(vec![bx((0, 0), (4, 10)), bx((5, 0), (10, 10))]);
        assert!(!gap.covers(&bx((1, 1), (9, 9))));
        assert!(gap.covers(&bx((1, 1), (4, 9))));
        // A flat query has no interior to cover: the test says no (the piece is kept).
        assert!(!c.covers(&bx((1, 1), (1, 9))));
    }

    /// A comb: a spine one cell wide on the left, and `bars` bars one cell thick and 30
    /// long, three cells apart, counter-clockwise.
    fn comb(bars: i64, cell: i64) -> Vec<GridPoint> {
        let q = |x: i64, y: i64| p(x * cell, y * cell);
        let mut ring = vec![q(0, 0)];
        for j in 0..bars {
            let y = 3 * j;
            if j > 0 {
                ring.push(q(1, y));
            }
            ring.extend([q(30, y), q(30, y + 1)]);
            if j + 1 < bars {
                ring.push(q(1, y + 1));
            }
        }
        ring.push(q(0, 3 * (bars - 1) + 1));
        ring
    }

    /// Grown by four cells, the comb's inner corners on the spine lie deep inside (the long
    /// edges' rectangles cover their boxes) and their m-gons go; the bars' ends shape the
    /// offset's boundary, and theirs stay.
    #[test]
    fn a_comb_grown_far_loses_the_mgons_of_its_inner_corners() {
        let cell = 64;
        let bars = 12;
        let pieces =
            RoundPieces::new(&[comb(bars, cell)], 4.0 * cell as f64, 0.0, 1 << 30).expect("pieces");
        let mut fates = vec![Fate::Keep; pieces.mgons.len()];
        drop_deep(&pieces, &mut fates);
        let top = (3 * (bars - 1) + 1) * cell;
        let mut inner = 0;
        for (centre, fate) in pieces.centres.iter().zip(&fates) {
            if centre.x == cell && centre.y >= 9 * cell && centre.y <= top - 9 * cell {
                assert_eq!(*fate, Fate::Drop, "{centre:?}");
                inner += 1;
            }
            if centre.x == 30 * cell || centre.x == 0 {
                assert_eq!(*fate, Fate::Keep, "{centre:?}");
            }
        }
        assert!(inner >= 10, "{inner}");
    }
}
