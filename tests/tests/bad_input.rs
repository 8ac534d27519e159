//! Every kind of bad input gives its specific error naming the place (decisions D5, D9),
//! at random positions and on every grid, and none panics. docs/testing.md has the table of
//! bad inputs, their errors and the tests (here and in crates/build2d/tests).

mod support;

use onepath_build2d::{
    Axis, Error, Geometry2DOptions, Location, Mesh2DPipeline, Outline, Region, Vector2D,
};
use support::Rng;
use support::generators::random_ring;

const LIMIT: f64 = 2_097_152.0;

fn opts(bits: u32) -> Geometry2DOptions {
    Geometry2DOptions::with_snap_bits(bits)
}

/// Random valid outlines (user coordinates within ±64) on the grid of `bits`.
fn valid_outlines(rng: &mut Rng, bits: u32) -> Vec<Outline> {
    (0..1 + rng.below(3))
        .map(|_| {
            let rings = (0..1 + rng.below(3))
                .map(|_| {
                    let len = 3 + rng.below(5);
                    random_ring(rng, len, 64 << bits, true)
                })
                .collect::<Vec<_>>();
            support::outline(&rings, bits)
        })
        .collect()
}

fn square() -> Region {
    let ring = vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
    Region::from_outlines(&[Outline::from_ring(ring)], &opts(16)).expect("square")
}

#[test]
fn a_bad_coordinate_is_named_by_outline_ring_vertex_and_axis_wherever_it_is() {
    let mut rng = Rng::new(0xBAD1);
    let bad = [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        LIMIT.next_up(),
        -1.5 * LIMIT,
        1e300,
    ];
    for case in 0..300 {
        let bits = rng.below(17) as u32;
        let mut outlines = valid_outlines(&mut rng, bits);
        let o = rng.below(outlines.len());
        let r = rng.below(outlines[o].rings.len());
        let v = rng.below(outlines[o].rings[r].len());
        let axis = if rng.probability(0.5) {
            Axis::X
        } else {
            Axis::Y
        };
        let value = rng.pick(&bad);
        let p = &mut outlines[o].rings[r][v];
        match axis {
            Axis::X => p.x = value,
            Axis::Y => p.y = value,
        }
        // A second bad value later in the order of decisions D9 is not the one reported.
        let last = outlines
            .last_mut()
            .and_then(|l| l.rings.last_mut()?.last_mut());
        if let Some(q) = last.filter(|q| q.x.is_finite() && q.y.is_finite()) {
            q.y = f64::NAN;
        }
        let err = Region::from_outlines(&outlines, &opts(bits)).unwrap_err();
        let expected = Location::Vertex {
            outline: o,
            ring: r,
            vertex: v,
            axis,
        };
        let Error::OutOfRange { location, .. } = &err else {
            panic!("case {case}: {err:?}")
        };
        assert_eq!(*location, expected, "case {case}");
        assert!(
            err.to_string()
                .starts_with(&format!("outline {o}, ring {r}, vertex {v} ({axis}): ")),
            "{err}"
        );
    }
}

#[test]
fn coordinates_of_exactly_two_to_the_21_are_valid_on_every_grid() {
    for bits in 0..=16 {
        let ring = vec![
            (LIMIT, LIMIT),
            (-LIMIT, LIMIT),
            (-LIMIT, -LIMIT),
            (LIMIT, -LIMIT),
        ];
        let region =
            Region::from_outlines(&[Outline::from_ring(ring)], &opts(bits)).expect("limit");
        assert_eq!(region.area(), 4.0 * LIMIT * LIMIT, "SnapBits {bits}");
        let ring = vec![(LIMIT.next_up(), 0.0), (0.0, 0.0), (0.0, 1.0)];
        assert!(Region::from_outlines(&[Outline::from_ring(ring)], &opts(bits)).is_err());
    }
}

#[test]
fn rings_of_fewer_than_three_vertices_are_named_before_their_coordinates() {
    let mut rng = Rng::new(0xBAD2);
    for case in 0..100 {
        let mut outlines = valid_outlines(&mut rng, 16);
        let o = rng.below(outlines.len());
        let r = rng.below(outlines[o].rings.len() + 1);
        let short: Vec<Vector2D> = vec![Vector2D::new(f64::NAN, 0.0); rng.below(3)];
        outlines[o].rings.insert(r, short.clone());
        let err = Region::from_outlines(&outlines, &opts(16)).unwrap_err();
        let expected = Location::Ring {
            outline: o,
            ring: r,
        };
        assert!(
            matches!(&err, Error::InvalidArgument { location, .. } if *location == expected),
            "case {case}: {err:?}"
        );
        assert!(
            err.to_string()
                .contains(&format!("this one has {}", short.len())),
            "{err}"
        );
    }
}

