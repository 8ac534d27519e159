//! Work split into chunks and mapped on every core with the feature `parallel` (rayon), in
//! order either way: the results come back in chunk order, so no thread schedule reaches
//! an output.

use std::ops::Range;

/// Below this many items a pass of exact tests (the crossing search, the reroute, the
/// vertex-inside test: a microsecond or more an item) runs on one thread: splitting
/// costs more than it saves.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) const PARALLEL_MIN: usize = 1 << 13;

/// Below this many items a linear pass (a copy, a map of one item to one result, the
/// scatter of a counting or radix sort: a few nanoseconds an item) runs on one thread.
/// Its parallel form pays for waking the pool, splitting the buffers and, for the sorts,
/// scanning more than once; with the bound at [`PARALLEL_MIN`], `case union 10000` and
/// `case difference 256`, whose arrangements are tens of thousands of edges, ran 10 and
/// 5 % slower on two threads than on one (`docs/performance.md`, item 49). At 2^17 the
/// arrangement of 10^5 segments kept its endpoints, pieces and sorts on one thread; at
/// 2^16 they split, and those two runs are unchanged (item 71).
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) const LINEAR_PARALLEL_MIN: usize = 1 << 16;

/// The ranges of `0..count` in chunks of `chunk` (at least 1) items.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
fn chunks(count: usize, chunk: usize) -> Vec<Range<usize>> {
    let chunk = chunk.max(1);
    (0..count.div_ceil(chunk))
        .map(|k| k * chunk..((k + 1) * chunk).min(count))
        .collect()
}

/// `items` cut into consecutive slices of the given lengths, in order (the lengths add up
/// to at most `items.len()`): each part of a parallel pass gets its own slice of one
/// buffer the calling thread allocated.
pub(crate) fn split_lengths<T>(
    items: &mut [T],
    lengths: impl Iterator<Item = usize>,
) -> Vec<&mut [T]> {
    let mut slices = Vec::with_capacity(lengths.size_hint().0);
    let mut rest = items;
    for len in lengths {
        let (part, tail) = rest.split_at_mut(len);
        slices.push(part);
        rest = tail;
    }
    slices
}

/// The chunk size of a parallel pass over `count` items, or `None` when the pass runs on
/// the calling thread (fewer than [`PARALLEL_MIN`] items, or one thread: nothing to
/// split). Many more chunks than threads, so that uneven chunks even out.
#[cfg(feature = "parallel")]
fn parallel_chunk(count: usize) -> Option<usize> {
    chunk_from(PARALLEL_MIN, count)
}

/// [`parallel_chunk`] for a linear pass: `None` below [`LINEAR_PARALLEL_MIN`] items.
#[cfg(feature = "parallel")]
fn linear_chunk(count: usize) -> Option<usize> {
    chunk_from(LINEAR_PARALLEL_MIN, count)
}

/// The chunk size of a pass over `count` items that splits from `min` items on.
#[cfg(feature = "parallel")]
fn chunk_from(min: usize, count: usize) -> Option<usize> {
    let threads = rayon::current_num_threads();
    (count >= min && threads > 1).then(|| count.div_ceil(16 * threads))
}

/// The parts of a linear pass over `0..count` sorted entries that no run of equal entries
/// straddles: the chunks of [`LINEAR_PARALLEL_MIN`]'s split, each start moved up to the
/// next `i` where `starts_run(i)` holds (`i > 0`); one part on one thread. Parts may be
/// empty; together they cover `0..count` in order.
pub(crate) fn run_parts(count: usize, starts_run: impl Fn(usize) -> bool) -> Vec<Range<usize>> {
    #[cfg(feature = "parallel")]
    if let Some(chunk) = linear_chunk(count) {
        // Each search starts where the last one ended when that is further on, so a run
        // longer than a chunk is scanned once, not once per chunk start inside it.
        let mut starts: Vec<usize> = Vec::with_capacity(count.div_ceil(chunk) + 1);
        let mut last = 0;
        for k in 0..count.div_ceil(chunk) {
            let mut start = (k * chunk).max(last);
            while start > 0 && start < count && !starts_run(start) {
                start += 1;
            }
            starts.push(start);
            last = start;
        }
        starts.push(count);
        return starts.windows(2).map(|w| w[0]..w[1]).collect();
    }
    let _ = starts_run;
    std::iter::once(0..count).collect()
}

