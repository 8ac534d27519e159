//! Every bad argument gives its error, and points past the coordinate limit are named.

use crate::common::ring;
use onepath_offset::{
    GridPoint, OffsetError, effective_tolerance, piece_edges, round_offset_polygons, shrink_edges,
    square_offset_polygons,
};
use onepath_predicates::CONSTRUCTION_LIMIT;

const LIMIT: i64 = 1000;

fn square() -> Vec<GridPoint> {
    ring(&[(0, 0), (100, 0), (100, 100), (0, 100)])
}

#[test]
fn bad_radius_is_rejected_by_every_operation() {
    for radius in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0] {
        let rings = [square()];
        let check = |result: Result<Vec<[GridPoint; 2]>, OffsetError>| match result {
            Err(OffsetError::InvalidRadius { radius: got }) => {
                assert_eq!(got.to_bits(), radius.to_bits());
            }
            other => panic!("radius {radius}: {other:?}"),
        };
        check(round_offset_polygons(&rings, radius, 1.0, LIMIT).map(|p| piece_edges(&p)));
        check(square_offset_polygons(&rings, radius, LIMIT).map(|p| piece_edges(&p)));
        check(shrink_edges(&rings, radius, 1.0, LIMIT));
    }
}

#[test]
fn bad_arc_tolerance_is_rejected() {
    for tolerance in [f64::NAN, f64::INFINITY, -0.5] {
        let expected = |result: Result<_, OffsetError>| {
            assert!(
                matches!(result, Err(OffsetError::InvalidArcTolerance { arc_tolerance }) if arc_tolerance.to_bits() == tolerance.to_bits()),
                "tolerance {tolerance}"
            );
        };
        expected(effective_tolerance(tolerance, 10.0).map(|_| Vec::new()));
        expected(
            round_offset_polygons(&[square()], 5.0, tolerance, LIMIT).map(|p| piece_edges(&p)),
        );
        expected(shrink_edges(&[square()], 5.0, tolerance, LIMIT));
    }
}

#[test]
fn bad_limit_is_rejected() {
    for limit in [-1, CONSTRUCTION_LIMIT + 1, i64::MAX] {
        let expected = Err(OffsetError::InvalidLimit {
            limit,
            max: CONSTRUCTION_LIMIT,
        });
        assert_eq!(
            round_offset_polygons(&[square()], 5.0, 1.0, limit).map(|p| piece_edges(&p)),
            expected
        );
        assert_eq!(
            square_offset_polygons(&[square()], 5.0, limit).map(|p| piece_edges(&p)),
            expected
        );
        assert_eq!(shrink_edges(&[square()], 5.0, 1.0, limit), expected);
    }
}

#[test]
fn input_vertex_beyond_the_limit_is_named() {
    let rings = [square(), ring(&[(0, 0), (5, 0), (5, -1001)])];
    let expected = Err(OffsetError::VertexBeyondLimit {
        ring: 1,
        vertex: 2,
        point: GridPoint::new(5, -1001),
        limit: LIMIT,
    });
    assert_eq!(
        round_offset_polygons(&rings, 5.0, 1.0, LIMIT).map(|p| piece_edges(&p)),
        expected
    );
    assert_eq!(
        square_offset_polygons(&rings, 5.0, LIMIT).map(|p| piece_edges(&p)),
        expected
    );
    assert_eq!(shrink_edges(&rings, 5.0, 1.0, LIMIT), expected);
    let message = round_offset_polygons(&rings, 5.0, 1.0, LIMIT)
        .map(|p| piece_edges(&p))
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("ring 1 vertex 2 at (5, -1001)"),
        "{message}"
    );
}

#[test]
fn piece_point_beyond_the_limit_is_named() {
    let near_edge = [ring(&[(900, 0), (990, 0), (990, 90), (900, 90)])];
    // Round: the first rectangle's third corner (990, 0) + 20 (0, 1) is inside, but the
    // second rectangle's first corner (990, 0) - 20 (-1, 0) = (1010, 0) is not.
    assert_eq!(
        round_offset_polygons(&near_edge, 20.0, 1.0, LIMIT).map(|p| piece_edges(&p)),
        Err(OffsetError::PointBeyondLimit {
            x: 1010.0,
            y: 0.0,
            limit: LIMIT
        })
    );
    // Square: the first square corner beyond is (990, 0) + (20, -20).
    assert_eq!(
        square_offset_polygons(&near_edge, 20.0, LIMIT).map(|p| piece_edges(&p)),
        Err(OffsetError::PointBeyondLimit {
            x: 1010.0,
            y: -20.0,
            limit: LIMIT
        })
    );
    // Shrink: only the interior side is swept, so radius 20 stays inside; radius 2000
    // pushes the first edge's far corner a' = (900, 0) + 2000 (0, 1) out.
    assert!(shrink_edges(&near_edge, 20.0, 1.0, LIMIT).is_ok());
    let err = shrink_edges(&near_edge, 2000.0, 1.0, LIMIT).unwrap_err();
    assert_eq!(
        err,
        OffsetError::PointBeyondLimit {
            x: 900.0,
            y: 2000.0,
            limit: LIMIT
        }
    );
    assert_eq!(
        err.to_string(),
        "the offset point (900, 2000) lies beyond the coordinate limit ±1000 grid units"
    );
}

#[test]
fn huge_radius_is_reported_not_wrapped() {
    let err = round_offset_polygons(&[square()], 1e300, 1.0, LIMIT)
        .map(|p| piece_edges(&p))
        .unwrap_err();
    assert!(
        matches!(err, OffsetError::PointBeyondLimit { .. }),
        "{err:?}"
    );
    let err = square_offset_polygons(&[square()], 1e300, LIMIT)
        .map(|p| piece_edges(&p))
        .unwrap_err();
    assert!(
        matches!(err, OffsetError::PointBeyondLimit { .. }),
        "{err:?}"
    );
    let err = shrink_edges(&[square()], 1e300, 1.0, LIMIT).unwrap_err();
    assert!(
        matches!(err, OffsetError::PointBeyondLimit { .. }),
        "{err:?}"
    );
}
