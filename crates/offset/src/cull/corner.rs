//! One m-gon at an axis-parallel corner: the quadrant test of `docs/offset-culling.md`
//! section 3, and the split of the m-gon into the sector over the gap quadrant and the rest
//! (section 5). Everything here is relative to the corner, so that it is worked out once
//! per shape and per kind of corner.

use super::boxes::Box2;
use super::shapes::Shapes;
use onepath_predicates::{GridPoint, Orientation, orient2d};
use std::collections::HashMap;

/// An m-gon at a corner between two axis-parallel edges whose rectangles are boxes.
pub(super) struct Corner {
    /// The m-gon's index among the distinct vertices.
    pub(super) mgon: usize,
    /// The corner (the m-gon's centre).
    pub(super) v: GridPoint,
    /// How the ring turns there.
    pub(super) turn: Orientation,
    /// The m-gon's bounding box.
    pub(super) bounds: Box2,
    /// The gap quadrant of the box: ahead of the incoming edge, behind the outgoing one.
    pub(super) gap: Box2,
    /// The m-gon's shape.
    pub(super) shape: usize,
    /// The incoming and outgoing edges' directions (unit axis vectors).
    d1: [i64; 2],
    d2: [i64; 2],
    /// The shapes of the sector over the gap quadrant and of the rest, when the m-gon
    /// splits at two corners of the rectangles; or, when [`Corner::half`], of the half
    /// kept and the half left out.
    pub(super) split: Option<(usize, usize)>,
    /// True when `split` holds two halves (section 12): one quadrant beside the gap is not
    /// held, and the half away from it may go.
    pub(super) half: bool,
    /// The quadrants of the box other than the gap that the rectangle of the edge they lie
    /// along does not hold (short edges), one bit each (numbered as in [`quadrant`]): the
    /// covered set must hold the m-gon's part in them (section 12).
    short: u8,
    /// For a corner with a short quadrant, the rectangles' corners on the four rays from
    /// the corner, relative to it, along `d1` and `-d1` (the outgoing edge's rectangle's)
    /// and along `d2` and `-d2` (the incoming edge's): where its m-gon may be cut in halves.
    axis_points: Option<Box<[Option<GridPoint>; 4]>>,
}

/// Which split of an m-gon a [`SplitKey`] names.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Cut {
    /// The sector over the gap and the rest (section 5).
    Sector,
    /// The half ahead of `d1` (the gap and the quadrant ahead of both edges) and the half
    /// behind it, cut along the line through the corner along `d2`.
    AheadOfIncoming,
    /// The half behind `d2` (the gap and the quadrant behind both edges) and the half
    /// ahead of it, cut along the line through the corner along `d1`.
    BehindOutgoing,
}

/// What a split depends on: the m-gon's shape, which cut, the edges' directions and the
/// rectangle corners on the two rays, all relative to the corner.
type SplitKey = (usize, Cut, [i64; 2], [i64; 2], GridPoint, GridPoint);

/// The splits worked out so far (a cache of a pure function: its order reaches nothing).
pub(super) type Splits = HashMap<SplitKey, Option<(usize, usize)>, super::CacheHasher>;

