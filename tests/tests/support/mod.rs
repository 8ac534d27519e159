//! Shared helpers of the property, adversarial and bad-input tests: a seeded generator, the
//! conversion of grid-unit rings into outlines, and the checks every output goes through.
#![allow(dead_code, unreachable_pub)]

pub mod generators;
pub mod regions;

use onepath_arrangement::{
    ArrangeOptions, ArrangeStats, Arrangement, Operand, TaggedEdge, arrange_with,
};
use onepath_build2d::{Error, Join, Location, Mesh2DPipeline, NavMesh, Outline, Region, Vector2D};
use onepath_predicates::GridPoint;
use std::sync::atomic::{AtomicU32, Ordering};

pub use onepath_testkit::Rng;

/// A ring in grid units; coordinates may be fractional (they are snapped by the library).
pub type GridRing = Vec<(f64, f64)>;

/// An outline from rings given in grid units of `snap_bits` (divided by `2^snap_bits`,
/// which is exact).
pub fn outline(rings: &[GridRing], snap_bits: u32) -> Outline {
    let unit = 1.0 / (1u64 << snap_bits) as f64;
    Outline::new(
        rings
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&(x, y)| Vector2D::new(x * unit, y * unit))
                    .collect()
            })
            .collect(),
    )
}

/// The region's invariants, or a panic naming `what` and the failure.
pub fn checked(region: Region, what: &str) -> Region {
    region
        .check_invariants()
        .unwrap_or_else(|e| panic!("{what}: invalid region: {e}\n{:?}", region.rings()));
    region
}

/// The results of the four boolean operations on one pair of regions.
pub struct Booleans {
    /// `a ∪ b`.
    pub union: Region,
    /// `a ∩ b`.
    pub intersection: Region,
    /// `a − b`.
    pub a_minus_b: Region,
    /// `b − a`.
    pub b_minus_a: Region,
    /// `a xor b`.
    pub xor: Region,
}

/// Runs every boolean operation on `a` and `b`, checks every result's invariants and the
/// identities that hold exactly for all input: `a − a` and `a xor a` are empty, and union,
/// intersection and xor do not depend on the order of their operands (the arrangement sees
/// the same edges with the operand tags swapped).
pub fn check_booleans(a: &Region, b: &Region, what: &str) -> Booleans {
    let run = |r: Result<Region, Error>, op: &str| {
        checked(
            r.unwrap_or_else(|e| panic!("{what}: {op}: {e}")),
            &format!("{what}: {op}"),
        )
    };
    let ops = Booleans {
        union: run(a.union(b), "a ∪ b"),
        intersection: run(a.intersection(b), "a ∩ b"),
        a_minus_b: run(a.difference(b), "a − b"),
        b_minus_a: run(b.difference(a), "b − a"),
        xor: run(a.xor(b), "a xor b"),
    };
    assert_eq!(
        run(b.union(a), "b ∪ a"),
        ops.union,
        "{what}: union is not commutative"
    );
    assert_eq!(
        run(b.intersection(a), "b ∩ a"),
        ops.intersection,
        "{what}: intersection is not commutative"
    );
    assert_eq!(
        run(b.xor(a), "b xor a"),
        ops.xor,
        "{what}: xor is not commutative"
    );
    for r in [a, b] {
        assert!(
            run(r.difference(r), "r − r").is_empty(),
            "{what}: r − r is not empty"
        );
        assert!(
            run(r.xor(r), "r xor r").is_empty(),
            "{what}: r xor r is not empty"
        );
    }
    ops
}

/// The identities that hold exactly when no snap rounding moves anything (axis-aligned
/// input on the grid, where every crossing is a grid point): inclusion–exclusion of the
/// exact areas, `a xor b = (a − b) ∪ (b − a)`, and `a = (a − b) ∪ (a ∩ b)` in area.
pub fn check_exact_identities(a: &Region, b: &Region, ops: &Booleans, what: &str) {
    assert_eq!(
        ops.union.area2() + ops.intersection.area2(),
        a.area2() + b.area2(),
        "{what}: area(a ∪ b) + area(a ∩ b) != area(a) + area(b)"
    );
    assert_eq!(
        ops.a_minus_b.area2() + ops.intersection.area2(),
        a.area2(),
        "{what}: area(a − b) + area(a ∩ b) != area(a)"
    );
    assert_eq!(
        ops.xor.area2(),
        ops.union.area2() - ops.intersection.area2(),
        "{what}: area(a xor b)"
    );
    let rebuilt = checked(
        ops.a_minus_b
            .union(&ops.b_minus_a)
            .expect("union of differences"),
        what,
    );
    assert_eq!(rebuilt, ops.xor, "{what}: a xor b != (a − b) ∪ (b − a)");
}

/// Offsets `region` by each distance with both joins and checks every result. The only
/// acceptable error is offset geometry beyond `2^21 + 2^20` (`OutOfRange` at an offset
/// point), which inputs near the coordinate limit can reach. Returns the number of offsets
/// that succeeded.
pub fn check_offsets(region: &Region, distances: &[f64], arc_tolerance: f64, what: &str) -> usize {
    let mut ok = 0;
    for &d in distances {
        for join in [Join::Round, Join::Square] {
            match region.offset(d, join, arc_tolerance) {
                Ok(r) => {
                    checked(r, &format!("{what}: offset {d} {join:?}"));
                    ok += 1;
                }
                Err(Error::OutOfRange {
                    location: Location::OffsetPoint { .. },
                    ..
                }) => {}
                Err(e) => panic!("{what}: offset {d} {join:?}: {e}"),
            }
        }
    }
    ok
}

