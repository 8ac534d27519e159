//! Integer sorts of the arrangement's hot path: a counting sort of pieces keyed by their
//! endpoints' pixel indices, and a least-significant-digit radix sort of the endpoints of
//! the input edges by point (on more than one thread, split by the keys' top bits first).
//! They replace comparison sorts on the hot path and order exactly as those would.

use crate::fragment::Bounds;
use crate::par::bucket_sort;
use onepath_predicates::GridPoint;

/// The bits of one digit: 2,048 buckets, whose counts stay in the first-level cache.
const DIGIT: u32 = 11;

/// The bits of one digit of the sequential sort from [`WIDE_MIN`] items on: 8,192 buckets
/// (64 KiB of counts a digit, in the second-level cache), so that the 40- to 52-bit keys
/// of points take four passes instead of five (`docs/performance.md`, item 41).
const WIDE_DIGIT: u32 = 13;

/// From this many items the sequential sort takes [`WIDE_DIGIT`]: clearing and summing
/// four times as many counts is then a small part of a pass.
const WIDE_MIN: usize = 1 << 14;

/// Below this many items a comparison sort is faster than clearing the digit counts.
const SMALL: usize = 256;

/// The parallel sort splits the items into at most `2^14` buckets' worth of keys each
/// when they spread evenly (between `2^13` and `2^14` items a bucket): a bucket of 16-byte
/// items (256 KiB at most) and its scratch space stay in a core's second-level cache while
/// their digits are sorted.
#[cfg(feature = "parallel")]
const SPLIT_BUCKET_BITS: u32 = 14;

/// From this many items [`sort_by_index_pair`] sorts in place, block by block: a copy of
/// the list beside it would be a megabyte or more.
const IN_PLACE_MIN: usize = 1 << 16;

/// Sorts `items` stably by `key(item)`, which must be below `2^key_bits` (at most 64):
/// fewer than 256 items by a stable comparison sort, more by the least-significant-digit
/// sort of [`sort_digits`]. With the feature `parallel`, more than one thread and at least
/// `par::LINEAR_PARALLEL_MIN` items, the items are first split stably by the key's top
/// bits into buckets of `2^13` to `2^14` items (keys spread evenly), on every core, and
/// then each bucket is sorted by the rest of its key, the buckets on every core, where
/// each stays in its core's second-level cache. A stable split by the top bits followed
/// by a stable sort of each bucket by the bits below is a stable sort by the whole key:
/// the result is the one stable order however the passes are arranged
/// (`docs/performance.md`, item 50).
pub(crate) fn sort_by_key<T: Copy + Default + Send + Sync>(
    items: &mut Vec<T>,
    key_bits: u32,
    key: impl Fn(&T) -> u64 + Sync,
) {
    debug_assert!(
        items
            .iter()
            .all(|item| key(item).checked_shr(key_bits).unwrap_or(0) == 0),
        "a key of more than {key_bits} bits"
    );
    if items.len() < SMALL {
        items.sort_by_key(|item| key(item));
        return;
    }
    let mut buffer = crate::par::blanks(T::default(), items.len());
    #[cfg(feature = "parallel")]
    if crate::par::runs_parallel(items.len()) {
        parallel::split_then_sort(items, &mut buffer, key_bits, &key);
        return;
    }
    if sort_digits(items, &mut buffer, key_bits, &key) {
        std::mem::swap(items, &mut buffer);
    }
}

