//! The exact passes of the arrangement: proper crossings (step 2 and the repair loop),
//! rerouting through hot pixels (step 3), and vertices lying inside fragments (step 4).
//! Every sign comes from `onepath-predicates`.

use crate::fragment::{Fragment, FragmentSet};
use crate::options::ArrangeStats;
use crate::par::{collect_map, collect_map_into, fill_chunks, map_chunks, runs_parallel};
use crate::radix;
use crate::search::CandidateIndex;
use onepath_predicates::{GridPoint, crossing_point, dot, orient2d, segment_meets_pixel};
use std::ops::Range;

/// The proper crossings among a set of fragments.
pub(crate) struct Crossings {
    /// The rounded crossing points, sorted and without duplicates.
    pub(crate) points: Vec<GridPoint>,
    /// The number of distinct fragment pairs that properly cross.
    pub(crate) pairs: usize,
}

/// The fewest collected crossing points, per fragment and in all, at which
/// [`find_crossings`] removes duplicates.
const COMPACT_PER_FRAGMENT: usize = 4;
const COMPACT_MIN: usize = 1 << 12;

/// Finds every pair of fragments that properly cross (all four orientations non-zero and
/// opposite in pairs, decisions D8) and rounds each crossing once by `floor(x + 1/2)`
/// (spec step 2). When `dirty` is given, both fragments of each crossing pair are marked.
///
/// The rounded points are deduplicated as they are produced: whenever the collected points
/// reach twice the distinct ones seen at the last clean-up, and at least four per fragment
/// (and 4,096), they are sorted and deduplicated. Memory stays linear in the fragments
/// plus the distinct hot pixels, not in the crossing pairs, which `n` segments crossing
/// near one point make quadratic while their rounded points are far fewer (issue #24).
/// Evenly spread input makes fewer crossings than that per fragment and never cleans up
/// early (an early clean-up of mostly distinct points doubles the sorting: measured on
/// `case union 10000`).
pub(crate) fn find_crossings<F: FragmentSet + ?Sized>(
    index: &CandidateIndex,
    fragments: &F,
    skip: Option<&[bool]>,
    dirty: Option<&mut [bool]>,
    stats: &mut ArrangeStats,
) -> Crossings {
    let floor = (COMPACT_PER_FRAGMENT * fragments.len()).max(COMPACT_MIN);
    let want_pairs = dirty.is_some();
    let shares: Vec<FoundCrossings> = match index {
        CandidateIndex::Grid(grid) => {
            // The crossings the cells of each share own (each crossing is owned by
            // exactly one cell); a share keeps at most its part of the memory floor.
            let cells = grid.cell_count();
            map_chunks(cells, |range| {
                let share_floor = (floor * range.len() / cells.max(1)).max(COMPACT_MIN);
                let mut found = FoundCrossings::new(share_floor, want_pairs);
                let mut tested = 0;
                grid.for_each_crossing_in(range, fragments, skip, &mut tested, |i, j| {
                    found.add(fragments, i, j)
                });
                found.tested = tested;
                found
            })
        }
        _ => {
            let mut found = FoundCrossings::new(floor, want_pairs);
            let mut tested = 0;
            index.for_each_crossing(fragments, skip, &mut tested, |i, j| {
                found.add(fragments, i, j)
            });
            found.tested = tested;
            vec![found]
        }
    };
    let mut points = Vec::new();
    let mut pairs = 0usize;
    for share in &shares {
        stats.candidate_pairs += share.tested;
        pairs += share.pairs;
        points.extend_from_slice(&share.points);
    }
    if let Some(marks) = dirty {
        for share in &shares {
            for &k in &share.marked {
                marks[k as usize] = true;
            }
        }
    }
    crate::radix::sort_dedup_points(&mut points);
    Crossings { points, pairs }
}

/// What one share of the crossing search found.
struct FoundCrossings {
    /// Rounded crossing points, possibly repeated.
    points: Vec<GridPoint>,
    /// Properly crossing pairs.
    pairs: usize,
    /// Candidate pairs tested.
    tested: u64,
    /// Both fragments of every crossing pair, when the caller marks them.
    marked: Vec<u32>,
    /// Whether to record the pairs in `marked`.
    want_pairs: bool,
    /// The fewest points at which duplicates are removed.
    floor: usize,
    /// The number of points at which they are removed next.
    compact_at: usize,
}

