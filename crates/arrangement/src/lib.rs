//! Snap rounding for onepath: nodes directed, operand-tagged edges on the integer grid into
//! non-crossing segments carrying net per-operand deltas, the one routine every boolean
//! operation and offset reduces to.
//!
//! This is the section "Arrangement: noding by snap rounding" of
//! `docs/build2d-spec.txt`, with the readings of `docs/decisions.md` (D8):
//!
//! 1. zero-length edges are dropped (and make no hot pixel);
//! 2. the hot pixels are every endpoint and the rounded point (`floor(x + 1/2)` per
//!    coordinate, exact) of every proper crossing of two edges;
//! 3. each edge is rerouted through every other hot pixel whose half-open square it meets,
//!    in the order of the exact projection of the pixel centres onto the edge;
//! 4. a repair loop reroutes fragments that still properly cross (adding their crossing as
//!    a hot pixel) or hold a vertex inside; with exact arithmetic it makes one verifying
//!    pass, and a 256th round that still changes something is an internal defect;
//! 5. fragments are merged by endpoints with summed deltas, zero-net ones dropped, and the
//!    vertices (the endpoints of the surviving segments) sorted by `(x, y)`.
//!
//! Candidates for the exact tests come from a uniform grid, or from a sweep when the input
//! is clustered ([`CandidateSearch`]); the choice never changes a result. Every sign comes
//! from `onepath-predicates`; there is no floating point in this crate.
//!
//! # Example
//!
//! ```
//! use onepath_arrangement::{arrange, Operand, TaggedEdge};
//! use onepath_predicates::GridPoint;
//!
//! let p = |x, y| GridPoint::new(x, y);
//! // Two edges crossing at (2, 1.5), which rounds up to (2, 2).
//! let edges = [
//!     TaggedEdge::new(p(0, 0), p(4, 3), Operand::First),
//!     TaggedEdge::new(p(0, 3), p(4, 0), Operand::Second),
//! ];
//! let arrangement = arrange(&edges)?;
//! assert_eq!(arrangement.vertices, [p(0, 0), p(0, 3), p(2, 2), p(4, 0), p(4, 3)]);
//! // Each edge is split at the crossing's pixel centre: four segments.
//! assert_eq!(arrangement.segments.len(), 4);
//! arrangement.check_invariants()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod blocks;
mod boxes;
mod deferred;
mod deltas;
mod error;
mod fragment;
mod grid;
mod invariants;
mod mixed;
mod numbering;
mod options;
mod orthogonal;
mod par;
mod passes;
mod pipeline;
mod pixels;
mod radix;
mod repair;
mod search;
mod trace;
mod types;

pub use deferred::Deferred;
pub use error::ArrangementError;
pub use invariants::InvariantViolation;
pub use onepath_predicates::GridPoint;
pub use options::{ArrangeOptions, ArrangeStats, CandidateSearch};
pub use types::{Arrangement, EdgeExtent, EdgeSource, Operand, Segment, TaggedEdge};

/// Sorts `u64` keys in increasing order with the arrangement's least-significant-digit
/// radix sort (11- or 13-bit digits, digits equal for every key skipped; a comparison sort
/// below 256 keys; on more than one thread, split by the keys' top bits first and the
/// parts sorted on every core): the same order as `sort_unstable`, shared with
/// `onepath-winding`'s ring tracing and `onepath-convex`'s merge (its candidate diagonals and output polygons) so
/// that the sort is written once.
pub fn sort_keys(keys: &mut Vec<u64>) {
    let max = keys.iter().copied().max().unwrap_or(0);
    radix::sort_by_key(keys, radix::bits_for(max), |&k| k);
}

/// Sorts `u64` keys that pack an index pair, `first << 32 | second` with `first` below
/// `n` (a vertex or a pixel), in increasing order. With at least one key per four
/// indices, one counting pass by `first` (`n` buckets; from 65,536 keys in place, block by
/// block, the blocks on every core with the feature `parallel`), then each bucket, usually
/// a handful of keys, by `second`: fewer passes over the keys than [`sort_keys`]; with
/// fewer keys (a ring tracing that keeps a small part of a large arrangement),
/// [`sort_keys`], which pays nothing per index (the break-even, in
/// instructions, of the bench cases in `docs/performance.md`, item 40). The same order
/// either way; used by `onepath-winding`'s ring tracing.
///
/// # Panics
///
/// When a key's `first` is not below `n`.
pub fn sort_index_pair_keys(keys: &mut Vec<u64>, n: usize) {
    if n <= 4 * keys.len() {
        radix::sort_by_index_pair(keys, n, |&k| [(k >> 32) as u32, k as u32]);
    } else {
        sort_keys(keys);
    }
}

/// Sorts items by a grid point in `(x, y)` order, stably, with the arrangement's radix sort
/// (one 64-bit key when the spans allow, else a pass over y and one over x): the order of
/// a stable comparison sort.
pub fn sort_by_point<T: Copy + Default + Send + Sync>(
    items: &mut Vec<T>,
    point: impl Fn(&T) -> GridPoint + Sync,
) {
    radix::sort_by_point(items, point);
}

