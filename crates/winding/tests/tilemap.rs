//! Tile-map tracing: the linear tracer against the general chaining, and known shapes.

mod support;

use onepath_predicates::GridPoint;
use onepath_winding::{trace_rings, trace_tile_map};
use support::Rng;

/// The unit boundary edges of the true cells, inside on the left (the general path's input).
fn cell_edges(
    cells: &[bool],
    w: usize,
    h: usize,
    xs: &[i64],
    ys: &[i64],
) -> Vec<(GridPoint, GridPoint)> {
    let at = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < h
            && cells[x as usize + y as usize * w]
    };
    let p = |i: usize, j: usize| GridPoint::new(xs[i], ys[j]);
    let mut edges = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if !cells[x + y * w] {
                continue;
            }
            let (xi, yi) = (x as i64, y as i64);
            if !at(xi, yi - 1) {
                edges.push((p(x, y), p(x + 1, y)));
            }
            if !at(xi + 1, yi) {
                edges.push((p(x + 1, y), p(x + 1, y + 1)));
            }
            if !at(xi, yi + 1) {
                edges.push((p(x + 1, y + 1), p(x, y + 1)));
            }
            if !at(xi - 1, yi) {
                edges.push((p(x, y + 1), p(x, y)));
            }
        }
    }
    edges
}

fn lines(count: usize, rng: &mut Rng) -> Vec<i64> {
    let mut v = vec![rng.range(-50, 50)];
    for _ in 0..count {
        let last = *v.last().unwrap();
        v.push(last + rng.range(1, 7));
    }
    v
}

#[test]
fn linear_tracer_equals_general_chaining_on_random_maps() {
    let mut rng = Rng(3);
    for case in 0..400 {
        let (w, h) = (rng.range(1, 24) as usize, rng.range(1, 24) as usize);
        let fill = [10, 35, 50, 65, 90][case % 5];
        let cells: Vec<bool> = (0..w * h).map(|_| rng.chance(fill, 100)).collect();
        let (xs, ys) = (lines(w, &mut rng), lines(h, &mut rng));
        let fast = trace_tile_map(&cells, w, h, &xs, &ys);
        let general = trace_rings(&cell_edges(&cells, w, h, &xs, &ys)).expect("trace");
        assert_eq!(fast, general, "case {case}: {w}x{h}");
    }
}

#[test]
fn checkerboard_diagonal_neighbours_are_separate_rings() {
    // Cells (0,0) and (1,1) of a 2 x 2 map.
    let cells = [true, false, false, true];
    let rings = trace_tile_map(&cells, 2, 2, &[0, 1, 2], &[0, 1, 2]);
    let p = GridPoint::new;
    assert_eq!(
        rings,
        vec![
            vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)],
            vec![p(1, 1), p(2, 1), p(2, 2), p(1, 2)],
        ]
    );
}

#[test]
fn room_with_pillar_is_outer_ring_and_clockwise_hole() {
    let (w, h) = (5, 4);
    let mut cells = vec![true; w * h];
    cells[2 + w] = false;
    cells[2 + 2 * w] = false;
    let xs: Vec<i64> = (0..=w as i64).map(|i| 10 * i).collect();
    let ys: Vec<i64> = (0..=h as i64).map(|i| 10 * i).collect();
    let rings = trace_tile_map(&cells, w, h, &xs, &ys);
    let p = GridPoint::new;
    assert_eq!(
        rings,
        vec![
            vec![p(0, 0), p(50, 0), p(50, 40), p(0, 40)],
            vec![p(20, 10), p(20, 30), p(30, 30), p(30, 10)],
        ]
    );
}

#[test]
fn empty_and_full_maps() {
    assert!(trace_tile_map(&[false; 6], 3, 2, &[0, 1, 2, 3], &[0, 1, 2]).is_empty());
    assert!(trace_tile_map(&[], 0, 0, &[0], &[0]).is_empty());
    let full = trace_tile_map(&[true; 6], 3, 2, &[0, 1, 2, 3], &[0, 1, 2]);
    let p = GridPoint::new;
    assert_eq!(full, vec![vec![p(0, 0), p(3, 0), p(3, 2), p(0, 2)]]);
}