impl FoundCrossings {
    fn new(floor: usize, want_pairs: bool) -> Self {
        Self {
            points: Vec::new(),
            pairs: 0,
            tested: 0,
            marked: Vec::new(),
            want_pairs,
            floor,
            compact_at: floor,
        }
    }

    /// Records the crossing of fragments `i` and `j`, rounded once.
    #[inline]
    fn add<F: FragmentSet + ?Sized>(&mut self, fragments: &F, i: u32, j: u32) {
        let (a, b) = (fragments.get(i as usize), fragments.get(j as usize));
        self.points.push(crossing_point(a.p, a.q, b.p, b.q));
        if self.points.len() >= self.compact_at {
            self.compact_at = compact(&mut self.points).max(self.floor);
        }
        self.pairs += 1;
        if self.want_pairs {
            self.marked.extend([i, j]);
        }
    }
}

/// Sorts and deduplicates the collected crossing points; returns twice the distinct
/// count. Kept out of line: it runs rarely, and inlined it slowed the grid's pair loop.
#[inline(never)]
fn compact(points: &mut Vec<GridPoint>) -> usize {
    points.sort_unstable();
    points.dedup();
    2 * points.len()
}

/// Polylines of hot pixels stored back to back: polyline `k` is
/// `points[starts[k]..starts[k + 1]]`, each point given by its index in the sorted hot
/// pixels (so comparing indices compares points in `(x, y)` order).
#[derive(Clone, Debug, Default)]
pub(crate) struct Polylines {
    /// The hot-pixel indices of all polylines.
    pub(crate) points: Vec<u32>,
    /// Where each polyline starts, plus the end of the last one.
    pub(crate) starts: Vec<usize>,
}

impl Polylines {
    /// The number of polylines.
    pub(crate) fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The hot-pixel indices of polyline `k`.
    pub(crate) fn get(&self, k: usize) -> &[u32] {
        &self.points[self.starts[k]..self.starts[k + 1]]
    }

    /// The number of pieces of the polylines `range` (a polyline of `m` pixels is `m - 1`
    /// pieces; each has at least one pixel, its fragment's ends).
    pub(crate) fn pieces(&self, range: Range<usize>) -> usize {
        self.starts[range.end] - self.starts[range.start] - range.len()
    }

    /// True when a vertex of a polyline lies strictly inside one of the same polyline's
    /// segments. After step 3 this is the vertex-inside half of the verifying pass
    /// (decisions D8), decided without a search: a hot pixel centre `c` strictly inside a
    /// piece `c_i c_j` of edge `e`'s polyline is a vertex of that polyline. For `c = (1 −
    /// t) c_i + t c_j` with `0 < t < 1` and points `p_i`, `p_j` of `e` in the half-open
    /// pixels of `c_i` and `c_j`, the point `(1 − t) p_i + t p_j` of `e` lies within half a
    /// unit of `c` in both coordinates, so `e` meets the closed square of `c`. A segment
    /// between grid points never runs along a pixel side, so it misses the half-open
    /// pixel of `c` only by touching the closed square at a corner other than the bottom
    /// left one, and then that corner is the only point of `e` within half a unit of `c`:
    /// both `p_i − c_i` and `p_j − c_j` equal that corner's offset, which would put `p_i`
    /// outside the half-open pixel of `c_i`. So `e` meets the pixel of `c`, and `c` is on
    /// the polyline (spec step 3). Every piece is a piece of some polyline, merged or not.
    ///
    /// A vertex strictly inside a piece lies strictly between the piece's ends in `(x, y)`
    /// order, so it is never one of them. A polyline of more than [`SORTED_ABOVE`] vertices
    /// (long edges through a crowd of hot pixels, issue #24's crossing bundle) is searched in
    /// a sorted copy of its vertices, each piece reading only those between its ends; a
    /// shorter one pairs every piece with every vertex.
    pub(crate) fn any_vertex_inside(&self, pixels: &[GridPoint]) -> bool {
        map_chunks(self.len(), |range| {
            let mut sorted: Vec<GridPoint> = Vec::new();
            range.into_iter().any(|k| {
                let line = self.get(k);
                if line.len() > SORTED_ABOVE {
                    return any_vertex_inside_sorted(line, pixels, &mut sorted);
                }
                line.len() > 2
                    && line.windows(2).enumerate().any(|(i, piece)| {
                        let (a, b) = (pixels[piece[0] as usize], pixels[piece[1] as usize]);
                        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                        line.iter().enumerate().any(|(j, &v)| {
                            let c = pixels[v as usize];
                            j != i
                                && j != i + 1
                                && lo < c
                                && c < hi
                                && orient2d(lo, hi, c).is_collinear()
                        })
                    })
            })
        })
        .into_iter()
        .any(|found| found)
    }
}

