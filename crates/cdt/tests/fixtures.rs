//! Real triangulation fixtures from tests/data/triangulation (earcut, poly2tri and CDT
//! inputs): parsed by hand, scaled to integers, triangulated and checked; CDT inputs made of
//! noded rings with a unique CDT are compared with that library's `_auto` output.

mod common;

use common::{
    build_checked, data_dir, files, index_rings, inside_twice_area, is_noded, ring_twice_area,
    scale, winding_weighted_area,
};
use onepath_cdt::Cdt;
use onepath_predicates::GridPoint;

/// Rings of `(x, y)` strings scaled together into grid points.
fn scale_rings(rings: &[Vec<(&str, &str)>]) -> Vec<Vec<GridPoint>> {
    let flat: Vec<&str> = rings.iter().flatten().flat_map(|&(x, y)| [x, y]).collect();
    let mut values = scale(&flat).into_iter();
    let mut next = || values.next().expect("value");
    rings
        .iter()
        .map(|r| r.iter().map(|_| GridPoint::new(next(), next())).collect())
        .collect()
}

/// The number strings of an earcut fixture `[[[x, y], ...], ...]`, grouped by ring.
fn parse_earcut(text: &str) -> Vec<Vec<(&str, &str)>> {
    let mut rings = Vec::new();
    let mut depth = 0;
    let mut numbers: Vec<&str> = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let numeric = c.is_ascii_digit() || "+-.eE".contains(c);
        match (numeric, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                numbers.push(&text[s..i]);
                start = None;
            }
            _ => {}
        }
        if c == '[' {
            depth += 1;
        } else if c == ']' {
            depth -= 1;
            if depth == 1 {
                rings.push(numbers.chunks(2).map(|p| (p[0], p[1])).collect());
                numbers.clear();
            }
        }
    }
    rings
}

/// Orients ring 0 counter-clockwise and the others clockwise, as earcut and poly2tri mean.
fn orient_outer_and_holes(rings: &mut [Vec<GridPoint>]) {
    for (i, ring) in rings.iter_mut().enumerate() {
        let area = ring_twice_area(ring);
        if (i == 0 && area < 0) || (i > 0 && area > 0) {
            ring.reverse();
        }
    }
}

/// Triangulates outer-and-holes rings (plus `steiner` points) if they are noded; returns
/// whether it ran. Checks invariants and exact areas.
fn run_rings(rings: &[Vec<GridPoint>], steiner: &[GridPoint]) -> bool {
    let (mut points, mut edges) = index_rings(rings);
    if !steiner.is_empty() {
        let old = points.clone();
        points.extend_from_slice(steiner);
        points.sort_unstable();
        points.dedup();
        let remap = |v: u32| points.binary_search(&old[v as usize]).expect("vertex") as u32;
        edges = edges.iter().map(|&[a, b]| [remap(a), remap(b)]).collect();
    }
    if !is_noded(&points, &edges) {
        assert!(Cdt::new(&points, &edges).is_err(), "unnoded input accepted");
        return false;
    }
    let (cdt, inside) = build_checked(&points, &edges);
    let signed: i128 = rings.iter().map(|r| ring_twice_area(r)).sum();
    let windings = cdt.windings();
    assert_eq!(winding_weighted_area(&cdt, &windings), signed);
    if windings.iter().all(|&w| w == 0 || w == 1) {
        assert_eq!(inside_twice_area(&points, &inside), signed);
    }
    true
}

#[test]
fn earcut_fixtures() {
    let (mut ran, mut total) = (0, 0);
    for path in files(&data_dir().join("earcut/fixtures"), "json") {
        let text = std::fs::read_to_string(&path).expect("fixture");
        let mut rings = scale_rings(&parse_earcut(&text));
        rings.retain(|r| r.len() >= 3);
        orient_outer_and_holes(&mut rings);
        total += 1;
        ran += usize::from(!rings.is_empty() && run_rings(&rings, &[]));
    }
    println!("earcut: {ran} of {total} fixtures noded and triangulated");
    assert!(total >= 50 && ran >= 30, "{ran} of {total}");
}

#[test]
fn poly2tri_fixtures() {
    let (mut ran, mut total) = (0, 0);
    for path in files(&data_dir().join("poly2tri/data"), "dat") {
        let text = std::fs::read_to_string(&path).expect("fixture");
        // Section 0 is the outer ring, then HOLE rings; STEINER points come last.
        let mut sections: Vec<Vec<(&str, &str)>> = vec![Vec::new()];
        let mut steiner_at = None;
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match line {
                "HOLE" => sections.push(Vec::new()),
                "STEINER" => {
                    steiner_at = Some(sections.len());
                    sections.push(Vec::new());
                }
                _ => {
                    let mut it = line.split_whitespace();
                    let pair = (it.next().expect("x"), it.next().expect("y"));
                    sections.last_mut().expect("section").push(pair);
                }
            }
        }
        let mut rings = scale_rings(&sections);
        let steiner = steiner_at.map(|i| rings.remove(i)).unwrap_or_default();
        orient_outer_and_holes(&mut rings);
        total += 1;
        ran += usize::from(run_rings(&rings, &steiner));
    }
    println!("poly2tri: {ran} of {total} fixtures noded and triangulated");
    assert!(total >= 20 && ran >= 15, "{ran} of {total}");
}
