//! The stitch of a tiled build (decisions D17): every tile's polygons in one canonical,
//! conforming mesh, numbered by their first edge, with the edges along seams matched into
//! neighbours and links, and the stitched region and each area's part.

use super::TileEdge;
use super::regions::{SeamPoints, area_unions, union_of};
use super::seams::{Seams, number_vertices};
use crate::areas::AreaId;
use crate::error::{Error, Result};
use crate::navmesh::{NavMesh, StageTimings};
use crate::region::Region;
use crate::triangulate::ConvexPartition;
use onepath_convex::VertexFans;
use onepath_predicates::GridPoint;

/// The stitched mesh and what stitching learnt.
pub(super) struct Stitched {
    pub(super) mesh: NavMesh,
    pub(super) links: Vec<(TileEdge, TileEdge)>,
    pub(super) polygon_tiles: Vec<u32>,
}

/// The empty mesh on the grid of `snap_bits` (the stitch of no tile).
pub(super) fn empty_mesh(snap_bits: u32, max_vertices: usize) -> Result<NavMesh> {
    let seams = Seams {
        xs: Vec::new(),
        ys: Vec::new(),
    };
    Ok(stitch(snap_bits, max_vertices, &[], &seams)?.mesh)
}

/// A polygon edge on a seam line without a neighbour in its own tile: `from -> to` in
/// global vertex numbers, the stitched polygon holding it and where its neighbour entry is
/// in the flat neighbour list.
#[derive(Clone, Copy)]
struct SeamEdge {
    from: u32,
    to: u32,
    polygon: u32,
    slot: usize,
    edge: TileEdge,
}

impl SeamEdge {
    /// The undirected edge, smaller vertex first: a seam edge and its reverse share it.
    fn key(&self) -> (u32, u32) {
        (self.from.min(self.to), self.from.max(self.to))
    }
}

/// Stitches the tiles (decisions D17). The work and the memory grow with the tiles'
/// polygons, vertices and rings; nothing holds a copy of a tile beyond what the stitched
/// mesh keeps.
pub(super) fn stitch(
    snap_bits: u32,
    max_vertices: usize,
    tiles: &[Option<NavMesh>],
    seams: &Seams,
) -> Result<Stitched> {
    let (vertices, global) = number_vertices(tiles, seams)?;
    // Polygons are numbered tile by tile ("tile order") and sorted into canonical order by
    // their first edge: a directed edge belongs to one polygon at most, and the first vertex
    // is the smallest, so the first edge decides the order of the index lists.
    let mut first_of_tile = vec![0usize; tiles.len() + 1];
    for (t, m) in tiles.iter().enumerate() {
        first_of_tile[t + 1] = first_of_tile[t] + m.as_ref().map_or(0, |m| m.partition.len());
    }
    let count = first_of_tile[tiles.len()];
    if count > i32::MAX as usize {
        return Err(Error::internal(format!(
            "{count} polygons do not fit the mesh's i32 neighbour entries"
        )));
    }
    let mut order: Vec<(u64, u32)> = Vec::with_capacity(count);
    for (t, m) in tiles.iter().enumerate() {
        let Some(m) = m else { continue };
        let map = &global[t];
        for (local, polygon) in m.partition.partition.iter().enumerate() {
            let key = (u64::from(map[polygon.vertices[0] as usize]) << 32)
                | u64::from(map[polygon.vertices[1] as usize]);
            order.push((key, (first_of_tile[t] + local) as u32));
        }
    }
    order.sort_unstable();
    if order.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(Error::internal("two tiles hold the same polygon edge"));
    }
    let mut id = vec![0u32; count];
    for (g, &(_, tile_order)) in order.iter().enumerate() {
        id[tile_order as usize] = g as u32;
    }
    // The flat polygon lists in canonical order; edges on seams wait for their match.
    let corners: usize = tiles
        .iter()
        .flatten()
        .map(|m| m.partition.partition.flat_vertices().len())
        .sum();
    let mut flat_vertices: Vec<u32> = Vec::with_capacity(corners);
    let mut flat_neighbors: Vec<i32> = Vec::with_capacity(corners);
    let mut offsets: Vec<usize> = Vec::with_capacity(count + 1);
    offsets.push(0);
    let mut areas: Vec<AreaId> = Vec::with_capacity(count);
    let mut polygon_tiles: Vec<u32> = Vec::with_capacity(count);
    let mut seam_edges: Vec<SeamEdge> = Vec::new();
    for (g, &(_, tile_order)) in order.iter().enumerate() {
        let tile_order = tile_order as usize;
        let t = first_of_tile.partition_point(|&f| f <= tile_order) - 1;
        let local = tile_order - first_of_tile[t];
        let Some(m) = &tiles[t] else {
            return Err(Error::internal("a polygon of an empty tile"));
        };
        let map = &global[t];
        let polygon = m.partition.polygon(local);
        let around = m.partition.polygon_neighbors(local);
        let n = polygon.len();
        for k in 0..n {
            let (a, b) = (map[polygon[k] as usize], map[polygon[(k + 1) % n] as usize]);
            flat_vertices.push(a);
            if around[k] >= 0 {
                flat_neighbors.push(id[first_of_tile[t] + around[k] as usize] as i32);
            } else {
                if seams
                    .line_of(vertices[a as usize], vertices[b as usize])
                    .is_some()
                {
                    seam_edges.push(SeamEdge {
                        from: a,
                        to: b,
                        polygon: g as u32,
                        slot: flat_neighbors.len(),
                        edge: TileEdge {
                            tile: t,
                            polygon: local,
                            edge: k,
                        },
                    });
                }
                flat_neighbors.push(-1);
            }
        }
        offsets.push(flat_vertices.len());
        areas.push(m.areas[local]);
        polygon_tiles.push(t as u32);
    }
    drop(order);
    drop(id);
    drop(global);
    let links = match_seams(&vertices, &mut seam_edges, &mut flat_neighbors)?;
    let seam_points = SeamPoints::new(&vertices, seams);
    // The polygons (checked, then their fans) and the regions are independent: with the
    // feature `parallel` they are made at the same time. Each is a pure function of the
    // tiles, so the result is the same either way.
    let polygons = move || -> Result<(ConvexPartition, VertexFans)> {
        let partition = onepath_convex::Partition::from_flat(
            &vertices,
            flat_vertices,
            offsets,
            flat_neighbors,
            max_vertices,
        )
        .map_err(|e| Error::internal(format!("the stitched polygons: {e}")))?;
        let partition = ConvexPartition::from_partition(snap_bits, vertices, partition);
        let fans = partition.vertex_fans()?;
        Ok((partition, fans))
    };
    let regions = || -> Result<(Region, Vec<(AreaId, Region)>)> {
        let region = union_of(
            snap_bits,
            tiles.iter().flatten().map(|m| &m.region),
            &seam_points,
        )?;
        let area_regions = area_unions(snap_bits, tiles, &region, &seam_points)?;
        Ok((region, area_regions))
    };
    #[cfg(feature = "parallel")]
    let (polygons, regions) = rayon::join(polygons, regions);
    #[cfg(not(feature = "parallel"))]
    let (polygons, regions) = (polygons(), regions());
    let ((partition, fans), (region, area_regions)) = (polygons?, regions?);
    let mesh = NavMesh::assemble(
        region,
        tiles.iter().flatten().map(|m| m.triangle_count).sum(),
        partition,
        fans,
        areas,
        area_regions,
        StageTimings::default(),
    );
    Ok(Stitched {
        mesh,
        links,
        polygon_tiles,
    })
}

