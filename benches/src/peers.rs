//! Adapters that run the peer libraries on onepath's inputs: i_overlay (boolean operations,
//! outlines), Clipper2 (the pure-Rust port `clipper2-rust`), spade (constrained Delaunay
//! triangulation), and the assembled peer build pipeline (i_overlay shrink, spade CDT, a
//! greedy convex merge).

use crate::Ring;
use clipper2_rust::{EndType, FillRule as ClipperFill, JoinType, Path64, Paths64, Point64};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::Overlay;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::i_float::int::angle::Angle;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::i_shape::int::shape::{IntContour, IntShapes};
use i_overlay::mesh::int::arc::ArcOptions;
use i_overlay::mesh::int::outline::offset::IntOutlineOffset;
use i_overlay::mesh::int::style::{IntLineJoin, IntOutlineStyle};
use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};
use std::time::{Duration, Instant};

/// spade's constrained Delaunay triangulation of `f64` points.
pub type SpadeCdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

/// Grid rings as i_overlay contours (`i32`; every bench coordinate is below `2^30`).
pub fn to_contours(rings: &[Ring]) -> Vec<IntContour<i32>> {
    rings
        .iter()
        .map(|r| {
            r.iter()
                .map(|p| IntPoint::new(p[0] as i32, p[1] as i32))
                .collect()
        })
        .collect()
}

/// Grid rings as Clipper2 paths.
pub fn to_paths(rings: &[Ring]) -> Paths64 {
    rings
        .iter()
        .map(|r| {
            r.iter()
                .map(|p| Point64::new(p[0], p[1]))
                .collect::<Path64>()
        })
        .collect()
}

/// The number of vertices of i_overlay's shapes.
pub fn shapes_vertex_count(shapes: &IntShapes<i32>) -> usize {
    shapes.iter().flatten().map(Vec::len).sum()
}

/// The number of vertices of Clipper2's paths.
pub fn paths_vertex_count(paths: &Paths64) -> usize {
    paths.iter().map(Vec::len).sum()
}

/// i_overlay: the boolean `rule` of `subject` and `clip` under the non-zero fill rule
/// (onepath's regions are oriented, so non-zero and positive agree).
pub fn i_overlay_boolean(
    subject: &[IntContour<i32>],
    clip: &[IntContour<i32>],
    rule: OverlayRule,
) -> IntShapes<i32> {
    Overlay::from_subj_and_clip(subject, clip).overlay(rule, FillRule::NonZero)
}

/// i_overlay's round join with `m` vertices per full circle (its arc step is `1 / m` turn).
pub fn i_overlay_round_join(m: u32) -> IntLineJoin {
    IntLineJoin::Round(ArcOptions {
        max_step: Angle::from_bits(((1u64 << 32) / m as u64) as u32),
        rotation_precision: 5,
    })
}

/// i_overlay: the outline (offset) of oriented contours by `distance` grid units, round
/// joins with `m` vertices per circle.
pub fn i_overlay_offset(contours: &[IntContour<i32>], distance: i32, m: u32) -> IntShapes<i32> {
    let style = IntOutlineStyle::new(distance).line_join(i_overlay_round_join(m));
    contours.outline(&style).expect("i_overlay outline")
}

/// i_overlay: the union of all `contours` (the subject alone under the non-zero rule).
pub fn i_overlay_union_all(contours: &[IntContour<i32>]) -> IntShapes<i32> {
    Overlay::from_subj(contours).overlay(OverlayRule::Subject, FillRule::NonZero)
}

/// Clipper2: union of the subjects under the non-zero rule.
pub fn clipper_union(subjects: &Paths64) -> Paths64 {
    clipper2_rust::union_subjects_64(subjects, ClipperFill::NonZero)
}

/// Clipper2: intersection under the non-zero rule.
pub fn clipper_intersection(subjects: &Paths64, clips: &Paths64) -> Paths64 {
    clipper2_rust::intersect_64(subjects, clips, ClipperFill::NonZero)
}

/// Clipper2: difference under the non-zero rule.
pub fn clipper_difference(subjects: &Paths64, clips: &Paths64) -> Paths64 {
    clipper2_rust::difference_64(subjects, clips, ClipperFill::NonZero)
}

/// The Clipper2 arc tolerance for which a round offset of `r` grid units uses just under
/// `m` steps per full circle (`steps = pi / acos(1 - tol / r)`), so a quarter turn gets
/// `m / 4` steps.
pub fn clipper_tolerance(r: f64, m: u32) -> f64 {
    r * (1.0 - (std::f64::consts::PI / m as f64).cos()) * 1.001
}

