//! Offsets and the pipeline shrink on shapes with known answers.

mod support;

use onepath_build2d::{Error, Geometry2DOptions, Join, Location, Mesh2DPipeline, Region, Vector2D};
use support::{Rng, rect};

fn region(outlines: &[onepath_build2d::Outline], bits: u32) -> Region {
    Region::from_outlines(outlines, &Geometry2DOptions::with_snap_bits(bits)).unwrap()
}

fn checked(r: Region) -> Region {
    r.check_invariants().unwrap();
    r
}

#[test]
fn square_joins_grow_and_shrink_exactly() {
    let sq = region(&[rect(0., 0., 10., 10.)], 0);
    let grown = checked(sq.offset(2.0, Join::Square, 0.0).unwrap());
    assert_eq!(grown.area2(), 2 * 14 * 14);
    let shrunk = checked(sq.offset(-2.0, Join::Square, 0.0).unwrap());
    assert_eq!(shrunk.area2(), 2 * 6 * 6);
    // Round joins shrink a convex square to the same square: its corners are convex.
    let shrunk = checked(sq.offset(-2.0, Join::Round, 0.25).unwrap());
    assert_eq!(shrunk.area2(), 2 * 6 * 6);
    // Growing with round joins lies between the square and the circumscribed polygons.
    let big = region(&[rect(0., 0., 10., 10.)], 8);
    let grown = checked(big.offset(2.0, Join::Round, 0.01).unwrap());
    let exact = 100.0 + 4.0 * 10.0 * 2.0 + std::f64::consts::PI * 4.0;
    assert!(
        grown.area() >= exact && grown.area() < exact * 1.002,
        "{}",
        grown.area()
    );
}

#[test]
fn gaps_close_on_grow_and_thin_features_vanish_on_shrink() {
    // Two squares 1.5 apart: growing by 1 closes the gap (one ring).
    let two = region(&[rect(0., 0., 10., 10.), rect(11.5, 0., 20., 10.)], 4);
    assert_eq!(two.rings().len(), 2);
    let grown = checked(two.offset(1.0, Join::Round, 0.05).unwrap());
    assert_eq!(grown.rings().len(), 1);
    // A bar 1.5 wide vanishes when shrunk by 1, a 10-wide square survives.
    let bar = region(&[rect(0., 0., 10., 10.), rect(20., 0., 40., 1.5)], 4);
    let shrunk = checked(bar.offset(-1.0, Join::Round, 0.05).unwrap());
    assert_eq!(shrunk.rings().len(), 1);
    assert_eq!(shrunk.area2(), 2 * 8 * 8 * 16 * 16);
}

fn perimeter(r: &Region) -> f64 {
    r.rings_f64()
        .iter()
        .map(|ring| {
            (0..ring.len())
                .map(|i| {
                    let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
                    ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).sqrt()
                })
                .sum::<f64>()
        })
        .sum()
}

#[test]
fn grow_then_shrink_contains_the_original() {
    let mut rng = Rng(8);
    let unit = 1.0 / 65536.0;
    for case in 0..40 {
        let outlines = support::random_outlines(&mut rng, 2, 40.0, 1.0);
        let a = region(&outlines, 16);
        let band = perimeter(&a);
        // Square joins: (A + Q) - Q contains A exactly; only the snap-rounding distortion,
        // a band of a few grid units along the boundary, may be lost.
        let closed = checked(
            a.offset(0.5, Join::Square, 0.0)
                .unwrap()
                .offset(-0.5, Join::Square, 0.0)
                .unwrap(),
        );
        let lost = a.difference(&closed).unwrap().area();
        assert!(
            lost <= 4.0 * unit * band,
            "case {case}: square closing lost {lost} (perimeter {band})"
        );
        // Round joins: the shrink's circumscribed polygons reach up to the arc tolerance
        // further than r, so the loss is bounded by the tolerance band.
        let tolerance = 0.01;
        let closed = checked(
            a.offset(0.5, Join::Round, tolerance)
                .unwrap()
                .offset(-0.5, Join::Round, tolerance)
                .unwrap(),
        );
        let lost = a.difference(&closed).unwrap().area();
        assert!(
            lost <= (tolerance + 4.0 * unit) * band,
            "case {case}: round closing lost {lost} (perimeter {band})"
        );
    }
}

