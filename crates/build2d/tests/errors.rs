//! Every bad input gives its specific error, in the order of decisions D9; none panics.

use onepath_build2d::{Axis, Error, Geometry2DOptions, Location, Outline, Region, Vector2D};

fn square(x: f64) -> Vec<Vector2D> {
    vec![
        [x, 0.].into(),
        [x + 1., 0.].into(),
        [x + 1., 1.].into(),
        [x, 1.].into(),
    ]
}

fn opts() -> Geometry2DOptions {
    Geometry2DOptions::default()
}

#[test]
fn coordinates_must_be_finite_and_within_2_pow_21() {
    for bad in [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        2_097_152.5,
        -3e6,
    ] {
        let mut ring = square(0.);
        ring[2].y = bad;
        let outlines = [
            Outline::new(vec![square(5.)]),
            Outline::new(vec![square(0.), ring]),
        ];
        let err = Region::from_outlines(&outlines, &opts()).unwrap_err();
        let Error::OutOfRange { location, message } = &err else {
            panic!("{err:?}")
        };
        assert_eq!(
            *location,
            Location::Vertex {
                outline: 1,
                ring: 1,
                vertex: 2,
                axis: Axis::Y
            }
        );
        assert!(
            err.to_string()
                .starts_with("outline 1, ring 1, vertex 2 (y): "),
            "{err}"
        );
        assert!(!message.is_empty());
    }
    // Exactly 2^21 is allowed.
    let edge = vec![Outline::from_ring([
        [2_097_152., 0.],
        [2_097_152., 1.],
        [2_097_151., 1.],
    ])];
    assert!(Region::from_outlines(&edge, &opts()).is_ok());
}

#[test]
fn x_is_checked_before_y_and_count_before_coordinates() {
    let ring = vec![
        Vector2D::new(f64::NAN, f64::NAN),
        [1., 0.].into(),
        [1., 1.].into(),
    ];
    let err = Region::from_outlines(&[Outline::new(vec![ring])], &opts()).unwrap_err();
    assert!(matches!(
        err,
        Error::OutOfRange {
            location: Location::Vertex { axis: Axis::X, .. },
            ..
        }
    ));
    let short = vec![Vector2D::new(f64::NAN, 0.), [1., 0.].into()];
    let err = Region::from_outlines(&[Outline::new(vec![short])], &opts()).unwrap_err();
    assert_eq!(
        err,
        Error::InvalidArgument {
            location: Location::Ring {
                outline: 0,
                ring: 0
            },
            message: "a ring needs at least 3 vertices, this one has 2".into()
        }
    );
}

