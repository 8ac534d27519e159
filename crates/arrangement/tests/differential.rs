//! Differential tests: the grid, the sweep fallback, the box sweep and brute force give the
//! identical arrangement on thousands of seeded random inputs and on the growth inputs of
//! issue #24 (stacked slivers, crossing bundles), which all pass the full verification.

mod common;

use common::{Rng, local_rings, random_edges, random_rings, verify};
use onepath_arrangement::{Operand, TaggedEdge, arrange, arrange_owned};
use onepath_predicates::GridPoint;
use onepath_testkit::growth::{crossing_bundle, sliver_stack};

#[test]
fn arrange_owned_gives_what_arrange_gives() {
    // Random edges and rings, axis-parallel rectangles (the orthogonal path) and their
    // mixture with a few diagonals (the mixed path): the entry that frees its input must
    // give the same arrangement on every path. Both entries share their steps today; the
    // test keeps them from drifting apart.
    let mut rng = Rng::new(12);
    for k in 0..400 {
        let mut edges = match k % 3 {
            0 => {
                let n = 2 + rng.below(60);
                random_edges(&mut rng, n, [8, 1000, 1 << 20][k % 4 % 3])
            }
            1 => {
                let rings = 1 + rng.below(5);
                random_rings(&mut rng, rings, 8, 200)
            }
            _ => Vec::new(),
        };
        if k % 3 == 2 {
            for _ in 0..1 + rng.below(30) {
                let (x, y) = (rng.range(0, 100), rng.range(0, 100));
                let (w, h) = (1 + rng.range(0, 40), 1 + rng.range(0, 40));
                let c = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
                for i in 0..4 {
                    let (a, b) = (c[i], c[(i + 1) % 4]);
                    edges.push(TaggedEdge::new(
                        GridPoint::new(a.0, a.1),
                        GridPoint::new(b.0, b.1),
                        Operand::First,
                    ));
                }
            }
            if k % 2 == 0 {
                let n = 1 + rng.below(3);
                edges.extend(random_edges(&mut rng, n, 100));
            }
        }
        let expected = arrange(&edges).expect("an arrangement");
        assert_eq!(
            arrange_owned(edges).expect("an arrangement"),
            expected,
            "input {k}"
        );
    }
}

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

/// The counter-clockwise rings of `rects` as edges of operand `operand`, shifted by `shift`
/// and with x and y swapped when `transpose` (a stack of vertical slivers).
fn rect_edges(
    rects: &[[[i64; 2]; 4]],
    operand: Operand,
    shift: [i64; 2],
    transpose: bool,
) -> Vec<TaggedEdge> {
    let p = |c: [i64; 2]| {
        let (x, y) = if transpose {
            (c[1], c[0])
        } else {
            (c[0], c[1])
        };
        GridPoint::new(x + shift[0], y + shift[1])
    };
    rects
        .iter()
        .flat_map(|r| {
            // Transposing reverses the orientation; the ring is walked backwards to keep it
            // counter-clockwise.
            let order: [usize; 4] = if transpose {
                [0, 3, 2, 1]
            } else {
                [0, 1, 2, 3]
            };
            (0..4).map(move |i| TaggedEdge::new(p(r[order[i]]), p(r[order[(i + 1) % 4]]), operand))
        })
        .collect()
}

#[test]
fn sliver_stacks_agree_across_searches() {
    // Stacks of long slivers 1 and 2 units apart (issue #24), horizontal and vertical, one
    // of each side by side, and a second operand's stack shifted across the first so that
    // every long edge crosses the other stack's short sides.
    for (n, length, thickness, gap) in [(60, 1 << 20, 1, 1), (60, 1 << 20, 1, 2), (40, 500, 3, 2)] {
        let rects = sliver_stack(n, length, thickness, gap);
        let flat = rect_edges(&rects, Operand::First, [0, 0], false);
        verify(&flat, true, usize::MAX);
        verify(
            &rect_edges(&rects, Operand::First, [0, 0], true),
            true,
            usize::MAX,
        );
        let mut mixed = flat.clone();
        mixed.extend(rect_edges(
            &rects,
            Operand::Second,
            [length + 7, -length / 2],
            true,
        ));
        verify(&mixed, true, usize::MAX);
        let mut crossed = flat;
        crossed.extend(rect_edges(&rects, Operand::Second, [length / 3, 1], true));
        verify(&crossed, true, usize::MAX);
    }
}

