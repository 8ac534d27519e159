//! The point queries' contract on small meshes (decisions D18): shared edges and vertices,
//! the rounding of projections (slivers included), far and bad query points, the empty
//! mesh, and the index built once and shared by threads. The brute-force comparisons on
//! real maps are in `tests/tests/queries.rs`.

use onepath_build2d::{
    ClosestPoint, Error, Geometry2DOptions, GridPoint, Location, Mesh2DPipeline, NavMesh, Outline,
    Region, Vector2D,
};

fn mesh_of(rings: &[&[[f64; 2]]], snap_bits: u32, radius: f64) -> NavMesh {
    let outline = Outline::from_rings(rings.iter().map(|r| r.to_vec()));
    let region =
        Region::from_outlines(&[outline], &Geometry2DOptions::with_snap_bits(snap_bits)).unwrap();
    Mesh2DPipeline::new(1.0, radius).build(&region).unwrap()
}

fn g(x: i64, y: i64) -> GridPoint {
    GridPoint::new(x, y)
}

/// A 2 x 1 rectangle cut into triangles (vertex limit 3) on a grid of half units, so the
/// midpoint of every edge is a grid point.
fn triangles() -> NavMesh {
    let outline = [[0.0, 0.0], [2.0, 0.0], [2.0, 1.0], [0.0, 1.0]];
    let region = Region::from_outlines(
        &[Outline::from_ring(outline)],
        &Geometry2DOptions::with_snap_bits(1),
    )
    .unwrap();
    Mesh2DPipeline {
        max_vertices_per_polygon: 3,
        ..Mesh2DPipeline::new(1.0, 0.0)
    }
    .build(&region)
    .unwrap()
}

#[test]
fn shared_edges_and_vertices_belong_to_the_smallest_polygon() {
    // A room with a pillar, cut into triangles: many shared edges and vertices.
    let room = mesh_of(
        &[
            &[[0.0, 0.0], [10.0, 0.0], [10.0, 6.0], [0.0, 6.0]],
            &[[4.0, 2.0], [6.0, 2.0], [6.0, 4.0], [4.0, 4.0]],
        ],
        1,
        0.0,
    );
    for mesh in [triangles(), room] {
        let vertices = mesh.vertices();
        let mut shared = 0;
        for (i, polygon) in mesh.polygons().iter().enumerate() {
            let corners = polygon.vertices;
            for (k, &j) in polygon.neighbors.iter().enumerate() {
                let (a, b) = (
                    vertices[corners[k] as usize],
                    vertices[corners[(k + 1) % corners.len()] as usize],
                );
                let mid = g((a.x + b.x) / 2, (a.y + b.y) / 2);
                let expected = if j < 0 { i } else { i.min(j as usize) };
                assert_eq!(mesh.locate_grid(mid).unwrap(), Some(expected), "{a}-{b}");
                shared += usize::from(j >= 0);
            }
        }
        assert!(shared >= 2);
        // A vertex belongs to the smallest polygon of its fan.
        for (v, fan) in mesh.vertex_fans().iter().enumerate() {
            let smallest = fan.iter().filter(|&&p| p >= 0).min().map(|&p| p as usize);
            assert_eq!(
                mesh.locate_grid(vertices[v]).unwrap(),
                smallest,
                "{}",
                vertices[v]
            );
        }
    }
    let mesh = triangles();
    assert_eq!(mesh.polygons().len(), 2);
    assert_eq!(mesh.locate([2.0, 1.5]).unwrap(), None);
    // closest_point names the polygon locate gives its answer.
    let c = mesh.closest_point([1.0, 3.0]).unwrap().unwrap();
    assert_eq!((c.grid_point, c.moved), (g(2, 2), true));
    assert_eq!(Some(c.polygon), mesh.locate_grid(c.grid_point).unwrap());
    assert_eq!(c.point, Vector2D::new(1.0, 1.0));
    // The closest point of a point on the mesh is the point itself.
    let c = mesh.closest_point([1.5, 0.5]).unwrap().unwrap();
    assert!(!c.moved && c.grid_point == g(3, 1));
    // polygons_in: corners in any order; a box touching the mesh at one corner.
    assert_eq!(
        mesh.polygons_in([1.0, 2.0], [1.5, -1.0]).unwrap(),
        vec![0, 1]
    );
    assert_eq!(mesh.polygons_in([2.0, 1.0], [3.0, 3.0]).unwrap().len(), 1);
    assert!(mesh.polygons_in([2.5, 0.0], [3.0, 3.0]).unwrap().is_empty());
}

#[test]
fn projections_round_to_a_grid_point_inside_their_polygon() {
    // A triangle whose hypotenuse runs from (0, 0) to (7, 3): projections onto it fall
    // between grid points and about half of the nearest grid points lie outside.
    let mesh = mesh_of(&[&[[0.0, 0.0], [7.0, 3.0], [0.0, 3.0]]], 0, 0.0);
    for x in -3..10 {
        for y in -6..0 {
            let c: ClosestPoint = mesh.closest_point([x as f64, y as f64]).unwrap().unwrap();
            let p = c.grid_point;
            // Inside or on the triangle: left of or on every edge.
            assert!(
                p.y <= 3 && p.x >= 0 && 3 * p.x - 7 * p.y <= 0,
                "({x}, {y}) -> {p}"
            );
            assert_eq!(c.polygon, 0);
        }
    }
    // (3, -1) projects exactly: along = 3·7 − 3 = 18, len2 = 58, so q =
    // (126/58, 54/58) ≈ (2.17, 0.93); the cell's corners in the triangle are (2, 1) only
    // ((3, 1) is outside: 3·3 − 7 = 2 > 0).
    let c = mesh.closest_point([3.0, -1.0]).unwrap().unwrap();
    assert_eq!(c.grid_point, g(2, 1));
}

