//! The canonical text of golden outputs, and the invariant checks every output passes.
//!
//! Every number is an exact grid integer and every list is printed in the library's
//! canonical order, one item per line, so that a diff of two goldens reads well:
//!
//! ```text
//! == op union b ==                        a section per input region and per operation
//! region: rings 2, vertices 8, area2 400  counts and twice the exact area (grid units²)
//! ring 0: 4 vertices                      the rings in canonical order
//!   0 0                                   one vertex per line: x y
//! triangulation: vertices 4, triangles 2, area2 200
//! vertex 0: 0 0                           vertices sorted by (x, y)
//! triangle 0: 0 1 2 / -1 1 -1             vertex indices / neighbours across (v0 v1),
//!                                         (v1 v2), (v2 v0), -1 on the boundary
//! partition: max 6, polygons 1, area2 200
//! polygon 0: 0 1 2 3 / -1 -1 -1 -1        vertex indices / neighbours, as triangles
//! fan 0: 0 -1                             NavMesh: the polygons around each vertex
//! ```
//!
//! A summarised case (`summary`) prints, per section, its line count, the 64-bit FNV-1a hash
//! of the full section text and its first 40 lines.

use onepath_build2d::{ConvexPartition, NavMesh, Region, Triangulation};
use std::fmt::Write;

/// How many lines of a summarised section are printed in full.
const SUMMARY_LINES: usize = 40;

/// The 64-bit FNV-1a hash of `bytes` (stable on every platform).
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The text of a case, section by section.
pub(crate) struct Output {
    summary: bool,
    text: String,
}

impl Output {
    /// An empty output; `summary` summarises every section.
    pub(crate) fn new(summary: bool) -> Self {
        Self {
            summary,
            text: String::new(),
        }
    }

    /// Appends the section `title`, written by `write`.
    pub(crate) fn section(&mut self, title: &str, write: impl FnOnce(&mut String)) {
        let mut body = String::new();
        write(&mut body);
        writeln!(self.text, "== {title} ==").unwrap();
        if self.summary {
            let lines = body.lines().count();
            writeln!(
                self.text,
                "summary: lines {lines}, fnv1a64 {:016x}",
                fnv1a64(body.as_bytes())
            )
            .unwrap();
            for line in body.lines().take(SUMMARY_LINES) {
                writeln!(self.text, "{line}").unwrap();
            }
            if lines > SUMMARY_LINES {
                writeln!(self.text, "... {} more lines", lines - SUMMARY_LINES).unwrap();
            }
        } else {
            self.text.push_str(&body);
        }
    }

    /// The whole text.
    pub(crate) fn finish(self) -> String {
        self.text
    }
}

/// Writes a region after checking its invariants.
pub(crate) fn region(out: &mut String, region: &Region) {
    if let Err(e) = region.check_invariants() {
        panic!("a region breaks its invariants: {e}");
    }
    writeln!(
        out,
        "region: rings {}, vertices {}, area2 {}",
        region.rings().len(),
        region.vertex_count(),
        region.area2()
    )
    .unwrap();
    for (i, ring) in region.rings().iter().enumerate() {
        writeln!(out, "ring {i}: {} vertices", ring.len()).unwrap();
        for p in ring {
            writeln!(out, "  {} {}", p.x, p.y).unwrap();
        }
    }
}

fn join<T: ToString>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes a triangulation of `of` after checking its invariants and exact area.
pub(crate) fn triangulation(out: &mut String, t: &Triangulation, of: &Region) {
    if let Err(e) = t.check_invariants() {
        panic!("a triangulation breaks its invariants: {e}");
    }
    assert_eq!(
        t.area2(),
        of.area2(),
        "the triangles do not cover the region"
    );
    writeln!(
        out,
        "triangulation: vertices {}, triangles {}, area2 {}",
        t.vertices().len(),
        t.len(),
        t.area2()
    )
    .unwrap();
    for (i, p) in t.vertices().iter().enumerate() {
        writeln!(out, "vertex {i}: {} {}", p.x, p.y).unwrap();
    }
    for (i, tri) in t.triangles().iter().enumerate() {
        let n = &t.neighbors()[3 * i..3 * i + 3];
        writeln!(out, "triangle {i}: {} / {}", join(tri), join(n)).unwrap();
    }
}

/// Writes a convex partition of `of` after checking its invariants, its exact area and that
/// no diagonal could still be removed.
pub(crate) fn partition(out: &mut String, p: &ConvexPartition, of: &Region) {
    if let Err(e) = p.check_invariants() {
        panic!("a partition breaks its invariants: {e}");
    }
    assert_eq!(
        p.area2(),
        of.area2(),
        "the polygons do not cover the region"
    );
    let left = p
        .remaining_mergeable_diagonals()
        .expect("mergeable diagonals");
    assert!(
        left.is_empty(),
        "the merge left removable diagonals {left:?}"
    );
    writeln!(
        out,
        "partition: max {}, vertices {}, polygons {}, area2 {}",
        p.max_vertices_per_polygon(),
        p.vertices().len(),
        p.len(),
        p.area2()
    )
    .unwrap();
    for (i, v) in p.vertices().iter().enumerate() {
        writeln!(out, "vertex {i}: {} {}", v.x, v.y).unwrap();
    }
    for (i, polygon) in p.iter().enumerate() {
        let (vertices, neighbors) = (polygon.vertices, polygon.neighbors);
        writeln!(out, "polygon {i}: {} / {}", join(vertices), join(neighbors)).unwrap();
    }
}

/// Writes a navigation mesh after checking its invariants: the shrunk region, the triangle
/// count, the polygons and the vertex fans.
pub(crate) fn navmesh(out: &mut String, mesh: &NavMesh) {
    if let Err(e) = mesh.check_invariants() {
        panic!("a navmesh breaks its invariants: {e}");
    }
    region(out, mesh.region());
    writeln!(out, "navmesh: triangles {}", mesh.triangle_count()).unwrap();
    partition(out, mesh.polygons(), mesh.region());
    for (i, fan) in mesh.vertex_fans().iter().enumerate() {
        writeln!(out, "fan {i}: {}", join(fan)).unwrap();
    }
}
