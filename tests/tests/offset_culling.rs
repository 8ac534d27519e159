//! The offset culling (issue #18, `docs/offset-culling.md`) against the unculled pieces:
//! `Region::offset` and `Region::offset_unculled` must return the same rings, byte for
//! byte, on random regions and on every bundled map. One mismatch is a bug in the proof,
//! never a tolerance.

mod support;

use onepath_build2d::{GridPoint, Join, Region};
use onepath_offset::{
    OffsetSide, piece_edges, round_offset_polygons, round_offset_polygons_culled,
};
use onepath_tests::movingai_maps;
use support::regions::{from_rings, map_window_region, random_region};
use support::{GridRing, Rng, checked};

/// What the culling does to the round offset of `region` by `distance` (user units) with
/// the arc tolerance `arc_tolerance` (user units), as `Region::offset` computes its pieces:
/// the m-gons left out, those cut down to a sector, and the edges saved.
fn culling(region: &Region, distance: f64, arc_tolerance: f64) -> (usize, usize, usize) {
    let scale = (1u64 << region.snap_bits()) as f64;
    let r = distance.abs() * scale;
    let limit = onepath_offset::OFFSET_LIMIT_USER_UNITS << region.snap_bits();
    let side = if distance > 0.0 {
        OffsetSide::Grow
    } else {
        OffsetSide::Shrink
    };
    let all = round_offset_polygons(region.rings(), r, arc_tolerance * scale, limit);
    let culled =
        round_offset_polygons_culled(region.rings(), r, arc_tolerance * scale, limit, side);
    let (Ok(all), Ok(culled)) = (all, culled) else {
        return (0, 0, 0);
    };
    let edges = |p: &[Vec<GridPoint>]| piece_edges(p).len();
    let rectangles = region.rings().iter().map(Vec::len).sum::<usize>();
    let mgons = &all[rectangles..];
    let sectors = culled[rectangles..]
        .iter()
        .filter(|p| !mgons.contains(p))
        .count();
    (
        all.len() - culled.len(),
        sectors,
        edges(&all) - edges(&culled),
    )
}

/// Offsets `region` both ways and compares the rings exactly; returns the edges the culling
/// saved.
fn compare(region: &Region, distance: f64, join: Join, arc_tolerance: f64, what: &str) -> usize {
    let culled = region.offset(distance, join, arc_tolerance);
    let unculled = region.offset_unculled(distance, join, arc_tolerance);
    match (culled, unculled) {
        (Ok(culled), Ok(unculled)) => {
            assert_eq!(
                culled.rings(),
                unculled.rings(),
                "{what}: offset by {distance} ({join:?}, tolerance {arc_tolerance}) differs \
                 from the unculled pieces\nregion: {:?}",
                region.rings()
            );
            checked(culled, what);
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{what}"),
        (a, b) => panic!("{what}: culled {:?}, unculled {:?}", a.err(), b.err()),
    }
    if join == Join::Round {
        culling(region, distance, arc_tolerance).2
    } else {
        0
    }
}

#[test]
fn culled_offsets_equal_unculled_on_random_regions() {
    // `ONEPATH_CULLING_CASES` runs more (or other) cases: the seed follows the count.
    let count: u32 = std::env::var("ONEPATH_CULLING_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let mut rng = Rng::new(if count == 10_000 {
        0x18_0FF5E7
    } else {
        0x18_0FF5E7 ^ u64::from(count)
    });
    let (mut cases, mut culling_cases, mut saved) = (0usize, 0usize, 0usize);
    for k in 0..count {
        let bits = k % 17;
        let (region, size) = random_region(&mut rng, bits);
        if region.is_empty() {
            continue;
        }
        let unit = 1.0 / (1u64 << bits) as f64;
        // From one grid unit to beyond the features' size, growing and shrinking.
        let grid_units = match rng.below(4) {
            0 => rng.range(1, 3),
            1 => rng.range(1, size.max(2)),
            2 => rng.range(size, 4 * size + 8),
            _ => rng.range(1, 12),
        };
        let sign = if rng.probability(0.5) { 1.0 } else { -1.0 };
        let mut distance = sign * (grid_units as f64 + rng.pick(&[0.0, 0.0, 0.5, 0.25])) * unit;
        if rng.chance(1, 32) {
            // Up to the largest distance, 2^20 user units: products of the pieces' relative
            // coordinates need 128 bits.
            distance = sign * rng.range(1, 1 << 20) as f64;
        }
        let join = if rng.chance(7, 8) {
            Join::Round
        } else {
            Join::Square
        };
        let tolerance = rng.pick(&[0.0, 0.0, unit, 0.05 * distance.abs()]);
        let n = compare(&region, distance, join, tolerance, &format!("case {k}"));
        cases += 1;
        culling_cases += usize::from(n > 0);
        saved += n;
    }
    println!("{cases} offsets, {culling_cases} culled, {saved} edges saved");
    // The culling must have had work to do for the comparison to mean anything.
    assert!(cases > count as usize * 9 / 10, "{cases}");
    assert!(
        culling_cases > cases / 5,
        "only {culling_cases} of {cases} offsets saved an edge ({saved} in all)"
    );
}

