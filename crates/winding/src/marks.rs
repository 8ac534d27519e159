//! The boundary of one inside rule kept from the labelling sweep in two bits a segment, for
//! callers that trace a single rule: the sweep's windings take 16 bytes a segment and were
//! the largest buffer of the build's labelling stage (issue #24).

use crate::SegmentWindings;
use crate::inside::InsideRule;
use crate::rings::{TraceError, trace_numbered};
use crate::sweep::{Labels, SplitLabels, sweep_deferred};
use onepath_arrangement::{Deferred, Segment};
use onepath_predicates::GridPoint;

/// How a segment `a → b` lies on the boundary of the inside of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoundarySide {
    /// Inside on both sides or on neither: not a boundary segment.
    Neither,
    /// Inside on the left of `a → b` only (its "above" side): traced `a → b`.
    Left,
    /// Inside on the right of `a → b` only (its "below" side): traced `b → a`.
    Right,
}

impl BoundarySide {
    /// The side of the inside of `rule` for a segment with windings `w`.
    #[inline]
    pub fn of(rule: InsideRule, w: &SegmentWindings) -> Self {
        match (rule.is_inside(w.above), rule.is_inside(w.below)) {
            (true, false) => BoundarySide::Left,
            (false, true) => BoundarySide::Right,
            _ => BoundarySide::Neither,
        }
    }

    /// The segment `a → b` directed with the inside on its left, if it is a boundary one.
    #[inline]
    pub fn directed(self, s: &Segment) -> Option<(u32, u32)> {
        match self {
            BoundarySide::Left => Some((s.a, s.b)),
            BoundarySide::Right => Some((s.b, s.a)),
            BoundarySide::Neither => None,
        }
    }

    /// The side of a two-bit code of [`BoundaryMarks`].
    #[inline]
    fn from_code(code: u8) -> Self {
        match code {
            1 => BoundarySide::Left,
            2 => BoundarySide::Right,
            _ => BoundarySide::Neither,
        }
    }

    /// The side's two-bit code in [`BoundaryMarks`] (`Neither` is 0).
    fn code(self) -> u8 {
        match self {
            BoundarySide::Neither => 0,
            BoundarySide::Left => 1,
            BoundarySide::Right => 2,
        }
    }
}

/// The [`BoundarySide`] of every segment of an arrangement under one inside rule, two bits
/// a segment, indexed like the segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundaryMarks {
    rule: InsideRule,
    len: usize,
    /// Segment `s` in bits `2 (s % 4)` and `2 (s % 4) + 1` of byte `s / 4`.
    bits: Vec<u8>,
}

impl BoundaryMarks {
    /// `len` segments, none on the boundary of `rule` yet.
    pub fn new(rule: InsideRule, len: usize) -> Self {
        Self {
            rule,
            len,
            bits: vec![0; len.div_ceil(4)],
        }
    }

    /// The marks of `rule` from the windings of every segment ([`crate::label`]).
    pub fn from_windings(windings: &[SegmentWindings], rule: InsideRule) -> Self {
        let mut marks = Self::new(rule, windings.len());
        for (s, w) in windings.iter().enumerate() {
            marks.put(s, BoundarySide::of(rule, w));
        }
        marks
    }

    /// The rule whose boundary the marks hold.
    pub fn rule(&self) -> InsideRule {
        self.rule
    }

    /// The number of segments marked.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no segment is marked.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The side of segment `s`; `None` past the last segment.
    pub fn side(&self, s: usize) -> Option<BoundarySide> {
        (s < self.len).then(|| BoundarySide::from_code(self.code_at(s)))
    }

    /// The code of segment `s` (below `len`).
    #[inline]
    fn code_at(&self, s: usize) -> u8 {
        (self.bits[s / 4] >> (2 * (s % 4))) & 3
    }

    /// The sides of every segment, in order.
    pub fn iter(&self) -> impl Iterator<Item = BoundarySide> + '_ {
        (0..self.len).filter_map(|s| self.side(s))
    }

    /// Sets the side of segment `s` (below `len`).
    fn put(&mut self, s: usize, side: BoundarySide) {
        let shift = 2 * (s % 4);
        let byte = &mut self.bits[s / 4];
        *byte = (*byte & !(3 << shift)) | (side.code() << shift);
    }
}

