//! Undirected pieces of geometry with their summed per-operand deltas, the working set of
//! steps 2 to 5 of the specification's arrangement.

use crate::par::{fill_parts, run_parts};
use onepath_predicates::GridPoint;
use std::ops::Range;

/// A segment `p → q` with `p < q` in `(x, y)` order, carrying the net per-operand count of
/// input edges running `p → q` minus those running `q → p`.
///
/// Geometrically equal pieces are merged as soon as they appear: what the snap rounding
/// does to a piece depends only on its geometry and on the sets of pieces and hot pixels,
/// so one representative behaves exactly like its copies. A zero `delta` is kept until
/// step 5, because a cancelled piece still crosses others and makes hot pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fragment {
    /// The smaller endpoint.
    pub(crate) p: GridPoint,
    /// The larger endpoint.
    pub(crate) q: GridPoint,
    /// Net `[operand 0, operand 1]` count in direction `p → q`.
    pub(crate) delta: [i32; 2],
}

impl Fragment {
    /// The fragment of the directed piece `from → to` (distinct points) counting `delta`
    /// in its own direction.
    #[inline]
    pub(crate) fn directed(from: GridPoint, to: GridPoint, delta: [i32; 2]) -> Self {
        if from < to {
            Self {
                p: from,
                q: to,
                delta,
            }
        } else {
            Self {
                p: to,
                q: from,
                delta: [-delta[0], -delta[1]],
            }
        }
    }

    /// The smallest and largest y of the fragment.
    #[inline]
    pub(crate) fn y_range(&self) -> (i64, i64) {
        (self.p.y.min(self.q.y), self.p.y.max(self.q.y))
    }

    /// True when the axis-aligned bounding boxes of `self` and `other` share a point.
    #[inline]
    pub(crate) fn boxes_meet(&self, other: &Fragment) -> bool {
        let (a0, a1) = self.y_range();
        let (b0, b1) = other.y_range();
        self.p.x <= other.q.x && other.p.x <= self.q.x && a0 <= b1 && b0 <= a1
    }

    /// True when `c` lies within one unit of the fragment's bounding box in both axes: a
    /// necessary condition for the segment to meet `c`'s pixel.
    #[inline]
    pub(crate) fn near_box(&self, c: GridPoint) -> bool {
        let (y0, y1) = self.y_range();
        c.x >= self.p.x - 1 && c.x <= self.q.x + 1 && c.y >= y0 - 1 && c.y <= y1 + 1
    }

    /// True when the fragment is horizontal or vertical.
    #[inline]
    pub(crate) fn is_axis_parallel(&self) -> bool {
        self.p.x == self.q.x || self.p.y == self.q.y
    }

    /// The sort key of step 5: by endpoints.
    #[inline]
    pub(crate) fn key(&self) -> (GridPoint, GridPoint) {
        (self.p, self.q)
    }
}

/// The geometry of fragments by index, for the passes that read nothing else (the grid,
/// the candidate searches, the crossing searches): a slice of fragments, or
/// [`OverPixels`], which holds no coordinates of its own. Both give the same segments, so
/// a pass gives the same result over either; no pass over a set reads a delta.
pub(crate) trait FragmentSet: Sync {
    /// The number of fragments.
    fn len(&self) -> usize;

    /// The `k`-th fragment: its endpoints, and for a slice its delta (zero for
    /// [`OverPixels`], which does not hold the deltas).
    fn get(&self, k: usize) -> Fragment;

    /// A key whose order refines the order of the fragments' larger endpoints by x: a
    /// fragment whose `q.x` is smaller has a smaller key. For a slice, `q.x` itself; over
    /// the sorted hot pixels, the index of `q`, which needs no pixel read.
    fn q_rank(&self, k: usize) -> i64 {
        self.get(k).q.x
    }

    /// The fragments in order.
    fn iter(&self) -> impl Iterator<Item = Fragment> + '_ {
        (0..self.len()).map(|k| self.get(k))
    }
}

impl FragmentSet for [Fragment] {
    #[inline]
    fn len(&self) -> usize {
        <[Fragment]>::len(self)
    }

    #[inline]
    fn get(&self, k: usize) -> Fragment {
        self[k]
    }
}