#[test]
fn offset_arguments() {
    let sq = region(&[rect(0., 0., 10., 10.)], 16);
    for d in [f64::NAN, f64::INFINITY, 1_048_577.0, -2e6] {
        let err = sq.offset(d, Join::Round, 0.1).unwrap_err();
        assert!(
            matches!(
                err,
                Error::OutOfRange {
                    location: Location::Argument("distance"),
                    ..
                }
            ),
            "{d}"
        );
    }
    for t in [f64::NAN, -0.5, f64::INFINITY] {
        let err = sq.offset(1.0, Join::Round, t).unwrap_err();
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
    assert_eq!(sq.offset(0.0, Join::Round, 0.1).unwrap(), sq);
    // Geometry beyond 2^21 + 2^20.
    // Offsets of valid input reach exactly 2^21 + 2^20 at most (the circumscribed polygons'
    // extreme is the tangent at r), which is allowed; offsetting that result again goes
    // beyond.
    let far = region(&[rect(2_000_000., 0., 2_097_152., 10.)], 16);
    let grown = far.offset(1_048_576.0, Join::Round, 1000.0).unwrap();
    assert_eq!(grown.bounds().unwrap().1.x, 3 << 36);
    assert!(far.offset(1_048_576.0, Join::Square, 0.0).is_ok());
    let err = grown.offset(1.0, Join::Square, 0.0).unwrap_err();
    assert!(
        matches!(
            err,
            Error::OutOfRange {
                location: Location::OffsetPoint { .. },
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn pipeline_arguments() {
    let sq = region(&[rect(0., 0., 10., 10.)], 16);
    let bad = |p: Mesh2DPipeline| p.shrink(&sq).unwrap_err();
    for r in [f64::NAN, -1.0, f64::NEG_INFINITY] {
        assert!(matches!(
            bad(Mesh2DPipeline::new(1.0, r)),
            Error::InvalidArgument {
                location: Location::Argument("agent_radius"),
                ..
            }
        ));
    }
    assert!(matches!(
        bad(Mesh2DPipeline::new(1.0, 2e6)),
        Error::OutOfRange {
            location: Location::Argument("agent_radius"),
            ..
        }
    ));
    for c in [0.0, -1.0, f64::NAN] {
        assert!(matches!(
            bad(Mesh2DPipeline::new(c, 1.0)),
            Error::InvalidArgument {
                location: Location::Argument("cell_size"),
                ..
            }
        ));
    }
    assert_eq!(Mesh2DPipeline::new(1.0, 0.0).shrink(&sq).unwrap(), sq);
}

/// A `w x h` room of unit cells with square pillars (`(x, y, side)` in cells).
fn pillar_room(w: usize, h: usize, pillars: &[(usize, usize, usize)]) -> Region {
    let mut cells = vec![true; w * h];
    for &(px, py, s) in pillars {
        for y in py..py + s {
            for x in px..px + s {
                cells[x + y * w] = false;
            }
        }
    }
    Region::from_tile_map(
        &cells,
        w,
        h,
        1.0,
        Vector2D::new(0., 0.),
        &Geometry2DOptions::default(),
    )
    .unwrap()
}

#[test]
fn shrink_of_pillar_rooms_matches_the_exact_erosion() {
    let pillars = [(8, 8, 2), (20, 8, 3), (8, 20, 1), (22, 22, 4)];
    let room = pillar_room(36, 34, &pillars);
    for r in [0.5, 1.0, 1.5] {
        let shrunk = checked(Mesh2DPipeline::new(1.0, r).shrink(&room).unwrap());
        let mut exact = (36.0 - 2.0 * r) * (34.0 - 2.0 * r);
        for &(_, _, s) in &pillars {
            let s = s as f64;
            exact -= (s + 2.0 * r) * (s + 2.0 * r) - (4.0 - std::f64::consts::PI) * r * r;
        }
        let deviation = shrunk.area() / exact - 1.0;
        eprintln!(
            "pillar room r = {r}: shrink {:.6}, exact {exact:.6} ({:+.4}%)",
            shrunk.area(),
            100.0 * deviation
        );
        assert!(
            deviation.abs() <= 1e-3,
            "r = {r}: area {} exact {exact} ({:+.4}%)",
            shrunk.area(),
            100.0 * deviation
        );
    }
}

#[test]
fn shrink_of_a_noisy_map_matches_a_fine_round_offset() {
    // 4 x 4 blocks of 0.25 cells, 6% of them blocked, plus 0.7% blocked single cells.
    let mut rng = Rng(77);
    let (w, h) = (96, 80);
    let blocks: Vec<bool> = (0..(w / 4) * (h / 4))
        .map(|_| rng.next_u64() % 100 < 6)
        .collect();
    let cells: Vec<bool> = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            !(blocks[x / 4 + (y / 4) * (w / 4)] || rng.next_u64() % 1000 < 7)
        })
        .collect();
    let map = Region::from_tile_map(
        &cells,
        w,
        h,
        0.25,
        Vector2D::new(0., 0.),
        &Geometry2DOptions::default(),
    )
    .unwrap();
    let pipeline = Mesh2DPipeline::new(0.25, 1.0);
    let shrunk = checked(pipeline.shrink(&map).unwrap());
    // The reference: a round offset with 256 vertices per circle (tolerance 1.3 grid units).
    let reference = checked(map.offset(-1.0, Join::Round, 2e-5).unwrap());
    assert!(
        reference.area() > 0.3 * map.area(),
        "the test map should keep a good part"
    );
    let deviation = shrunk.area() / reference.area() - 1.0;
    // Region::offset at the pipeline's own tolerance: circumscribed polygons of the same m,
    // which remove more than the disc (the text quoted about 0.2% before equal-area arcs).
    let same_m = checked(
        map.offset(-1.0, Join::Round, pipeline.arc_tolerance())
            .unwrap(),
    );
    eprintln!(
        "noisy map: shrink {:.6}, 256-gon reference {:.6} ({:+.4}%), offset at the pipeline tolerance {:.6} ({:+.4}% from the shrink)",
        shrunk.area(),
        reference.area(),
        100.0 * deviation,
        same_m.area(),
        100.0 * (same_m.area() / shrunk.area() - 1.0)
    );
    assert!(
        same_m.area() < shrunk.area(),
        "circumscribed polygons remove more than equal-area arcs"
    );
    assert!(
        deviation.abs() <= 1e-3,
        "shrink {} reference {} ({:+.4}%)",
        shrunk.area(),
        reference.area(),
        100.0 * deviation
    );
}
