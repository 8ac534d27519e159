//! Step 1 and the start of step 2 of the specification's arrangement: the endpoints of the
//! edges sorted into the hot pixels, and every kept edge a pair of pixel indices.
//!
//! The numbering is where a large arrangement's memory used to peak: the input edges
//! (40 bytes each), their endpoints as `(point, slot)` pairs (24 bytes each, two per edge),
//! the sort's scatter buffer and the per-slot numbers all lived at once. Here the endpoints
//! are keyed straight from the edges (16 bytes each when the points' box packs into one
//! 64-bit key, as it does for every map), an owned input is freed before the sort, and the
//! pixel numbers go into one pair per edge. The numbers are the ranks of the distinct
//! points in `(x, y)` order however they are computed, so nothing here can change a result.

use crate::deltas::{Deltas, fits_small};
use crate::error::ArrangementError;
use crate::fragment::{Bounds, OverPixels};
use crate::options::ArrangeStats;
use crate::par::{collect_map, fill_parts, map_parts, run_parts, runs_parallel};
use crate::passes::{keyed_piece, sort_merge_keyed};
use crate::pipeline::check_index_range;
use crate::radix::{self, PackedPoints};
use crate::types::{EdgeExtent, EdgeSource, TaggedEdge};
use onepath_predicates::{CONSTRUCTION_LIMIT, GridPoint};
use std::ops::Range;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Points with their slots, keyed for the sort.
pub(crate) enum SlotKeys {
    /// The points' box packs into one key, whose order is the points' `(x, y)` order.
    Packed(PackedPoints, Vec<(u64, u32)>),
    /// The points themselves (a box too wide for one key).
    Points(Vec<(GridPoint, u32)>),
}

impl SlotKeys {
    /// The `count` `(point, slot)` pairs of `items`, whose points lie in `bounds`, keyed.
    pub(crate) fn within(
        bounds: &Bounds,
        count: usize,
        items: impl Iterator<Item = (GridPoint, u32)>,
    ) -> Self {
        let mut keys = Self::with_capacity(bounds, count);
        // `for_each` folds, which a flattening iterator does in one loop per part (`extend`
        // would step it item by item).
        items.for_each(|(p, slot)| keys.push(p, slot));
        keys
    }

    /// No keys yet, room for `count` of points in `bounds`.
    fn with_capacity(bounds: &Bounds, count: usize) -> Self {
        match PackedPoints::within(bounds) {
            Some(packed) => Self::Packed(packed, Vec::with_capacity(count)),
            None => Self::Points(Vec::with_capacity(count)),
        }
    }

    /// Keys `point` (in the bounds given) for `slot`.
    #[inline]
    fn push(&mut self, point: GridPoint, slot: u32) {
        match self {
            Self::Packed(packed, keys) => keys.push((packed.key(point), slot)),
            Self::Points(points) => points.push((point, slot)),
        }
    }

    /// Sorts the points by `(x, y)` and calls `assign(slot, number)` for every slot, the
    /// number being the rank of its point among the distinct points; returns those points,
    /// sorted, without spare capacity (the hot pixels live through the whole arrangement).
    pub(crate) fn number(mut self, assign: impl FnMut(u32, u32)) -> Vec<GridPoint> {
        self.sort();
        self.ranks(assign)
    }

    /// Reserves room for `additional` more keys, or says it cannot.
    fn try_reserve(&mut self, additional: usize) -> Result<(), std::collections::TryReserveError> {
        match self {
            Self::Packed(_, keys) => keys.try_reserve_exact(additional),
            Self::Points(points) => points.try_reserve_exact(additional),
        }
    }

    /// Frees the room reserved beyond the keys held.
    fn shrink_to_fit(&mut self) {
        match self {
            Self::Packed(_, keys) => keys.shrink_to_fit(),
            Self::Points(points) => points.shrink_to_fit(),
        }
    }

    /// The number of keys.
    fn len(&self) -> usize {
        match self {
            Self::Packed(_, keys) => keys.len(),
            Self::Points(points) => points.len(),
        }
    }

    /// Sorts the points by `(x, y)`, for [`SlotKeys::ranks`].
    pub(crate) fn sort(&mut self) {
        match self {
            Self::Packed(packed, keys) => radix::sort_by_key(keys, packed.bits(), |&(k, _)| k),
            Self::Points(slots) => radix::sort_by_point(slots, |&(p, _)| p),
        }
    }

    /// [`SlotKeys::number`] of keys already sorted by [`SlotKeys::sort`]: a caller that
    /// needs a buffer for the numbers allocates it after the sort, whose scatter buffer is
    /// then gone (issue #24).
    pub(crate) fn ranks(self, assign: impl FnMut(u32, u32)) -> Vec<GridPoint> {
        match self {
            Self::Packed(packed, keys) => ranks(&keys, |&(k, _)| packed.point(k), assign),
            Self::Points(slots) => ranks(&slots, |&(p, _)| p, assign),
        }
    }

