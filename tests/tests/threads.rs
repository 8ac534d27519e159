//! The same bits on any number of threads (issue #19): arrangements of random inputs, the
//! axis-parallel sweeps, the labelling sweep and the tracing of rings in parts, the boolean
//! operations and offsets of random regions, and the builds of the bundled maps, run in
//! explicit rayon pools of 1, 2, 3 and 8 threads, give identical outputs.
#![cfg(feature = "parallel")]

use onepath_arrangement::{ArrangeOptions, Operand, TaggedEdge, arrange, arrange_with};
use onepath_build2d::{Geometry2DOptions, Join, Mesh2DPipeline, NavMesh, Outline, Region};
use onepath_predicates::GridPoint;
use onepath_testkit::Rng;
use onepath_tests::{load_map, map_region};

const THREADS: [usize; 4] = [1, 2, 3, 8];

/// Runs `work` in a pool of each size of [`THREADS`] and asserts equal results.
fn same_on_every_pool<T: PartialEq + std::fmt::Debug + Send>(
    what: &str,
    work: impl Fn() -> T + Sync,
) {
    let results: Vec<T> = THREADS
        .iter()
        .map(|&n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("a pool")
                .install(&work)
        })
        .collect();
    for (n, result) in THREADS.iter().zip(&results).skip(1) {
        assert!(result == &results[0], "{what}: {n} threads differ from one");
    }
}

/// Random short segments: from a few thousand, the passes of exact tests split into chunks
/// (`par::PARALLEL_MIN`, 8,192 items); from about 35,000, the linear passes too (the sorts,
/// the copies and the collects, from `par::LINEAR_PARALLEL_MIN`, 65,536 items, reached by
/// the endpoints and the pieces).
fn random_segments(rng: &mut Rng, n: usize, span: i64, length: i64) -> Vec<TaggedEdge> {
    (0..n)
        .map(|_| {
            let (x, y) = (rng.range(0, span), rng.range(0, span));
            let (dx, dy) = (rng.range(-length, length), rng.range(-length, length));
            let operand = [Operand::First, Operand::Second][rng.below(2)];
            TaggedEdge::new(
                GridPoint::new(x, y),
                GridPoint::new(x + dx, y + dy),
                operand,
            )
        })
        .collect()
}

#[test]
fn arrangements_of_random_inputs() {
    let mut rng = Rng::new(0x7E4D_0001);
    for round in 0..4 {
        let edges = random_segments(&mut rng, 12_000 + 3_000 * round, 1 << 20, 1 << 12);
        same_on_every_pool(&format!("random segments {round}"), || {
            arrange(&edges).expect("an arrangement")
        });
    }
    // Enough for the linear passes to split as well: 150,000 endpoints and as many pieces.
    let edges = random_segments(&mut rng, 75_000, 1 << 22, 1 << 12);
    same_on_every_pool("75,000 random segments", || {
        arrange(&edges).expect("an arrangement")
    });
    // Every fifth edge cancelled by its reverse: its pixels are hot but no vertex, so the
    // assembly marks the used pixels on every core and numbers the rest by rank.
    let mut cancelling = random_segments(&mut rng, 150_000, 1 << 22, 1 << 12);
    let reversed: Vec<TaggedEdge> = cancelling
        .iter()
        .step_by(5)
        .map(|e| TaggedEdge::new(e.to, e.from, e.operand))
        .collect();
    cancelling.extend(reversed);
    same_on_every_pool("150,000 random segments, a fifth cancelled", || {
        let (arrangement, stats) =
            arrange_with(&cancelling, &ArrangeOptions::default()).expect("an arrangement");
        assert!(
            stats.fragments > 131_072,
            "the assembly's passes split: {}",
            stats.fragments
        );
        assert!(
            stats.hot_pixels > arrangement.vertices.len(),
            "unused pixels"
        );
        arrangement
    });
}

