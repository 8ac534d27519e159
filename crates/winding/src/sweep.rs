//! The labelling plane sweep: the winding numbers on both sides of every segment.

pub(crate) use crate::strips::SplitLabels;
use onepath_arrangement::{Arrangement, Deferred, Segment};
use onepath_predicates::{GridPoint, cross, properly_cross};
use std::cmp::Ordering;

/// The per-operand winding numbers on the two sides of one segment `a → b` (`a < b`).
///
/// "Below" is the right side of `a → b` and "above" its left side; for a vertical segment
/// (which runs upwards) that is the side of larger x and the side of smaller x, as if the
/// sweep line were tilted by an infinitesimal angle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SegmentWindings {
    /// `[w0, w1]` on the right side of `a → b`.
    pub below: [i32; 2],
    /// `[w0, w1]` on the left side of `a → b`: `below + delta`.
    pub above: [i32; 2],
}

/// Where the sweep puts what it finds of each segment: its windings on both sides, or
/// less (`BoundaryMarks` keeps two bits a segment for one inside rule, issue #24).
pub(crate) trait Labels {
    /// Segment `s` has windings `below` on its right and `above` on its left.
    fn set(&mut self, s: usize, below: [i32; 2], above: [i32; 2]);
}

impl Labels for Vec<SegmentWindings> {
    #[inline]
    fn set(&mut self, s: usize, below: [i32; 2], above: [i32; 2]) {
        self[s] = SegmentWindings { below, above };
    }
}

impl SplitLabels for Vec<SegmentWindings> {
    fn part(&self, len: usize) -> Self {
        vec![SegmentWindings::default(); len]
    }

    fn absorb(&mut self, at: usize, part: Self) {
        self[at..at + part.len()].copy_from_slice(&part);
    }
}

/// One entry of the sweep status: a segment cut by the sweep line (its vertex indices) and
/// the winding just above it. Sixteen bytes, because inserting into and removing from a
/// list of them moves the entries above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StatusEntry {
    pub(crate) a: u32,
    pub(crate) b: u32,
    pub(crate) above: [i32; 2],
}

/// The operations of the sweep on its status, the segments cut by the sweep line from
/// bottom to top. A position is a place between entries; `find` is the binary search of
/// the specification's "Labelling" section.
trait Status {
    /// A place in the status.
    type Pos: Copy + PartialEq;
    /// The first position whose entry does not satisfy `below` (the end if every entry
    /// does). `below` must hold for a prefix of the status, as the orientation test does on
    /// the status of a valid arrangement.
    fn find(&self, below: impl FnMut(&StatusEntry) -> bool) -> Self::Pos;
    /// [`Status::find`] when the place sought is known to lie at `from` or after it (every
    /// entry before `from` satisfies `below`): the same place, found from there.
    fn find_from(&self, from: Self::Pos, below: impl FnMut(&StatusEntry) -> bool) -> Self::Pos {
        let _ = from;
        self.find(below)
    }
    /// The number of entries from `pos` on whose segments end at vertex `v`.
    fn block_len(&self, pos: Self::Pos, v: u32) -> usize;
    /// The entry just before `pos`, if any.
    fn before(&self, pos: Self::Pos) -> Option<&StatusEntry>;
    /// The entry `n` places after `pos` (the entry at `pos` for `n = 0`), if any.
    fn nth_from(&self, pos: Self::Pos, n: usize) -> Option<&StatusEntry>;
    /// Replaces the `len` entries from `pos` on by `inserted`.
    fn replace(&mut self, pos: Self::Pos, len: usize, inserted: &[StatusEntry]);
    /// True when no segment is cut by the sweep line.
    fn is_empty(&self) -> bool;
    /// True when the status has outgrown its kind and the sweep should continue with a
    /// [`ChunkedList`] of its entries.
    fn outgrown(&self) -> bool;
}

/// The status as the plain list of the specification: insertion and removal move every
/// entry above the block. [`label`] starts with it and moves on to a [`ChunkedList`] when
/// it holds more than `limit` entries; with no limit it is the reference the chunked list
/// is tested against.
struct PlainList {
    entries: Vec<StatusEntry>,
    limit: usize,
}