    /// [`SlotKeys::ranks`] on every core, `assign` called once per slot in any order.
    fn ranks_parallel(self, assign: impl Fn(u32, u32) + Sync + Send) -> Vec<GridPoint> {
        match self {
            Self::Packed(packed, keys) => ranks_parallel(&keys, |&(k, _)| packed.point(k), assign),
            Self::Points(slots) => ranks_parallel(&slots, |&(p, _)| p, assign),
        }
    }
}

/// The distinct points of `sorted` (runs of one point, each entry ending in its slot),
/// calling `assign(slot, rank)` for every entry.
fn ranks<K: Copy + PartialEq>(
    sorted: &[(K, u32)],
    point: impl Fn(&(K, u32)) -> GridPoint,
    mut assign: impl FnMut(u32, u32),
) -> Vec<GridPoint> {
    let same = |a: &(K, u32), b: &(K, u32)| a.0 == b.0;
    let mut points = Vec::with_capacity(sorted.chunk_by(same).count());
    for run in sorted.chunk_by(same) {
        let rank = points.len() as u32;
        points.push(point(&run[0]));
        run.iter().for_each(|&(_, slot)| assign(slot, rank));
    }
    points
}

/// [`ranks`] with `assign` called once per entry in any order, on every core from
/// [`crate::par::LINEAR_PARALLEL_MIN`] entries on: the entries are cut into parts at the
/// starts of runs, each part counts its runs, then numbers them from the count of the
/// parts before it, which is the number one pass in order gives.
fn ranks_parallel<K: Copy + PartialEq + Sync>(
    sorted: &[(K, u32)],
    point: impl Fn(&(K, u32)) -> GridPoint + Sync + Send,
    assign: impl Fn(u32, u32) + Sync + Send,
) -> Vec<GridPoint> {
    let same = |a: &(K, u32), b: &(K, u32)| a.0 == b.0;
    let parts = run_parts(sorted.len(), |i| !same(&sorted[i - 1], &sorted[i]));
    fill_parts(
        GridPoint::new(0, 0),
        &parts,
        |_, part| sorted[part].chunk_by(same).count(),
        |_, first, part, points| {
            let runs = sorted[part].chunk_by(same);
            debug_assert_eq!(runs.clone().count(), points.len(), "runs and slots");
            for ((run, slot), rank) in runs.zip(points).zip(first..) {
                *slot = point(&run[0]);
                run.iter()
                    .for_each(|&(_, entry)| assign(entry, rank as u32));
            }
        },
    )
}

/// What the numbering needs of the input edges: the endpoints of the kept edges (slots
/// `2k` and `2k + 1` for the `k`-th edge of non-zero length) and their deltas. Made from a
/// borrowed input, so that a caller owning the edges frees them before [`Endpoints::number`]
/// sorts.
pub(crate) struct Endpoints {
    keys: SlotKeys,
    /// The kept edges' deltas, in a byte a count where they all fit (issue #24).
    deltas: Deltas,
    /// Bit `k` is set when the `k`-th kept edge starts where the one before it ends: its
    /// first endpoint is not keyed, and takes that edge's second number (a ring's edges
    /// share their vertices, so this halves the keys to sort: issue #24).
    chained: Vec<u64>,
}

impl Endpoints {
    /// The endpoints of `edges` after step 1 (zero-length edges dropped), every point
    /// checked against the construction limit (the first offending edge is named).
    pub(crate) fn of(edges: &[TaggedEdge]) -> Result<Self, ArrangementError> {
        if runs_parallel(edges.len()) {
            return Self::of_parts(edges);
        }
        Self::of_each(|| edges.iter().copied())
    }

