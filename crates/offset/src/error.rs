//! The error type of the offset crate: every bad argument and every point past the limit.

use onepath_predicates::GridPoint;

/// What went wrong while building offset pieces or shrink edges.
///
/// The arguments are checked in this order, and the first failure is reported: the radius,
/// the arc tolerance (where the operation takes one), the coordinate limit, the input ring
/// vertices (rings in order, vertices in order), then the constructed points in the order
/// the operation computes them.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum OffsetError {
    /// The radius was NaN, infinite or negative.
    #[error("the offset radius must be finite and non-negative, got {radius} grid units")]
    InvalidRadius {
        /// The radius as passed, in grid units.
        radius: f64,
    },
    /// The arc tolerance was NaN, infinite or negative (decision D10).
    #[error("the arc tolerance must be finite and non-negative, got {arc_tolerance} grid units")]
    InvalidArcTolerance {
        /// The arc tolerance as passed, in grid units.
        arc_tolerance: f64,
    },
    /// The coordinate limit was negative or larger than the crate's arithmetic supports.
    #[error("the coordinate limit must lie in 0..={max} grid units, got {limit}")]
    InvalidLimit {
        /// The limit as passed, in grid units.
        limit: i64,
        /// The largest limit accepted ([`onepath_predicates::CONSTRUCTION_LIMIT`]).
        max: i64,
    },
    /// An input ring vertex lay beyond the coordinate limit.
    #[error(
        "ring {ring} vertex {vertex} at {point} lies beyond the coordinate limit ±{limit} grid units"
    )]
    VertexBeyondLimit {
        /// The 0-based index of the ring.
        ring: usize,
        /// The 0-based index of the vertex in its ring.
        vertex: usize,
        /// The vertex.
        point: GridPoint,
        /// The limit, in grid units.
        limit: i64,
    },
    /// A rounded piece point lay beyond the coordinate limit (decision D10: the offset
    /// geometry must stay within `±(2^21 + 2^20)` user units).
    #[error("the offset point ({x}, {y}) lies beyond the coordinate limit ±{limit} grid units")]
    PointBeyondLimit {
        /// The rounded x coordinate, in grid units.
        x: f64,
        /// The rounded y coordinate, in grid units.
        y: f64,
        /// The limit, in grid units.
        limit: i64,
    },
}
