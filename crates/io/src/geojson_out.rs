//! GeoJSON output of a region: one `MultiPolygon` built from [`Region::polygons`].

use onepath_build2d::{GridPoint, Region};
use std::fmt::Write as _;
use std::io;

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
    let write_ring = |s: &mut String, ring: &[GridPoint]| {
        s.push('[');
        for (k, &p) in ring.iter().chain(ring.first()).enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            let v = region.to_user(p);
            let _ = write!(s, "[{}, {}]", v.x, v.y);
        }
        s.push(']');
    };
    for (i, polygon) in region.polygons().iter().enumerate() {
        s.push_str(if i == 0 { "\n  [" } else { ",\n  [" });
        write_ring(&mut s, &polygon.outer);
        for hole in &polygon.holes {
            s.push_str(",\n   ");
            write_ring(&mut s, hole);
        }
        s.push(']');
    }
    s.push_str("\n]}}\n");
    s
}

/// Writes [`region_to_geojson`] of `region`.
pub fn write_geojson(out: &mut dyn io::Write, region: &Region) -> io::Result<()> {
    out.write_all(region_to_geojson(region).as_bytes())
}