#[test]
fn culled_offsets_equal_unculled_on_every_bundled_map() {
    // Windows of 48 x 48 cells keep the test to seconds; `cargo run --release -p
    // onepath-benches --bin culling` compares the whole maps (docs/testing.md).
    let names = movingai_maps();
    assert_eq!(names.len(), 15, "{names:?}");
    let (mut saved, mut saved_far) = (0, 0);
    for name in &names {
        let region = map_window_region(name, 48);
        // 6 and 12 cells: the m-gons deep inside go (section 11 of the proof).
        for radius in [0.25, 0.5, 1.0, 3.0, 6.0, 12.0] {
            for distance in [radius, -radius] {
                let n = compare(&region, distance, Join::Round, 0.0, name);
                saved += n;
                if radius >= 6.0 {
                    saved_far += n;
                }
            }
        }
    }
    println!("{saved} edges saved, {saved_far} of them at 6 and 12 cells");
    assert!(saved > 10_000, "only {saved} edges saved");
    assert!(
        saved_far > 10_000,
        "only {saved_far} edges saved at 6 and 12 cells"
    );
}

/// The culling does exactly what the proof allows on a hand-made L shape: the reflex
/// corner's m-gon goes when growing and becomes a sector when shrinking, the convex
/// corners' the other way round, as long as nothing slanted comes near.
#[test]
fn an_l_shape_loses_what_the_proof_allows() {
    let l_shape: GridRing = vec![
        (0.0, 0.0),
        (100.0, 0.0),
        (100.0, 50.0),
        (50.0, 50.0),
        (50.0, 100.0),
        (0.0, 100.0),
    ];
    let region = from_rings(&[l_shape], 0);
    assert!(region.rings()[0].contains(&GridPoint::new(50, 50)));
    // Six corners, one reflex (50, 50). By 10 and 20 every m-gon keeps clear of the others.
    let changed = |d: f64| {
        let (dropped, sectors, _) = culling(&region, d, 0.0);
        (dropped, sectors)
    };
    for r in [10.0, 20.0] {
        assert_eq!(changed(r), (1, 5), "growing by {r}");
        assert_eq!(changed(-r), (5, 1), "shrinking by {r}");
    }
    // Growing by 30 the convex neighbours' m-gons reach into the reflex corner's, but what
    // is left of them (their sectors, beyond their corners) does not: all six change.
    assert_eq!(changed(30.0), (1, 5));
    // By 60 the reflex corner's gap quadrant, [-10, 50]², crosses the region's outer edges
    // and its rectangles do not cover the rest of its box: it stays whole.
    let (dropped, sectors) = changed(60.0);
    assert_eq!(dropped, 0);
    assert!(sectors < 6, "{sectors}");
    for d in [10.0, -10.0, 20.0, -20.0, 30.0, -30.0, 60.0, -60.0] {
        compare(&region, d, Join::Round, 0.0, "L shape");
    }
    // The same shape 2^20 user units wide on the default grid (coordinates up to 2^36 grid
    // units), by 2^17 and 2^19: the split's exact tests need 128-bit products.
    let unit = 1.0 / 65536.0;
    let huge: GridRing = vec![
        (0.0, 0.0),
        (1048576.0, 0.0),
        (1048576.0, 524288.0),
        (524288.0, 524288.0),
        (524288.0, 1048576.0),
        (0.0, 1048576.0),
    ]
    .into_iter()
    .map(|(x, y)| (x / unit, y / unit))
    .collect();
    let region = from_rings(&[huge], 16);
    for d in [131072.0, -131072.0, 524288.0] {
        let (dropped, sectors, _) = culling(&region, d, 0.0);
        assert_eq!(dropped + sectors, 6, "by {d}");
        compare(&region, d, Join::Round, 0.0, "huge L shape");
    }
    compare(&region, -524288.0, Join::Round, 0.0, "huge L shape");
}

