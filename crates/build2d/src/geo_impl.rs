//! Conversions to and from `geo-types` (feature `geo-types`).
//!
//! A `geo_types::Polygon` or `MultiPolygon` becomes an [`Outline`] of all its rings (read
//! by the even-odd rule, which equals the polygon's area for valid geometry); a [`Region`]
//! becomes a `MultiPolygon` through [`Region::polygons`]: outer rings counter-clockwise,
//! holes clockwise, every ring closed as `geo-types` expects, coordinates exact.

use crate::input::{Outline, Vector2D};
use crate::region::Region;
use geo_types::{Coord, LineString, MultiPolygon, Polygon};

fn ring_of(line: &LineString<f64>) -> Vec<Vector2D> {
    let mut ring: Vec<Vector2D> = line.0.iter().map(|c| Vector2D::new(c.x, c.y)).collect();
    // geo-types closes rings by repeating the first point; an outline closes implicitly.
    if ring.len() > 1 && ring.first() == ring.last() {
        ring.pop();
    }
    ring
}

impl From<&Polygon<f64>> for Outline {
    fn from(polygon: &Polygon<f64>) -> Self {
        let mut rings = vec![ring_of(polygon.exterior())];
        rings.extend(polygon.interiors().iter().map(ring_of));
        Outline::new(rings)
    }
}

impl From<Polygon<f64>> for Outline {
    fn from(polygon: Polygon<f64>) -> Self {
        Outline::from(&polygon)
    }
}

impl From<&MultiPolygon<f64>> for Outline {
    fn from(polygons: &MultiPolygon<f64>) -> Self {
        Outline::new(
            polygons
                .iter()
                .flat_map(|p| Outline::from(p).rings)
                .collect(),
        )
    }
}

impl From<MultiPolygon<f64>> for Outline {
    fn from(polygons: MultiPolygon<f64>) -> Self {
        Outline::from(&polygons)
    }
}

impl From<Vector2D> for Coord<f64> {
    fn from(v: Vector2D) -> Self {
        Coord { x: v.x, y: v.y }
    }
}

impl From<Coord<f64>> for Vector2D {
    fn from(c: Coord<f64>) -> Self {
        Vector2D::new(c.x, c.y)
    }
}

impl Region {
    /// The region as a `geo_types::MultiPolygon` (user units, exact values).
    pub fn to_multi_polygon(&self) -> MultiPolygon<f64> {
        let line = |ring: &[onepath_predicates::GridPoint]| {
            let mut coords: Vec<Coord<f64>> =
                ring.iter().map(|&p| self.to_user(p).into()).collect();
            coords.push(coords[0]);
            LineString(coords)
        };
        MultiPolygon(
            self.polygons()
                .iter()
                .map(|p| Polygon::new(line(&p.outer), p.holes.iter().map(|h| line(h)).collect()))
                .collect(),
        )
    }
}

impl From<&Region> for MultiPolygon<f64> {
    fn from(region: &Region) -> Self {
        region.to_multi_polygon()
    }
}