    /// [`Endpoints::of`] on every core: the edges are cut into parts, each part checked and
    /// counted (its first kept edge's chaining left to the parts before it), then each
    /// keyed into its own slots, which the counts place. The same keys, deltas and chained
    /// bits as one pass in order, and the same first error.
    fn of_parts(edges: &[TaggedEdge]) -> Result<Self, ArrangementError> {
        check_index_range(edges.len())?;
        let parts = run_parts(edges.len(), |_| true);
        let summaries = map_parts(&parts, |range| PartSummary::of(edges, range));
        // The first bad point is in the first part that has one.
        if let Some(error) = summaries.iter().find_map(|s| s.outside.clone()) {
            return Err(error);
        }
        let mut bounds = Bounds::default();
        let mut plans = Vec::with_capacity(parts.len());
        let (mut kept, mut last_end) = (0, None);
        for (summary, part) in summaries.iter().zip(&parts) {
            if let Some((lo, hi)) = summary.bounds.corners() {
                bounds.add(lo);
                bounds.add(hi);
            }
            // The part's first kept edge is chained when it starts where the last kept edge
            // before the part ends.
            let first_start = edges[part.clone()].iter().find(|e| e.from != e.to);
            let chained_first = first_start.is_some_and(|e| Some(e.from) == last_end);
            let part_keys = 2 * summary.count - summary.chains - usize::from(chained_first);
            plans.push(PartPlan {
                kept,
                count: summary.count,
                keys: part_keys,
                last_end,
            });
            kept += summary.count;
            last_end = summary.chaining.last_end.or(last_end);
        }
        let chained: Vec<AtomicU64> = (0..kept.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        let keys = match PackedPoints::within(&bounds) {
            Some(packed) => SlotKeys::Packed(
                packed,
                keys_of_parts(edges, &parts, &plans, &chained, 0, |p| packed.key(p)),
            ),
            None => SlotKeys::Points(keys_of_parts(
                edges,
                &parts,
                &plans,
                &chained,
                GridPoint::new(0, 0),
                |p| p,
            )),
        };
        // The deltas in a byte a count when every kept edge's fits (a weighted operand's
        // may not), as `of_each` keeps them.
        let small = summaries.iter().all(|summary| summary.small);
        let deltas = if small {
            Deltas::Small(deltas_of_parts(edges, &parts, &plans, [0i8; 2], |d| {
                [d[0] as i8, d[1] as i8]
            }))
        } else {
            Deltas::Wide(deltas_of_parts(edges, &parts, &plans, [0; 2], |d| d))
        };
        let chained = chained.into_iter().map(AtomicU64::into_inner).collect();
        Ok(Self {
            keys,
            deltas,
            chained,
        })
    }

    /// [`Endpoints::of`] the edges `edges()` yields, the same ones each of the two times it
    /// is called (a checking pass and a keying pass), so that no vector of them need exist.
    pub(crate) fn of_each<I: Iterator<Item = TaggedEdge>>(
        edges: impl Fn() -> I,
    ) -> Result<Self, ArrangementError> {
        // One pass checks the points and finds the kept edges' box and count. The size is
        // checked before the points, as for a slice, so the first bad point is kept aside.
        let mut summary = PartSummary::new();
        let mut total = 0;
        // `for_each` folds, which a chained or flattened source does in one loop per part.
        edges().for_each(|e| {
            summary.take(total, &e);
            total += 1;
        });
        check_index_range(total)?;
        if let Some(error) = summary.outside {
            return Err(error);
        }
        let PartSummary {
            count,
            chains,
            small,
            bounds,
            ..
        } = summary;
        // Slots `2k` and `2k + 1` for the ends of the `k`-th kept edge, whose delta is
        // taken in the same pass (at the exact count: issue #24). The first end of a
        // chained edge is the second of the edge before it, and is not keyed again.
        let mut deltas = Deltas::with_capacity(small, count);
        let mut chained = vec![0u64; count.div_ceil(64)];
        let mut keys = SlotKeys::with_capacity(&bounds, 2 * count - chains);
        let mut chaining = Chaining::default();
        let kept = edges().filter(|e| e.from != e.to);
        kept.enumerate().for_each(|(k, e)| {
            deltas.push(e.operand.unit_delta());
            key_kept_edge(k, &e, &mut chaining, &mut chained, &mut keys);
        });
        Ok(Self {
            keys,
            deltas,
            chained,
        })
    }

    /// The endpoints of the edges of `source` ([`Endpoints::of_each`]): read once when the
    /// source tells an [`EdgeExtent`] that holds them ([`Endpoints::of_once`]), else twice.
    pub(crate) fn of_source(source: &impl EdgeSource) -> Result<Self, ArrangementError> {
        if let Some(extent) = source.extent()
            && let Some(endpoints) = Self::of_once(source.edges(), &extent)
        {
            return Ok(endpoints);
        }
        Self::of_each(|| source.edges())
    }

    /// [`Endpoints::of_each`] in one reading of `edges`, which `extent` must hold: the
    /// keys are packed for the extent's box, whose key order is the points' `(x, y)` order
    /// as the edges' own box's is, so the numbers are the same. The deltas start small and
    /// turn wide at the first one that needs it; the room reserved for `extent.max_edges`
    /// edges is freed after the pass. `None`, having kept nothing, when the extent cannot
    /// serve: its box beyond the construction limit, its count beyond the index range, an
    /// endpoint outside its box or more edges than its count; reading the edges twice then
    /// gives the result or the error.
    fn of_once(edges: impl Iterator<Item = TaggedEdge>, extent: &EdgeExtent) -> Option<Self> {
        let within_limit = |c: GridPoint| c.max_abs() <= CONSTRUCTION_LIMIT as u64;
        if !within_limit(extent.lo)
            || !within_limit(extent.hi)
            || extent.lo.x > extent.hi.x
            || extent.lo.y > extent.hi.y
            || check_index_range(extent.max_edges).is_err()
        {
            return None;
        }
        let max = extent.max_edges;
        let bounds = Bounds::of([extent.lo, extent.hi]);
        // Room for the bound, reserved fallibly (a bound far too high costs the second
        // reading, not an abort) and never written ahead: pages the pass does not reach
        // are never faulted in (the chained bits are zeroed pages from the system, at most
        // 256 MiB of them for the largest bound the index range allows).
        let mut deltas = Deltas::with_capacity(true, 0);
        let mut keys = SlotKeys::with_capacity(&bounds, 0);
        deltas.try_reserve(max).ok()?;
        keys.try_reserve(2 * max).ok()?;
        let mut chained = vec![0u64; max.div_ceil(64)];
        let mut chaining = Chaining::default();
        let (mut total, mut kept) = (0, 0);
        for e in edges {
            total += 1;
            if total > max || !extent.holds(e.from) || !extent.holds(e.to) {
                return None;
            }
            if e.from == e.to {
                continue;
            }
            deltas.push_widening(e.operand.unit_delta());
            key_kept_edge(kept, &e, &mut chaining, &mut chained, &mut keys);
            kept += 1;
        }
        deltas.shrink_to_fit();
        chained.truncate(kept.div_ceil(64));
        chained.shrink_to_fit();
        keys.shrink_to_fit();
        Some(Self {
            keys,
            deltas,
            chained,
        })
    }

    /// Numbers the endpoints (see [`Numbered`]).
    pub(crate) fn number(self) -> Result<Numbered, ArrangementError> {
        let Endpoints {
            mut keys,
            deltas,
            chained,
        } = self;
        // The pixel numbers are allocated after the sort has freed its scatter buffer.
        keys.sort();
        let (hot, mut keyed) = if runs_parallel(keys.len()) {
            keyed_in_parallel(keys, &deltas, &chained)?
        } else {
            keyed_in_order(keys, &deltas, &chained)?
        };
        drop(chained);
        // Geometric duplicates are merged (their deltas summed): they have the same hot
        // pixels and the same fate. Fresh vectors at their exact size, not the merged
        // pieces' own (whose capacity counts the duplicates).
        sort_merge_keyed(&mut keyed, hot.len());
        let ids: Vec<[u32; 2]> = collect_map(&keyed, |_, &(id, _)| id);
        let deltas: Vec<[i32; 2]> = collect_map(&keyed, |_, &(_, delta)| delta);
        drop(keyed);
        let stats = ArrangeStats {
            unique_edges: ids.len(),
            ..ArrangeStats::default()
        };
        Ok(Numbered {
            hot,
            ids,
            deltas,
            stats,
        })
    }
}

/// Keys the `k`-th kept edge `e` into slots `2k` and `2k + 1`: its first end only when it
/// does not follow the edge before it (else its bit in `chained` is set and the first end
/// is that edge's second), its second end always. Always inlined: called once a kept edge
/// on the keying's hot path, out of line it cost 1.7 % of a shrink (`docs/performance.md`,
/// item 75).
#[inline(always)]
fn key_kept_edge(
    k: usize,
    e: &TaggedEdge,
    chaining: &mut Chaining,
    chained: &mut [u64],
    keys: &mut SlotKeys,
) {
    let slot = 2 * k as u32;
    if chaining.follows(e) {
        chained[k / 64] |= 1 << (k % 64);
    } else {
        keys.push(e.from, slot);
    }
    keys.push(e.to, slot + 1);
}

/// A kept edge as its pixel pair, the smaller index first, and its delta.
type KeyedPiece = ([u32; 2], [i32; 2]);

/// Whether the `k`-th kept edge is chained to the one before it (see [`Endpoints`]).
#[inline]
fn is_chained(chained: &[u64], k: usize) -> bool {
    chained[k / 64] >> (k % 64) & 1 == 1
}

/// The hot pixels of the sorted `keys` and every kept edge as its pixel pair, oriented from
/// the smaller index, with its delta: one pass in order.
fn keyed_in_order(
    keys: SlotKeys,
    deltas: &Deltas,
    chained: &[u64],
) -> Result<(Vec<GridPoint>, Vec<KeyedPiece>), ArrangementError> {
    let mut ids = vec![[0u32; 2]; deltas.len()];
    let hot = keys.ranks(|slot, number| ids[slot as usize / 2][slot as usize % 2] = number);
    check_index_range(hot.len())?;
    // A chained edge starts at the pixel where the edge before it ends, whose second end,
    // like every edge's, was keyed.
    for k in 1..ids.len() {
        if is_chained(chained, k) {
            ids[k][0] = ids[k - 1][1];
        }
    }
    let keyed = ids
        .into_iter()
        .zip(deltas.iter())
        .map(|([from, to], delta)| keyed_piece(from, to, delta))
        .collect();
    Ok((hot, keyed))
}

/// [`keyed_in_order`] on every core: each slot's number is stored once, by whichever core
/// numbers its run (relaxed stores to distinct places, so the numbers are the sequential
/// ones), and each piece reads its chained start from the edge before it.
fn keyed_in_parallel(
    keys: SlotKeys,
    deltas: &Deltas,
    chained: &[u64],
) -> Result<(Vec<GridPoint>, Vec<KeyedPiece>), ArrangementError> {
    let ids: Vec<[AtomicU32; 2]> = (0..deltas.len())
        .map(|_| [AtomicU32::new(0), AtomicU32::new(0)])
        .collect();
    let hot = keys.ranks_parallel(|slot, number| {
        ids[slot as usize / 2][slot as usize % 2].store(number, Ordering::Relaxed);
    });
    check_index_range(hot.len())?;
    let number = |k: usize, end: usize| ids[k][end].load(Ordering::Relaxed);
    let keyed = collect_map(&ids, |k, _| {
        let from = if k > 0 && is_chained(chained, k) {
            number(k - 1, 1)
        } else {
            number(k, 0)
        };
        keyed_piece(from, number(k, 1), deltas.get(k))
    });
    Ok((hot, keyed))
}

/// What the first pass of [`Endpoints::of_each`] finds in the edges, and that of
/// [`Endpoints::of_parts`] in a part of them.
#[derive(Default)]
struct PartSummary {
    /// The first point beyond the construction limit.
    outside: Option<ArrangementError>,
    /// The kept edges, and those of them chained to the kept edge before them here (for a
    /// part, whether its first kept edge is chained is decided from the parts before it).
    count: usize,
    chains: usize,
    /// Whether every kept edge's delta fits in a byte.
    small: bool,
    /// The chaining, which holds the last kept edge's end.
    chaining: Chaining,
    bounds: Bounds,
}

impl PartSummary {
    /// Nothing taken yet.
    fn new() -> Self {
        Self {
            small: true,
            ..Self::default()
        }
    }

