//! The labelling sweep that decides the arrangement's deferred crossing question (the
//! Shamos–Hoey test of new status neighbours): it reports a crossing exactly when two
//! segments properly cross (brute force over every pair), at every status size, and on
//! deferred arrangements it gives the labels and rings of the verified ones.

mod support;

use onepath_arrangement::{
    ArrangeOptions, Arrangement, CandidateSearch, Operand, Segment, TaggedEdge, arrange,
    arrange_deferred, arrange_deferred_with,
};
use onepath_predicates::{GridPoint, orient2d, properly_cross};
use onepath_winding::{
    BoundaryMarks, label, label_checking_crossings, label_deferred, mark_deferred_boundary,
    trace_boundary, trace_deferred, trace_deferred_owned, trace_marked_owned,
};
use support::{RULES, Rng, random_rings};

/// The chunk sizes the check runs with: tiny chunks (blocks across chunks, splits), the
/// default and the plain list throughout.
const CHUNKS: [usize; 4] = [2, 3, 16, usize::MAX];

/// Segment sets as the deferred check receives them: vertices sorted and distinct,
/// segments `a < b`, sorted, distinct, and no vertex inside a segment. `None` when the draw
/// puts a vertex inside a segment.
fn parts(points: &[(GridPoint, GridPoint)]) -> Option<(Vec<GridPoint>, Vec<Segment>)> {
    let mut vertices: Vec<GridPoint> = points.iter().flat_map(|&(p, q)| [p, q]).collect();
    vertices.sort_unstable();
    vertices.dedup();
    let index = |p: GridPoint| vertices.binary_search(&p).expect("a vertex") as u32;
    let mut segments: Vec<Segment> = points
        .iter()
        .filter(|(p, q)| p != q)
        .map(|&(p, q)| {
            let (a, b) = (index(p.min(q)), index(p.max(q)));
            Segment {
                a,
                b,
                delta: [1, 0],
            }
        })
        .collect();
    segments.sort_unstable_by_key(|s| (s.a, s.b));
    segments.dedup_by_key(|s| (s.a, s.b));
    let inside = segments.iter().any(|s| {
        let (p, q) = (vertices[s.a as usize], vertices[s.b as usize]);
        vertices
            .iter()
            .any(|&v| p < v && v < q && orient2d(p, q, v).is_collinear())
    });
    (!inside).then_some((vertices, segments))
}

/// True when two of the segments properly cross, by testing every pair.
fn brute_crossing(vertices: &[GridPoint], segments: &[Segment]) -> bool {
    let ends = |s: &Segment| (vertices[s.a as usize], vertices[s.b as usize]);
    segments.iter().enumerate().any(|(i, s)| {
        let (a, b) = ends(s);
        segments[i + 1..].iter().any(|t| {
            let (c, d) = ends(t);
            properly_cross(a, b, c, d)
        })
    })
}

#[test]
fn the_check_reports_a_crossing_exactly_when_two_segments_properly_cross() {
    let mut rng = Rng::new(0x5E0D);
    let (mut crossing, mut clean) = (0, 0);
    for case in 0..6000 {
        let span = [3, 6, 12, 1000][case % 4];
        let n = 2 + rng.below([6, 12, 30][case % 3]);
        let point = |rng: &mut Rng| GridPoint::new(rng.range(0, span), rng.range(0, span));
        let drawn: Vec<(GridPoint, GridPoint)> =
            (0..n).map(|_| (point(&mut rng), point(&mut rng))).collect();
        let Some((vertices, segments)) = parts(&drawn) else {
            continue;
        };
        let expected = brute_crossing(&vertices, &segments);
        for chunk in CHUNKS {
            let found = label_checking_crossings(&vertices, &segments, chunk).is_none();
            assert_eq!(found, expected, "case {case}, chunks of {chunk}: {drawn:?}");
        }
        if expected {
            crossing += 1;
        } else {
            clean += 1;
        }
    }
    assert!(
        crossing > 1500 && clean > 800,
        "{crossing} with, {clean} without a crossing"
    );
}