/// The segments whose endpoints are the hot pixels `hot[ids[k]]`: what the numbering
/// makes, read without a 40-byte copy of every fragment beside the 8 bytes of its pixel
/// indices (the arrangement's peak of memory on a tile map's shrink, issue #24). The
/// deltas stay with the caller; [`FragmentSet::get`] gives zero.
#[derive(Clone, Copy)]
pub(crate) struct OverPixels<'a> {
    /// Each fragment's pixel indices, the smaller first.
    pub(crate) ids: &'a [[u32; 2]],
    /// The hot pixels, sorted.
    pub(crate) hot: &'a [GridPoint],
}

impl FragmentSet for OverPixels<'_> {
    #[inline]
    fn len(&self) -> usize {
        self.ids.len()
    }

    #[inline]
    fn get(&self, k: usize) -> Fragment {
        let [p, q] = self.ids[k];
        Fragment {
            p: self.hot[p as usize],
            q: self.hot[q as usize],
            delta: [0, 0],
        }
    }

    #[inline]
    fn q_rank(&self, k: usize) -> i64 {
        // The pixels are sorted by (x, y), so their indices refine their x order.
        i64::from(self.ids[k][1])
    }
}

/// The smallest axis-aligned box holding the points added so far (none at first): the one
/// bounding-box computation of the crate (the grid's extent, the packed sort keys, the
/// numbering's keys).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    lo: GridPoint,
    hi: GridPoint,
}

impl Default for Bounds {
    fn default() -> Self {
        Self {
            lo: GridPoint::new(i64::MAX, i64::MAX),
            hi: GridPoint::new(i64::MIN, i64::MIN),
        }
    }
}

impl Bounds {
    /// The box of `points`.
    pub(crate) fn of(points: impl IntoIterator<Item = GridPoint>) -> Self {
        let mut bounds = Self::default();
        points.into_iter().for_each(|c| bounds.add(c));
        bounds
    }

    /// Widens the box to hold `c`.
    #[inline]
    pub(crate) fn add(&mut self, c: GridPoint) {
        self.lo = GridPoint::new(self.lo.x.min(c.x), self.lo.y.min(c.y));
        self.hi = GridPoint::new(self.hi.x.max(c.x), self.hi.y.max(c.y));
    }

    /// The lower and upper corners, or `None` when no point was added.
    pub(crate) fn corners(&self) -> Option<(GridPoint, GridPoint)> {
        (self.lo.x <= self.hi.x).then_some((self.lo, self.hi))
    }
}

/// Sorts fragments by endpoints and merges equal ones, summing their deltas (spec step 5,
/// applied early; zero sums are kept, see [`Fragment`]).
pub(crate) fn merge_fragments(fragments: &mut Vec<Fragment>) {
    fragments.sort_unstable_by_key(Fragment::key);
    fragments.dedup_by(|later, kept| {
        if later.key() == kept.key() {
            kept.delta[0] += later.delta[0];
            kept.delta[1] += later.delta[1];
            true
        } else {
            false
        }
    });
}

/// The pixels among `pixels` that `used` names (pairs of indices, each end a use), in
/// their order, and for every pixel its rank among them (`u32::MAX` when unused): how
/// the arrangement numbers its output vertices, and how the mixed path's fallback finds
/// its input pixels again.
pub(crate) fn rank_used_pixels(
    pixels: &[GridPoint],
    used: impl Iterator<Item = [u32; 2]>,
) -> (Vec<GridPoint>, Vec<u32>) {
    const UNUSED: u32 = u32::MAX;
    let mut rank = vec![UNUSED; pixels.len()];
    for [a, b] in used {
        rank[a as usize] = 0;
        rank[b as usize] = 0;
    }
    let mut kept = Vec::new();
    for (id, r) in rank.iter_mut().enumerate() {
        if *r != UNUSED {
            *r = kept.len() as u32;
            kept.push(pixels[id]);
        }
    }
    (kept, rank)
}

/// Moves the pixel pairs `ids` through `map` (the new index of every old pixel), in place.
pub(crate) fn remap_pairs(ids: &mut [[u32; 2]], map: &[u32]) {
    for id in ids {
        *id = [map[id[0] as usize], map[id[1] as usize]];
    }
}

