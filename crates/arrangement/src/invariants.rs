//! Checks of the arrangement's guarantees, for tests, fuzz targets and later crates.

use crate::fragment::Fragment;
use crate::options::CandidateSearch;
use crate::search::CandidateIndex;
use crate::types::{Arrangement, Segment};
use onepath_predicates::{GridPoint, orient2d};
use thiserror::Error;

/// The first broken guarantee [`Arrangement::check_invariants`],
/// [`Arrangement::check_balanced`] or [`crate::Deferred::check_invariants`] found. Indices are 0-based.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InvariantViolation {
    /// `vertices[index]` is not strictly greater than `vertices[index - 1]` in `(x, y)` order.
    #[error("vertex {index} is not strictly after the vertex before it in (x, y) order")]
    VerticesNotSorted {
        /// The vertex index.
        index: usize,
    },
    /// A segment names a vertex index beyond the vertex list.
    #[error("segment {segment} names a vertex that does not exist")]
    VertexOutOfRange {
        /// The segment index.
        segment: usize,
    },
    /// A segment has `a >= b` (a zero-length segment when `a == b`).
    #[error("segment {segment} does not run from a smaller to a larger vertex index")]
    SegmentNotAscending {
        /// The segment index.
        segment: usize,
    },
    /// A segment is not strictly after the segment before it in `(a, b)` order (a
    /// duplicate when equal).
    #[error("segment {segment} is not strictly after the segment before it in (a, b) order")]
    SegmentsNotSorted {
        /// The segment index.
        segment: usize,
    },
    /// A segment carries a zero delta for both operands.
    #[error("segment {segment} has a zero delta")]
    ZeroDelta {
        /// The segment index.
        segment: usize,
    },
    /// Two segments properly cross.
    #[error("segments {first} and {second} properly cross")]
    ProperCrossing {
        /// The smaller segment index.
        first: usize,
        /// The larger segment index.
        second: usize,
    },
    /// A vertex lies strictly inside a segment.
    #[error("vertex {vertex} lies strictly inside segment {segment}")]
    VertexInsideSegment {
        /// The vertex index.
        vertex: usize,
        /// The segment index.
        segment: usize,
    },
    /// A vertex is the endpoint of no segment.
    #[error("vertex {vertex} belongs to no segment")]
    UnusedVertex {
        /// The vertex index.
        vertex: usize,
    },
    /// The deltas of one operand do not sum to zero at a vertex.
    #[error("operand {operand} is unbalanced at vertex {vertex}: net outflow {net}")]
    Unbalanced {
        /// The vertex index.
        vertex: usize,
        /// The operand (0 or 1).
        operand: usize,
        /// Outgoing minus incoming delta at the vertex.
        net: i64,
    },
}

impl Arrangement {
    /// Checks every structural guarantee of the output: vertices strictly sorted; segments
    /// strictly sorted by `(a, b)` with `a < b` in range (so unique and of non-zero
    /// length) and a non-zero delta; no two segments properly cross; no vertex lies
    /// strictly inside a segment (exactly); every vertex is used by a segment.
    ///
    /// Crossings and vertices are found with the grid candidate search (tested against the
    /// brute-force search), so the check takes near-linear time on evenly spread output.
    pub fn check_invariants(&self) -> Result<(), InvariantViolation> {
        check_structure(&self.vertices, &self.segments, true)?;
        check_geometry(&self.vertices, &self.segments, true)
    }

