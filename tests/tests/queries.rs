//! The navigation mesh's point queries (decisions D18) against brute force on every bundled
//! Moving AI map: `locate` over all polygons, `closest_point` over all boundary edges,
//! `polygons_in` by an intersection test written independently of the library's.

use onepath_build2d::{Mesh2DPipeline, NavMesh, Vector2D};
use onepath_predicates::{
    GridPoint, Orientation, SegmentPoint, SquaredDistance, orient2d, segment_distance2,
};
use onepath_testkit::Rng;
use onepath_tests::{load_map, map_region, movingai_maps};
use std::sync::OnceLock;

/// One cell of the bundled maps in grid units (unit cells on the default grid).
const CELL: i64 = 1 << 16;

fn corners(mesh: &NavMesh, i: usize) -> Vec<GridPoint> {
    let vertices = mesh.vertices();
    mesh.polygons()
        .polygon(i)
        .iter()
        .map(|&v| vertices[v as usize])
        .collect()
}

fn in_closed(corners: &[GridPoint], p: GridPoint) -> bool {
    let n = corners.len();
    (0..n).all(|k| orient2d(corners[k], corners[(k + 1) % n], p) != Orientation::Clockwise)
}

/// The first polygon, in index order, whose closed polygon holds `p`.
fn brute_locate(polygons: &[Vec<GridPoint>], p: GridPoint) -> Option<usize> {
    polygons.iter().position(|c| in_closed(c, p))
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Query points for a mesh: random grid points over its box and a cell beyond, mesh
/// vertices, grid points on polygon edges (shared and boundary), and cell centres.
fn query_points(polygons: &[Vec<GridPoint>], rng: &mut Rng, count: usize) -> Vec<GridPoint> {
    let all: Vec<GridPoint> = polygons.iter().flatten().copied().collect();
    let lo = all
        .iter()
        .fold(all[0], |m, p| GridPoint::new(m.x.min(p.x), m.y.min(p.y)));
    let hi = all
        .iter()
        .fold(all[0], |m, p| GridPoint::new(m.x.max(p.x), m.y.max(p.y)));
    (0..count)
        .map(|i| match i % 4 {
            0 => GridPoint::new(
                rng.range(lo.x - CELL, hi.x + CELL),
                rng.range(lo.y - CELL, hi.y + CELL),
            ),
            1 => all[rng.below(all.len())],
            2 => {
                let c = &polygons[rng.below(polygons.len())];
                let k = rng.below(c.len());
                let (a, b) = (c[k], c[(k + 1) % c.len()]);
                let g = gcd((b.x - a.x).unsigned_abs(), (b.y - a.y).unsigned_abs()).max(1) as i64;
                let s = rng.range(0, g);
                GridPoint::new(a.x + s * ((b.x - a.x) / g), a.y + s * ((b.y - a.y) / g))
            }
            _ => GridPoint::new(
                (rng.range(lo.x, hi.x) / CELL) * CELL + CELL / 2,
                (rng.range(lo.y, hi.y) / CELL) * CELL + CELL / 2,
            ),
        })
        .collect()
}

/// The meshes the tests run on: every map at agent radius 0 (axis-aligned walls, lattice
/// geometry), and the smaller maps at radius 0.5 (the shrink's diagonal and arc walls).
/// Built once and shared by the tests of this file.
fn meshes() -> &'static [(String, NavMesh)] {
    static MESHES: OnceLock<Vec<(String, NavMesh)>> = OnceLock::new();
    MESHES.get_or_init(build_meshes)
}

fn build_meshes() -> Vec<(String, NavMesh)> {
    let mut out = Vec::new();
    for name in movingai_maps() {
        let map = load_map(&name);
        let region = map_region(&map);
        let mesh = Mesh2DPipeline::new(1.0, 0.0).build(&region).expect("build");
        out.push((format!("{name} r0"), mesh));
        if map.width * map.height <= 128 * 128 {
            let mesh = Mesh2DPipeline::new(1.0, 0.5).build(&region).expect("build");
            out.push((format!("{name} r0.5"), mesh));
        }
    }
    out
}

/// Fewer queries on the large maps, where every brute-force answer walks the whole mesh.
fn query_count(mesh: &NavMesh, small: usize) -> usize {
    if mesh.polygons().len() > 4_000 {
        small / 4
    } else {
        small
    }
}