/// `count` squares of side `side` at random places on a grid of step `side / 64`, in a
/// field of side `0.7 sqrt(count)` squares (each point of the union covered about twice):
/// the offset bench's input, scaled down.
fn overlapping_squares(rng: &mut Rng, side: f64, count: usize) -> Vec<GridRing> {
    let step = side / 64.0;
    let cells = (0.7 * f64::sqrt(count as f64) * 64.0) as i64;
    (0..count)
        .map(|_| {
            let x = rng.range_half_open(0, cells) as f64 * step;
            let y = rng.range_half_open(0, cells) as f64 * step;
            vec![(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
        })
        .collect()
}

/// Many small squares that overlap (the offset bench's input, scaled down), grown and
/// shrunk by a quarter of their side: their corners crowd one another, so sections 3 to
/// 10 keep nearly every m-gon whole, and the m-gons are narrower than twice the median
/// ring edge. The test of section 11 still runs, because most candidates are whole m-gons,
/// and it leaves out those deep inside; the rings stay those of the unculled pieces.
#[test]
fn crowded_squares_lose_the_mgons_deep_inside() {
    let mut rng = Rng::new(0x18_5C0A2E5);
    let mut dropped_growing = 0;
    for (case, bits) in [0u32, 3, 8, 16].into_iter().enumerate() {
        let side = 256.0;
        let region = from_rings(&overlapping_squares(&mut rng, side, 160), bits);
        let unit = 1.0 / (1u64 << bits) as f64;
        for distance in [side / 4.0, -side / 4.0] {
            let what = format!("squares {case}, snap bits {bits}");
            compare(&region, distance * unit, Join::Round, 0.0, &what);
            let (dropped, _, saved) = culling(&region, distance * unit, 0.0);
            if distance > 0.0 {
                assert!(
                    dropped > 40 && saved > 0,
                    "{what}: {dropped} m-gons left out"
                );
                dropped_growing += dropped;
            }
        }
    }
    println!("{dropped_growing} m-gons left out growing");
}

/// Section 12 of the proof: overlapping squares, grown and shrunk by a quarter of their
/// side. Their edges between crossings are often shorter than the radius, so a corner's
/// two rectangles do not hold its m-gon's box; the covered set (the other edges'
/// rectangles and the region's side that does not matter) often does, and near such a
/// corner only slanted edges outside the covered set count. Sections 3 to 11 alone cut at
/// most 26 m-gons of these regions to sectors and saved at most 3,376 edges shrinking; the
/// rings stay those of the unculled pieces, also with diamonds among the squares (slanted
/// region edges and rectangles near the corners, at two radii).
#[test]
fn short_edges_lose_what_the_covered_set_holds() {
    let mut rng = Rng::new(0x18_C0E12);
    for (case, bits) in [0u32, 2, 8, 16].into_iter().enumerate() {
        let side = 256.0;
        let region = from_rings(&overlapping_squares(&mut rng, side, 300), bits);
        let unit = 1.0 / (1u64 << bits) as f64;
        for distance in [side / 4.0, -side / 4.0] {
            let what = format!("squares {case}, snap bits {bits}, by {distance}");
            compare(&region, distance * unit, Join::Round, 0.0, &what);
            let (dropped, sectors, saved) = culling(&region, distance * unit, 0.0);
            // Section 12 gives 72 to 95 sectors here growing, and shrinking, where its
            // halves cut the m-gons with one quadrant beside the gap not held, 175 to 202
            // sectors and 7,379 to 7,561 edges (without the halves: at most 117 and 6,618).
            assert!(sectors > 60, "{what}: {sectors} sectors");
            if distance < 0.0 {
                assert!(
                    sectors > 150 && saved > 7000,
                    "{what}: {dropped} left out, {sectors} sectors, {saved} edges saved"
                );
            }
        }
        // Diamonds among the squares: slanted region edges, whose boxes the covered set
        // leaves out and whose slanted rectangles come near the squares' corners.
        let mut rings = overlapping_squares(&mut rng, side, 200);
        for _ in 0..40 {
            let (x, y) = (rng.range(0, 900) as f64, rng.range(0, 900) as f64);
            let h = rng.range(40, 200) as f64;
            rings.push(vec![(x, y - h), (x + h, y), (x, y + h), (x - h, y)]);
        }
        let region = from_rings(&rings, bits);
        for distance in [side / 4.0, -side / 4.0, side / 16.0, -side / 16.0] {
            let what = format!("squares and diamonds {case}, snap bits {bits}, by {distance}");
            compare(&region, distance * unit, Join::Round, 0.0, &what);
            let (_, sectors, saved) = culling(&region, distance * unit, 0.0);
            assert!(
                sectors > 0 && saved > 0,
                "{what}: {sectors} sectors, {saved} saved"
            );
        }
    }
}
