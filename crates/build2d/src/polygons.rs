//! `Region::polygons`: the rings grouped as outer boundaries with the holes directly inside.

use crate::region::{Region, bounding_box};
use onepath_predicates::{GridPoint, Orientation, orient2d, twice_area};
use onepath_winding::canonical_ring;

/// One outer boundary (counter-clockwise) and the holes directly inside it (clockwise), in
/// grid units. Every ring is simple: a region ring that visits a vertex twice is split there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionPolygon {
    /// The outer boundary, counter-clockwise.
    pub outer: Vec<GridPoint>,
    /// The holes directly inside `outer`, clockwise, in the order of their first edges.
    pub holes: Vec<Vec<GridPoint>>,
}

/// Splits a closed ring at its repeated vertices into simple closed cycles.
fn split_at_repeats(ring: &[GridPoint]) -> Vec<Vec<GridPoint>> {
    let mut sorted = ring.to_vec();
    sorted.sort_unstable();
    if sorted.windows(2).all(|w| w[0] != w[1]) {
        return vec![ring.to_vec()];
    }
    let mut cycles = Vec::new();
    let mut stack: Vec<GridPoint> = Vec::new();
    for &p in ring.iter().chain(std::iter::once(&ring[0])) {
        if let Some(at) = stack.iter().rposition(|&q| q == p) {
            let cycle: Vec<GridPoint> = stack.drain(at..).collect();
            if cycle.len() >= 3 {
                cycles.push(cycle);
            }
        }
        stack.push(p);
    }
    cycles
}

/// The winding number of `ring` around the point `q2 / 2` (`q2` in doubled coordinates),
/// exactly. `q2` never lies on the ring where this is used.
fn winding_number_doubled(ring: &[GridPoint], q2: GridPoint) -> i32 {
    let n = ring.len();
    let mut wn = 0;
    for i in 0..n {
        let a = GridPoint::new(2 * ring[i].x, 2 * ring[i].y);
        let b = GridPoint::new(2 * ring[(i + 1) % n].x, 2 * ring[(i + 1) % n].y);
        if a.y <= q2.y {
            if b.y > q2.y && orient2d(a, b, q2) == Orientation::CounterClockwise {
                wn += 1;
            }
        } else if b.y <= q2.y && orient2d(a, b, q2) == Orientation::Clockwise {
            wn -= 1;
        }
    }
    wn
}

impl Region {
    /// The rings grouped as outer boundaries, each with the holes directly inside it, for
    /// export to formats that need that shape (GeoJSON, `geo-types`).
    ///
    /// Rings that visit a vertex twice (a hole touching its outer boundary, decisions D8) are
    /// split there into simple rings first. A hole belongs to the smallest outer ring that
    /// contains the midpoint of its first edge (decided exactly; that midpoint never lies on
    /// another ring because rings touch only at shared vertices). Polygons come in the order
    /// of their outer rings' first edges.
    pub fn polygons(&self) -> Vec<RegionPolygon> {
        let mut outers: Vec<(Vec<GridPoint>, i128)> = Vec::new();
        let mut holes: Vec<Vec<GridPoint>> = Vec::new();
        for ring in &self.rings {
            for cycle in split_at_repeats(ring) {
                let area2 = twice_area(cycle.iter().copied());
                if area2 > 0 {
                    outers.push((canonical_ring(cycle), area2));
                } else {
                    holes.push(canonical_ring(cycle));
                }
            }
        }
        outers.sort_unstable_by(|a, b| (a.0[0], a.0[1]).cmp(&(b.0[0], b.0[1])));
        holes.sort_unstable_by(|a, b| (a[0], a[1]).cmp(&(b[0], b[1])));
        // Rings have at least three vertices, so every box exists.
        let boxes: Vec<(GridPoint, GridPoint)> = outers
            .iter()
            .map(|(r, _)| bounding_box(r).unwrap_or_default())
            .collect();
        let mut polygons: Vec<RegionPolygon> = outers
            .iter()
            .map(|(outer, _)| RegionPolygon {
                outer: outer.clone(),
                holes: Vec::new(),
            })
            .collect();
        for hole in holes {
            let q2 = hole[0] + hole[1];
            let owner = (0..outers.len())
                .filter(|&i| {
                    let (lo, hi) = boxes[i];
                    2 * lo.x < q2.x && q2.x < 2 * hi.x && 2 * lo.y < q2.y && q2.y < 2 * hi.y
                })
                .filter(|&i| winding_number_doubled(&outers[i].0, q2) != 0)
                .min_by_key(|&i| outers[i].1);
            if let Some(i) = owner {
                polygons[i].holes.push(hole);
            }
        }
        polygons
    }
}