impl Status for PlainList {
    type Pos = usize;

    fn find(&self, below: impl FnMut(&StatusEntry) -> bool) -> usize {
        self.entries.partition_point(below)
    }

    /// A galloping search (Bentley and Yao 1976): steps of 1, 2, 4, ... from `from` until an
    /// entry fails `below`, then a binary search inside the last step. For a predicate that
    /// holds on a prefix this is the place `partition_point` finds; it reads about
    /// `2 log2(d)` entries for a place `d` entries above `from`.
    fn find_from(&self, from: usize, mut below: impl FnMut(&StatusEntry) -> bool) -> usize {
        let (mut lo, mut step) = (from, 1);
        let entries = &self.entries;
        loop {
            let probe = lo + step - 1;
            match entries.get(probe) {
                Some(e) if below(e) => {
                    lo = probe + 1;
                    step *= 2;
                }
                Some(_) => return lo + entries[lo..probe].partition_point(below),
                None => return lo + entries[lo..].partition_point(below),
            }
        }
    }

    fn block_len(&self, pos: usize, v: u32) -> usize {
        self.entries[pos..].iter().take_while(|e| e.b == v).count()
    }

    fn before(&self, pos: usize) -> Option<&StatusEntry> {
        pos.checked_sub(1).and_then(|k| self.entries.get(k))
    }

    fn nth_from(&self, pos: usize, n: usize) -> Option<&StatusEntry> {
        self.entries.get(pos + n)
    }

    fn replace(&mut self, pos: usize, len: usize, inserted: &[StatusEntry]) {
        // The entries both lists share are overwritten in place; only the difference moves
        // the entries above (most vertices end as many segments as they start).
        let common = len.min(inserted.len());
        self.entries[pos..pos + common].copy_from_slice(&inserted[..common]);
        let at = pos + common;
        if len > common {
            self.entries.drain(at..pos + len);
        } else if inserted.len() > common {
            self.entries
                .splice(at..at, inserted[common..].iter().copied());
        }
    }

    fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn outgrown(&self) -> bool {
        self.entries.len() > self.limit
    }
}

/// The most entries of the plain list in [`label`] before the sweep moves on to a
/// [`ChunkedList`]: 2,048 entries are 32 KiB, so a replacement moves at most that much.
/// Tile maps, whose status holds a few hundred entries, never leave the plain list, which
/// is the fastest status there (measured with callgrind, docs/performance.md).
const PLAIN_MAX: usize = 2048;

/// The most entries a chunk of [`ChunkedList`] holds in [`label`]: 512 entries are 8 KiB.
const CHUNK_MAX: usize = 512;

/// The status as a list of chunks of at most `max` entries, none empty, whose
/// concatenation is the plain list. The binary search runs over the chunks' last entries
/// and then inside one chunk, so for a predicate that holds for a prefix it finds the same
/// place as the plain list's; a replacement moves at most one chunk's entries (and, when a
/// chunk splits or empties, the chunk list), instead of every entry above the block. On a
/// stack of `n` long segments all cut at once that is the difference between `O(n^2)` and
/// `O(n)` bytes moved (issue #24, docs/testing.md "Growth cases").
struct ChunkedList {
    chunks: Vec<Vec<StatusEntry>>,
    /// The most entries of a chunk, at least 2.
    max: usize,
}

impl ChunkedList {
    /// The status holding `entries`, in chunks of half the most entries `max` (at least 2).
    fn new(entries: &[StatusEntry], max: usize) -> Self {
        let max = max.max(2);
        Self {
            chunks: entries
                .chunks(max / 2)
                .map(<[StatusEntry]>::to_vec)
                .collect(),
            max,
        }
    }

    /// Splits chunk `c` into halves while it holds more than `max` entries, or drops it
    /// when it is empty.
    fn settle(&mut self, mut c: usize) {
        if self.chunks[c].is_empty() {
            self.chunks.remove(c);
            return;
        }
        while self.chunks[c].len() > self.max {
            let tail = self.chunks[c].split_off(self.max / 2);
            self.chunks.insert(c + 1, tail);
            c += 1;
        }
    }
}