/// Strips of `0..count` for a sweep that starts each strip from a state it rebuilds (a
/// cost that grows with the strips): four about equal parts per thread of the pool from
/// `min` items on with the feature `parallel` (more parts than threads, so that uneven
/// strips even out), otherwise one part.
pub(crate) fn strips(count: usize, min: usize) -> Vec<Range<usize>> {
    #[cfg(feature = "parallel")]
    if chunk_from(min, count).is_some() {
        let parts = 4 * rayon::current_num_threads();
        return chunks(count, count.div_ceil(parts));
    }
    let _ = min;
    std::iter::once(0..count).collect()
}

/// `fill(parts[k], slice)` for every part `k`, `slice` being the next `sizes[k]` items of
/// `items` (the sizes add up to at most `items.len()`), a buffer the caller allocated; on
/// all cores with the feature `parallel` when there is more than one part.
pub(crate) fn fill_split<T: Send>(
    items: &mut [T],
    parts: &[Range<usize>],
    sizes: &[usize],
    fill: impl Fn(Range<usize>, &mut [T]) + Sync + Send,
) {
    fill_slices(items, parts, sizes, |_, _, range, slice| fill(range, slice));
}

/// [`fill_split`] that also hands each part its index `k` and the index `first` of its
/// first item: `fill(k, first, parts[k], slice)`. The one place the parallel fills place
/// and fill their parts.
fn fill_slices<T: Send>(
    items: &mut [T],
    parts: &[Range<usize>],
    sizes: &[usize],
    fill: impl Fn(usize, usize, Range<usize>, &mut [T]) + Sync + Send,
) {
    let firsts: Vec<usize> = sizes
        .iter()
        .scan(0, |before, &size| {
            let first = *before;
            *before += size;
            Some(first)
        })
        .collect();
    let slices = split_lengths(items, sizes.iter().copied());
    #[cfg(feature = "parallel")]
    if parts.len() > 1 {
        use rayon::prelude::*;
        (parts.par_iter().zip(slices).zip(firsts).enumerate())
            .for_each(|(k, ((range, slice), first))| fill(k, first, range.clone(), slice));
        return;
    }
    for (k, ((range, slice), first)) in parts.iter().zip(slices).zip(firsts).enumerate() {
        fill(k, first, range.clone(), slice);
    }
}

/// `fill(k, first, parts[k], slice)` for every part `k`, `slice` being the
/// `size(k, parts[k])` slots where the part's items go and `first` the index of its first
/// slot, in one vector of the parts' items in order that the calling thread allocates (see
/// [`fill_chunks`]); on all cores with the feature `parallel` when there is more than one
/// part. Every slot holds `blank` until it is filled, and the blanks are written on every
/// core (see [`blanks`]).
pub(crate) fn fill_parts<T: Copy + Send + Sync>(
    blank: T,
    parts: &[Range<usize>],
    size: impl Fn(usize, Range<usize>) -> usize + Sync + Send,
    fill: impl Fn(usize, usize, Range<usize>, &mut [T]) + Sync + Send,
) -> Vec<T> {
    let sizes = map_indexed(parts, size);
    let mut items = blanks(blank, sizes.iter().sum());
    fill_slices(&mut items, parts, &sizes, fill);
    items
}

/// `f(part)` of every part, in order; on all cores with the feature `parallel` when there
/// is more than one part.
pub(crate) fn map_parts<T: Send>(
    parts: &[Range<usize>],
    f: impl Fn(Range<usize>) -> T + Sync + Send,
) -> Vec<T> {
    map_indexed(parts, |_, range| f(range))
}