#[test]
fn snap_bits_outside_0_to_16_are_rejected_by_every_constructor() {
    for bits in [17, 31, 32, 63, 64, 65, u32::MAX] {
        let is_snap_bits = |e: Error| {
            matches!(
                e,
                Error::InvalidArgument {
                    location: Location::Argument("snap_bits"),
                    ..
                }
            )
        };
        assert!(is_snap_bits(opts(bits).validate().unwrap_err()));
        let outline = Outline::from_ring([(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
        assert!(is_snap_bits(
            Region::from_outlines(&[outline], &opts(bits)).unwrap_err()
        ));
        assert!(is_snap_bits(
            Region::from_outlines(&[], &opts(bits)).unwrap_err()
        ));
        let map = Region::from_tile_map(&[true], 1, 1, 1.0, Vector2D::default(), &opts(bits));
        assert!(is_snap_bits(map.unwrap_err()), "{bits}");
    }
}

#[test]
fn mixed_snap_bits_are_rejected_by_every_binary_operation_and_the_pipeline() {
    let a = square();
    for bits in [0, 8, 15] {
        let ring = vec![(0.0, 0.0), (3.0, 0.0), (0.0, 3.0)];
        let b = Region::from_outlines(&[Outline::from_ring(ring)], &opts(bits)).expect("b");
        for (x, y) in [(&a, &b), (&b, &a)] {
            let want = Error::SnapBitsMismatch {
                left: x.snap_bits(),
                right: y.snap_bits(),
            };
            for result in [x.union(y), x.intersection(y), x.difference(y), x.xor(y)] {
                assert_eq!(result.unwrap_err(), want);
            }
        }
        // The pipeline has no grid of its own (decisions D14): one pipeline builds regions
        // of either grid.
        let pipeline = Mesh2DPipeline::new(1.0, 0.5);
        for region in [&a, &b] {
            let mesh = pipeline
                .build(region)
                .expect("a mesh on the region's own grid");
            assert_eq!(mesh.polygons().snap_bits(), region.snap_bits());
        }
    }
}

#[test]
fn tile_map_cell_sizes_below_one_grid_unit_or_not_finite_are_rejected_on_every_grid() {
    let bad_size = |e: &Error| {
        matches!(
            e,
            Error::InvalidArgument {
                location: Location::Argument("cell_size"),
                ..
            }
        )
    };
    for bits in 0..=16u32 {
        let unit = 1.0 / (1u64 << bits) as f64;
        for size in [
            0.0,
            -0.0,
            -unit,
            0.75 * unit,
            unit.next_down(),
            f64::MIN_POSITIVE,
            f64::NAN,
            f64::INFINITY,
        ] {
            let err =
                Region::from_tile_map(&[true; 4], 2, 2, size, Vector2D::default(), &opts(bits))
                    .unwrap_err();
            assert!(bad_size(&err), "SnapBits {bits}, cell size {size}: {err:?}");
        }
        assert!(
            Region::from_tile_map(&[true; 4], 2, 2, unit, Vector2D::default(), &opts(bits)).is_ok()
        );
    }
}

#[test]
fn tile_map_shapes_and_grid_lines_out_of_range_are_named() {
    let o = Vector2D::default();
    let bad_cells = |e: Error| {
        matches!(
            e,
            Error::InvalidArgument {
                location: Location::Argument("cells"),
                ..
            }
        )
    };
    for (len, w, h) in [
        (0, 1, 1),
        (3, 2, 2),
        (5, 2, 2),
        (1, usize::MAX, 2),
        (1, 0, 1),
    ] {
        assert!(
            bad_cells(
                Region::from_tile_map(&vec![true; len], w, h, 1.0, o, &opts(16)).unwrap_err()
            ),
            "{len} {w} {h}"
        );
    }
    // Line i = origin + i * size; the first beyond 2^21 is named, x before y.
    let line = |e: Error| match e {
        Error::OutOfRange {
            location: Location::GridLine { axis, index },
            ..
        } => (axis, index),
        other => panic!("{other:?}"),
    };
    let err = Region::from_tile_map(&[false; 12], 4, 3, 1e6, o, &opts(16)).unwrap_err();
    assert_eq!(line(err), (Axis::X, 3));
    let err = Region::from_tile_map(
        &[false; 12],
        3,
        4,
        1e6,
        Vector2D::new(-LIMIT, -1.0),
        &opts(16),
    )
    .unwrap_err();
    assert_eq!(line(err), (Axis::Y, 3));
    for origin in [
        Vector2D::new(f64::NAN, 0.0),
        Vector2D::new(f64::NEG_INFINITY, 0.0),
        Vector2D::new(-LIMIT.next_up(), 0.0),
    ] {
        assert_eq!(
            line(Region::from_tile_map(&[true], 1, 1, 1.0, origin, &opts(16)).unwrap_err()),
            (Axis::X, 0)
        );
    }
    // The last line exactly at 2^21 is valid.
    assert!(
        Region::from_tile_map(
            &[true; 2],
            2,
            1,
            1.0,
            Vector2D::new(LIMIT - 2.0, 0.0),
            &opts(0)
        )
        .is_ok()
    );
}
