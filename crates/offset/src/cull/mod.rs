//! The round offset's m-gons that provably change no output bit, left out or cut down to
//! the sector that matters (issue #18; the proof and its margins are
//! `docs/offset-culling.md`).
//!
//! At a corner whose two ring edges are axis-parallel, the two edges' rectangles cover the
//! corner's m-gon except for one quadrant of its box, the gap: ahead of the incoming edge
//! and behind the outgoing one. The gap lies inside the region at a reflex corner and
//! outside it at a convex one. The m-gon less its sector over the gap (the "rest") lies in
//! the rectangles (or, past a short edge, in what section 12's covered set holds), so it
//! adds nothing to `region ∪ S` and takes nothing more from `region ∖ S`: the m-gon becomes
//! its sector. Where the gap itself lies on the side that
//! does not matter (inside the region when growing, outside when shrinking) and holds no
//! region edge, the whole m-gon goes. Snap rounding keeps both true when nothing that
//! rounding can bend (an edge that is not axis-parallel) comes within one grid unit of
//! what is left out (section 4 of the proof). Where an edge is too short for its rectangle
//! to hold the m-gon's box, the covered set of section 11 (other edges' rectangles, the
//! region's side that does not matter) may hold it instead; then only slanted edges near
//! what is left out whose boxes that set does not hold count (section 12). Last, at large
//! radii, the m-gons and sectors deep inside the offset go where the rectangles cover them
//! (section 11, `deep.rs`).

mod boxes;
mod corner;
mod corner_squares;
mod cover;
mod deep;
mod halves;
mod shapes;

use crate::par::{join, map_parts};
use crate::round::RoundPieces;
pub(crate) use boxes::Box2;
use boxes::{BoxGrid, cell_side};
use corner::{Corner, Splits};
pub(crate) use corner_squares::corner_squares;
use cover::{CoverSource, LazyCover};
use onepath_predicates::{GridPoint, Orientation};
use shapes::{CHUNK, Shapes};
use std::collections::HashMap;

/// The hasher of the culling's caches: fast and seeded alike in every run (nothing iterates
/// a cache, so no order reaches an output either way).
pub(super) type CacheHasher = foldhash::fast::FixedState;

/// Which set an offset returns, and so which m-gons [`round_offset_polygons_culled`] may
/// leave out.
///
/// [`round_offset_polygons_culled`]: crate::round_offset_polygons_culled
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OffsetSide {
    /// `region ∪ S` (a positive distance): m-gons at reflex corners may go.
    Grow,
    /// `region ∖ S` (a negative distance): m-gons at convex corners may go.
    Shrink,
}

/// The gaps are tested against the covered set (section 12) when at least one corner in
/// this many has an edge too short for its rectangle to hold the m-gon's box.
const SHORT_EDGES: usize = 16;

/// What the culling does with one m-gon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Fed as it is.
    Keep,
    /// Left out.
    Drop,
    /// Replaced by this sector (a counter-clockwise polygon).
    Sector(Vec<GridPoint>),
}

/// True when every edge of the closed polygon is axis-parallel.
fn is_rectilinear(polygon: &[GridPoint]) -> bool {
    slanted_edges(polygon).next().is_none()
}

/// True when the segment `a b` is horizontal or vertical: snap rounding never moves it
/// (it meets only pixels whose centres lie on it).
fn is_axis_parallel(a: GridPoint, b: GridPoint) -> bool {
    a.x == b.x || a.y == b.y
}

/// The edges of the closed polygon that are neither horizontal nor vertical: the only ones
/// snap rounding can bend.
fn slanted_edges(polygon: &[GridPoint]) -> impl Iterator<Item = [GridPoint; 2]> + '_ {
    edges_of(polygon).filter(|&[a, b]| !is_axis_parallel(a, b))
}

/// The edges of the closed polygon, edge `i` from vertex `i` to vertex `i + 1`.
fn edges_of(polygon: &[GridPoint]) -> impl Iterator<Item = [GridPoint; 2]> + '_ {
    (0..polygon.len()).map(|i| [polygon[i], polygon[(i + 1) % polygon.len()]])
}

/// The edges of every ring, rings in order: the order of [`RoundPieces::rectangles`].
fn ring_edges(rings: &[Vec<GridPoint>]) -> impl Iterator<Item = [GridPoint; 2]> + '_ {
    rings.iter().flat_map(|ring| edges_of(ring))
}

