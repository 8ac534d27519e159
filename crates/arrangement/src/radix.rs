//! Integer sorts of the arrangement's hot path: a counting sort of pieces keyed by their
//! endpoints' pixel indices, and a least-significant-digit radix sort of the endpoints of
//! the input edges by point.
//! They replace comparison sorts on the hot path and order exactly as those would.

use onepath_predicates::GridPoint;

/// The bits of one digit: 2,048 buckets, whose counts stay in the first-level cache.
const DIGIT: u32 = 11;

/// Below this many items a comparison sort is faster than clearing the digit counts.
const SMALL: usize = 256;

/// Sorts `items` stably by `key(item)`, which must be below `2^key_bits` (at most 64): one
/// pass that counts every 11-bit digit at once, then one scatter pass per digit from the
/// least significant, skipping a digit that is the same for every item (a stable
/// comparison sort for fewer than 256 items). The result is the one stable order, however
/// the passes are arranged.
pub(crate) fn sort_by_key<T: Copy + Default>(
    items: &mut Vec<T>,
    key_bits: u32,
    key: impl Fn(&T) -> u64,
) {
    if items.len() < SMALL {
        items.sort_by_key(|item| key(item));
        return;
    }
    const BUCKETS: usize = 1 << DIGIT;
    let mask = (BUCKETS - 1) as u64;
    let digits = key_bits.div_ceil(DIGIT) as usize;
    // One counting pass for all digits: digit `d` of an item is counted in
    // `counts[d * BUCKETS + digit]`.
    let mut counts = vec![0usize; digits * BUCKETS];
    for item in items.iter() {
        let mut k = key(item);
        for table in counts.chunks_exact_mut(BUCKETS) {
            table[(k & mask) as usize] += 1;
            k >>= DIGIT;
        }
    }
    let mut buffer = vec![T::default(); items.len()];
    for (d, table) in counts.chunks_exact_mut(BUCKETS).enumerate() {
        if table.contains(&items.len()) {
            continue;
        }
        let mut next = 0;
        for count in table.iter_mut() {
            (*count, next) = (next, next + *count);
        }
        let shift = d as u32 * DIGIT;
        for item in items.iter() {
            let slot = &mut table[((key(item) >> shift) & mask) as usize];
            buffer[*slot] = *item;
            *slot += 1;
        }
        std::mem::swap(items, &mut buffer);
    }
}

/// Sorts `items` by the index pair `pair(item)`, whose indices are below `n`: one counting
/// pass by the first index (`n` buckets), then each bucket, usually a handful of items, by
/// the second. Equal pairs end up next to each other, in no particular order.
pub(crate) fn sort_by_index_pair<T: Copy + Default>(
    items: &mut Vec<T>,
    n: usize,
    pair: impl Fn(&T) -> [u32; 2],
) {
    if items.len() < SMALL {
        items.sort_unstable_by_key(|item| pair(item));
        return;
    }
    let mut starts = vec![0u32; n + 1];
    for item in items.iter() {
        starts[pair(item)[0] as usize + 1] += 1;
    }
    for k in 1..starts.len() {
        starts[k] += starts[k - 1];
    }
    let mut sorted = vec![T::default(); items.len()];
    let mut fill = starts.clone();
    for item in items.iter() {
        let slot = &mut fill[pair(item)[0] as usize];
        sorted[*slot as usize] = *item;
        *slot += 1;
    }
    for bucket in starts.windows(2) {
        let (lo, hi) = (bucket[0] as usize, bucket[1] as usize);
        if hi - lo > 1 {
            sorted[lo..hi].sort_unstable_by_key(|item| pair(item)[1]);
        }
    }
    *items = sorted;
}

/// The number of bits needed for values up to `max` (0 for 0).
pub(crate) fn bits_for(max: u64) -> u32 {
    u64::BITS - max.leading_zeros()
}

/// Sorts `items` stably by the integer `coordinate(item)` (a grid coordinate, so the
/// span of the values fits in 64 bits).
pub(crate) fn sort_by_coordinate<T: Copy + Default>(
    items: &mut Vec<T>,
    coordinate: impl Fn(&T) -> i64,
) {
    let Some(lo) = items.iter().map(&coordinate).min() else {
        return;
    };
    let hi = items.iter().map(&coordinate).max().unwrap_or(lo);
    let bits = bits_for(hi.abs_diff(lo));
    sort_by_key(items, bits, |item| coordinate(item).abs_diff(lo));
}

/// Sorts `items` by the point `point(item)` in `(x, y)` order, stably.
pub(crate) fn sort_by_point<T: Copy + Default>(
    items: &mut Vec<T>,
    point: impl Fn(&T) -> GridPoint,
) {
    let Some(first) = items.first().map(&point) else {
        return;
    };
    let (mut lo, mut hi) = (first, first);
    for item in items.iter() {
        let c = point(item);
        lo = GridPoint::new(lo.x.min(c.x), lo.y.min(c.y));
        hi = GridPoint::new(hi.x.max(c.x), hi.y.max(c.y));
    }
    // Offsets from the lower corner are non-negative (at most 2^40 each). When both fit in
    // one 64-bit key, x goes above y; otherwise a stable sort by y, then one by x.
    let y_bits = bits_for((hi.y - lo.y) as u64);
    let x_bits = bits_for((hi.x - lo.x) as u64);
    let dx = |item: &T| (point(item).x - lo.x) as u64;
    let dy = |item: &T| (point(item).y - lo.y) as u64;
    if x_bits + y_bits <= 64 {
        sort_by_key(items, x_bits + y_bits, |item| {
            (dx(item) << y_bits) | dy(item)
        });
    } else {
        sort_by_key(items, y_bits, dy);
        sort_by_key(items, x_bits, dx);
    }
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
}