#[test]
fn crossing_bundles_agree_across_searches() {
    for (seed, n, radius) in [(1, 24, 0), (2, 40, 1), (3, 60, 3), (4, 80, 1)] {
        let edges: Vec<TaggedEdge> = crossing_bundle(n, 1 << 16, radius, seed)
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let operand = [Operand::First, Operand::Second][k % 2];
                TaggedEdge::new(
                    GridPoint::new(s[0][0], s[0][1]),
                    GridPoint::new(s[1][0], s[1][1]),
                    operand,
                )
            })
            .collect();
        verify(&edges, false, usize::MAX);
    }
}

/// Random axis-parallel edges on a small lattice: overlapping, touching, duplicated and
/// cancelling pieces, crossings at lattice points.
fn random_orthogonal_edges(rng: &mut Rng, n: usize, r: i64) -> Vec<TaggedEdge> {
    (0..n)
        .map(|_| {
            let (x, y) = (rng.range(-r, r), rng.range(-r, r));
            let length = rng.range(-r, r);
            let to = if rng.below(2) == 0 {
                GridPoint::new(x + length, y)
            } else {
                GridPoint::new(x, y + length)
            };
            let operand = [Operand::First, Operand::Second, Operand::Both][rng.below(3)];
            TaggedEdge::new(GridPoint::new(x, y), to, operand)
        })
        .collect()
}

#[test]
fn axis_parallel_inputs_take_the_orthogonal_path_with_the_same_bits() {
    // `verify` compares Auto (the orthogonal path, which runs without tracing) with every
    // other search, brute force included, and checks the traced general path's
    // invariants, distortion and provenance.
    let mut rng = Rng::new(0x0A7E);
    for round in 0..3000 {
        let n = 1 + rng.below(if round % 10 == 0 { 120 } else { 25 });
        let r = [3, 8, 40, 1 << 30][rng.below(4)];
        let mut edges = random_orthogonal_edges(&mut rng, n, r);
        if round % 3 == 0 {
            // Reversed copies: zero-net pieces that still make hot pixels.
            let copies: Vec<TaggedEdge> = edges
                .iter()
                .take(n / 2)
                .map(|e| TaggedEdge::new(e.to, e.from, e.operand))
                .collect();
            edges.extend(copies);
        }
        verify(&edges, false, usize::MAX);
    }
}

#[test]
fn mostly_axis_parallel_inputs_take_the_mixed_path_with_the_same_bits() {
    // Walls and rectangle sides with short diagonal arcs, as tile-map shrinks make them:
    // Auto takes the mixed path (more than half of the pieces axis-parallel) and must give
    // every other search's arrangement.
    let mut rng = Rng::new(0x0A7F);
    for round in 0..2000 {
        let n = 2 + rng.below(if round % 10 == 0 { 150 } else { 30 });
        let r = [4, 12, 60, 1 << 24][rng.below(4)];
        let mut edges = random_orthogonal_edges(&mut rng, n, r);
        for _ in 0..1 + n / 3 {
            let (x, y) = (rng.range(-r, r), rng.range(-r, r));
            let (dx, dy) = (
                rng.range(-r / 2 - 1, r / 2 + 1),
                rng.range(-r / 2 - 1, r / 2 + 1),
            );
            edges.push(TaggedEdge::new(
                GridPoint::new(x, y),
                GridPoint::new(x + dx, y + dy),
                [Operand::First, Operand::Second][rng.below(2)],
            ));
        }
        verify(&edges, false, usize::MAX);
    }
}