/// Numbers the distinct points of `slots`, pairs `(point, slot)` with every slot in
/// `0..slots.len()` once: the points sorted by `(x, y)` with [`sort_by_point`], equal
/// points one number, and for each slot the number of its point. The arrangement numbers
/// its hot pixels so, and the umbrella crate the vertices of its triangulation input.
///
/// # Panics
///
/// When a slot is not below `slots.len()`. Coordinates must lie within the construction
/// limit (`2^39`), as every arrangement's do; a slot given twice gets the number of the
/// later point in sorted order.
pub fn number_points(slots: Vec<(GridPoint, u32)>) -> (Vec<GridPoint>, Vec<u32>) {
    let mut number = vec![0u32; slots.len()];
    // Keyed (16 bytes an entry when the box packs into one key) and freed before the sort.
    let bounds = fragment::Bounds::of(slots.iter().map(|&(p, _)| p));
    let keys = numbering::SlotKeys::within(&bounds, slots.len(), slots.iter().copied());
    drop(slots);
    let points = keys.number(|slot, rank| number[slot as usize] = rank);
    (points, number)
}

/// The largest number of repair-loop rounds (spec step 4): a 256th round that still
/// changes something is reported as [`ArrangementError::RepairDidNotConverge`].
pub const MAX_REPAIR_ROUNDS: u32 = repair::MAX_REPAIR_ROUNDS;

/// Nodes `edges` by snap rounding with the specification's candidate search.
///
/// The result depends only on the set of edges with their directions and operands (not on
/// their order). Errors: a point beyond `±2^39` grid units
/// ([`ArrangementError::CoordinateOutOfRange`], naming the first such edge), an input too
/// large to index, or the repair loop's defect signal. Never panics.
pub fn arrange(edges: &[TaggedEdge]) -> Result<Arrangement, ArrangementError> {
    arrange_with(edges, &ArrangeOptions::default()).map(|(arrangement, _)| arrangement)
}

/// [`arrange`] on edges it takes, freeing them as soon as their endpoints are keyed, before
/// they are sorted and numbered (the start of step 2) and before the arrangement's largest
/// buffers exist: the same result with a lower peak of memory for large inputs.
pub fn arrange_owned(edges: Vec<TaggedEdge>) -> Result<Arrangement, ArrangementError> {
    pipeline::run_owned(edges, &ArrangeOptions::default()).map(|run| run.arrangement)
}

/// [`arrange_owned`] for a caller that sweeps the segments anyway: stops before the
/// crossing half of step 4's verifying pass (`deferred.rs`), which the caller's sweep
/// decides by testing the neighbours it makes in its status (the winding crate's
/// `label_deferred` does). [`Deferred::verify`] gives what [`arrange_owned`] gives.
pub fn arrange_deferred(edges: Vec<TaggedEdge>) -> Result<Deferred, ArrangementError> {
    pipeline::run_deferred(edges, &ArrangeOptions::default())
}

/// [`arrange_deferred`] on the edges of `source`, for a caller that makes its edges from
/// something smaller (a region's rings and its offset pieces, [`EdgeSource`]): no vector
/// of edges need exist, and `source` is dropped once its edges are keyed, before they are
/// sorted. The result is [`arrange_deferred`]'s on the collected edges, and an error names
/// an edge by its index in their order.
///
/// ```
/// use onepath_arrangement::{EdgeSource, Operand, TaggedEdge, arrange_deferred_from};
/// use onepath_predicates::GridPoint;
///
/// /// A ring given by its corners, whose edges are made on the fly.
/// struct Ring(Vec<GridPoint>);
///
/// impl EdgeSource for Ring {
///     fn edges(&self) -> impl Iterator<Item = TaggedEdge> + '_ {
///         let n = self.0.len();
///         (0..n).map(move |i| TaggedEdge::new(self.0[i], self.0[(i + 1) % n], Operand::First))
///     }
/// }
///
/// let p = |x, y| GridPoint::new(x, y);
/// let square = Ring(vec![p(0, 0), p(4, 0), p(4, 4), p(0, 4)]);
/// let deferred = arrange_deferred_from(square)?;
/// assert_eq!(deferred.verify()?.segments.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn arrange_deferred_from(source: impl EdgeSource) -> Result<Deferred, ArrangementError> {
    pipeline::run_deferred(source, &ArrangeOptions::default())
}

/// For tests: [`arrange_deferred`] with a chosen candidate search (any search but
/// [`CandidateSearch::Auto`] takes the general path) and the test switch
/// [`ArrangeOptions::omit_initial_crossings`] (which leaves crossings for the deferred
/// check to find).
#[doc(hidden)]
pub fn arrange_deferred_with(
    edges: &[TaggedEdge],
    options: &ArrangeOptions,
) -> Result<Deferred, ArrangementError> {
    pipeline::run_deferred(edges.to_vec(), options)
}

/// [`arrange`] with a chosen candidate search (which never changes the result) and the
/// test switch [`ArrangeOptions::omit_initial_crossings`], also returning counters.
pub fn arrange_with(
    edges: &[TaggedEdge],
    options: &ArrangeOptions,
) -> Result<(Arrangement, ArrangeStats), ArrangementError> {
    pipeline::run(edges, options, false).map(|run| (run.arrangement, run.stats))
}

/// For tests: [`arrange_with`] that also returns, for every input edge, the polyline it
/// became (in the edge's own direction, through the pixel centres it was rerouted through,
/// followed through any repair rounds; empty for a zero-length edge).
#[doc(hidden)]
pub fn arrange_traced(
    edges: &[TaggedEdge],
    options: &ArrangeOptions,
) -> Result<(Arrangement, ArrangeStats, Vec<Vec<GridPoint>>), ArrangementError> {
    pipeline::run(edges, options, true)
        .map(|run| (run.arrangement, run.stats, run.traces.unwrap_or_default()))
}
