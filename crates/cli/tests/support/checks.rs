//! Exact checks of a result JSON, on grid integers recovered from the exact coordinates:
//! rings closed, oriented and non-crossing (and rebuilt by `Region::from_outlines`),
//! triangles and polygons convex and counter-clockwise, adjacency symmetric, areas equal.

use onepath_build2d::{Geometry2DOptions, Outline, Region, Vector2D};
use serde_json::Value;
use std::collections::HashMap;

type P = (i64, i64);

fn cross(o: P, a: P, b: P) -> i128 {
    let (ax, ay) = ((a.0 - o.0) as i128, (a.1 - o.1) as i128);
    let (bx, by) = ((b.0 - o.0) as i128, (b.1 - o.1) as i128);
    ax * by - ay * bx
}

fn area2(ring: &[P]) -> i128 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (p, q) = (ring[i], ring[(i + 1) % n]);
            p.0 as i128 * q.1 as i128 - q.0 as i128 * p.1 as i128
        })
        .sum()
}

/// A point in user units as exact grid integers; panics if it is not on the grid.
fn to_grid(value: &Value, scale: f64) -> P {
    let coordinate = |v: &Value| {
        let g = v.as_f64().expect("a number") * scale;
        assert!(g.fract() == 0.0 && g.abs() < 1e15, "{v} is not on the grid");
        g as i64
    };
    (coordinate(&value[0]), coordinate(&value[1]))
}

/// Whether segment `a-b` and segment `c-d` meet anywhere but at shared endpoints.
fn segments_conflict(a: P, b: P, c: P, d: P) -> bool {
    let (d1, d2) = (cross(a, b, c), cross(a, b, d));
    let (d3, d4) = (cross(c, d, a), cross(c, d, b));
    if d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0 {
        return (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0);
    }
    // A point of one segment strictly inside the other (collinear overlaps included).
    let inside = |p: P, q: P, x: P| {
        x != p
            && x != q
            && cross(p, q, x) == 0
            && (x.0 - p.0) * (x.0 - q.0) <= 0
            && (x.1 - p.1) * (x.1 - q.1) <= 0
    };
    inside(a, b, c) || inside(a, b, d) || inside(c, d, a) || inside(c, d, b)
}

/// Checks a result JSON and returns twice its area in grid units.
pub fn check_result_json(json: &Value) -> i128 {
    let snap_bits = json["snap_bits"].as_u64().expect("snap_bits") as u32;
    let scale = (1u64 << snap_bits) as f64;
    let rings: Vec<Vec<P>> = json["rings"]
        .as_array()
        .expect("rings")
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|p| to_grid(p, scale))
                .collect()
        })
        .collect();
    let area2_grid: i128 = json["area2_grid"]
        .as_str()
        .expect("area2_grid")
        .parse()
        .unwrap();
    assert_eq!(rings.iter().map(|r| area2(r)).sum::<i128>(), area2_grid);
    assert_eq!(
        json["area"].as_f64().unwrap(),
        area2_grid as f64 * 0.5 / scale / scale
    );
    let mut edges: Vec<(P, P)> = Vec::new();
    for ring in &rings {
        assert!(ring.len() >= 3, "a ring of {} vertices", ring.len());
        for i in 0..ring.len() {
            let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
            assert_ne!(p, q, "a zero-length ring edge");
            // Undirected, smaller end first: the sweep below needs the smaller x first.
            edges.push((p.min(q), p.max(q)));
        }
    }
    edges.sort_unstable();
    for (i, &(a, b)) in edges.iter().enumerate() {
        assert!(
            i == 0 || edges[i - 1] != (a, b),
            "two rings share the edge {a:?}-{b:?}"
        );
        for &(c, d) in &edges[i + 1..] {
            if c.0 > b.0 {
                break;
            }
            assert!(
                !segments_conflict(a, b, c, d),
                "ring edges {a:?}-{b:?} and {c:?}-{d:?} meet"
            );
        }
    }
    // The rings read even-odd as one outline rebuild a region of the same area.
    let outline = Outline::new(
        rings
            .iter()
            .map(|r| {
                r.iter()
                    .map(|p| Vector2D::new(p.0 as f64 / scale, p.1 as f64 / scale))
                    .collect()
            })
            .collect(),
    );
    let options = Geometry2DOptions::with_snap_bits(snap_bits);
    let rebuilt = Region::from_outlines(&[outline], &options).unwrap();
    assert_eq!(
        rebuilt.area2(),
        area2_grid,
        "the rebuilt region's area differs"
    );
    if json.get("vertices").is_some() {
        check_meshes(json, scale, area2_grid);
    }
    area2_grid
}

/// Checks `triangles` and `polygons` (with their neighbours) against `vertices`.
fn check_meshes(json: &Value, scale: f64, area2_grid: i128) {
    let vertices: Vec<P> = json["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| to_grid(p, scale))
        .collect();
    assert!(
        vertices.windows(2).all(|w| w[0] < w[1]),
        "vertices not sorted and distinct"
    );
    let mut found = false;
    for (cells, neighbors, limit) in [
        ("triangles", "triangle_neighbors", Some(3)),
        (
            "polygons",
            "polygon_neighbors",
            json["max_vertices_per_polygon"]
                .as_u64()
                .map(|m| m as usize),
        ),
    ] {
        if let Some(list) = json.get(cells) {
            found = true;
            let cells: Vec<Vec<usize>> = list
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    c.as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_u64().unwrap() as usize)
                        .collect()
                })
                .collect();
            let neighbors: Vec<Vec<i64>> = json[neighbors]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    c.as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_i64().unwrap())
                        .collect()
                })
                .collect();
            let total = check_cells(
                &vertices,
                &cells,
                &neighbors,
                limit.expect("a vertex limit"),
            );
            assert_eq!(total, area2_grid, "the {cells:?} do not cover the region");
        }
    }
    assert!(found, "vertices without triangles or polygons");
}

/// Checks convex counter-clockwise cells with symmetric adjacency; returns their area.
fn check_cells(vertices: &[P], cells: &[Vec<usize>], neighbors: &[Vec<i64>], limit: usize) -> i128 {
    assert_eq!(cells.len(), neighbors.len());
    let mut by_edge: HashMap<(usize, usize), (usize, usize)> = HashMap::new();
    let mut total = 0;
    for (i, cell) in cells.iter().enumerate() {
        let n = cell.len();
        assert!(
            (3..=limit).contains(&n),
            "cell {i} has {n} vertices (limit {limit})"
        );
        assert_eq!(neighbors[i].len(), n);
        let points: Vec<P> = cell.iter().map(|&v| vertices[v]).collect();
        for k in 0..n {
            let turn = cross(points[k], points[(k + 1) % n], points[(k + 2) % n]);
            assert!(turn >= 0, "cell {i} is not convex counter-clockwise at {k}");
            assert!(
                by_edge
                    .insert((cell[k], cell[(k + 1) % n]), (i, k))
                    .is_none(),
                "a repeated edge"
            );
        }
        let a = area2(&points);
        assert!(a > 0, "cell {i} has area {a}");
        total += a;
    }
    for (&(u, v), &(i, k)) in &by_edge {
        match by_edge.get(&(v, u)) {
            Some(&(j, m)) => {
                assert_eq!(neighbors[i][k], j as i64, "cell {i} edge {k}");
                assert_eq!(neighbors[j][m], i as i64, "cell {j} edge {m}");
            }
            None => assert_eq!(neighbors[i][k], -1, "cell {i} edge {k} has no twin"),
        }
    }
    total
}
