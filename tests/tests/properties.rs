//! Property tests over seeded random outlines, tile maps and operations (issue #11): every
//! result is valid, exact identities hold where no snapping moves anything, results do not
//! depend on input order, and pipeline outputs are valid navigation meshes.

mod support;

use onepath_build2d::{Error, Geometry2DOptions, Mesh2DPipeline, Outline, Region, Vector2D};
use support::generators::{random_cells, random_rectangles, random_ring, rect};
use support::{
    GridRing, Rng, check_booleans, check_exact_identities, check_offsets, check_pipeline, checked,
    outline,
};

/// A random SnapBits, weighted towards the extremes where snapping is coarsest and finest.
fn random_bits(rng: &mut Rng) -> u32 {
    rng.pick(&[0, 0, 1, 2, 4, 8, 12, 15, 16, 16, 16])
}

/// Random outlines of general position with fractional grid coordinates.
fn random_outlines(rng: &mut Rng, bits: u32) -> Vec<Outline> {
    let r = rng.pick(&[3, 12, 100, 1 << 16]);
    (0..1 + rng.below(3))
        .map(|_| {
            let rings: Vec<GridRing> = (0..1 + rng.below(3))
                .map(|_| {
                    let (len, fractional) = (3 + rng.below(7), rng.probability(0.5));
                    random_ring(rng, len, r, fractional)
                })
                .collect();
            outline(&rings, bits)
        })
        .collect()
}

fn region(outlines: &[Outline], bits: u32, what: &str) -> Region {
    let r = Region::from_outlines(outlines, &Geometry2DOptions::with_snap_bits(bits));
    checked(r.unwrap_or_else(|e| panic!("{what}: {e}")), what)
}

#[test]
fn random_outlines_are_valid_and_independent_of_input_order() {
    let mut rng = Rng::new(0x0011);
    for case in 0..150 {
        let bits = random_bits(&mut rng);
        let outlines = random_outlines(&mut rng, bits);
        let what = format!("case {case} (SnapBits {bits})");
        let a = region(&outlines, bits, &what);
        // Shuffle the outlines and their rings, rotate each ring and reverse some: the same
        // set of edges (up to direction, which even-odd ignores) gives the same region.
        let mut shuffled = outlines.clone();
        rng.shuffle(&mut shuffled);
        for o in &mut shuffled {
            rng.shuffle(&mut o.rings);
            for ring in &mut o.rings {
                let k = rng.below(ring.len());
                ring.rotate_left(k);
                if rng.probability(0.5) {
                    ring.reverse();
                }
            }
        }
        assert_eq!(
            region(&shuffled, bits, &what),
            a,
            "{what}: input order changed the result"
        );
        support::check_arrangement(&support::snapped_edges(&outlines, bits), &what);
    }
}

#[test]
fn boolean_operations_on_random_regions_are_valid() {
    let mut rng = Rng::new(0x0022);
    for case in 0..120 {
        let bits = random_bits(&mut rng);
        let what = format!("case {case} (SnapBits {bits})");
        let a = region(&random_outlines(&mut rng, bits), bits, &what);
        let b = region(&random_outlines(&mut rng, bits), bits, &what);
        let ops = check_booleans(&a, &b, &what);
        support::check_arrangement(&support::binary_edges(&a, &b), &what);
        // Results share edges with their operands and each other: operating on them again
        // exercises coinciding and touching edges.
        if case % 2 == 0 {
            check_booleans(
                &ops.union,
                &ops.a_minus_b,
                &format!("{what}: (a ∪ b) with (a − b)"),
            );
        }
    }
}

#[test]
fn exact_identities_hold_on_grid_aligned_outlines() {
    let mut rng = Rng::new(0x0033);
    for case in 0..200 {
        let bits = random_bits(&mut rng);
        let r = rng.pick(&[2, 10, 1000]);
        let what = format!("case {case} (SnapBits {bits})");
        let count_a = 1 + rng.below(4);
        let a = region(
            &[outline(&random_rectangles(&mut rng, count_a, r), bits)],
            bits,
            &what,
        );
        let count_b = 1 + rng.below(4);
        let b = region(
            &[outline(&random_rectangles(&mut rng, count_b, r), bits)],
            bits,
            &what,
        );
        let ops = check_booleans(&a, &b, &what);
        check_exact_identities(&a, &b, &ops, &what);
    }
}

