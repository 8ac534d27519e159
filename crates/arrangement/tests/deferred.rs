//! The deferred arrangement (`arrange_deferred`): step 3's fragments left for the caller's
//! sweep to check for crossings. Whatever path made them, they are the general path's
//! fragments over the same hot pixels (the mixed path without the pieces that cancel along
//! a line), and `verify` gives what `arrange` gives, through the repair loop too when
//! crossings were left in.

mod common;

use common::{Rng, local_rings, random_edges, random_rings};
use onepath_arrangement::{
    ArrangeOptions, ArrangementError, CandidateSearch, Deferred, EdgeExtent, EdgeSource, Operand,
    TaggedEdge, arrange, arrange_deferred, arrange_deferred_from, arrange_deferred_with,
    arrange_with,
};
use onepath_predicates::GridPoint;

/// Axis-parallel rectangles with a few diagonal pieces: more than half of the pieces are
/// axis-parallel, so `Auto` takes the mixed path.
fn mostly_axis_parallel(rng: &mut Rng, r: i64) -> Vec<TaggedEdge> {
    let mut edges = Vec::new();
    for _ in 0..1 + rng.below(25) {
        let (x, y) = (rng.range(-r, r), rng.range(-r, r));
        let (w, h) = (1 + rng.range(0, r), 1 + rng.range(0, r));
        let c = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
        let operand = [Operand::First, Operand::Second, Operand::Both][rng.below(3)];
        for i in 0..4 {
            let (a, b) = (c[i], c[(i + 1) % 4]);
            edges.push(TaggedEdge::new(
                GridPoint::new(a.0, a.1),
                GridPoint::new(b.0, b.1),
                operand,
            ));
        }
    }
    let diagonals = 1 + rng.below(edges.len() / 3);
    edges.extend(random_edges(rng, diagonals, r));
    edges
}

/// The mixed path's deferred state `mixed` against the general path's `general`: the same
/// verdict, the same hot pixels and the same segments of non-zero delta. The mixed path
/// sums the deltas of collinear axis-parallel pieces along their lines, so a piece that
/// cancels there is not among its segments, while the general path keeps it with a zero
/// delta until step 5; its verifying pass (and so the deferred check) is over its own
/// fragments, as the eager mixed path's always was.
fn assert_same_state(mixed: &Deferred, general: &Deferred, what: &str) {
    assert!(
        !mixed.is_verified() && !general.is_verified(),
        "{what}: one path verified, the other pending"
    );
    assert_eq!(mixed.vertices(), general.vertices(), "{what}: vertices");
    let non_zero = |d: &Deferred| {
        d.segments()
            .iter()
            .filter(|s| s.delta != [0, 0])
            .copied()
            .collect::<Vec<_>>()
    };
    assert_eq!(non_zero(mixed), non_zero(general), "{what}: segments");
    for s in mixed.segments() {
        assert!(
            general.segments().binary_search(s).is_ok(),
            "{what}: {s:?} is not a general segment"
        );
    }
}

#[test]
fn the_mixed_paths_deferred_fragments_are_the_general_paths() {
    let general = ArrangeOptions {
        search: CandidateSearch::ForceGrid,
        ..ArrangeOptions::default()
    };
    let mut rng = Rng::new(0xDEF0);
    let mut pending = 0;
    for k in 0..1500 {
        let r = [6, 40, 1000, 1 << 24][k % 4];
        let edges = mostly_axis_parallel(&mut rng, r);
        let auto = arrange_deferred(edges.clone()).expect("a deferred arrangement");
        let forced = arrange_deferred_with(&edges, &general).expect("a deferred arrangement");
        auto.check_invariants()
            .expect("the mixed path's deferred state");
        forced
            .check_invariants()
            .expect("the general path's deferred state");
        // All-axis-parallel draws take the orthogonal path, which needs no verifying pass
        // and comes back verified; the general path's step 3 is pending whenever no vertex
        // lies inside, as the mixed path's is.
        let orthogonal = edges
            .iter()
            .all(|e| e.from.x == e.to.x || e.from.y == e.to.y);
        if !orthogonal {
            assert_same_state(&auto, &forced, &format!("input {k}"));
            pending += 1;
        }
        let expected = arrange(&edges).expect("an arrangement");
        assert_eq!(auto.verify().expect("verified"), expected, "input {k}");
        assert_eq!(forced.verify().expect("verified"), expected, "input {k}");
    }
    assert!(
        pending > 1000,
        "only {pending} inputs left the crossing check open"
    );
}