#[test]
fn locate_agrees_with_brute_force_on_every_map() {
    let mut rng = Rng::new(22);
    let mut checked = 0;
    let mut on_mesh = 0;
    for (name, mesh) in meshes() {
        let polygons: Vec<Vec<GridPoint>> = (0..mesh.polygons().len())
            .map(|i| corners(mesh, i))
            .collect();
        for p in query_points(&polygons, &mut rng, query_count(mesh, 2_000)) {
            let expected = brute_locate(&polygons, p);
            assert_eq!(mesh.locate_grid(p).unwrap(), expected, "{name}: {p}");
            on_mesh += usize::from(expected.is_some());
            checked += 1;
        }
        // The user-unit form snaps, then answers the same.
        let v = mesh.vertices_f64()[0];
        let p = mesh.snap_point(v).unwrap();
        assert_eq!(
            mesh.locate(v).unwrap(),
            brute_locate(&polygons, p),
            "{name}"
        );
    }
    println!("{checked} points located, {on_mesh} on the mesh");
    assert!(on_mesh > checked / 2, "{on_mesh} of {checked}");
}

/// The point of the closed polygon `c` that decisions D18 rounds the exact projection
/// `a + (num / den)·(b − a)` to, computed independently in `i128` (the maps' coordinates
/// stay below 2^26, so every square below fits).
fn reference_rounding(
    c: &[GridPoint],
    a: GridPoint,
    b: GridPoint,
    num: i128,
    den: i128,
) -> GridPoint {
    let (dx, dy) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
    let (qx, qy) = (
        i128::from(a.x) * den + num * dx,
        i128::from(a.y) * den + num * dy,
    );
    let (fx, fy) = (qx.div_euclid(den), qy.div_euclid(den));
    let mut candidates = Vec::new();
    for x in [fx, fx + 1] {
        for y in [fy, fy + 1] {
            let p = GridPoint::new(x as i64, y as i64);
            // Only the corners of the cell holding q: a coordinate of q on the grid has one.
            if (x * den - qx).abs() < den && (y * den - qy).abs() < den && in_closed(c, p) {
                let d2 = (x * den - qx).pow(2) + (y * den - qy).pow(2);
                candidates.push((d2, p));
            }
        }
    }
    if let Some(&(_, p)) = candidates.iter().min() {
        return p;
    }
    let g = i128::from(gcd(dx.unsigned_abs() as u64, dy.unsigned_abs() as u64));
    let k0 = (num * g).div_euclid(den);
    // k0 or k0 + 1, whichever is nearer to t·g; ties to k0 (towards a).
    let k = if (num * g - k0 * den) <= ((k0 + 1) * den - num * g) {
        k0
    } else {
        k0 + 1
    };
    GridPoint::new(
        (i128::from(a.x) + k * (dx / g)) as i64,
        (i128::from(a.y) + k * (dy / g)) as i64,
    )
}