/// Above this many vertices, [`Polylines::any_vertex_inside`] searches a polyline's
/// vertices sorted.
const SORTED_ABOVE: usize = 16;

/// [`Polylines::any_vertex_inside`] for one polyline `line`, in `sorted` (a buffer): each
/// piece reads the vertices strictly between its ends in `(x, y)` order, which are never
/// its ends.
#[inline(never)]
fn any_vertex_inside_sorted(
    line: &[u32],
    pixels: &[GridPoint],
    sorted: &mut Vec<GridPoint>,
) -> bool {
    sorted.clear();
    sorted.extend(line.iter().map(|&v| pixels[v as usize]));
    sorted.sort_unstable();
    line.windows(2).any(|piece| {
        let (a, b) = (pixels[piece[0] as usize], pixels[piece[1] as usize]);
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        let from = sorted.partition_point(|&c| c <= lo);
        sorted[from..]
            .iter()
            .take_while(|&&c| c < hi)
            .any(|&c| orient2d(lo, hi, c).is_collinear())
    })
}

/// Reroutes each listed fragment (spec step 3): the polyline from `p` through every other
/// hot pixel whose half-open square the closed segment meets, ordered by the exact
/// projection of the pixel centres onto `p → q`, ties by `(x, y)` (decisions D8: they never
/// tie; the pixel index breaks them in that order), to `q`. Both endpoints must be hot
/// pixels.
pub(crate) fn reroute(
    index: &CandidateIndex,
    fragments: &[Fragment],
    which: impl Iterator<Item = usize>,
    pixels: &[GridPoint],
    stats: &mut ArrangeStats,
) -> Polylines {
    let which: Vec<usize> = which.collect();
    let shares = map_chunks(which.len(), |range| {
        reroute_share(index, fragments, &which[range], pixels)
    });
    let mut out = Polylines {
        points: Vec::with_capacity(shares.iter().map(|(p, _)| p.points.len()).sum()),
        starts: vec![0],
    };
    for (share, candidates) in shares {
        stats.candidate_pixels += candidates;
        let base = out.points.len();
        out.points.extend_from_slice(&share.points);
        out.starts
            .extend(share.starts[1..].iter().map(|&s| base + s));
    }
    out
}

/// [`reroute`] of the fragments `which`, with the number of candidate pixels tested.
fn reroute_share(
    index: &CandidateIndex,
    fragments: &[Fragment],
    which: &[usize],
    pixels: &[GridPoint],
) -> (Polylines, u64) {
    // The pixels met by the current fragment, with their projections; reused.
    let mut met: Vec<(i128, u32)> = Vec::new();
    let mut out = Polylines {
        points: Vec::with_capacity(which.len() * 2),
        starts: vec![0],
    };
    let mut candidates = 0u64;
    for &k in which {
        let f = &fragments[k];
        let direction = f.q - f.p;
        met.clear();
        // The endpoints' own pixels are always among the candidates (the segment meets
        // them); their indices are picked up on the way.
        let (mut first, mut last) = (None, None);
        index.for_each_pixel(f, pixels, true, |c, id| {
            candidates += 1;
            if c == f.p {
                first = Some(id);
            } else if c == f.q {
                last = Some(id);
            } else if f.near_box(c) && segment_meets_pixel(f.p, f.q, c) {
                met.push((dot(c - f.p, direction), id));
            }
        });
        met.sort_unstable();
        out.points
            .push(first.unwrap_or_else(|| pixel_index(pixels, f.p)));
        out.points.extend(met.iter().map(|&(_, id)| id));
        out.points
            .push(last.unwrap_or_else(|| pixel_index(pixels, f.q)));
        out.starts.push(out.points.len());
    }
    (out, candidates)
}