/// `f(k, parts[k])` of every part `k`, in order; on all cores with the feature `parallel`
/// when there is more than one part.
fn map_indexed<T: Send>(
    parts: &[Range<usize>],
    f: impl Fn(usize, Range<usize>) -> T + Sync + Send,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    if parts.len() > 1 {
        use rayon::prelude::*;
        return (parts.par_iter().enumerate())
            .map(|(k, range)| f(k, range.clone()))
            .collect();
    }
    (parts.iter().enumerate())
        .map(|(k, range)| f(k, range.clone()))
        .collect()
}

/// `len` copies of `blank`, written on every core from [`LINEAR_PARALLEL_MIN`] on into a
/// vector the calling thread reserves (rayon's `collect_into_vec`): a struct's blanks
/// written by `vec![blank; len]` touch every fresh page on the calling thread alone, which
/// was half of the parallel assembly's time (`docs/performance.md`, item 58), and so do
/// the zeros of `calloc` in memory the allocator reuses (item 71).
pub(crate) fn blanks<T: Copy + Send + Sync>(blank: T, len: usize) -> Vec<T> {
    #[cfg(feature = "parallel")]
    if let Some(chunk) = linear_chunk(len) {
        use rayon::prelude::*;
        let mut items = Vec::new();
        (0..len)
            .into_par_iter()
            .with_min_len(chunk)
            .map(|_| blank)
            .collect_into_vec(&mut items);
        return items;
    }
    vec![blank; len]
}

/// `f` of every chunk of `0..count`, for a linear pass whose effects commute (relaxed
/// atomic stores of one value, as marks): on all cores with the feature `parallel` from
/// [`LINEAR_PARALLEL_MIN`] items on, so that no schedule shows in what it leaves.
pub(crate) fn for_each_chunk(count: usize, f: impl Fn(Range<usize>) + Sync + Send) {
    map_linear_chunks(count, f);
}

/// `f` of every chunk of `0..count` for a linear pass, in chunk order: on all cores with
/// the feature `parallel` from [`LINEAR_PARALLEL_MIN`] items on (one chunk below).
pub(crate) fn map_linear_chunks<T: Send>(
    count: usize,
    f: impl Fn(Range<usize>) -> T + Sync + Send,
) -> Vec<T> {
    map_parts(&linear_ranges(count), f)
}

/// `f` of every chunk of `0..count`, in chunk order; the chunks run on all cores with the
/// feature `parallel` when `count` is at least [`PARALLEL_MIN`].
pub(crate) fn map_chunks<T: Send>(
    count: usize,
    f: impl Fn(Range<usize>) -> T + Sync + Send,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    if let Some(chunk) = parallel_chunk(count) {
        use rayon::prelude::*;
        return chunks(count, chunk).into_par_iter().map(f).collect();
    }
    vec![f(0..count)]
}

/// The items of every chunk of `0..count`, in chunk order, in one vector that the calling
/// thread allocates at its exact size: `size(range)` tells how many items a chunk has,
/// then `fill(range, slice)` writes them (the chunks run on all cores with the feature
/// `parallel` when `count` is at least [`LINEAR_PARALLEL_MIN`]). No worker thread allocates the
/// items: an allocator arena of a worker keeps what is freed in it, which at two threads
/// held a whole-map build's peak a fifth above one thread's (issue #24).
pub(crate) fn fill_chunks<T: Copy + Default + Send + Sync>(
    count: usize,
    size: impl Fn(Range<usize>) -> usize + Sync + Send,
    fill: impl Fn(Range<usize>, &mut [T]) + Sync + Send,
) -> Vec<T> {
    // The defaults are written on every core too (`blanks`): `calloc` takes its zeros from
    // the system only for fresh pages, and memory the allocator reuses was zeroed on this
    // thread alone (item 71).
    fill_parts(
        T::default(),
        &linear_ranges(count),
        |_, range| size(range),
        |_, _, range, slice| fill(range, slice),
    )
}

/// The chunks of a linear pass over `0..count` (see [`linear_chunk`]); one range when it
/// runs on one thread.
fn linear_ranges(count: usize) -> Vec<Range<usize>> {
    #[cfg(feature = "parallel")]
    if let Some(chunk) = linear_chunk(count) {
        return chunks(count, chunk);
    }
    std::iter::once(0..count).collect()
}

