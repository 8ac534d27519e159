//! The pieces of the round offset (specification, "Offsetting"; decision D10): one
//! rectangle per boundary edge and one circumscribed m-gon per distinct boundary vertex.

use crate::OffsetError;
use crate::cull::{Culling, Fate, OffsetSide, cull};
use crate::mgon::{choose_m, effective_tolerance, half_angle_table, unit_vectors};
use crate::par::try_map_parts;
use crate::placement::{
    check_radius, checked_rings, moved_point, offset_point, uniform_offsets, unit_left_normal,
};
use onepath_predicates::GridPoint;

/// The round offset's pieces, with what the culling needs to know of them.
pub(crate) struct RoundPieces {
    /// The rings, with repeated consecutive vertices merged.
    pub(crate) rings: Vec<Vec<GridPoint>>,
    /// One rectangle per ring edge, rings in order and edge `i` (vertex `i` to `i + 1`)
    /// of each in order.
    pub(crate) rectangles: Vec<Vec<GridPoint>>,
    /// The distinct ring vertices in `(x, y)` order.
    pub(crate) centres: Vec<GridPoint>,
    /// The m-gon of each centre.
    pub(crate) mgons: Vec<Vec<GridPoint>>,
}

impl RoundPieces {
    /// The pieces of the round offset by `r` (see [`round_offset_polygons`]).
    pub(crate) fn new(
        rings: &[Vec<GridPoint>],
        r: f64,
        arc_tolerance_grid: f64,
        limit: i64,
    ) -> Result<Self, OffsetError> {
        check_radius(r)?;
        let tol = effective_tolerance(arc_tolerance_grid, r)?;
        let rings = checked_rings(rings, limit)?;
        let m = choose_m(r, tol);
        let circumradius = r / half_angle_table(m).cos_half_step;
        let units = unit_vectors(m);

        // The pieces in parts on every core (`crate::par`): each is a function of its edge
        // or centre alone, and the first error in order is the first part's first. Plain
        // loops with exact capacities: collecting through `Result` iterators cost several
        // times the points' own arithmetic.
        let mut ring_start = Vec::with_capacity(rings.len() + 1);
        ring_start.push(0);
        for ring in &rings {
            ring_start.push(ring_start[ring_start.len() - 1] + ring.len());
        }
        let rectangles = try_map_parts(ring_start[rings.len()], |edges| {
            // The ring of the part's first edge, then on from ring to ring.
            let mut k = ring_start.partition_point(|&s| s <= edges.start) - 1;
            let mut part = Vec::with_capacity(edges.len());
            for e in edges {
                while e >= ring_start[k + 1] {
                    k += 1;
                }
                let (ring, i) = (&rings[k], e - ring_start[k]);
                let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                let n = unit_left_normal(a, b);
                let minus_n = [-n[0], -n[1]];
                part.push(vec![
                    moved_point(a, r, minus_n, limit)?,
                    moved_point(b, r, minus_n, limit)?,
                    moved_point(b, r, n, limit)?,
                    moved_point(a, r, n, limit)?,
                ]);
            }
            Ok(part)
        })?;

        let mut centres: Vec<GridPoint> = rings.iter().flatten().copied().collect();
        centres.sort_unstable();
        centres.dedup();
        // Where every product `circumradius * u` keeps clear of a half, each m-gon is its
        // centre plus the same integer offsets (`uniform_offsets`, the same bits).
        let products: Vec<[f64; 2]> = units
            .iter()
            .map(|u| [circumradius * u[0], circumradius * u[1]])
            .collect();
        let offsets = uniform_offsets(&products);
        let mgon = |centre: GridPoint| -> Result<Vec<GridPoint>, OffsetError> {
            let mut mgon = Vec::with_capacity(units.len());
            match &offsets {
                Some(offsets) => {
                    for &o in offsets {
                        mgon.push(offset_point(centre, o, limit)?);
                    }
                }
                None => {
                    for &u in &units {
                        mgon.push(moved_point(centre, circumradius, u, limit)?);
                    }
                }
            }
            Ok(mgon)
        };
        let mgons = try_map_parts(centres.len(), |range| {
            let mut part = Vec::with_capacity(range.len());
            for c in range {
                part.push(mgon(centres[c])?);
            }
            Ok(part)
        })?;
        Ok(RoundPieces {
            rings,
            rectangles,
            centres,
            mgons,
        })
    }
}