#[test]
fn verify_gives_what_arrange_gives_on_every_path() {
    let mut rng = Rng::new(0xDEF1);
    let mut verified = 0;
    for k in 0..1200 {
        let edges = match k % 4 {
            0 => {
                let n = 2 + rng.below(60);
                random_edges(&mut rng, n, [8, 1000, 1 << 20][k % 3])
            }
            1 => {
                let rings = 1 + rng.below(6);
                random_rings(&mut rng, rings, 9, 300)
            }
            2 => {
                let rings = 2 + rng.below(30);
                local_rings(&mut rng, rings, 7, 20, 400)
            }
            // Axis-parallel only: the orthogonal path needs no verifying pass at all.
            _ => {
                let mut edges = mostly_axis_parallel(&mut rng, 50);
                edges.retain(|e| e.from.x == e.to.x || e.from.y == e.to.y);
                edges
            }
        };
        let expected = arrange(&edges).expect("an arrangement");
        let deferred = arrange_deferred(edges).expect("a deferred arrangement");
        deferred.check_invariants().expect("a deferred state");
        verified += usize::from(deferred.is_verified());
        if deferred.is_verified() {
            assert_eq!(deferred.vertices(), expected.vertices, "input {k}");
            assert_eq!(deferred.segments(), expected.segments, "input {k}");
        }
        assert_eq!(deferred.verify().expect("verified"), expected, "input {k}");
    }
    assert!(verified > 250, "only {verified} inputs came back verified");
}

#[test]
fn crossings_left_in_are_repaired_by_verify() {
    // Without step 2's crossings the deferred fragments cross (step 3 routes nothing
    // through pixels that do not exist); `verify` must then run the verifying pass and the
    // repair loop exactly as the eager run with the same switch does.
    let omit = ArrangeOptions {
        search: CandidateSearch::ForceGrid,
        omit_initial_crossings: true,
    };
    let mut rng = Rng::new(0xDEF2);
    let mut repaired = 0;
    for k in 0..400 {
        let n = 2 + rng.below(25);
        let edges = random_edges(&mut rng, n, [10, 500, 1 << 16][k % 3]);
        let (expected, stats) = arrange_with(&edges, &omit).expect("an arrangement");
        repaired += usize::from(stats.repaired_crossings > 0);
        let deferred = arrange_deferred_with(&edges, &omit).expect("a deferred arrangement");
        deferred
            .check_invariants()
            .expect("crossings are allowed, vertices inside are not");
        assert_eq!(deferred.verify().expect("verified"), expected, "input {k}");
    }
    assert!(repaired > 100, "only {repaired} inputs needed a repair");
}

/// Edges kept as their endpoint pairs and one operand, made on the fly: what a caller of
/// `arrange_deferred_from` holds instead of a vector of tagged edges.
struct Pairs {
    pairs: Vec<[GridPoint; 2]>,
    operand: Operand,
}

impl EdgeSource for Pairs {
    fn edges(&self) -> impl Iterator<Item = TaggedEdge> + '_ {
        self.pairs
            .iter()
            .map(|&[a, b]| TaggedEdge::new(a, b, self.operand))
    }
}

/// [`Pairs`] that tell an extent, right or wrong.
struct Told {
    pairs: Pairs,
    extent: Option<EdgeExtent>,
}

impl EdgeSource for Told {
    fn edges(&self) -> impl Iterator<Item = TaggedEdge> + '_ {
        self.pairs.edges()
    }

    fn extent(&self) -> Option<EdgeExtent> {
        self.extent
    }
}

