//! The inside rules of decisions D1 and the boundary edges they select.

use crate::SegmentWindings;
use crate::marks::BoundarySide;
use crate::rings::{TraceError, trace_numbered};
use onepath_arrangement::{Arrangement, Deferred, Segment};
use onepath_predicates::GridPoint;

/// Which faces are inside, from the per-operand windings `[w0, w1]` (decisions D1).
///
/// A valid region has winding 1 inside and 0 outside, so the rules are exact for regions;
/// offset pieces may overlap and reach higher windings, hence the comparisons with zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InsideRule {
    /// Resolving one outline: `w0` is odd (negative odd windings too).
    EvenOdd,
    /// The union of resolved outlines: `w0 > 0`.
    Positive,
    /// `union(a, b)` and growing offsets: `w0 > 0 || w1 > 0`.
    Union,
    /// `intersection(a, b)`: `w0 > 0 && w1 > 0`.
    Intersection,
    /// `difference(a, b)`, shrinking offsets and the pipeline shrink: `w0 > 0 && w1 <= 0`.
    Difference,
    /// `xor(a, b)`: `(w0 > 0) != (w1 > 0)`.
    Xor,
}

impl InsideRule {
    /// True when a face with windings `w` is inside.
    #[inline]
    pub fn is_inside(self, w: [i32; 2]) -> bool {
        match self {
            InsideRule::EvenOdd => w[0] % 2 != 0,
            InsideRule::Positive => w[0] > 0,
            InsideRule::Union => w[0] > 0 || w[1] > 0,
            InsideRule::Intersection => w[0] > 0 && w[1] > 0,
            InsideRule::Difference => w[0] > 0 && w[1] <= 0,
            InsideRule::Xor => (w[0] > 0) != (w[1] > 0),
        }
    }
}

/// The segments that separate inside from outside under `rule`, each directed with the
/// inside on its left, as `(from, to)` grid points, in segment order.
///
/// `windings` is the output of [`crate::label`] for the same arrangement.
pub fn boundary_edges(
    arrangement: &Arrangement,
    windings: &[SegmentWindings],
    rule: InsideRule,
) -> Vec<(GridPoint, GridPoint)> {
    let v = &arrangement.vertices;
    boundary_indices(&arrangement.segments, windings, rule)
        .map(|(a, b)| (v[a as usize], v[b as usize]))
        .collect()
}

/// The rings of the inside of `rule`: `trace_rings(&boundary_edges(arrangement, windings,
/// rule))`, the same rings, found faster because the arrangement has already numbered the
/// vertices in `(x, y)` order (sorting index pairs instead of point pairs).
///
/// `windings` is the output of [`crate::label`] for the same arrangement, which must
/// satisfy its invariants (as for `label`).
pub fn trace_boundary(
    arrangement: &Arrangement,
    windings: &[SegmentWindings],
    rule: InsideRule,
) -> Result<Vec<Vec<GridPoint>>, TraceError> {
    trace_parts(&arrangement.vertices, &arrangement.segments, windings, rule)
}

/// [`trace_boundary`] of a deferred arrangement, with `windings` from
/// [`crate::label_deferred`] (which found no crossing): its segments of zero delta have
/// the same windings on both sides and are never boundary, and its unused vertices are
/// never reached, so the rings are those of the verified arrangement.
pub fn trace_deferred(
    deferred: &Deferred,
    windings: &[SegmentWindings],
    rule: InsideRule,
) -> Result<Vec<Vec<GridPoint>>, TraceError> {
    trace_parts(deferred.vertices(), deferred.segments(), windings, rule)
}

/// [`trace_deferred`] on a deferred arrangement and windings it takes: both are freed once
/// the boundary's segments are selected, before the rings are chained, where the memory of
/// a large overlay used to peak (issue #24). The same rings.
pub fn trace_deferred_owned(
    deferred: Deferred,
    windings: Vec<SegmentWindings>,
    rule: InsideRule,
) -> Result<Vec<Vec<GridPoint>>, TraceError> {
    let edges = boundary_index_pairs(deferred.segments(), &windings, rule);
    drop(windings);
    trace_numbered(&deferred.into_vertices(), &edges)
}

/// Selection and chaining on vertices in `(x, y)` order and segments over them.
fn trace_parts(
    vertices: &[GridPoint],
    segments: &[Segment],
    windings: &[SegmentWindings],
    rule: InsideRule,
) -> Result<Vec<Vec<GridPoint>>, TraceError> {
    trace_numbered(vertices, &boundary_index_pairs(segments, windings, rule))
}

/// [`boundary_indices`] collected at their exact count: counted first, so that no
/// vector grown by doubling sits beside the windings (issue #24).
fn boundary_index_pairs(
    segments: &[Segment],
    windings: &[SegmentWindings],
    rule: InsideRule,
) -> Vec<(u32, u32)> {
    let mut edges = Vec::with_capacity(boundary_indices(segments, windings, rule).count());
    edges.extend(boundary_indices(segments, windings, rule));
    edges
}

/// The boundary segments of `rule` as directed pairs of vertex indices, in segment order.
fn boundary_indices<'a>(
    segments: &'a [Segment],
    windings: &'a [SegmentWindings],
    rule: InsideRule,
) -> impl Iterator<Item = (u32, u32)> + 'a {
    segments
        .iter()
        .zip(windings)
        .filter_map(move |(s, w)| BoundarySide::of(rule, w).directed(s))
}
