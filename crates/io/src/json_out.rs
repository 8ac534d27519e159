//! JSON output of a result: the region's rings and exact area, and where computed the
//! triangles, the convex polygons with adjacency and areas, and the build's stage timings.

use crate::number::{Decimals, write_int};
use crate::sink;
use onepath_build2d::{
    AreaId, ConvexPartition, GridPoint, NavMesh, Region, StageTimings, Triangulation,
};
use std::fmt;
use std::io;

/// The JSON of a result ([`ResultJson::to_json_string`], [`ResultJson::write_json`]): a region and, optionally,
/// meshes of it.
///
/// The triangulation and the partition must share one vertex list (the partition made from
/// that triangulation, or both from the same region); `vertices` is written once and both
/// index into it.
#[derive(Clone, Copy, Debug)]
pub struct ResultJson<'a> {
    /// The region: written as `snap_bits`, `rings`, `area` and `area2_grid`.
    pub region: &'a Region,
    /// Triangles to write as `triangles` and `triangle_neighbors`.
    pub triangulation: Option<&'a Triangulation>,
    /// Convex polygons to write as `polygons` and `polygon_neighbors`.
    pub partition: Option<&'a ConvexPartition>,
    /// A triangle count to write as `triangle_count` (the build keeps only the count).
    pub triangle_count: Option<usize>,
    /// The area of each polygon of `partition`, to write as `polygon_areas` (decisions D16).
    pub polygon_areas: Option<&'a [AreaId]>,
    /// Stage timings to write as `timings_ms` (not reproducible: only when asked for).
    pub timings: Option<StageTimings>,
}

impl<'a> ResultJson<'a> {
    /// A region alone.
    pub fn region(region: &'a Region) -> Self {
        Self {
            region,
            triangulation: None,
            partition: None,
            triangle_count: None,
            polygon_areas: None,
            timings: None,
        }
    }

    /// A navigation mesh: its (shrunk) region, polygons, their areas and the triangle
    /// count. The stage timings are left out so that the same build writes the same bytes;
    /// set [`ResultJson::timings`] to add them.
    pub fn navmesh(mesh: &'a NavMesh) -> Self {
        Self {
            region: mesh.region(),
            triangulation: None,
            partition: Some(mesh.polygons()),
            triangle_count: Some(mesh.triangle_count()),
            polygon_areas: Some(mesh.polygon_areas()),
            timings: None,
        }
    }