impl Status for ChunkedList {
    /// `(chunk, offset)`: the offset is below the chunk's length except at the end of the
    /// last chunk, which is the end of the status; `(0, 0)` when the status is empty.
    type Pos = (usize, usize);

    fn find(&self, mut below: impl FnMut(&StatusEntry) -> bool) -> (usize, usize) {
        // The chunks whose last entry is below lie wholly before the position; the last
        // chunk need not be tested, the position is in it if not before. One chunk is the
        // plain list (the common case): a single binary search.
        let c = match self.chunks.split_last() {
            None => return (0, 0),
            Some((_, [])) => 0,
            Some((_, front)) => front.partition_point(|chunk| chunk.last().is_some_and(&mut below)),
        };
        (c, self.chunks[c].partition_point(below))
    }

    fn block_len(&self, (c, o): (usize, usize), v: u32) -> usize {
        let mut len = 0;
        let mut offset = o;
        for chunk in self.chunks.iter().skip(c) {
            let run = chunk[offset.min(chunk.len())..]
                .iter()
                .take_while(|e| e.b == v)
                .count();
            len += run;
            if offset + run < chunk.len() {
                break;
            }
            offset = 0;
        }
        len
    }

    fn before(&self, (c, o): (usize, usize)) -> Option<&StatusEntry> {
        match o.checked_sub(1) {
            Some(k) => self.chunks.get(c).and_then(|chunk| chunk.get(k)),
            None => c
                .checked_sub(1)
                .and_then(|k| self.chunks.get(k))
                .and_then(|chunk| chunk.last()),
        }
    }

    fn nth_from(&self, (c, o): (usize, usize), n: usize) -> Option<&StatusEntry> {
        let mut k = o + n;
        for chunk in self.chunks.iter().skip(c) {
            if k < chunk.len() {
                return chunk.get(k);
            }
            k -= chunk.len();
        }
        None
    }

    fn replace(&mut self, (c, o): (usize, usize), len: usize, inserted: &[StatusEntry]) {
        if c >= self.chunks.len() {
            // The status is empty (so is the block).
            if !inserted.is_empty() {
                self.chunks.push(inserted.to_vec());
                self.settle(self.chunks.len() - 1);
            }
            return;
        }
        let chunk = &mut self.chunks[c];
        let here = chunk.len() - o.min(chunk.len());
        if len == inserted.len() && len <= here {
            // As many segments start as end (a vertex of degree two): overwrite in place.
            chunk[o..o + len].copy_from_slice(inserted);
            return;
        } else if len <= here {
            chunk.splice(o..o + len, inserted.iter().copied());
            if chunk.len() <= self.max && !chunk.is_empty() {
                return;
            }
        } else {
            // The block runs on into the following chunks: cut this one at the position,
            // drop the rest of the block from the front of the next ones.
            self.chunks[c].truncate(o);
            let mut left = len - here;
            let mut emptied = 0;
            for chunk in &mut self.chunks[c + 1..] {
                let take = left.min(chunk.len());
                chunk.drain(..take);
                left -= take;
                if !chunk.is_empty() {
                    break;
                }
                emptied += 1;
            }
            self.chunks.drain(c + 1..c + 1 + emptied);
            self.chunks[c].extend_from_slice(inserted);
        }
        self.settle(c);
    }

    fn is_empty(&self) -> bool {
        self.chunks.is_empty()
    }

    fn outgrown(&self) -> bool {
        false
    }
}

