//! Near-degenerate input through every public operation (issue #11): near-parallel edges,
//! stars through one pixel, spirals, combs, retraced rings, coordinates at the limits,
//! SnapBits 0, one-unit overlaps and duplicate points. Every output must be valid.

mod support;

use onepath_build2d::{Mesh2DPipeline, Region};
use std::time::Instant;
use support::generators::{Case, adversarial_cases};
use support::{
    Rng, check_arrangement, check_booleans, check_offsets, check_pipeline, checked, snapped_edges,
};

/// The region of a case; adversarial input is always valid input, so it must not fail.
fn region_of(case: &Case) -> Region {
    let r = Region::from_outlines(
        &case.outlines,
        &onepath_build2d::Geometry2DOptions::with_snap_bits(case.snap_bits),
    );
    checked(
        r.unwrap_or_else(|e| panic!("{}: from_outlines: {e}", case.name)),
        &case.name,
    )
}

/// A second operand for a case: the same outlines mirrored in x and shifted by a fraction
/// of a unit, so that edges nearly coincide with the first operand's.
fn mirrored(case: &Case, shift: f64) -> Region {
    let unit = 1.0 / (1u64 << case.snap_bits) as f64;
    let mut outlines = case.outlines.clone();
    for ring in outlines.iter_mut().flat_map(|o| o.rings.iter_mut()) {
        for p in ring.iter_mut() {
            // Mirroring keeps coordinates at the limit within it; the shift stays inside by
            // moving towards the origin.
            p.x = -p.x;
            p.y -= p.y.signum() * shift * unit;
        }
    }
    let options = onepath_build2d::Geometry2DOptions::with_snap_bits(case.snap_bits);
    checked(
        Region::from_outlines(&outlines, &options).expect("mirrored case"),
        &format!("{} (mirrored)", case.name),
    )
}

#[test]
fn from_outlines_is_valid_and_noding_needs_no_repair() {
    for case in adversarial_cases(0xADD5) {
        let region = region_of(&case);
        check_arrangement(
            &snapped_edges(&case.outlines, case.snap_bits),
            &format!("{}: first arrangement", case.name),
        );
        // The union step of from_outlines arranges the resolved rings again.
        check_arrangement(
            &support::binary_edges(&region, &Region::empty(&region.options()).unwrap()),
            &format!("{}: union step", case.name),
        );
        // Resolving the region's own rings again must give a valid region too.
        let again = Region::from_outlines(
            &[onepath_build2d::Outline::new(region.rings_f64())],
            &region.options(),
        );
        checked(
            again.expect("re-resolving a region"),
            &format!("{}: re-resolved", case.name),
        );
    }
}

#[test]
fn every_boolean_operation_is_valid_on_adversarial_pairs() {
    let cases = adversarial_cases(0xB001);
    for (i, case) in cases.iter().enumerate() {
        let a = region_of(case);
        let mut partners = vec![mirrored(case, 0.5), mirrored(case, 0.0)];
        // The next case on the same grid, for unrelated geometry on top.
        if let Some(other) = cases[i + 1..]
            .iter()
            .find(|c| c.snap_bits == case.snap_bits)
        {
            partners.push(region_of(other));
        }
        for (j, b) in partners.iter().enumerate() {
            let what = format!("{} with partner {j}", case.name);
            let ops = check_booleans(&a, b, &what);
            check_arrangement(&support::binary_edges(&a, b), &what);
            // Each boolean result must survive another operation with either operand.
            check_booleans(&ops.xor, &a, &format!("{what}: (a xor b) with a"));
        }
    }
}

#[test]
fn offsets_of_adversarial_regions_are_valid() {
    let mut succeeded = 0;
    for case in adversarial_cases(0x0FF5) {
        let region = region_of(&case);
        let unit = 1.0 / (1u64 << case.snap_bits) as f64;
        let distances = [
            unit,
            -unit,
            2.5 * unit,
            -3.5 * unit,
            40.0 * unit,
            -40.0 * unit,
        ];
        succeeded += check_offsets(&region, &distances, 2.0 * unit, &case.name);
        // Distances far beyond the features make every piece overlap every other, which is
        // quadratic in the vertex count by nature; they run on the small cases only, with
        // a coarse tolerance (octagons). At the limits they must be OutOfRange.
        if region.vertex_count() <= 40 {
            let far = [0.5, -0.25, 1_048_576.0, -1_048_576.0];
            succeeded += check_offsets(&region, &far, 1.0e5, &case.name);
        }
    }
    assert!(succeeded > 100, "only {succeeded} offsets succeeded");
}

#[test]
fn pipeline_shrink_and_build_of_adversarial_regions_are_valid() {
    let mut rng = Rng::new(0x5EED);
    let mut built = 0;
    for case in adversarial_cases(0x9199) {
        let region = region_of(&case);
        let unit = 1.0 / (1u64 << case.snap_bits) as f64;
        // A radius far beyond the features is quadratic by nature (see the offsets above).
        let big = if region.vertex_count() <= 40 {
            0.5
        } else {
            40.0 * unit
        };
        for radius in [0.0, unit, 3.0 * unit, big] {
            let pipeline = Mesh2DPipeline {
                cell_size: rng.pick(&[unit, 8.0 * unit, 1.0]),
                agent_radius: radius,
                max_vertices_per_polygon: 3 + rng.below(14),
            };
            built += usize::from(check_pipeline(&region, &pipeline, &case.name).is_some());
        }
    }
    assert!(built > 100, "only {built} meshes were built");
}

#[test]
fn adversarial_suite_reports_its_size() {
    // Keeps the case list honest: every family of issue #11 is present.
    let start = Instant::now();
    let cases = adversarial_cases(1);
    let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    for family in [
        "near-parallel",
        "star",
        "through one pixel",
        "spiral",
        "comb",
        "SnapBits 0",
        "retraced",
        "limits at SnapBits 0",
        "limits at SnapBits 16",
        "overlapping by one unit",
        "duplicate points",
    ] {
        assert!(
            names.iter().any(|n| n.contains(family)),
            "family {family} is missing"
        );
    }
    println!(
        "{} adversarial cases generated in {:?}",
        cases.len(),
        start.elapsed()
    );
}