impl Labels for BoundaryMarks {
    #[inline]
    fn set(&mut self, s: usize, below: [i32; 2], above: [i32; 2]) {
        self.put(
            s,
            BoundarySide::of(self.rule, &SegmentWindings { below, above }),
        );
    }
}

impl SplitLabels for BoundaryMarks {
    fn part(&self, len: usize) -> Self {
        Self::new(self.rule, len)
    }

    fn absorb(&mut self, at: usize, part: Self) {
        for s in 0..part.len {
            self.put(at + s, BoundarySide::from_code(part.code_at(s)));
        }
    }
}

/// [`crate::label_deferred`] keeping only the boundary of `rule`: `None` when two of the
/// deferred segments properly cross (then [`Deferred::verify`] gives the arrangement to
/// label), otherwise the marks `BoundaryMarks::from_windings(&label_deferred(deferred)?,
/// rule)` gives, in an eighth of a byte where the windings take sixteen.
pub fn mark_deferred_boundary(deferred: &Deferred, rule: InsideRule) -> Option<BoundaryMarks> {
    sweep_deferred(
        deferred,
        BoundaryMarks::new(rule, deferred.segments().len()),
    )
}

/// [`crate::trace_deferred_owned`] from the marks [`mark_deferred_boundary`] gave for the
/// same deferred arrangement: the same rings. The arrangement is freed once the boundary's
/// segments are selected, before the rings are chained.
pub fn trace_marked_owned(
    deferred: Deferred,
    marks: &BoundaryMarks,
) -> Result<Vec<Vec<GridPoint>>, TraceError> {
    debug_assert_eq!(marks.len(), deferred.segments().len());
    // Counted first, so that no vector grown by doubling is held (issue #24): a mark is on
    // the boundary when either of its two bits is set (`Neither` is 0).
    let count = marks
        .bits
        .iter()
        .map(|&byte| ((byte | byte >> 1) & 0x55).count_ones() as usize)
        .sum();
    let mut edges = Vec::with_capacity(count);
    for (s, segment) in deferred.segments().iter().enumerate() {
        if let Some(edge) = BoundarySide::from_code(marks.code_at(s)).directed(segment) {
            edges.push(edge);
        }
    }
    trace_numbered(&deferred.into_vertices(), &edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_reads_back_at_every_position_in_a_byte() {
        let sides = [
            BoundarySide::Left,
            BoundarySide::Right,
            BoundarySide::Neither,
            BoundarySide::Right,
            BoundarySide::Left,
            BoundarySide::Left,
            BoundarySide::Neither,
            BoundarySide::Right,
            BoundarySide::Right,
        ];
        let mut marks = BoundaryMarks::new(InsideRule::Union, sides.len());
        assert!(marks.iter().all(|s| s == BoundarySide::Neither));
        for (s, &side) in sides.iter().enumerate() {
            marks.put(s, side);
        }
        // Overwriting one mark leaves its neighbours in the byte alone.
        marks.put(4, BoundarySide::Right);
        marks.put(4, BoundarySide::Left);
        assert_eq!(marks.iter().collect::<Vec<_>>(), sides);
        assert_eq!(marks.side(sides.len()), None);
        assert_eq!(marks.len(), 9);
        assert!(BoundaryMarks::new(InsideRule::Xor, 0).is_empty());
    }

    #[test]
    fn the_side_follows_the_rule_on_each_side() {
        let w = |below, above| SegmentWindings { below, above };
        let rule = InsideRule::Difference;
        assert_eq!(
            BoundarySide::of(rule, &w([0, 0], [1, 0])),
            BoundarySide::Left
        );
        assert_eq!(
            BoundarySide::of(rule, &w([1, 0], [1, 1])),
            BoundarySide::Right
        );
        assert_eq!(
            BoundarySide::of(rule, &w([1, 0], [2, 0])),
            BoundarySide::Neither
        );
        assert_eq!(
            BoundarySide::of(rule, &w([0, 1], [0, 0])),
            BoundarySide::Neither
        );
        let s = Segment {
            a: 3,
            b: 7,
            delta: [1, 0],
        };
        assert_eq!(BoundarySide::Left.directed(&s), Some((3, 7)));
        assert_eq!(BoundarySide::Right.directed(&s), Some((7, 3)));
        assert_eq!(BoundarySide::Neither.directed(&s), None);
    }
}
