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
    let sorted = collect_by_first_vertex(|| items.iter().copied(), bound, first);
    *items = sorted;
}

/// The items `items()` lists (the same each time it is called) in the order of
/// [`sort_by_first_vertex`], collected straight into their sorted places: the items are
/// listed twice (counted, then placed) and never held unsorted beside the result, which
/// takes their exact count (issue #24).
pub(crate) fn collect_by_first_vertex<T: Copy + Ord, I: Iterator<Item = T>>(
    items: impl Fn() -> I,
    bound: usize,
    first: impl Fn(&T) -> u32,
) -> Vec<T> {
    let Some(sample) = items().next() else {
        return Vec::new();
    };
    let mut starts = vec![0usize; bound + 1];
    for item in items() {
        starts[first(&item) as usize + 1] += 1;
    }
    for v in 1..starts.len() {
        starts[v] += starts[v - 1];
    }
    // Every slot is written once below; `sample` only fills the buffer until then. Each
    // bucket's start serves as its cursor (no second array of offsets: issue #24), so
    // afterwards `starts[v]` is bucket `v`'s end, and the starts are shifted back.
    let mut sorted = vec![sample; starts[bound]];
    for item in items() {
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
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_give_the_order_of_a_comparison_sort() {
        // Distinct triples with small first vertices, some buckets empty, some crowded,
        // listed by a filtering generator as the kept triangles are.
        let mut rng = onepath_testkit::Rng::new(0x9E37);
        let mut next = |m: usize| rng.below(m) as u32;
        let mut all: Vec<(u32, u32, u32)> =
            (0..5000).map(|_| (next(40), next(9), next(1000))).collect();
        all.sort_unstable();
        all.dedup();
        let keep = |k: &(u32, u32, u32)| !k.2.is_multiple_of(3);
        let mut expected: Vec<_> = all.iter().copied().filter(keep).collect();
        let mut shuffled = expected.clone();
        shuffled.reverse();
        shuffled.rotate_left(777);
        expected.sort_unstable();
        let collected =
            collect_by_first_vertex(|| shuffled.iter().copied().filter(keep), 41, |k| k.0);
        assert_eq!(collected, expected);
        sort_by_first_vertex(&mut shuffled, 41, |k| k.0);
        assert_eq!(shuffled, expected);
        let empty = collect_by_first_vertex(std::iter::empty::<(u32, u32, u32)>, 5, |k| k.0);
        assert!(empty.is_empty());
    }
}