/// `arrangement`'s parts with one more segment `from → to` between two new points, if no
/// vertex lies inside a segment then (the arrangement's own segments hold none, so only the
/// new segment and its ends need checking), and whether the new segment properly crosses
/// one of the arrangement's (its own never cross each other).
fn with_one_more(
    arrangement: &Arrangement,
    from: GridPoint,
    to: GridPoint,
) -> Option<(Vec<GridPoint>, Vec<Segment>, bool)> {
    let v = &arrangement.vertices;
    let (p, q) = (from.min(to), from.max(to));
    let strictly_inside = |a: GridPoint, b: GridPoint, c: GridPoint| {
        a < c && c < b && orient2d(a, b, c).is_collinear()
    };
    let ends: Vec<(GridPoint, GridPoint)> = arrangement
        .segments
        .iter()
        .map(|s| (v[s.a as usize], v[s.b as usize]))
        .collect();
    let blocked = p == q
        || v.binary_search(&p).is_ok()
        || v.binary_search(&q).is_ok()
        || v.iter().any(|&c| strictly_inside(p, q, c))
        || ends
            .iter()
            .any(|&(a, b)| strictly_inside(a, b, p) || strictly_inside(a, b, q));
    if blocked {
        return None;
    }
    let crosses = ends.iter().any(|&(a, b)| properly_cross(a, b, p, q));
    let mut vertices = v.clone();
    vertices.extend([p, q]);
    vertices.sort_unstable();
    let index = |c: GridPoint| vertices.binary_search(&c).expect("a vertex") as u32;
    let mut segments: Vec<Segment> = ends
        .iter()
        .zip(&arrangement.segments)
        .map(|(&(a, b), s)| Segment {
            a: index(a),
            b: index(b),
            delta: s.delta,
        })
        .collect();
    segments.push(Segment {
        a: index(p),
        b: index(q),
        delta: [0, 1],
    });
    segments.sort_unstable_by_key(|s| (s.a, s.b));
    Some((vertices, segments, crosses))
}

#[test]
fn one_crossing_is_found_anywhere_in_a_large_status() {
    // A valid arrangement of many rings (no crossing, the sweep must report none and label
    // as `label` does), then one more long segment that crosses some of its segments deep
    // inside the status, or none.
    let mut rng = Rng::new(0x5E0E);
    let (mut crossing, mut clean) = (0, 0);
    for case in 0..150 {
        let span = [200, 5000, 1 << 20][case % 3];
        let rings = 5 + rng.range(0, 40);
        let arrangement = arrange(&random_rings(&mut rng, rings, span)).expect("arrangement");
        for chunk in CHUNKS {
            let windings =
                label_checking_crossings(&arrangement.vertices, &arrangement.segments, chunk);
            assert_eq!(
                windings,
                Some(label(&arrangement)),
                "case {case}, chunks {chunk}"
            );
        }
        let point = |rng: &mut Rng| GridPoint::new(rng.range(-10, span + 10), rng.range(0, span));
        let from = point(&mut rng);
        // Long segments cross many, short ones often none.
        let to = if case % 2 == 0 {
            point(&mut rng)
        } else {
            let reach = span / 100 + 1;
            from + GridPoint::new(rng.range(-reach, reach), rng.range(-reach, reach))
        };
        let Some((vertices, segments, expected)) = with_one_more(&arrangement, from, to) else {
            continue;
        };
        for chunk in CHUNKS {
            let found = label_checking_crossings(&vertices, &segments, chunk).is_none();
            assert_eq!(found, expected, "case {case}, chunks of {chunk}");
        }
        if expected {
            crossing += 1;
        } else {
            clean += 1;
        }
    }
    assert!(
        crossing > 50 && clean > 20,
        "{crossing} with, {clean} without a crossing"
    );
}