/// An extent changes how often the edges are read, never the result: the exact one, a
/// looser one, and wrong ones (a box that misses a point, a count one short, a box beyond
/// the construction limit, now and then a count far beyond any memory) all give the
/// arrangement of the edges as a vector; a point
/// beyond the limit is named as without an extent.
#[test]
fn an_extent_right_or_wrong_gives_the_same_arrangement() {
    let mut rng = Rng::new(0xE77E);
    let p = |x, y| GridPoint::new(x, y);
    for k in 0..400 {
        let r = [6, 40, 1000, 1 << 24][k % 4];
        let edges = if k % 2 == 0 {
            mostly_axis_parallel(&mut rng, r)
        } else {
            let n = 1 + rng.below(40);
            random_edges(&mut rng, n, r)
        };
        let operand = [Operand::First, Operand::Second, Operand::Both][k % 3];
        let tagged: Vec<TaggedEdge> = edges
            .iter()
            .map(|e| TaggedEdge::new(e.from, e.to, operand))
            .collect();
        let expected = arrange(&tagged).expect("an arrangement");
        let Some(exact) = EdgeExtent::of(tagged.iter().copied()) else {
            continue;
        };
        let wider = 1 + rng.below(1000) as i64;
        let loose = EdgeExtent {
            lo: p(exact.lo.x - wider, exact.lo.y),
            hi: p(exact.hi.x, exact.hi.y + wider),
            max_edges: exact.max_edges + rng.below(50),
        };
        let missing = EdgeExtent {
            hi: p(exact.hi.x - 1, exact.hi.y),
            ..exact
        };
        let short = EdgeExtent {
            max_edges: exact.max_edges - 1,
            ..exact
        };
        let beyond = EdgeExtent {
            lo: p(-(1 << 40), exact.lo.y),
            ..exact
        };
        // A bound far beyond any memory: the keying reserves fallibly and writes nothing
        // ahead, so it reads the edges once or twice but never aborts.
        let huge = EdgeExtent {
            max_edges: i32::MAX as usize,
            ..exact
        };
        let extents = [exact, loose, missing, short, beyond, huge];
        for extent in extents.into_iter().take(if k % 50 == 0 { 6 } else { 5 }) {
            let told = Told {
                pairs: Pairs {
                    pairs: edges.iter().map(|e| [e.from, e.to]).collect(),
                    operand,
                },
                extent: Some(extent),
            };
            let from = arrange_deferred_from(told).expect("a deferred arrangement");
            assert_eq!(
                from.verify().expect("verified"),
                expected,
                "input {k}, {extent:?}"
            );
        }
    }
    let far = p(1 << 40, 0);
    let pairs = vec![[p(0, 0), p(4, 0)], [p(4, 0), p(4, 4)], [p(4, 4), far]];
    let told = Told {
        pairs: Pairs {
            pairs: pairs.clone(),
            operand: Operand::First,
        },
        extent: Some(EdgeExtent {
            lo: p(0, 0),
            hi: p(4, 4),
            max_edges: 3,
        }),
    };
    let error = arrange_deferred_from(told).expect_err("a point beyond the limit");
    assert!(
        matches!(
            error,
            ArrangementError::CoordinateOutOfRange { edge: 2, point } if point == far
        ),
        "{error}"
    );
}

#[test]
fn edges_made_on_the_fly_give_what_a_vector_of_them_gives() {
    let mut rng = Rng::new(0xDEF2);
    for k in 0..600 {
        let r = [6, 40, 1000, 1 << 24][k % 4];
        // Mixed, orthogonal and general inputs alike.
        let edges = match k % 3 {
            0 => mostly_axis_parallel(&mut rng, r),
            1 => {
                let n = 1 + rng.below(40);
                random_edges(&mut rng, n, r)
            }
            _ => mostly_axis_parallel(&mut rng, r)
                .into_iter()
                .filter(|e| e.from.x == e.to.x || e.from.y == e.to.y)
                .collect(),
        };
        let operand = [Operand::First, Operand::Second, Operand::Both][k % 3];
        let tagged: Vec<TaggedEdge> = edges
            .iter()
            .map(|e| TaggedEdge::new(e.from, e.to, operand))
            .collect();
        let pairs = Pairs {
            pairs: edges.iter().map(|e| [e.from, e.to]).collect(),
            operand,
        };
        let from = arrange_deferred_from(pairs).expect("a deferred arrangement");
        let expected = arrange(&tagged).expect("an arrangement");
        assert_eq!(from.verify().expect("verified"), expected, "input {k}");
    }
}

#[test]
fn a_point_out_of_range_is_named_by_its_place_among_the_made_edges() {
    let p = |x, y| GridPoint::new(x, y);
    let far = p(1 << 40, 0);
    let pairs = Pairs {
        pairs: vec![[p(0, 0), p(4, 0)], [p(4, 0), p(4, 4)], [p(4, 4), far]],
        operand: Operand::First,
    };
    let tagged: Vec<TaggedEdge> = pairs.edges().collect();
    let expected = arrange(&tagged).expect_err("a point beyond the limit");
    let error = arrange_deferred_from(pairs).expect_err("a point beyond the limit");
    assert_eq!(error.to_string(), expected.to_string());
    assert!(
        matches!(
            error,
            ArrangementError::CoordinateOutOfRange { edge: 2, point } if point == far
        ),
        "{error}"
    );
}
