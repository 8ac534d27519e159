//! The circumscribed m-gon of decision D10: unit vectors, the choice of m, the tolerance
//! rule, and the rounded m-gons of the round offset (never inside the circle, at most the
//! tolerance outside it, the same offsets for every centre).

use crate::common::Rng;
use onepath_offset::{
    GridPoint, VERTEX_COUNTS, choose_m, effective_tolerance, half_angle_table,
    pipeline_arc_tolerance, round_offset_polygons, unit_vectors,
};

/// Relative float error allowed when the test itself measures distances in f64: the
/// recurrence and the test's own arithmetic each lose a few ulps per step, far below this.
const RELATIVE_FLOAT_ERROR: f64 = 1e-12;

/// The distance from the origin to the line through `p` and `q`, in f64.
fn line_distance(p: [f64; 2], q: [f64; 2]) -> f64 {
    (p[0] * q[1] - p[1] * q[0]).abs() / (q[0] - p[0]).hypot(q[1] - p[1])
}

#[test]
fn half_angle_table_starts_from_the_four_gon() {
    let square = half_angle_table(4);
    assert_eq!((square.cos_step, square.sin_step), (0.0, 1.0));
    assert_eq!(square.cos_half_step, 0.5_f64.sqrt());
    let octagon = half_angle_table(8);
    assert_eq!(octagon.cos_step, square.cos_half_step);
    assert_eq!(octagon.sin_step, square.sin_half_step);
    for m in VERTEX_COUNTS {
        let angles = half_angle_table(m);
        let angle = std::f64::consts::PI / f64::from(m);
        assert!((angles.cos_half_step - angle.cos()).abs() < 1e-15, "m {m}");
        assert!((angles.sin_half_step - angle.sin()).abs() < 1e-15, "m {m}");
        assert!(
            (angles.cos_step - (2.0 * angle).cos()).abs() < 1e-15,
            "m {m}"
        );
    }
}

#[test]
#[should_panic(expected = "power of two")]
fn half_angle_table_rejects_other_vertex_counts() {
    half_angle_table(12);
}

#[test]
fn unit_vectors_are_unit_and_counter_clockwise() {
    for m in VERTEX_COUNTS {
        let units = unit_vectors(m);
        assert_eq!(units.len(), m as usize);
        assert_eq!(units[0], {
            let a = half_angle_table(m);
            [a.cos_half_step, a.sin_half_step]
        });
        for (k, u) in units.iter().enumerate() {
            let angle = std::f64::consts::PI * (2 * k + 1) as f64 / f64::from(m);
            assert!((u[0] - angle.cos()).abs() < 1e-13, "m {m} k {k}");
            assert!((u[1] - angle.sin()).abs() < 1e-13, "m {m} k {k}");
        }
        assert_eq!(unit_vectors(m), units, "repeated calls give the same bits");
    }
}

#[test]
fn choose_m_takes_the_least_count_within_tolerance() {
    let mut rng = Rng::new(7);
    for _ in 0..2000 {
        let r = (rng.unit() * 36.0).exp2();
        let tol = (rng.unit() * 20.0).exp2();
        let m = choose_m(r, tol);
        let excess = |m: u32| r / half_angle_table(m).cos_half_step - r;
        if m < 256 {
            assert!(excess(m) <= tol, "r {r} tol {tol} m {m}");
        }
        if m > 8 {
            assert!(excess(m / 2) > tol, "r {r} tol {tol}: {} was enough", m / 2);
        }
    }
    assert_eq!(choose_m(f64::NAN, 1.0), 256);
}

#[test]
fn effective_tolerance_follows_d10() {
    assert_eq!(effective_tolerance(5.0, 1e6).unwrap(), 5.0);
    assert_eq!(effective_tolerance(1.0, 1e6).unwrap(), 1.0);
    assert_eq!(effective_tolerance(0.5, 1280.0).unwrap(), 10.0);
    assert_eq!(effective_tolerance(0.0, 64.0).unwrap(), 1.0);
}

