//! The errors of [`Cdt::new`](crate::Cdt::new): bad points, bad constraints, and defects.

use thiserror::Error;

/// Why a triangulation could not be built. Indices are 0-based positions in the caller's
/// point and constraint slices.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CdtError {
    /// More points than the `u32` triangle numbering can hold (`2n + 1` triangles).
    #[error("too many points: {count} (at most {max})")]
    TooManyPoints {
        /// The number of points given.
        count: usize,
        /// The largest supported number of points.
        max: usize,
    },
    /// A coordinate lies outside `±2^40` ([`crate::CDT_COORDINATE_LIMIT`]).
    #[error("point {index} at ({x}, {y}) lies outside the coordinate limit ±2^40")]
    CoordinateOutOfRange {
        /// The point's index.
        index: usize,
        /// Its x coordinate.
        x: i64,
        /// Its y coordinate.
        y: i64,
    },
    /// Point `index` equals point `index - 1`.
    #[error("point {index} duplicates point {}", index - 1)]
    DuplicatePoint {
        /// The index of the second copy.
        index: usize,
    },
    /// Point `index` is smaller than point `index - 1` in `(x, y)` order.
    #[error("points are not sorted by (x, y): point {index} precedes point {}", index - 1)]
    UnsortedPoints {
        /// The index of the first point out of order.
        index: usize,
    },
    /// A constraint names a point index that does not exist.
    #[error("constraint {constraint} names point {vertex}, but there are only {count} points")]
    IndexOutOfRange {
        /// The constraint's index.
        constraint: usize,
        /// The offending point index.
        vertex: u32,
        /// The number of points.
        count: usize,
    },
    /// A constraint joins a point to itself.
    #[error("constraint {constraint} has zero length (both ends are point {vertex})")]
    ZeroLength {
        /// The constraint's index.
        constraint: usize,
        /// The point at both ends.
        vertex: u32,
    },
    /// A point lies strictly inside a constraint segment: the constraints are not noded.
    #[error("constraint {constraint} ({from}, {to}) passes through point {vertex}")]
    ThroughVertex {
        /// The constraint's index.
        constraint: usize,
        /// Its smaller end.
        from: u32,
        /// Its larger end.
        to: u32,
        /// The point lying inside it.
        vertex: u32,
    },
    /// Two constraints properly cross: the constraints are not noded.
    #[error(
        "constraint {constraint} ({from}, {to}) crosses constraint {other} ({other_from}, {other_to})"
    )]
    CrossingConstraints {
        /// The constraint being inserted.
        constraint: usize,
        /// Its smaller end.
        from: u32,
        /// Its larger end.
        to: u32,
        /// The already inserted constraint it crosses.
        other: usize,
        /// That constraint's smaller end.
        other_from: u32,
        /// That constraint's larger end.
        other_to: u32,
    },
    /// A defect of this crate (a walk or a queue exceeded its proven bound); never bad input.
    #[error("internal error in the triangulation: {0}")]
    Internal(String),
}

/// A violated invariant, reported by [`Cdt::check_invariants`](crate::Cdt::check_invariants)
/// and [`check_inside_mesh`](crate::check_inside_mesh). Triangle and vertex numbers are
/// those of the structure checked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InvariantError {
    /// The triangulation does not hold `2n + 1` triangles (decisions D13).
    #[error("{triangles} triangles for {points} points (expected 2n + 1)")]
    TriangleCount {
        /// The number of triangles.
        triangles: usize,
        /// The number of input points `n`.
        points: usize,
    },
    /// The per-triangle arrays (adjacency, flags, or three neighbours per triangle) differ
    /// in length from the triangle list.
    #[error("{array} holds {found} entries, expected {expected}")]
    ArrayLength {
        /// Which array.
        array: &'static str,
        /// Its length.
        found: usize,
        /// The length the triangles call for.
        expected: usize,
    },
    /// A triangle names a vertex that does not exist.
    #[error("triangle {triangle} names vertex {vertex}, but there are {count} vertices")]
    VertexOutOfRange {
        /// The triangle.
        triangle: usize,
        /// The vertex it names.
        vertex: u32,
        /// The number of vertices.
        count: usize,
    },
    /// A triangle is clockwise or degenerate (exact orientation).
    #[error("triangle {triangle} {vertices:?} is not strictly counter-clockwise")]
    NotCounterClockwise {
        /// The triangle.
        triangle: usize,
        /// Its vertices.
        vertices: [u32; 3],
    },
    /// An edge has no neighbour although it is not a side of the bounding triangle.
    #[error("edge {edge} of triangle {triangle} has no neighbour")]
    MissingNeighbour {
        /// The triangle.
        triangle: usize,
        /// Its edge (0, 1 or 2).
        edge: usize,
    },
    /// A neighbour entry names a triangle that does not exist.
    #[error("neighbour {entry} of triangle {triangle} (edge {edge}) is out of range")]
    NeighbourOutOfRange {
        /// The triangle.
        triangle: usize,
        /// Its edge.
        edge: usize,
        /// The entry.
        entry: i64,
    },
    /// The triangle across an edge does not hold the reversed edge.
    #[error(
        "triangle {neighbour} across edge {edge} of triangle {triangle} lacks the reversed edge"
    )]
    NotReversed {
        /// The triangle.
        triangle: usize,
        /// Its edge.
        edge: usize,
        /// The neighbour named.
        neighbour: usize,
    },
    /// Two triangles name each other inconsistently.
    #[error("the adjacency of triangles {triangle} and {neighbour} is not symmetric")]
    Asymmetric {
        /// The triangle.
        triangle: usize,
        /// Its neighbour.
        neighbour: usize,
    },
    /// The two sides of an edge disagree on whether it is constrained.
    #[error("the constrained flags of triangles {triangle} and {neighbour} differ")]
    FlagMismatch {
        /// The triangle.
        triangle: usize,
        /// Its neighbour.
        neighbour: usize,
    },
    /// An edge is flagged constrained but is no constraint.
    #[error("edge ({from}, {to}) is flagged constrained but is no constraint")]
    FlaggedNonConstraint {
        /// One end.
        from: u32,
        /// The other end.
        to: u32,
    },
    /// The number of flagged edge sides is not twice the number of constraints.
    #[error("{sides} constrained edge sides for {constraints} constraints")]
    ConstraintCount {
        /// Flagged edge sides.
        sides: usize,
        /// Constraints.
        constraints: usize,
    },
    /// An unconstrained edge is not locally Delaunay: the apex across lies strictly inside
    /// the triangle's circumcircle (exact in-circle).
    #[error("edge {edge} of triangle {triangle} is not locally Delaunay")]
    NotDelaunay {
        /// The triangle.
        triangle: usize,
        /// Its edge.
        edge: usize,
    },
    /// A vertex belongs to no triangle.
    #[error("vertex {vertex} is in no triangle")]
    UnusedVertex {
        /// The vertex.
        vertex: usize,
    },
    /// A triangle of the inside mesh does not start at its smallest vertex.
    #[error("triangle {triangle} {vertices:?} does not start at its smallest vertex")]
    NotRotated {
        /// The triangle.
        triangle: usize,
        /// Its vertices.
        vertices: [u32; 3],
    },
    /// The triangles of the inside mesh are not strictly sorted.
    #[error("triangles are not strictly sorted at triangle {triangle}")]
    NotSorted {
        /// The first triangle out of order.
        triangle: usize,
    },
}