/// Sorts `items` stably by `key(item)`, whose bits above `key_bits` are zero, `scratch`
/// (as long) as its scatter buffer: one pass that counts every digit at once (11 bits, 13 from
/// [`WIDE_MIN`] items on), then one scatter pass per digit from the least significant,
/// skipping a digit that is the same for every item. Returns true when the sorted items
/// ended in `scratch` (an odd number of passes), false when they are in `items`.
fn sort_digits<T: Copy>(
    items: &mut [T],
    scratch: &mut [T],
    key_bits: u32,
    key: &impl Fn(&T) -> u64,
) -> bool {
    let digit = if items.len() >= WIDE_MIN {
        WIDE_DIGIT
    } else {
        DIGIT
    };
    let buckets = 1usize << digit;
    let mask = (buckets - 1) as u64;
    let digits = key_bits.div_ceil(digit) as usize;
    // One counting pass for all digits: digit `d` of an item is counted in
    // `counts[d * buckets + digit]`.
    let mut counts = vec![0usize; digits * buckets];
    for item in items.iter() {
        let mut k = key(item);
        for table in counts.chunks_exact_mut(buckets) {
            table[(k & mask) as usize] += 1;
            k >>= digit;
        }
    }
    // The sorted items alternate between `items` and `scratch`, pass by pass.
    let (mut from, mut to) = (items, scratch);
    let mut moved = false;
    for (d, table) in counts.chunks_exact_mut(buckets).enumerate() {
        if table.contains(&from.len()) {
            continue;
        }
        let mut next = 0;
        for count in table.iter_mut() {
            (*count, next) = (next, next + *count);
        }
        let shift = d as u32 * digit;
        for item in from.iter() {
            let slot = &mut table[((key(item) >> shift) & mask) as usize];
            to[*slot] = *item;
            *slot += 1;
        }
        (from, to) = (to, from);
        moved = !moved;
    }
    moved
}

/// Sorts `items` by the index pair `pair(item)`, whose indices are below `n`: one counting
/// pass by the first index (`n` buckets, [`bucket_sort`]), then each bucket, usually a
/// handful of items, by the second. Equal pairs end up next to each other, in no
/// particular order. From [`IN_PLACE_MIN`] items on, in place block by block ([`crate::blocks`]), so that no copy of a long list is
/// held beside it (issue #24).
pub(crate) fn sort_by_index_pair<T: Copy + Default + Send + Sync>(
    items: &mut Vec<T>,
    n: usize,
    pair: impl Fn(&T) -> [u32; 2] + Sync,
) {
    if items.len() < SMALL {
        items.sort_unstable_by_key(|item| pair(item));
        return;
    }
    if items.len() >= IN_PLACE_MIN {
        crate::blocks::sort_by_index_pair(items, n, pair);
        return;
    }
    let by_second = |bucket: &mut [T]| {
        if bucket.len() > 1 {
            bucket.sort_unstable_by_key(|item| pair(item)[1]);
        }
    };
    let (_, sorted) = bucket_sort(
        std::slice::from_ref(items),
        n,
        |item| pair(item)[0] as usize,
        |_, item| *item,
        by_second,
    );
    *items = sorted;
}

/// The number of bits needed for values up to `max` (0 for 0).
pub(crate) fn bits_for(max: u64) -> u32 {
    u64::BITS - max.leading_zeros()
}

/// Sorts `items` stably by the integer `coordinate(item)` (a grid coordinate, so the
/// span of the values fits in 64 bits).
pub(crate) fn sort_by_coordinate<T: Copy + Default + Send + Sync>(
    items: &mut Vec<T>,
    coordinate: impl Fn(&T) -> i64 + Sync,
) {
    let Some(lo) = items.iter().map(&coordinate).min() else {
        return;
    };
    let hi = items.iter().map(&coordinate).max().unwrap_or(lo);
    let bits = bits_for(hi.abs_diff(lo));
    sort_by_key(items, bits, |item| coordinate(item).abs_diff(lo));
}

/// Points packed into 64-bit keys whose order is the points' `(x, y)` order: the offsets
/// from the lower corner of their box (non-negative, at most `2^40` each), x above y.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PackedPoints {
    lo: GridPoint,
    y_bits: u32,
    x_bits: u32,
}

impl PackedPoints {
    /// The packing of `points`, or `None` when there are none or their box's offsets do not
    /// fit in one key together.
    pub(crate) fn of(points: impl Iterator<Item = GridPoint>) -> Option<Self> {
        Self::within(&Bounds::of(points))
    }

