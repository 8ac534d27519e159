//! Exact point queries on a navigation mesh (decisions D18): `NavMesh::locate`,
//! `NavMesh::closest_point` and `NavMesh::polygons_in`, decided on the grid by exact
//! orientations and exact squared distances, with candidates from `query_index.rs`.

use crate::error::{Error, Result};
use crate::input::Vector2D;
use crate::navmesh::NavMesh;
use crate::query_index::{BoundaryEdge, EdgeSearch, QueryIndex, contains, meets_box};
use crate::snap::{snap_query_point, to_user};
use onepath_predicates::{
    CONSTRUCTION_LIMIT, GridPoint, SegmentPoint, SquaredDistance, segment_distance2,
};
use std::fmt;
use std::sync::OnceLock;

/// The query index a [`NavMesh`] builds on its first query (or on
/// [`NavMesh::build_query_index`]) and keeps; a clone of the mesh carries a copy of it once
/// it is built.
#[derive(Clone, Default)]
pub(crate) struct LazyQueryIndex(OnceLock<Result<QueryIndex>>);

impl fmt::Debug for LazyQueryIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LazyQueryIndex")
            .field("built", &self.0.get().is_some())
            .finish()
    }
}

/// The answer of [`NavMesh::closest_point`]: the nearest point of the walkable region,
/// on the grid, and the polygon that holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClosestPoint {
    /// The point in user units (the exact value of [`ClosestPoint::grid_point`]).
    pub point: Vector2D,
    /// The point in grid units: in or on the boundary of [`ClosestPoint::polygon`].
    pub grid_point: GridPoint,
    /// The polygon holding the point: [`NavMesh::locate_grid`] of it (decisions D18).
    pub polygon: usize,
    /// False when the (snapped) query point was already on the mesh and is returned as it
    /// is.
    pub moved: bool,
}

/// Checks that a grid point given to a query lies within `±2^39` (decisions D18).
fn check_grid_point(p: GridPoint, argument: &'static str) -> Result<GridPoint> {
    if p.max_abs() > CONSTRUCTION_LIMIT as u64 {
        return Err(Error::out_of_range(
            crate::error::Location::Argument(argument),
            format!("{p} lies beyond 2^39 grid units"),
        ));
    }
    Ok(p)
}

/// `floor(num / den)` for `den > 0`.
fn floor_div(num: i128, den: i128) -> i128 {
    num.div_euclid(den)
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The exact point `a + (num / den)·(b − a)`, `0 < num < den`, rounded once to a grid point
/// of the closed polygon `corners` (decisions D18): of the corners of the unit cell
/// holding it, those in the polygon, the nearest, ties by `(x, y)`; else the grid point of
/// the segment nearest to it, ties towards `a`.
fn round_into(
    a: GridPoint,
    b: GridPoint,
    num: i128,
    den: i128,
    corners: &[GridPoint],
) -> GridPoint {
    let d = b - a;
    // q = a + num·d / den, per coordinate as (q·den) with exact floor and remainder:
    // |a|·den < 2^39·2^81 and num·|d| < 2^81·2^40, so q·den stays below 2^122.
    let qx = i128::from(a.x) * den + num * i128::from(d.x);
    let qy = i128::from(a.y) * den + num * i128::from(d.y);
    let (fx, fy) = (floor_div(qx, den), floor_div(qy, den));
    let (rx, ry) = (qx - fx * den, qy - fy * den);
    // A corner (fx + i, fy + j) lies at squared distance ((i·den − rx)² + (j·den − ry)²)
    // / den² from q. Dropping the terms common to all corners leaves
    // den·(den·(i + j) − 2·(i·rx + j·ry)), so corners compare by the bracket alone.
    let mut best: Option<(i128, GridPoint)> = None;
    for (i, j) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        if (i == 1 && rx == 0) || (j == 1 && ry == 0) {
            continue;
        }
        let c = GridPoint::new((fx + i) as i64, (fy + j) as i64);
        if !contains(corners, c) {
            continue;
        }
        let key = den * (i + j) - 2 * (i * rx + j * ry);
        if best.is_none_or(|(k, p)| (key, c) < (k, p)) {
            best = Some((key, c));
        }
    }
    if let Some((_, c)) = best {
        return c;
    }
    // A sliver: the grid points of the segment are a + k·(d / g), k = 0..=g; the nearest
    // to q has k = ceil(num·g / den − 1/2) (ties to the smaller k, towards a).
    let g = gcd(d.x.unsigned_abs(), d.y.unsigned_abs()).max(1) as i64;
    let k = -floor_div(den - 2 * num * i128::from(g), 2 * den);
    let k = k as i64;
    GridPoint::new(a.x + k * (d.x / g), a.y + k * (d.y / g))
}