/// One m-gon the culling may change.
struct Candidate {
    corner: Corner,
    /// The sector that stays when the rest goes; `None` when the whole m-gon goes.
    sector: Option<usize>,
    /// The shape left out: the m-gon's or its rest's.
    dropped: usize,
    /// True when the covered set holds what is left out and everything its rounding can
    /// reach (section 12; always, for a sector's rest): then only a slanted edge that comes
    /// within one unit of it and whose box the covered set does not hold keeps it.
    /// Otherwise (a whole m-gon whose gap the covered set does not hold) section 4's
    /// clearance applies: every slanted edge must keep more than one unit from it and lie
    /// outside it.
    by_cover: bool,
}

/// Where a slanted edge lies relative to what a candidate leaves out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Contact {
    /// More than one unit (maximum norm) from every edge of it, and outside it.
    Clear,
    /// More than one unit from every edge of it, but not known to be outside it.
    Inside,
    /// Within one unit of one of its edges.
    Near,
}

impl Candidate {
    /// Where the segment `edge` lies relative to the polygon left out: it keeps more than
    /// one unit from every edge of that polygon (but a rest's or a half's sides at the
    /// corner, which the piece kept beside it feeds too: [`shapes::Shape::keeps_clear_of`]),
    /// and then it lies outside when its first endpoint lies strictly outside the corner's
    /// m-gon, since it crosses none of the edges. (Only whole m-gons ask where an edge
    /// lies: a sector's rest is always a candidate of section 12, which asks only whether
    /// an edge is near.)
    ///
    /// A candidate of section 12 ([`Candidate::by_cover`]) asks only whether an edge is
    /// near, so for it an edge that keeps clear is [`Contact::Clear`] without the test.
    fn contact(&self, shapes: &Shapes, edge: [GridPoint; 2]) -> Contact {
        let edge = [edge[0] - self.corner.v, edge[1] - self.corner.v];
        if !shapes.all[self.dropped].keeps_clear_of(edge) {
            Contact::Near
        } else if self.by_cover || shapes.all[self.corner.shape].is_outside_convex(edge[0]) {
            Contact::Clear
        } else {
            Contact::Inside
        }
    }
}

/// What [`Group::contacts`] depends on for a placed shape: the group's shape, its place
/// relative to the candidate's corner, the shape the candidate leaves out, the corner's
/// m-gon shape, whether the candidate is one of section 12 (which never asks whether an
/// edge lies inside), and the corner's edge directions.
type BlockKey = (usize, GridPoint, usize, usize, bool, [[i64; 2]; 2]);

/// A group's slanted edges that come near what a candidate leaves out: whether one of them
/// is [`Contact::Inside`], and the indices of those that are [`Contact::Near`].
#[derive(Default)]
struct Contacts {
    inside: bool,
    near: Vec<u32>,
}

/// Whether slanted edges keep candidates, with the caches of the pure functions it asks
/// (their order reaches nothing): the contacts of placed shapes, which on tile maps repeat
/// from corner to corner, and whether the covered set holds an edge's box.
struct Blocking<'b, 'c> {
    contacts: HashMap<BlockKey, Contacts, CacheHasher>,
    covered_edges: HashMap<[GridPoint; 2], bool, CacheHasher>,
    cover: &'b mut LazyCover<'c>,
}

impl<'b, 'c> Blocking<'b, 'c> {
    /// Empty caches over the covered set of `cover`.
    fn new(cover: &'b mut LazyCover<'c>) -> Self {
        Blocking {
            contacts: HashMap::default(),
            covered_edges: HashMap::default(),
            cover,
        }
    }

    /// True when a slanted edge of `group` keeps `candidate`'s m-gon: for a candidate whose
    /// left-out part the covered set holds, an edge within one unit of that part whose box
    /// the covered set does not hold (section 12); for another, any edge within one unit of
    /// it or not known to lie outside it (section 4).
    fn blocks(&mut self, group: &Group, shapes: &Shapes, candidate: &Candidate) -> bool {
        let lone;
        let contacts = match *group {
            Group::Placed(shape, at) => {
                let corner = &candidate.corner;
                let key = (
                    shape,
                    at - corner.v,
                    candidate.dropped,
                    corner.shape,
                    candidate.by_cover,
                    corner.directions(),
                );
                &*self
                    .contacts
                    .entry(key)
                    .or_insert_with(|| group.contacts(shapes, candidate))
            }
            Group::Edge(_) => {
                lone = group.contacts(shapes, candidate);
                &lone
            }
        };
        if !candidate.by_cover {
            return contacts.inside || !contacts.near.is_empty();
        }
        let (cover, covered_edges) = (&mut self.cover, &mut self.covered_edges);
        contacts.near.iter().any(|&i| {
            let edge = group.slanted_edge(shapes, i);
            !*covered_edges
                .entry(edge)
                .or_insert_with(|| cover.get().covers(&Box2::of(&edge)))
        })
    }
}

