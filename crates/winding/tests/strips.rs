//! The labelling sweep in strips (`docs/decisions.md`, D15): for every number of strips and
//! every status size, the labels of one sweep on arrangements of random rings, the same
//! answer to the crossing question on unnoded rings, and no labels where a vertex is not
//! balanced.

mod support;

use onepath_arrangement::{Arrangement, Operand, Segment, TaggedEdge, arrange};
use onepath_predicates::{GridPoint, orient2d};
use onepath_winding::{
    label_checking_crossings, label_checking_crossings_in_strips, label_in_strips,
    label_with_plain_list,
};
use support::{Rng, arrangement_of_rings, edges_of, random_rings};

/// The chunk sizes the strips run with: tiny chunks (a status that starts in chunks), a
/// small one and the plain list throughout.
const CHUNKS: [usize; 3] = [2, 16, usize::MAX];

/// Rings on a grid of `cells` cells of side `side`: axis-parallel squares and diamonds
/// sharing vertices and vertical edges, the degenerate places of the strips' order.
fn grid_rings(rng: &mut Rng, count: usize, cells: i64, side: i64) -> Vec<Vec<GridPoint>> {
    (0..count)
        .map(|_| {
            let (x, y) = (rng.range(0, cells) * side, rng.range(0, cells) * side);
            let s = side * rng.range(1, 3);
            let p = GridPoint::new;
            if rng.below(2) == 0 {
                vec![p(x, y), p(x + s, y), p(x + s, y + s), p(x, y + s)]
            } else {
                vec![p(x, y - s), p(x + s, y), p(x, y + s), p(x - s, y)]
            }
        })
        .collect()
}

/// Every number of strips from 1 to 9, at every chunk size, gives the plain list's labels.
fn assert_strips_agree(arrangement: &Arrangement, what: &str) {
    let expected = label_with_plain_list(arrangement);
    for strips in 1..=9 {
        for chunk in CHUNKS {
            let found = label_in_strips(arrangement, strips, chunk);
            assert!(
                found.as_ref() == Some(&expected),
                "{what}: {strips} strips, chunks of {chunk}"
            );
        }
    }
}

#[test]
fn strips_give_the_labels_of_one_sweep() {
    let mut rng = Rng::new(0x5781_9001);
    let mut segments = 0;
    for case in 0..300 {
        let edges = if case % 2 == 0 {
            let rings = 1 + rng.below(12) as i64;
            let span = [4, 16, 1000, 1 << 30][case / 2 % 4];
            random_rings(&mut rng, rings, span)
        } else {
            let side = [1, 3, 1 << 20][case / 2 % 3];
            let count = 1 + rng.below(40);
            edges_of(&grid_rings(&mut rng, count, 12, side))
        };
        let arrangement = arrange(&edges).expect("an arrangement");
        segments += arrangement.segments.len();
        assert_strips_agree(&arrangement, &format!("case {case}"));
    }
    assert!(segments > 15_000, "{segments} segments in all");
}

#[test]
fn strips_give_the_labels_of_one_sweep_on_a_large_arrangement() {
    let mut rng = Rng::new(0x5781_9002);
    let edges = random_rings(&mut rng, 400, 1 << 16);
    let arrangement = arrange(&edges).expect("an arrangement");
    assert!(arrangement.segments.len() > 20_000);
    assert_strips_agree(&arrangement, "400 random rings");
}

/// True when a vertex of `vertices` lies strictly inside one of `segments`.
fn vertex_inside(vertices: &[GridPoint], segments: &[Segment]) -> bool {
    segments.iter().any(|s| {
        let (p, q) = (vertices[s.a as usize], vertices[s.b as usize]);
        vertices
            .iter()
            .any(|&v| p < v && v < q && orient2d(p, q, v).is_collinear())
    })
}

#[test]
fn strips_answer_the_crossing_question_as_one_sweep() {
    let mut rng = Rng::new(0x5781_9003);
    let (mut crossing, mut clean) = (0, 0);
    for case in 0..2000 {
        let span = [4, 8, 30, 1000][case % 4];
        let count = 1 + rng.below(4);
        let rings: Vec<Vec<GridPoint>> = (0..count)
            .map(|_| {
                let n = rng.range(3, 8) as usize;
                (0..n)
                    .map(|_| GridPoint::new(rng.range(0, span), rng.range(0, span)))
                    .collect()
            })
            .collect();
        // Unnoded ring edges, drawn again when an edge repeats, is a point, or holds a
        // vertex inside.
        let all: Vec<(GridPoint, GridPoint)> = rings
            .iter()
            .flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])))
            .collect();
        let mut undirected: Vec<(GridPoint, GridPoint)> =
            all.iter().map(|&(p, q)| (p.min(q), p.max(q))).collect();
        undirected.sort_unstable();
        if all.iter().any(|(p, q)| p == q) || undirected.windows(2).any(|w| w[0] == w[1]) {
            continue;
        }
        let arrangement = arrangement_of_rings(&rings);
        let (vertices, segments) = (&arrangement.vertices, &arrangement.segments);
        if vertex_inside(vertices, segments) {
            continue;
        }
        for chunk in [2, usize::MAX] {
            let expected = label_checking_crossings(vertices, segments, chunk);
            for strips in 1..=6 {
                let found = label_checking_crossings_in_strips(vertices, segments, strips, chunk);
                assert!(
                    found.as_ref() == Some(&expected),
                    "case {case}: {strips} strips, chunks of {chunk}: {rings:?}"
                );
            }
            if chunk == 2 {
                if expected.is_none() {
                    crossing += 1;
                } else {
                    clean += 1;
                }
            }
        }
    }
    assert!(
        crossing > 500 && clean > 100,
        "{crossing} with, {clean} without a crossing"
    );
}

/// Open chains are not balanced at their ends: the strips give no labels (one sweep must
/// run), at any number of strips; closing the chain makes them agree again.
#[test]
fn strips_decline_an_unbalanced_arrangement() {
    let p = GridPoint::new;
    let chain = [p(0, 0), p(4, 1), p(8, 0), p(12, 3), p(16, 0)];
    let open: Vec<TaggedEdge> = (chain.windows(2))
        .map(|w| TaggedEdge::new(w[0], w[1], Operand::First))
        .collect();
    let arrangement = arrange(&open).expect("an arrangement");
    for strips in 1..=4 {
        assert_eq!(label_in_strips(&arrangement, strips, usize::MAX), None);
    }
    let closed = arrange(&edges_of(&[chain.to_vec()])).expect("an arrangement");
    assert_strips_agree(&closed, "the chain closed");
}
