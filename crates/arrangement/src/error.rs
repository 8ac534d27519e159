//! The errors the arrangement reports: bad input and the repair loop's defect signal.

use onepath_predicates::GridPoint;
use thiserror::Error;

/// Why [`crate::arrange`] could not node its input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ArrangementError {
    /// An input point lies beyond [`onepath_predicates::CONSTRUCTION_LIMIT`] (`±2^39` grid
    /// units) in x or y, where the exact constructions would overflow. `edge` is the 0-based
    /// index of the first offending edge in the input slice.
    #[error("edge {edge}: point {point} lies beyond the construction limit of ±2^39 grid units")]
    CoordinateOutOfRange {
        /// The 0-based index of the edge in the input (a slice, or the order of an
        /// [`crate::EdgeSource`]).
        edge: usize,
        /// The offending point (the edge's start or end).
        point: GridPoint,
    },
    /// The input has more edges than the arrangement can index (`i32::MAX`), or noding
    /// produced more vertices or fragments than fit a `u32` index.
    #[error("snap rounding: {count} items exceed the arrangement's index range")]
    TooManyItems {
        /// The number of items that did not fit.
        count: usize,
    },
    /// The repair loop (spec, "Arrangement", step 4) still changed something in its 256th
    /// round. This is a defect of the implementation, never a property of the input
    /// (the specification's `GeometryException`, decisions D5 and D8).
    #[error(
        "snap rounding: the repair loop still changed the arrangement in round {rounds} (an internal defect)"
    )]
    RepairDidNotConverge {
        /// The number of rounds run (256).
        rounds: u32,
    },
    /// [`crate::Deferred::verify`] found two segments that properly cross after
    /// [`crate::Deferred::forget_fallback`] had freed what that case needs: the caller's
    /// sweep missed a crossing, or was never run. A defect of the caller, never a
    /// property of the input.
    #[error(
        "snap rounding: two segments cross after the fallback was forgotten (a defect of the caller)"
    )]
    FallbackForgotten,
}