impl Corner {
    /// The quadrant test at the corner `v` between the ring edges `prev -> v` and
    /// `v -> next`, whose rectangles are `in_rect` and `out_rect`, for the m-gon of shape
    /// `shape` (index `index`): both edges axis-parallel, both rectangles axis-aligned boxes
    /// and the m-gon strictly convex around its centre. The quadrants of its box other than
    /// the gap that are not inside the rectangle of the edge they lie along are listed in
    /// [`Corner::short_quadrants`], for the caller to test against the covered set.
    pub(super) fn test(
        index: usize,
        [prev, v, next]: [GridPoint; 3],
        [in_rect, out_rect]: [&[GridPoint]; 2],
        shape: usize,
        shapes: &mut Shapes,
        splits: &mut Splits,
    ) -> Option<Corner> {
        let turn = orient2d(prev, v, next);
        let axis = super::is_axis_parallel;
        if turn == Orientation::Collinear || !axis(prev, v) || !axis(v, next) {
            return None;
        }
        if !shapes.all[shape].convex_around_origin
            || !super::is_rectilinear(in_rect)
            || !super::is_rectilinear(out_rect)
        {
            return None;
        }
        let rel = |p: GridPoint| p - v;
        let (r1, r2) = (Box2::of(in_rect), Box2::of(out_rect));
        let bounds = shapes.all[shape].bounds.shifted(v);
        let d1 = [(v.x - prev.x).signum(), (v.y - prev.y).signum()];
        let d2 = [(next.x - v.x).signum(), (next.y - v.y).signum()];
        let mut gap = None;
        let mut short = 0;
        for k in 0..4 {
            let (qx, qy, quadrant) = quadrant(bounds, v, k);
            let along = if qx * d1[0] + qy * d1[1] < 0 {
                Some(r1)
            } else if qx * d2[0] + qy * d2[1] > 0 {
                Some(r2)
            } else {
                None
            };
            match along {
                Some(rectangle) if !rectangle.contains(&quadrant) => short |= 1 << k,
                Some(_) => {}
                None => gap = Some(quadrant),
            }
        }
        // The split's new vertices: the corner of the outgoing edge's rectangle on the ray
        // along `d1` and that of the incoming edge's on the ray along `-d2`.
        let on_ray = |p: &GridPoint, d: [i64; 2]| {
            let q = rel(*p);
            q.x * d[1] - q.y * d[0] == 0 && q.x * d[0] + q.y * d[1] > 0
        };
        let on =
            |rect: &[GridPoint], d: [i64; 2]| rect.iter().find(|p| on_ray(p, d)).map(|&p| rel(p));
        let (a, b) = (on(out_rect, d1), on(in_rect, [-d2[0], -d2[1]]));
        let split = split_cached(shapes, splits, shape, Cut::Sector, [d1, d2], [a, b]);
        let axis_points =
            (short != 0).then(|| Box::new([a, on(out_rect, [-d1[0], -d1[1]]), on(in_rect, d2), b]));
        Some(Corner {
            mgon: index,
            v,
            turn,
            bounds,
            gap: gap?,
            shape,
            d1,
            d2,
            split,
            half: false,
            short,
            axis_points,
        })
    }

    /// The half of the m-gon that keeps the gap and the quadrant `k` beside it, and the
    /// other half, when `k` is one of the two quadrants beside the gap and the m-gon cuts
    /// there (section 12): along the line through the corner across the gap's other side,
    /// at the rectangles' corners on it, each strictly inside an edge of the m-gon.
    pub(super) fn half_split(
        &self,
        k: u8,
        shapes: &mut Shapes,
        splits: &mut Splits,
    ) -> Option<(usize, usize)> {
        let axis = self.axis_points.as_deref()?;
        let (qx, qy, _) = quadrant(self.bounds, self.v, k);
        let along = |d: [i64; 2]| qx * d[0] + qy * d[1];
        let (cut, points) = match (along(self.d1) > 0, along(self.d2) > 0) {
            (true, true) => (Cut::AheadOfIncoming, [axis[2], axis[3]]),
            (false, false) => (Cut::BehindOutgoing, [axis[0], axis[1]]),
            _ => return None,
        };
        split_cached(shapes, splits, self.shape, cut, [self.d1, self.d2], points)
    }

    /// The quadrants (by number) other than the gap that the two rectangles do not hold,
    /// with their boxes.
    pub(super) fn short_quadrants(&self) -> impl Iterator<Item = (u8, Box2)> + '_ {
        (0..4)
            .filter(|k| self.short & (1 << k) != 0)
            .map(|k| (k, quadrant(self.bounds, self.v, k).2))
    }

    /// True when a quadrant box other than the gap lies outside the rectangle of the edge
    /// it lies along.
    pub(super) fn has_short_quadrant(&self) -> bool {
        self.short != 0
    }

    /// The incoming and outgoing edges' directions (unit axis vectors).
    pub(super) fn directions(&self) -> [[i64; 2]; 2] {
        [self.d1, self.d2]
    }
}

/// The quadrant `k` (0 to 3) of the box `bounds` cut at `v`: its signs `(qx, qy)` along the
/// axes and its box.
fn quadrant(bounds: Box2, v: GridPoint, k: u8) -> (i64, i64, Box2) {
    let (qx, qy) = (
        if k & 2 == 0 { -1 } else { 1 },
        if k & 1 == 0 { -1 } else { 1 },
    );
    let b = Box2 {
        lo: GridPoint::new(
            if qx < 0 { bounds.lo.x } else { v.x },
            if qy < 0 { bounds.lo.y } else { v.y },
        ),
        hi: GridPoint::new(
            if qx < 0 { v.x } else { bounds.hi.x },
            if qy < 0 { v.y } else { bounds.hi.y },
        ),
    };
    (qx, qy, b)
}

