//! The sort of a long list of pixel-index pairs in place, block by block (issue #24): no
//! copy of the whole list is held beside it, as the counting sort of
//! [`crate::radix::sort_by_index_pair`] holds one for shorter lists.
//!
//! The first indices are split into at most [`MAX_BLOCKS`] blocks of consecutive values.
//! The items are permuted into their blocks in place, by cycles (the American flag sort of
//! McIlroy, Bostic and McIlroy, "Engineering radix sort", Computing Systems 6(1), 1993:
//! with few blocks the cycles stay in the caches, where a permutation over every first
//! index would miss them at every step); then each block is counted into a buffer the size
//! of the largest block and copied back, and the runs of one first index are sorted by the
//! second. The order is the one the counting sort gives, up to the order of equal pairs.

/// At most this many blocks: their cursors fit in the first-level cache, and the cycles
/// write to as many places at once as the caches follow (4,096 blocks were 8 % slower on
/// the untiled 2048² build, `docs/performance.md`, item 44).
const MAX_BLOCKS: usize = 1 << 8;

/// Sorts `items` by `pair(item)` (indices below `n`, `n > 0`) as described above, each
/// block on its own core with the feature `parallel` (a block's result does not depend on
/// which thread sorts it). Equal pairs end up next to each other, in no particular order.
/// The blocks split over the cores from `radix::IN_PLACE_MIN` items on. Since item 71 of
/// `docs/performance.md` that is also the value of `par::LINEAR_PARALLEL_MIN`, but the two
/// are separate bounds: one set by the sort's memory, the other by what a linear pass
/// gains from a second core (item 49).
pub(crate) fn sort_by_index_pair<T: Copy + Default + Send>(
    items: &mut [T],
    n: usize,
    pair: impl Fn(&T) -> [u32; 2] + Sync,
) {
    // Blocks of `2^shift` consecutive first indices, at most `MAX_BLOCKS` of them.
    let shift = crate::radix::bits_for(n.saturating_sub(1) as u64)
        .saturating_sub(MAX_BLOCKS.trailing_zeros());
    let block_count = ((n.saturating_sub(1)) >> shift) + 1;
    let block = |item: &T| pair(item)[0] as usize >> shift;
    let mut starts = vec![0usize; block_count + 1];
    for item in items.iter() {
        starts[block(item) + 1] += 1;
    }
    for b in 1..starts.len() {
        starts[b] += starts[b - 1];
    }
    // `heads[b]` is the first slot of block `b` not yet holding one of its items. When
    // block `b` is filled every earlier one is complete, so the item in a free slot of
    // `b` belongs there or later: its cycle is followed until an item of `b` comes round.
    let mut heads = starts.clone();
    for b in 0..block_count {
        let end = starts[b + 1];
        while heads[b] < end {
            let mut item = items[heads[b]];
            let mut to = block(&item);
            while to != b {
                std::mem::swap(&mut item, &mut items[heads[to]]);
                heads[to] += 1;
                to = block(&item);
            }
            items[heads[b]] = item;
            heads[b] += 1;
        }
    }
    drop(heads);
    let mut parts = Vec::with_capacity(block_count);
    let mut rest = items;
    for window in starts.windows(2) {
        let (part, tail) = rest.split_at_mut(window[1] - window[0]);
        parts.push(part);
        rest = tail;
    }
    let sort_part = |part: &mut [T], buffer: &mut Vec<T>, counts: &mut Vec<usize>| {
        sort_block(part, shift, &pair, buffer, counts);
    };
    #[cfg(feature = "parallel")]
    if rayon::current_num_threads() > 1 {
        use rayon::prelude::*;
        parts.into_par_iter().for_each_init(
            || (Vec::new(), Vec::new()),
            |(buffer, counts), part| sort_part(part, buffer, counts),
        );
        return;
    }
    let (mut buffer, mut counts) = (Vec::new(), Vec::new());
    for part in parts {
        sort_part(part, &mut buffer, &mut counts);
    }
}

/// Sorts one block, whose first indices agree above their lowest `shift` bits: a counting
/// sort by those bits into `buffer`, copied back, then each run of one first index by the
/// second index. `buffer` and `counts` are scratch space, reused from block to block.
fn sort_block<T: Copy + Default>(
    part: &mut [T],
    shift: u32,
    pair: &impl Fn(&T) -> [u32; 2],
    buffer: &mut Vec<T>,
    counts: &mut Vec<usize>,
) {
    if part.len() < 2 {
        return;
    }
    let mask = (1usize << shift) - 1;
    let low = |item: &T| pair(item)[0] as usize & mask;
    counts.clear();
    counts.resize(mask + 2, 0);
    for item in part.iter() {
        counts[low(item) + 1] += 1;
    }
    for v in 1..counts.len() {
        counts[v] += counts[v - 1];
    }
    // Filled once to the largest block so far, then only overwritten.
    if buffer.len() < part.len() {
        buffer.resize(part.len(), T::default());
    }
    let buffer = &mut buffer[..part.len()];
    // Each run's start serves as its cursor; afterwards `counts[v]` is run `v`'s end.
    for item in part.iter() {
        let slot = &mut counts[low(item)];
        buffer[*slot] = *item;
        *slot += 1;
    }
    part.copy_from_slice(buffer);
    let mut start = 0;
    for &end in &counts[..=mask] {
        if end - start > 1 {
            part[start..end].sort_unstable_by_key(|item| pair(item)[1]);
        }
        start = end;
    }
}