    /// Takes `e`, the input's edge number `edge`; nothing once a bad point was found.
    #[inline]
    fn take(&mut self, edge: usize, e: &TaggedEdge) {
        if self.outside.is_some() {
            return;
        }
        let outside = |c: GridPoint| c.max_abs() > CONSTRUCTION_LIMIT as u64;
        if let Some(point) = [e.from, e.to].into_iter().find(|&c| outside(c)) {
            self.outside = Some(ArrangementError::CoordinateOutOfRange { edge, point });
            return;
        }
        if e.from != e.to {
            self.count += 1;
            self.chains += usize::from(self.chaining.follows(e));
            self.small &= fits_small(e.operand.unit_delta());
            self.bounds.add(e.from);
            self.bounds.add(e.to);
        }
    }

    /// The summary of `edges[range]`.
    fn of(edges: &[TaggedEdge], range: Range<usize>) -> Self {
        let mut summary = Self::new();
        for (edge, e) in range.clone().zip(&edges[range]) {
            summary.take(edge, e);
            if summary.outside.is_some() {
                break;
            }
        }
        summary
    }
}

/// Where a part of [`Endpoints::of_parts`] puts its kept edges: the index of its first
/// kept edge overall, its numbers of kept edges and of keys, and the second point of the
/// last kept edge before it.
struct PartPlan {
    kept: usize,
    count: usize,
    keys: usize,
    last_end: Option<GridPoint>,
}

/// The keys of [`Endpoints::of_parts`]: each part's kept edges keyed into its slots, the
/// slots `2n` and `2n + 1` of the `n`-th kept edge overall as `(key(point), slot)`, the
/// first end left out and bit `n` of `chained` set when the edge is chained.
fn keys_of_parts<K: Copy + Send + Sync>(
    edges: &[TaggedEdge],
    parts: &[Range<usize>],
    plans: &[PartPlan],
    chained: &[AtomicU64],
    blank: K,
    key: impl Fn(GridPoint) -> K + Sync + Send,
) -> Vec<(K, u32)> {
    fill_parts(
        (blank, 0),
        parts,
        |k, _| plans[k].keys,
        |k, _, range, slots| {
            let mut slots = slots.iter_mut();
            let mut put = |point, slot| {
                let entry = slots.next();
                debug_assert!(entry.is_some(), "more keys than counted");
                if let Some(entry) = entry {
                    *entry = (key(point), slot);
                }
            };
            let mut chaining = Chaining {
                last_end: plans[k].last_end,
            };
            let kept_edges = edges[range].iter().filter(|e| e.from != e.to);
            for (n, e) in (plans[k].kept..).zip(kept_edges) {
                let slot = 2 * n as u32;
                if chaining.follows(e) {
                    chained[n / 64].fetch_or(1 << (n % 64), Ordering::Relaxed);
                } else {
                    put(e.from, slot);
                }
                put(e.to, slot + 1);
            }
            debug_assert!(slots.next().is_none(), "fewer keys than counted");
        },
    )
}

/// The deltas of [`Endpoints::of_parts`]: part `k`'s kept edges' `narrow(delta)` in its
/// slots.
fn deltas_of_parts<D: Copy + Send + Sync>(
    edges: &[TaggedEdge],
    parts: &[Range<usize>],
    plans: &[PartPlan],
    blank: D,
    narrow: impl Fn([i32; 2]) -> D + Sync + Send,
) -> Vec<D> {
    fill_parts(
        blank,
        parts,
        |k, _| plans[k].count,
        |_, _, range, slots| {
            let mut slots = slots.iter_mut();
            for e in edges[range].iter().filter(|e| e.from != e.to) {
                let slot = slots.next();
                debug_assert!(slot.is_some(), "more kept edges than counted");
                if let Some(slot) = slot {
                    *slot = narrow(e.operand.unit_delta());
                }
            }
            debug_assert!(slots.next().is_none(), "fewer kept edges than counted");
        },
    )
}

/// The one rule of [`Endpoints`]' chained edges, for its counting pass and its keying
/// pass alike: a kept edge is chained when it starts where the kept edge before it ended.
#[derive(Default)]
struct Chaining {
    /// The second endpoint of the last kept edge seen.
    last_end: Option<GridPoint>,
}

impl Chaining {
    /// Whether the kept edge `e`, the next one, is chained.
    #[inline]
    fn follows(&mut self, e: &TaggedEdge) -> bool {
        let chained = self.last_end == Some(e.from);
        self.last_end = Some(e.to);
        chained
    }
}

/// The input after step 1 and the start of step 2: the endpoints as sorted hot pixels and
/// the distinct edges as pixel pairs over them, with their deltas (those of duplicates
/// summed), and counters. [`Numbered::fragments`] reads their segments.
pub(crate) struct Numbered {
    pub(crate) hot: Vec<GridPoint>,
    /// The distinct edges' pixel indices, the smaller first, in increasing order.
    pub(crate) ids: Vec<[u32; 2]>,
    /// Their deltas.
    pub(crate) deltas: Vec<[i32; 2]>,
    pub(crate) stats: ArrangeStats,
}

impl Numbered {
    /// The distinct edges' segments, without a copy (the deltas are [`Numbered::deltas`]).
    pub(crate) fn fragments(&self) -> OverPixels<'_> {
        OverPixels {
            ids: &self.ids,
            hot: &self.hot,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! The numbering against the plain definition: the distinct points sorted, every slot
    //! the index of its point among them; for edges, the kept edges' pixel pairs oriented
    //! and merged with summed deltas.

    use super::*;
    use crate::fragment::{Fragment, FragmentSet};
    use crate::types::Operand;
    use onepath_testkit::Rng;

    /// A point with coordinates below `span` in magnitude (both signs).
    fn point(rng: &mut Rng, span: u64) -> GridPoint {
        let mut c = || (rng.next_u64() % (2 * span + 1)) as i64 - span as i64;
        GridPoint::new(c(), c())
    }

    #[test]
    fn slots_get_the_ranks_of_their_points() {
        let mut rng = Rng::new(7);
        let (mut packed, mut wide) = (0, 0);
        for case in 0..400 {
            let n = (rng.next_u64() % 700) as usize;
            // Spreads from a few units (many repeats) to the construction limit (a box too
            // wide for one key: the comparison path).
            let span = [3, 1_000, 1 << 31, CONSTRUCTION_LIMIT as u64][case % 4];
            let points: Vec<GridPoint> = (0..n).map(|_| point(&mut rng, span)).collect();
            // Slots in a scrambled order.
            let mut slots: Vec<(GridPoint, u32)> = points
                .iter()
                .enumerate()
                .map(|(k, &p)| (p, k as u32))
                .collect();
            slots.reverse();
            slots.rotate_left(n / 3);
            let bounds = Bounds::of(points.iter().copied());
            let keys = SlotKeys::within(&bounds, n, slots.iter().copied());
            match keys {
                SlotKeys::Packed(..) => packed += 1,
                SlotKeys::Points(_) => wide += 1,
            }
            let mut number = vec![u32::MAX; n];
            let ranked = keys.number(|slot, rank| number[slot as usize] = rank);
            let mut expected = points.clone();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(ranked, expected, "case {case}");
            assert_eq!(ranked.capacity(), ranked.len(), "no spare capacity");
            for (k, &p) in points.iter().enumerate() {
                assert_eq!(ranked[number[k] as usize], p, "case {case}, slot {k}");
            }
            // The public entry point gives the same.
            let (public, public_number) = crate::number_points(slots);
            assert_eq!((public, public_number), (ranked, number), "case {case}");
        }
        assert!(packed > 100 && wide > 50, "{packed} packed, {wide} wide");
    }

    /// `n` edges with coordinates below `span` in magnitude, every seventh of zero length
    /// (which step 1 drops), the operands in turn.
    pub(crate) fn random_edges(rng: &mut Rng, n: usize, span: u64) -> Vec<TaggedEdge> {
        (0..n)
            .map(|k| {
                let from = point(rng, span);
                let to = if k % 7 == 0 { from } else { point(rng, span) };
                let operand = [Operand::First, Operand::Second, Operand::Both][k % 3];
                TaggedEdge::new(from, to, operand)
            })
            .collect()
    }

    #[test]
    fn edges_become_merged_pixel_pairs() {
        let mut rng = Rng::new(8);
        for case in 0..300 {
            let n = (rng.next_u64() % 60) as usize;
            let span = [2, 50, CONSTRUCTION_LIMIT as u64][case % 3];
            check_numbered(&random_edges(&mut rng, n, span), case);
        }
    }

    /// `n` edges with coordinates below `span` in magnitude that follow each other as a
    /// ring's do (the next starting where the last ended), the chain broken about once in
    /// `break_one_in` edges, every fifth of zero length, the operands in turn.
    fn chained_edges(rng: &mut Rng, n: usize, span: u64, break_one_in: u64) -> Vec<TaggedEdge> {
        let mut edges = Vec::with_capacity(n);
        let mut at = point(rng, span);
        for k in 0..n {
            if rng.next_u64().is_multiple_of(break_one_in) {
                at = point(rng, span);
            }
            let to = if k % 5 == 0 { at } else { point(rng, span) };
            let operand = [Operand::First, Operand::Second, Operand::Both][k % 3];
            edges.push(TaggedEdge::new(at, to, operand));
            at = to;
        }
        edges
    }

    /// Edges that follow each other as a ring's do (the next starting where the last
    /// ended), broken now and then, with zero-length edges between: the chained ends are
    /// keyed once, and the numbering is the plain one.
    #[test]
    fn chained_edges_are_keyed_once_and_numbered_alike() {
        let mut rng = Rng::new(9);
        let mut saved = 0;
        for case in 0..300 {
            let n = (rng.next_u64() % 60) as usize;
            let span = [2, 50, CONSTRUCTION_LIMIT as u64][case % 3];
            let edges = chained_edges(&mut rng, n, span, 8);
            let endpoints = Endpoints::of(&edges).expect("keyed");
            let kept = edges.iter().filter(|e| e.from != e.to).count();
            let keys = match &endpoints.keys {
                SlotKeys::Packed(_, keys) => keys.len(),
                SlotKeys::Points(points) => points.len(),
            };
            assert!(keys <= 2 * kept, "case {case}");
            saved += 2 * kept - keys;
            check_numbered(&edges, case);
        }
        assert!(saved > 3000, "only {saved} ends were shared");
    }

    /// One reading with an extent (`Endpoints::of_once`) keys what two readings key: for
    /// chained edges with zero-length ones between, weighted deltas beyond a byte now and
    /// then, boxes from a few units to the construction limit, and extents exact or looser
    /// (a wider box, a higher count), the numbering is the one of `Endpoints::of`. An
    /// extent that misses a point, counts one edge short or reaches beyond the limit
    /// gives `None`, which sends the caller to two readings.
    #[test]
    fn one_reading_with_an_extent_numbers_as_two() {
        let mut rng = Rng::new(75);
        let mut widened = 0;
        for case in 0..400 {
            let n = 1 + (rng.next_u64() % 80) as usize;
            let span = [2, 50, 1 << 30, CONSTRUCTION_LIMIT as u64 - 1][case % 4];
            let mut edges = chained_edges(&mut rng, n, span, 6);
            if case % 3 == 0 {
                for e in edges.iter_mut().skip(3).step_by(4) {
                    e.operand = Operand::Weighted([300, -2]);
                }
            }
            let expected = Endpoints::of(&edges)
                .and_then(Endpoints::number)
                .expect("numbered");
            let exact = EdgeExtent::of(edges.iter().copied()).expect("edges");
            let limit = CONSTRUCTION_LIMIT;
            let wider = (rng.next_u64() % 100) as i64;
            let loose = EdgeExtent {
                lo: GridPoint::new((exact.lo.x - wider).max(-limit), exact.lo.y),
                hi: GridPoint::new(exact.hi.x, (exact.hi.y + wider).min(limit)),
                max_edges: exact.max_edges + (rng.next_u64() % 9) as usize,
            };
            for extent in [exact, loose] {
                let once = Endpoints::of_once(edges.iter().copied(), &extent);
                let once = once.expect("an extent that holds the edges");
                widened += usize::from(matches!(once.deltas, Deltas::Wide(_)));
                let numbered = once.number().expect("numbered");
                assert_eq!(numbered.hot, expected.hot, "case {case}");
                assert_eq!(numbered.ids, expected.ids, "case {case}");
                assert_eq!(numbered.deltas, expected.deltas, "case {case}");
            }
            let missing = EdgeExtent {
                lo: GridPoint::new(exact.lo.x + 1, exact.lo.y),
                ..exact
            };
            let short = EdgeExtent {
                max_edges: exact.max_edges - 1,
                ..exact
            };
            let beyond = EdgeExtent {
                hi: GridPoint::new(limit + 1, exact.hi.y),
                ..exact
            };
            for extent in [missing, short, beyond] {
                assert!(
                    Endpoints::of_once(edges.iter().copied(), &extent).is_none(),
                    "case {case}, {extent:?}"
                );
            }
        }
        assert!(
            widened > 50,
            "only {widened} numberings turned their deltas wide"
        );
    }

    /// Numberings large enough for the parallel forms (over `LINEAR_PARALLEL_MIN` edges and
    /// keys), in pools of 1, 2, 3 and 8 threads: runs of one point cross the parts' first
    /// cuts (few distinct points), chained edges cross the parts of the keying and read
    /// their start from the edge before, and wide boxes take the unpacked keys; each is
    /// the plain numbering, also with weighted edges beyond a byte and parts without kept
    /// edges. Points beyond the limit in two parts: the first is named.
    #[cfg(feature = "parallel")]
    #[test]
    fn large_numberings_are_the_plain_one_on_every_pool() {
        let mut rng = Rng::new(10);
        for span in [40, 5_000, CONSTRUCTION_LIMIT as u64] {
            let n = crate::par::LINEAR_PARALLEL_MIN + 9_000;
            let mut edges: Vec<TaggedEdge> = Vec::with_capacity(n);
            let mut at = point(&mut rng, span);
            for k in 0..n {
                if rng.next_u64().is_multiple_of(3) {
                    at = point(&mut rng, span);
                }
                let to = point(&mut rng, span);
                let operand = [Operand::First, Operand::Second, Operand::Both][k % 3];
                edges.push(TaggedEdge::new(at, to, operand));
                at = to;
            }
            let keys = Endpoints::of(&edges).expect("keyed").keys.len();
            assert!(keys > crate::par::LINEAR_PARALLEL_MIN, "{keys} keys");
            // Weighted edges whose counts need more than a byte, and a stretch of
            // zero-length edges longer than a part, which leaves parts with no kept edge
            // that a chain runs across.
            let mut weighted = edges.clone();
            for (k, e) in weighted.iter_mut().enumerate() {
                if k % 7 == 0 {
                    e.operand = Operand::Weighted([200, -3]);
                }
                if (60_000..75_000).contains(&k) {
                    e.to = e.from;
                }
            }
            let beyond = GridPoint::new(CONSTRUCTION_LIMIT + 1, 0);
            let mut bad = edges.clone();
            bad[70_000].to = beyond;
            bad[n - 10].from = beyond;
            for threads in [1, 2, 3, 8] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .expect("a pool");
                pool.install(|| check_numbered(&edges, threads));
                pool.install(|| check_numbered(&weighted, threads));
                let error = pool.install(|| Endpoints::of(&bad).err());
                assert_eq!(
                    error,
                    Some(ArrangementError::CoordinateOutOfRange {
                        edge: 70_000,
                        point: beyond
                    }),
                    "{threads} threads"
                );
            }
        }
    }

