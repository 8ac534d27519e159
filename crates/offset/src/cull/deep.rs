//! The m-gons and sectors deep inside the offset, left out (`docs/offset-culling.md`,
//! section 11).
//!
//! The rectangle of an axis-parallel ring edge is a box whose points every run labels
//! alike: snap rounding never moves its sides, so where it is fed its winding is 1 in both
//! runs, and where section 10 left out its half the region's own winding decides; so do
//! the points on the region's side that does not matter, away from slanted region edges
//! (`cover.rs`). A piece whose box that covered set holds, and near which (one unit,
//! maximum norm) every slanted edge fed also has its box covered, changes no label when it
//! goes: whatever its hot pixels bend lies in the covered set. This is what lets large
//! offsets leave out the m-gons that lie deep inside, where the clearance of section 4
//! fails.

use super::boxes::{Box2, BoxGrid, cell_side};
use super::cover::LazyCover;
use super::{Fate, ring_edges, slanted_edges};
use crate::round::RoundPieces;
use onepath_predicates::GridPoint;

/// One candidate in this many is tested first, to decide whether testing them all is worth
/// its cost.
const SAMPLE: usize = 16;

/// True when the test of section 11 may find enough to pay for itself: the m-gons are at
/// least twice as wide as the median ring edge is long (maximum norm), or at least a fifth
/// of the candidates (the m-gons kept whole and the sectors of `fates`) are m-gons kept
/// whole. Below both, hardly any candidate lies deep inside and the test would cost more
/// than it saves: it is not run (keeping a piece is always allowed). A sector is the part
/// of a corner's m-gon on the side that matters, which sticks out of the covered set unless
/// something else swallows the corner, so sectors are seldom covered; whole m-gons are
/// what sections 3 to 10 and 12 could not leave out because a neighbour crowds them (the union of
/// many small squares, a map of lone blocked cells), and those are often deep inside. (On
/// a region with slanted corners the m-gons there are kept whole too and the gate opens;
/// with no axis-parallel edge, [`deep_pieces`] has no box to cover with and returns at once.)
pub(super) fn worth_testing(pieces: &RoundPieces, fates: &[Fate]) -> bool {
    let Some(mgon) = pieces.mgons.first() else {
        return false;
    };
    let (mut whole, mut candidates) = (0usize, 0usize);
    for fate in fates {
        match fate {
            Fate::Keep => (whole, candidates) = (whole + 1, candidates + 1),
            Fate::Sector(_) => candidates += 1,
            Fate::Drop => {}
        }
    }
    if candidates > 0 && 5 * whole >= candidates {
        return true;
    }
    let b = Box2::of(mgon);
    let width = (b.hi.x - b.lo.x).max(b.hi.y - b.lo.y);
    let mut lengths: Vec<i64> = ring_edges(&pieces.rings)
        .map(|[a, b]| (b.x - a.x).abs().max((b.y - a.y).abs()))
        .collect();
    if lengths.is_empty() {
        return false;
    }
    let middle = lengths.len() / 2;
    let (_, median, _) = lengths.select_nth_unstable(middle);
    width >= 2 * *median
}