/// [`fill_chunks`] with each chunk's items given by an iterator, `items(range)`: on one
/// thread (or below [`LINEAR_PARALLEL_MIN`]) they are pushed as they come into a vector of the
/// exact size, without a default written into every slot first.
///
/// `blank` only fills the slots until their items are written (a type need not have a
/// default to be collected).
pub(crate) fn collect_chunks<T: Copy + Send + Sync, I: Iterator<Item = T>>(
    count: usize,
    blank: T,
    size: impl Fn(Range<usize>) -> usize + Sync + Send,
    items: impl Fn(Range<usize>) -> I + Sync + Send,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    if linear_chunk(count).is_some() {
        // A `blank` that is not a primitive is written on every core.
        let size = |_, range| size(range);
        return fill_parts(blank, &linear_ranges(count), size, |_, _, range, slots| {
            let mut items = items(range);
            for slot in slots.iter_mut() {
                let item = items.next();
                debug_assert!(item.is_some(), "fewer items than the size given");
                if let Some(item) = item {
                    *slot = item;
                }
            }
            debug_assert!(items.next().is_none(), "more items than the size given");
        });
    }
    // One thread pushes the items: `blank` serves only the slots of the parallel form.
    let _ = blank;
    let mut all = Vec::with_capacity(size(0..count));
    // `for_each` folds, which a flattening iterator does in one loop per part.
    items(0..count).for_each(|item| all.push(item));
    all
}

/// `f(k, &items[k])` for every `k`, in order, in a vector the calling thread allocates
/// (see [`fill_chunks`]); in chunks on all cores with the feature `parallel` when there
/// are at least [`LINEAR_PARALLEL_MIN`] items. Each result is written once, where it belongs, so
/// no thread schedule shows in the result.
pub(crate) fn collect_map<S: Sync, T: Send>(
    items: &[S],
    f: impl Fn(usize, &S) -> T + Sync + Send,
) -> Vec<T> {
    collect_map_from(LINEAR_PARALLEL_MIN, items, f)
}

/// [`collect_map`] into `into`, whose allocation is reused (it is cleared first): a
/// buffer freed by an earlier pass keeps its pages, where a new one is first touched
/// page by page (`docs/performance.md`, item 62).
pub(crate) fn collect_map_into<S: Sync, T: Send>(
    items: &[S],
    into: &mut Vec<T>,
    f: impl Fn(usize, &S) -> T + Sync + Send,
) {
    collect_into_from(LINEAR_PARALLEL_MIN, items, into, f);
}

/// [`collect_map`] for a map that reads scattered memory for each item (fragments made
/// from their pixels' indices): such a map waits on the caches, not on the copy, and gains
/// from more cores from [`PARALLEL_MIN`] items on, as the passes of exact tests do.
pub(crate) fn collect_gather<S: Sync, T: Send>(
    items: &[S],
    f: impl Fn(usize, &S) -> T + Sync + Send,
) -> Vec<T> {
    collect_map_from(PARALLEL_MIN, items, f)
}

/// [`collect_map`], on all cores from `min` items on.
fn collect_map_from<S: Sync, T: Send>(
    min: usize,
    items: &[S],
    f: impl Fn(usize, &S) -> T + Sync + Send,
) -> Vec<T> {
    let mut into = Vec::new();
    collect_into_from(min, items, &mut into, f);
    into
}

/// [`collect_map_into`], on all cores from `min` items on: an indexed parallel iterator
/// collects into the caller's vector.
fn collect_into_from<S: Sync, T: Send>(
    min: usize,
    items: &[S],
    into: &mut Vec<T>,
    f: impl Fn(usize, &S) -> T + Sync + Send,
) {
    #[cfg(feature = "parallel")]
    if let Some(chunk) = chunk_from(min, items.len()) {
        use rayon::prelude::*;
        if into.capacity() < items.len() {
            // Grown by `realloc`, a buffer too small would first copy its stale contents,
            // on this thread alone (item 71): a new one is taken instead.
            *into = Vec::new();
        }
        items
            .par_iter()
            .enumerate()
            .with_min_len(chunk)
            .map(|(k, item)| f(k, item))
            .collect_into_vec(into);
        return;
    }
    let _ = min;
    into.clear();
    into.extend(items.iter().enumerate().map(|(k, item)| f(k, item)));
}

