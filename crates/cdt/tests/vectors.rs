//! Known answers from `tests/data/spec-vectors.json` (computed by an independent
//! implementation of the spec and decisions D3/D13), transcribed as Rust literals.

use onepath_cdt::{Cdt, hilbert_xy2d, insertion_order, splitmix64_output};
use onepath_predicates::GridPoint;

#[test]
fn splitmix64_output_of_i_plus_golden() {
    let expected: [u64; 8] = [
        0xe220a8397b1dcdaf,
        0x910a2dec89025cc1,
        0x975835de1c9756ce,
        0x1d0b14e4db018fed,
        0x6e73e372e2338aca,
        0x63033b0ca389c35a,
        0xbd64a5d9adefe000,
        0x63cbe1e459320dd7,
    ];
    for (i, &value) in expected.iter().enumerate() {
        assert_eq!(splitmix64_output(i as u64), value, "i = {i}");
    }
}

#[test]
fn hilbert_xy2d_n4096() {
    let cases: [(u32, u32, u64); 8] = [
        (0, 0, 0),
        (1, 0, 1),
        (1, 1, 2),
        (0, 1, 3),
        (2, 0, 14),
        (4095, 0, 16777215),
        (4095, 4095, 11184810),
        (1234, 3210, 6339400),
    ];
    for (x, y, d) in cases {
        assert_eq!(hilbert_xy2d(x, y), d, "({x}, {y})");
    }
}

#[test]
fn insertion_order_10x10_grid_first_30() {
    // Index = x * 10 + y: the 10 x 10 grid sorted by (x, y).
    let points: Vec<GridPoint> = (0..10)
        .flat_map(|x| (0..10).map(move |y| GridPoint::new(x, y)))
        .collect();
    let expected: [u32; 30] = [
        33, 51, 43, 6, 38, 29, 49, 85, 20, 55, 75, 67, 24, 9, 19, 28, 39, 59, 78, 95, 82, 10, 2,
        22, 23, 31, 30, 40, 62, 72,
    ];
    let order = insertion_order(&points);
    assert_eq!(&order[..30], &expected);
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..100).collect::<Vec<u32>>(), "a permutation");
}

#[test]
fn insertion_order_is_sorted_order_below_64_points() {
    let points: Vec<GridPoint> = (0..63).map(|i| GridPoint::new(i, (i * 7) % 13)).collect();
    assert_eq!(insertion_order(&points), (0..63).collect::<Vec<u32>>());
}

#[test]
fn cdt_numbering_decides() {
    let points = [(0, 7), (0, 8), (1, 5), (2, 8), (3, 6), (3, 7), (6, 7)].map(GridPoint::from);
    let cdt = Cdt::new(&points, &[[1, 6]]).expect("valid input");
    let expected: [[u32; 3]; 15] = [
        [7, 6, 2],
        [8, 9, 6],
        [9, 7, 1],
        [7, 0, 1],
        [5, 1, 0],
        [1, 6, 3],
        [0, 7, 2],
        [9, 1, 3],
        [2, 6, 4],
        [9, 3, 6],
        [0, 2, 4],
        [0, 4, 5],
        [4, 6, 5],
        [1, 5, 6],
        [7, 8, 6],
    ];
    assert_eq!(cdt.triangles(), &expected);
    cdt.check_invariants().expect("invariants");
}

#[test]
fn tile_map_triangulation() {
    use onepath_testkit::spec_tile_map::{RING, TRIANGLE_NEIGHBORS, TRIANGLES, VERTICES};
    let vertices = VERTICES.map(GridPoint::from);
    let index = |p: (i64, i64)| {
        vertices
            .binary_search(&GridPoint::from(p))
            .expect("ring vertex") as u32
    };
    let constraints: Vec<[u32; 2]> = (0..RING.len())
        .map(|i| [index(RING[i]), index(RING[(i + 1) % RING.len()])])
        .collect();
    let cdt = Cdt::new(&vertices, &constraints).expect("valid input");
    cdt.check_invariants().expect("invariants");
    let inside = cdt.inside_mesh();
    inside
        .check_invariants(&vertices, &constraints)
        .expect("inside invariants");
    assert_eq!(inside.triangles, TRIANGLES);
    assert_eq!(inside.neighbors, TRIANGLE_NEIGHBORS);
}
