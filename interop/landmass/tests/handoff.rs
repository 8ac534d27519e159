//! The hand-off itself: vertices, polygon order and orientation, node types carrying the
//! areas, the cost table, and clear errors instead of panics.

use std::sync::Arc;

use onepath_build2d::{
    AreaMap, DEFAULT_AREA, Geometry2DOptions, Mesh2DPipeline, NavMesh, Outline, Region, Vector2D,
};
use onepath_landmass::glam;
use onepath_landmass::landmass::{
    Archipelago, ArchipelagoOptions, FromAgentRadius, Island, SamplePointError, Transform,
    ValidationError, XY,
};
use onepath_landmass::{
    LandmassError, area_costs, from_vec2, navigation_mesh, set_area_costs, to_landmass, to_vec2,
    type_index,
};

fn archipelago(mesh: &NavMesh) -> Archipelago<XY> {
    let mut archipelago = Archipelago::<XY>::new(ArchipelagoOptions::from_agent_radius(0.5));
    let valid = to_landmass(mesh).unwrap();
    archipelago.add_island(Island::new(Transform::default(), Arc::new(valid)));
    archipelago.update(0.0);
    archipelago
}

/// A room with a wall from the bottom, ending at y = 5.
fn room() -> NavMesh {
    let room = Region::from_outlines(
        &[Outline::from_rings([
            vec![[0.0, 0.0], [10.0, 0.0], [10.0, 6.0], [0.0, 6.0]],
            vec![[4.0, 0.0], [6.0, 0.0], [6.0, 5.0], [4.0, 5.0]],
        ])],
        &Geometry2DOptions::default(),
    )
    .unwrap();
    Mesh2DPipeline::new(1.0, 0.0).build(&room).unwrap()
}

/// A 12 x 8 tile map of three areas in bands of four columns (1, 2, 3 from the left) with
/// a few blocked cells, built with area types.
fn three_areas() -> NavMesh {
    let (width, height) = (12, 8);
    let codes: Vec<u8> = (0..width * height)
        .map(|i| {
            let (x, y) = (i % width, i / width);
            if (x + 2 * y) % 7 == 3 && y % 3 != 0 {
                0
            } else {
                (x / 4 + 1) as u8
            }
        })
        .collect();
    let areas = AreaMap::from_tile_map(
        &codes,
        width,
        height,
        1.0,
        Vector2D::new(0.0, 0.0),
        &Geometry2DOptions::default(),
    )
    .unwrap();
    Mesh2DPipeline::new(1.0, 0.0).build_areas(&areas).unwrap()
}

/// Twice the signed area of a polygon (positive: counter-clockwise).
fn twice_area(points: &[glam::Vec2]) -> f64 {
    (0..points.len())
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            f64::from(a.x) * f64::from(b.y) - f64::from(b.x) * f64::from(a.y)
        })
        .sum()
}

#[test]
fn every_polygon_goes_over_in_order_counter_clockwise_with_its_own_corners() {
    for mesh in [room(), three_areas()] {
        let landmass = navigation_mesh(&mesh);
        let points = mesh.vertices_f64();
        assert_eq!(landmass.polygons.len(), mesh.polygons().len());
        assert!(landmass.height_mesh.is_none());
        let mut used = vec![false; points.len()];
        for (polygon, ours) in landmass.polygons.iter().zip(mesh.polygons().iter()) {
            let corners: Vec<glam::Vec2> = polygon.iter().map(|&v| landmass.vertices[v]).collect();
            let expected: Vec<glam::Vec2> = ours
                .vertices
                .iter()
                .map(|&v| to_vec2(points[v as usize]))
                .collect();
            assert_eq!(corners, expected);
            assert!(twice_area(&corners) > 0.0, "{corners:?}");
            for &v in ours.vertices {
                used[v as usize] = true;
            }
        }
        // Only the vertices a polygon uses, each once.
        assert_eq!(landmass.vertices.len(), used.iter().filter(|&&u| u).count());
        assert!(to_landmass(&mesh).is_ok());
    }
}