/// Labels every segment of `arrangement` with the windings on both of its sides.
///
/// This is the sweep of the specification's "Labelling" section: vertices are visited in
/// `(x, y)` order; the status holds the segments cut by the sweep line, bottom to top. At a
/// vertex `v`, a binary search with the exact orientation of `v` against each segment
/// finds the block of segments ending at `v`; the winding below the block is the winding
/// above the segment under it (zero if none); the block is removed and the segments
/// starting at `v`, sorted bottom to top by the exact cross product of their directions,
/// are inserted in its place, each getting `above = below + delta`.
///
/// The status is the specification's plain list while it holds at most 2,048 entries;
/// beyond that the sweep moves on to a list of chunks, so that a status of `n` segments
/// costs `O(log n)` comparisons and a bounded memory move per vertex instead of moving
/// every segment above the block (issue #24). On the plain list, a vertex straight above
/// the one before it is searched for from that one's place on (decisions D15). Every
/// search finds the same block, so the labels are the same ([`label_with_plain_list`]
/// keeps the plain list throughout, for tests).
///
/// The arrangement must satisfy its invariants (no crossings, no vertex inside a segment);
/// the result is indexed like `arrangement.segments`.
pub fn label(arrangement: &Arrangement) -> Vec<SegmentWindings> {
    sweep_on_cores(
        &arrangement.vertices,
        &arrangement.segments,
        false,
        windings_for(&arrangement.segments),
    )
    .labels
}

/// [`label`] of an arrangement whose verifying pass was deferred
/// ([`onepath_arrangement::arrange_deferred`]), deciding on the way whether two of its
/// segments properly cross: `None` when they do (then [`Deferred::verify`] gives the
/// arrangement to label), otherwise the labels of every segment of
/// [`Deferred::segments`], which are those [`label`] gives the verified arrangement (the
/// segments of zero delta change no winding).
///
/// The question is decided by the test of Shamos and Hoey (1976): every time two status
/// entries become neighbours (the entry below a vertex's block and the first segment
/// inserted, the last inserted and the entry above, or the two entries a removed block
/// leaves side by side), their segments are tested with the exact `properly_cross`.
/// Should two segments properly cross, let `X` be the first crossing point in the sweep's
/// `(x, y)` order. `X` is no vertex (no hot pixel centre lies inside a deferred
/// segment), so the status is correctly ordered at every vertex before `X`, and the
/// segments through `X` (each has one end before and one after it) are neighbours just
/// before `X`: a segment between two of them would have to pass through `X` too, since no
/// vertex lies between the last vertex before `X` and `X`. Two segments through `X` cannot
/// run in the same direction (their overlap would put an end of one inside the other), so
/// two neighbouring ones properly cross there; they became neighbours at a vertex before
/// `X` and were tested then. So a crossing is always found, and only real crossings are
/// reported. The sweep stops at the first one.
///
/// [`Deferred::verify`]: onepath_arrangement::Deferred::verify
/// [`Deferred::segments`]: onepath_arrangement::Deferred::segments
pub fn label_deferred(deferred: &Deferred) -> Option<Vec<SegmentWindings>> {
    sweep_deferred(deferred, windings_for(deferred.segments()))
}

/// [`label`] moving on from the plain list as soon as it holds more than `chunk_max`
/// entries, to chunks of at most `chunk_max` entries (at least 2), so that tests reach the
/// move, blocks spanning several chunks, splits and emptied chunks on small arrangements.
#[doc(hidden)]
pub fn label_with_chunk_size(arrangement: &Arrangement, chunk_max: usize) -> Vec<SegmentWindings> {
    sweep(
        &arrangement.vertices,
        &arrangement.segments,
        chunk_max,
        chunk_max,
        false,
        windings_for(&arrangement.segments),
    )
    .labels
}

/// [`label_deferred`] on raw parts with the plain list moving on to chunks of at most
/// `chunk_max` entries: `None` when two of `segments` properly cross. For tests of the
/// crossing check, which need segment sets that no arrangement makes; `vertices` must be
/// strictly increasing, `segments` sorted by `(a, b)` with `a < b`, and no vertex may lie
/// inside a segment.
#[doc(hidden)]
pub fn label_checking_crossings(
    vertices: &[GridPoint],
    segments: &[Segment],
    chunk_max: usize,
) -> Option<Vec<SegmentWindings>> {
    let swept = sweep(
        vertices,
        segments,
        chunk_max,
        chunk_max,
        true,
        windings_for(segments),
    );
    (!swept.crossed).then_some(swept.labels)
}

