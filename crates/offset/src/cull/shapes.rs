//! Polygons relative to a corner, stored once: nearly every m-gon of an offset is the same
//! polygon moved to its corner (rounding moves a vertex with its centre unless the centre
//! is large enough for the sum to round), so the culling's exact tests run once per shape.

use super::boxes::Box2;
use onepath_predicates::{GridPoint, Orientation, orient2d};

/// A polygon relative to its corner, with what the culling asks of it.
pub(super) struct Shape {
    /// The vertices, counter-clockwise, relative to the corner.
    pub(super) points: Vec<GridPoint>,
    /// Their bounding box.
    pub(super) bounds: Box2,
    /// The edges that are neither horizontal nor vertical.
    pub(super) slanted: Vec<[GridPoint; 2]>,
    /// Their boxes.
    pub(super) slanted_boxes: Vec<Box2>,
    /// The box of each run of [`CHUNK`] slanted edges (the last run may be shorter): a box
    /// that is not near a run's is near none of its edges' boxes.
    pub(super) slanted_chunks: Vec<Box2>,
    /// The boxes of the edges, edge `i` from vertex `i` to vertex `i + 1`.
    edge_boxes: Vec<Box2>,
    /// The box of each run of [`CHUNK`] edges, as `slanted_chunks`.
    edge_chunks: Vec<Box2>,
    /// Strictly convex, counter-clockwise, with the corner (the origin) strictly inside.
    pub(super) convex_around_origin: bool,
}

impl Shape {
    pub(super) fn new(points: Vec<GridPoint>) -> Shape {
        let n = points.len();
        let origin = GridPoint::new(0, 0);
        let turns_left = |a, b, c| orient2d(a, b, c) == Orientation::CounterClockwise;
        let convex_around_origin = n >= 3
            && (0..n).all(|i| {
                turns_left(points[i], points[(i + 1) % n], points[(i + 2) % n])
                    && turns_left(points[i], points[(i + 1) % n], origin)
            });
        let slanted: Vec<[GridPoint; 2]> = super::slanted_edges(&points).collect();
        let slanted_boxes: Vec<Box2> = slanted.iter().map(|e| Box2::of(e)).collect();
        let edge_boxes: Vec<Box2> = super::edges_of(&points).map(|e| Box2::of(&e)).collect();
        Shape {
            bounds: Box2::of(&points),
            slanted_chunks: chunk_boxes(&slanted_boxes),
            slanted_boxes,
            slanted,
            edge_chunks: chunk_boxes(&edge_boxes),
            edge_boxes,
            convex_around_origin,
            points,
        }
    }

    /// True when `p` (relative to the corner) lies strictly outside the polygon, which must
    /// be convex and counter-clockwise.
    pub(super) fn is_outside_convex(&self, p: GridPoint) -> bool {
        let n = self.points.len();
        let Box2 { lo, hi } = self.bounds;
        p.x < lo.x
            || p.x > hi.x
            || p.y < lo.y
            || p.y > hi.y
            || (0..n).any(|i| {
                orient2d(self.points[i], self.points[(i + 1) % n], p) == Orientation::Clockwise
            })
    }

    /// True when the segment `edge` (relative to the corner) keeps more than one unit
    /// (maximum norm) from every edge of the polygon that does not end at the corner: their
    /// boxes are that far apart, or the exact test says so. Only a sector's rest and a half
    /// left out have sides at the corner (an m-gon holds it strictly inside), and those
    /// sides are sides of the sector or half kept beside them too, so nothing left out
    /// lies on them (`docs/offset-culling.md`, section 12, (e2)).
    pub(super) fn keeps_clear_of(&self, edge: [GridPoint; 2]) -> bool {
        let near = Box2::of(&edge);
        let n = self.points.len();
        let corner = GridPoint::new(0, 0);
        !self.bounds.within(&near, 1)
            || self.edge_chunks.iter().enumerate().all(|(c, chunk)| {
                !near.within(chunk, 1)
                    || (CHUNK * c..n.min(CHUNK * (c + 1))).all(|i| {
                        let side = [self.points[i], self.points[(i + 1) % n]];
                        !near.within(&self.edge_boxes[i], 1)
                            || side.contains(&corner)
                            || farther_than_one(edge, side)
                    })
            })
    }

