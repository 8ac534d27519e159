//! The inputs of the CDT library (artem-ogre/CDT) in tests/data/triangulation/cdt: every
//! noded input is triangulated and checked, and where the rings have a unique constrained
//! Delaunay triangulation inside, the kept triangles equal that library's `_auto` output
//! (outer triangles and holes removed by even-odd depth).

mod common;

use common::{build_checked, data_dir, files, is_noded, scale};
use onepath_cdt::{Cdt, NO_TRIANGLE};
use onepath_predicates::{CirclePosition, GridPoint, incircle};
use std::collections::BTreeSet;

/// A parsed input: scaled points (caller's order) and undirected edges.
struct Input {
    points: Vec<GridPoint>,
    edges: Vec<[u32; 2]>,
}

fn parse_input(text: &str) -> Input {
    let mut tokens = text.split_whitespace();
    let mut next = || tokens.next().expect("token");
    let vertex_count: usize = next().parse().expect("nV");
    let edge_count: usize = next().parse().expect("nE");
    let coords: Vec<&str> = (0..2 * vertex_count).map(|_| next()).collect();
    let values = scale(&coords);
    let points = values
        .chunks(2)
        .map(|c| GridPoint::new(c[0], c[1]))
        .collect();
    let edges = (0..edge_count)
        .map(|_| [next().parse().expect("i"), next().parse().expect("j")])
        .collect();
    Input { points, edges }
}

/// The triangles (sorted vertex triples) of a CDT library output file, in input ids.
fn parse_expected(text: &str) -> Vec<[u32; 3]> {
    let mut lines = text.lines();
    let count: usize = lines.next().expect("count").trim().parse().expect("count");
    lines
        .take(count)
        .map(|l| {
            let v: Vec<u32> = l
                .split_whitespace()
                .take(3)
                .map(|t| t.parse().expect("id"))
                .collect();
            [v[0], v[1], v[2]]
        })
        .collect()
}

/// Even-odd depth parity of every triangle, flooding from the bounding corners; crossing
/// a constrained edge toggles it.
fn odd_depth(cdt: &Cdt) -> Vec<bool> {
    let mut odd: Vec<Option<bool>> = vec![None; cdt.triangles().len()];
    let mut queue = std::collections::VecDeque::new();
    for (t, parity) in odd.iter_mut().enumerate() {
        if cdt.touches_bounding_corner(t) {
            *parity = Some(false);
            queue.push_back(t);
        }
    }
    while let Some(t) = queue.pop_front() {
        for k in 0..3 {
            let u = cdt.adjacency()[t][k];
            if u != NO_TRIANGLE && odd[u as usize].is_none() {
                odd[u as usize] = Some(odd[t].expect("set") ^ cdt.is_constrained(t, k));
                queue.push_back(u as usize);
            }
        }
    }
    odd.into_iter().map(|p| p == Some(true)).collect()
}

/// True when an unconstrained edge between two kept triangles has four cocircular points,
/// so the kept triangulation is not unique.
fn has_cocircular_edge(cdt: &Cdt, kept: &[bool]) -> bool {
    let p = |v: u32| cdt.points()[v as usize];
    (0..cdt.triangles().len()).filter(|&t| kept[t]).any(|t| {
        let tri = cdt.triangles()[t];
        (0..3).any(|k| {
            let u = cdt.adjacency()[t][k];
            if u == NO_TRIANGLE || !kept[u as usize] || cdt.is_constrained(t, k) {
                return false;
            }
            let d = cdt.triangles()[u as usize]
                .into_iter()
                .find(|v| !tri.contains(v))
                .expect("apex");
            incircle(p(tri[0]), p(tri[1]), p(tri[2]), p(d)) == CirclePosition::On
        })
    })
}

#[test]
fn cdt_library_inputs() {
    let dir = data_dir().join("cdt");
    let (mut total, mut ran, mut comparable, mut matched, mut cocircular) = (0, 0, 0, 0, 0);
    for path in files(&dir.join("inputs"), "txt") {
        total += 1;
        let input = parse_input(&std::fs::read_to_string(&path).expect("input"));
        let mut points = input.points.clone();
        points.sort_unstable();
        points.dedup();
        let id = |v: u32| {
            points
                .binary_search(&input.points[v as usize])
                .expect("point") as u32
        };
        let edges: Vec<[u32; 2]> = input
            .edges
            .iter()
            .map(|&[a, b]| [id(a), id(b)])
            .filter(|[a, b]| a != b)
            .collect();
        if !is_noded(&points, &edges) {
            assert!(
                Cdt::new(&points, &edges).is_err(),
                "{path:?}: unnoded input accepted"
            );
            continue;
        }
        ran += 1;
        let (cdt, _) = build_checked(&points, &edges);
        let undirected: BTreeSet<[u32; 2]> =
            edges.iter().map(|&[a, b]| [a.min(b), a.max(b)]).collect();
        let stem = path
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        let expected = ["", "f64_"]
            .iter()
            .map(|f| dir.join(format!("expected/{stem}__{f}auto_resolve_auto.txt")))
            .find(|p| p.exists());
        let kept = odd_depth(&cdt);
        // Rings only: no duplicate points or edges, and every vertex of even degree (no
        // hanging edges, whose depth the library reads differently).
        let mut degree = vec![0u32; points.len()];
        for &[a, b] in &edges {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        let simple = points.len() == input.points.len()
            && undirected.len() == edges.len()
            && degree.iter().all(|d| d.is_multiple_of(2));
        let (Some(expected), true) = (expected, simple) else {
            continue;
        };
        if has_cocircular_edge(&cdt, &kept) {
            cocircular += 1;
            continue;
        }
        comparable += 1;
        let sorted = |mut t: [u32; 3]| {
            t.sort_unstable();
            t
        };
        let ours: BTreeSet<[u32; 3]> = (0..cdt.triangles().len())
            .filter(|&t| kept[t])
            .map(|t| sorted(cdt.triangles()[t]))
            .collect();
        let theirs: BTreeSet<[u32; 3]> =
            parse_expected(&std::fs::read_to_string(&expected).expect("expected"))
                .into_iter()
                .map(|t| sorted(t.map(id)))
                .collect();
        if ours == theirs {
            matched += 1;
        } else {
            println!(
                "{stem}: {} ours, {} theirs, {} shared",
                ours.len(),
                theirs.len(),
                ours.intersection(&theirs).count()
            );
        }
    }
    println!(
        "CDT library: {total} inputs, {ran} noded and triangulated, {comparable} comparable, {matched} matched, {cocircular} rings skipped as cocircular"
    );
    assert!(
        ran >= 15 && comparable >= 8,
        "{ran} inputs ran, {comparable} comparable"
    );
    assert_eq!(
        matched, comparable,
        "every comparable input matches the library's output"
    );
}