/// [`label`] in `strips` strips of vertices (`docs/decisions.md`, D15), one after another
/// or on every core with the `parallel` feature, each moving on from the plain list to
/// chunks of at most `chunk_max` entries: the same labels as [`label`] for every
/// arrangement that satisfies its invariants. `None` when a vertex is not balanced (then
/// [`label`] runs one sweep). For tests.
#[doc(hidden)]
pub fn label_in_strips(
    arrangement: &Arrangement,
    strips: usize,
    chunk_max: usize,
) -> Option<Vec<SegmentWindings>> {
    crate::strips::sweep_in_strips(
        &arrangement.vertices,
        &arrangement.segments,
        strips,
        (chunk_max, chunk_max),
        false,
        windings_for(&arrangement.segments),
    )
    .ok()
    .map(|swept| swept.labels)
}

/// [`label_checking_crossings`] in `strips` strips: `Some(None)` when two segments
/// properly cross, `Some(Some(labels))` otherwise, and `None` when no segment crosses
/// another but a vertex is not balanced (then one sweep must label). For tests.
#[doc(hidden)]
pub fn label_checking_crossings_in_strips(
    vertices: &[GridPoint],
    segments: &[Segment],
    strips: usize,
    chunk_max: usize,
) -> Option<Option<Vec<SegmentWindings>>> {
    crate::strips::sweep_in_strips(
        vertices,
        segments,
        strips,
        (chunk_max, chunk_max),
        true,
        windings_for(segments),
    )
    .ok()
    .map(|swept| (!swept.crossed).then_some(swept.labels))
}

/// [`label`] with the status as the specification's plain list throughout, whose
/// insertions and removals move memory proportional to its length: the reference the
/// chunked status is tested against, and the "before" of the growth bench. The same
/// labels for every arrangement that satisfies its invariants.
#[doc(hidden)]
pub fn label_with_plain_list(arrangement: &Arrangement) -> Vec<SegmentWindings> {
    sweep(
        &arrangement.vertices,
        &arrangement.segments,
        usize::MAX,
        CHUNK_MAX,
        false,
        windings_for(&arrangement.segments),
    )
    .labels
}

/// Default windings for every one of `segments`, for the sweep to fill in.
fn windings_for(segments: &[Segment]) -> Vec<SegmentWindings> {
    vec![SegmentWindings::default(); segments.len()]
}

/// The sweep of [`label_deferred`] into `labels` (sized for the deferred segments):
/// `None` when two segments properly cross.
pub(crate) fn sweep_deferred<L: SplitLabels>(deferred: &Deferred, labels: L) -> Option<L> {
    let check = !deferred.is_verified();
    let swept = sweep_on_cores(deferred.vertices(), deferred.segments(), check, labels);
    (!swept.crossed).then_some(swept.labels)
}

/// The sweep with the default list sizes, in strips on every core where the `parallel`
/// feature, the pool and the size allow it (`docs/decisions.md`, D15): the same labels
/// and the same answer to the crossing question as one sweep.
pub(crate) fn sweep_on_cores<L: SplitLabels>(
    vertices: &[GridPoint],
    segments: &[Segment],
    check: bool,
    labels: L,
) -> Swept<L> {
    #[cfg(feature = "parallel")]
    let labels = {
        let threads = rayon::current_num_threads();
        if segments.len() < crate::strips::PARALLEL_MIN || threads < 2 {
            labels
        } else {
            let sizes = (PLAIN_MAX, CHUNK_MAX);
            match crate::strips::sweep_in_strips(vertices, segments, threads, sizes, check, labels)
            {
                Ok(swept) => return swept,
                // A vertex is not balanced: one sweep labels.
                Err(labels) => labels,
            }
        }
    };
    sweep(vertices, segments, PLAIN_MAX, CHUNK_MAX, check, labels)
}

/// What a sweep found: the labels, and with the crossing check whether two segments
/// properly cross (then the labels are incomplete and the sweep stopped there).
pub(crate) struct Swept<L> {
    pub(crate) labels: L,
    pub(crate) crossed: bool,
}

