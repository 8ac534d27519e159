//! The labelling sweep in strips of vertices, one per core, with the labels and the
//! crossing answer of one sweep (`docs/decisions.md`, D15).
//!
//! The sweep's status before a vertex `w` holds the segments `a → b` with `a < w ≤ b` in
//! the `(x, y)` order of the vertices, bottom to top along the sweep line. That order is a
//! function of the segments alone (section "Labelling" of the specification: the line
//! through `w` tilted by an infinitesimal angle), so a strip that starts at `w` can sort
//! its status itself ([`initial_status`]). The windings above each entry are the sums of
//! the deltas up to it when every earlier vertex is balanced (the segments ending there
//! and those starting there carry the same net delta): the sweep keeps the winding above
//! an entry from the moment it inserts it, and a balanced vertex changes no winding above
//! its block. Arrangements of closed rings are balanced at every vertex; each strip checks
//! its own vertices as it goes, and a single unbalanced one sends the caller back to one
//! sweep.

use crate::sweep::{Labels, Part, StatusEntry, Swept, SweptPart, starts_of, sweep_part};
use onepath_arrangement::Segment;
use onepath_predicates::GridPoint;
use std::cmp::Ordering;
use std::ops::Range;

/// The fewest segments for which the sweep runs in strips (and boundary edges for which the
/// tracing of rings splits its passes): below it one sweep takes about a millisecond,
/// which the strips' own setup and the pool's wake-up would eat.
#[cfg(feature = "parallel")]
pub(crate) const PARALLEL_MIN: usize = 32_768;

/// `0..count` in about equal consecutive parts for a pass over `size` items (the boundary
/// edges that trace into rings, say): four per thread of the pool from [`PARALLEL_MIN`]
/// items with the feature `parallel`, otherwise one. Empty parts are left out.
pub(crate) fn even_parts(count: usize, size: usize) -> Vec<Range<usize>> {
    #[cfg(feature = "parallel")]
    {
        let threads = rayon::current_num_threads();
        if size >= PARALLEL_MIN && threads > 1 {
            let chunk = count.div_ceil(4 * threads).max(1);
            return (0..count.div_ceil(chunk))
                .map(|k| k * chunk..((k + 1) * chunk).min(count))
                .collect();
        }
    }
    let _ = size;
    std::iter::once(0..count)
        .filter(|r| !r.is_empty())
        .collect()
}

/// Labels that a sweep in strips fills part by part: each strip writes a fresh part for
/// its own run of segments, and the parts go into the whole in order.
pub(crate) trait SplitLabels: Labels + Send + Sync + Sized {
    /// Empty labels for `len` segments, of the same kind.
    fn part(&self, len: usize) -> Self;
    /// Copies the labels of `part` in, its first at segment `at`.
    fn absorb(&mut self, at: usize, part: Self);
}

/// The sweep of `segments` in `strips` strips of about as many segments each (their
/// status sorted by [`initial_status`]), each with the list sizes `sizes`: `Ok` with the
/// labels and the crossing answer of one sweep, or `Err` with the labels given when a
/// vertex is not balanced (then one sweep must run; the strips' order of entries is right
/// but their windings are not).
///
/// The crossing check needs nothing more: should two segments properly cross, let `X` be
/// the first crossing in the sweep's order, and `e`, `f` the two neighbours through it just
/// before `X` (`label_deferred`). They last became neighbours at a vertex `u` before `X`;
/// the strip holding `u` starts before `X`, so its status is in order up to `u`, and it
/// tests `e` and `f` there.
pub(crate) fn sweep_in_strips<L: SplitLabels>(
    vertices: &[GridPoint],
    segments: &[Segment],
    strips: usize,
    sizes: (usize, usize),
    check: bool,
    mut labels: L,
) -> Result<Swept<L>, L> {
    let starts = starts_of(vertices.len(), segments);
    let bounds = strip_bounds(&starts, strips);
    let run = |k: usize| {
        let (first, last) = (bounds[k], bounds[k + 1]);
        let base = starts[first] as usize;
        let part = Part {
            vertices: first..last,
            base,
            initial: initial_status(vertices, segments, first),
            track_balance: true,
        };
        let empty = labels.part(starts[last] as usize - base);
        sweep_part(vertices, segments, &starts, part, sizes, check, empty)
    };
    let parts: Vec<SweptPart<L>> = on_cores((0..bounds.len() - 1).collect(), run);
    let crossed = parts.iter().any(|p| p.swept.crossed);
    let balanced = parts.iter().all(|p| p.balanced);
    if !crossed && !balanced {
        return Err(labels);
    }
    for (k, part) in parts.into_iter().enumerate() {
        labels.absorb(starts[bounds[k]] as usize, part.swept.labels);
    }
    Ok(Swept { labels, crossed })
}