/// Clipper2: round offset of closed paths by `distance` grid units at `m` vertices per
/// circle.
pub fn clipper_offset(paths: &Paths64, distance: f64, m: u32) -> Paths64 {
    clipper2_rust::inflate_paths_64(
        paths,
        distance,
        JoinType::Round,
        EndType::Polygon,
        2.0,
        clipper_tolerance(distance.abs(), m),
    )
}

/// spade: the bulk-loaded constrained Delaunay triangulation of grid points (exact as
/// `f64`) with constraint edges given as index pairs.
pub fn spade_cdt(points: &[[i64; 2]], edges: Vec<[usize; 2]>) -> SpadeCdt {
    let vertices = points
        .iter()
        .map(|p| Point2::new(p[0] as f64, p[1] as f64))
        .collect();
    SpadeCdt::bulk_load_cdt(vertices, edges).expect("spade bulk load")
}

/// For every face of `cdt` (index 0 is the outer face), whether it lies inside the
/// constraint rings: flooded from the outer face, crossing a constraint toggles.
pub fn inside_faces(cdt: &SpadeCdt) -> Vec<bool> {
    let faces = cdt.num_all_faces();
    let mut state = vec![u8::MAX; faces];
    let mut stack = Vec::new();
    state[0] = 0;
    for edge in cdt.convex_hull() {
        // Hull edges have the outer face on their left; the inner face lies across.
        let inner = edge.rev().face();
        let s = u8::from(edge.is_constraint_edge());
        if state[inner.index()] == u8::MAX {
            state[inner.index()] = s;
            stack.push(inner.fix());
        }
    }
    while let Some(face) = stack.pop() {
        let s = state[face.index()];
        let Some(inner) = face.as_inner() else {
            continue;
        };
        for edge in cdt.face(inner).adjacent_edges() {
            let across = edge.rev().face();
            if state[across.index()] == u8::MAX {
                state[across.index()] = s ^ u8::from(edge.is_constraint_edge());
                stack.push(across.fix());
            }
        }
    }
    state.into_iter().map(|s| s == 1).collect()
}

/// The inside triangles of `cdt` as vertex indices, counter-clockwise.
pub fn inside_triangles(cdt: &SpadeCdt, inside: &[bool]) -> Vec<[u32; 3]> {
    cdt.inner_faces()
        .filter(|f| inside[f.index()])
        .map(|f| f.vertices().map(|v| v.fix().index() as u32))
        .collect()
}

/// Twice the signed area of `a, b, c` (exact on grid integers below `2^62`).
fn orient(a: [i64; 2], b: [i64; 2], c: [i64; 2]) -> i128 {
    (b[0] - a[0]) as i128 * (c[1] - a[1]) as i128 - (b[1] - a[1]) as i128 * (c[0] - a[0]) as i128
}

/// A greedy convex merge of the inside triangles (Hertel–Mehlhorn without the
/// essential-diagonal order): every unconstrained edge between two inside faces, in
/// spade's edge order, is removed when both end corners stay convex (collinear allowed)
/// and the merged polygon has at most `max_vertices` vertices. Returns the polygons as
/// counter-clockwise vertex index lists.
pub fn greedy_merge(cdt: &SpadeCdt, inside: &[bool], max_vertices: usize) -> Vec<Vec<u32>> {
    let points: Vec<[i64; 2]> = cdt
        .vertices()
        .map(|v| {
            let p = v.position();
            [p.x as i64, p.y as i64]
        })
        .collect();
    let faces = cdt.num_all_faces();
    let mut polygons: Vec<Vec<u32>> = vec![Vec::new(); faces];
    let mut parent: Vec<u32> = (0..faces as u32).collect();
    for f in cdt.inner_faces() {
        if inside[f.index()] {
            polygons[f.index()] = f.vertices().map(|v| v.fix().index() as u32).to_vec();
        }
    }
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    for edge in cdt.undirected_edges() {
        if edge.is_constraint_edge() {
            continue;
        }
        let d = edge.as_directed();
        let (left, right) = (d.face(), d.rev().face());
        if !inside[left.index()] || !inside[right.index()] {
            continue;
        }
        let p = find(&mut parent, left.index() as u32) as usize;
        let q = find(&mut parent, right.index() as u32) as usize;
        if p == q || polygons[p].len() + polygons[q].len() - 2 > max_vertices {
            continue;
        }
        let u = d.from().fix().index() as u32;
        let v = d.to().fix().index() as u32;
        let (pl, ql) = (polygons[p].len(), polygons[q].len());
        let i = polygons[p].iter().position(|&x| x == u).expect("u in P");
        let j = polygons[q].iter().position(|&x| x == v).expect("v in Q");
        let at = |poly: &Vec<u32>, k: usize| points[poly[k % poly.len()] as usize];
        // Convex at u: P's vertex before u, u, Q's vertex after u. At v: Q's vertex
        // before v, v, P's vertex after v.
        let convex_u = orient(
            at(&polygons[p], i + pl - 1),
            points[u as usize],
            at(&polygons[q], j + 2),
        ) >= 0;
        let convex_v = orient(
            at(&polygons[q], j + ql - 1),
            points[v as usize],
            at(&polygons[p], i + 2),
        ) >= 0;
        if !(convex_u && convex_v) {
            continue;
        }
        let mut merged = Vec::with_capacity(pl + ql - 2);
        merged.extend((1..=pl).map(|k| polygons[p][(i + k) % pl]));
        merged.extend((2..ql).map(|k| polygons[q][(j + k) % ql]));
        polygons[p] = merged;
        polygons[q] = Vec::new();
        parent[q] = p as u32;
    }
    polygons.retain(|poly| !poly.is_empty());
    polygons
}