    /// Checks that at every vertex, per operand, the deltas of the segments leaving it
    /// (as `a`) minus those arriving (as `b`) sum to zero. This holds whenever the input
    /// edges formed closed rings, because snap rounding keeps every edge a connected path
    /// between its own endpoints.
    pub fn check_balanced(&self) -> Result<(), InvariantViolation> {
        let mut net = vec![[0i64; 2]; self.vertices.len()];
        for (segment, s) in self.segments.iter().enumerate() {
            let (a, b) = (s.a as usize, s.b as usize);
            if a >= net.len() || b >= net.len() {
                return Err(InvariantViolation::VertexOutOfRange { segment });
            }
            let d = [i64::from(s.delta[0]), i64::from(s.delta[1])];
            net[a] = [net[a][0] + d[0], net[a][1] + d[1]];
            net[b] = [net[b][0] - d[0], net[b][1] - d[1]];
        }
        for (vertex, sums) in net.iter().enumerate() {
            if let Some(operand) = (0..2).find(|&o| sums[o] != 0) {
                return Err(InvariantViolation::Unbalanced {
                    vertex,
                    operand,
                    net: sums[operand],
                });
            }
        }
        Ok(())
    }
}

/// The structural part of [`Arrangement::check_invariants`] on `vertices` and `segments`;
/// with `strict`, a zero delta and an unused vertex are violations too.
pub(crate) fn check_structure(
    v: &[GridPoint],
    segments: &[Segment],
    strict: bool,
) -> Result<(), InvariantViolation> {
    if let Some(index) = (1..v.len()).find(|&i| v[i - 1] >= v[i]) {
        return Err(InvariantViolation::VerticesNotSorted { index });
    }
    let mut used = vec![false; v.len()];
    for (segment, s) in segments.iter().enumerate() {
        if s.a as usize >= v.len() || s.b as usize >= v.len() {
            return Err(InvariantViolation::VertexOutOfRange { segment });
        }
        if s.a >= s.b {
            return Err(InvariantViolation::SegmentNotAscending { segment });
        }
        if segment > 0 && (segments[segment - 1].a, segments[segment - 1].b) >= (s.a, s.b) {
            return Err(InvariantViolation::SegmentsNotSorted { segment });
        }
        if strict && s.delta == [0, 0] {
            return Err(InvariantViolation::ZeroDelta { segment });
        }
        used[s.a as usize] = true;
        used[s.b as usize] = true;
    }
    match used.iter().position(|&u| !u) {
        Some(vertex) if strict => Err(InvariantViolation::UnusedVertex { vertex }),
        _ => Ok(()),
    }
}

/// The exact part of [`Arrangement::check_invariants`], on structurally valid parts (whose
/// segments are therefore sorted by their smaller endpoint): no vertex strictly inside a
/// segment, and with `crossings` no two segments properly crossing.
pub(crate) fn check_geometry(
    vertices: &[GridPoint],
    segments: &[Segment],
    crossings: bool,
) -> Result<(), InvariantViolation> {
    let fragments: Vec<Fragment> = segments
        .iter()
        .map(|s| Fragment::directed(vertices[s.a as usize], vertices[s.b as usize], s.delta))
        .collect();
    let (index, _) = CandidateIndex::build(CandidateSearch::Auto, fragments.as_slice(), vertices);
    if crossings {
        // The smallest crossing pair is reported, whatever order the search visits them in.
        let mut first_pair: Option<(usize, usize)> = None;
        let mut candidates = 0u64;
        index.for_each_crossing(fragments.as_slice(), None, &mut candidates, |i, j| {
            let pair = (i as usize, j as usize);
            first_pair = Some(first_pair.map_or(pair, |first| first.min(pair)));
        });
        if let Some((first, second)) = first_pair {
            return Err(InvariantViolation::ProperCrossing { first, second });
        }
    }
    for (segment, f) in fragments.iter().enumerate() {
        // The smallest such vertex, whatever order the search hands them out in.
        let mut inside: Option<GridPoint> = None;
        index.for_each_pixel(f, vertices, false, |c, _| {
            if inside.is_none_or(|v| c < v)
                && f.p < c
                && c < f.q
                && orient2d(f.p, f.q, c).is_collinear()
            {
                inside = Some(c);
            }
        });
        if let Some(c) = inside {
            let vertex = vertices.partition_point(|&w| w < c);
            return Err(InvariantViolation::VertexInsideSegment { vertex, segment });
        }
    }
    Ok(())
}