/// The sweep of [`label`]: the plain list while it holds at most `plain_max` entries, then
/// chunks of at most `chunk_max`; with `check`, the crossing test of [`label_deferred`].
/// The windings of every segment go into `labels`.
pub(crate) fn sweep<L: Labels>(
    vertices: &[GridPoint],
    segments: &[Segment],
    plain_max: usize,
    chunk_max: usize,
    check: bool,
    labels: L,
) -> Swept<L> {
    let starts = starts_of(vertices.len(), segments);
    let part = Part {
        vertices: 0..vertices.len(),
        base: 0,
        initial: Vec::new(),
        track_balance: false,
    };
    let sizes = (plain_max, chunk_max);
    sweep_part(vertices, segments, &starts, part, sizes, check, labels).swept
}

/// `starts[v]..starts[v + 1]` are the segments starting at vertex `v` (segments are sorted
/// by `(a, b)`, so those starting at each vertex are contiguous).
#[inline]
pub(crate) fn starts_of(vertex_count: usize, segments: &[Segment]) -> Vec<u32> {
    let mut starts = vec![0u32; vertex_count + 1];
    for s in segments {
        if let Some(count) = starts.get_mut(s.a as usize + 1) {
            *count += 1;
        }
    }
    for i in 0..vertex_count {
        starts[i + 1] += starts[i];
    }
    starts
}

/// A stretch of the sweep: the vertices it visits, the index of the first segment whose
/// labels it writes (the labels it holds start there), and the status before its first
/// vertex.
pub(crate) struct Part {
    pub(crate) vertices: std::ops::Range<usize>,
    pub(crate) base: usize,
    pub(crate) initial: Vec<StatusEntry>,
    /// True when the vertices' balance must be tested even over all of them.
    pub(crate) track_balance: bool,
}

/// What a stretch of the sweep found: [`Swept`], and whether at every vertex it visited the
/// segments ending there and those starting there carry the same net delta (then the
/// windings above every status entry are the sums of the deltas up to it, before and after
/// the stretch).
pub(crate) struct SweptPart<L> {
    pub(crate) swept: Swept<L>,
    pub(crate) balanced: bool,
}

/// The sweep over one stretch of vertices from its initial status, the plain list while it
/// holds at most `sizes.0` entries, then chunks of at most `sizes.1`.
pub(crate) fn sweep_part<L: Labels>(
    vertices: &[GridPoint],
    segments: &[Segment],
    starts: &[u32],
    part: Part,
    (plain_max, chunk_max): (usize, usize),
    check: bool,
    labels: L,
) -> SweptPart<L> {
    let mut state = SweepState::new(vertices, segments, starts, &part, labels);
    let Part {
        vertices: range,
        initial,
        ..
    } = part;
    let mut next = range.start;
    let mut entries = initial;
    if entries.len() <= plain_max {
        let mut plain = PlainList {
            entries,
            limit: plain_max,
        };
        next = state.run_any(&mut plain, next, range.end, check);
        entries = plain.entries;
    }
    if next < range.end && !state.crossed {
        let mut chunked = ChunkedList::new(&entries, chunk_max);
        drop(entries);
        state.run_any(&mut chunked, next, range.end, check);
    }
    SweptPart {
        swept: Swept {
            labels: state.result,
            crossed: state.crossed,
        },
        balanced: state.balanced,
    }
}

/// The status (the plain list) of one sweep just before vertex `first`: what
/// [`crate::strips`] must sort for itself. For tests.
#[cfg(test)]
pub(crate) fn status_before(
    vertices: &[GridPoint],
    segments: &[Segment],
    first: usize,
) -> Vec<StatusEntry> {
    let starts = starts_of(vertices.len(), segments);
    let part = Part {
        vertices: 0..first,
        base: 0,
        initial: Vec::new(),
        track_balance: false,
    };
    let mut state = SweepState::new(vertices, segments, &starts, &part, windings_for(segments));
    let mut plain = PlainList {
        entries: Vec::new(),
        limit: usize::MAX,
    };
    state.run_any(&mut plain, 0, first, false);
    plain.entries
}

