//! The labelled merge (decisions D16): the same pass, never across an edge between
//! triangles of different labels, each polygon carrying its triangles' label.

mod support;

use onepath_convex::{ConvexError, partition_convex, partition_convex_labelled};
use onepath_predicates::{GridPoint, twice_area};
use std::collections::BTreeMap;
use support::checks::assert_partition_shape;
use support::shapes::random_tile_mesh;
use support::{Mesh, Rng};

/// Labels the triangles of `mesh` by a pseudo-random grid of `stripes` vertical bands
/// (so label borders cut the mesh along triangle edges only where a band boundary falls
/// on one; elsewhere a triangle takes the band of its smallest vertex).
fn banded_labels(mesh: &Mesh, rng: &mut Rng, bands: u64) -> Vec<u32> {
    let salt = rng.below(1000) as u32;
    mesh.triangles
        .iter()
        .map(|t| {
            let x = mesh.points[t[0] as usize].x;
            salt + (x.rem_euclid(bands as i64 + 1)) as u32
        })
        .collect()
}

/// Twice the area per label, of triangles and of polygons.
fn area_by_label<'a>(
    points: &[GridPoint],
    rings: impl Iterator<Item = (&'a [u32], u32)>,
) -> BTreeMap<u32, i128> {
    let mut areas = BTreeMap::new();
    for (ring, label) in rings {
        *areas.entry(label).or_insert(0) += twice_area(ring.iter().map(|&v| points[v as usize]));
    }
    areas
}

#[test]
fn polygons_never_cross_a_label_border_and_areas_add_up_per_label() {
    let mut rng = Rng::new(0x5EED_0A1E);
    let mut borders_seen = 0;
    for round in 0..150 {
        let (width, height) = (2 + round % 9, 2 + (round / 9) % 8);
        let mesh = random_tile_mesh(&mut rng, width, height);
        let labels = banded_labels(&mesh, &mut rng, 1 + (round % 3) as u64);
        for limit in [3, 4, 6, 16] {
            let (partition, polygon_labels) = partition_convex_labelled(
                &mesh.points,
                &mesh.triangles,
                &mesh.neighbors,
                &labels,
                limit,
            )
            .expect("a valid triangulation");
            assert_partition_shape(&mesh, &partition);
            assert_eq!(polygon_labels.len(), partition.len());
            let triangles = area_by_label(
                &mesh.points,
                mesh.triangles
                    .iter()
                    .map(|t| t.as_slice())
                    .zip(labels.iter().copied()),
            );
            let polygons = area_by_label(
                &mesh.points,
                partition
                    .iter()
                    .map(|p| p.vertices)
                    .zip(polygon_labels.iter().copied()),
            );
            assert_eq!(triangles, polygons, "round {round}, limit {limit}");
            assert!(
                partition
                    .remaining_mergeable_diagonals_labelled(&mesh.points, &polygon_labels)
                    .expect("consistent")
                    .is_empty()
            );
            borders_seen += partition
                .iter()
                .enumerate()
                .flat_map(|(p, poly)| poly.neighbors.iter().map(move |&n| (p, n)))
                .filter(|&(p, n)| n >= 0 && polygon_labels[p] != polygon_labels[n as usize])
                .count();
        }
    }
    assert!(
        borders_seen > 1000,
        "{borders_seen} polygon edges on label borders"
    );
}

#[test]
fn one_label_is_the_plain_pass() {
    let mut rng = Rng::new(0x5EED_0A1F);
    for round in 0..60 {
        let mesh = random_tile_mesh(&mut rng, 1 + round % 7, 1 + round / 7);
        let labels = vec![7; mesh.triangles.len()];
        let (labelled, polygon_labels) =
            partition_convex_labelled(&mesh.points, &mesh.triangles, &mesh.neighbors, &labels, 6)
                .expect("valid");
        let plain =
            partition_convex(&mesh.points, &mesh.triangles, &mesh.neighbors, 6).expect("valid");
        assert_eq!(labelled, plain);
        assert!(polygon_labels.iter().all(|&l| l == 7));
    }
}

#[test]
fn a_label_per_triangle_is_required() {
    let mut rng = Rng::new(3);
    let mesh = random_tile_mesh(&mut rng, 3, 3);
    let err = partition_convex_labelled(&mesh.points, &mesh.triangles, &mesh.neighbors, &[1], 6)
        .unwrap_err();
    assert!(matches!(err, ConvexError::LabelCount { found: 1, .. }));
}