/// Merges the sorted, duplicate-free `extra` points into the sorted, duplicate-free `points`.
/// On every core from `LINEAR_PARALLEL_MIN` points on: the points are cut into parts, each
/// merged with the extra points below the next part's first point (so equal points meet
/// in one part), counted first and then written where they belong.
pub(crate) fn merge_sorted_points(points: &mut Vec<GridPoint>, extra: &[GridPoint]) {
    if extra.is_empty() {
        return;
    }
    let parts = run_parts(points.len(), |_| true);
    if parts.len() == 1 {
        let mut merged = Vec::with_capacity(points.len() + extra.len());
        merge_two(points, extra, |p| merged.push(p));
        *points = merged;
        return;
    }
    let all = points.len();
    // The extra points that go with part `range` of the points.
    let extra_of = |range: &Range<usize>| {
        let below = |end: usize| {
            if end == all {
                extra.len()
            } else {
                extra.partition_point(|e| *e < points[end])
            }
        };
        let first = if range.start == 0 {
            0
        } else {
            below(range.start)
        };
        &extra[first..below(range.end)]
    };
    let merged = fill_parts(
        GridPoint::new(0, 0),
        &parts,
        |_, range| {
            let mut count = 0;
            merge_two(&points[range.clone()], extra_of(&range), |_| count += 1);
            count
        },
        |_, _, range, slots| {
            let mut slots = slots.iter_mut();
            merge_two(&points[range.clone()], extra_of(&range), |p| {
                let slot = slots.next();
                debug_assert!(slot.is_some(), "more points than counted");
                if let Some(slot) = slot {
                    *slot = p;
                }
            });
            debug_assert!(slots.next().is_none(), "fewer points than counted");
        },
    );
    *points = merged;
}

/// `put` of every point of the merge of the sorted, duplicate-free `a` and `b`, in order,
/// a point in both once.
#[inline]
pub(crate) fn merge_two(a: &[GridPoint], b: &[GridPoint], mut put: impl FnMut(GridPoint)) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                put(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                put(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                put(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    a[i..].iter().chain(&b[j..]).for_each(|&p| put(p));
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::*;
    use onepath_testkit::Rng;

    /// Sorted, distinct random points in a square of side `span`.
    fn sorted_points(rng: &mut Rng, n: usize, span: u64) -> Vec<GridPoint> {
        let mut points: Vec<GridPoint> = (0..n)
            .map(|_| {
                GridPoint::new(
                    (rng.next_u64() % span) as i64,
                    (rng.next_u64() % span) as i64,
                )
            })
            .collect();
        points.sort_unstable();
        points.dedup();
        points
    }

    /// Merges long enough to be cut into parts, in pools of 1, 2, 3 and 8 threads, against
    /// the plain definition: extra points half of which the points hold (every point whose
    /// index is even or a multiple of three, so many parts start at a point both lists
    /// hold), with others between them; extra points below the first and beyond the last;
    /// and (one part, on any pool) an empty list of points.
    #[test]
    fn merged_points_are_the_sorted_union_on_every_pool() {
        let mut rng = Rng::new(11);
        let n = crate::par::LINEAR_PARALLEL_MIN + 20_000;
        let mut cases = Vec::new();
        for span in [2_000, 1 << 20] {
            let points = sorted_points(&mut rng, n, span);
            assert!(points.len() > crate::par::LINEAR_PARALLEL_MIN);
            let mut extra: Vec<GridPoint> = points
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 2 == 0 || i % 3 == 0)
                .map(|(_, &p)| p)
                .chain(sorted_points(&mut rng, n / 3, span))
                .collect();
            extra.sort_unstable();
            extra.dedup();
            cases.push((points, extra));
        }
        let points = sorted_points(&mut rng, n, 1 << 20);
        let outside = vec![GridPoint::new(-5, 0), GridPoint::new(1 << 21, 3)];
        cases.push((points, outside));
        cases.push((Vec::new(), sorted_points(&mut rng, 50, 100)));
        for (points, extra) in cases {
            let mut expected: Vec<GridPoint> = points.iter().chain(&extra).copied().collect();
            expected.sort_unstable();
            expected.dedup();
            for threads in [1, 2, 3, 8] {
                let mut merged = points.clone();
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .expect("a pool")
                    .install(|| merge_sorted_points(&mut merged, &extra));
                assert_eq!(merged, expected, "{threads} threads");
            }
        }
    }
}