    /// The packing of points within `bounds`, or `None` when the box is empty or its
    /// offsets do not fit in one key together.
    pub(crate) fn within(bounds: &Bounds) -> Option<Self> {
        let (lo, hi) = bounds.corners()?;
        let packed = Self {
            lo,
            y_bits: bits_for((hi.y - lo.y) as u64),
            x_bits: bits_for((hi.x - lo.x) as u64),
        };
        (packed.x_bits + packed.y_bits <= 64).then_some(packed)
    }

    /// The bits a key uses.
    pub(crate) fn bits(&self) -> u32 {
        self.x_bits + self.y_bits
    }

    /// The key of `c`, one of the packed points (a shift by 64 is never taken: with
    /// `y_bits = 64` every x offset is 0).
    pub(crate) fn key(&self, c: GridPoint) -> u64 {
        let (dx, dy) = ((c.x - self.lo.x) as u64, (c.y - self.lo.y) as u64);
        dx.checked_shl(self.y_bits).unwrap_or(0) | dy
    }

    /// The point of `key`.
    pub(crate) fn point(&self, key: u64) -> GridPoint {
        let dy = key & u64::MAX.checked_shr(64 - self.y_bits).unwrap_or(0);
        let dx = key.checked_shr(self.y_bits).unwrap_or(0);
        GridPoint::new(self.lo.x + dx as i64, self.lo.y + dy as i64)
    }
}

/// Sorts `items` by the point `point(item)` in `(x, y)` order, stably: by one packed key
/// when the points' box allows, otherwise a stable sort by y, then one by x.
pub(crate) fn sort_by_point<T: Copy + Default + Send + Sync>(
    items: &mut Vec<T>,
    point: impl Fn(&T) -> GridPoint + Sync,
) {
    if let Some(packed) = PackedPoints::of(items.iter().map(&point)) {
        sort_by_key(items, packed.bits(), |item| packed.key(point(item)));
        return;
    }
    sort_by_coordinate(items, |item| point(item).y);
    sort_by_coordinate(items, |item| point(item).x);
}

