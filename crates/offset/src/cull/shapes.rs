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
        Shape {
            bounds: Box2::of(&points),
            slanted: super::slanted_edges(&points).collect(),
            convex_around_origin,
            points,
        }
    }

    /// True when `p` (relative to the corner) lies strictly outside the polygon, which must
    /// be convex and counter-clockwise.
    pub(super) fn is_outside_convex(&self, p: GridPoint) -> bool {
        let n = self.points.len();
        (0..n).any(|i| {
            orient2d(self.points[i], self.points[(i + 1) % n], p) == Orientation::Clockwise
        })
    }

    /// True when the segment `edge` (relative to the corner) keeps more than one unit
    /// (maximum norm, between bounding boxes) from every edge of the polygon.
    pub(super) fn keeps_clear_of(&self, edge: [GridPoint; 2]) -> bool {
        let near = Box2::of(&edge);
        let n = self.points.len();
        !self.bounds.within(&near, 1)
            || (0..n)
                .all(|i| !near.within(&Box2::of(&[self.points[i], self.points[(i + 1) % n]]), 1))
    }
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
        let relative = |p: &GridPoint| GridPoint::new(p.x - corner.x, p.y - corner.y);
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