/// The region of a random tile map with a random cell size and origin, or `None` when two
/// grid lines snap together (an error the bad-input tests cover).
fn random_map(
    rng: &mut Rng,
    bits: u32,
) -> Option<(Vec<bool>, usize, usize, f64, Vector2D, Region)> {
    let (width, height) = (rng.below(12), rng.below(12));
    let density = rng.pick(&[0.3, 0.6, 0.9]);
    let cells = random_cells(rng, width, height, density);
    let unit = 1.0 / (1u64 << bits) as f64;
    let cell_size = rng.pick(&[1.0, unit, 3.0 * unit, 0.3, 2.75]).max(unit);
    let origin = Vector2D::new(
        rng.range(-40, 40) as f64 * 0.37,
        rng.range(-40, 40) as f64 * 0.5,
    );
    match Region::from_tile_map(
        &cells,
        width,
        height,
        cell_size,
        origin,
        &Geometry2DOptions::with_snap_bits(bits),
    ) {
        Ok(r) => Some((
            cells,
            width,
            height,
            cell_size,
            origin,
            checked(r, "tile map"),
        )),
        Err(Error::InvalidArgument { .. }) => None,
        Err(e) => panic!("tile map: {e}"),
    }
}

#[test]
fn tile_maps_equal_the_union_of_their_cells_and_obey_the_identities() {
    let mut rng = Rng::new(0x0044);
    let mut maps = 0;
    for case in 0..150 {
        let bits = random_bits(&mut rng);
        let what = format!("case {case} (SnapBits {bits})");
        let Some((cells, width, _, size, origin, a)) = random_map(&mut rng, bits) else {
            continue;
        };
        maps += 1;
        // Every true cell as its own outline, corners computed as the grid lines are.
        let line = |o: f64, i: usize| o + i as f64 * size;
        let squares: Vec<Outline> = (0..cells.len())
            .filter(|&i| cells[i])
            .map(|i| {
                let (x, y) = (i % width, i / width);
                let (x0, x1, y0, y1) = (
                    line(origin.x, x),
                    line(origin.x, x + 1),
                    line(origin.y, y),
                    line(origin.y, y + 1),
                );
                Outline::new(vec![
                    rect(x0, y0, x1, y1)
                        .into_iter()
                        .map(Vector2D::from)
                        .collect(),
                ])
            })
            .collect();
        assert_eq!(
            region(&squares, bits, &what),
            a,
            "{what}: tile map differs from the union of its cells"
        );
        if let Some((.., b)) = random_map(&mut rng, bits) {
            let ops = check_booleans(&a, &b, &what);
            check_exact_identities(&a, &b, &ops, &what);
        }
    }
    assert!(maps > 100, "only {maps} maps were valid");
}

#[test]
fn pipeline_outputs_are_valid_navmeshes() {
    let mut rng = Rng::new(0x0055);
    let mut meshes = 0;
    for case in 0..90 {
        let bits = random_bits(&mut rng);
        let what = format!("case {case} (SnapBits {bits})");
        let region = if case % 2 == 0 {
            let Some((.., r)) = random_map(&mut rng, bits) else {
                continue;
            };
            r
        } else {
            region(&random_outlines(&mut rng, bits), bits, &what)
        };
        let unit = 1.0 / (1u64 << bits) as f64;
        let pipeline = Mesh2DPipeline {
            cell_size: rng.pick(&[1.0, 0.25, unit]),
            agent_radius: rng.pick(&[0.0, unit, 0.1, 0.4, 1.0]),
            max_vertices_per_polygon: 3 + rng.below(14),
        };
        meshes += usize::from(check_pipeline(&region, &pipeline, &what).is_some());
        // The partition of the unshrunk region at another vertex limit.
        let max = 3 + rng.below(14);
        let partition = region
            .partition_convex(max)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        partition
            .check_invariants()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(partition.area2(), region.area2(), "{what}: partition area");
        assert!(
            partition
                .remaining_mergeable_diagonals()
                .expect("diagonals")
                .is_empty(),
            "{what}"
        );
    }
    assert!(meshes > 70, "only {meshes} meshes were built");
}

#[test]
fn offsets_of_random_regions_are_valid() {
    let mut rng = Rng::new(0x0066);
    for case in 0..60 {
        let bits = random_bits(&mut rng);
        let what = format!("case {case} (SnapBits {bits})");
        let region = region(&random_outlines(&mut rng, bits), bits, &what);
        let unit = 1.0 / (1u64 << bits) as f64;
        let d = rng.pick(&[unit, 2.0 * unit, 0.3, 1.5]).max(unit);
        assert_eq!(
            check_offsets(&region, &[d, -d], rng.pick(&[0.0, unit, 0.1]), &what),
            4,
            "{what}"
        );
    }
}