/// True when `p` (relative to the corner) lies strictly ahead of `d1` and behind `d2`.
fn in_gap([d1, d2]: [[i64; 2]; 2], p: GridPoint) -> bool {
    p.x * d1[0] + p.y * d1[1] > 0 && p.x * d2[0] + p.y * d2[1] < 0
}

/// [`split_at`] through `splits` (a cache of a pure function: its order reaches nothing),
/// for the cut `cut` at the corner with edge directions `d` and the rectangle corners
/// `points` on the cut's two rays (`None` when a rectangle has no corner there).
fn split_cached(
    shapes: &mut Shapes,
    splits: &mut Splits,
    shape: usize,
    cut: Cut,
    d: [[i64; 2]; 2],
    points: [Option<GridPoint>; 2],
) -> Option<(usize, usize)> {
    let [Some(a), Some(b)] = points else {
        return None;
    };
    *splits
        .entry((shape, cut, d[0], d[1], a, b))
        .or_insert_with(|| {
            let [d1, d2] = d;
            let keep = move |p: GridPoint| match cut {
                Cut::Sector => in_gap(d, p),
                Cut::AheadOfIncoming => p.x * d1[0] + p.y * d1[1] > 0,
                Cut::BehindOutgoing => p.x * d2[0] + p.y * d2[1] < 0,
            };
            split_at(shapes, shape, keep, a, b)
        })
}

