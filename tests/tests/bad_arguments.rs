//! Bad arguments of the mesh operations (vertex limits, offsets, the pipeline) and empty
//! input give their specific errors or the empty result, and none panics. The table of
//! docs/testing.md lists them with the outline and tile-map cases of bad_input.rs.

use onepath_build2d::{
    Error, Geometry2DOptions, Join, Location, Mesh2DPipeline, Outline, Region, Vector2D,
};

const LIMIT: f64 = 2_097_152.0;

fn opts(bits: u32) -> Geometry2DOptions {
    Geometry2DOptions::with_snap_bits(bits)
}

fn square() -> Region {
    let ring = vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
    Region::from_outlines(&[Outline::from_ring(ring)], &opts(16)).expect("square")
}

#[test]
fn vertex_limits_outside_3_to_16_are_rejected_everywhere() {
    let region = square();
    let triangulation = region.triangulate().expect("triangulation");
    let bad = |e: Error| {
        matches!(
            e,
            Error::InvalidArgument {
                location: Location::Argument("max_vertices_per_polygon"),
                ..
            }
        )
    };
    for max in [0, 1, 2, 17, 64, usize::MAX] {
        assert!(bad(region.partition_convex(max).unwrap_err()), "{max}");
        assert!(
            bad(triangulation.partition_convex(max).unwrap_err()),
            "{max}"
        );
        let pipeline = Mesh2DPipeline {
            max_vertices_per_polygon: max,
            ..Mesh2DPipeline::new(1.0, 0.5)
        };
        assert!(bad(pipeline.build(&region).unwrap_err()), "{max}");
    }
    for max in 3..=16 {
        assert!(region.partition_convex(max).is_ok());
    }
}

#[test]
fn offset_distances_and_tolerances_out_of_range_are_named_distance_first() {
    let region = square();
    let far = 1_048_576.0f64;
    for d in [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        far.next_up(),
        -far.next_up(),
        1e300,
    ] {
        for join in [Join::Round, Join::Square] {
            // A bad tolerance as well: the distance is reported.
            let err = region.offset(d, join, f64::NAN).unwrap_err();
            assert!(
                matches!(
                    err,
                    Error::OutOfRange {
                        location: Location::Argument("distance"),
                        ..
                    }
                ),
                "{d}: {err:?}"
            );
        }
    }
    for t in [f64::NAN, -1e-9, f64::NEG_INFINITY, f64::INFINITY] {
        let err = region.offset(1.0, Join::Round, t).unwrap_err();
        assert!(
            matches!(
                err,
                Error::InvalidArgument {
                    location: Location::Argument("arc_tolerance"),
                    ..
                }
            ),
            "{t}"
        );
    }
    // The largest distance is valid on a small region; near the coordinate limit the
    // geometry leaves 2^21 + 2^20 and the offending point is named.
    assert!(
        region
            .offset(-far, Join::Round, 1000.0)
            .expect("shrink")
            .is_empty()
    );
    let edge = Region::from_outlines(
        &[Outline::from_ring([
            (LIMIT, LIMIT),
            (LIMIT - 1.0, LIMIT),
            (LIMIT, LIMIT - 1.0),
        ])],
        &opts(16),
    )
    .expect("edge");
    let grown = edge
        .offset(far, Join::Square, 0.0)
        .expect("within the limit");
    let err = grown.offset(1.0, Join::Round, 0.0).unwrap_err();
    assert!(
        matches!(
            err,
            Error::OutOfRange {
                location: Location::OffsetPoint { .. },
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn agent_radii_and_pipeline_cell_sizes_out_of_range_are_named() {
    let region = square();
    let arg = |e: Error| match e {
        Error::InvalidArgument {
            location: Location::Argument(a),
            ..
        } => ("invalid", a),
        Error::OutOfRange {
            location: Location::Argument(a),
            ..
        } => ("range", a),
        other => panic!("{other:?}"),
    };
    for r in [f64::NAN, -1e-300, -1.0, f64::NEG_INFINITY, f64::INFINITY] {
        let p = Mesh2DPipeline::new(1.0, r);
        assert_eq!(
            arg(p.shrink(&region).unwrap_err()),
            ("invalid", "agent_radius"),
            "{r}"
        );
        assert_eq!(
            arg(p.build(&region).unwrap_err()),
            ("invalid", "agent_radius"),
            "{r}"
        );
    }
    let p = Mesh2DPipeline::new(1.0, 1_048_576.0f64.next_up());
    assert_eq!(
        arg(p.build(&region).unwrap_err()),
        ("range", "agent_radius")
    );
    for c in [0.0, -0.0, -2.0, f64::NAN, f64::INFINITY] {
        let p = Mesh2DPipeline::new(c, 0.5);
        assert_eq!(
            arg(p.build(&region).unwrap_err()),
            ("invalid", "cell_size"),
            "{c}"
        );
    }
    // A negative zero radius is a zero radius: the region comes back unchanged.
    assert_eq!(
        Mesh2DPipeline::new(1.0, -0.0).shrink(&region).expect("-0"),
        region
    );
}

#[test]
fn empty_input_is_the_empty_region_everywhere() {
    for bits in [0, 16] {
        let empty = Region::from_outlines(&[Outline::default()], &opts(bits)).expect("no rings");
        assert!(empty.is_empty() && empty.check_invariants().is_ok());
        assert!(
            Region::from_tile_map(&[], 0, 7, 1.0, Vector2D::default(), &opts(bits))
                .expect("0 x 7")
                .is_empty()
        );
        let pipeline = Mesh2DPipeline::new(1.0, 0.5);
        let mesh = pipeline.build(&empty).expect("empty mesh");
        assert!(mesh.polygons().is_empty() && mesh.check_invariants().is_ok());
        assert!(
            empty
                .offset(3.0, Join::Round, 0.0)
                .expect("offset")
                .is_empty()
        );
        assert!(empty.triangulate().expect("triangulate").is_empty());
    }
}