#[test]
fn deferred_arrangements_give_the_rings_of_verified_ones() {
    let mut rng = Rng::new(0x5E0F);
    let mut pending = 0;
    for case in 0..500 {
        let span = [8, 100, 1 << 20][case % 3];
        let rings = 1 + rng.range(0, 11);
        let mut edges = random_rings(&mut rng, rings, span);
        if case % 2 == 0 {
            // Axis-parallel rectangles besides: the mixed path.
            for _ in 0..3 * rings {
                let (x, y) = (rng.range(0, span), rng.range(0, span));
                let (w, h) = (1 + rng.range(0, span / 4), 1 + rng.range(0, span / 4));
                let c = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
                for i in 0..4 {
                    let (a, b) = (c[i], c[(i + 1) % 4]);
                    edges.push(TaggedEdge::new(
                        GridPoint::new(a.0, a.1),
                        GridPoint::new(b.0, b.1),
                        Operand::Second,
                    ));
                }
            }
        }
        let arrangement = arrange(&edges).expect("an arrangement");
        let windings = label(&arrangement);
        let deferred = arrange_deferred(edges).expect("a deferred arrangement");
        pending += usize::from(!deferred.is_verified());
        let deferred_windings = label_deferred(&deferred).expect("no crossing after step 3");
        // The sweep found no crossing, so the fallback may go: the same arrangement.
        let mut forgotten = deferred.clone();
        forgotten.forget_fallback();
        assert_eq!(
            forgotten.clone().verify().as_ref(),
            Ok(&arrangement),
            "case {case}, fallback forgotten"
        );
        for rule in RULES {
            let expected = trace_boundary(&arrangement, &windings, rule);
            assert_eq!(
                trace_deferred(&deferred, &deferred_windings, rule),
                expected,
                "case {case}, {rule:?}"
            );
            // The owned form frees the arrangement early and gives the same rings, and so
            // does an arrangement whose fallback is forgotten.
            assert_eq!(
                trace_deferred_owned(deferred.clone(), deferred_windings.clone(), rule),
                expected,
                "case {case}, {rule:?}, owned"
            );
            assert_eq!(
                trace_deferred_owned(forgotten.clone(), deferred_windings.clone(), rule),
                expected,
                "case {case}, {rule:?}, fallback forgotten"
            );
            // The sweep that keeps two bits a segment for one rule marks what the windings
            // say, and its rings are the same.
            let marks = mark_deferred_boundary(&deferred, rule).expect("no crossing");
            assert_eq!(
                marks,
                BoundaryMarks::from_windings(&deferred_windings, rule),
                "case {case}, {rule:?}, marks"
            );
            assert_eq!(marks.rule(), rule);
            assert_eq!(
                trace_marked_owned(forgotten.clone(), &marks),
                expected,
                "case {case}, {rule:?}, marked"
            );
        }
    }
    assert!(
        pending > 400,
        "only {pending} arrangements were left pending"
    );
}

#[test]
fn crossings_left_in_are_found_and_verify_repairs_them() {
    // Without step 2's crossings the deferred fragments cross: the sweep must say so, and
    // `verify` then gives the eager run's arrangement.
    let omit = ArrangeOptions {
        search: CandidateSearch::ForceGrid,
        omit_initial_crossings: true,
    };
    let mut rng = Rng::new(0x5E10);
    let mut found = 0;
    for case in 0..300 {
        let rings = 1 + rng.range(0, 4);
        let edges = random_rings(&mut rng, rings, [50, 1 << 16][case % 2]);
        let deferred = arrange_deferred_with(&edges, &omit).expect("a deferred arrangement");
        let expected = brute_crossing(deferred.vertices(), deferred.segments());
        let windings = label_deferred(&deferred);
        assert_eq!(windings.is_none(), expected, "case {case}");
        for rule in RULES {
            let marks = mark_deferred_boundary(&deferred, rule);
            assert_eq!(marks.is_none(), expected, "case {case}, {rule:?}");
        }
        found += usize::from(expected);
        let (eager, _) = onepath_arrangement::arrange_with(&edges, &omit).expect("an arrangement");
        assert_eq!(deferred.verify().expect("verified"), eager, "case {case}");
    }
    assert!(found > 100, "only {found} inputs kept a crossing");
}
