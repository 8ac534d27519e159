//! Boolean operations: exact algebra on grid-aligned input, cancellation, order independence.

mod support;

use onepath_build2d::{Geometry2DOptions, Region};
use support::{Rng, random_outlines, rect, scrambled};

fn opts(bits: u32) -> Geometry2DOptions {
    Geometry2DOptions::with_snap_bits(bits)
}

/// Random unions of integer rectangles: every crossing lies on the grid, so the identities of
/// set algebra hold exactly.
fn random_rectangles(rng: &mut Rng) -> Region {
    let outlines: Vec<_> = (0..rng.range(1, 5))
        .map(|_| {
            let (x, y) = (rng.range(-20, 20) as f64, rng.range(-20, 20) as f64);
            let (w, h) = (rng.range(1, 15) as f64, rng.range(1, 15) as f64);
            rect(x, y, x + w, y + h)
        })
        .collect();
    let r = Region::from_outlines(&outlines, &opts(0)).unwrap();
    r.check_invariants().unwrap();
    r
}

#[test]
fn set_algebra_holds_exactly_on_grid_aligned_rectangles() {
    let mut rng = Rng(21);
    for case in 0..300 {
        let a = random_rectangles(&mut rng);
        let b = random_rectangles(&mut rng);
        let union = a.union(&b).unwrap();
        let inter = a.intersection(&b).unwrap();
        let a_minus_b = a.difference(&b).unwrap();
        let b_minus_a = b.difference(&a).unwrap();
        let xor = a.xor(&b).unwrap();
        for r in [&union, &inter, &a_minus_b, &b_minus_a, &xor] {
            r.check_invariants()
                .unwrap_or_else(|e| panic!("case {case}: {e}"));
        }
        assert_eq!(
            union.area2() + inter.area2(),
            a.area2() + b.area2(),
            "case {case}"
        );
        assert_eq!(xor, a_minus_b.union(&b_minus_a).unwrap(), "case {case}");
        assert_eq!(a.union(&a).unwrap(), a, "case {case}");
        assert_eq!(a.intersection(&a).unwrap(), a, "case {case}");
        assert_eq!(union, b.union(&a).unwrap(), "case {case}");
        assert_eq!(inter, b.intersection(&a).unwrap(), "case {case}");
        // A ∩ B lies inside both: removing either leaves nothing.
        assert!(inter.difference(&a).unwrap().is_empty(), "case {case}");
        assert!(inter.difference(&b).unwrap().is_empty(), "case {case}");
        assert_eq!(a_minus_b.area2() + inter.area2(), a.area2(), "case {case}");
    }
}

#[test]
fn a_minus_a_and_a_xor_a_are_empty_for_any_input() {
    let mut rng = Rng(5);
    for case in 0..300 {
        let bits = [0, 4, 16][case % 3];
        let outlines = random_outlines(&mut rng, 3, 100.0, 0.0);
        let a = Region::from_outlines(&outlines, &opts(bits)).unwrap();
        a.check_invariants()
            .unwrap_or_else(|e| panic!("case {case}: {e}"));
        assert!(a.difference(&a).unwrap().is_empty(), "case {case}");
        assert!(a.xor(&a).unwrap().is_empty(), "case {case}");
    }
}

#[test]
fn results_depend_only_on_the_set_of_edges() {
    let mut rng = Rng(99);
    for case in 0..200 {
        let bits = [0, 3, 16][case % 3];
        let a = random_outlines(&mut rng, 4, 60.0, 0.0);
        let b = random_outlines(&mut rng, 2, 60.0, 0.0);
        let ra = Region::from_outlines(&a, &opts(bits)).unwrap();
        let rb = Region::from_outlines(&b, &opts(bits)).unwrap();
        for _ in 0..3 {
            let sa = Region::from_outlines(&scrambled(&mut rng, &a), &opts(bits)).unwrap();
            let sb = Region::from_outlines(&scrambled(&mut rng, &b), &opts(bits)).unwrap();
            assert_eq!(sa, ra, "case {case}");
            assert_eq!(
                sa.union(&sb).unwrap(),
                ra.union(&rb).unwrap(),
                "case {case}"
            );
            assert_eq!(
                sa.difference(&sb).unwrap(),
                ra.difference(&rb).unwrap(),
                "case {case}"
            );
        }
    }
}

#[test]
fn random_operations_give_valid_regions() {
    let mut rng = Rng(1234);
    for case in 0..300 {
        let bits = [0, 2, 8, 16][case % 4];
        let a =
            Region::from_outlines(&random_outlines(&mut rng, 3, 50.0, 0.0), &opts(bits)).unwrap();
        let b =
            Region::from_outlines(&random_outlines(&mut rng, 3, 50.0, 0.0), &opts(bits)).unwrap();
        for (name, r) in [
            ("union", a.union(&b)),
            ("intersection", a.intersection(&b)),
            ("difference", a.difference(&b)),
            ("xor", a.xor(&b)),
        ] {
            let r = r.unwrap();
            r.check_invariants()
                .unwrap_or_else(|e| panic!("case {case} {name}: {e}"));
        }
    }
}

#[test]
fn touching_and_nested_shapes() {
    // Two squares touching at a corner stay two rings.
    let r = Region::from_outlines(&[rect(0., 0., 1., 1.), rect(1., 1., 2., 2.)], &opts(0)).unwrap();
    r.check_invariants().unwrap();
    assert_eq!(r.rings().len(), 2);
    assert_eq!(r.area2(), 4);
    // Duplicate points and a ring retracing itself cancel under even-odd.
    let dup = onepath_build2d::Outline::from_ring([
        [0., 0.],
        [4., 0.],
        [4., 0.],
        [4., 4.],
        [0., 4.],
        [0., 4.],
    ]);
    let r = Region::from_outlines(&[dup], &opts(0)).unwrap();
    assert_eq!(r.area2(), 32);
    // Overlapping outlines unite.
    let r = Region::from_outlines(&[rect(0., 0., 4., 4.), rect(2., 2., 6., 6.)], &opts(0)).unwrap();
    assert_eq!(r.area2(), 2 * 28);
    assert_eq!(r.rings().len(), 1);
    // polygons(): an outer boundary with a hole, and an island inside the hole.
    let o = onepath_build2d::Outline::from_rings([
        vec![[0., 0.], [10., 0.], [10., 10.], [0., 10.]],
        vec![[2., 2.], [8., 2.], [8., 8.], [2., 8.]],
        vec![[4., 4.], [6., 4.], [6., 6.], [4., 6.]],
    ]);
    let r = Region::from_outlines(&[o], &opts(0)).unwrap();
    let polygons = r.polygons();
    assert_eq!(polygons.len(), 2);
    assert_eq!(polygons[0].holes.len(), 1);
    assert_eq!(polygons[1].holes.len(), 0);
}