/// Slanted edges the arrangement keeps, in groups: a shape placed at a corner, or one edge.
#[derive(Clone, Copy)]
enum Group {
    Placed(usize, GridPoint),
    Edge([GridPoint; 2]),
}

impl Group {
    fn bounds(&self, shapes: &Shapes) -> Box2 {
        match *self {
            Group::Placed(shape, at) => shapes.all[shape].bounds.shifted(at),
            Group::Edge(e) => Box2::of(&e),
        }
    }

    /// The group's slanted edge `i`: of the placed shape's
    /// [`slanted`](shapes::Shape::slanted) list, or the lone edge (0).
    fn slanted_edge(&self, shapes: &Shapes, i: u32) -> [GridPoint; 2] {
        match *self {
            Group::Placed(shape, at) => {
                let e = shapes.all[shape].slanted[i as usize];
                [e[0] + at, e[1] + at]
            }
            Group::Edge(e) => e,
        }
    }

    /// How the group's slanted edges whose boxes lie within one unit of the candidate's
    /// m-gon box meet what it leaves out (edges are indexed in the shape's
    /// [`slanted`](shapes::Shape::slanted) list; a lone edge is index 0).
    fn contacts(&self, shapes: &Shapes, candidate: &Candidate) -> Contacts {
        let mut contacts = Contacts::default();
        let bounds = &candidate.corner.bounds;
        let mut meet = |i: u32| match candidate.contact(shapes, self.slanted_edge(shapes, i)) {
            Contact::Clear => {}
            Contact::Inside => contacts.inside = true,
            Contact::Near => contacts.near.push(i),
        };
        match *self {
            Group::Placed(shape, at) => {
                let shape = &shapes.all[shape];
                for (c, chunk) in shape.slanted_chunks.iter().enumerate() {
                    if !bounds.within(&chunk.shifted(at), 1) {
                        continue;
                    }
                    for i in CHUNK * c..shape.slanted.len().min(CHUNK * (c + 1)) {
                        if bounds.within(&shape.slanted_boxes[i].shifted(at), 1) {
                            meet(i as u32);
                        }
                    }
                }
            }
            Group::Edge(e) => {
                if bounds.within(&Box2::of(&e), 1) {
                    meet(0);
                }
            }
        }
        contacts
    }
}

/// Which of a corner's quadrants beside its gap (section 12) the covered set does not hold.
enum Unheld {
    None,
    /// Exactly one: the corner may still lose the half of its m-gon away from it.
    One(u8),
    /// More than one: the corner keeps its m-gon.
    Many,
}

/// The quadrants of corner `c` beside its gap that the covered set does not hold (only
/// the quadrants of short edges can be unheld), asked in order until a second is found.
fn unheld_quadrant(
    c: &Corner,
    shapes: &Shapes,
    cover: &mut LazyCover,
    bands: &mut cover::Bands,
) -> Unheld {
    let mut unheld = Unheld::None;
    for (k, quadrant) in c.short_quadrants() {
        if !cover
            .get()
            .covers_part(shapes, c.shape, c.v, &quadrant, bands)
        {
            match unheld {
                Unheld::None => unheld = Unheld::One(k),
                _ => return Unheld::Many,
            }
        }
    }
    unheld
}

/// What the culling does with the pieces of one round offset.
pub(crate) struct Culling {
    /// The fate of every m-gon, in the order of [`RoundPieces::mgons`].
    pub(crate) fates: Vec<Fate>,
    /// For every rectangle (in the order of [`RoundPieces::rectangles`]), the half on the
    /// side that matters when only that half is fed ([`halves`], `docs/offset-culling.md`,
    /// section 10).
    pub(crate) halved: Vec<Option<[GridPoint; 4]>>,
}