    /// Boxes whose union holds the part inside `clip` of the polygon (convex) and of the
    /// boxes of its edges, so of everything its rounding can reach (`docs/offset-culling.md`,
    /// L2 and section 12): one box per band between consecutive distinct heights of its
    /// vertices and of `clip`'s sides, as wide as the edges that cross the band, clipped to
    /// `clip`. A polygon's cross-section at a height inside a band lies on edges that cross
    /// it, so the band holds the polygon's part at those heights. Bands in order of height,
    /// those without area left out.
    pub(super) fn bands_in(&self, clip: &Box2) -> Vec<Box2> {
        let (bottom, top) = (
            self.bounds.lo.y.max(clip.lo.y),
            self.bounds.hi.y.min(clip.hi.y),
        );
        let mut heights: Vec<i64> = self
            .points
            .iter()
            .map(|p| p.y)
            .chain([bottom, top])
            .filter(|&y| bottom <= y && y <= top)
            .collect();
        heights.sort_unstable();
        heights.dedup();
        let mut bands = Vec::with_capacity(heights.len());
        for w in heights.windows(2) {
            let (y0, y1) = (w[0], w[1]);
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            for e in &self.edge_boxes {
                if e.lo.y < y1 && e.hi.y > y0 {
                    lo = lo.min(e.lo.x);
                    hi = hi.max(e.hi.x);
                }
            }
            let (lo, hi) = (lo.max(clip.lo.x), hi.min(clip.hi.x));
            if lo < hi {
                bands.push(Box2 {
                    lo: GridPoint::new(lo, y0),
                    hi: GridPoint::new(hi, y1),
                });
            }
        }
        bands
    }
}

/// How many consecutive edges share one box in [`Shape::slanted_chunks`] and
/// [`Shape::edge_chunks`].
pub(super) const CHUNK: usize = 8;

/// The box of each run of [`CHUNK`] consecutive boxes of `boxes`.
fn chunk_boxes(boxes: &[Box2]) -> Vec<Box2> {
    boxes
        .chunks(CHUNK)
        .map(|run| {
            run.iter().skip(1).fold(run[0], |b, e| Box2 {
                lo: GridPoint::new(b.lo.x.min(e.lo.x), b.lo.y.min(e.lo.y)),
                hi: GridPoint::new(b.hi.x.max(e.hi.x), b.hi.y.max(e.hi.y)),
            })
        })
        .collect()
}

/// True when the closed segments `k` and `p` keep a maximum-norm distance of more than one
/// unit. Two segments that do not cross are nearest at an endpoint of one of them (the
/// distance between points of the two is a convex function of their parameters, least on
/// the boundary of the parameter square unless it is zero).
pub(super) fn farther_than_one(k: [GridPoint; 2], p: [GridPoint; 2]) -> bool {
    !onepath_predicates::properly_cross(k[0], k[1], p[0], p[1])
        && k.iter().all(|&c| point_farther_than_one(c, p))
        && p.iter().all(|&c| point_farther_than_one(c, k))
}

/// True when the closed square of side 2 around `c` misses the closed segment `s`: the
/// square's box misses the segment's, or its four corners lie strictly on one side of the
/// segment's line.
fn point_farther_than_one(c: GridPoint, s: [GridPoint; 2]) -> bool {
    let square = Box2 {
        lo: GridPoint::new(c.x - 1, c.y - 1),
        hi: GridPoint::new(c.x + 1, c.y + 1),
    };
    if !square.within(&Box2::of(&s), 0) {
        return true;
    }
    let side = |q: GridPoint| orient2d(s[0], s[1], q);
    let first = side(square.lo);
    first != Orientation::Collinear
        && [
            GridPoint::new(square.hi.x, square.lo.y),
            square.hi,
            GridPoint::new(square.lo.x, square.hi.y),
        ]
        .into_iter()
        .all(|q| side(q) == first)
}

/// The shapes met so far. Looking a polygon up compares it with the last few shapes only,
/// so a run of distinct polygons costs a comparison each, never a search of all.
pub(super) struct Shapes {
    pub(super) all: Vec<Shape>,
}

