//! Regression tests for defects found by the issue #11 property tests and fuzzing, each
//! named after what it reproduces.

use onepath_build2d::{
    Axis, Error, Geometry2DOptions, Join, Location, Mesh2DPipeline, Region, Vector2D,
};

#[test]
fn an_empty_region_on_an_invalid_grid_is_an_error() {
    // Found by the property tests: `Region::empty` did not validate its options, so a
    // region on a grid of 64 or more SnapBits made later operations overflow a shift. It now
    // validates like every other constructor, so no region with such a grid exists.
    for bits in [17, 63, 64, 100] {
        let err = Region::empty(&Geometry2DOptions::with_snap_bits(bits)).unwrap_err();
        assert!(
            matches!(
                err,
                Error::InvalidArgument {
                    location: Location::Argument("snap_bits"),
                    ..
                }
            ),
            "SnapBits {bits}: {err:?}"
        );
    }
    let empty = Region::empty(&Geometry2DOptions::with_snap_bits(16)).unwrap();
    assert!(empty.offset(1.0, Join::Round, 0.1).unwrap().is_empty());
    let mesh = Mesh2DPipeline::new(1.0, 0.5).build(&empty).unwrap();
    assert!(mesh.polygons().is_empty());
}

#[test]
fn a_huge_width_with_zero_height_is_an_error_not_a_panic() {
    // `width * height == cells.len()` holds (0 == 0), so the grid lines are checked next:
    // line 2^21 + 1 of unit cells at the origin is the first beyond the limit. The library
    // reserves `width + 1` lines up front, which overflows (`usize::MAX`) or exceeds the
    // allocator's limit (`2^61`, "capacity overflow", in release builds too).
    for width in [usize::MAX, 1 << 61] {
        let err = Region::from_tile_map(
            &[],
            width,
            0,
            1.0,
            Vector2D::default(),
            &Geometry2DOptions::default(),
        );
        let want = Location::GridLine {
            axis: Axis::X,
            index: (1 << 21) + 1,
        };
        assert!(
            matches!(err, Err(Error::OutOfRange { ref location, .. }) if *location == want),
            "{err:?}"
        );
    }
}

#[test]
fn a_huge_empty_map_checks_its_grid_lines_without_storing_them() {
    // Found by the issue #11 review: an empty map of width 2^30 (valid input) built an
    // 8 GiB vector of grid lines before returning the empty region. Every line is still
    // checked (decisions D9), but an empty map's lines are no longer stored; 2^26 lines of
    // one grid unit each stay within 2^21 and give the empty region.
    let unit = 1.0 / 65536.0;
    let region = Region::from_tile_map(
        &[],
        1 << 26,
        0,
        unit,
        Vector2D::default(),
        &Geometry2DOptions::default(),
    )
    .unwrap();
    assert!(region.is_empty());
}