#[test]
fn a_sliver_narrower_than_a_grid_unit_rounds_along_its_edge() {
    // Near (0, 0) the triangle lies between y = x / 1000 and y = x / 250: less than a unit
    // wide, with no grid point there, and the edge (0, 0)-(1000, 1) has no grid point but
    // its ends. A projection there has no cell corner in the triangle, so the nearest grid
    // point of the edge is taken. Near (1000, 1) the triangle is wide enough again.
    let mesh = mesh_of(&[&[[0.0, 0.0], [1000.0, 1.0], [500.0, 2.0]]], 0, 0.0);
    assert_eq!(mesh.polygons().len(), 1);
    let c = mesh.closest_point([10.0, -5.0]).unwrap().unwrap();
    assert_eq!((c.grid_point, c.polygon), (g(0, 0), 0));
    let c = mesh.closest_point([990.0, -5.0]).unwrap().unwrap();
    assert_eq!(c.grid_point, g(990, 1));
}

#[test]
fn far_points_find_the_nearest_corner() {
    let mesh = mesh_of(
        &[
            &[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]],
            &[[10.0, 0.0], [12.0, 0.0], [12.0, 2.0]],
        ],
        16,
        0.0,
    );
    let far = 2_097_152.0;
    for (p, expected) in [
        ([-far, -far], [0.0, 0.0]),
        ([far, -far], [12.0, 0.0]),
        ([far, far], [12.0, 2.0]),
        ([-far, far], [0.0, 4.0]),
        ([7.0, 1000.0], [4.0, 4.0]),
        ([11.0, -0.5], [11.0, 0.0]),
    ] {
        let c = mesh.closest_point(p).unwrap().unwrap();
        assert_eq!(c.point, Vector2D::from(expected), "{p:?}");
    }
}

#[test]
fn bad_query_points_are_errors_naming_the_argument() {
    let mesh = triangles();
    let err = mesh.locate([f64::NAN, 0.0]).unwrap_err();
    assert!(
        matches!(&err, Error::OutOfRange { location: Location::Argument("point"), message } if message.starts_with("x: NaN")),
        "{err}"
    );
    let err = mesh.closest_point([0.0, 3e6]).unwrap_err();
    assert!(
        matches!(&err, Error::OutOfRange { message, .. } if message.starts_with("y: 3000000")),
        "{err}"
    );
    let err = mesh
        .polygons_in([0.0, 0.0], [f64::INFINITY, 1.0])
        .unwrap_err();
    assert!(
        matches!(
            &err,
            Error::OutOfRange {
                location: Location::Argument("b"),
                ..
            }
        ),
        "{err}"
    );
    for p in [g(i64::MAX, 0), g(0, i64::MIN), g(1 << 40, 0)] {
        assert!(mesh.locate_grid(p).is_err(), "{p}");
        assert!(mesh.closest_grid_point(p).is_err(), "{p}");
        assert!(mesh.polygons_in_grid(g(0, 0), p).is_err(), "{p}");
    }
    // The limit itself is a valid query far outside the mesh.
    assert_eq!(mesh.locate_grid(g(1 << 39, -(1 << 39))).unwrap(), None);
    let c = mesh
        .closest_grid_point(g(1 << 39, -(1 << 39)))
        .unwrap()
        .unwrap();
    assert_eq!(c.grid_point, g(4, 0));
}

#[test]
fn the_empty_mesh_answers_nothing() {
    let region = Region::empty(&Geometry2DOptions::default()).unwrap();
    let mesh = Mesh2DPipeline::new(1.0, 0.5).build(&region).unwrap();
    mesh.build_query_index().unwrap();
    assert_eq!(mesh.locate([0.0, 0.0]).unwrap(), None);
    assert_eq!(mesh.closest_point([0.0, 0.0]).unwrap(), None);
    assert!(
        mesh.polygons_in([-1.0, -1.0], [1.0, 1.0])
            .unwrap()
            .is_empty()
    );
}

#[test]
fn the_index_is_built_once_and_shared_by_threads() {
    let mesh = mesh_of(
        &[
            &[[0.0, 0.0], [30.0, 0.0], [30.0, 20.0], [0.0, 20.0]],
            &[[5.0, 5.0], [25.0, 5.0], [15.0, 15.0]],
        ],
        16,
        0.5,
    );
    let answers = |mesh: &NavMesh| -> Vec<(Option<usize>, Option<GridPoint>)> {
        (0..200)
            .map(|i| {
                let p = [(i % 20) as f64 * 1.6 - 1.0, (i / 20) as f64 * 2.2 - 1.0];
                (
                    mesh.locate(p).unwrap(),
                    mesh.closest_point(p).unwrap().map(|c| c.grid_point),
                )
            })
            .collect()
    };
    let expected = answers(&mesh);
    let fresh = mesh.clone();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4).map(|_| s.spawn(|| answers(&fresh))).collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), expected);
        }
    });
    // A clone equals the original (the index is not part of the mesh's value).
    assert_eq!(fresh, mesh);
    assert!(format!("{mesh:?}").contains("built: true"));
}