/// Marks every fragment holding a hot pixel centre strictly inside its segment (spec step 4:
/// such a vertex splits it) and returns how many there are.
pub(crate) fn mark_vertices_inside(
    index: &CandidateIndex,
    fragments: &[Fragment],
    pixels: &[GridPoint],
    dirty: &mut [bool],
    stats: &mut ArrangeStats,
) -> usize {
    let shares = map_chunks(fragments.len(), |range| {
        let mut candidates = 0u64;
        let mut holding = Vec::new();
        for k in range {
            let f = &fragments[k];
            let mut found = false;
            index.for_each_pixel(f, pixels, false, |c, _| {
                candidates += 1;
                // On the segment's line, the points strictly between p and q in (x, y)
                // order are exactly the interior points.
                found |= !found && f.p < c && c < f.q && orient2d(f.p, f.q, c).is_collinear();
            });
            if found {
                holding.push(k);
            }
        }
        (holding, candidates)
    });
    let mut count = 0;
    for (holding, candidates) in shares {
        stats.candidate_pixels += candidates;
        count += holding.len();
        for k in holding {
            dirty[k] = true;
        }
    }
    count
}

/// The fragments of rerouted pieces: polyline `k` replaces `sources[k]`, each of its pieces
/// counting the source's delta in the direction `p → q` of the source.
pub(crate) fn pieces_of(
    polylines: &Polylines,
    sources: impl Iterator<Item = Fragment>,
    pixels: &[GridPoint],
    out: &mut Vec<Fragment>,
) {
    for (k, source) in sources.enumerate() {
        for pair in polylines.get(k).windows(2) {
            let (from, to) = (pixels[pair[0] as usize], pixels[pair[1] as usize]);
            out.push(Fragment::directed(from, to, source.delta));
        }
    }
}

/// [`pieces_of`] followed by [`crate::fragment::merge_fragments`], faster: the pieces are
/// keyed by their endpoints' pixel indices and counting-sorted. Polyline `k` replaces a
/// source fragment counting `deltas[k]`. Also returns the pixel indices `(p, q)` of every
/// merged fragment.
pub(crate) fn merged_pieces_of(
    polylines: &Polylines,
    deltas: &[[i32; 2]],
    pixels: &[GridPoint],
    recycled: Vec<Fragment>,
) -> (Vec<Fragment>, Vec<[u32; 2]>) {
    // The pieces go into one buffer of their exact size, on every core in place (no shares to
    // concatenate; its zeros come from the system, not from a pass over it).
    let keyed = if runs_parallel(deltas.len()) {
        fill_chunks(
            deltas.len(),
            |range| polylines.pieces(range),
            |range, slots| {
                let mut slots = slots.iter_mut();
                emit_pieces(polylines, deltas, range, |piece| {
                    let slot = slots.next();
                    debug_assert!(slot.is_some(), "more pieces than counted");
                    if let Some(slot) = slot {
                        *slot = piece;
                    }
                });
                debug_assert!(slots.next().is_none(), "fewer pieces than counted");
            },
        )
    } else {
        let mut keyed = Vec::with_capacity(polylines.pieces(0..deltas.len()));
        emit_pieces(polylines, deltas, 0..deltas.len(), |piece| {
            keyed.push(piece)
        });
        keyed
    };
    merge_keyed(keyed, pixels, recycled)
}

/// `put` of the pieces of polylines `range` in order, `deltas[k]` for polyline `k`.
fn emit_pieces(
    polylines: &Polylines,
    deltas: &[[i32; 2]],
    range: Range<usize>,
    mut put: impl FnMut(([u32; 2], [i32; 2])),
) {
    for k in range {
        for pair in polylines.get(k).windows(2) {
            put(keyed_piece(pair[0], pair[1], deltas[k]));
        }
    }
}

