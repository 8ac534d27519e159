//! Differential tests: the grid, the sweep fallback and brute force give the identical
//! arrangement on thousands of seeded random inputs, which all pass the full verification.

mod common;

use common::{Rng, local_rings, random_edges, random_rings, verify};
use onepath_arrangement::arrange;

#[test]
fn small_dense_random_edges() {
    let mut rng = Rng::new(1);
    for _ in 0..2000 {
        let n = 2 + rng.below(14);
        let r = 2 + rng.range(0, 10);
        verify(&random_edges(&mut rng, n, r), false, usize::MAX);
    }
}

#[test]
fn random_long_edges() {
    let mut rng = Rng::new(2);
    for _ in 0..600 {
        let n = 2 + rng.below(40);
        let r = [50, 1000, 1 << 20][rng.below(3)];
        verify(&random_edges(&mut rng, n, r), false, usize::MAX);
    }
}

#[test]
fn random_rings_balance() {
    let mut rng = Rng::new(3);
    for _ in 0..1000 {
        let rings = 1 + rng.below(4);
        let r = [6, 30, 400][rng.below(3)];
        verify(&random_rings(&mut rng, rings, 10, r), true, usize::MAX);
    }
}

#[test]
fn larger_random_inputs() {
    let mut rng = Rng::new(4);
    for _ in 0..12 {
        let rings = 30 + rng.below(60);
        let size = [3, 20, 300][rng.below(3)];
        verify(&local_rings(&mut rng, rings, 10, size, 40 * size), true, 0);
    }
}

#[test]
fn result_ignores_input_order_and_direction_of_duplicates() {
    let mut rng = Rng::new(5);
    for _ in 0..300 {
        let n = 2 + rng.below(20);
        let mut edges = random_edges(&mut rng, n, 12);
        let expected = arrange(&edges).expect("arrangement failed");
        rng.shuffle(&mut edges);
        assert_eq!(arrange(&edges).expect("arrangement failed"), expected);
    }
}