/// Sorts `points` into `(x, y)` order and removes repeats: nothing to sort when they
/// already are, else by their packed keys with the radix sort when their box allows
/// (8-byte keys instead of 16-byte points), otherwise by a comparison sort. Either way the
/// result is the one sorted set.
pub(crate) fn sort_dedup_points(points: &mut Vec<GridPoint>) {
    // The crossing search's points often arrive sorted (its last clean-up sorted them).
    if points.is_sorted() {
        points.dedup();
        return;
    }
    let Some(packed) = PackedPoints::of(points.iter().copied()) else {
        crate::par::sort_unstable(points);
        points.dedup();
        return;
    };
    let mut keys: Vec<u64> = points.iter().map(|&p| packed.key(p)).collect();
    sort_by_key(&mut keys, packed.bits(), |&k| k);
    keys.dedup();
    points.clear();
    points.extend(keys.into_iter().map(|k| packed.point(k)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use onepath_testkit::Rng;

    #[test]
    fn keys_sort_like_a_stable_comparison_sort() {
        let mut rng = Rng::new(7);
        for (count, bits) in [
            (0, 5),
            (1, 1),
            (1000, 3),
            (5000, 22),
            (5000, 62),
            (3000, 64),
            // From `WIDE_MIN` items on, 13-bit digits.
            (WIDE_MIN, 13),
            (WIDE_MIN + 1000, 40),
            (2 * WIDE_MIN, 64),
        ] {
            let mut items: Vec<(u64, usize)> = (0..count)
                .map(|k| (rng.next_u64() & (u64::MAX >> (64 - bits)), k))
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            sort_by_key(&mut items, bits, |item| item.0);
            assert_eq!(items, expected, "{count} keys of {bits} bits");
        }
    }

    #[test]
    fn index_pairs_sort_like_a_comparison_sort() {
        let mut rng = Rng::new(5);
        for (count, n) in [
            (0usize, 1usize),
            (7, 3),
            (1000, 10),
            (20_000, 5000),
            (3000, 2),
            // From `IN_PLACE_MIN` items on, in place, in blocks: one block, blocks of one
            // first index, and many of many.
            (IN_PLACE_MIN, 1),
            (IN_PLACE_MIN + 5000, 200),
            (100_000, 40_000),
            (100_000, 3_000_000),
        ] {
            let mut items: Vec<([u32; 2], u64)> = (0..count)
                .map(|_| {
                    let mut index = || (rng.next_u64() % n as u64) as u32;
                    ([index(), index()], rng.next_u64())
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_unstable();
            sort_by_index_pair(&mut items, n, |item| item.0);
            // Equal pairs may come in any order: compare the pairs, then the multisets.
            let pairs = |v: &[([u32; 2], u64)]| v.iter().map(|item| item.0).collect::<Vec<_>>();
            assert_eq!(pairs(&items), pairs(&expected), "{count} pairs below {n}");
            items.sort_unstable();
            assert_eq!(items, expected);
        }
    }

    /// `sort_index_pair_keys` sorts as `sort_unstable` on both of its paths: many keys
    /// per index (the counting pass) and few (the radix sort).
    #[test]
    fn index_pair_keys_sort_like_a_comparison_sort() {
        let mut rng = Rng::new(41);
        for (count, n) in [(0usize, 1usize), (100, 7), (30_000, 4000), (3000, 1 << 20)] {
            let mut keys: Vec<u64> = (0..count)
                .map(|_| ((rng.next_u64() % n as u64) << 32) | (rng.next_u64() >> 40))
                .collect();
            let mut expected = keys.clone();
            expected.sort_unstable();
            crate::sort_index_pair_keys(&mut keys, n);
            assert_eq!(keys, expected, "{count} keys below {n}");
        }
    }

    /// The passes on every core (feature `parallel`) give the sequential result on any
    /// number of threads: enough items for them to run, in explicit pools.
    #[cfg(feature = "parallel")]
    #[test]
    fn parallel_passes_sort_alike_on_any_thread_count() {
        let mut rng = Rng::new(23);
        let keys: Vec<(u64, usize)> = (0..crate::par::LINEAR_PARALLEL_MIN + 20_000)
            .map(|k| (rng.next_u64() & (u64::MAX >> 20), k))
            .collect();
        let mut keys_expected = keys.clone();
        keys_expected.sort_by_key(|item| item.0);
        // Enough pairs for the in-place blocks, whose blocks are sorted on every core.
        let pairs: Vec<([u32; 2], u64)> = (0..IN_PLACE_MIN + 10_000)
            .map(|_| {
                let mut index = || (rng.next_u64() % 7000) as u32;
                ([index(), index()], rng.next_u64())
            })
            .collect();
        let mut pairs_expected = pairs.clone();
        pairs_expected.sort_unstable();
        // The split by the top bits on keys of every width (one bit: two buckets; 64
        // bits: no bit left unused) and on keys crowded into one top bucket beside one
        // below 256 items (the comparison sort), stably: the second field tells equal
        // keys apart.
        let count = crate::par::LINEAR_PARALLEL_MIN + 3_000;
        let mut key_sets: Vec<(u32, Vec<(u64, usize)>)> = Vec::new();
        for bits in [1u32, 3, 20, 44, 64] {
            let mask = u64::MAX >> (64 - bits);
            key_sets.push((
                bits,
                (0..count).map(|k| (rng.next_u64() & mask, k)).collect(),
            ));
        }
        // Every key but one below 2^10 among 40 bits: one crowded bucket, and one of a
        // single item.
        let crowded = (0..count).map(|k| {
            (
                if k == 7 {
                    1 << 39
                } else {
                    rng.next_u64() % 1024
                },
                k,
            )
        });
        key_sets.push((40, crowded.collect()));
        for threads in [1, 2, 3, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool");
            pool.install(|| {
                let mut items = keys.clone();
                sort_by_key(&mut items, 44, |item| item.0);
                assert_eq!(items, keys_expected, "{threads} threads");
                for (bits, set) in &key_sets {
                    let mut expected = set.clone();
                    expected.sort_by_key(|item| item.0);
                    let mut items = set.clone();
                    sort_by_key(&mut items, *bits, |item| item.0);
                    assert_eq!(items, expected, "{threads} threads, {bits}-bit keys");
                }
                let mut items = pairs.clone();
                sort_by_index_pair(&mut items, 7000, |item| item.0);
                let order = |v: &[([u32; 2], u64)]| v.iter().map(|i| i.0).collect::<Vec<_>>();
                assert_eq!(order(&items), order(&pairs_expected), "{threads} threads");
                items.sort_unstable(); // equal pairs come in any order
                assert_eq!(items, pairs_expected, "{threads} threads");
            });
        }
    }

    #[test]
    fn coordinates_sort_like_a_stable_comparison_sort() {
        let mut rng = Rng::new(13);
        for spread in [0i64, 5, 1 << 20, 1 << 39] {
            let mut items: Vec<(i64, usize)> = (0..3000)
                .map(|k| {
                    (
                        (rng.next_u64() % (2 * spread as u64 + 1)) as i64 - spread,
                        k,
                    )
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            sort_by_coordinate(&mut items, |item| item.0);
            assert_eq!(items, expected, "spread {spread}");
        }
    }

    #[test]
    fn packed_keys_give_the_points_back_in_order() {
        let mut rng = Rng::new(17);
        for spread in [0i64, 1, 1000, (1 << 30) - 1, 1 << 30] {
            let points: Vec<GridPoint> = (0..500)
                .map(|_| {
                    let mut coordinate =
                        || (rng.next_u64() % (2 * spread as u64 + 1)) as i64 - spread;
                    GridPoint::new(coordinate(), coordinate())
                })
                .collect();
            let packed = PackedPoints::of(points.iter().copied()).expect("64 bits suffice");
            for w in points.windows(2) {
                assert_eq!(packed.point(packed.key(w[0])), w[0]);
                assert_eq!(w[0].cmp(&w[1]), packed.key(w[0]).cmp(&packed.key(w[1])));
                assert!(packed.bits() == 64 || packed.key(w[0]) >> packed.bits() == 0);
            }
        }
        // Spans of 2^39 on both axes need 80 bits.
        let far = [GridPoint::new(0, 0), GridPoint::new(1 << 39, 1 << 39)];
        assert!(PackedPoints::of(far.into_iter()).is_none());
        assert!(PackedPoints::of(std::iter::empty()).is_none());
    }

    #[test]
    fn points_sort_in_x_then_y_order() {
        let mut rng = Rng::new(9);
        // 2^39 on both axes takes the two-pass path (80 bits of key).
        for spread in [0i64, 3, 1 << 20, 1 << 31, 1 << 39] {
            let mut items: Vec<(GridPoint, usize)> = (0..4000)
                .map(|k| {
                    let mut coordinate =
                        || (rng.next_u64() % (2 * spread as u64 + 1)) as i64 - spread;
                    (GridPoint::new(coordinate(), coordinate()), k)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            sort_by_point(&mut items, |item| item.0);
            assert_eq!(items, expected, "spread {spread}");
        }
    }

    #[test]
    fn points_sort_into_their_distinct_set() {
        let mut rng = Rng::new(11);
        // Spreads up to 2^39 on both axes take the comparison sort (no packed key); a
        // spread of 0 repeats one point; sorted input takes the shortcut.
        for spread in [0i64, 3, 1 << 20, 1 << 31, 1 << 39] {
            for count in [0, 1, 300, 5000] {
                let mut points: Vec<GridPoint> = (0..count)
                    .map(|_| {
                        let mut coordinate =
                            || (rng.next_u64() % (2 * spread as u64 + 1)) as i64 - spread;
                        GridPoint::new(coordinate(), coordinate())
                    })
                    .collect();
                let mut expected = points.clone();
                expected.sort_unstable();
                expected.dedup();
                sort_dedup_points(&mut points);
                assert_eq!(points, expected, "spread {spread}, {count} points");
                sort_dedup_points(&mut points);
                assert_eq!(points, expected, "sorted again: spread {spread}");
            }
        }
    }
}

/// The parallel form of [`sort_by_key`] (feature `parallel`): the split by the top bits,
/// then the buckets sorted by the bits below.
#[cfg(feature = "parallel")]
mod parallel {
    use super::{DIGIT, SMALL, SPLIT_BUCKET_BITS, bits_for, sort_digits};
    use crate::par::split_lengths;
    use rayon::prelude::*;

    /// The stable split by the top bits into `scratch`, then every bucket sorted by the
    /// bits below (its part of `items` as its scratch space) and left in `items`.
    pub(super) fn split_then_sort<T: Copy + Send + Sync>(
        items: &mut [T],
        scratch: &mut [T],
        key_bits: u32,
        key: &(impl Fn(&T) -> u64 + Sync),
    ) {
        // About `2^SPLIT_BUCKET_BITS` items a bucket when the keys spread evenly, at most
        // `2^DIGIT` buckets (whose counts stay in the first-level cache).
        let top = bits_for(items.len() as u64)
            .saturating_sub(SPLIT_BUCKET_BITS)
            .clamp(1, DIGIT)
            .min(key_bits);
        let low = key_bits - top;
        let low_mask = u64::MAX.checked_shr(64 - low).unwrap_or(0);
        // `low` is below 64: `top` is at least one bit unless the keys have none.
        let bucket = |item: &T| (key(item) >> low) as usize;
        let lengths = split_by_top(items, scratch, 1 << top, &bucket);
        let low_key = |item: &T| key(item) & low_mask;
        let buckets = split_lengths(scratch, lengths.iter().copied());
        let spaces = split_lengths(items, lengths.iter().copied());
        buckets
            .into_par_iter()
            .zip(spaces)
            .for_each(|(bucket, space)| {
                if bucket.len() < SMALL {
                    bucket.sort_by_key(low_key);
                } else if sort_digits(bucket, space, low, &low_key) {
                    return; // the passes left the bucket sorted in `space`
                }
                space.copy_from_slice(bucket);
            });
    }

    /// Places `items` into `scratch` stably by `bucket(item)` (below `buckets`) and returns
    /// the buckets' lengths: the items are cut into chunks, each chunk counts its buckets,
    /// and every chunk places its items into its own slots of every bucket (bucket by
    /// bucket, the chunks in order), so the split is the one stable order.
    fn split_by_top<T: Copy + Send + Sync>(
        items: &[T],
        scratch: &mut [T],
        buckets: usize,
        bucket: &(impl Fn(&T) -> usize + Sync),
    ) -> Vec<usize> {
        let chunk = items.len().div_ceil(4 * rayon::current_num_threads());
        let counts: Vec<Vec<usize>> = items
            .par_chunks(chunk)
            .map(|part| {
                let mut counts = vec![0usize; buckets];
                for item in part {
                    counts[bucket(item)] += 1;
                }
                counts
            })
            .collect();
        let lengths: Vec<usize> = (0..buckets)
            .map(|b| counts.iter().map(|c| c[b]).sum())
            .collect();
        // The slots of chunk `c` in bucket `b`, bucket by bucket, chunks in order.
        let mut slots: Vec<Vec<&mut [T]>> =
            counts.iter().map(|_| Vec::with_capacity(buckets)).collect();
        let all = split_lengths(
            scratch,
            (0..buckets).flat_map(|b| counts.iter().map(move |c| c[b])),
        );
        for (k, part) in all.into_iter().enumerate() {
            slots[k % counts.len()].push(part);
        }
        items
            .par_chunks(chunk)
            .zip(slots)
            .for_each(|(part, mut slots)| {
                let mut fill = vec![0usize; buckets];
                for item in part {
                    let b = bucket(item);
                    slots[b][fill[b]] = *item;
                    fill[b] += 1;
                }
            });
        lengths
    }
}
