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
//! | `NavMesh` | `{"region": Region, "triangle_count": usize, "polygons": ConvexPartition, "vertex_fans": [[i32]]}` |

use crate::input::Geometry2DOptions;
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

/// The SnapBits check of every other input ([`Geometry2DOptions::validate`]).
fn check_snap_bits(snap_bits: u32) -> Result<(), crate::Error> {
    Geometry2DOptions::with_snap_bits(snap_bits).validate()
}

/// The plain form of a [`Region`].
#[derive(Serialize, Deserialize)]
struct RegionData {
    snap_bits: u32,
    rings: Vec<Vec<[i64; 2]>>,
}

impl Serialize for Region {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RegionData {
            snap_bits: self.snap_bits,
            rings: self.rings.iter().map(|r| to_pairs(r)).collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Region {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = RegionData::deserialize(deserializer)?;
        check_snap_bits(data.snap_bits).map_err(serde::de::Error::custom)?;
        let region = Region {
            snap_bits: data.snap_bits,
            rings: data.rings.iter().map(|r| from_pairs(r)).collect(),
        };
        region
            .check_invariants()
            .map_err(serde::de::Error::custom)?;
        Ok(region)
    }
}

/// The plain form of a [`Triangulation`].
#[derive(Serialize, Deserialize)]
struct TriangulationData {
    snap_bits: u32,
    vertices: Vec<[i64; 2]>,
    triangles: Vec<[u32; 3]>,
    neighbors: Vec<i32>,
}

impl Serialize for Triangulation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        TriangulationData {
            snap_bits: self.snap_bits(),
            vertices: to_pairs(self.vertices()),
            triangles: self.triangles().to_vec(),
            neighbors: self.neighbors().to_vec(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Triangulation {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = TriangulationData::deserialize(deserializer)?;
        check_snap_bits(data.snap_bits).map_err(serde::de::Error::custom)?;
        Triangulation::from_parts(
            data.snap_bits,
            from_pairs(&data.vertices),
            data.triangles,
            data.neighbors,
        )
        .map_err(serde::de::Error::custom)
    }
}

/// The plain form of a [`ConvexPartition`].
#[derive(Serialize, Deserialize)]
struct PartitionData {
    snap_bits: u32,
    max_vertices_per_polygon: usize,
    vertices: Vec<[i64; 2]>,
    polygons: Vec<Vec<u32>>,
    neighbors: Vec<Vec<i32>>,
}

impl Serialize for ConvexPartition {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PartitionData {
            snap_bits: self.snap_bits(),
            max_vertices_per_polygon: self.max_vertices_per_polygon(),
            vertices: to_pairs(self.vertices()),
            polygons: self.iter().map(|p| p.vertices.to_vec()).collect(),
            neighbors: self.iter().map(|p| p.neighbors.to_vec()).collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ConvexPartition {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = PartitionData::deserialize(deserializer)?;
        check_snap_bits(data.snap_bits).map_err(serde::de::Error::custom)?;
        ConvexPartition::from_polygons(
            data.snap_bits,
            from_pairs(&data.vertices),
            &data.polygons,
            &data.neighbors,
            data.max_vertices_per_polygon,
        )
        .map_err(serde::de::Error::custom)
    }
}

/// The plain form of a [`NavMesh`].
#[derive(Serialize, Deserialize)]
struct NavMeshData {
    region: Region,
    triangle_count: usize,
    polygons: ConvexPartition,
    vertex_fans: Vec<Vec<i32>>,
}

impl Serialize for NavMesh {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        NavMeshData {
            region: self.region().clone(),
            triangle_count: self.triangle_count(),
            polygons: self.polygons().clone(),
            vertex_fans: self.vertex_fans().iter().map(<[i32]>::to_vec).collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for NavMesh {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = NavMeshData::deserialize(deserializer)?;
        NavMesh::from_parts(
            data.region,
            data.triangle_count,
            data.polygons,
            &data.vertex_fans,
        )
        .map_err(serde::de::Error::custom)
    }
}
