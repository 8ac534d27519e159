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
    /// A coordinate lies outside `±2^40` ([`crate::COORDINATE_LIMIT`]).
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

/// A violated invariant, reported by the `check_invariants` methods.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invariant violated: {0}")]
pub struct InvariantError(pub String);