/// Shrinks and builds `region` with the pipeline and checks the shrunk region, the
/// triangulation, the partition (no diagonal left that could be removed) and the navmesh.
/// Offset geometry beyond the limit is the only acceptable error; returns the mesh
/// otherwise.
pub fn check_pipeline(region: &Region, pipeline: &Mesh2DPipeline, what: &str) -> Option<NavMesh> {
    let what = format!("{what}: pipeline {pipeline:?}");
    let shrunk = match pipeline.shrink(region) {
        Ok(r) => checked(r, &format!("{what}: shrink")),
        Err(Error::OutOfRange {
            location: Location::OffsetPoint { .. },
            ..
        }) => return None,
        Err(e) => panic!("{what}: shrink: {e}"),
    };
    let triangulation = shrunk
        .triangulate()
        .unwrap_or_else(|e| panic!("{what}: triangulate: {e}"));
    triangulation
        .check_invariants()
        .unwrap_or_else(|e| panic!("{what}: triangulation: {e}"));
    assert_eq!(
        triangulation.area2(),
        shrunk.area2(),
        "{what}: triangles do not cover the region"
    );
    let mesh = pipeline
        .build(region)
        .unwrap_or_else(|e| panic!("{what}: build: {e}"));
    assert_eq!(mesh.region(), &shrunk, "{what}: build and shrink disagree");
    mesh.check_invariants()
        .unwrap_or_else(|e| panic!("{what}: navmesh: {e}"));
    let left = mesh
        .polygons()
        .remaining_mergeable_diagonals()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        left.is_empty(),
        "{what}: mergeable diagonals left: {left:?}"
    );
    assert!(
        mesh.polygons()
            .iter()
            .all(|p| p.vertices.len() <= pipeline.max_vertices_per_polygon),
        "{what}: vertex limit"
    );
    mesh.vertex_fans().iter().for_each(|fan| {
        assert!(
            fan.iter()
                .all(|&f| f >= -1 && f < mesh.polygons().len() as i32)
        )
    });
    Some(mesh)
}

/// The snapped ring edges of outlines, as the first arrangement of `from_outlines` sees them
/// (every outline's rings, operand 0).
pub fn snapped_edges(outlines: &[Outline], snap_bits: u32) -> Vec<TaggedEdge> {
    let scale = (1u64 << snap_bits) as f64;
    let snap = |v: Vector2D| {
        GridPoint::new(
            (v.x * scale).round_ties_even() as i64,
            (v.y * scale).round_ties_even() as i64,
        )
    };
    let mut edges = Vec::new();
    for ring in outlines.iter().flat_map(|o| &o.rings) {
        for i in 0..ring.len() {
            edges.push(TaggedEdge::new(
                snap(ring[i]),
                snap(ring[(i + 1) % ring.len()]),
                Operand::First,
            ));
        }
    }
    edges
}

/// The edges a boolean operation of `a` and `b` arranges: `a`'s rings as operand 0 and
/// `b`'s as operand 1.
pub fn binary_edges(a: &Region, b: &Region) -> Vec<TaggedEdge> {
    let ring_edges = |r: &Region, op: Operand| -> Vec<TaggedEdge> {
        r.rings()
            .iter()
            .flat_map(|ring| {
                (0..ring.len())
                    .map(move |i| TaggedEdge::new(ring[i], ring[(i + 1) % ring.len()], op))
            })
            .collect()
    };
    let mut edges = ring_edges(a, Operand::First);
    edges.extend(ring_edges(b, Operand::Second));
    edges
}

/// The largest repair-round count any call of [`check_arrangement`] in this test binary saw.
pub static MAX_REPAIR_ROUNDS_SEEN: AtomicU32 = AtomicU32::new(0);

/// Arranges `edges` with counters and checks: the arrangement's invariants; a repair loop
/// that only verifies (1 round, 0 for no edges); and the output bounds of docs/testing.md:
/// with n unique edges and k proper crossings, at most 2n + k hot pixels, k at most
/// n(n − 1)/2, vertices at most the hot pixels, and segments at most 3V − 6 (the output is
/// a plane graph; at most 1 below 3 vertices).
pub fn check_arrangement(edges: &[TaggedEdge], what: &str) -> (Arrangement, ArrangeStats) {
    let (arrangement, stats) =
        arrange_with(edges, &ArrangeOptions::default()).unwrap_or_else(|e| panic!("{what}: {e}"));
    arrangement
        .check_invariants()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    MAX_REPAIR_ROUNDS_SEEN.fetch_max(stats.repair_rounds, Ordering::Relaxed);
    let n = stats.unique_edges;
    assert_eq!(
        stats.repair_rounds,
        u32::from(n > 0),
        "{what}: the repair loop worked: {stats:?}"
    );
    assert_eq!(
        stats.repaired_crossings + stats.repaired_splits,
        0,
        "{what}: {stats:?}"
    );
    let k = stats.initial_crossings;
    assert!(k <= n * n.saturating_sub(1) / 2, "{what}: {stats:?}");
    assert!(stats.hot_pixels <= 2 * n + k, "{what}: {stats:?}");
    let v = arrangement.vertices.len();
    assert!(v <= stats.hot_pixels, "{what}: {v} vertices, {stats:?}");
    let s = arrangement.segments.len();
    assert!(
        s <= if v < 3 { v / 2 } else { 3 * v - 6 },
        "{what}: {s} segments on {v} vertices"
    );
    (arrangement, stats)
}