/// What the sweep carries from vertex to vertex besides its status.
struct SweepState<'a, L> {
    vertices: &'a [GridPoint],
    segments: &'a [Segment],
    /// `starts[v]..starts[v + 1]` are the segments starting at vertex `v`.
    starts: &'a [u32],
    /// The index of the segment whose labels are the first that `result` holds.
    base: usize,
    /// True once a tested pair properly crossed; the sweep stops there.
    crossed: bool,
    /// False once a vertex was visited whose ending and starting segments carry different
    /// net deltas (tested only with `track_balance`).
    balanced: bool,
    /// True when the sweep runs in strips, which need every vertex balanced.
    track_balance: bool,
    /// The labels found so far, indexed like the segments from `base` on.
    result: L,
    /// The segments starting at the current vertex; reused.
    outgoing: Vec<u32>,
    /// Their status entries; reused.
    inserted: Vec<StatusEntry>,
}

impl<'a, L: Labels> SweepState<'a, L> {
    /// The state at the start of `part`, writing into `result`.
    fn new(
        vertices: &'a [GridPoint],
        segments: &'a [Segment],
        starts: &'a [u32],
        part: &Part,
        result: L,
    ) -> Self {
        SweepState {
            vertices,
            segments,
            starts,
            base: part.base,
            crossed: false,
            balanced: true,
            track_balance: part.track_balance,
            result,
            outgoing: Vec::new(),
            inserted: Vec::new(),
        }
    }

    /// [`SweepState::run`] with the check and the balance test as asked: one copy of the
    /// loop for each, so that [`label`] pays nothing for either.
    fn run_any<S: Status>(
        &mut self,
        status: &mut S,
        first: usize,
        last: usize,
        check: bool,
    ) -> usize {
        match (check, self.track_balance) {
            (true, true) => self.run::<_, true, true>(status, first, last),
            (true, false) => self.run::<_, true, false>(status, first, last),
            (false, true) => self.run::<_, false, true>(status, first, last),
            (false, false) => self.run::<_, false, false>(status, first, last),
        }
    }