#[test]
fn node_types_are_the_polygons_areas() {
    let plain = room();
    assert!(
        navigation_mesh(&plain)
            .polygon_type_indices
            .iter()
            .all(|&t| t == type_index(DEFAULT_AREA))
    );

    let mesh = three_areas();
    let areas = mesh.polygon_areas();
    assert_eq!(mesh.area_regions().len(), 3);
    let expected: Vec<usize> = areas.iter().map(|&a| type_index(a)).collect();
    assert_eq!(navigation_mesh(&mesh).polygon_type_indices, expected);
    for area in 1..=3 {
        assert!(areas.contains(&area), "area {area} has polygons");
    }

    // Through landmass's own queries: the type of a point sampled inside each polygon (its
    // vertex average) is that polygon's area.
    let archipelago = archipelago(&mesh);
    let points = mesh.vertices_f64();
    for (i, polygon) in mesh.polygons().iter().enumerate() {
        let n = polygon.vertices.len() as f64;
        let (sx, sy) = polygon.vertices.iter().fold((0.0, 0.0), |(x, y), &v| {
            (x + points[v as usize].x, y + points[v as usize].y)
        });
        let inside = to_vec2(Vector2D::new(sx / n, sy / n));
        let sampled = archipelago.sample_point(inside, &1e-3).unwrap();
        assert_eq!(sampled.point(), inside, "polygon {i}");
        assert_eq!(sampled.type_index(), type_index(areas[i]), "polygon {i}");
    }
}

#[test]
fn type_index_is_the_area_id() {
    assert_eq!(type_index(1), 1);
    assert_eq!(type_index(255), 255);
}

#[test]
fn points_convert_to_the_nearest_f32_and_back_exactly() {
    let v = to_vec2(Vector2D::new(0.1, -3.5));
    assert_eq!(v, glam::Vec2::new(0.1, -3.5));
    assert_eq!(from_vec2(v), Vector2D::new(f64::from(0.1f32), -3.5));
}

#[test]
fn an_empty_mesh_is_an_island_without_ground() {
    let empty = Region::empty(&Geometry2DOptions::default()).unwrap();
    let mesh = Mesh2DPipeline::new(1.0, 0.0).build(&empty).unwrap();
    assert!(navigation_mesh(&mesh).polygons.is_empty());
    let archipelago = archipelago(&mesh);
    let sampled = archipelago.sample_point(glam::Vec2::ZERO, &1.0);
    assert_eq!(sampled.err(), Some(SamplePointError::OutOfRange));
}

#[test]
fn a_polygon_that_rounding_to_f32_flattens_is_a_clear_error() {
    // A thin triangle, counter-clockwise by 2^-16 of a unit at 2^19: in f32 (24 bits) its
    // apex (2^19, 2^19 + 2^-16) rounds onto the line through the other two corners.
    let (far, half, tiny) = (2f64.powi(20), 2f64.powi(19), 2f64.powi(-16));
    let sliver = Region::from_outlines(
        &[Outline::from_rings([vec![
            [0.0, 0.0],
            [far, far],
            [half, half + tiny],
        ]])],
        &Geometry2DOptions::default(),
    )
    .unwrap();
    let mesh = Mesh2DPipeline::new(1.0, 0.0).build(&sliver).unwrap();
    assert_eq!(mesh.polygons().len(), 1);
    let err = to_landmass(&mesh).unwrap_err();
    assert!(
        matches!(
            err,
            LandmassError::Rejected(ValidationError::ConcavePolygon(0))
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "landmass refused the mesh: The polygon at index 0 is concave or has edges in clockwise order."
    );
}

#[test]
fn costs_must_be_positive_and_a_bad_table_registers_nothing() {
    for cost in [0.0, -1.0, f32::NAN, f32::NEG_INFINITY] {
        let err = area_costs(&[(1, 2.0), (4, cost)]).unwrap_err();
        assert!(
            matches!(err, LandmassError::InvalidCost { area: 4, cost: c } if c.to_bits() == cost.to_bits()),
            "{err:?}"
        );
    }
    assert_eq!(
        area_costs(&[(4, 0.0)]).unwrap_err().to_string(),
        "area 4 has cost 0; landmass needs a positive cost (infinity closes the area)"
    );

    let table = area_costs(&[(1, 2.0), (3, f32::INFINITY), (1, 0.5)]).unwrap();
    assert_eq!(table.len(), 2);
    assert_eq!(
        table[&type_index(1)],
        0.5,
        "a later entry replaces an earlier one"
    );
    assert_eq!(table[&type_index(3)], f32::INFINITY);

    let mut archipelago = archipelago(&three_areas());
    assert!(set_area_costs(&mut archipelago, &[(1, 2.0), (3, -1.0)]).is_err());
    assert_eq!(archipelago.get_type_index_costs().count(), 0);
    set_area_costs(&mut archipelago, &[(1, 2.0), (3, f32::INFINITY), (1, 0.5)]).unwrap();
    assert_eq!(archipelago.get_type_index_cost(type_index(1)), Some(0.5));
    assert_eq!(archipelago.get_type_index_cost(type_index(2)), None);
    assert_eq!(
        archipelago.get_type_index_cost(type_index(3)),
        Some(f32::INFINITY)
    );
}
