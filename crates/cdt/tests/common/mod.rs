//! Helpers shared by the integration tests: a seeded generator, exact areas, an independent
//! noding check and the vertex indexing of rings.
// Each test crate includes this module and uses a different subset of it.
#![allow(dead_code, unused_imports)]

use onepath_cdt::{CDT_COORDINATE_LIMIT, Cdt, InsideMesh};
use onepath_predicates::{GridPoint, Orientation, cross, dot, orient2d, properly_cross};
pub(crate) use onepath_testkit::Rng;
use std::path::{Path, PathBuf};

/// Twice the signed area of triangle `a, b, c`, exactly.
pub(crate) fn twice_area(a: GridPoint, b: GridPoint, c: GridPoint) -> i128 {
    cross(b - a, c - a)
}

/// Twice the signed area of a closed ring, exactly (shoelace).
pub(crate) fn ring_twice_area(ring: &[GridPoint]) -> i128 {
    (0..ring.len())
        .map(|i| cross(ring[i], ring[(i + 1) % ring.len()]))
        .sum()
}

/// True when point `p` lies strictly inside segment `a–b`.
pub(crate) fn strictly_inside_segment(a: GridPoint, b: GridPoint, p: GridPoint) -> bool {
    orient2d(a, b, p) == Orientation::Collinear && dot(p - a, b - a) > 0 && dot(p - b, a - b) > 0
}

/// An independent check that `segments` are noded with respect to each other and to
/// `points`: no proper crossing, no point strictly inside a segment, no collinear overlap.
/// An x-sweep over the segments keeps it fast on the larger fixtures.
pub(crate) fn is_noded(points: &[GridPoint], segments: &[[u32; 2]]) -> bool {
    let seg = |s: [u32; 2]| (points[s[0] as usize], points[s[1] as usize]);
    let mut by_x: Vec<(i64, i64, usize)> = segments
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let (a, b) = seg(s);
            (a.x.min(b.x), a.x.max(b.x), i)
        })
        .collect();
    by_x.sort_unstable();
    for (i, &(_, hi, si)) in by_x.iter().enumerate() {
        let (a, b) = seg(segments[si]);
        for &(lo2, _, sj) in &by_x[i + 1..] {
            if lo2 > hi {
                break;
            }
            let (c, d) = seg(segments[sj]);
            if properly_cross(a, b, c, d)
                || strictly_inside_segment(a, b, c)
                || strictly_inside_segment(a, b, d)
                || strictly_inside_segment(c, d, a)
                || strictly_inside_segment(c, d, b)
            {
                return false;
            }
        }
    }
    // Points strictly inside segments (points that are no segment end included).
    let mut sorted: Vec<(GridPoint, usize)> = points.iter().copied().zip(0..).collect();
    sorted.sort_unstable();
    for &s in segments {
        let (a, b) = seg(s);
        let (lo, hi) = (a.x.min(b.x), a.x.max(b.x));
        let start = sorted.partition_point(|(p, _)| p.x < lo);
        for &(p, _) in sorted[start..].iter().take_while(|(p, _)| p.x <= hi) {
            if strictly_inside_segment(a, b, p) {
                return false;
            }
        }
    }
    true
}

/// Sorts and deduplicates the vertices of `rings`, returning the points and each ring as
/// directed edges between point indices (zero-length edges dropped).
pub(crate) fn index_rings(rings: &[Vec<GridPoint>]) -> (Vec<GridPoint>, Vec<[u32; 2]>) {
    let mut points: Vec<GridPoint> = rings.iter().flatten().copied().collect();
    points.sort_unstable();
    points.dedup();
    let index = |p: &GridPoint| points.binary_search(p).expect("ring vertex") as u32;
    let mut edges = Vec::new();
    for ring in rings {
        for i in 0..ring.len() {
            let (a, b) = (index(&ring[i]), index(&ring[(i + 1) % ring.len()]));
            if a != b {
                edges.push([a, b]);
            }
        }
    }
    (points, edges)
}

/// The sum of twice the areas of the inside triangles.
pub(crate) fn inside_twice_area(points: &[GridPoint], inside: &InsideMesh) -> i128 {
    inside
        .triangles
        .iter()
        .map(|t| {
            twice_area(
                points[t[0] as usize],
                points[t[1] as usize],
                points[t[2] as usize],
            )
        })
        .sum()
}

/// The sum over all triangles of winding times twice the area: for closed directed rings
/// it equals the sum of the rings' signed twice-areas.
pub(crate) fn winding_weighted_area(cdt: &Cdt, windings: &[i32]) -> i128 {
    let p = cdt.points();
    cdt.triangles()
        .iter()
        .zip(windings)
        .map(|(t, &w)| {
            i128::from(w) * twice_area(p[t[0] as usize], p[t[1] as usize], p[t[2] as usize])
        })
        .sum()
}

/// Builds the triangulation, checks both invariant sets and returns it with its inside mesh.
/// The owned entry points (`Cdt::from_owned`, `Cdt::into_inside_mesh`) must give the same
/// mesh and the points back.
pub(crate) fn build_checked(points: &[GridPoint], constraints: &[[u32; 2]]) -> (Cdt, InsideMesh) {
    let cdt = Cdt::new(points, constraints).expect("valid input");
    cdt.check_invariants().expect("triangulation invariants");
    let inside = cdt.inside_mesh();
    inside
        .check_invariants(points, constraints)
        .expect("inside invariants");
    let owned = Cdt::from_owned(points.to_vec(), constraints.to_vec()).expect("valid input");
    assert_eq!(
        owned.triangles(),
        cdt.triangles(),
        "from_owned triangulates alike"
    );
    let (given_back, owned_inside) = owned.into_inside_mesh();
    assert_eq!(given_back, points, "into_inside_mesh hands the points back");
    assert_eq!(
        owned_inside, inside,
        "into_inside_mesh keeps what inside_mesh keeps"
    );
    (cdt, inside)
}

/// The triangulation fixtures folder.
pub(crate) fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/triangulation")
}

/// The sorted file names in `dir` ending in `ext`.
pub(crate) fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut list: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixture folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    list.sort();
    list
}

/// Scales numeric strings to integers: by `10^d` when every value is a plain decimal with
/// at most `d` fraction digits and the result fits the coordinate limit (exact), else by the
/// largest power of two that fits, rounding to the nearest integer.
pub(crate) fn scale(values: &[&str]) -> Vec<i64> {
    let plain = values.iter().all(|v| {
        v.chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == '.')
    });
    let digits = values
        .iter()
        .map(|v| v.split_once('.').map_or(0, |(_, f)| f.len()))
        .max();
    let max = values
        .iter()
        .map(|v| v.parse::<f64>().expect("number").abs())
        .fold(0.0, f64::max);
    let limit = CDT_COORDINATE_LIMIT as f64 / 2.0;
    if let Some(d) = digits.filter(|&d| plain && d < 18 && max * 10f64.powi(d as i32) < limit) {
        return values
            .iter()
            .map(|v| {
                let (int, frac) = v.split_once('.').unwrap_or((v, ""));
                let neg = int.starts_with('-');
                let text = format!("{}{frac:0<d$}", int.trim_start_matches('-'));
                let magnitude: i64 = text.parse().expect("digits");
                if neg { -magnitude } else { magnitude }
            })
            .collect();
    }
    let mut factor = 1.0f64;
    while max * factor * 2.0 < limit {
        factor *= 2.0;
    }
    while max * factor >= limit {
        factor /= 2.0;
    }
    values
        .iter()
        .map(|v| (v.parse::<f64>().expect("number") * factor).round() as i64)
        .collect()
}