/// The round offset's pieces as convex polygons, counter-clockwise, before they become
/// edges.
///
/// `r` is the radius and `arc_tolerance_grid` the arc tolerance, both in grid units;
/// `limit` bounds every rounded point in `|x|` and `|y|` (grid units). The order is
/// deterministic: first the rectangles, rings in order and each ring's edges in order
/// (edge `i` runs from vertex `i` to vertex `i + 1`), each listed as
/// `a - r·n, b - r·n, b + r·n, a + r·n` (n the unit left normal); then the m-gons of the
/// distinct ring vertices in `(x, y)` order, each from `u_0` on. Rounding may make two
/// consecutive vertices of a piece equal; they are kept here.
///
/// # Errors
///
/// [`OffsetError::InvalidRadius`], [`OffsetError::InvalidArcTolerance`],
/// [`OffsetError::InvalidLimit`], [`OffsetError::VertexBeyondLimit`] for bad arguments, and
/// [`OffsetError::PointBeyondLimit`] for the first rounded point beyond `limit`.
pub fn round_offset_polygons(
    rings: &[Vec<GridPoint>],
    r: f64,
    arc_tolerance_grid: f64,
    limit: i64,
) -> Result<Vec<Vec<GridPoint>>, OffsetError> {
    let pieces = RoundPieces::new(rings, r, arc_tolerance_grid, limit)?;
    let mut polygons = pieces.rectangles;
    polygons.extend(pieces.mgons);
    Ok(polygons)
}

/// [`round_offset_polygons`] without what provably changes no bit of the offset on `side`
/// (`docs/offset-culling.md`): fed to the snap-rounding arrangement with the region's own
/// edges, these pieces give the same rings, bit for bit, as the full set.
///
/// `rings` must be a region's rings (closed, non-crossing, touching only at shared
/// vertices, the interior on the left), as for every function of this crate. Only m-gons
/// at corners whose two edges are axis-parallel change, when the two edges' rectangles
/// cover the m-gon's box but for the quadrant beyond the corner (the gap): such an m-gon
/// becomes its sector over the gap, or goes altogether at a reflex corner for
/// [`OffsetSide::Grow`] and a convex one for [`OffsetSide::Shrink`] when no region edge
/// enters the gap; and only when no edge that is not axis-parallel comes within one grid
/// unit of what is left out. The rectangle of an axis-parallel edge is cut to its half on
/// the side that matters (outside the region when growing, inside when shrinking) when no
/// region edge enters the other half and nothing slanted that is kept comes within one
/// unit of it (section 10). Last, an m-gon or sector goes, whatever its corner, when the
/// boxes of the axis-parallel edges' rectangles, with the region's side that does not
/// matter away from its slanted edges, cover its box and the box of every slanted edge fed
/// within one unit of it (section 11; tested when the m-gons are at least twice as wide as
/// the median ring edge is long or at least a fifth of the candidates are m-gons kept
/// whole, and a sample of them finds enough covered). The
/// rectangles (or their halves) come first, one per edge as in [`round_offset_polygons`],
/// then the remaining m-gons and sectors in the order of their corners.
///
/// # Errors
///
/// Those of [`round_offset_polygons`].
pub fn round_offset_polygons_culled(
    rings: &[Vec<GridPoint>],
    r: f64,
    arc_tolerance_grid: f64,
    limit: i64,
    side: OffsetSide,
) -> Result<Vec<Vec<GridPoint>>, OffsetError> {
    let pieces = RoundPieces::new(rings, r, arc_tolerance_grid, limit)?;
    let Culling { fates, halved } = cull(&pieces, side);
    let mut polygons = Vec::with_capacity(pieces.rectangles.len() + pieces.mgons.len());
    for (rectangle, half) in pieces.rectangles.into_iter().zip(halved) {
        polygons.push(half.map_or(rectangle, |half| half.to_vec()));
    }
    for (mgon, fate) in pieces.mgons.into_iter().zip(fates) {
        match fate {
            Fate::Keep => polygons.push(mgon),
            Fate::Drop => {}
            Fate::Sector(sector) => polygons.push(sector),
        }
    }
    Ok(polygons)
}
