//! The triangulation's one counting sort: items whose order starts with a small vertex
//! index, bucketed by that index in one pass, each bucket (a handful of items) then
//! sorted whole.

/// Sorts `items` in their `Ord` order, which must begin with `first(item)`, a vertex index
/// below `bound`: a counting sort by `first`, then each bucket by the full order. The
/// result is the order `sort_unstable` gives (the same one when the items are distinct,
/// as every caller's are), in O(n + bound) plus the sorts of the buckets.
pub(crate) fn sort_by_first_vertex<T: Copy + Ord>(
    items: &mut Vec<T>,
    bound: usize,
    first: impl Fn(&T) -> u32,
) {
    let Some(&sample) = items.first() else {
        return;
    };
    let mut starts = vec![0usize; bound + 1];
    for item in items.iter() {
        starts[first(item) as usize + 1] += 1;
    }
    for v in 1..starts.len() {
        starts[v] += starts[v - 1];
    }
    // Every slot is written once below; `sample` only fills the buffer until then. Each
    // bucket's start serves as its cursor (no second array of offsets: issue #24), so
    // afterwards `starts[v]` is bucket `v`'s end, and the starts are shifted back.
    let mut sorted = vec![sample; items.len()];
    for &item in items.iter() {
        let slot = &mut starts[first(&item) as usize];
        sorted[*slot] = item;
        *slot += 1;
    }
    starts.copy_within(0..bound.saturating_sub(1), 1);
    starts[0] = 0;
    for window in starts.windows(2) {
        let bucket = &mut sorted[window[0]..window[1]];
        if bucket.len() > 1 {
            bucket.sort_unstable();
        }
    }
    *items = sorted;
}