/// What the culling does with `pieces` for the offset on `side`: the m-gons' fates, then the
/// rectangles that can lose a half given what is kept, then the m-gons and sectors deep
/// inside (`docs/offset-culling.md`, sections 3 to 12). Nothing
/// is culled when an m-gon is not strictly convex (section 4, condition (c)).
pub(crate) fn cull(pieces: &RoundPieces, side: OffsetSide) -> Culling {
    // The covered set of sections 11 and 12, made when one of them first needs it.
    let source = CoverSource::new(pieces, side == OffsetSide::Grow);
    let mut cover = source.lazy();
    match mgon_fates(pieces, side, &mut cover) {
        Some(mut fates) => {
            // Section 10's halves and section 11's deep pieces read the same fates (the
            // deep test counts a halved rectangle as the whole one), so they are found
            // side by side, on two cores with the feature `parallel`.
            let test_deep = deep::worth_testing(pieces, &fates);
            let (halved, deep) = join(
                || halves::halved_rectangles(pieces, side, &fates),
                || {
                    if test_deep {
                        deep::deep_pieces(pieces, &fates, true, &mut cover)
                    } else {
                        Vec::new()
                    }
                },
            );
            for c in deep {
                fates[c] = Fate::Drop;
            }
            Culling { fates, halved }
        }
        None => Culling {
            fates: vec![Fate::Keep; pieces.mgons.len()],
            halved: vec![None; pieces.rectangles.len()],
        },
    }
}