    /// Visits the vertices from `first` to `last` (exclusive) with `status` until the
    /// status has outgrown its kind or (with `CHECK`, the test of [`label_deferred`]) two
    /// new neighbours properly cross; returns the index of the next vertex to visit
    /// (`last` at the end).
    fn run<S: Status, const CHECK: bool, const TRACK: bool>(
        &mut self,
        status: &mut S,
        first: usize,
        last: usize,
    ) -> usize {
        let (vertices, segments) = (self.vertices, self.segments);
        let point = |k: u32| vertices[k as usize];
        // Segments whose y ranges are disjoint cannot cross: most neighbours in a status
        // are rejected by that before the four exact orientations.
        let cross_properly = |e: &StatusEntry, f: &StatusEntry| {
            let (a, b, c, d) = (point(e.a), point(e.b), point(f.a), point(f.b));
            a.y.max(b.y) >= c.y.min(d.y)
                && c.y.max(d.y) >= a.y.min(b.y)
                && properly_cross(a, b, c, d)
        };
        let (outgoing, inserted, result, base) = (
            &mut self.outgoing,
            &mut self.inserted,
            &mut self.result,
            self.base,
        );
        // The previous vertex's x and where it was found.
        let mut previous: Option<(i64, S::Pos)> = None;
        for (vi, &v) in (first..last).zip(&vertices[first..last]) {
            // The first status entry that `v` is not strictly above: entries below it have
            // `v` on their left (counter-clockwise side). `orient2d` is the sign of this
            // exact cross product; testing the sign directly keeps the comparison inlined.
            let is_below = |e: &StatusEntry| {
                let a = point(e.a);
                cross(point(e.b) - a, v - a) > 0
            };
            // A vertex `v` straight above the previous one `p` (`v = p + (0, h)`, `h > 0`)
            // lies strictly above every entry `p` did: for an entry `a -> b` with
            // `a.x <= b.x`, `cross(b - a, v - a) = cross(b - a, p - a) + (b.x - a.x) h`,
            // which is positive when the first term is. Those entries are unchanged, so
            // the place of `v` is at the place of `p` or after it. While the status is in
            // order (always, before the crossing check fails and the sweep stops) both
            // searches find the same place.
            let hint = previous.filter(|&(x, _)| x == v.x).map(|(_, at)| at);
            let lo = match hint {
                Some(at) => status.find_from(at, is_below),
                None => status.find(is_below),
            };
            // (With the check, a stretch that starts past a crossing of two segments has a
            // status out of order, whose crossing another stretch finds: not asserted.)
            debug_assert!(
                CHECK || hint.is_none() || status.find(is_below) == lo,
                "the galloping search disagrees with the binary search at vertex {vi}"
            );
            let block = status.block_len(lo, vi as u32);
            let below_entry = status.before(lo);
            let below = below_entry.map_or([0, 0], |e| e.above);
            // The winding above the block (its net delta is `top - below`), where a strip
            // must know that its vertices are balanced.
            let top = match (TRACK, block) {
                (false, _) | (true, 0) => below,
                (true, n) => status.nth_from(lo, n - 1).map_or(below, |e| e.above),
            };
            let below_entry = if CHECK { below_entry.copied() } else { None };
            // The entry above the block: a new neighbour of the last inserted segment, or
            // of the entry below when nothing is inserted.
            let above_entry = if CHECK {
                status.nth_from(lo, block).copied()
            } else {
                None
            };
            outgoing.clear();
            outgoing.extend(self.starts[vi]..self.starts[vi + 1]);
            // Bottom to top: direction d1 lies below d2 when d2 is counter-clockwise from d1.
            // All directions point into the half-plane x > 0 or straight up, so this is a
            // total order.
            let end = |s: u32| point(segments[s as usize].b) - v;
            if outgoing.len() > 1 {
                outgoing.sort_by(|&s, &t| match cross(end(s), end(t)).cmp(&0) {
                    Ordering::Greater => Ordering::Less,
                    Ordering::Less => Ordering::Greater,
                    Ordering::Equal => Ordering::Equal,
                });
            }
            let mut current = below;
            inserted.clear();
            inserted.extend(outgoing.iter().map(|&s| {
                let seg = segments[s as usize];
                let above = [current[0] + seg.delta[0], current[1] + seg.delta[1]];
                result.set(s as usize - base, current, above);
                current = above;
                StatusEntry {
                    a: vi as u32,
                    b: seg.b,
                    above,
                }
            }));
            // The segments starting here carry the net delta of those ending here exactly
            // when the winding above the last one inserted is the one above the block.
            if TRACK {
                self.balanced &= current == top;
            }
            if CHECK {
                // The pairs that become neighbours here (Shamos and Hoey); the inserted
                // segments share `v` and cannot cross each other.
                let (low, high) = match (inserted.first(), inserted.last()) {
                    (Some(first), Some(last)) => (
                        below_entry.is_some_and(|e| cross_properly(&e, first)),
                        above_entry.is_some_and(|e| cross_properly(last, &e)),
                    ),
                    _ => (
                        block > 0
                            && below_entry
                                .zip(above_entry)
                                .is_some_and(|(e, f)| cross_properly(&e, &f)),
                        false,
                    ),
                };
                if low || high {
                    self.crossed = true;
                    return vi + 1;
                }
            }
            status.replace(lo, block, inserted);
            previous = Some((v.x, lo));
            if status.outgrown() {
                return vi + 1;
            }
        }
        debug_assert!(
            CHECK || last < vertices.len() || status.is_empty(),
            "segments left in the sweep status"
        );
        last
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The galloping search finds the place `partition_point` finds, from every place at or
    /// below it, for every prefix of every length of status.
    #[test]
    fn the_galloping_search_finds_the_binary_search_place() {
        for n in 0..70u32 {
            let list = PlainList {
                entries: (0..n)
                    .map(|b| StatusEntry {
                        a: 0,
                        b,
                        above: [0, 0],
                    })
                    .collect(),
                limit: usize::MAX,
            };
            for threshold in 0..=n {
                let below = |e: &StatusEntry| e.b < threshold;
                let place = list.find(below);
                assert_eq!(place, threshold as usize);
                for from in 0..=place {
                    assert_eq!(list.find_from(from, below), place, "{n} {threshold} {from}");
                }
            }
        }
    }
}
