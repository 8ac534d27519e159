//! The triangulation equals an independent brute-force constrained Delaunay triangulation
//! on small random inputs without four cocircular points, where the CDT is unique.
//!
//! The reference builds a maximal planar graph containing the constraints (greedy, shortest
//! segments first), then applies Lawson flips to unconstrained illegal edges until none
//! remains; by Lawson's theorem that is the constrained Delaunay triangulation of the
//! points' convex hull, and with no four cocircular points it is unique.

mod common;

use common::{Rng, build_checked, is_noded, strictly_inside_segment};
use onepath_predicates::{CirclePosition, GridPoint, dot, incircle, orient2d, properly_cross};
use std::collections::BTreeSet;

/// True when no four points are cocircular (three collinear points are allowed).
fn no_four_cocircular(p: &[GridPoint]) -> bool {
    let n = p.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (a, b, c) = match orient2d(p[i], p[j], p[k]).signum() {
                    1 => (p[i], p[j], p[k]),
                    -1 => (p[i], p[k], p[j]),
                    _ => continue,
                };
                for (l, &d) in p.iter().enumerate() {
                    if l != i && l != j && l != k && incircle(a, b, c, d) == CirclePosition::On {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// True when no point other than the corners lies in the closed triangle `i, j, k` (CCW).
fn empty_triangle(p: &[GridPoint], [i, j, k]: [usize; 3]) -> bool {
    (0..p.len())
        .filter(|&l| l != i && l != j && l != k)
        .all(|l| {
            let q = p[l];
            let s = [
                orient2d(p[i], p[j], q).signum(),
                orient2d(p[j], p[k], q).signum(),
                orient2d(p[k], p[i], q).signum(),
            ];
            s.iter().any(|&x| x < 0)
        })
}

/// The face on the left of the directed edge `i -> j`, if any.
fn left_face(
    p: &[GridPoint],
    edges: &BTreeSet<(usize, usize)>,
    i: usize,
    j: usize,
) -> Option<usize> {
    let has = |a: usize, b: usize| edges.contains(&(a.min(b), a.max(b)));
    (0..p.len()).find(|&k| {
        k != i
            && k != j
            && orient2d(p[i], p[j], p[k]).is_ccw()
            && has(j, k)
            && has(k, i)
            && empty_triangle(p, [i, j, k])
    })
}

/// The brute-force reference: the triangles (rotated to their smallest vertex) of the
/// constrained Delaunay triangulation of the points' convex hull.
fn reference_cdt(p: &[GridPoint], constraints: &[[u32; 2]]) -> BTreeSet<[u32; 3]> {
    let fixed: BTreeSet<(usize, usize)> = constraints
        .iter()
        .map(|&[a, b]| ((a.min(b)) as usize, (a.max(b)) as usize))
        .collect();
    let mut edges = fixed.clone();
    let mut candidates: Vec<(i128, usize, usize)> = Vec::new();
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            candidates.push((dot(p[j] - p[i], p[j] - p[i]), i, j));
        }
    }
    candidates.sort_unstable();
    for (_, i, j) in candidates {
        let blocked = (0..p.len()).any(|k| strictly_inside_segment(p[i], p[j], p[k]))
            || edges
                .iter()
                .any(|&(a, b)| properly_cross(p[i], p[j], p[a], p[b]));
        if !blocked {
            edges.insert((i, j));
        }
    }
    // Lawson flips of unconstrained illegal edges until none is left.
    loop {
        let illegal = edges.iter().copied().find(|&(i, j)| {
            if fixed.contains(&(i, j)) {
                return false;
            }
            match (left_face(p, &edges, i, j), left_face(p, &edges, j, i)) {
                (Some(k), Some(l)) => incircle(p[i], p[j], p[k], p[l]) == CirclePosition::Inside,
                _ => false,
            }
        });
        let Some((i, j)) = illegal else { break };
        let k = left_face(p, &edges, i, j).expect("face");
        let l = left_face(p, &edges, j, i).expect("face");
        edges.remove(&(i, j));
        edges.insert((k.min(l), k.max(l)));
    }
    let mut triangles = BTreeSet::new();
    for &(i, j) in &edges {
        for (a, b) in [(i, j), (j, i)] {
            if let Some(k) = left_face(p, &edges, a, b) {
                let mut t = [a as u32, b as u32, k as u32];
                let r = (0..3).min_by_key(|&x| t[x]).expect("three");
                t.rotate_left(r);
                triangles.insert(t);
            }
        }
    }
    triangles
}

#[test]
fn equals_brute_force_cdt_on_small_inputs() {
    let mut rng = Rng(3);
    let mut compared = 0;
    let mut constrained = 0;
    while compared < 300 {
        let count = rng.range_half_open(4, 13) as usize;
        let mut points: Vec<GridPoint> = (0..count)
            .map(|_| GridPoint::new(rng.range_half_open(0, 48), rng.range_half_open(0, 48)))
            .collect();
        points.sort_unstable();
        points.dedup();
        if points.len() < 3 || !no_four_cocircular(&points) {
            continue;
        }
        let n = points.len() as i64;
        let mut constraints: Vec<[u32; 2]> = Vec::new();
        for _ in 0..rng.range_half_open(0, 5) {
            let (a, b) = (
                rng.range_half_open(0, n) as u32,
                rng.range_half_open(0, n) as u32,
            );
            if a != b {
                constraints.push([a, b]);
                if !is_noded(&points, &constraints) {
                    constraints.pop();
                }
            }
        }
        let (cdt, _) = build_checked(&points, &constraints);
        let ours: BTreeSet<[u32; 3]> = (0..cdt.triangles().len())
            .filter(|&t| !cdt.touches_bounding_corner(t))
            .map(|t| {
                let mut tri = cdt.triangles()[t];
                let r = (0..3).min_by_key(|&x| tri[x]).expect("three");
                tri.rotate_left(r);
                tri
            })
            .collect();
        assert_eq!(
            ours,
            reference_cdt(&points, &constraints),
            "{points:?} {constraints:?}"
        );
        compared += 1;
        constrained += usize::from(!constraints.is_empty());
    }
    assert!(constrained > 200, "{constrained} cases had constraints");
}
