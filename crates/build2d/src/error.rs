//! The one error type of the public API, and where an error was found.

use std::fmt;

/// The axis of a tile map's grid line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// A vertical grid line `origin.x + i * cell_size`.
    X,
    /// A horizontal grid line `origin.y + i * cell_size`.
    Y,
}

/// Where in the input an error was found. Indices are 0-based (decisions D9).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// A named argument of the call.
    Argument(&'static str),
    /// A ring of an outline.
    Ring {
        /// The outline's index in the slice passed.
        outline: usize,
        /// The ring's index within the outline.
        ring: usize,
    },
    /// One coordinate of a vertex of an outline's ring.
    Vertex {
        /// The outline's index in the slice passed.
        outline: usize,
        /// The ring's index within the outline.
        ring: usize,
        /// The vertex's index within the ring.
        vertex: usize,
        /// The coordinate at fault.
        axis: Axis,
    },
    /// A grid line of a tile map.
    GridLine {
        /// Vertical (x) or horizontal (y) line.
        axis: Axis,
        /// The line's index: line `i` is `origin + i * cell_size`.
        index: usize,
    },
    /// A point constructed by an offset, in grid units.
    OffsetPoint {
        /// The x coordinate in grid units.
        x: i64,
        /// The y coordinate in grid units.
        y: i64,
    },
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Axis::X => "x",
            Axis::Y => "y",
        })
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Argument(name) => write!(f, "argument `{name}`"),
            Location::Ring { outline, ring } => write!(f, "outline {outline}, ring {ring}"),
            Location::Vertex {
                outline,
                ring,
                vertex,
                axis,
            } => write!(
                f,
                "outline {outline}, ring {ring}, vertex {vertex} ({axis})"
            ),
            Location::GridLine { axis, index } => write!(f, "grid line {axis}[{index}]"),
            Location::OffsetPoint { x, y } => {
                write!(f, "offset point ({x}, {y}) in grid units")
            }
        }
    }
}

/// Everything that can go wrong in a public operation of onepath (decisions D5).
///
/// No public operation panics on any input: bad input is an [`Error::OutOfRange`] or
/// [`Error::InvalidArgument`] naming the place, and [`Error::Internal`] reports a defect of
/// the library itself.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A value outside its documented range: a coordinate that is not finite or exceeds
    /// `2^21` in magnitude, a grid line beyond `2^21`, an offset distance beyond `2^20` or
    /// offset geometry beyond `2^21 + 2^20`.
    #[error("{location}: {message}")]
    OutOfRange {
        /// Where the value was found.
        location: Location,
        /// What is wrong with it.
        message: String,
    },
    /// Any other bad argument: a ring with fewer than 3 vertices, SnapBits outside
    /// `0..=16`, a bad cell size or map shape, a vertex limit outside `3..=16`, a bad arc
    /// tolerance or agent radius.
    #[error("{location}: {message}")]
    InvalidArgument {
        /// Where the value was found.
        location: Location,
        /// What is wrong with it.
        message: String,
    },
    /// The two operands of a binary operation (or a region and a pipeline) use different
    /// SnapBits.
    #[error("snap bits differ: {left} and {right} (both operands must use the same grid)")]
    SnapBitsMismatch {
        /// The SnapBits of the left operand (or the region).
        left: u32,
        /// The SnapBits of the right operand (or the pipeline).
        right: u32,
    },
    /// A value breaks a promise of its type: reported by `check_invariants()`, and by
    /// `from_parts` / `from_polygons` (and deserialisation) for parts that do not form a
    /// valid value. `what` names the type (`"region"`, `"triangulation"`,
    /// `"convex partition"`, `"navigation mesh"`).
    #[error("invalid {what}: {message}")]
    Invariant {
        /// The kind of value checked.
        what: &'static str,
        /// Which promise is broken, and where.
        message: String,
    },
    /// A defect of the library (for example the snap-rounding repair loop still changing
    /// its output after 256 rounds). Never caused by bad input; please report it.
    #[error("internal error (a defect in onepath, please report it): {message}")]
    Internal {
        /// What went wrong.
        message: String,
    },
}

impl Error {
    pub(crate) fn out_of_range(location: Location, message: impl Into<String>) -> Self {
        Error::OutOfRange {
            location,
            message: message.into(),
        }
    }

    pub(crate) fn invalid(location: Location, message: impl Into<String>) -> Self {
        Error::InvalidArgument {
            location,
            message: message.into(),
        }
    }

    pub(crate) fn invariant(what: &'static str, message: impl fmt::Display) -> Self {
        Error::Invariant {
            what,
            message: message.to_string(),
        }
    }

    pub(crate) fn internal(message: impl fmt::Display) -> Self {
        Error::Internal {
            message: message.to_string(),
        }
    }
}

/// The result type of every fallible operation of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
