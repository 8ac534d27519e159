//! Work split into chunks and mapped on every core with the feature `parallel` (rayon), in
//! order either way: the results come back in chunk order, so no thread schedule reaches
//! an output.

use std::ops::Range;

/// Below this many items a pass runs on one thread: splitting costs more than it saves.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(crate) const PARALLEL_MIN: usize = 1 << 13;

/// The ranges of `0..count` in chunks of `chunk` (at least 1) items.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
fn chunks(count: usize, chunk: usize) -> Vec<Range<usize>> {
    let chunk = chunk.max(1);
    (0..count.div_ceil(chunk))
        .map(|k| k * chunk..((k + 1) * chunk).min(count))
        .collect()
}

/// `f` of every chunk of `0..count`, in chunk order; the chunks run on all cores with the
/// feature `parallel` when `count` is at least [`PARALLEL_MIN`].
pub(crate) fn map_chunks<T: Send>(
    count: usize,
    f: impl Fn(Range<usize>) -> T + Sync + Send,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    if count >= PARALLEL_MIN && rayon::current_num_threads() > 1 {
        use rayon::prelude::*;
        // Many more chunks than threads, so that uneven chunks even out. With one thread
        // the work stays on the calling thread: nothing to split.
        let chunk = count.div_ceil(16 * rayon::current_num_threads());
        return chunks(count, chunk).into_par_iter().map(f).collect();
    }
    vec![f(0..count)]
}

/// The shares' items in order, in the first share's buffer: each later share is freed as
/// soon as it is appended, so the items are not held twice (one share, with one thread,
/// is not copied at all).
pub(crate) fn concat_shares<T: Copy>(shares: Vec<Vec<T>>) -> Vec<T> {
    let total: usize = shares.iter().map(Vec::len).sum();
    let mut shares = shares.into_iter();
    let mut all = shares.next().unwrap_or_default();
    all.reserve_exact(total - all.len());
    for share in shares {
        all.extend_from_slice(&share);
    }
    all
}

/// Sorts `items` (on every core with the feature `parallel` when there are at least
/// [`PARALLEL_MIN`]); for a total order the result is the one sorted order either way.
pub(crate) fn sort_unstable<T: Ord + Send>(items: &mut [T]) {
    #[cfg(feature = "parallel")]
    if items.len() >= PARALLEL_MIN && rayon::current_num_threads() > 1 {
        use rayon::prelude::*;
        items.par_sort_unstable();
        return;
    }
    items.sort_unstable();
}
