//! The labelling plane sweep: the winding numbers on both sides of every segment.

use onepath_arrangement::Arrangement;
use onepath_predicates::{Orientation, cross, orient2d};
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

/// One entry of the sweep status: a segment cut by the sweep line (its vertex indices) and
/// the winding just above it. Sixteen bytes, because inserting into and removing from the
/// plain-list status moves the entries above.
#[derive(Clone, Copy)]
struct StatusEntry {
    a: u32,
    b: u32,
    above: [i32; 2],
}

/// Labels every segment of `arrangement` with the windings on both of its sides.
///
/// This is the sweep of the specification's "Labelling" section: vertices are visited in
/// `(x, y)` order; the status is a plain list of the segments cut by the sweep line, bottom
/// to top. At a vertex `v`, a binary search with the exact orientation of `v` against each
/// segment finds the block of segments ending at `v`; the winding below the block is the
/// winding above the segment under it (zero if none); the block is removed and the segments
/// starting at `v`, sorted bottom to top by the exact cross product of their directions, are
/// inserted in its place, each getting `above = below + delta`.
///
/// The arrangement must satisfy its invariants (no crossings, no vertex inside a segment);
/// the result is indexed like `arrangement.segments`.
pub fn label(arrangement: &Arrangement) -> Vec<SegmentWindings> {
    let vertices = &arrangement.vertices;
    let segments = &arrangement.segments;
    let mut result = vec![SegmentWindings::default(); segments.len()];
    // Segments are sorted by (a, b), so those starting at each vertex are contiguous.
    let mut starts = vec![0u32; vertices.len() + 1];
    for s in segments {
        starts[s.a as usize + 1] += 1;
    }
    for i in 0..vertices.len() {
        starts[i + 1] += starts[i];
    }
    let mut status: Vec<StatusEntry> = Vec::new();
    let mut outgoing: Vec<u32> = Vec::new();
    let mut inserted: Vec<StatusEntry> = Vec::new();
    for (vi, &v) in vertices.iter().enumerate() {
        // The first status entry that `v` is not strictly above: entries below it have `v`
        // on their left (counter-clockwise side).
        let point = |k: u32| vertices[k as usize];
        let lo = status.partition_point(|e| {
            orient2d(point(e.a), point(e.b), v) == Orientation::CounterClockwise
        });
        let mut hi = lo;
        while hi < status.len() && status[hi].b == vi as u32 {
            hi += 1;
        }
        let below = if lo == 0 {
            [0, 0]
        } else {
            status[lo - 1].above
        };
        outgoing.clear();
        outgoing.extend(starts[vi]..starts[vi + 1]);
        // Bottom to top: direction d1 lies below d2 when d2 is counter-clockwise from d1. All
        // directions point into the half-plane x > 0 or straight up, so this is a total order.
        outgoing.sort_by(|&s, &t| {
            let ds = vertices[segments[s as usize].b as usize] - v;
            let dt = vertices[segments[t as usize].b as usize] - v;
            match cross(ds, dt).cmp(&0) {
                Ordering::Greater => Ordering::Less,
                Ordering::Less => Ordering::Greater,
                Ordering::Equal => Ordering::Equal,
            }
        });
        let mut current = below;
        inserted.clear();
        inserted.extend(outgoing.iter().map(|&s| {
            let seg = segments[s as usize];
            let above = [current[0] + seg.delta[0], current[1] + seg.delta[1]];
            result[s as usize] = SegmentWindings {
                below: current,
                above,
            };
            current = above;
            StatusEntry {
                a: vi as u32,
                b: seg.b,
                above,
            }
        }));
        status.splice(lo..hi, inserted.drain(..));
    }
    debug_assert!(status.is_empty(), "segments left in the sweep status");
    result
}