/// `f` of every item, in order: on every core with the `parallel` feature when there is
/// more than one (rayon's indexed collect keeps the order), one after another otherwise.
/// The one way this crate's passes use the pool.
pub(crate) fn on_cores<S: Send, T: Send>(
    items: Vec<S>,
    f: impl Fn(S) -> T + Sync + Send,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    if items.len() > 1 {
        use rayon::prelude::*;
        return items.into_par_iter().map(f).collect();
    }
    items.into_iter().map(f).collect()
}

/// The first vertex of each of at most `strips` strips, and the vertex count last: a
/// strip starts at the first vertex whose segments begin at or after its share of them.
/// Strips without a vertex are left out.
fn strip_bounds(starts: &[u32], strips: usize) -> Vec<usize> {
    let vertex_count = starts.len() - 1;
    let total = u64::from(starts[vertex_count]);
    let mut bounds = vec![0];
    for k in 1..strips.max(1) as u64 {
        let share = (total * k / strips as u64) as u32;
        let v = starts[..vertex_count].partition_point(|&s| s < share);
        if v > *bounds.last().expect("one bound") && v < vertex_count {
            bounds.push(v);
        }
    }
    bounds.push(vertex_count);
    bounds
}

/// Where a segment cut by the sweep line just before vertex `w` lies along it, as a key
/// whose order is the line's, bottom to top (the fields compare in turn, exactly).
#[derive(Clone, Copy, Debug)]
struct Place {
    /// The height `y_num / y_den` (`y_den > 0`) at which the segment meets the vertical
    /// through `w`; for a vertical segment, `w`'s own height.
    y_num: i128,
    y_den: i128,
    /// `-1` for a vertical segment (the tilted line cuts it just below `w`), else 0.
    below_w: i8,
    /// Among segments through one point of that vertical: the slope `num / den`
    /// (`den > 0`), negated where they end there (at `w` or above it: they arrive from the
    /// left, the steepest lowest) and as it is where they start there (below `w`: the
    /// steepest highest).
    turn_num: i128,
    turn_den: i128,
}

impl Place {
    /// The place of the segment `a → b` (`a < w ≤ b`) just before `w`.
    fn of(a: GridPoint, b: GridPoint, w: GridPoint) -> Place {
        if a.x == b.x {
            return Place {
                y_num: i128::from(w.y),
                y_den: 1,
                below_w: -1,
                turn_num: 0,
                turn_den: 1,
            };
        }
        let (dx, dy) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
        let y_num = i128::from(a.y) * dx + dy * i128::from(w.x - a.x);
        // The point where the segment meets the vertical lies below `w` exactly when it is
        // an earlier vertex, where the segment starts.
        let starts_below = y_num < i128::from(w.y) * dx;
        Place {
            y_num,
            y_den: dx,
            below_w: 0,
            turn_num: if starts_below { dy } else { -dy },
            turn_den: dx,
        }
    }

    fn cmp(&self, other: &Place) -> Ordering {
        let fraction = |n1: i128, d1: i128, n2: i128, d2: i128| (n1 * d2).cmp(&(n2 * d1));
        fraction(self.y_num, self.y_den, other.y_num, other.y_den)
            .then(self.below_w.cmp(&other.below_w))
            .then(fraction(
                self.turn_num,
                self.turn_den,
                other.turn_num,
                other.turn_den,
            ))
    }
}