/// The labelling sweep runs in strips, one per thread, from 32,768 segments (decisions
/// D15): in every pool its labels and boundary marks are one sweep's (the plain list's),
/// on the arrangement of closed rings and on the deferred one.
#[test]
fn the_labelling_sweep_in_strips() {
    use onepath_arrangement::arrange_deferred;
    use onepath_winding::{
        BoundaryMarks, InsideRule, label, label_checking_crossings, label_deferred,
        label_with_plain_list, mark_deferred_boundary,
    };
    let mut rng = Rng::new(0x7E4D_0003);
    let mut edges = Vec::new();
    for _ in 0..6_000 {
        let (x, y) = (rng.range(0, 1 << 16), rng.range(0, 1 << 16));
        let n = rng.range(3, 8);
        let ring: Vec<GridPoint> = (0..n)
            .map(|_| GridPoint::new(x + rng.range(0, 1 << 10), y + rng.range(0, 1 << 10)))
            .collect();
        let operand = [Operand::First, Operand::Second][rng.below(2)];
        for i in 0..ring.len() {
            edges.push(TaggedEdge::new(
                ring[i],
                ring[(i + 1) % ring.len()],
                operand,
            ));
        }
    }
    let arrangement = arrange(&edges).expect("an arrangement");
    assert!(arrangement.segments.len() > 40_000);
    let expected = label_with_plain_list(&arrangement);
    same_on_every_pool("labels", || {
        let labels = label(&arrangement);
        assert!(labels == expected, "labels differ from the plain list's");
        labels
    });
    let deferred = arrange_deferred(edges).expect("a deferred arrangement");
    let expected = label_checking_crossings(deferred.vertices(), deferred.segments(), usize::MAX)
        .expect("no crossing");
    same_on_every_pool("deferred labels", || {
        assert!(label_deferred(&deferred).as_ref() == Some(&expected));
        let marks = mark_deferred_boundary(&deferred, InsideRule::Union).expect("no crossing");
        assert_eq!(
            marks,
            BoundaryMarks::from_windings(&expected, InsideRule::Union)
        );
        marks
    });
}

/// The axis-parallel sweeps of the orthogonal and mixed paths (the crossing search and the
/// split of the lines into pieces) run in strips from 8,192 vertical fragments and 65,536
/// hot pixels (`par::strips`, `par::run_parts`): in every pool they give the arrangement
/// of the general path (the uniform grid), on walls alone and on walls with a twentieth
/// of short diagonals.
#[test]
fn axis_parallel_sweeps_in_strips() {
    use onepath_arrangement::CandidateSearch;
    let mut rng = Rng::new(0x7E4D_0004);
    let span = 1 << 16;
    let wall = |rng: &mut Rng| {
        let (x, y) = (rng.range(0, span), rng.range(0, span));
        let length = rng.range(-(1 << 11), 1 << 11);
        let to = if rng.below(2) == 0 {
            GridPoint::new(x + length, y)
        } else {
            GridPoint::new(x, y + length)
        };
        let operand = [Operand::First, Operand::Second][rng.below(2)];
        TaggedEdge::new(GridPoint::new(x, y), to, operand)
    };
    let walls: Vec<TaggedEdge> = (0..40_000).map(|_| wall(&mut rng)).collect();
    let mut mixed = walls.clone();
    mixed.extend(random_segments(&mut rng, 2_000, span, 1 << 8));
    let grid = ArrangeOptions {
        search: CandidateSearch::ForceGrid,
        ..ArrangeOptions::default()
    };
    for (what, edges) in [("walls", &walls), ("walls and diagonals", &mixed)] {
        let (expected, stats) = arrange_with(edges, &grid).expect("an arrangement");
        assert!(stats.hot_pixels > 131_072, "{what}: {stats:?}");
        same_on_every_pool(what, || {
            let arrangement = arrange(edges).expect("an arrangement");
            assert!(arrangement == expected, "{what}: not the general path's");
            arrangement
        });
    }
}

