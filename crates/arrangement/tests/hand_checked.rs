//! Small cases whose exact output was worked out by hand from the specification.

mod common;

use common::{e, p, verify};
use onepath_arrangement::{
    ArrangeOptions, ArrangementError, Operand, Segment, TaggedEdge, arrange, arrange_traced,
};
use onepath_predicates::CONSTRUCTION_LIMIT;

fn seg(a: u32, b: u32, delta: [i32; 2]) -> Segment {
    Segment { a, b, delta }
}

#[test]
fn empty_input_gives_empty_arrangement() {
    let (arrangement, stats) = verify(&[], true, usize::MAX);
    assert!(arrangement.vertices.is_empty() && arrangement.segments.is_empty());
    assert_eq!(stats.repair_rounds, 0);
}

#[test]
fn crossing_rounds_with_tie_going_up() {
    // The exact crossing is (2, 3/2); floor(3/2 + 1/2) = 2.
    let edges = [
        e(p(0, 0), p(4, 3), Operand::First),
        e(p(0, 3), p(4, 0), Operand::Second),
    ];
    let (arrangement, stats) = verify(&edges, false, usize::MAX);
    assert_eq!(
        arrangement.vertices,
        [p(0, 0), p(0, 3), p(2, 2), p(4, 0), p(4, 3)]
    );
    assert_eq!(
        arrangement.segments,
        [
            seg(0, 2, [1, 0]),
            seg(1, 2, [0, 1]),
            seg(2, 3, [0, 1]),
            seg(2, 4, [1, 0])
        ]
    );
    assert_eq!((stats.initial_crossings, stats.hot_pixels), (1, 5));
}

#[test]
fn negative_tie_also_goes_up() {
    // The exact crossing is (2, -3/2); floor(-3/2 + 1/2) = -1, not -2.
    let edges = [
        e(p(0, 0), p(4, -3), Operand::First),
        e(p(4, 0), p(0, -3), Operand::First),
    ];
    let (arrangement, _) = verify(&edges, false, usize::MAX);
    assert_eq!(
        arrangement.vertices,
        [p(0, -3), p(0, 0), p(2, -1), p(4, -3), p(4, 0)]
    );
    // (0,0)→(2,-1)→(4,-3) runs from index 1 to 2 and 2 to 3 (+1 each); (4,0)→(2,-1)→(0,-3)
    // runs from index 4 to 2 and 2 to 0, against a < b (-1 each).
    assert_eq!(
        arrangement.segments,
        [
            seg(0, 2, [-1, 0]),
            seg(1, 2, [1, 0]),
            seg(2, 3, [1, 0]),
            seg(2, 4, [-1, 0])
        ]
    );
}

#[test]
fn edge_is_captured_by_another_vertex_pixel() {
    // y = x/10 passes through the pixel [4.5, 5.5) × [0.5, 1.5) of (5, 1) (at x = 5, y = 0.5
    // lies on its closed bottom side), so the long edge bends through (5, 1).
    let edges = [
        e(p(0, 0), p(10, 1), Operand::First),
        e(p(5, 1), p(5, 3), Operand::Second),
    ];
    let (arrangement, _) = verify(&edges, false, usize::MAX);
    assert_eq!(arrangement.vertices, [p(0, 0), p(5, 1), p(5, 3), p(10, 1)]);
    assert_eq!(
        arrangement.segments,
        [seg(0, 1, [1, 0]), seg(1, 2, [0, 1]), seg(1, 3, [1, 0])]
    );
}

#[test]
fn pixel_corner_counts_only_when_bottom_left() {
    // (0,0)→(4,-4) passes the point (1/2, -1/2): the bottom-left corner of the pixel of
    // (1, 0), which it therefore meets, and the top-right corner of the pixel of (0, -1),
    // which it does not (decisions D8).
    let edges = [
        e(p(0, 0), p(4, -4), Operand::First),
        e(p(1, 0), p(1, 3), Operand::First),
        e(p(0, -1), p(-3, -1), Operand::First),
    ];
    let (_, _, traces) =
        arrange_traced(&edges, &ArrangeOptions::default()).expect("arrangement failed");
    assert_eq!(traces[0], [p(0, 0), p(1, 0), p(4, -4)]);
    verify(&edges, false, usize::MAX);
}

#[test]
fn cancelled_edges_leave_hot_pixels_but_no_vertices() {
    // The edge (5,1)–(5,3) and its reverse cancel, so (5, 3) is no vertex (decisions D8),
    // but the hot pixel (5, 1) still captures the long edge.
    let edges = [
        e(p(0, 0), p(10, 1), Operand::First),
        e(p(5, 1), p(5, 3), Operand::First),
        e(p(5, 3), p(5, 1), Operand::First),
    ];
    let (arrangement, stats) = verify(&edges, false, usize::MAX);
    assert_eq!(arrangement.vertices, [p(0, 0), p(5, 1), p(10, 1)]);
    assert_eq!(arrangement.segments, [seg(0, 1, [1, 0]), seg(1, 2, [1, 0])]);
    assert_eq!(stats.hot_pixels, 4);
}