/// The sweep's status just before vertex `first`: the segments `a → b` with
/// `a < first ≤ b`, bottom to top, each with the sum of the deltas up to it as the winding
/// above it. (Coordinates lie within the construction limit, `±2^39`, so the heights'
/// numerators stay below `2^81` and their cross products below `2^122`.)
pub(crate) fn initial_status(
    vertices: &[GridPoint],
    segments: &[Segment],
    first: usize,
) -> Vec<StatusEntry> {
    if first == 0 {
        return Vec::new();
    }
    let w = vertices[first];
    let before = segments.partition_point(|s| (s.a as usize) < first);
    let mut cut: Vec<(Place, usize)> = segments[..before]
        .iter()
        .enumerate()
        .filter(|(_, s)| s.b as usize >= first)
        .map(|(k, s)| {
            let place = Place::of(vertices[s.a as usize], vertices[s.b as usize], w);
            (place, k)
        })
        .collect();
    // The keys are exact numbers, so this order is total whatever the segments (with
    // crossings, it need not be the sweep's; the crossing check then finds one anyway).
    cut.sort_by(|(p, k), (q, l)| p.cmp(q).then(k.cmp(l)));
    let mut above = [0i32, 0];
    cut.into_iter()
        .map(|(_, k)| {
            let s = &segments[k];
            above = [above[0] + s.delta[0], above[1] + s.delta[1]];
            StatusEntry {
                a: s.a,
                b: s.b,
                above,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    //! The status a strip sorts for itself is the one the sweep holds there, entry for entry
    //! with the windings above them, before every vertex of arrangements of random rings
    //! and of rings on a grid (shared vertices, vertical edges, fans from one vertex).

    use super::*;
    use crate::sweep::status_before;
    use onepath_arrangement::{Operand, TaggedEdge, arrange};
    use onepath_testkit::Rng;

    fn ring_edges(rings: &[Vec<GridPoint>]) -> Vec<TaggedEdge> {
        let operand = |k: usize| [Operand::First, Operand::Second][k % 2];
        let each = rings.iter().enumerate();
        each.flat_map(|(k, r)| TaggedEdge::of_rings([r], operand(k)))
            .collect()
    }

    #[test]
    fn the_initial_status_is_the_sweeps() {
        let mut rng = Rng::new(0x5781_9004);
        let (mut vertices_tested, mut entries_compared) = (0, 0);
        for case in 0..300 {
            let rings: Vec<Vec<GridPoint>> = (0..1 + rng.below(10))
                .map(|_| {
                    let n = rng.range(3, 7) as usize;
                    let span = [3, 6, 40][case % 3];
                    (0..n)
                        .map(|_| GridPoint::new(rng.range(0, span), rng.range(0, span)))
                        .collect()
                })
                .collect();
            let arrangement = arrange(&ring_edges(&rings)).expect("an arrangement");
            let (vertices, segments) = (&arrangement.vertices, &arrangement.segments);
            for first in 0..vertices.len() {
                let expected = status_before(vertices, segments, first);
                assert_eq!(
                    initial_status(vertices, segments, first),
                    expected,
                    "case {case}, before vertex {first}: {rings:?}"
                );
                vertices_tested += 1;
                entries_compared += expected.len();
            }
        }
        assert!(
            vertices_tested > 5_000 && entries_compared > 20_000,
            "{vertices_tested} vertices, {entries_compared} entries"
        );
    }

    /// Strips start at the first vertex of their share of the segments, strictly
    /// increasing, the first at 0 and the last bound the vertex count.
    #[test]
    fn strip_bounds_split_the_segments() {
        let starts = [0u32, 4, 4, 4, 9, 12, 20, 20];
        assert_eq!(strip_bounds(&starts, 1), vec![0, 7]);
        assert_eq!(strip_bounds(&starts, 2), vec![0, 5, 7]);
        assert_eq!(strip_bounds(&starts, 3), vec![0, 4, 6, 7]);
        assert_eq!(strip_bounds(&starts, 50), vec![0, 1, 4, 5, 6, 7]);
    }
}
