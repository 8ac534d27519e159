//! Passes in parts on every core with the feature `parallel`, one part after another
//! otherwise: rayon's indexed collect keeps the parts in order, and each part's answers
//! are what one pass gives for its items, so no thread count shows in a result.

use std::ops::Range;

/// The fewest items for which a pass runs in parts: the culling's tests take a few
/// microseconds an item, and below this the pool's wake-up would eat the gain.
#[cfg(feature = "parallel")]
const PARALLEL_MIN: usize = 256;

/// Parts per thread of the pool: the parts' caches start empty, so fewer parts repeat
/// less work, more balance the load.
#[cfg(feature = "parallel")]
const PARTS_PER_THREAD: usize = 2;

/// `0..count` in consecutive parts of about equal size: [`PARTS_PER_THREAD`] per thread of
/// a pool of more than one from `PARALLEL_MIN` items with the feature `parallel`,
/// otherwise one. Empty parts are left out.
pub(crate) fn parts(count: usize) -> Vec<Range<usize>> {
    #[cfg(feature = "parallel")]
    let parts = if count >= PARALLEL_MIN && rayon::current_num_threads() > 1 {
        PARTS_PER_THREAD * rayon::current_num_threads()
    } else {
        1
    };
    #[cfg(not(feature = "parallel"))]
    let parts = 1;
    (0..parts)
        .map(|k| count * k / parts..count * (k + 1) / parts)
        .filter(|range| !range.is_empty())
        .collect()
}

/// `f` of every part of `0..count` ([`parts`]), the answers of all parts in order: on
/// every core with the feature `parallel`.
pub(crate) fn map_parts<T: Send>(
    count: usize,
    f: impl Fn(Range<usize>) -> Vec<T> + Sync + Send,
) -> Vec<T> {
    let answers: Result<Vec<T>, std::convert::Infallible> = try_map_parts(count, |r| Ok(f(r)));
    answers.unwrap_or_else(|never| match never {})
}

/// [`map_parts`] for parts that may fail: the answers of all parts in order, or the error
/// of the first part (in order) that fails, which for parts that stop at their first
/// error is the first error of one pass.
pub(crate) fn try_map_parts<T: Send, E: Send>(
    count: usize,
    f: impl Fn(Range<usize>) -> Result<Vec<T>, E> + Sync + Send,
) -> Result<Vec<T>, E> {
    let parts = parts(count);
    #[cfg(feature = "parallel")]
    if parts.len() > 1 {
        use rayon::prelude::*;
        let answers: Vec<Result<Vec<T>, E>> = parts.into_par_iter().map(f).collect();
        let mut all = Vec::with_capacity(count);
        for answer in answers {
            all.append(&mut answer?);
        }
        return Ok(all);
    }
    match parts.into_iter().next() {
        Some(range) => f(range),
        None => Ok(Vec::new()),
    }
}

/// `(a(), b())`: side by side on two threads of the pool with the feature `parallel` (when
/// the pool has more than one), one after the other otherwise. The answers do not depend
/// on which.
pub(crate) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    if rayon::current_num_threads() > 1 {
        return rayon::join(a, b);
    }
    (a(), b())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts cover `0..count` once, in order, without empty parts, and the mapped
    /// answers come in item order.
    #[test]
    fn parts_cover_the_items_in_order() {
        for count in [0, 1, 2, 255, 256, 257, 1_000, 10_007] {
            let ranges = parts(count);
            assert!(ranges.iter().all(|r| !r.is_empty()));
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            assert_eq!(ranges.iter().map(|r| r.len()).sum::<usize>(), count);
            let squares = map_parts(count, |range| range.map(|i| i * i).collect());
            assert_eq!(squares, (0..count).map(|i| i * i).collect::<Vec<_>>());
            // The first failing item in order, whichever part it falls in.
            for bad in [count / 3, count / 2, count.saturating_sub(1)] {
                let first = try_map_parts(count, |range| {
                    range
                        .map(|i| {
                            if i >= bad && i % 2 == bad % 2 {
                                Err(i)
                            } else {
                                Ok(i)
                            }
                        })
                        .collect()
                });
                assert_eq!(
                    first,
                    if count == 0 { Ok(vec![]) } else { Err(bad) },
                    "{count}"
                );
            }
        }
    }

    /// `join` hands back both answers, the first closure's first, whichever thread ran
    /// each (pools of one and two threads with the feature `parallel`).
    #[test]
    fn join_returns_both_answers_in_order() {
        let both = || join(|| (0..1000u64).sum::<u64>(), || vec![1, 2, 3]);
        assert_eq!(both(), (499_500, vec![1, 2, 3]));
        #[cfg(feature = "parallel")]
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("pool");
            assert_eq!(pool.install(both), (499_500, vec![1, 2, 3]));
        }
    }
}