    fn vertices(&self) -> io::Result<Option<&'a [GridPoint]>> {
        match (self.triangulation, self.partition) {
            (Some(t), Some(p)) if t.vertices() != p.vertices() => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the triangulation and the partition have different vertex lists",
            )),
            (_, Some(p)) => Ok(Some(p.vertices())),
            (Some(t), None) => Ok(Some(t.vertices())),
            (None, None) => Ok(None),
        }
    }

    /// The JSON text, one member per line, rings and lists of points one item per line.
    pub fn to_json_string(&self) -> io::Result<String> {
        let vertices = self.checked_vertices()?;
        Ok(sink::to_string(|s| self.emit(s, vertices)))
    }

    /// Writes the JSON text of [`ResultJson::to_json_string`] to `out` as it is formatted,
    /// through a buffer, so that a large mesh's text is never held whole in memory. The
    /// lists are checked against each other before anything is written.
    pub fn write_json<W: io::Write>(&self, out: W) -> io::Result<()> {
        let vertices = self.checked_vertices()?;
        sink::stream(out, |s| self.emit(s, vertices))
    }

    /// The shared vertex list, after checking that the lists written fit together.
    fn checked_vertices(&self) -> io::Result<Option<&'a [GridPoint]>> {
        if let (Some(areas), Some(p)) = (self.polygon_areas, self.partition)
            && p.len() != areas.len()
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the polygon areas do not match the polygons",
            ));
        }
        self.vertices()
    }

    fn emit(&self, s: &mut impl fmt::Write, vertices: Option<&[GridPoint]>) -> fmt::Result {
        let region = self.region;
        let mut decimals = Decimals::new();
        write!(
            s,
            "{{\n  \"snap_bits\": {},\n  \"rings\": [",
            region.snap_bits()
        )?;
        for (i, ring) in region.rings().iter().enumerate() {
            s.write_str(if i == 0 { "\n    [" } else { ",\n    [" })?;
            for (k, &p) in ring.iter().enumerate() {
                if k > 0 {
                    s.write_str(", ")?;
                }
                write_point(s, &mut decimals, region, p)?;
            }
            s.write_char(']')?;
        }
        s.write_str(if region.rings().is_empty() {
            "],\n"
        } else {
            "\n  ],\n"
        })?;
        writeln!(s, "  \"area\": {},", region.area())?;
        write!(s, "  \"area2_grid\": \"{}\"", region.area2())?;
        if let Some(vertices) = vertices {
            s.write_str(",\n  \"vertices\": [")?;
            for (i, &p) in vertices.iter().enumerate() {
                s.write_str(if i % 8 == 0 { "\n    " } else { " " })?;
                write_point(s, &mut decimals, region, p)?;
                if i + 1 < vertices.len() {
                    s.write_char(',')?;
                }
            }
            s.write_str("\n  ]")?;
        }
        if let Some(t) = self.triangulation {
            write_index_lists(s, "triangles", t.triangles().iter().map(|t| t.as_slice()))?;
            write_index_lists(s, "triangle_neighbors", t.neighbors().chunks(3))?;
        }
        if let Some(count) = self.triangle_count {
            write!(s, ",\n  \"triangle_count\": {count}")?;
        }
        if let Some(p) = self.partition {
            write!(
                s,
                ",\n  \"max_vertices_per_polygon\": {}",
                p.max_vertices_per_polygon()
            )?;
            write_index_lists(s, "polygons", p.iter().map(|p| p.vertices))?;
            write_index_lists(s, "polygon_neighbors", p.iter().map(|p| p.neighbors))?;
        }
        if let Some(areas) = self.polygon_areas {
            s.write_str(",\n  \"polygon_areas\": [")?;
            for (i, area) in areas.iter().enumerate() {
                s.write_str(if i % 32 == 0 { "\n    " } else { " " })?;
                write_int(s, *area)?;
                if i + 1 < areas.len() {
                    s.write_char(',')?;
                }
            }
            s.write_str(if areas.is_empty() { "]" } else { "\n  ]" })?;
        }
        if let Some(t) = self.timings {
            let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
            write!(
                s,
                ",\n  \"timings_ms\": {{\"shrink\": {}, \"triangulate\": {}, \"partition\": {}, \"fans\": {}, \"total\": {}}}",
                ms(t.shrink),
                ms(t.triangulate),
                ms(t.partition),
                ms(t.fans),
                ms(t.total())
            )?;
        }
        s.write_str("\n}\n")
    }
}

/// Writes a point as `[x, y]` in user units, each the shortest decimal that reads back as
/// the same f64.
fn write_point(
    s: &mut impl fmt::Write,
    decimals: &mut Decimals,
    region: &Region,
    p: GridPoint,
) -> fmt::Result {
    let v = region.to_user(p);
    s.write_char('[')?;
    decimals.write(s, v.x)?;
    s.write_str(", ")?;
    decimals.write(s, v.y)?;
    s.write_char(']')
}

/// Writes `"name": [[a, b, c], ...]` with one list per line.
fn write_index_lists<'l, T: itoa::Integer + Copy + 'l>(
    s: &mut impl fmt::Write,
    name: &str,
    lists: impl Iterator<Item = &'l [T]>,
) -> fmt::Result {
    write!(s, ",\n  \"{name}\": [")?;
    let mut empty = true;
    for (i, list) in lists.enumerate() {
        s.write_str(if i == 0 { "\n    [" } else { ",\n    [" })?;
        for (k, x) in list.iter().enumerate() {
            if k > 0 {
                s.write_str(", ")?;
            }
            write_int(s, *x)?;
        }
        s.write_char(']')?;
        empty = false;
    }
    s.write_str(if empty { "]" } else { "\n  ]" })
}
