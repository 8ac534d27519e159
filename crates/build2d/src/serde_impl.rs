//! Serde support (feature `serde`): a stable, documented shape, validated on the way in.
//!
//! Grid points are `[x, y]` integer pairs in grid units; every type that promises
//! invariants is deserialised through a plain data form and accepted only when its
//! `check_invariants()` holds, so no invalid value can be read back.
//!
//! | type | shape |
//! |---|---|
//! | `Vector2D` | `{"x": f64, "y": f64}` |
//! | `Geometry2DOptions` | `{"snap_bits": u32}` |
//! | `Outline` | `{"rings": [[{"x", "y"}, ...], ...]}` |
//! | `Mesh2DPipeline` | `{"cell_size", "agent_radius", "max_vertices_per_polygon"}` (the grid is the region's, decisions D14) |
//! | `Region` | `{"snap_bits": u32, "rings": [[[x, y], ...], ...]}` |
//! | `Triangulation` | `{"snap_bits", "vertices": [[x, y]], "triangles": [[a, b, c]], "neighbors": [i32]}` |
//! | `ConvexPartition` | `{"snap_bits", "max_vertices_per_polygon", "vertices", "polygons": [[u32]], "neighbors": [[i32]]}` |
//! | `NavMesh` | `{"region": Region, "triangle_count": usize, "polygons": ConvexPartition, "vertex_fans": [[i32]], "polygon_areas": [u8], "area_regions": [[u8, Region]]}` (the last two optional: area 1 everywhere) |

use crate::areas::{AreaId, DEFAULT_AREA};
use crate::error::Result;
use crate::navmesh::NavMesh;
use crate::region::Region;
use crate::triangulate::{ConvexPartition, Triangulation};
use onepath_predicates::GridPoint;
use serde::{Deserialize, Serialize};

fn to_pairs(points: &[GridPoint]) -> Vec<[i64; 2]> {
    points.iter().map(|p| [p.x, p.y]).collect()
}

fn from_pairs(pairs: &[[i64; 2]]) -> Vec<GridPoint> {
    pairs.iter().map(|&p| GridPoint::from(p)).collect()
}

/// `Serialize` and `Deserialize` for a type through its plain data form: `$to` makes the
/// data of `$value`, `$from` rebuilds the value from `$data` as a `Result`, whose error (a
/// broken invariant) becomes the deserialiser's.
macro_rules! serde_through {
    ($type:ty, $form:ty, |$value:ident| $to:expr, |$data:ident| $from:expr) => {
        impl Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let $value = self;
                let form: $form = $to;
                form.serialize(serializer)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let $data = <$form>::deserialize(deserializer)?;
                let value: Result<$type> = $from;
                value.map_err(serde::de::Error::custom)
            }
        }
    };
}

/// The plain form of a [`Region`].
#[derive(Serialize, Deserialize)]
struct RegionData {
    snap_bits: u32,
    rings: Vec<Vec<[i64; 2]>>,
}

serde_through!(
    Region,
    RegionData,
    |region| RegionData {
        snap_bits: region.snap_bits,
        rings: region.rings.iter().map(|r| to_pairs(r)).collect(),
    },
    |data| {
        let region = Region {
            snap_bits: data.snap_bits,
            rings: data.rings.iter().map(|r| from_pairs(r)).collect(),
        };
        region.check_invariants().map(|()| region)
    }
);

/// The plain form of a [`Triangulation`].
#[derive(Serialize, Deserialize)]
struct TriangulationData {
    snap_bits: u32,
    vertices: Vec<[i64; 2]>,
    triangles: Vec<[u32; 3]>,
    neighbors: Vec<i32>,
}

serde_through!(
    Triangulation,
    TriangulationData,
    |t| TriangulationData {
        snap_bits: t.snap_bits(),
        vertices: to_pairs(t.vertices()),
        triangles: t.triangles().to_vec(),
        neighbors: t.neighbors().to_vec(),
    },
    |data| Triangulation::from_parts(
        data.snap_bits,
        from_pairs(&data.vertices),
        data.triangles,
        data.neighbors,
    )
);

/// The plain form of a [`ConvexPartition`].
#[derive(Serialize, Deserialize)]
struct PartitionData {
    snap_bits: u32,
    max_vertices_per_polygon: usize,
    vertices: Vec<[i64; 2]>,
    polygons: Vec<Vec<u32>>,
    neighbors: Vec<Vec<i32>>,
}

serde_through!(
    ConvexPartition,
    PartitionData,
    |p| PartitionData {
        snap_bits: p.snap_bits(),
        max_vertices_per_polygon: p.max_vertices_per_polygon(),
        vertices: to_pairs(p.vertices()),
        polygons: p.iter().map(|p| p.vertices.to_vec()).collect(),
        neighbors: p.iter().map(|p| p.neighbors.to_vec()).collect(),
    },
    |data| ConvexPartition::from_polygons(
        data.snap_bits,
        from_pairs(&data.vertices),
        &data.polygons,
        &data.neighbors,
        data.max_vertices_per_polygon,
    )
);

/// The plain form of a [`NavMesh`].
#[derive(Serialize, Deserialize)]
struct NavMeshData {
    region: Region,
    triangle_count: usize,
    polygons: ConvexPartition,
    vertex_fans: Vec<Vec<i32>>,
    /// The area of each polygon (decisions D16); absent means area 1 everywhere.
    #[serde(default)]
    polygon_areas: Option<Vec<AreaId>>,
    /// Each area's region; absent means the whole region in area 1.
    #[serde(default)]
    area_regions: Option<Vec<(AreaId, Region)>>,
}

serde_through!(
    NavMesh,
    NavMeshData,
    |mesh| NavMeshData {
        region: mesh.region().clone(),
        triangle_count: mesh.triangle_count(),
        polygons: mesh.polygons().clone(),
        vertex_fans: mesh.vertex_fans().iter().map(<[i32]>::to_vec).collect(),
        polygon_areas: Some(mesh.polygon_areas().to_vec()),
        area_regions: Some(mesh.area_regions().to_vec()),
    },
    |data| {
        let areas = data
            .polygon_areas
            .unwrap_or_else(|| vec![DEFAULT_AREA; data.polygons.len()]);
        let area_regions = data
            .area_regions
            .unwrap_or_else(|| vec![(DEFAULT_AREA, data.region.clone())]);
        NavMesh::from_parts_with_areas(
            data.region,
            data.triangle_count,
            data.polygons,
            &data.vertex_fans,
            areas,
            area_regions,
        )
    }
);
