//! JSON output of a result: the region's rings and exact area, and where computed the
//! triangles, the convex polygons with adjacency and areas, and the build's stage timings.

use onepath_build2d::{
    AreaId, ConvexPartition, GridPoint, NavMesh, Region, StageTimings, Triangulation,
};
use std::fmt::Write as _;
use std::io;

/// The JSON of a result ([`ResultJson::to_json_string`]): a region and, optionally,
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
        let region = self.region;
        let mut s = String::new();
        let point = |s: &mut String, p: GridPoint| {
            let v = region.to_user(p);
            // `{}` prints the shortest decimal that reads back as the same f64.
            let _ = write!(s, "[{}, {}]", v.x, v.y);
        };
        let _ = write!(
            s,
            "{{\n  \"snap_bits\": {},\n  \"rings\": [",
            region.snap_bits()
        );
        for (i, ring) in region.rings().iter().enumerate() {
            s.push_str(if i == 0 { "\n    [" } else { ",\n    [" });
            for (k, &p) in ring.iter().enumerate() {
                if k > 0 {
                    s.push_str(", ");
                }
                point(&mut s, p);
            }
            s.push(']');
        }
        s.push_str(if region.rings().is_empty() {
            "],\n"
        } else {
            "\n  ],\n"
        });
        let _ = writeln!(s, "  \"area\": {},", region.area());
        let _ = write!(s, "  \"area2_grid\": \"{}\"", region.area2());
        if let Some(vertices) = self.vertices()? {
            s.push_str(",\n  \"vertices\": [");
            for (i, &p) in vertices.iter().enumerate() {
                s.push_str(if i % 8 == 0 { "\n    " } else { " " });
                point(&mut s, p);
                if i + 1 < vertices.len() {
                    s.push(',');
                }
            }
            s.push_str("\n  ]");
        }
        if let Some(t) = self.triangulation {
            write_index_lists(
                &mut s,
                "triangles",
                t.triangles().iter().map(|t| t.as_slice()),
            );
            write_index_lists(&mut s, "triangle_neighbors", t.neighbors().chunks(3));
        }
        if let Some(count) = self.triangle_count {
            let _ = write!(s, ",\n  \"triangle_count\": {count}");
        }
        if let Some(p) = self.partition {
            let _ = write!(
                s,
                ",\n  \"max_vertices_per_polygon\": {}",
                p.max_vertices_per_polygon()
            );
            write_index_lists(&mut s, "polygons", p.iter().map(|p| p.vertices));
            write_index_lists(&mut s, "polygon_neighbors", p.iter().map(|p| p.neighbors));
        }
        if let Some(areas) = self.polygon_areas {
            if self.partition.is_some_and(|p| p.len() != areas.len()) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "the polygon areas do not match the polygons",
                ));
            }
            s.push_str(",\n  \"polygon_areas\": [");
            for (i, area) in areas.iter().enumerate() {
                s.push_str(if i % 32 == 0 { "\n    " } else { " " });
                let _ = write!(s, "{area}");
                if i + 1 < areas.len() {
                    s.push(',');
                }
            }
            s.push_str(if areas.is_empty() { "]" } else { "\n  ]" });
        }
        if let Some(t) = self.timings {
            let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
            let _ = write!(
                s,
                ",\n  \"timings_ms\": {{\"shrink\": {}, \"triangulate\": {}, \"partition\": {}, \"fans\": {}, \"total\": {}}}",
                ms(t.shrink),
                ms(t.triangulate),
                ms(t.partition),
                ms(t.fans),
                ms(t.total())
            );
        }
        s.push_str("\n}\n");
        Ok(s)
    }
}

/// Writes `"name": [[a, b, c], ...]` with one list per line.
fn write_index_lists<'l, T: std::fmt::Display + 'l>(
    s: &mut String,
    name: &str,
    lists: impl Iterator<Item = &'l [T]>,
) {
    let _ = write!(s, ",\n  \"{name}\": [");
    let mut empty = true;
    for (i, list) in lists.enumerate() {
        s.push_str(if i == 0 { "\n    [" } else { ",\n    [" });
        for (k, x) in list.iter().enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            let _ = write!(s, "{x}");
        }
        s.push(']');
        empty = false;
    }
    s.push_str(if empty { "]" } else { "\n  ]" });
}