/// Splits shapes' rings into a point list and closed-ring constraint edges.
pub fn rings_to_points_edges<'a>(
    rings: impl IntoIterator<Item = &'a [[i64; 2]]>,
) -> (Vec<[i64; 2]>, Vec<[usize; 2]>) {
    let mut points = Vec::new();
    let mut edges = Vec::new();
    for ring in rings {
        let start = points.len();
        points.extend_from_slice(ring);
        let n = ring.len();
        edges.extend((0..n).map(|k| [start + k, start + (k + 1) % n]));
    }
    (points, edges)
}

/// What the peer pipeline produced (counts only, for a sanity print).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeerMesh {
    /// Vertices of the shrunk region.
    pub vertices: usize,
    /// Inside triangles.
    pub triangles: usize,
    /// Convex polygons after the greedy merge.
    pub polygons: usize,
    /// Wall-clock time of the shrink, the triangulation (with flooding) and the merge.
    pub timings: [Duration; 3],
}

/// The assembled peer build: i_overlay round shrink by `radius` grid units at `m` vertices
/// per circle, spade's CDT of the shrunk rings with inside flooding, and the greedy convex
/// merge at `max_vertices`.
pub fn peer_build(
    contours: &[IntContour<i32>],
    radius: i32,
    m: u32,
    max_vertices: usize,
) -> PeerMesh {
    let start = Instant::now();
    let shrunk = i_overlay_offset(contours, -radius, m);
    let shrink = start.elapsed();
    let start = Instant::now();
    let rings: Vec<Vec<[i64; 2]>> = shrunk
        .iter()
        .flatten()
        .map(|c| c.iter().map(|p| [p.x as i64, p.y as i64]).collect())
        .collect();
    let (points, edges) = rings_to_points_edges(rings.iter().map(Vec::as_slice));
    let cdt = spade_cdt(&points, edges);
    let inside = inside_faces(&cdt);
    let triangles = inside.iter().filter(|&&b| b).count();
    let triangulate = start.elapsed();
    let start = Instant::now();
    let polygons = greedy_merge(&cdt, &inside, max_vertices);
    let merge = start.elapsed();
    PeerMesh {
        vertices: points.len(),
        triangles,
        polygons: polygons.len(),
        timings: [shrink, triangulate, merge],
    }
}

/// Twice the signed area of rings given as point iterators (shoelace, exact).
fn ring_area2(ring: impl Iterator<Item = [i64; 2]> + Clone) -> i128 {
    let first = ring.clone().next();
    let mut area = 0i128;
    let mut prev = None;
    for p in ring.chain(first) {
        if let Some(q) = prev {
            let q: [i64; 2] = q;
            area += q[0] as i128 * p[1] as i128 - p[0] as i128 * q[1] as i128;
        }
        prev = Some(p);
    }
    area
}

/// Twice the area of i_overlay's shapes (outer rings counter-clockwise, holes clockwise).
pub fn shapes_area2(shapes: &IntShapes<i32>) -> i128 {
    shapes
        .iter()
        .flatten()
        .map(|c| ring_area2(c.iter().map(|p| [p.x as i64, p.y as i64])))
        .sum()
}

/// Twice the area of Clipper2's paths (positive rings counter-clockwise).
pub fn paths_area2(paths: &Paths64) -> i128 {
    paths
        .iter()
        .map(|c| ring_area2(c.iter().map(|p| [p.x, p.y])))
        .sum()
}