#[test]
fn closest_point_agrees_with_brute_force_over_all_boundary_edges() {
    let mut rng = Rng::new(2022);
    let (mut moved, mut interior, mut total) = (0, 0, 0);
    for (name, mesh) in meshes() {
        let polygons: Vec<Vec<GridPoint>> = (0..mesh.polygons().len())
            .map(|i| corners(mesh, i))
            .collect();
        let mut edges = Vec::new();
        for (i, polygon) in mesh.polygons().iter().enumerate() {
            let c = &polygons[i];
            for (k, &n) in polygon.neighbors.iter().enumerate() {
                if n < 0 {
                    edges.push((i, c[k], c[(k + 1) % c.len()]));
                }
            }
        }
        for p in query_points(&polygons, &mut rng, query_count(mesh, 400)) {
            let got = mesh
                .closest_grid_point(p)
                .unwrap()
                .expect("a non-empty mesh");
            total += 1;
            if let Some(i) = brute_locate(&polygons, p) {
                assert_eq!(
                    (got.grid_point, got.polygon, got.moved),
                    (p, i, false),
                    "{name}: {p}"
                );
                continue;
            }
            // The first edge, in (polygon, edge) order, at the least exact distance.
            let mut best: Option<(SquaredDistance, usize, SegmentPoint)> = None;
            for (e, &(_, a, b)) in edges.iter().enumerate() {
                let (d, at) = segment_distance2(p, a, b);
                if best.as_ref().is_none_or(|(bd, _, _)| d < *bd) {
                    best = Some((d, e, at));
                }
            }
            let (_, e, at) = best.expect("a boundary edge");
            let (polygon, a, b) = edges[e];
            let expected = match at {
                SegmentPoint::Start => a,
                SegmentPoint::End => b,
                SegmentPoint::Interior { num, den } => {
                    interior += 1;
                    reference_rounding(&polygons[polygon], a, b, num, den)
                }
            };
            assert!(in_closed(&polygons[polygon], got.grid_point), "{name}: {p}");
            assert_eq!(got.grid_point, expected, "{name}: {p} (edge {a}-{b})");
            assert_eq!(
                Some(got.polygon),
                brute_locate(&polygons, expected),
                "{name}: {p}"
            );
            assert!(got.moved);
            let unit = 1.0 / 65536.0;
            let user = Vector2D::new(expected.x as f64 * unit, expected.y as f64 * unit);
            assert_eq!(got.point, user);
            moved += 1;
        }
    }
    println!(
        "{total} closest points, {moved} moved onto the mesh, {interior} onto an edge's interior"
    );
    assert!(
        moved > total / 10 && interior > moved / 4,
        "{moved} {interior} of {total}"
    );
}

/// Closed segments `a–b` and `c–d` share a point (orientations, with collinear overlaps).
fn segments_meet(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) -> bool {
    let on = |p: GridPoint, q: GridPoint, r: GridPoint| {
        orient2d(p, q, r) == Orientation::Collinear
            && r.x >= p.x.min(q.x)
            && r.x <= p.x.max(q.x)
            && r.y >= p.y.min(q.y)
            && r.y <= p.y.max(q.y)
    };
    let (o1, o2) = (orient2d(a, b, c).signum(), orient2d(a, b, d).signum());
    let (o3, o4) = (orient2d(c, d, a).signum(), orient2d(c, d, b).signum());
    (o1 * o2 < 0 && o3 * o4 < 0) || on(a, b, c) || on(a, b, d) || on(c, d, a) || on(c, d, b)
}

/// A convex polygon and a box meet when a polygon vertex is in the box, a box corner is in
/// the polygon, or two of their edges meet.
fn reference_meets(c: &[GridPoint], lo: GridPoint, hi: GridPoint) -> bool {
    let boxed = [
        lo,
        GridPoint::new(hi.x, lo.y),
        hi,
        GridPoint::new(lo.x, hi.y),
    ];
    c.iter()
        .any(|p| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y)
        || boxed.iter().any(|&q| in_closed(c, q))
        || (0..c.len()).any(|k| {
            (0..4).any(|j| segments_meet(c[k], c[(k + 1) % c.len()], boxed[j], boxed[(j + 1) % 4]))
        })
}

#[test]
fn polygons_in_agrees_with_an_independent_intersection_test() {
    let mut rng = Rng::new(7);
    let mut found = 0;
    for (name, mesh) in meshes() {
        let polygons: Vec<Vec<GridPoint>> = (0..mesh.polygons().len())
            .map(|i| corners(mesh, i))
            .collect();
        let points = query_points(&polygons, &mut rng, query_count(mesh, 80));
        for (k, &a) in points.iter().enumerate() {
            // A point, a box around a cell, and larger boxes, in either corner order.
            let reach = [0, CELL / 2, CELL, 4 * CELL, 16 * CELL][k % 5];
            let b = GridPoint::new(
                a.x + rng.range(-reach, reach),
                a.y + rng.range(-reach, reach),
            );
            let (lo, hi) = (
                GridPoint::new(a.x.min(b.x), a.y.min(b.y)),
                GridPoint::new(a.x.max(b.x), a.y.max(b.y)),
            );
            let expected: Vec<usize> = (0..polygons.len())
                .filter(|&i| reference_meets(&polygons[i], lo, hi))
                .collect();
            assert_eq!(
                mesh.polygons_in_grid(a, b).unwrap(),
                expected,
                "{name}: {a} {b}"
            );
            found += expected.len();
        }
    }
    assert!(found > 1_000, "{found}");
}
