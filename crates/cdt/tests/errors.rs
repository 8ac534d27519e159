//! Every kind of bad input gives its error (never a panic), and the noding errors agree with
//! an independent brute-force noding check on random constraint sets.

mod common;

use common::{Rng, is_noded};
use onepath_cdt::{CDT_COORDINATE_LIMIT, Cdt, CdtError};
use onepath_predicates::GridPoint;

fn pts(list: &[(i64, i64)]) -> Vec<GridPoint> {
    list.iter().copied().map(GridPoint::from).collect()
}

#[test]
fn bad_points() {
    let err = Cdt::new(&pts(&[(1, 0), (0, 0)]), &[]).unwrap_err();
    assert_eq!(err, CdtError::UnsortedPoints { index: 1 });
    let err = Cdt::new(&pts(&[(0, 0), (0, 1), (0, 1)]), &[]).unwrap_err();
    assert_eq!(err, CdtError::DuplicatePoint { index: 2 });
    let far = CDT_COORDINATE_LIMIT + 1;
    let err = Cdt::new(&pts(&[(0, 0), (0, far)]), &[]).unwrap_err();
    assert_eq!(
        err,
        CdtError::CoordinateOutOfRange {
            index: 1,
            x: 0,
            y: far
        }
    );
    let err = Cdt::new(&pts(&[(-far, 0)]), &[]).unwrap_err();
    assert!(matches!(
        err,
        CdtError::CoordinateOutOfRange { index: 0, .. }
    ));
    assert!(err.to_string().contains("point 0"));
    // The limit itself is allowed.
    let corners = pts(&[
        (-CDT_COORDINATE_LIMIT, -CDT_COORDINATE_LIMIT),
        (-CDT_COORDINATE_LIMIT, CDT_COORDINATE_LIMIT),
        (CDT_COORDINATE_LIMIT, -CDT_COORDINATE_LIMIT),
        (CDT_COORDINATE_LIMIT, CDT_COORDINATE_LIMIT),
    ]);
    let cdt = Cdt::new(&corners, &[[0, 3], [1, 2]]).unwrap_err();
    assert!(matches!(cdt, CdtError::CrossingConstraints { .. }));
    Cdt::new(&corners, &[[0, 3]])
        .expect("the limit is inside")
        .check_invariants()
        .expect("valid");
}

#[test]
fn bad_constraint_indices() {
    let points = pts(&[(0, 0), (0, 1), (1, 0)]);
    let err = Cdt::new(&points, &[[0, 1], [0, 5]]).unwrap_err();
    assert_eq!(
        err,
        CdtError::IndexOutOfRange {
            constraint: 1,
            vertex: 5,
            count: 3
        }
    );
    let err = Cdt::new(&points, &[[0, 1], [2, 2]]).unwrap_err();
    assert_eq!(
        err,
        CdtError::ZeroLength {
            constraint: 1,
            vertex: 2
        }
    );
    assert!(err.to_string().contains("constraint 1"));
}

#[test]
fn constraint_through_a_neighbouring_vertex() {
    let points = pts(&[(0, 0), (1, 1), (2, 2), (3, 0)]);
    let err = Cdt::new(&points, &[[0, 3], [2, 0]]).unwrap_err();
    assert_eq!(
        err,
        CdtError::ThroughVertex {
            constraint: 1,
            from: 0,
            to: 2,
            vertex: 1
        }
    );
}

#[test]
fn constraint_through_a_distant_vertex() {
    // The point (10, 0) lies on (0, 0)-(20, 0) behind a fan of points that the walk crosses.
    let mut list = vec![(0, 0), (10, 0), (20, 0)];
    for x in [3, 6, 14, 17] {
        list.extend([(x, 1), (x, -1)]);
    }
    let mut points = pts(&list);
    points.sort_unstable();
    let index = |p: (i64, i64)| points.binary_search(&GridPoint::from(p)).unwrap() as u32;
    let (a, mid, b) = (index((0, 0)), index((10, 0)), index((20, 0)));
    let err = Cdt::new(&points, &[[b, a]]).unwrap_err();
    assert_eq!(
        err,
        CdtError::ThroughVertex {
            constraint: 0,
            from: a,
            to: b,
            vertex: mid
        }
    );
}

#[test]
fn crossing_constraints() {
    let points = pts(&[(0, 0), (0, 2), (2, 0), (2, 2)]);
    // (0, 3) is inserted first (lexicographic order), so constraint 0 = (1, 2) crosses it.
    let err = Cdt::new(&points, &[[2, 1], [0, 3]]).unwrap_err();
    assert_eq!(
        err,
        CdtError::CrossingConstraints {
            constraint: 0,
            from: 1,
            to: 2,
            other: 1,
            other_from: 0,
            other_to: 3
        }
    );
    assert!(err.to_string().contains("crosses constraint 1"));
}

#[test]
fn noding_errors_agree_with_brute_force() {
    let mut rng = Rng(4);
    let (mut ok, mut rejected) = (0, 0);
    for _ in 0..400 {
        let mut points: Vec<GridPoint> = (0..rng.range_half_open(3, 40))
            .map(|_| GridPoint::new(rng.range_half_open(0, 12), rng.range_half_open(0, 12)))
            .collect();
        points.sort_unstable();
        points.dedup();
        let n = points.len() as i64;
        let constraints: Vec<[u32; 2]> = (0..rng.range_half_open(1, 6))
            .map(|_| {
                [
                    rng.range_half_open(0, n) as u32,
                    rng.range_half_open(0, n) as u32,
                ]
            })
            .filter(|[a, b]| a != b)
            .collect();
        match Cdt::new(&points, &constraints) {
            Ok(cdt) => {
                assert!(is_noded(&points, &constraints), "accepted {constraints:?}");
                cdt.check_invariants().expect("invariants");
                ok += 1;
            }
            Err(CdtError::ThroughVertex { .. } | CdtError::CrossingConstraints { .. }) => {
                assert!(!is_noded(&points, &constraints), "rejected {constraints:?}");
                rejected += 1;
            }
            Err(other) => panic!("unexpected error {other}"),
        }
    }
    assert!(
        ok > 50 && rejected > 50,
        "{ok} accepted, {rejected} rejected"
    );
}
