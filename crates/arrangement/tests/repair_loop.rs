//! The repair loop (spec step 4, decisions D8): one verifying round with exact arithmetic,
//! and with step 2's crossings left out it finds and repairs them in a few rounds.

mod common;

use common::{Rng, SEARCHES, e, local_rings, p, random_edges, random_rings};
use onepath_arrangement::{ArrangeOptions, Operand, arrange_with};

/// Runs `edges` with step 2's crossings omitted, under every search, and checks the result.
/// Returns the largest number of rounds seen and counts the runs that repaired a crossing.
fn repair_without_initial_crossings(
    edges: &[onepath_arrangement::TaggedEdge],
    closed: bool,
    repaired_cases: &mut usize,
) -> u32 {
    let mut reference = None;
    let mut rounds = 0;
    for search in SEARCHES {
        let options = ArrangeOptions {
            search,
            omit_initial_crossings: true,
        };
        let (arrangement, stats) = arrange_with(edges, &options).expect("arrangement failed");
        arrangement
            .check_invariants()
            .unwrap_or_else(|v| panic!("{v} after repair of {edges:?}"));
        if closed {
            arrangement
                .check_balanced()
                .expect("closed rings must balance");
        }
        // Rerouting through the endpoints alone may already separate a crossing pair, so
        // the loop repairs at most the omitted crossings' worth of trouble, and a round
        // beyond the verifying one happens exactly when it repaired something.
        let repairs = stats.repaired_crossings + stats.repaired_splits;
        assert_eq!(stats.repair_rounds > 1, repairs > 0);
        assert!(stats.repair_rounds >= u32::from(stats.unique_edges > 0));
        if stats.repaired_crossings > 0 {
            *repaired_cases += 1;
        }
        rounds = rounds.max(stats.repair_rounds);
        match &reference {
            None => reference = Some(arrangement),
            Some(first) => assert_eq!(&arrangement, first, "{search:?} differs"),
        }
    }
    rounds
}

#[test]
fn two_crossing_edges_are_repaired_in_two_rounds() {
    let edges = [
        e(p(0, 0), p(4, 3), Operand::First),
        e(p(0, 3), p(4, 0), Operand::First),
    ];
    let options = ArrangeOptions {
        omit_initial_crossings: true,
        ..ArrangeOptions::default()
    };
    let (repaired, stats) = arrange_with(&edges, &options).expect("arrangement failed");
    assert_eq!(stats.repair_rounds, 2);
    assert_eq!(stats.repaired_crossings, 1);
    assert_eq!(stats.initial_crossings, 0);
    // Here the repair gives exactly the specification's result.
    let (expected, exact_stats) =
        arrange_with(&edges, &ArrangeOptions::default()).expect("arrangement failed");
    assert_eq!(exact_stats.repair_rounds, 1);
    assert_eq!(repaired, expected);
}

#[test]
fn omitted_crossings_are_found_on_random_input() {
    let mut rng = Rng::new(11);
    let mut most = 0;
    let mut repaired = 0;
    for _ in 0..400 {
        let n = 2 + rng.below(16);
        most = most.max(repair_without_initial_crossings(
            &random_edges(&mut rng, n, 10),
            false,
            &mut repaired,
        ));
    }
    for _ in 0..300 {
        let rings = 1 + rng.below(3);
        most = most.max(repair_without_initial_crossings(
            &random_rings(&mut rng, rings, 8, 200),
            true,
            &mut repaired,
        ));
    }
    for _ in 0..5 {
        let rings = 40 + rng.below(40);
        most = most.max(repair_without_initial_crossings(
            &local_rings(&mut rng, rings, 8, 30, 600),
            true,
            &mut repaired,
        ));
    }
    println!("largest repair-round count: {most}, runs that repaired a crossing: {repaired}");
    assert!(repaired >= 100, "only {repaired} runs repaired a crossing");
    assert!(most >= 2);
    assert!(most <= 8, "the repair loop needed {most} rounds");
}