#[test]
fn pipeline_arc_tolerance_follows_the_pipeline_rule() {
    // A quarter cell, raised to 0.0825 r, never above half a cell.
    assert_eq!(pipeline_arc_tolerance(0.25, 0.1), 0.0625);
    assert_eq!(pipeline_arc_tolerance(0.25, 1.0), 0.0825);
    assert_eq!(pipeline_arc_tolerance(0.25, 10.0), 0.125);
}

#[test]
fn mgon_lies_between_the_circle_and_the_tolerance() {
    let mut rng = Rng::new(11);
    for _ in 0..500 {
        let r = (rng.unit() * 36.0).exp2();
        let tol = effective_tolerance((rng.unit() * 16.0 - 2.0).exp2(), r).unwrap();
        let m = choose_m(r, tol);
        let circumradius = r / half_angle_table(m).cos_half_step;
        let offsets: Vec<[f64; 2]> = unit_vectors(m)
            .iter()
            .map(|u| [circumradius * u[0], circumradius * u[1]])
            .collect();
        for k in 0..offsets.len() {
            let (p, q) = (offsets[k], offsets[(k + 1) % offsets.len()]);
            let distance = line_distance(p, q);
            assert!(
                distance >= r * (1.0 - RELATIVE_FLOAT_ERROR),
                "r {r} m {m} edge {k} at {distance}"
            );
            if m < 256 {
                let outside = p[0].hypot(p[1]) - r;
                assert!(
                    outside <= tol + r * RELATIVE_FLOAT_ERROR,
                    "r {r} m {m} vertex {k}"
                );
            }
        }
    }
}

#[test]
fn rounded_mgons_stay_within_one_unit_and_share_offsets() {
    let mut rng = Rng::new(13);
    for _ in 0..100 {
        let r = rng.range(1, 1 << 20) as f64 + rng.unit();
        let tol = rng.range(1, 2000) as f64;
        let m = choose_m(r, tol);
        let circumradius = r / half_angle_table(m).cos_half_step;
        let units = unit_vectors(m);
        let span = 1 << 30;
        let triangle: Vec<GridPoint> = (0..3)
            .map(|_| GridPoint::new(rng.range(-span, span), rng.range(-span, span)))
            .collect();
        let limit = 1 << 37;
        let polygons =
            round_offset_polygons(std::slice::from_ref(&triangle), r, tol, limit).unwrap();
        assert_eq!(
            polygons,
            round_offset_polygons(std::slice::from_ref(&triangle), r, tol, limit).unwrap()
        );
        let mut centres = triangle.clone();
        centres.sort();
        centres.dedup();
        assert_eq!(polygons.len(), 3 + centres.len());
        for (centre, mgon) in centres.iter().zip(&polygons[3..]) {
            assert_eq!(mgon.len(), m as usize);
            for (k, p) in mgon.iter().enumerate() {
                let exact = [circumradius * units[k][0], circumradius * units[k][1]];
                let offset = [(p.x - centre.x) as f64, (p.y - centre.y) as f64];
                // D10: the centre plus the scaled unit vector, rounded once.
                let expected_x = (centre.x as f64 + circumradius * units[k][0]).round_ties_even();
                let expected_y = (centre.y as f64 + circumradius * units[k][1]).round_ties_even();
                assert_eq!((p.x as f64, p.y as f64), (expected_x, expected_y));
                // Each coordinate is rounded once, so it moves by at most half a unit.
                assert!((offset[0] - exact[0]).abs() <= 0.5 && (offset[1] - exact[1]).abs() <= 0.5);
                // Relative to the centre, the rounded offset is the rounded exact offset,
                // up to one unit where the sum with the centre rounds a near-tie.
                assert!((offset[0] - exact[0].round_ties_even()).abs() <= 1.0);
                assert!((offset[1] - exact[1].round_ties_even()).abs() <= 1.0);
                let q = mgon[(k + 1) % mgon.len()];
                let next = [(q.x - centre.x) as f64, (q.y - centre.y) as f64];
                assert!(
                    line_distance(offset, next) >= r - 1.0,
                    "edge {k} inside the circle"
                );
                assert!(offset[0].hypot(offset[1]) <= circumradius + 1.0);
            }
        }
    }
}