/// The split of the m-gon `shape` (relative to its corner) at the points `a` and `b`: each
/// must lie strictly inside an edge of the m-gon, and the m-gon's vertices between them on
/// one side all satisfy `keep`, on the other side none. Returns the shapes of the part
/// kept (the corner, one point, the vertices that satisfy `keep`, the other point) and of
/// the rest, both counter-clockwise. With `keep` the open gap quadrant and `a`, `b` on the
/// rays along `d1` and `-d2`, the sector and the rest of section 5; with `keep` an open
/// half-plane through the corner and `a`, `b` on its boundary line, two halves (section
/// 12), the corner then lying on the straight side of each.
fn split_at(
    shapes: &mut Shapes,
    shape: usize,
    keep: impl Fn(GridPoint) -> bool,
    a: GridPoint,
    b: GridPoint,
) -> Option<(usize, usize)> {
    let mgon = &shapes.all[shape].points;
    let n = mgon.len();
    let inside_edge = |p: GridPoint| {
        (0..n).find(|&i| {
            let (s, e) = (mgon[i], mgon[(i + 1) % n]);
            orient2d(s, e, p) == Orientation::Collinear
                && i128::from(p.x - s.x) * i128::from(e.x - p.x)
                    + i128::from(p.y - s.y) * i128::from(e.y - p.y)
                    > 0
        })
    };
    let (ka, kb) = (inside_edge(a)?, inside_edge(b)?);
    if ka == kb {
        return None;
    }
    // The vertices met going counter-clockwise from just after `from`'s edge to the start
    // of `to`'s edge.
    let arc = |from: usize, to: usize| -> Vec<GridPoint> {
        let mut k = (from + 1) % n;
        let mut out = vec![mgon[k]];
        while k != to {
            k = (k + 1) % n;
            out.push(mgon[k]);
        }
        out
    };
    let (first, second) = (arc(ka, kb), arc(kb, ka));
    let (gap_arc, rest_arc, start, end) = if first.iter().all(|&p| keep(p)) {
        (first, second, a, b)
    } else {
        (second, first, b, a)
    };
    if !gap_arc.iter().all(|&p| keep(p)) || rest_arc.iter().any(|&p| keep(p)) {
        return None;
    }
    let origin = GridPoint::new(0, 0);
    let mut sector = vec![origin, start];
    sector.extend(gap_arc);
    sector.push(end);
    let mut rest = vec![origin, end];
    rest.extend(rest_arc);
    rest.push(start);
    Some((shapes.add(sector), shapes.add(rest)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round::RoundPieces;
    use onepath_predicates::twice_area;
    use onepath_testkit::Rng;

    /// Every split of an m-gon is two counter-clockwise polygons whose areas add up to the
    /// m-gon's exactly, the kept one convex and holding the corner's gap (both convex for
    /// halves); the halves exist only for the two quadrants beside the gap. Corners of
    /// random L shapes, random radii.
    #[test]
    fn splits_cut_the_mgon_in_two_exactly() {
        let mut rng = Rng::new(0xC0_4E5);
        let (mut sectors, mut halves) = (0, 0);
        for _ in 0..200 {
            let cell = rng.range(8, 64);
            // An L shape with random arm lengths, counter-clockwise.
            let (w, h, t) = (rng.range(3, 9), rng.range(3, 9), rng.range(1, 2));
            let q = |x: i64, y: i64| GridPoint::new(x * cell, y * cell);
            let ring = vec![q(0, 0), q(w, 0), q(w, t), q(t, t), q(t, h), q(0, h)];
            let r = rng.range(1, 2 * cell) as f64 + rng.pick(&[0.0, 0.25, 0.5]);
            let pieces =
                RoundPieces::new(std::slice::from_ref(&ring), r, 0.0, 1 << 30).expect("pieces");
            let mut shapes = Shapes::new();
            let mut splits = Splits::default();
            let ring = &pieces.rings[0];
            let n = ring.len();
            for i in 0..n {
                let (prev, v, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
                let c = pieces.centres.binary_search(&v).expect("a centre");
                let shape = shapes.intern(&pieces.mgons[c], v);
                let rects = [
                    pieces.rectangles[(i + n - 1) % n].as_slice(),
                    pieces.rectangles[i].as_slice(),
                ];
                let Some(corner) =
                    Corner::test(c, [prev, v, next], rects, shape, &mut shapes, &mut splits)
                else {
                    continue;
                };
                let whole = twice_area(shapes.all[shape].points.iter().copied());
                let check = |shapes: &Shapes, (kept, rest): (usize, usize), what: &str| {
                    // A sector's rest turns right at the corner; the rest is convex.
                    let convex: &[usize] = if what == "half" {
                        &[kept, rest]
                    } else {
                        &[kept]
                    };
                    for &part in convex {
                        let points = &shapes.all[part].points;
                        let m = points.len();
                        assert!(
                            (0..m).all(|j| orient2d(
                                points[j],
                                points[(j + 1) % m],
                                points[(j + 2) % m]
                            ) != Orientation::Clockwise),
                            "{what}: not convex"
                        );
                    }
                    let (a, b) = (
                        twice_area(shapes.all[kept].points.iter().copied()),
                        twice_area(shapes.all[rest].points.iter().copied()),
                    );
                    assert!(
                        a > 0 && b > 0 && a + b == whole,
                        "{what}: {a} + {b} != {whole}"
                    );
                    // The kept part holds the m-gon's vertices in the open gap quadrant.
                    let in_the_gap = |p: &&GridPoint| in_gap(corner.directions(), **p);
                    let m_gap = shapes.all[corner.shape]
                        .points
                        .iter()
                        .filter(in_the_gap)
                        .count();
                    let kept_gap = shapes.all[kept].points.iter().filter(in_the_gap).count();
                    assert!(
                        m_gap > 0 && kept_gap == m_gap,
                        "{what}: {kept_gap} of {m_gap} in the gap"
                    );
                };
                if let Some(split) = corner.split {
                    check(&shapes, split, "sector");
                    sectors += 1;
                }
                let found: Vec<u8> = (0..4)
                    .filter(|&k| {
                        let half = corner.half_split(k, &mut shapes, &mut splits);
                        if let Some(half) = half {
                            check(&shapes, half, "half");
                            halves += 1;
                        }
                        half.is_some()
                    })
                    .collect();
                assert!(found.len() <= 2, "{found:?}");
                for &k in &found {
                    let (qx, qy, _) = quadrant(corner.bounds, v, k);
                    let [d1, d2] = corner.directions();
                    let ahead = |d: [i64; 2]| qx * d[0] + qy * d[1] > 0;
                    assert_eq!(ahead(d1), ahead(d2), "quadrant {k} is not beside the gap");
                }
            }
        }
        assert!(
            sectors > 300 && halves > 300,
            "{sectors} sectors, {halves} halves"
        );
    }
}
