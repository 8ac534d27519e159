//! GeoJSON output of a region (one `MultiPolygon` built from [`Region::polygons`]) and of
//! a navigation mesh (one `Polygon` feature per convex polygon, with its area).

use onepath_build2d::{GridPoint, NavMesh, Region};
use std::fmt::Write as _;

/// The region as a GeoJSON `Feature` whose geometry is a `MultiPolygon`: one polygon per
/// outer boundary (counter-clockwise) followed by its holes (clockwise), every ring closed
/// by repeating its first position as GeoJSON requires. Coordinates are exact user units.
/// The feature carries `snap_bits` as a foreign member (so [`crate::read_geojson`] reads
/// the region back on the same grid) and the area in its properties.
pub fn region_to_geojson(region: &Region) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "{{\"type\": \"Feature\", \"snap_bits\": {}, \"properties\": {{\"area\": {}}},\n \"geometry\": {{\"type\": \"MultiPolygon\", \"coordinates\": [",
        region.snap_bits(),
        region.area()
    );
    for (i, polygon) in region.polygons().iter().enumerate() {
        s.push_str(if i == 0 { "\n  [" } else { ",\n  [" });
        write_ring(&mut s, region, polygon.outer.iter().copied());
        for hole in &polygon.holes {
            s.push_str(",\n   ");
            write_ring(&mut s, region, hole.iter().copied());
        }
        s.push(']');
    }
    s.push_str("\n]}}\n");
    s
}

/// Writes a ring as GeoJSON positions in exact user units, closed by repeating its first
/// position.
fn write_ring(s: &mut String, region: &Region, ring: impl Iterator<Item = GridPoint> + Clone) {
    s.push('[');
    for (k, p) in ring.clone().chain(ring.take(1)).enumerate() {
        if k > 0 {
            s.push_str(", ");
        }
        let v = region.to_user(p);
        let _ = write!(s, "[{}, {}]", v.x, v.y);
    }
    s.push(']');
}

/// The navigation mesh as a GeoJSON `FeatureCollection`: one `Feature` per convex polygon,
/// in polygon order, whose geometry is a `Polygon` of one counter-clockwise ring (closed by
/// repeating its first position) and whose properties are `polygon` (its index) and
/// `area_id` (its area, decisions D16; `area` is the measure in a region's GeoJSON). The collection carries `snap_bits` as a foreign
/// member, so [`crate::read_geojson`] reads it back on the same grid, each polygon tagged
/// with its area.
pub fn navmesh_to_geojson(mesh: &NavMesh) -> String {
    let region = mesh.region();
    let vertices = mesh.vertices();
    let mut s = String::new();
    let _ = write!(
        s,
        "{{\"type\": \"FeatureCollection\", \"snap_bits\": {}, \"features\": [",
        region.snap_bits()
    );
    for (i, (polygon, area)) in mesh.polygons().iter().zip(mesh.polygon_areas()).enumerate() {
        s.push_str(if i == 0 { "\n " } else { ",\n " });
        let _ = write!(
            s,
            "{{\"type\": \"Feature\", \"properties\": {{\"polygon\": {i}, \"area_id\": {area}}}, \"geometry\": {{\"type\": \"Polygon\", \"coordinates\": ["
        );
        write_ring(
            &mut s,
            region,
            polygon.vertices.iter().map(|&v| vertices[v as usize]),
        );
        s.push_str("]}}");
    }
    s.push_str("\n]}\n");
    s
}
