//! The optional features: serde round trips and validation, geo-types and mint conversions.
//!
//! Run with `cargo test -p onepath-build2d --all-features` (CI does).

#![cfg(any(feature = "serde", feature = "geo-types", feature = "mint"))]

use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Outline, Region, Vector2D};

fn room() -> Region {
    let outline = Outline::from_rings([
        vec![[0.0, 0.0], [12.0, 0.0], [12.0, 8.0], [0.0, 8.0]],
        vec![[4.0, 3.0], [4.0, 5.0], [7.0, 5.0], [7.0, 3.0]],
    ]);
    Region::from_outlines(&[outline], &Geometry2DOptions::with_snap_bits(4)).unwrap()
}

#[cfg(feature = "serde")]
mod serde_shapes {
    use super::*;
    use onepath_build2d::{ConvexPartition, NavMesh, Triangulation};

    #[test]
    fn results_round_trip_through_json() {
        let region = room();
        let json = serde_json::to_string(&region).unwrap();
        assert!(
            json.starts_with(r#"{"snap_bits":4,"rings":[[[0,0],[192,0],"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<Region>(&json).unwrap(), region);
        let triangulation = region.triangulate().unwrap();
        let back: Triangulation =
            serde_json::from_str(&serde_json::to_string(&triangulation).unwrap()).unwrap();
        assert_eq!(back, triangulation);
        let partition = triangulation.partition_convex(6).unwrap();
        let back: ConvexPartition =
            serde_json::from_str(&serde_json::to_string(&partition).unwrap()).unwrap();
        assert_eq!(back, partition);
        let pipeline = Mesh2DPipeline::new(1.0, 0.5);
        let mesh = pipeline.build(&region).unwrap();
        let back: NavMesh = serde_json::from_str(&serde_json::to_string(&mesh).unwrap()).unwrap();
        assert_eq!(back, mesh);
        let p: Mesh2DPipeline =
            serde_json::from_str(&serde_json::to_string(&pipeline).unwrap()).unwrap();
        assert_eq!(p, pipeline);
        let o: Outline =
            serde_json::from_str(r#"{"rings":[[{"x":0,"y":0},{"x":1,"y":0},{"x":0,"y":1}]]}"#)
                .unwrap();
        assert_eq!(o.rings[0][1], Vector2D::new(1.0, 0.0));
    }

    #[test]
    fn invalid_data_is_rejected() {
        let bad_regions = [
            r#"{"snap_bits":0,"rings":[[[0,0],[0,4],[4,4],[4,0]]]}"#, // clockwise outer ring
            r#"{"snap_bits":0,"rings":[[[0,0],[4,4],[4,0],[0,4]]]}"#, // self-crossing
            r#"{"snap_bits":0,"rings":[[[0,0],[2,0],[4,0],[4,4],[0,4]]]}"#, // collinear vertex kept
            r#"{"snap_bits":0,"rings":[[[4,0],[4,4],[0,4],[0,0]]]}"#, // wrong start edge
            r#"{"snap_bits":17,"rings":[]}"#,                         // bad grid
        ];
        for json in bad_regions {
            assert!(serde_json::from_str::<Region>(json).is_err(), "{json}");
        }
        let bad_triangulations = [
            r#"{"snap_bits":0,"vertices":[[0,0],[1,0],[0,1]],"triangles":[[0,2,1]],"neighbors":[-1,-1,-1]}"#,
            r#"{"snap_bits":0,"vertices":[[0,0],[1,0],[0,1]],"triangles":[[0,1,7]],"neighbors":[-1,-1,-1]}"#,
            r#"{"snap_bits":0,"vertices":[[0,0],[1,0],[0,1]],"triangles":[[0,1,2]],"neighbors":[-1,5,-1]}"#,
            r#"{"snap_bits":0,"vertices":[[1,0],[0,0],[0,1]],"triangles":[[0,2,1]],"neighbors":[-1,-1,-1]}"#,
            // A flipped, non-Delaunay diagonal (issue #23's defect).
            r#"{"snap_bits":0,"vertices":[[0,0],[2,-1],[2,1],[4,0]],"triangles":[[0,1,3],[0,3,2]],"neighbors":[-1,-1,1,0,-1,-1]}"#,
        ];
        for json in bad_triangulations {
            assert!(
                serde_json::from_str::<Triangulation>(json).is_err(),
                "{json}"
            );
        }
        let bad_partition = r#"{"snap_bits":0,"max_vertices_per_polygon":6,"vertices":[[0,0],[0,1],[1,0],[1,1]],"polygons":[[0,1,3,2]],"neighbors":[[-1,-1,-1,-1]]}"#;
        assert!(serde_json::from_str::<ConvexPartition>(bad_partition).is_err());
    }
}

#[cfg(feature = "geo-types")]
mod geo {
    use super::*;
    use geo_types::{LineString, MultiPolygon, Polygon};

    #[test]
    fn polygons_become_outlines_and_regions_become_multipolygons() {
        let polygon = Polygon::new(
            LineString::from(vec![
                (0.0, 0.0),
                (12.0, 0.0),
                (12.0, 8.0),
                (0.0, 8.0),
                (0.0, 0.0),
            ]),
            vec![LineString::from(vec![
                (4.0, 3.0),
                (7.0, 3.0),
                (7.0, 5.0),
                (4.0, 5.0),
                (4.0, 3.0),
            ])],
        );
        let outline = Outline::from(&polygon);
        assert_eq!(outline.rings[0].len(), 4, "the closing point is dropped");
        let region =
            Region::from_outlines(&[outline], &Geometry2DOptions::with_snap_bits(4)).unwrap();
        assert_eq!(region, room());
        let multi: MultiPolygon<f64> = (&region).into();
        assert_eq!(multi.0.len(), 1);
        assert_eq!(multi.0[0].interiors().len(), 1);
        assert_eq!(
            multi.0[0].exterior().0.first(),
            multi.0[0].exterior().0.last()
        );
        let again = Region::from_outlines(
            &[Outline::from(&multi)],
            &Geometry2DOptions::with_snap_bits(4),
        )
        .unwrap();
        assert_eq!(again, region);
    }
}

#[cfg(feature = "mint")]
mod mint_points {
    use super::*;

    #[test]
    fn vectors_convert_both_ways() {
        let v = Vector2D::from(mint::Point2 { x: 1.5, y: -2.0 });
        assert_eq!(v, Vector2D::new(1.5, -2.0));
        let p: mint::Vector2<f64> = v.into();
        assert_eq!((p.x, p.y), (1.5, -2.0));
        let o = Outline::from_ring([
            mint::Point2 { x: 0.0, y: 0.0 },
            mint::Point2 { x: 1.0, y: 0.0 },
            mint::Point2 { x: 0.0, y: 1.0 },
        ]);
        assert_eq!(o.rings[0].len(), 3);
    }
}