/// Whether a pass over `count` items runs on more than one core (feature `parallel`, more
/// than one thread, at least [`LINEAR_PARALLEL_MIN`] items): a pass whose one-thread form is a
/// plain loop pushing into a vector takes it when this is false.
pub(crate) fn runs_parallel(count: usize) -> bool {
    #[cfg(feature = "parallel")]
    if linear_chunk(count).is_some() {
        return true;
    }
    let _ = count;
    false
}

/// `items[i] = f(i)` for every `i`, in chunks on all cores with the feature `parallel`
/// when there are at least [`LINEAR_PARALLEL_MIN`] (the buffer is the caller's: see
/// [`fill_chunks`]).
pub(crate) fn fill_each<T: Send>(items: &mut [T], f: impl Fn(usize) -> T + Sync + Send) {
    #[cfg(feature = "parallel")]
    if let Some(chunk) = linear_chunk(items.len()) {
        use rayon::prelude::*;
        items
            .par_chunks_mut(chunk)
            .enumerate()
            .for_each(|(k, part)| {
                for (i, item) in part.iter_mut().enumerate() {
                    *item = f(k * chunk + i);
                }
            });
        return;
    }
    for (i, item) in items.iter_mut().enumerate() {
        *item = f(i);
    }
}

/// Sorts `items` (on every core with the feature `parallel` when there are at least
/// [`LINEAR_PARALLEL_MIN`]); for a total order the result is the one sorted order either way.
pub(crate) fn sort_unstable<T: Ord + Send>(items: &mut [T]) {
    #[cfg(feature = "parallel")]
    if runs_parallel(items.len()) {
        use rayon::prelude::*;
        items.par_sort_unstable();
        return;
    }
    items.sort_unstable();
}