/// Gives every seam edge the polygon of the other tile holding the reversed edge (writing
/// it into `neighbors`) and returns the links, each pair once (the smaller end first), in
/// order. A seam edge without its reverse is a real wall only if no other tile has a
/// polygon edge along it: overlapping unmatched edges of two tiles would be a T-junction
/// (`Error::Internal`), as would two tiles holding the same directed edge.
fn match_seams(
    vertices: &[GridPoint],
    seam_edges: &mut [SeamEdge],
    neighbors: &mut [i32],
) -> Result<Vec<(TileEdge, TileEdge)>> {
    seam_edges.sort_unstable_by_key(|e| (e.key(), e.edge));
    let mut links = Vec::new();
    let mut unmatched: Vec<(bool, i64, i64, i64, usize)> = Vec::new();
    let mut i = 0;
    while i < seam_edges.len() {
        let e = seam_edges[i];
        match seam_edges.get(i + 1).filter(|f| f.key() == e.key()) {
            Some(&f) => {
                if e.from == f.from || seam_edges.get(i + 2).is_some_and(|g| g.key() == e.key()) {
                    return Err(Error::internal("two tiles hold the same edge along a seam"));
                }
                if e.edge.tile == f.edge.tile {
                    return Err(Error::internal(
                        "a tile holds both sides of one of its edges",
                    ));
                }
                neighbors[e.slot] = f.polygon as i32;
                neighbors[f.slot] = e.polygon as i32;
                links.push((e.edge.min(f.edge), e.edge.max(f.edge)));
                i += 2;
            }
            None => {
                let (pa, pb) = (vertices[e.from as usize], vertices[e.to as usize]);
                let (vertical, at, lo, hi) = if pa.x == pb.x {
                    (true, pa.x, pa.y.min(pb.y), pa.y.max(pb.y))
                } else {
                    (false, pa.y, pa.x.min(pb.x), pa.x.max(pb.x))
                };
                unmatched.push((vertical, at, lo, hi, e.edge.tile));
                i += 1;
            }
        }
    }
    links.sort_unstable();
    unmatched.sort_unstable();
    for w in unmatched.windows(2) {
        let (a, b) = (w[0], w[1]);
        if (a.0, a.1) == (b.0, b.1) && a.4 != b.4 && b.2 < a.3 {
            return Err(Error::internal(format!(
                "the tiles disagree along the seam {} = {} between {} and {}",
                if a.0 { "x" } else { "y" },
                a.1,
                b.2,
                a.3
            )));
        }
    }
    Ok(links)
}