/// How many of the latest shapes a lookup compares with.
const RECENT: usize = 8;

impl Shapes {
    pub(super) fn new() -> Shapes {
        Shapes { all: Vec::new() }
    }

    /// The index of the shape of `polygon` relative to `corner`.
    pub(super) fn intern(&mut self, polygon: &[GridPoint], corner: GridPoint) -> usize {
        let relative = |p: &GridPoint| *p - corner;
        let start = self.all.len().saturating_sub(RECENT);
        for (k, shape) in self.all.iter().enumerate().skip(start).rev() {
            if shape.points.len() == polygon.len()
                && shape
                    .points
                    .iter()
                    .zip(polygon)
                    .all(|(s, p)| *s == relative(p))
            {
                return k;
            }
        }
        self.all
            .push(Shape::new(polygon.iter().map(relative).collect()));
        self.all.len() - 1
    }

    /// The index of `points` (already relative) as a shape, stored anew.
    pub(super) fn add(&mut self, points: Vec<GridPoint>) -> usize {
        self.all.push(Shape::new(points));
        self.all.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round::RoundPieces;
    use onepath_testkit::Rng;

    fn p(x: i64, y: i64) -> GridPoint {
        GridPoint::new(x, y)
    }

    /// The maximum-norm distance of two segments is at most one exactly when their
    /// difference set `k − p` (the parallelogram of the four differences of endpoints)
    /// meets the square `[-1, 1]²`: separated along no axis among x, y and the two
    /// segments' normals (a different route from the endpoint tests).
    fn within_one_by_separating_axes(k: [GridPoint; 2], q: [GridPoint; 2]) -> bool {
        let diffs: Vec<[i128; 2]> = k
            .iter()
            .flat_map(|a| {
                q.iter()
                    .map(move |b| [i128::from(a.x - b.x), i128::from(a.y - b.y)])
            })
            .collect();
        let square: Vec<[i128; 2]> = vec![[-1, -1], [1, -1], [1, 1], [-1, 1]];
        let mut axes = vec![[1i128, 0], [0, 1]];
        for s in [k, q] {
            axes.push([-i128::from(s[1].y - s[0].y), i128::from(s[1].x - s[0].x)]);
        }
        axes.iter().all(|n| {
            let project = |v: &[i128; 2]| v[0] * n[0] + v[1] * n[1];
            let (a_lo, a_hi) = (
                diffs.iter().map(project).min().expect("four"),
                diffs.iter().map(project).max().expect("four"),
            );
            let (b_lo, b_hi) = (
                square.iter().map(project).min().expect("four"),
                square.iter().map(project).max().expect("four"),
            );
            a_lo <= b_hi && b_lo <= a_hi
        })
    }

    #[test]
    fn segments_farther_than_one_agree_with_separating_axes() {
        let mut rng = Rng::new(0x5E_6D15);
        let (mut far, mut near) = (0, 0);
        for _ in 0..40_000 {
            let mut point = || p(rng.range(-6, 6), rng.range(-6, 6));
            let k = [point(), point()];
            let q = [point(), point()];
            let expected = !within_one_by_separating_axes(k, q);
            assert_eq!(farther_than_one(k, q), expected, "{k:?} {q:?}");
            assert_eq!(farther_than_one(q, k), expected, "{q:?} {k:?}");
            if expected {
                far += 1;
            } else {
                near += 1;
            }
        }
        assert!(far > 5_000 && near > 5_000, "{far} far, {near} near");
        // Exactly one unit apart is near; a little more is far.
        assert!(!farther_than_one([p(0, 0), p(0, 10)], [p(1, 0), p(1, 10)]));
        assert!(farther_than_one([p(0, 0), p(0, 10)], [p(2, 0), p(2, 10)]));
        assert!(!farther_than_one([p(0, 0), p(4, 4)], [p(5, 4), p(9, 0)]));
        assert!(farther_than_one([p(0, 0), p(4, 4)], [p(6, 4), p(10, 0)]));
    }

    /// `keeps_clear_of` is "more than one unit from every edge that does not end at the
    /// corner": against the separating-axis test on each such edge, for polygons that have
    /// the corner as a vertex (a rest, a half) and polygons that do not (an m-gon), and
    /// segments that cross the sides at the corner without coming near the others. The
    /// polygons have up to three runs of [`CHUNK`] edges, whose boxes it tests first.
    #[test]
    fn keeping_clear_skips_only_the_sides_at_the_corner() {
        let mut rng = Rng::new(0xC0_5D1);
        let origin = p(0, 0);
        let (mut clear, mut near, mut only_at_corner) = (0, 0, 0);
        for _ in 0..4_000 {
            let mut points: Vec<GridPoint> = (0..3 + rng.below(3 * CHUNK - 2))
                .map(|_| p(rng.range(-12, 12), rng.range(-12, 12)))
                .collect();
            if rng.below(2) == 0 {
                let at = rng.below(points.len());
                points[at] = origin;
            }
            let shape = Shape::new(points.clone());
            for _ in 0..10 {
                let mut point = || p(rng.range(-14, 14), rng.range(-14, 14));
                let edge = [point(), point()];
                let sides = super::super::edges_of(&points);
                let (at_corner, away): (Vec<_>, Vec<_>) =
                    sides.partition(|side| side.contains(&origin));
                let expected = away
                    .iter()
                    .all(|&side| !within_one_by_separating_axes(edge, side));
                assert_eq!(shape.keeps_clear_of(edge), expected, "{points:?} {edge:?}");
                if !expected {
                    near += 1;
                } else if at_corner
                    .iter()
                    .any(|&side| within_one_by_separating_axes(edge, side))
                {
                    only_at_corner += 1;
                } else {
                    clear += 1;
                }
            }
        }
        assert!(
            clear > 5_000 && near > 5_000 && only_at_corner > 200,
            "{clear} clear, {near} near, {only_at_corner} near only the sides at the corner"
        );
    }

    /// `is_outside_convex` (its box first) against the orientations alone, at the integer
    /// points around m-gons of random radii: outside exactly when some edge has the point
    /// strictly on its right.
    #[test]
    fn outside_a_convex_polygon_agrees_with_its_edges() {
        let mut rng = Rng::new(0x0_75DE);
        let (mut outside, mut not) = (0, 0);
        for _ in 0..60 {
            let r = rng.range(1, 12) as f64 + rng.pick(&[0.0, 0.25, 0.5]);
            let ring = vec![p(0, 0), p(40, 0), p(40, 40), p(0, 40)];
            let pieces = RoundPieces::new(&[ring], r, 0.0, 1 << 30).expect("pieces");
            let points: Vec<GridPoint> = pieces.mgons[0]
                .iter()
                .map(|q| *q - pieces.centres[0])
                .collect();
            let shape = Shape::new(points.clone());
            let n = points.len();
            let b = shape.bounds;
            for x in b.lo.x - 2..=b.hi.x + 2 {
                for y in b.lo.y - 2..=b.hi.y + 2 {
                    let q = p(x, y);
                    let expected = (0..n).any(|i| {
                        orient2d(points[i], points[(i + 1) % n], q) == Orientation::Clockwise
                    });
                    assert_eq!(shape.is_outside_convex(q), expected, "r {r}, {q:?}");
                    if expected {
                        outside += 1;
                    } else {
                        not += 1;
                    }
                }
            }
        }
        assert!(
            outside > 1_000 && not > 1_000,
            "{outside} outside, {not} not"
        );
    }

    /// The bands hold the polygon's part in the clip box and its edges' boxes' parts, but
    /// for a set of zero area: every point with half-integer coordinates strictly inside
    /// the clip box and strictly inside the polygon or an edge's box lies in a band (the
    /// bands are closed, so they then hold the closure of those parts' interiors). For the
    /// m-gons of random radii, clipped at random; each band lies in the clip box, has an
    /// area, and lies above the one before.
    #[test]
    fn bands_hold_the_polygon_and_its_edges_boxes() {
        let mut rng = Rng::new(0xBA_4D5);
        for _ in 0..300 {
            let r = rng.range(2, 40) as f64 + rng.pick(&[0.0, 0.25, 0.5]);
            let tolerance = rng.pick(&[0.0, 0.5, 2.0]);
            let ring = vec![p(0, 0), p(100, 0), p(100, 100), p(0, 100)];
            let pieces = RoundPieces::new(&[ring], r, tolerance, 1 << 30).expect("pieces");
            let shape = Shape::new(
                pieces.mgons[0]
                    .iter()
                    .map(|q| *q - pieces.centres[0])
                    .collect(),
            );
            assert!(shape.convex_around_origin);
            let b = shape.bounds;
            let mut coordinate = |lo: i64, hi: i64| rng.range(lo - 3, hi + 3);
            let (x0, x1) = (coordinate(b.lo.x, b.hi.x), coordinate(b.lo.x, b.hi.x));
            let (y0, y1) = (coordinate(b.lo.y, b.hi.y), coordinate(b.lo.y, b.hi.y));
            let clip = Box2 {
                lo: p(x0.min(x1), y0.min(y1)),
                hi: p(x0.max(x1), y0.max(y1)),
            };
            let bands = shape.bands_in(&clip);
            // Doubled coordinates: the point (x + 1/2, y + 1/2) is (2x + 1, 2y + 1).
            let double = |q: GridPoint| p(2 * q.x, 2 * q.y);
            let strictly_in = |bx: &Box2, q: GridPoint| {
                let (lo, hi) = (double(bx.lo), double(bx.hi));
                lo.x < q.x && q.x < hi.x && lo.y < q.y && q.y < hi.y
            };
            let in_bands = |q: GridPoint| {
                bands.iter().any(|band| {
                    let (lo, hi) = (double(band.lo), double(band.hi));
                    lo.x <= q.x && q.x <= hi.x && lo.y <= q.y && q.y <= hi.y
                })
            };
            let n = shape.points.len();
            let doubled: Vec<GridPoint> = shape.points.iter().map(|&q| double(q)).collect();
            let strictly_inside = |q: GridPoint| {
                (0..n).all(|i| {
                    orient2d(doubled[i], doubled[(i + 1) % n], q) == Orientation::CounterClockwise
                })
            };
            let edge_boxes: Vec<Box2> = (0..n)
                .map(|i| Box2::of(&[shape.points[i], shape.points[(i + 1) % n]]))
                .collect();
            for x in b.lo.x - 1..=b.hi.x {
                for y in b.lo.y - 1..=b.hi.y {
                    let q = p(2 * x + 1, 2 * y + 1);
                    if !strictly_in(&clip, q) {
                        continue;
                    }
                    if strictly_inside(q) {
                        assert!(in_bands(q), "r {r}: {q:?} (doubled) in {clip:?}");
                    }
                    for (i, e) in edge_boxes.iter().enumerate() {
                        if strictly_in(e, q) {
                            assert!(in_bands(q), "r {r}: {q:?} (doubled) of edge {i}'s box");
                        }
                    }
                }
            }
            for band in &bands {
                assert!(clip.contains(band) && band.lo.x < band.hi.x && band.lo.y < band.hi.y);
            }
            for pair in bands.windows(2) {
                assert!(pair[0].hi.y <= pair[1].lo.y, "bands one above the other");
            }
            // Cut by a vertical line, the two halves' bands are the
            // whole's clipped to each side, band by band (section 12: so each row meets the
            // union of the quadrants' bands in one interval).
            let cut = rng.range(clip.lo.x + 1, clip.hi.x.max(clip.lo.x + 2) - 1);
            if clip.lo.x < cut && cut < clip.hi.x {
                let side = |lo: i64, hi: i64| Box2 {
                    lo: p(lo, clip.lo.y),
                    hi: p(hi, clip.hi.y),
                };
                let left = shape.bands_in(&side(clip.lo.x, cut));
                let right = shape.bands_in(&side(cut, clip.hi.x));
                for (half, lo, hi) in [(&left, clip.lo.x, cut), (&right, cut, clip.hi.x)] {
                    let expected: Vec<Box2> = bands
                        .iter()
                        .filter(|b| b.lo.x.max(lo) < b.hi.x.min(hi))
                        .map(|b| b.clipped_to(&side(lo, hi)))
                        .collect();
                    assert_eq!(half, &expected, "r {r}: cut at {cut} in {clip:?}");
                }
            }
        }
    }
}