/// The tracing of rings splits its per-vertex passes and its rings into parts from
/// 32,768 edges: in every pool the boundary of a random tile map (vertices where four
/// edges meet included) traces to the same rings, which are the cells' boundary (every
/// edge used once); with two edges taken out, every pool names the smallest unbalanced
/// vertex.
#[test]
fn tracing_rings_in_parts() {
    use onepath_winding::{TraceError, trace_rings};
    use std::collections::BTreeMap;
    let mut rng = Rng::new(0x7E4D_0005);
    let side = 220;
    let filled: Vec<bool> = (0..side * side).map(|_| rng.below(2) == 0).collect();
    let point = |[x, y]: [i64; 2]| GridPoint::new(x, y);
    let edges: Vec<(GridPoint, GridPoint)> =
        onepath_testkit::tile_boundary(side, |x, y| filled[(y * side + x) as usize])
            .into_iter()
            .map(|[a, b]| (point(a), point(b)))
            .collect();
    assert!(edges.len() > 32_768);
    let rings = trace_rings(&edges).expect("rings");
    let mut traced: Vec<(GridPoint, GridPoint)> = Vec::new();
    for ring in &rings {
        traced.extend((0..ring.len()).map(|i| (ring[i], ring[(i + 1) % ring.len()])));
    }
    // Collinear vertices of degree 2 are dropped, so compare the traced edges' length.
    let length = |e: &[(GridPoint, GridPoint)]| -> i64 {
        e.iter()
            .map(|(a, b)| (b.x - a.x).abs() + (b.y - a.y).abs())
            .sum()
    };
    assert_eq!(length(&traced), length(&edges));
    same_on_every_pool("rings", || trace_rings(&edges).expect("rings"));
    let mut broken = edges.clone();
    broken.remove(edges.len() * 2 / 3);
    broken.remove(edges.len() / 5);
    let mut balance: BTreeMap<GridPoint, i32> = BTreeMap::new();
    for &(a, b) in &broken {
        *balance.entry(a).or_default() += 1;
        *balance.entry(b).or_default() -= 1;
    }
    let smallest = balance.iter().find(|(_, d)| **d != 0).map(|(v, _)| *v);
    same_on_every_pool("unbalanced", || {
        let error = trace_rings(&broken).expect_err("unbalanced");
        assert_eq!(Some(error.clone()), smallest.map(TraceError::Unbalanced));
        error
    });
}

#[test]
fn boolean_operations_and_offsets_of_random_regions() {
    let mut rng = Rng::new(0x7E4D_0002);
    let options = Geometry2DOptions::default();
    let squares = |rng: &mut Rng| {
        let outlines: Vec<Outline> = (0..3000)
            .map(|_| {
                let (x, y) = (rng.real(0.0, 60.0), rng.real(0.0, 60.0));
                let s = rng.real(0.3, 2.0);
                Outline::from_ring([[x, y], [x + s, y + 0.2], [x + s - 0.1, y + s], [x, y + s]])
            })
            .collect();
        Region::from_outlines(&outlines, &options).expect("a region")
    };
    let (a, b) = (squares(&mut rng), squares(&mut rng));
    same_on_every_pool("union", || a.union(&b).expect("union"));
    same_on_every_pool("difference", || a.difference(&b).expect("difference"));
    same_on_every_pool("round grow", || {
        a.offset(0.2, Join::Round, 0.01).expect("grow")
    });
}

#[test]
fn builds_of_the_bundled_maps() {
    for name in ["den312d.map", "Berlin_0_256.map", "random-32-32-20.map"] {
        let region = map_region(&load_map(name));
        let pipeline = Mesh2DPipeline::new(1.0, 0.5);
        same_on_every_pool(name, || -> NavMesh {
            pipeline.build(&region).expect("a mesh")
        });
        same_on_every_pool(name, || {
            region.offset(0.5, Join::Round, 0.0).expect("an offset")
        });
    }
}
