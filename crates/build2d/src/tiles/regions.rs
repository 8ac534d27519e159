//! The regions of a stitched tiled build (decisions D17): the union of the tiles' regions,
//! which meet only along seams, and each area's part of it; only rings that touch a seam
//! are traced again.

use super::seams::Seams;
use crate::areas::AreaId;
use crate::error::{Error, Result};
use crate::navmesh::NavMesh;
use crate::region::Region;
use onepath_predicates::{GridPoint, Orientation, orient2d};
use onepath_winding::trace_rings;
use std::collections::HashMap;

/// Each area's part of the stitched region, in increasing id. When every tile is one area,
/// the same one, its part is the region (as in each tile), so the union is not traced twice.
pub(super) fn area_unions(
    snap_bits: u32,
    tiles: &[Option<NavMesh>],
    region: &Region,
    seam_points: &SeamPoints<'_>,
) -> Result<Vec<(AreaId, Region)>> {
    let mut ids: Vec<AreaId> = tiles
        .iter()
        .flatten()
        .flat_map(|m| m.area_regions.iter().map(|(id, _)| *id))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let whole = |m: &NavMesh| matches!(m.area_regions.as_slice(), [(_, r)] if *r == m.region);
    if ids.len() == 1 && tiles.iter().flatten().all(whole) {
        return Ok(vec![(ids[0], region.clone())]);
    }
    ids.iter()
        .map(|&id| {
            let parts = tiles.iter().flatten().flat_map(|m| {
                m.area_regions
                    .iter()
                    .filter(move |(a, _)| *a == id)
                    .map(|(_, r)| r)
            });
            Ok((id, union_of(snap_bits, parts, seam_points)?))
        })
        .collect()
}

/// True when `ring` goes straight on at a vertex off the seam lines.
fn straight_off_seams(ring: &[GridPoint], seams: &Seams) -> bool {
    let n = ring.len();
    (0..n).any(|i| {
        let (before, here, after) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
        !seams.touches(here) && orient2d(before, here, after) == Orientation::Collinear
    })
}

/// The mesh vertices on each seam line, sorted along it.
pub(super) struct SeamPoints<'a> {
    seams: &'a Seams,
    vertical: HashMap<i64, Vec<i64>>,
    horizontal: HashMap<i64, Vec<i64>>,
}

impl<'a> SeamPoints<'a> {
    pub(super) fn new(vertices: &[GridPoint], seams: &'a Seams) -> Self {
        let mut vertical: HashMap<i64, Vec<i64>> = HashMap::new();
        let mut horizontal: HashMap<i64, Vec<i64>> = HashMap::new();
        for p in vertices {
            if seams.xs.binary_search(&p.x).is_ok() {
                vertical.entry(p.x).or_default().push(p.y);
            }
            if seams.ys.binary_search(&p.y).is_ok() {
                horizontal.entry(p.y).or_default().push(p.x);
            }
        }
        for list in vertical.values_mut().chain(horizontal.values_mut()) {
            list.sort_unstable();
        }
        Self {
            seams,
            vertical,
            horizontal,
        }
    }

    /// The edge `a -> b` split at every seam vertex strictly inside it (when it lies on a
    /// seam), in order.
    fn split(&self, a: GridPoint, b: GridPoint, out: &mut Vec<(GridPoint, GridPoint)>) {
        let inner: Vec<GridPoint> = match self.seams.line_of(a, b) {
            Some((true, x)) => self.vertical.get(&x).map_or(Vec::new(), |ys| {
                let (lo, hi) = (a.y.min(b.y), a.y.max(b.y));
                ys.iter()
                    .filter(|&&y| lo < y && y < hi)
                    .map(|&y| GridPoint::new(x, y))
                    .collect()
            }),
            Some((false, y)) => self.horizontal.get(&y).map_or(Vec::new(), |xs| {
                let (lo, hi) = (a.x.min(b.x), a.x.max(b.x));
                xs.iter()
                    .filter(|&&x| lo < x && x < hi)
                    .map(|&x| GridPoint::new(x, y))
                    .collect()
            }),
            None => Vec::new(),
        };
        let mut points = inner;
        if a > b {
            points.reverse();
        }
        let mut from = a;
        for p in points {
            out.push((from, p));
            from = p;
        }
        out.push((from, b));
    }
}

/// The union of regions that meet only along seams: their ring edges, split at the seam
/// vertices, with every pair of reversed edges cancelled, traced into rings.
///
/// Only rings with a vertex on a seam line are traced again. Any other ring meets no other
/// tile's ring (two tiles' squares share only seam lines), so every vertex of it keeps the
/// edges it had in its tile, and tracing (the clockwise-first rule and the collinear rule
/// decide at each vertex from the edges there) gives it back unchanged, already canonical.
/// The rings traced again see, at a vertex off the seams, only their own edges there; the
/// rule picks the same way, and the collinear rule too unless such a ring goes straight on
/// at a vertex it shares with a ring of its tile that is not traced again (a vertex where
/// a ring goes straight on is kept only when it has more than two edges): a tile with
/// such a vertex is traced whole.
pub(super) fn union_of<'r>(
    snap_bits: u32,
    regions: impl Iterator<Item = &'r Region>,
    seam_points: &SeamPoints<'_>,
) -> Result<Region> {
    let seams = seam_points.seams;
    let mut rings: Vec<Vec<GridPoint>> = Vec::new();
    let mut edges = Vec::new();
    for region in regions {
        let touching: Vec<bool> = region
            .rings()
            .iter()
            .map(|ring| ring.iter().any(|&p| seams.touches(p)))
            .collect();
        let whole = region
            .rings()
            .iter()
            .zip(&touching)
            .any(|(ring, &t)| t && straight_off_seams(ring, seams));
        for (ring, &t) in region.rings().iter().zip(&touching) {
            if t || whole {
                for i in 0..ring.len() {
                    seam_points.split(ring[i], ring[(i + 1) % ring.len()], &mut edges);
                }
            } else {
                rings.push(ring.clone());
            }
        }
    }
    edges.sort_unstable();
    let mut kept = Vec::with_capacity(edges.len());
    let mut cancelled = vec![false; edges.len()];
    for k in 0..edges.len() {
        if cancelled[k] {
            continue;
        }
        let (a, b) = edges[k];
        // The first uncancelled copy of the reversed edge, if any.
        let start = edges.partition_point(|&e| e < (b, a));
        let twin = (start..edges.len())
            .take_while(|&j| edges[j] == (b, a))
            .find(|&j| !cancelled[j]);
        match twin {
            Some(j) => {
                cancelled[j] = true;
                cancelled[k] = true;
            }
            None => kept.push((a, b)),
        }
    }
    rings.extend(trace_rings(&kept).map_err(Error::internal)?);
    // The order `trace_rings` gives: by the canonical first edge, distinct for distinct
    // rings.
    rings.sort_unstable_by(|r, s| (r[0], r[1]).cmp(&(s[0], s[1])));
    Ok(Region { snap_bits, rings })
}
