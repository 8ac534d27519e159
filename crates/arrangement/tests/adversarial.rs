//! Adversarial inputs: near-parallel edges, pixel corners and sides, stars, clustered
//! input, huge coordinates, cancelling duplicates and collinear overlaps. Every output goes
//! through the full verification of `common::verify`.

mod common;

use common::{DrawInput, Rng, e, p, random_edges, run, verify};
use onepath_arrangement::{
    ArrangeOptions, ArrangeStats, CandidateSearch, Operand, TaggedEdge, arrange_traced,
};
use onepath_predicates::{CONSTRUCTION_LIMIT, GridPoint, orient2d};

#[test]
fn many_nearly_parallel_long_edges() {
    let mut rng = Rng::new(21);
    for _ in 0..30 {
        let length = [1_000, 1 << 20, 1 << 36][rng.below(3)];
        let edges: Vec<TaggedEdge> = (0..40)
            .map(|_| {
                let y0 = rng.range(0, 12);
                let y1 = y0 + rng.range(-3, 3);
                e(
                    p(rng.range(-2, 2), y0),
                    p(length + rng.range(-2, 2), y1),
                    rng.operand(),
                )
            })
            .collect();
        verify(&edges, false, usize::MAX);
    }
}

#[test]
fn edges_grazing_pixel_corners_and_sides() {
    // An edge whose endpoint coordinates sum to odd numbers has its midpoint on a pixel
    // side (one odd sum) or a pixel corner (both odd); the dense endpoints around make
    // every pixel near the midpoint hot.
    let mut rng = Rng::new(22);
    for _ in 0..600 {
        let mut edges = random_edges(&mut rng, 6, 3);
        for _ in 0..4 {
            let a = rng.point(-4, 4);
            let (dx, dy) = (
                2 * rng.range(-3, 3) + 1,
                2 * rng.range(-3, 3) + rng.range(0, 1),
            );
            edges.push(e(a, a + p(dx, dy), rng.operand()));
        }
        verify(&edges, false, usize::MAX);
    }
}

#[test]
fn star_through_a_pixel_corner() {
    // Every edge passes through (1/2, 1/2), the bottom-left corner of the pixel of (1, 1),
    // so every edge is rerouted through (1, 1) (decisions D8's corner rule).
    let mut rng = Rng::new(23);
    let edges: Vec<TaggedEdge> = (0..60)
        .map(|_| {
            let (k, m) = (rng.range(1, 1000), rng.range(-1000, 1000));
            e(p(-k, -m), p(k + 1, m + 1), Operand::First)
        })
        .collect();
    verify(&edges, false, usize::MAX);
    let (_, _, traces) =
        arrange_traced(&edges, &ArrangeOptions::default()).expect("arrangement failed");
    assert!(traces.iter().all(|t| t.contains(&p(1, 1))));
}

#[test]
fn star_through_a_grid_point() {
    let mut rng = Rng::new(24);
    let centre = p(7, -3);
    let edges: Vec<TaggedEdge> = (0..80)
        .map(|_| {
            let v = rng.point(-500, 500);
            e(
                centre + v,
                GridPoint::new(centre.x - v.x, centre.y - v.y),
                rng.operand(),
            )
        })
        .collect();
    let (arrangement, _) = verify(&edges, false, usize::MAX);
    assert!(arrangement.vertices.contains(&centre));
}

#[test]
fn few_enormous_edges_over_many_tiny_ones_take_the_fallback() {
    let mut rng = Rng::new(25);
    let big = 1 << 31;
    let mut edges = vec![
        e(p(-big, -big), p(big, big), Operand::Second),
        e(p(-big, big), p(big, -big), Operand::Second),
        e(p(-big, 3), p(big, 5), Operand::Second),
        e(p(1, -big), p(-2, big), Operand::Second),
    ];
    for _ in 0..1500 {
        let a = rng.point(-2000, 2000);
        edges.push(e(a, a + rng.point(-3, 3), Operand::First));
    }
    // Every cell small enough for the tiny edges would make the enormous ones visit
    // millions: the specification's rule sees the cluster, and onepath's estimate finds
    // the sweep cheaper than its grid.
    let (_, stats) = verify(&edges, false, 0);
    assert!(stats.fallback_taken, "Auto kept the grid: {stats:?}");
    assert!(stats.initial_crossings > 0);
    let (_, specified) = run(&edges, CandidateSearch::Specified);
    assert!(
        specified.fallback_taken,
        "Specified kept the grid: {specified:?}"
    );
}

#[test]
fn evenly_spread_input_keeps_the_grid() {
    let mut rng = Rng::new(26);
    let edges: Vec<TaggedEdge> = (0..2000)
        .map(|_| {
            let a = rng.point(0, 20_000);
            e(a, a + rng.point(-300, 300), Operand::First)
        })
        .collect();
    let (_, stats) = verify(&edges, false, 0);
    assert!(!stats.fallback_taken);
    assert!(stats.initial_crossings > 100);
    let (_, specified) = run(&edges, CandidateSearch::Specified);
    assert!(!specified.fallback_taken);
}