/// The m-gons (by index) that may be left out ([`Fate::Drop`]) of those kept whole and the
/// sectors of `fates`: the ones deep inside the offset on `side` (section 11), whose box is
/// covered by the boxes of the axis-parallel edges' rectangles (whole or halved by section
/// 10, which the theorem counts alike) and the region's side that does not matter, and
/// every slanted edge that is fed (of the region, a slanted edge's rectangle, an m-gon or a
/// sector) whose box lies within one unit of the piece's box has a covered box too. Run
/// once sections 4 and 12 have settled the m-gons' fates; section 10's halves change
/// nothing it reads, so the two run side by side. The pieces it leaves out are never obstacles to one another
/// (their edges' boxes lie in covered boxes), so the answer needs no fixed point and no
/// order. With `sample_first`, one candidate in
/// [`SAMPLE`] is tested first and nothing more is done when fewer than a fifth of those
/// have a covered box.
pub(super) fn deep_pieces(
    pieces: &RoundPieces,
    fates: &[Fate],
    sample_first: bool,
    cover: &mut LazyCover,
) -> Vec<usize> {
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
    if candidates.is_empty() {
        return Vec::new();
    }
    let cover = cover.get();
    if cover.is_empty() {
        return Vec::new();
    }
    let edges: Vec<[GridPoint; 2]> = ring_edges(&pieces.rings).collect();
    let candidate_boxes: Vec<Box2> = candidates.iter().map(|(_, p)| Box2::of(p)).collect();
    let cell = cell_side(&candidate_boxes);
    // A sample first, every `SAMPLE`th candidate in the order of the corners (the sorted
    // distinct ring vertices, so the sample depends on the region only): when fewer than a
    // fifth of them are covered, the rest is not tested (keeping a piece is always allowed).
    let sample: Vec<bool> = candidate_boxes
        .iter()
        .step_by(SAMPLE)
        .map(|b| cover.covers(b))
        .collect();
    if sample_first && 5 * sample.iter().filter(|&&c| c).count() < sample.len() {
        return Vec::new();
    }
    let covered: Vec<bool> = candidate_boxes
        .iter()
        .enumerate()
        .map(|(j, b)| match j % SAMPLE {
            0 => sample[j / SAMPLE],
            _ => cover.covers(b),
        })
        .collect();

    // Everything slanted that is fed, in groups (a piece, or one region edge); the
    // candidates come first, in their order.
    let mut groups: Vec<&[GridPoint]> = candidates.iter().map(|&(_, p)| p).collect();
    groups.extend(
        pieces
            .rectangles
            .iter()
            .map(Vec::as_slice)
            .chain(edges.iter().map(|e| e.as_slice()))
            .filter(|p| slanted_edges(p).next().is_some()),
    );
    let group_boxes: Vec<Box2> = groups.iter().map(|p| Box2::of(p)).collect();
    let deep_boxes: Vec<Box2> = (0..candidates.len())
        .filter(|&j| covered[j])
        .map(|j| candidate_boxes[j])
        .collect();
    let grid = BoxGrid::new(&group_boxes, &deep_boxes, cell);
    // The boxes of each group's slanted edges that are not covered, worked out when a
    // candidate first needs them (a covered group has none: its edges lie in its box).
    let mut uncovered: Vec<Option<Vec<Box2>>> = vec![None; groups.len()];
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
                // A candidate's box was tested already.
                let box_covered = match covered.get(g) {
                    Some(&known) => known,
                    None => cover.covers(&group_boxes[g]),
                };
                if box_covered {
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
    deep
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cull::OffsetSide;
    use crate::cull::cover::CoverSource;

    /// [`deep_pieces`] with a covered set of its own, left out of `fates`.
    fn deep(pieces: &RoundPieces, side: OffsetSide, fates: &mut [Fate], sample_first: bool) {
        let source = CoverSource::new(pieces, side == OffsetSide::Grow);
        let mut cover = source.lazy();
        for c in deep_pieces(pieces, fates, sample_first, &mut cover) {
            fates[c] = Fate::Drop;
        }
    }

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
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

    /// The gate: with m-gons narrower than twice the median edge, the test runs when at
    /// least a fifth of the candidates are whole m-gons, and not when sectors dominate or
    /// nothing is left to test; m-gons twice as wide as that run it whatever the fates.
    #[test]
    fn the_test_runs_where_whole_mgons_are_a_fifth_of_the_candidates() {
        let cell = 64;
        let narrow =
            RoundPieces::new(&[comb(4, cell)], 0.25 * cell as f64, 0.0, 1 << 30).expect("pieces");
        let n = narrow.mgons.len();
        let sector = || Fate::Sector(vec![p(0, 0), p(1, 0), p(0, 1)]);
        let fates = |whole: usize| -> Vec<Fate> {
            (0..n)
                .map(|c| if c < whole { Fate::Keep } else { sector() })
                .collect()
        };
        assert!(worth_testing(&narrow, &fates(n)));
        assert!(worth_testing(&narrow, &fates(n.div_ceil(5))));
        assert!(!worth_testing(&narrow, &fates(n.div_ceil(5) - 1)));
        // Exactly a fifth opens it, a sixth does not; dropped m-gons are no candidates.
        let mut fifth = vec![Fate::Keep];
        fifth.extend((0..4).map(|_| sector()));
        fifth.resize(n, Fate::Drop);
        assert!(worth_testing(&narrow, &fifth));
        let mut sixth = vec![Fate::Keep];
        sixth.extend((0..5).map(|_| sector()));
        sixth.resize(n, Fate::Drop);
        assert!(!worth_testing(&narrow, &sixth));
        assert!(!worth_testing(&narrow, &vec![Fate::Drop; n]));
        // The bars' long edges (29 cells) are the median: m-gons of 30 cells' radius.
        let wide =
            RoundPieces::new(&[comb(4, cell)], 30.0 * cell as f64, 0.0, 1 << 30).expect("pieces");
        let sectors = vec![sector(); wide.mgons.len()];
        assert!(worth_testing(&wide, &sectors));
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
        deep(&pieces, OffsetSide::Grow, &mut fates, false);
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

    /// A square field with one-cell holes three cells apart, grown by two cells: the holes
    /// go (the region's inside covers the field around them, their edges' rectangles cover
    /// them), and so do their m-gons; the square's own corners shape the offset and keep
    /// theirs. Shrunk, the field's inside matters and the holes' m-gons stay (between two
    /// holes diagonally apart no rectangle covers it).
    #[test]
    fn holes_swallowed_by_a_grow_lose_their_mgons() {
        let cell = 64;
        let q = |x: i64, y: i64| p(x * cell, y * cell);
        let mut rings = vec![vec![q(0, 0), q(40, 0), q(40, 40), q(0, 40)]];
        for i in 0..10 {
            for j in 0..10 {
                let (x, y) = (5 + 3 * i, 5 + 3 * j);
                rings.push(vec![q(x, y), q(x, y + 1), q(x + 1, y + 1), q(x + 1, y)]);
            }
        }
        let pieces = RoundPieces::new(&rings, 2.0 * cell as f64, 0.0, 1 << 30).expect("pieces");
        for side in [OffsetSide::Grow, OffsetSide::Shrink] {
            let mut fates = vec![Fate::Keep; pieces.mgons.len()];
            deep(&pieces, side, &mut fates, false);
            for (centre, fate) in pieces.centres.iter().zip(&fates) {
                let on_square = [centre.x, centre.y]
                    .iter()
                    .any(|&v| v == 0 || v == 40 * cell);
                // Shrunk, a square corner's m-gon lies in the outside (which does not
                // matter) and the two edges' rectangles: it goes as well.
                let expected = match (side, on_square) {
                    (OffsetSide::Grow, false) | (OffsetSide::Shrink, true) => Fate::Drop,
                    _ => Fate::Keep,
                };
                assert_eq!(*fate, expected, "{side:?} {centre:?}");
            }
        }
        // Sampled first, the shrink finds too few covered boxes (the holes' m-gons, most
        // of the candidates, are not) and tests no further: everything is kept.
        let mut fates = vec![Fate::Keep; pieces.mgons.len()];
        deep(&pieces, OffsetSide::Shrink, &mut fates, true);
        assert!(fates.iter().all(|f| *f == Fate::Keep));
        // Grown, the sample passes and the result is the same as without it.
        let mut sampled = vec![Fate::Keep; pieces.mgons.len()];
        let mut full = sampled.clone();
        deep(&pieces, OffsetSide::Grow, &mut sampled, true);
        deep(&pieces, OffsetSide::Grow, &mut full, false);
        assert_eq!(sampled, full);
    }
}