/// The index of hot pixel `c` in the sorted `pixels` (which hold it).
pub(crate) fn pixel_index(pixels: &[GridPoint], c: GridPoint) -> u32 {
    pixels.partition_point(|&h| h < c) as u32
}

/// The piece between hot pixels `from` and `to` (indices) counting `delta` in its own
/// direction, as `([p, q], delta in direction p → q)` with `p < q`: [`Fragment::directed`]
/// on pixel indices.
pub(crate) fn keyed_piece(from: u32, to: u32, delta: [i32; 2]) -> ([u32; 2], [i32; 2]) {
    if from < to {
        ([from, to], delta)
    } else {
        ([to, from], [-delta[0], -delta[1]])
    }
}

/// Sorts `(pixel indices (p, q) with p < q, delta)` entries by `(p, q)` (indices below
/// `pixel_count`) and merges equal ones in place, summing their deltas (zero sums kept).
pub(crate) fn sort_merge_keyed(keyed: &mut Vec<([u32; 2], [i32; 2])>, pixel_count: usize) {
    radix::sort_by_index_pair(keyed, pixel_count, |&(pair, _)| pair);
    keyed.dedup_by(|later, kept| {
        if later.0 != kept.0 {
            return false;
        }
        kept.1 = [kept.1[0] + later.1[0], kept.1[1] + later.1[1]];
        true
    });
}

/// [`sort_merge_keyed`], as fragments over `pixels` (in the allocation of `recycled`, a
/// vector of fragments the caller no longer needs) and their pixel indices.
pub(crate) fn merge_keyed(
    mut keyed: Vec<([u32; 2], [i32; 2])>,
    pixels: &[GridPoint],
    recycled: Vec<Fragment>,
) -> (Vec<Fragment>, Vec<[u32; 2]>) {
    sort_merge_keyed(&mut keyed, pixels.len());
    // Not the merged pieces' own vector (whose capacity counts the duplicates), filled on
    // every core.
    let mut fragments = recycled;
    collect_map_into(&keyed, &mut fragments, |_, &(id, delta)| Fragment {
        p: pixels[id[0] as usize],
        q: pixels[id[1] as usize],
        delta,
    });
    let ids = collect_map(&keyed, |_, &(id, _)| id);
    (fragments, ids)
}

#[cfg(test)]
mod tests {
    //! The verifying pass's polyline half gives the pairwise answer on long polylines too.

    use super::*;
    use onepath_testkit::Rng;

    /// The definition: some vertex other than a piece's ends lies strictly inside it.
    fn pairwise(line: &[GridPoint]) -> bool {
        line.windows(2).enumerate().any(|(i, piece)| {
            let (lo, hi) = (piece[0].min(piece[1]), piece[0].max(piece[1]));
            line.iter().enumerate().any(|(j, &c)| {
                j != i && j != i + 1 && lo < c && c < hi && orient2d(lo, hi, c).is_collinear()
            })
        })
    }

    #[test]
    fn long_polylines_find_the_vertices_inside_their_pieces() {
        let mut rng = Rng::new(24);
        let mut found = [0usize; 2];
        for case in 0..3_000 {
            // Points of a small grid, so that vertices often lie on other pieces; lengths
            // on both sides of the sorted search's bound.
            let reach = [2, 5, 40][case % 3];
            let len = rng.range(2, 3 * SORTED_ABOVE as i64) as usize;
            let pixels: Vec<GridPoint> = (0..len)
                .map(|_| GridPoint::new(rng.range(-reach, reach), rng.range(-reach, reach)))
                .collect();
            let lines = Polylines {
                points: (0..len as u32).collect(),
                starts: vec![0, len],
            };
            let expected = pairwise(&pixels);
            assert_eq!(
                lines.any_vertex_inside(&pixels),
                expected,
                "case {case}: {pixels:?}"
            );
            found[expected as usize] += 1;
        }
        assert!(found[0] > 100 && found[1] > 100, "{found:?}");
    }
}
