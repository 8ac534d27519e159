//! GeoJSON output of a region (one `MultiPolygon` built from [`Region::polygons`]) and of
//! a navigation mesh (one `Polygon` feature per convex polygon, with its area).

use crate::number::Decimals;
use crate::sink;
use onepath_build2d::{GridPoint, NavMesh, Region};
use std::fmt;
use std::io;

/// The region as a GeoJSON `Feature` whose geometry is a `MultiPolygon`: one polygon per
/// outer boundary (counter-clockwise) followed by its holes (clockwise), every ring closed
/// by repeating its first position as GeoJSON requires. Coordinates are exact user units.
/// The feature carries `snap_bits` as a foreign member (so [`crate::read_geojson`] reads
/// the region back on the same grid) and the area in its properties.
pub fn region_to_geojson(region: &Region) -> String {
    sink::to_string(|s| emit_region(s, region))
}

/// Writes the text of [`region_to_geojson`] to `out` as it is formatted, through a buffer.
pub fn write_region_geojson<W: io::Write>(region: &Region, out: W) -> io::Result<()> {
    sink::stream(out, |s| emit_region(s, region))
}

fn emit_region(s: &mut impl fmt::Write, region: &Region) -> fmt::Result {
    let mut decimals = Decimals::new();
    write!(
        s,
        "{{\"type\": \"Feature\", \"snap_bits\": {}, \"properties\": {{\"area\": {}}},\n \"geometry\": {{\"type\": \"MultiPolygon\", \"coordinates\": [",
        region.snap_bits(),
        region.area()
    )?;
    for (i, polygon) in region.polygons().iter().enumerate() {
        s.write_str(if i == 0 { "\n  [" } else { ",\n  [" })?;
        write_ring(s, &mut decimals, region, polygon.outer.iter().copied())?;
        for hole in &polygon.holes {
            s.write_str(",\n   ")?;
            write_ring(s, &mut decimals, region, hole.iter().copied())?;
        }
        s.write_char(']')?;
    }
    s.write_str("\n]}}\n")
}

/// Writes a ring as GeoJSON positions in exact user units, closed by repeating its first
/// position.
fn write_ring(
    s: &mut impl fmt::Write,
    decimals: &mut Decimals,
    region: &Region,
    ring: impl Iterator<Item = GridPoint> + Clone,
) -> fmt::Result {
    s.write_char('[')?;
    for (k, p) in ring.clone().chain(ring.take(1)).enumerate() {
        if k > 0 {
            s.write_str(", ")?;
        }
        let v = region.to_user(p);
        s.write_char('[')?;
        decimals.write(s, v.x)?;
        s.write_str(", ")?;
        decimals.write(s, v.y)?;
        s.write_char(']')?;
    }
    s.write_char(']')
}

/// The navigation mesh as a GeoJSON `FeatureCollection`: one `Feature` per convex polygon,
/// in polygon order, whose geometry is a `Polygon` of one counter-clockwise ring (closed by
/// repeating its first position) and whose properties are `polygon` (its index) and
/// `area_id` (its area, decisions D16; `area` is the measure in a region's GeoJSON). The collection carries `snap_bits` as a foreign
/// member, so [`crate::read_geojson`] reads it back on the same grid, each polygon tagged
/// with its area.
pub fn navmesh_to_geojson(mesh: &NavMesh) -> String {
    sink::to_string(|s| emit_navmesh(s, mesh))
}

/// Writes the text of [`navmesh_to_geojson`] to `out` as it is formatted, through a
/// buffer.
pub fn write_navmesh_geojson<W: io::Write>(mesh: &NavMesh, out: W) -> io::Result<()> {
    sink::stream(out, |s| emit_navmesh(s, mesh))
}

fn emit_navmesh(s: &mut impl fmt::Write, mesh: &NavMesh) -> fmt::Result {
    let region = mesh.region();
    let vertices = mesh.vertices();
    let mut decimals = Decimals::new();
    write!(
        s,
        "{{\"type\": \"FeatureCollection\", \"snap_bits\": {}, \"features\": [",
        region.snap_bits()
    )?;
    for (i, (polygon, area)) in mesh.polygons().iter().zip(mesh.polygon_areas()).enumerate() {
        s.write_str(if i == 0 { "\n " } else { ",\n " })?;
        write!(
            s,
            "{{\"type\": \"Feature\", \"properties\": {{\"polygon\": {i}, \"area_id\": {area}}}, \"geometry\": {{\"type\": \"Polygon\", \"coordinates\": ["
        )?;
        write_ring(
            s,
            &mut decimals,
            region,
            polygon.vertices.iter().map(|&v| vertices[v as usize]),
        )?;
        s.write_str("]}}")?;
    }
    s.write_str("\n]}\n")
}