    /// The numbering of `edges` against the plain definition: pixels are the kept edges'
    /// endpoints, sorted and distinct; each kept edge a fragment from its smaller to its
    /// larger endpoint, equal ones merged with their deltas summed.
    fn check_numbered(edges: &[TaggedEdge], case: usize) {
        let numbered = Endpoints::of(edges)
            .and_then(Endpoints::number)
            .expect("numbered");
        let kept: Vec<&TaggedEdge> = edges.iter().filter(|e| e.from != e.to).collect();
        let mut hot: Vec<GridPoint> = kept.iter().flat_map(|e| [e.from, e.to]).collect();
        hot.sort_unstable();
        hot.dedup();
        let mut fragments: Vec<Fragment> = kept
            .iter()
            .map(|e| Fragment::directed(e.from, e.to, e.operand.unit_delta()))
            .collect();
        crate::fragment::merge_fragments(&mut fragments);
        assert_eq!(numbered.hot, hot, "case {case}");
        let made: Vec<Fragment> = numbered
            .fragments()
            .iter()
            .zip(&numbered.deltas)
            .map(|(f, &delta)| Fragment { delta, ..f })
            .collect();
        assert_eq!(made, fragments, "case {case}");
        assert_eq!(numbered.stats.unique_edges, fragments.len());
        for (f, &[p, q]) in made.iter().zip(&numbered.ids) {
            assert_eq!(
                (hot[p as usize], hot[q as usize]),
                (f.p, f.q),
                "case {case}"
            );
        }
    }
}