#[test]
fn snap_bits_are_checked_first() {
    let bad = Outline::new(vec![vec![Vector2D::new(f64::NAN, 0.)]]);
    let err = Region::from_outlines(&[bad], &Geometry2DOptions::with_snap_bits(17)).unwrap_err();
    assert!(
        matches!(
            err,
            Error::InvalidArgument {
                location: Location::Argument("snap_bits"),
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn outlines_that_snap_to_nothing_are_the_empty_region() {
    let tiny = Outline::from_ring([[0.0, 0.0], [0.1, 0.0], [0.1, 0.1]]);
    let r = Region::from_outlines(&[tiny], &Geometry2DOptions::with_snap_bits(0)).unwrap();
    assert!(r.is_empty());
    assert!(Region::from_outlines(&[], &opts()).unwrap().is_empty());
}

#[test]
fn mixed_snap_bits_are_an_error() {
    let a = Region::from_outlines(&[Outline::new(vec![square(0.)])], &opts()).unwrap();
    let b = Region::from_outlines(
        &[Outline::new(vec![square(0.)])],
        &Geometry2DOptions::with_snap_bits(8),
    )
    .unwrap();
    for result in [a.union(&b), a.intersection(&b), a.difference(&b), a.xor(&b)] {
        assert_eq!(
            result.unwrap_err(),
            Error::SnapBitsMismatch { left: 16, right: 8 }
        );
    }
}

#[test]
fn tile_map_arguments() {
    let o = Vector2D::new(0., 0.);
    let err = Region::from_tile_map(&[true; 5], 2, 3, 1.0, o, &opts()).unwrap_err();
    assert!(matches!(
        err,
        Error::InvalidArgument {
            location: Location::Argument("cells"),
            ..
        }
    ));
    let err = Region::from_tile_map(&[true; 6], usize::MAX, 2, 1.0, o, &opts()).unwrap_err();
    assert!(matches!(
        err,
        Error::InvalidArgument {
            location: Location::Argument("cells"),
            ..
        }
    ));
    for size in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e-6] {
        let err = Region::from_tile_map(&[true; 6], 2, 3, size, o, &opts()).unwrap_err();
        assert!(
            matches!(
                err,
                Error::InvalidArgument {
                    location: Location::Argument("cell_size"),
                    ..
                }
            ),
            "{size}"
        );
    }
    // Grid lines are checked even where no cell is true, and before "empty".
    let err = Region::from_tile_map(&[false; 6], 2, 3, 1e6, o, &opts()).unwrap_err();
    assert!(
        matches!(
            err,
            Error::OutOfRange {
                location: Location::GridLine {
                    axis: Axis::Y,
                    index: 3
                },
                ..
            }
        ),
        "{err}"
    );
    let err = Region::from_tile_map(&[true; 6], 2, 3, 1.0, Vector2D::new(0., f64::NAN), &opts())
        .unwrap_err();
    assert!(matches!(
        err,
        Error::OutOfRange {
            location: Location::GridLine {
                axis: Axis::Y,
                index: 0
            },
            ..
        }
    ));
    // A cell size of about one grid unit can snap two lines together.
    let unit = 1.0 / 65536.0;
    // Lines at 1.5 and 2.5 grid units both round (ties to even) to 2.
    let err = Region::from_tile_map(
        &[true; 4],
        4,
        1,
        unit,
        Vector2D::new(1.5 * unit, 0.),
        &opts(),
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            Error::InvalidArgument {
                location: Location::GridLine {
                    axis: Axis::X,
                    index: 1
                },
                ..
            }
        ),
        "{err}"
    );
    assert!(
        Region::from_tile_map(&[], 0, 0, 1.0, o, &opts())
            .unwrap()
            .is_empty()
    );
    assert!(
        Region::from_tile_map(&[false; 6], 2, 3, 1.0, o, &opts())
            .unwrap()
            .is_empty()
    );
}

#[test]
fn arguments_that_overflow_in_grid_units_are_out_of_range() {
    let region = Region::from_outlines(&[Outline::new(vec![square(0.)])], &opts()).unwrap();
    let out_of_range = |err: Error, name: &str| {
        matches!(
            err,
            Error::OutOfRange {
                location: Location::Argument(n),
                ..
            } if n == name
        )
    };
    // 1e304 * 2^16 overflows; on SnapBits 0 the same value is finite and accepted.
    let err = region
        .offset(1.0, onepath_build2d::Join::Round, 1e304)
        .unwrap_err();
    assert!(out_of_range(err, "arc_tolerance"));
    let coarse = Geometry2DOptions::with_snap_bits(0);
    let coarse_region = Region::from_outlines(&[Outline::new(vec![square(0.)])], &coarse).unwrap();
    assert!(
        coarse_region
            .offset(1.0, onepath_build2d::Join::Round, 1e304)
            .is_ok()
    );
    for cell_size in [2e304, 1.7e308] {
        let pipeline = onepath_build2d::Mesh2DPipeline::new(cell_size, 1.0);
        assert!(out_of_range(
            pipeline.shrink(&region).unwrap_err(),
            "cell_size"
        ));
        assert!(out_of_range(
            pipeline.build(&region).unwrap_err(),
            "cell_size"
        ));
    }
}