/// The fate of every m-gon of `pieces` for the offset on `side` (`docs/offset-culling.md`),
/// or `None` when one of them is not strictly convex.
fn mgon_fates(pieces: &RoundPieces, side: OffsetSide, cover: &mut LazyCover) -> Option<Vec<Fate>> {
    let RoundPieces {
        rings,
        rectangles,
        centres,
        mgons,
    } = pieces;
    // The parts on other cores ask the covered set through handles of their own.
    let source = cover.source();
    // The turn at which the whole m-gon may go: its gap lies on the side that does not
    // matter.
    let whole_turn = match side {
        OffsetSide::Grow => Orientation::Clockwise,
        OffsetSide::Shrink => Orientation::CounterClockwise,
    };
    let mut shapes = Shapes::new();
    let mgon_shapes: Vec<usize> = mgons
        .iter()
        .zip(centres)
        .map(|(mgon, &c)| shapes.intern(mgon, c))
        .collect();
    // Section 4 (c): every kept piece must have a winding of 0 or 1, which a rounded m-gon
    // that is not strictly convex need not have. Such m-gons (radii of a few units) make
    // the culling keep everything.
    if mgon_shapes
        .iter()
        .any(|&s| !shapes.all[s].convex_around_origin)
    {
        return None;
    }
    // Each distinct vertex's occurrences: a corner with exactly one has exactly two ring
    // edges there (a region's rings touch only at shared vertices).
    let mut occurrences = vec![0u32; centres.len()];
    let mut at = vec![(0usize, 0usize); centres.len()];
    for (k, ring) in rings.iter().enumerate() {
        for (i, v) in ring.iter().enumerate() {
            if let Ok(c) = centres.binary_search(v) {
                occurrences[c] += 1;
                at[c] = (k, i);
            }
        }
    }
    let mut first_rectangle = Vec::with_capacity(rings.len());
    let mut count = 0;
    for ring in rings {
        first_rectangle.push(count);
        count += ring.len();
    }

    // Section 3: the quadrant test and the split, corner by corner.
    let mut splits = Splits::default();
    let mut corners = Vec::new();
    for (c, &v) in centres.iter().enumerate() {
        let (k, i) = at[c];
        let n = rings[k].len();
        if occurrences[c] != 1 || n < 3 {
            continue;
        }
        let (prev, next) = (rings[k][(i + n - 1) % n], rings[k][(i + 1) % n]);
        let rects = [
            rectangles[first_rectangle[k] + (i + n - 1) % n].as_slice(),
            rectangles[first_rectangle[k] + i].as_slice(),
        ];
        corners.extend(Corner::test(
            c,
            [prev, v, next],
            rects,
            mgon_shapes[c],
            &mut shapes,
            &mut splits,
        ));
    }
    if corners.is_empty() {
        return Some(vec![Fate::Keep; mgons.len()]);
    }
    // Section 12: the covered set (of section 11) may hold what the two rectangles do not
    // (a short edge's rectangle ends before the m-gon's box does); a corner whose m-gon
    // part in such a quadrant it does not hold cannot lose anything.
    let (short, all) = (
        corners.iter().filter(|c| c.has_short_quadrant()).count(),
        corners.len(),
    );
    if short > 0 {
        // A corner with one quadrant beside the gap not held may still lose the half of
        // its m-gon away from the gap and that quadrant; one with more keeps its m-gon.
        // Which quadrants are held is a function of the corner and the covered set,
        // asked in parts on every core; the halves are then made in one pass (they
        // intern new shapes, which those tests never read).
        let unheld: Vec<Unheld> = map_parts(corners.len(), |range| {
            let (mut cover, mut bands) = (source.lazy(), cover::Bands::default());
            range
                .map(|j| unheld_quadrant(&corners[j], &shapes, &mut cover, &mut bands))
                .collect()
        });
        let mut unheld = unheld.into_iter();
        corners.retain_mut(|c| match unheld.next() {
            Some(Unheld::None) | None => true,
            Some(Unheld::Many) => false,
            Some(Unheld::One(k)) => {
                c.split = c.half_split(k, &mut shapes, &mut splits);
                c.half = true;
                c.split.is_some()
            }
        });
    }
    drop(splits);
    if corners.is_empty() {
        return Some(vec![Fate::Keep; mgons.len()]);
    }
    // Where short edges are rare (fewer than one corner in 16), a gap lies between long
    // edges whose rectangles do not reach into it, and the covered set is not asked to
    // hold it (keeping the m-gon is always allowed).
    let test_gaps = SHORT_EDGES * short >= all;
    // A whole m-gon goes only when its gap holds no region edge (then the gap lies wholly
    // inside the region at a reflex corner, wholly outside at a convex one).
    let edges: Vec<Box2> = ring_edges(rings).map(|e| Box2::of(&e)).collect();
    let min_side = cell_side(corners.iter().map(|c| &c.bounds));
    let whole_gaps: Vec<Box2> = corners
        .iter()
        .filter(|c| c.turn == whole_turn)
        .map(|c| c.gap)
        .collect();
    let mut gap_is_empty = vec![true; whole_gaps.len()];
    if !whole_gaps.is_empty() {
        let grid = BoxGrid::new(&edges, &whole_gaps, min_side);
        for (j, gap) in whole_gaps.iter().enumerate() {
            grid.for_each_near(gap, |e| gap_is_empty[j] &= !edges[e].meets_interior_of(gap));
        }
    }
    drop(edges);
    let mut empty = gap_is_empty.into_iter();
    // Section 12: the whole m-gon is covered when its part in the gap is (the other three
    // parts are, by the test above), whichever side the gap lies on; a sector's rest, or
    // the half away from a quadrant not held, always is. A corner cut in halves keeps its
    // m-gon's part in that quadrant, so it never loses it whole. Asked in parts on every
    // core.
    let covered: Vec<bool> = if test_gaps {
        map_parts(corners.len(), |range| {
            let (mut cover, mut bands) = (source.lazy(), cover::Bands::default());
            range
                .map(|j| {
                    let corner = &corners[j];
                    !corner.half
                        && cover.get().covers_part(
                            &shapes,
                            corner.shape,
                            corner.v,
                            &corner.gap,
                            &mut bands,
                        )
                })
                .collect()
        })
    } else {
        vec![false; corners.len()]
    };
    let mut candidates: Vec<Candidate> = Vec::new();
    for (corner, whole_covered) in corners.into_iter().zip(covered) {
        let empty_gap = corner.turn == whole_turn && empty.next() == Some(true);
        let whole = !corner.half && (empty_gap || whole_covered);
        let (sector, dropped, by_cover) = match (whole, corner.split) {
            (true, _) => (None, corner.shape, whole_covered),
            (false, Some((sector, rest))) => (Some(sector), rest, true),
            (false, None) => continue,
        };
        candidates.push(Candidate {
            corner,
            sector,
            dropped,
            by_cover,
        });
    }

    // Sections 4 and 12: nothing rounding can bend may come near what is left out. Every
    // slanted edge the arrangement keeps (of an m-gon kept whole, of a kept sector, of a
    // rectangle, of the region) must keep more than one unit from every edge of every
    // polygon left out and lie outside it (section 4), or, for a candidate the covered set
    // holds, keep more than one unit from it or have its box in the covered set (section
    // 12). A candidate that fails keeps its whole m-gon, which the candidates near it are
    // then checked against: the test runs to its closure, which does not depend on the
    // order of the checks.
    let mut is_candidate = vec![false; mgons.len()];
    for c in &candidates {
        is_candidate[c.corner.mgon] = true;
    }
    let mut groups: Vec<Group> = Vec::new();
    for (c, &v) in centres.iter().enumerate() {
        if !is_candidate[c] && !shapes.all[mgon_shapes[c]].slanted.is_empty() {
            groups.push(Group::Placed(mgon_shapes[c], v));
        }
    }
    for c in &candidates {
        groups.extend(c.sector.map(|s| Group::Placed(s, c.corner.v)));
    }
    for polygon in rectangles.iter().chain(rings) {
        groups.extend(slanted_edges(polygon).map(Group::Edge));
    }
    let group_boxes: Vec<Box2> = groups.iter().map(|g| g.bounds(&shapes)).collect();
    let boxes: Vec<Box2> = candidates.iter().map(|c| c.corner.bounds).collect();
    // Each candidate against the groups near it, in parts on every core, each part with
    // caches of its own (of pure functions, decisions D19). On tile maps the contacts of
    // placed shapes repeat from corner to corner and the parts repeat some of that work:
    // neutral on 8room_000's offsets, 4 % off the squares' grow (docs/performance.md,
    // item 74).
    let mut kept = if groups.is_empty() {
        vec![false; candidates.len()]
    } else {
        let grid = BoxGrid::new(&group_boxes, &boxes, min_side);
        map_parts(candidates.len(), |range| {
            let mut cover = source.lazy();
            let mut blocking = Blocking::new(&mut cover);
            range
                .map(|j| {
                    let mut kept = false;
                    grid.for_each_near(&boxes[j], |g| {
                        kept = kept
                            || (group_boxes[g].within(&boxes[j], 1)
                                && blocking.blocks(&groups[g], &shapes, &candidates[j]));
                    });
                    kept
                })
                .collect()
        })
    };
    let mut blocking = Blocking::new(cover);
    drop(groups);
    // The closure: each newly kept m-gon checked against the candidates near it.
    let grid = BoxGrid::new(&boxes, &boxes, min_side);
    let mut queue: Vec<usize> = (0..candidates.len()).filter(|&j| kept[j]).collect();
    while let Some(j) = queue.pop() {
        let group = Group::Placed(candidates[j].corner.shape, candidates[j].corner.v);
        grid.for_each_near(&boxes[j], |i| {
            if !kept[i]
                && boxes[i].within(&boxes[j], 1)
                && blocking.blocks(&group, &shapes, &candidates[i])
            {
                kept[i] = true;
                queue.push(i);
            }
        });
    }

    let mut fates = vec![Fate::Keep; mgons.len()];
    for (candidate, kept) in candidates.into_iter().zip(kept) {
        let corner = &candidate.corner;
        fates[corner.mgon] = match (kept, candidate.sector) {
            (true, _) => Fate::Keep,
            (false, None) => Fate::Drop,
            (false, Some(sector)) => Fate::Sector(
                shapes.all[sector]
                    .points
                    .iter()
                    .map(|&p| p + corner.v)
                    .collect(),
            ),
        };
    }
    Some(fates)
}

