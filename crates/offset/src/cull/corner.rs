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
    /// splits at two corners of the rectangles.
    pub(super) split: Option<(usize, usize)>,
    /// The quadrants of the box other than the gap that the rectangle of the edge they lie
    /// along does not hold (short edges), one bit each (numbered as in [`quadrant`]): the
    /// covered set must hold the m-gon's part in them (section 12).
    short: u8,
}

/// What a split depends on: the m-gon's shape, the edges' directions and the rectangle
/// corners on the two rays, all relative to the corner.
type SplitKey = (usize, [i64; 2], [i64; 2], GridPoint, GridPoint);

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
        let a = out_rect.iter().find(|p| on_ray(p, d1)).map(|&p| rel(p));
        let b = in_rect
            .iter()
            .find(|p| on_ray(p, [-d2[0], -d2[1]]))
            .map(|&p| rel(p));
        let split = match (a, b) {
            (Some(a), Some(b)) => *splits
                .entry((shape, d1, d2, a, b))
                .or_insert_with(|| split_at(shapes, shape, [d1, d2], a, b)),
            _ => None,
        };
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
            short,
        })
    }

    /// True when a quadrant box other than the gap lies outside the rectangle of the edge
    /// it lies along.
    pub(super) fn has_short_quadrant(&self) -> bool {
        self.short != 0
    }

    /// The quadrant boxes other than the gap that the two rectangles do not hold.
    pub(super) fn short_quadrants(&self) -> impl Iterator<Item = Box2> + '_ {
        (0..4)
            .filter(|k| self.short & (1 << k) != 0)
            .map(|k| quadrant(self.bounds, self.v, k).2)
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

/// The split of the m-gon `shape` (relative to its corner) at the points `a` (on the ray
/// along `d1`) and `b` (on the ray along `-d2`): each must lie strictly inside an edge of
/// the m-gon, and the m-gon's vertices between them on one side all strictly inside the gap
/// quadrant, on the other side none. Returns the shapes of the sector and of the rest.
fn split_at(
    shapes: &mut Shapes,
    shape: usize,
    d: [[i64; 2]; 2],
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
    let (gap_arc, rest_arc, start, end) = if first.iter().all(|&p| in_gap(d, p)) {
        (first, second, a, b)
    } else {
        (second, first, b, a)
    };
    if !gap_arc.iter().all(|&p| in_gap(d, p)) || rest_arc.iter().any(|&p| in_gap(d, p)) {
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
