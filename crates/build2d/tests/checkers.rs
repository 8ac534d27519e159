//! The invariant checkers of the umbrella crate report in one typed form
//! (`Error::Invariant`), and `from_parts` / `from_polygons` refuse what breaks a promise,
//! among them a triangulation whose diagonal is not Delaunay.

use onepath_build2d::{
    ConvexPartition, Error, Geometry2DOptions, GridPoint, Mesh2DPipeline, NavMesh, Outline, Region,
    Triangulation,
};

/// A convex quadrilateral A(0, 0), B(2, -1), C(2, 1), D(4, 0): B–C is its Delaunay
/// diagonal, A–D is not (C lies inside the circle through A, B, D).
fn quad() -> Vec<GridPoint> {
    [(0, 0), (2, -1), (2, 1), (4, 0)]
        .map(GridPoint::from)
        .to_vec()
}

fn invariant_of(error: Error) -> &'static str {
    match error {
        Error::Invariant { what, .. } => what,
        other => panic!("not an invariant error: {other}"),
    }
}

#[test]
fn a_flipped_non_delaunay_triangulation_is_rejected() {
    let delaunay = Triangulation::from_parts(
        0,
        quad(),
        vec![[0, 1, 2], [1, 3, 2]],
        vec![-1, 1, -1, -1, -1, 0],
    )
    .expect("the Delaunay diagonal");
    assert_eq!(delaunay.area2(), 8);
    let flipped = Triangulation::from_parts(
        0,
        quad(),
        vec![[0, 1, 3], [0, 3, 2]],
        vec![-1, -1, 1, 0, -1, -1],
    )
    .unwrap_err();
    assert_eq!(invariant_of(flipped.clone()), "triangulation");
    assert!(
        flipped.to_string().contains("not locally Delaunay"),
        "{flipped}"
    );
}

#[test]
fn every_checker_reports_an_invariant_error() {
    let unsorted = Triangulation::from_parts(
        0,
        vec![GridPoint::new(1, 0), GridPoint::new(0, 0)],
        vec![],
        vec![],
    );
    assert_eq!(invariant_of(unsorted.unwrap_err()), "triangulation");

    let not_convex =
        ConvexPartition::from_polygons(0, quad(), &[vec![0, 1, 3, 2]], &[vec![-1, -1, -1, -1]], 6);
    assert!(not_convex.is_ok(), "the quadrilateral is convex");
    let clockwise =
        ConvexPartition::from_polygons(0, quad(), &[vec![0, 2, 3, 1]], &[vec![-1, -1, -1, -1]], 6);
    assert_eq!(invariant_of(clockwise.unwrap_err()), "convex partition");
    let bad_limit =
        ConvexPartition::from_polygons(0, quad(), &[vec![0, 1, 3, 2]], &[vec![-1; 4]], 17);
    assert!(matches!(
        bad_limit.unwrap_err(),
        Error::InvalidArgument { .. }
    ));

    let square = Region::from_outlines(
        &[Outline::from_ring([
            [0.0, 0.0],
            [4.0, 0.0],
            [4.0, 4.0],
            [0.0, 4.0],
        ])],
        &Geometry2DOptions::with_snap_bits(0),
    )
    .expect("a square");
    let mesh = Mesh2DPipeline::new(1.0, 0.0)
        .build(&square)
        .expect("a mesh");
    let fans: Vec<Vec<i32>> = mesh.vertex_fans().iter().map(<[i32]>::to_vec).collect();
    NavMesh::from_parts(
        square.clone(),
        mesh.triangle_count(),
        mesh.polygons().clone(),
        &fans,
    )
    .expect("its own parts");
    let wrong_count = NavMesh::from_parts(
        square.clone(),
        mesh.triangle_count() + 1,
        mesh.polygons().clone(),
        &fans,
    );
    assert_eq!(invariant_of(wrong_count.unwrap_err()), "navigation mesh");
    let wrong_fans =
        NavMesh::from_parts(square, mesh.triangle_count(), mesh.polygons().clone(), &[]);
    assert_eq!(invariant_of(wrong_fans.unwrap_err()), "navigation mesh");
}