#[cfg(test)]
mod tests {
    use super::*;
    use onepath_testkit::Rng;

    /// A random rectilinear ring: the boundary of a staircase of columns of random
    /// heights, counter-clockwise, without collinear vertices.
    fn staircase(rng: &mut Rng, cell: i64) -> Vec<GridPoint> {
        let columns = 2 + rng.below(8);
        let heights: Vec<i64> = (0..columns).map(|_| rng.range(1, 6)).collect();
        let mut ring = vec![
            GridPoint::new(0, 0),
            GridPoint::new(columns as i64 * cell, 0),
        ];
        for k in (0..columns).rev() {
            let (x0, x1) = (k as i64 * cell, (k as i64 + 1) * cell);
            let y = heights[k] * cell;
            if k + 1 == columns || heights[k + 1] != heights[k] {
                ring.push(GridPoint::new(x1, y));
            }
            if k == 0 || heights[k - 1] != heights[k] {
                ring.push(GridPoint::new(x0, y));
            }
        }
        ring
    }

    fn fates(rings: &[Vec<GridPoint>], r: f64, side: OffsetSide) -> Vec<Fate> {
        let pieces = RoundPieces::new(rings, r, 0.0, 1 << 30).expect("pieces");
        cull(&pieces, side).fates
    }

    /// The culling's parts (feature `parallel`) give the fates and halves of one pass: a
    /// pool of one thread (one part) against pools of two and three, on regions of many
    /// corners and short edges, growing and shrinking.
    #[cfg(feature = "parallel")]
    #[test]
    fn the_culling_in_parts_decides_as_one_pass() {
        let mut rng = Rng::new(0x9A7E);
        let pool = |n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("pool")
        };
        let (one, two, three) = (pool(1), pool(2), pool(3));
        let mut changed = 0;
        for round in 0..12 {
            let cell = [4, 16, 64][round % 3];
            // Many staircases side by side: hundreds of corners, some edges one cell long.
            let rings: Vec<Vec<GridPoint>> = (0..60)
                .map(|k| {
                    staircase(&mut rng, cell)
                        .into_iter()
                        .map(|p| {
                            GridPoint::new(p.x + 20 * cell * (k % 8), p.y + 10 * cell * (k / 8))
                        })
                        .collect()
                })
                .collect();
            let r = rng.range(1, 2 * cell) as f64 + [0.0, 0.5][round % 2];
            let pieces = RoundPieces::new(&rings, r, 0.0, 1 << 30).expect("pieces");
            for side in [OffsetSide::Grow, OffsetSide::Shrink] {
                let expected = one.install(|| cull(&pieces, side));
                for pool in [&two, &three] {
                    let culled = pool.install(|| cull(&pieces, side));
                    assert_eq!(culled.fates, expected.fates, "round {round}, {side:?}");
                    assert_eq!(culled.halved, expected.halved, "round {round}, {side:?}");
                }
                changed += expected.fates.iter().filter(|f| **f != Fate::Keep).count();
                let in_parts = two.install(|| RoundPieces::new(&rings, r, 0.0, 1 << 30));
                let in_parts = in_parts.expect("pieces");
                assert_eq!(in_parts.rectangles, pieces.rectangles);
                assert_eq!(in_parts.mgons, pieces.mgons);
            }
            // A limit the vertices keep but the pieces cross: the first point beyond it,
            // in one pass's order.
            let reach = rings
                .iter()
                .flatten()
                .map(|p| p.max_abs())
                .max()
                .unwrap_or(0);
            let limit = reach as i64 + rng.range(0, r as i64 / 2);
            let error = |pool: &rayon::ThreadPool| {
                pool.install(|| RoundPieces::new(&rings, r, 0.0, limit))
                    .err()
            };
            assert!(
                matches!(
                    error(&one),
                    Some(crate::OffsetError::PointBeyondLimit { .. })
                ),
                "round {round}: {:?}",
                error(&one)
            );
            assert_eq!(error(&two), error(&one), "round {round}");
            assert_eq!(error(&three), error(&one), "round {round}");
        }
        assert!(changed > 1000, "{changed}");
    }

    /// What the culling decides depends on the region, not on how its rings are listed:
    /// the same fates whichever vertex each ring starts at and whichever ring comes first.
    #[test]
    fn the_fates_do_not_depend_on_the_order_of_the_input() {
        let mut rng = Rng::new(0x0C_0113);
        let mut changed = 0;
        for _ in 0..300 {
            let cell = rng.range(4, 200);
            let a = staircase(&mut rng, cell);
            let b: Vec<GridPoint> = staircase(&mut rng, cell)
                .into_iter()
                .map(|p| GridPoint::new(p.x + 20 * cell, p.y))
                .collect();
            let r = rng.range(1, 3 * cell) as f64 + [0.0, 0.5, 0.25][rng.below(3)];
            for side in [OffsetSide::Grow, OffsetSide::Shrink] {
                let plain = fates(&[a.clone(), b.clone()], r, side);
                let mut a2 = a.clone();
                a2.rotate_left(rng.below(a.len()));
                let mut b2 = b.clone();
                b2.rotate_left(rng.below(b.len()));
                assert_eq!(plain, fates(&[b2, a2], r, side), "cell {cell}, r {r}");
                changed += plain.iter().filter(|f| **f != Fate::Keep).count();
            }
        }
        assert!(changed > 1000, "{changed}");
    }
}