impl NavMesh {
    /// The query index, built on first use.
    fn index(&self) -> Result<&QueryIndex> {
        self.query_index
            .0
            .get_or_init(|| QueryIndex::build(self.polygons()))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Builds the index of the point queries now rather than on the first query (for
    /// example while a level loads). Later calls do nothing. The index is a uniform grid of
    /// about one cell per polygon listing the polygons and boundary edges that meet each
    /// cell; it only proposes candidates (decisions D18).
    ///
    /// Fails only for a mesh with a vertex beyond `±2^39` grid units (possible only for a
    /// mesh assembled by [`NavMesh::from_parts`]); every query then fails the same way.
    pub fn build_query_index(&self) -> Result<()> {
        self.index().map(|_| ())
    }

    /// The grid point a query at `point` (user units) uses: each coordinate checked (finite,
    /// magnitude at most `2^21`) and rounded once to the mesh's grid, ties to even.
    pub fn snap_point(&self, point: impl Into<Vector2D>) -> Result<GridPoint> {
        snap_query_point(point.into(), self.polygons().snap_bits(), "point")
    }

    /// The polygon containing `point` (user units, snapped to the grid), or `None` outside
    /// the mesh. A point on an edge or vertex shared by several polygons belongs to the one
    /// with the smallest index (decisions D18). Exact: no tolerance is involved.
    ///
    /// ```
    /// use onepath_build2d::{Geometry2DOptions, Mesh2DPipeline, Outline, Region};
    /// # fn main() -> Result<(), onepath_build2d::Error> {
    /// let room = Region::from_outlines(
    ///     &[Outline::from_ring([[0.0, 0.0], [10.0, 0.0], [10.0, 4.0], [0.0, 4.0]])],
    ///     &Geometry2DOptions::default(),
    /// )?;
    /// let mesh = Mesh2DPipeline::new(1.0, 0.5).build(&room)?;
    /// assert!(mesh.locate([5.0, 2.0])?.is_some());
    /// assert_eq!(mesh.locate([0.25, 2.0])?, None); // within the agent radius of the wall
    /// let nearest = mesh.closest_point([0.25, 2.0])?.expect("a non-empty mesh");
    /// assert_eq!(nearest.point, [0.5, 2.0].into());
    /// assert_eq!(mesh.polygons_in([0.0, 0.0], [10.0, 4.0])?.len(), mesh.polygons().len());
    /// # Ok(())
    /// # }
    /// ```
    pub fn locate(&self, point: impl Into<Vector2D>) -> Result<Option<usize>> {
        let p = self.snap_point(point)?;
        self.locate_grid(p)
    }

    /// [`NavMesh::locate`] of a grid point (within `±2^39`).
    pub fn locate_grid(&self, point: GridPoint) -> Result<Option<usize>> {
        let p = check_grid_point(point, "point")?;
        let index = self.index()?;
        Ok(locate_in(index, p))
    }

    /// The nearest point of the walkable region to `point` (user units, snapped to the
    /// grid), rounded once to a grid point that lies in or on the polygon named with it;
    /// `None` only for a mesh without polygons. A point on the mesh is returned unmoved.
    ///
    /// Distances to the boundary edges are compared exactly; ties, the rounding of a
    /// projection and the polygon named follow decisions D18.
    pub fn closest_point(&self, point: impl Into<Vector2D>) -> Result<Option<ClosestPoint>> {
        let p = self.snap_point(point)?;
        self.closest_grid_point(p)
    }

    /// [`NavMesh::closest_point`] of a grid point (within `±2^39`).
    pub fn closest_grid_point(&self, point: GridPoint) -> Result<Option<ClosestPoint>> {
        let p = check_grid_point(point, "point")?;
        let index = self.index()?;
        if let Some(polygon) = locate_in(index, p) {
            return Ok(Some(ClosestPoint {
                point: to_user(p, self.polygons().snap_bits()),
                grid_point: p,
                polygon,
                moved: false,
            }));
        }
        let Some((edge, at)) = nearest_edge(index, p) else {
            return Ok(None);
        };
        let edge = index.boundary()[edge];
        let corners = index.polygon(edge.polygon as usize);
        let q = match at {
            SegmentPoint::Start => edge.a,
            SegmentPoint::End => edge.b,
            SegmentPoint::Interior { num, den } => round_into(edge.a, edge.b, num, den, corners),
        };
        // q lies in the closed polygon of the edge, so some polygon contains it.
        let polygon = locate_in(index, q).unwrap_or(edge.polygon as usize);
        Ok(Some(ClosestPoint {
            point: to_user(q, self.polygons().snap_bits()),
            grid_point: q,
            polygon,
            moved: true,
        }))
    }

    /// The polygons that share at least one point with the closed rectangle of opposite
    /// corners `a` and `b` (user units, snapped to the grid), in increasing index order,
    /// decided exactly (decisions D18).
    pub fn polygons_in(
        &self,
        a: impl Into<Vector2D>,
        b: impl Into<Vector2D>,
    ) -> Result<Vec<usize>> {
        let bits = self.polygons().snap_bits();
        let a = snap_query_point(a.into(), bits, "a")?;
        let b = snap_query_point(b.into(), bits, "b")?;
        self.polygons_in_grid(a, b)
    }

    /// [`NavMesh::polygons_in`] of a rectangle given by two opposite grid corners (within
    /// `±2^39`).
    pub fn polygons_in_grid(&self, a: GridPoint, b: GridPoint) -> Result<Vec<usize>> {
        let (a, b) = (check_grid_point(a, "a")?, check_grid_point(b, "b")?);
        let lo = GridPoint::new(a.x.min(b.x), a.y.min(b.y));
        let hi = GridPoint::new(a.x.max(b.x), a.y.max(b.y));
        let index = self.index()?;
        Ok(index
            .polygons_meeting(lo, hi)
            .into_iter()
            .map(|i| i as usize)
            .filter(|&i| meets_box(index.polygon(i), lo, hi))
            .collect())
    }
}

/// The smallest-index polygon whose closed polygon contains `p`.
fn locate_in(index: &QueryIndex, p: GridPoint) -> Option<usize> {
    index
        .polygons_near(p)
        .iter()
        .map(|&i| i as usize)
        .find(|&i| contains(index.polygon(i), p))
}

/// The search for the boundary edge nearest to a point: the exact squared distance, ties to
/// the smallest edge number (the (polygon, edge) order), and where on it the nearest point
/// lies.
struct NearestEdge<'a> {
    p: GridPoint,
    edges: &'a [BoundaryEdge],
    best: Option<(SquaredDistance, usize, SegmentPoint)>,
}

impl EdgeSearch for NearestEdge<'_> {
    fn visit(&mut self, e: usize) {
        let edge = self.edges[e];
        let (distance, at) = segment_distance2(self.p, edge.a, edge.b);
        if self
            .best
            .as_ref()
            .is_none_or(|(d, f, _)| (distance, e) < (*d, *f))
        {
            self.best = Some((distance, e, at));
        }
    }

    fn done(&self, bound: u128) -> bool {
        // Stop once the best distance is strictly below every unvisited edge's: an edge at
        // an equal distance with a smaller number could still be waiting.
        self.best
            .as_ref()
            .is_some_and(|(d, _, _)| *d < SquaredDistance::from_integer(bound))
    }
}

/// The boundary edge nearest to `p` and where on it the nearest point lies.
fn nearest_edge(index: &QueryIndex, p: GridPoint) -> Option<(usize, SegmentPoint)> {
    let mut search = NearestEdge {
        p,
        edges: index.boundary(),
        best: None,
    };
    index.search_edges(p, &mut search);
    search.best.map(|(_, e, at)| (e, at))
}