#[test]
fn dense_overlapping_squares_keep_the_grid_with_fine_cells() {
    // 2,000 unit squares (side 256) in a field about 30 squares wide: about nine overlap
    // each point. At the specification's cell size (one square) the cell counts look
    // clustered and its rule takes the sweep; onepath's cells, four times smaller, keep
    // the grid and test far fewer pairs and pixels. The output is the same (checked by
    // `verify` across every search).
    let mut rng = Rng::new(28);
    let side = 256;
    let mut edges = Vec::new();
    for _ in 0..2000 {
        let a = rng.point(0, 30 * side);
        let corners = [a, a + p(side, 0), a + p(side, side), a + p(0, side)];
        for k in 0..4 {
            edges.push(e(corners[k], corners[(k + 1) % 4], Operand::First));
        }
    }
    let (_, auto) = verify(&edges, true, 0);
    let (_, specified) = run(&edges, CandidateSearch::Specified);
    assert!(!auto.fallback_taken, "{auto:?}");
    assert!(specified.fallback_taken, "{specified:?}");
    let tests = |s: &ArrangeStats| s.candidate_pairs + s.candidate_pixels;
    println!(
        "exact tests: Auto {}, Specified {}",
        tests(&auto),
        tests(&specified)
    );
    assert!(
        3 * tests(&auto) < tests(&specified),
        "{auto:?} against {specified:?}"
    );
}

#[test]
fn coordinates_near_the_construction_limit() {
    let mut rng = Rng::new(27);
    let limit = CONSTRUCTION_LIMIT;
    let near = |rng: &mut Rng| {
        let pick = |rng: &mut Rng| {
            [
                limit,
                -limit,
                limit - rng.range(0, 5),
                -limit + rng.range(0, 5),
                rng.range(-5, 5),
            ][rng.below(5)]
        };
        p(pick(rng), pick(rng))
    };
    for _ in 0..300 {
        let edges: Vec<TaggedEdge> = (0..8)
            .map(|_| e(near(&mut rng), near(&mut rng), rng.operand()))
            .collect();
        verify(&edges, false, usize::MAX);
    }
}

#[test]
fn duplicate_and_reversed_edges_cancel() {
    let mut rng = Rng::new(28);
    for _ in 0..200 {
        let n = 1 + rng.below(12);
        let mut edges = random_edges(&mut rng, n, 20);
        let reversed: Vec<TaggedEdge> = edges.iter().map(|x| e(x.to, x.from, x.operand)).collect();
        edges.extend(reversed);
        let (arrangement, stats) = verify(&edges, true, usize::MAX);
        assert!(arrangement.vertices.is_empty() && arrangement.segments.is_empty());
        assert!(stats.hot_pixels > 0 || stats.unique_edges == 0);
    }
    // "Both" cancels against one edge of each operand running the other way.
    let (a, b) = (p(0, 0), p(9, 4));
    let edges = [
        e(a, b, Operand::Both),
        e(b, a, Operand::First),
        e(b, a, Operand::Second),
    ];
    assert!(verify(&edges, true, usize::MAX).0.segments.is_empty());
}

#[test]
fn collinear_overlapping_edges() {
    let mut rng = Rng::new(29);
    for _ in 0..300 {
        let step = p(rng.range(1, 4), rng.range(-4, 4));
        let on_line = |k: i64| p(k * step.x, k * step.y);
        let mut edges: Vec<TaggedEdge> = (0..8)
            .map(|_| {
                e(
                    on_line(rng.range(-10, 10)),
                    on_line(rng.range(-10, 10)),
                    rng.operand(),
                )
            })
            .collect();
        let (arrangement, _) = verify(&edges, false, usize::MAX);
        for s in &arrangement.segments {
            let (u, v) = (
                arrangement.vertices[s.a as usize],
                arrangement.vertices[s.b as usize],
            );
            assert!(
                orient2d(p(0, 0), step, u).is_collinear()
                    && orient2d(p(0, 0), step, v).is_collinear()
            );
        }
        // Crossing edges cut the overlaps at their rounded crossings.
        edges.extend(random_edges(&mut rng, 3, 30));
        verify(&edges, false, usize::MAX);
    }
}

#[test]
fn searches_agree_on_one_row_and_one_column_grids() {
    // Horizontal and vertical strips: grids of one row or one column.
    let mut rng = Rng::new(30);
    for _ in 0..100 {
        let edges: Vec<TaggedEdge> = (0..20)
            .map(|_| {
                e(
                    p(rng.range(0, 100_000), rng.range(0, 3)),
                    p(rng.range(0, 100_000), rng.range(0, 3)),
                    rng.operand(),
                )
            })
            .collect();
        verify(&edges, false, usize::MAX);
        let flipped: Vec<TaggedEdge> = edges
            .iter()
            .map(|x| e(p(x.from.y, x.from.x), p(x.to.y, x.to.x), x.operand))
            .collect();
        verify(&flipped, false, usize::MAX);
    }
}