#[test]
fn zero_length_edges_make_no_hot_pixel() {
    let edges = [
        e(p(0, 0), p(10, 1), Operand::First),
        e(p(5, 1), p(5, 1), Operand::Second),
    ];
    let (arrangement, stats) = verify(&edges, false, usize::MAX);
    assert_eq!(arrangement.vertices, [p(0, 0), p(10, 1)]);
    assert_eq!(arrangement.segments, [seg(0, 1, [1, 0])]);
    assert_eq!((stats.unique_edges, stats.hot_pixels), (1, 2));
}

#[test]
fn both_operands_count_for_each() {
    let edges = [
        e(p(3, 0), p(0, 0), Operand::Both),
        e(p(0, 0), p(3, 0), Operand::Second),
        e(p(0, 0), p(0, 2), Operand::Both),
        e(p(0, 2), p(0, 0), Operand::Both),
    ];
    let (arrangement, _) = verify(&edges, false, usize::MAX);
    assert_eq!(arrangement.vertices, [p(0, 0), p(3, 0)]);
    assert_eq!(arrangement.segments, [seg(0, 1, [-1, 0])]);
}

#[test]
fn collinear_overlap_is_split_at_every_endpoint() {
    let edges = [
        e(p(0, 0), p(10, 0), Operand::First),
        e(p(15, 0), p(5, 0), Operand::First),
    ];
    let (arrangement, _) = verify(&edges, false, usize::MAX);
    assert_eq!(arrangement.vertices, [p(0, 0), p(5, 0), p(10, 0), p(15, 0)]);
    assert_eq!(
        arrangement.segments,
        [seg(0, 1, [1, 0]), seg(2, 3, [-1, 0])]
    );
}

#[test]
fn coordinates_beyond_the_limit_are_rejected_with_the_edge_index() {
    let limit = CONSTRUCTION_LIMIT;
    let fine = e(p(-limit, limit), p(limit, -limit), Operand::First);
    assert!(arrange(&[fine]).is_ok());
    let bad = p(3, -limit - 1);
    let edges: [TaggedEdge; 3] = [
        fine,
        e(p(0, 0), p(1, 1), Operand::First),
        e(p(0, 0), bad, Operand::First),
    ];
    assert_eq!(
        arrange(&edges),
        Err(ArrangementError::CoordinateOutOfRange {
            edge: 2,
            point: bad
        })
    );
    let message = arrange(&edges).unwrap_err().to_string();
    assert!(
        message.contains("edge 2") && message.contains("(3, -549755813889)"),
        "{message}"
    );
    // Zero-length edges are validated too, and extreme values never panic.
    let far = p(i64::MIN, i64::MAX);
    assert_eq!(
        arrange(&[e(far, far, Operand::Second)]),
        Err(ArrangementError::CoordinateOutOfRange {
            edge: 0,
            point: far
        })
    );
}

#[test]
fn invariant_checks_catch_broken_arrangements() {
    use onepath_arrangement::{Arrangement, InvariantViolation as V};
    let crossing = Arrangement {
        vertices: vec![p(0, 0), p(0, 2), p(2, 0), p(2, 2)],
        segments: vec![seg(0, 3, [1, 0]), seg(1, 2, [0, 1])],
    };
    assert_eq!(
        crossing.check_invariants(),
        Err(V::ProperCrossing {
            first: 0,
            second: 1
        })
    );
    assert!(matches!(
        crossing.check_balanced(),
        Err(V::Unbalanced {
            vertex: 0,
            operand: 0,
            net: 1
        })
    ));
    let inside = Arrangement {
        vertices: vec![p(0, 0), p(1, 1), p(2, 2), p(3, 0)],
        segments: vec![seg(0, 2, [1, 0]), seg(1, 3, [1, 0])],
    };
    assert_eq!(
        inside.check_invariants(),
        Err(V::VertexInsideSegment {
            vertex: 1,
            segment: 0
        })
    );
    let unsorted = Arrangement {
        vertices: vec![p(1, 0), p(0, 0)],
        segments: vec![seg(0, 1, [1, 0])],
    };
    assert_eq!(
        unsorted.check_invariants(),
        Err(V::VerticesNotSorted { index: 1 })
    );
    let base = vec![p(0, 0), p(1, 0), p(2, 5)];
    let with = |segments: Vec<Segment>| Arrangement {
        vertices: base.clone(),
        segments,
    };
    assert_eq!(
        with(vec![seg(0, 1, [1, 0])]).check_invariants(),
        Err(V::UnusedVertex { vertex: 2 })
    );
    assert_eq!(
        with(vec![seg(1, 0, [1, 0])]).check_invariants(),
        Err(V::SegmentNotAscending { segment: 0 })
    );
    assert_eq!(
        with(vec![seg(0, 3, [1, 0])]).check_invariants(),
        Err(V::VertexOutOfRange { segment: 0 })
    );
    assert_eq!(
        with(vec![seg(0, 1, [0, 0])]).check_invariants(),
        Err(V::ZeroDelta { segment: 0 })
    );
    assert_eq!(
        with(vec![seg(1, 2, [1, 0]), seg(0, 1, [1, 0])]).check_invariants(),
        Err(V::SegmentsNotSorted { segment: 1 })
    );
    let triangle = with(vec![
        seg(0, 1, [1, 0]),
        seg(0, 2, [-1, 0]),
        seg(1, 2, [1, 0]),
    ]);
    assert_eq!(triangle.check_invariants(), Ok(()));
    assert_eq!(triangle.check_balanced(), Ok(()));
}