/// A counting sort: the entries of `shares` (taken in order) into `buckets` buckets,
/// `bucket(e)` being an entry's bucket (below `buckets`) and `value(i, e)` what is stored
/// for the `i`-th entry; then `finish` of every bucket's values. Returns the start of every
/// bucket (`buckets + 1` offsets) and the values, bucket by bucket, in entry order within
/// a bucket. The crate's counting sort into a new vector: the grid's cell lists, its pixel
/// lists and the pieces' sort by pixel index up to `radix::IN_PLACE_MIN` pieces use it
/// (longer lists are sorted in place, block by block: `blocks.rs`).
///
/// With the feature `parallel`, more than one thread and at least [`LINEAR_PARALLEL_MIN`]
/// entries, the buckets are split into one contiguous range per thread: each thread counts
/// and places the entries of its own range, reading in order the blocks of entries that
/// reach it, into its own part of the result, so the result is the one the sequential sort
/// gives.
pub(crate) fn bucket_sort<E: Sync, V: Copy + Default + Send + Sync>(
    shares: &[Vec<E>],
    buckets: usize,
    bucket: impl Fn(&E) -> usize + Sync,
    value: impl Fn(usize, &E) -> V + Sync,
    finish: impl Fn(&mut [V]) + Sync,
) -> (Vec<usize>, Vec<V>) {
    #[cfg(feature = "parallel")]
    {
        let total: usize = shares.iter().map(Vec::len).sum();
        let threads = rayon::current_num_threads();
        if runs_parallel(total) && buckets >= threads {
            return bucket_sort_parallel(shares, buckets, threads, &bucket, &value, &finish);
        }
    }
    // Share by share in plain loops (a flattening iterator costs a branch per entry).
    let mut start = vec![0usize; buckets + 1];
    for share in shares {
        for e in share {
            start[bucket(e) + 1] += 1;
        }
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut values = vec![V::default(); start[buckets]];
    // Each bucket's start serves as its cursor, so that no second array of offsets is
    // held beside the values (issue #24): afterwards `start[b]` is bucket `b`'s end.
    let mut index = 0;
    for share in shares {
        for e in share {
            let slot = &mut start[bucket(e)];
            values[*slot] = value(index, e);
            *slot += 1;
            index += 1;
        }
    }
    shift_ends_to_starts(&mut start);
    for window in start.windows(2) {
        finish(&mut values[window[0]..window[1]]);
    }
    (start, values)
}

/// Turns the cursors a counting sort leaves, `ends[b]` being bucket `b`'s end for every
/// `b` below the last entry (which holds the total, bucket `buckets - 1`'s end too), back
/// into the starts: `start[0] = 0` and `start[b] = end[b - 1]`.
fn shift_ends_to_starts(ends: &mut [usize]) {
    let buckets = ends.len() - 1;
    ends.copy_within(0..buckets.saturating_sub(1), 1);
    ends[0] = 0;
}

/// Entries a block of [`bucket_sort_parallel`]'s scans: each block's least and greatest
/// bucket are found first, and a thread reads only the blocks that reach its buckets.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
const SCAN_BLOCK: usize = 4096;

/// [`bucket_sort`] on `parts` threads, each owning a contiguous range of buckets. The
/// entries are cut into blocks of [`SCAN_BLOCK`], whose least and greatest buckets are
/// found first (on every core); each thread then reads, in order, only the blocks that
/// reach its range. Entries that come nearly sorted by bucket (the grid's lists: fragments
/// and pixels in `(x, y)` order, cells column by column) are so read about once in all
/// instead of once by every thread; the result is the sequential sort's either way.
#[cfg(feature = "parallel")]
fn bucket_sort_parallel<E: Sync, V: Copy + Default + Send + Sync>(
    shares: &[Vec<E>],
    buckets: usize,
    parts: usize,
    bucket: &(impl Fn(&E) -> usize + Sync),
    value: &(impl Fn(usize, &E) -> V + Sync),
    finish: &(impl Fn(&mut [V]) + Sync),
) -> (Vec<usize>, Vec<V>) {
    use rayon::prelude::*;
    let ranges = chunks(buckets, buckets.div_ceil(parts));
    // The blocks: a share, a range of its entries, and the index of the range's first
    // entry among all entries.
    let mut blocks: Vec<(&[E], usize)> = Vec::new();
    let mut first = 0;
    for share in shares {
        for range in chunks(share.len(), SCAN_BLOCK) {
            blocks.push((&share[range.clone()], first + range.start));
        }
        first += share.len();
    }
    let spans: Vec<(usize, usize)> = blocks
        .par_iter()
        .map(|&(entries, _)| {
            entries.iter().fold((usize::MAX, 0), |(lo, hi), e| {
                let b = bucket(e);
                (lo.min(b), hi.max(b))
            })
        })
        .collect();
    // The blocks that hold an entry of `range`, in order.
    let reaching = |range: &Range<usize>| {
        let (start, end) = (range.start, range.end);
        blocks
            .iter()
            .zip(&spans)
            .filter(move |&(_, &(lo, hi))| lo < end && hi >= start)
            .map(|(&block, _)| block)
    };
    // Each part counts its buckets into its own slice of the offsets (allocated here, not
    // on the workers: see `fill_chunks`), then the offsets of all buckets.
    let mut start = vec![0usize; buckets + 1];
    let counts = split_lengths(&mut start[1..], ranges.iter().map(Range::len));
    ranges.par_iter().zip(counts).for_each(|(range, counts)| {
        for (entries, _) in reaching(range) {
            for e in entries {
                let b = bucket(e);
                if range.contains(&b) {
                    counts[b - range.start] += 1;
                }
            }
        }
    });
    for b in 1..start.len() {
        start[b] += start[b - 1];
    }
    // Each part's slice of the values, split off in order.
    let mut values = blanks(V::default(), start[buckets]);
    let slices = split_lengths(
        &mut values,
        ranges
            .iter()
            .map(|range| start[range.end] - start[range.start]),
    );
    // Each part's buckets' starts serve as their cursors (no second array of offsets,
    // issue #24); afterwards each holds its bucket's end.
    let cursors = split_lengths(&mut start[..buckets], ranges.iter().map(Range::len));
    ranges
        .par_iter()
        .zip(slices)
        .zip(cursors)
        .for_each(|((range, slice), fill)| {
            let base = fill.first().copied().unwrap_or(0);
            for (entries, first) in reaching(range) {
                for (index, e) in (first..).zip(entries) {
                    let b = bucket(e);
                    if range.contains(&b) {
                        let slot = &mut fill[b - range.start];
                        slice[*slot - base] = value(index, e);
                        *slot += 1;
                    }
                }
            }
            let mut lo = 0;
            for &end in fill.iter() {
                finish(&mut slice[lo..end - base]);
                lo = end - base;
            }
        });
    shift_ends_to_starts(&mut start);
    (start, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `check(run())` on the calling thread and (feature `parallel`) in pools of 1, 2, 3
    /// and 8 threads.
    fn on_every_thread_count<T: Send>(run: impl Fn() -> T + Send + Sync, check: impl Fn(T)) {
        check(run());
        #[cfg(feature = "parallel")]
        for threads in [1, 2, 3, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool");
            check(pool.install(&run));
        }
    }

    /// The bucket sort on shares of pseudo-random entries: buckets in order, entries in
    /// order within a bucket, on one thread and (feature `parallel`) on any number.
    #[test]
    fn bucket_sort_keeps_entry_order_within_buckets_on_any_thread_count() {
        let mut state = 0x5EED_u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let buckets = 1000;
        // Random buckets (every block of the parallel scan reaches every thread's range).
        let random: Vec<Vec<(usize, u32)>> = (0..7)
            .map(|s| {
                (0..20_000)
                    .map(|k| (next() % buckets, (s * 20_000 + k) as u32))
                    .collect()
            })
            .collect();
        // Buckets rising with the entry, in shares of uneven sizes (one empty), and one
        // entry in 50,000 anywhere: most blocks of the parallel scan reach one thread's
        // range only, some (those at a range's edge, those with an outlier) two.
        let mut index = 0u32;
        let total = 135_001;
        let nearly_sorted: Vec<Vec<(usize, u32)>> = [20_000, 0, 45_001, 70_000]
            .into_iter()
            .map(|len| {
                (0..len)
                    .map(|_| {
                        let k = index as usize;
                        index += 1;
                        let b = if k % 50_000 == 7 {
                            next() % buckets
                        } else {
                            k * buckets / total
                        };
                        (b, k as u32)
                    })
                    .collect()
            })
            .collect();
        // Blocks of one bucket each, a multiple of 125 (where the ranges of two and of
        // eight threads start), but for their first entry, one bucket lower: every such
        // block ends exactly on the first bucket of a range and reaches the range before.
        let edges: Vec<Vec<(usize, u32)>> = vec![
            (0..33 * SCAN_BLOCK)
                .map(|k| {
                    let b = 125 * (k / SCAN_BLOCK % 8);
                    let b = if k % SCAN_BLOCK == 0 {
                        b.saturating_sub(1)
                    } else {
                        b
                    };
                    (b, k as u32)
                })
                .collect(),
        ];
        for shares in [random, nearly_sorted, edges] {
            let expected = {
                let mut all: Vec<(usize, u32)> = shares.iter().flatten().copied().collect();
                all.sort_by_key(|&(b, _)| b); // stable: entry order within a bucket
                all
            };
            let mut sizes = vec![0usize; buckets];
            expected.iter().for_each(|&(b, _)| sizes[b] += 1);
            // The value stored is the entry's index among all entries, which every entry
            // also carries: the index the sort passes must be the entry's own.
            let run = || bucket_sort(&shares, buckets, |&(b, _)| b, |i, _| i as u32, |_| {});
            let check = |(start, values): (Vec<usize>, Vec<u32>)| {
                assert_eq!(start.len(), buckets + 1);
                assert_eq!(
                    values,
                    expected.iter().map(|&(_, v)| v).collect::<Vec<u32>>()
                );
                for (b, window) in start.windows(2).enumerate() {
                    assert_eq!(window[1] - window[0], sizes[b], "bucket {b}");
                }
            };
            on_every_thread_count(run, check);
        }
    }

    /// `collect_chunks`, `collect_map` and `collect_gather` give what one sequential pass
    /// gives, with chunks of uneven sizes (some empty) and a blank unlike any item, on one
    /// thread and (feature `parallel`) on any number.
    #[test]
    fn collected_chunks_and_maps_are_the_sequential_items() {
        let count = LINEAR_PARALLEL_MIN * 3 + 29;
        // Item i yields (i * 7) % 5 entries (none for multiples of 5).
        let entries = |i: usize| (0..(i * 7) % 5).map(move |k| [i as u32, k as u32]);
        let expected: Vec<[u32; 2]> = (0..count).flat_map(entries).collect();
        let cubes: Vec<u64> = (0..count).map(|i| (i * i * i) as u64).collect();
        let run = || {
            let items = collect_chunks(
                count,
                [u32::MAX; 2],
                |range| range.map(|i| (i * 7) % 5).sum(),
                |range| range.flat_map(entries),
            );
            let indices: Vec<usize> = (0..count).collect();
            let each = collect_map(&indices, |k, &i| {
                assert_eq!(k, i);
                (i * i * i) as u64
            });
            // Between the two bounds: the gather splits, the linear map would not.
            let few = &indices[..PARALLEL_MIN * 3 + 5];
            let gathered = collect_gather(few, |k, &i| {
                assert_eq!(k, i);
                cubes[i]
            });
            (items, each, gathered)
        };
        let check = |(items, each, gathered): (Vec<[u32; 2]>, Vec<u64>, Vec<u64>)| {
            assert_eq!(items, expected);
            assert_eq!(each, cubes);
            assert_eq!(gathered, cubes[..PARALLEL_MIN * 3 + 5]);
        };
        on_every_thread_count(run, check);
    }

    /// `collect_map_into` gives what one sequential pass gives whatever the buffer it is
    /// handed held: one too small, which is taken anew instead of grown (item 71), and one
    /// larger, which is reused; both full of stale items.
    #[test]
    fn maps_collected_into_a_recycled_buffer_are_the_sequential_items() {
        let count = LINEAR_PARALLEL_MIN * 2 + 11;
        let indices: Vec<usize> = (0..count).collect();
        let expected: Vec<u64> = indices.iter().map(|&i| (i * 3) as u64).collect();
        let run = || {
            [count / 3, count * 2].map(|len| {
                let mut into = vec![u64::MAX; len];
                collect_map_into(&indices, &mut into, |k, &i| {
                    assert_eq!(k, i);
                    (i * 3) as u64
                });
                into
            })
        };
        let check = |buffers: [Vec<u64>; 2]| {
            for buffer in buffers {
                assert_eq!(buffer, expected);
            }
        };
        on_every_thread_count(run, check);
    }

    /// `fill_chunks` and `fill_each` give what one sequential pass gives, with chunks of
    /// uneven sizes (some empty), on one thread and (feature `parallel`) on any number.
    #[test]
    fn chunks_filled_in_place_are_the_sequential_items() {
        let count = LINEAR_PARALLEL_MIN * 3 + 17;
        // Item i yields i % 4 entries (none for multiples of 4).
        let entries = |i: usize| (0..i % 4).map(move |k| (i as u32, k as u32));
        let expected: Vec<(u32, u32)> = (0..count).flat_map(entries).collect();
        let run = || {
            let items = fill_chunks(
                count,
                |range| range.map(|i| i % 4).sum(),
                |range, slots: &mut [(u32, u32)]| {
                    for (slot, entry) in slots.iter_mut().zip(range.flat_map(entries)) {
                        *slot = entry;
                    }
                },
            );
            let mut squares = vec![0u64; count];
            fill_each(&mut squares, |i| (i * i) as u64);
            (items, squares)
        };
        let squares: Vec<u64> = (0..count).map(|i| (i * i) as u64).collect();
        let check = |(items, filled): (Vec<(u32, u32)>, Vec<u64>)| {
            assert_eq!(items, expected);
            assert_eq!(filled, squares);
        };
        on_every_thread_count(run, check);
    }
}
