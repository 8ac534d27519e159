//! The error type of the convex merge: bad arguments, malformed triangulations and
//! violated output invariants.

use thiserror::Error;

/// Everything that can go wrong in this crate. No function of the crate panics on bad
/// input; it returns one of these instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ConvexError {
    /// The vertex limit lies outside `3..=16` (spec, "Region.PartitionConvex").
    #[error("max vertices per polygon must be 3 to 16, got {limit}")]
    VertexLimit {
        /// The rejected limit.
        limit: usize,
    },
    /// The neighbour array does not hold exactly three entries per triangle.
    #[error("the neighbour array has {found} entries, expected {expected} (3 per triangle)")]
    NeighborCount {
        /// Three times the number of triangles.
        expected: usize,
        /// The actual length of the neighbour array.
        found: usize,
    },
    /// The labels of a labelled partition do not hold one entry per triangle.
    #[error("{found} triangle labels for {expected} triangles")]
    LabelCount {
        /// The number of triangles.
        expected: usize,
        /// The number of labels given.
        found: usize,
    },
    /// There are more triangles than an `i32` neighbour entry can name.
    #[error("{count} triangles are more than an i32 neighbour index can name")]
    TooManyTriangles {
        /// The number of triangles.
        count: usize,
    },
    /// A point lies beyond `±2^53`, where its coordinates are no longer exact in `f64`.
    #[error("point {point} lies beyond ±2^53 grid units")]
    CoordinateRange {
        /// The index of the point.
        point: usize,
    },
    /// A triangle names a vertex that is not a point of the input.
    #[error("triangle {triangle} names vertex {vertex}, but there are only {point_count} points")]
    VertexIndex {
        /// The index of the triangle.
        triangle: usize,
        /// The vertex index it names.
        vertex: u32,
        /// The number of points.
        point_count: usize,
    },
    /// A triangle is clockwise or degenerate (zero area or a repeated vertex).
    #[error("triangle {triangle} is not strictly counter-clockwise")]
    NotCounterClockwise {
        /// The index of the triangle.
        triangle: usize,
    },
    /// Two triangles hold the same directed edge, so they overlap.
    #[error("the directed edge ({from}, {to}) belongs to more than one triangle")]
    DuplicateEdge {
        /// The start vertex of the edge.
        from: u32,
        /// The end vertex of the edge.
        to: u32,
    },
    /// A neighbour entry is out of range or disagrees with the triangles' edges.
    #[error("neighbour entry {entry} (triangle {triangle}, edge {edge}) is inconsistent: {reason}")]
    Neighbor {
        /// The index of the triangle.
        triangle: usize,
        /// The edge of that triangle (0, 1 or 2).
        edge: usize,
        /// The offending entry.
        entry: i32,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The vertex fans were asked for fewer vertices than the polygons use.
    #[error("polygon {polygon} uses vertex {vertex}, but only {point_count} points were given")]
    FanVertexIndex {
        /// The index of the polygon.
        polygon: usize,
        /// The vertex index it uses.
        vertex: u32,
        /// The number of points passed in.
        point_count: usize,
    },
    /// [`Partition::check_invariants`](crate::Partition::check_invariants)
    /// found a polygon or an adjacency entry that breaks a promise of the output.
    #[error("invariant violated at polygon {polygon}: {reason}")]
    Invariant {
        /// The index of the offending polygon.
        polygon: usize,
        /// Which promise is broken.
        reason: &'static str,
    },
    /// The merge found its own state inconsistent. Validated input never leads here; it
    /// would be a defect of this crate, like the specification's `GeometryException`.
    #[error("internal inconsistency (a defect, not bad input): {reason}")]
    Internal {
        /// What was inconsistent.
        reason: &'static str,
    },
}
