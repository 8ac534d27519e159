//! The biased randomised insertion order of the spec's "Constrained Delaunay
//! triangulation" step 2, with the SplitMix64 and Hilbert conventions of decisions D3.

use onepath_predicates::GridPoint;

/// The golden-ratio increment SplitMix64 adds to its state (decisions D3).
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The Hilbert curve's side: order 12, so cells run over `0..4096` per axis.
const HILBERT_SIDE: u32 = 4096;

/// Below this many points the insertion order is the sorted order (spec step 2).
const RANDOMISED_MIN_POINTS: usize = 64;

/// SplitMix64's output function applied to `i + 0x9E3779B97F4A7C15` (wrapping), exactly as
/// decisions D3 spells it; `splitmix64_output(0)` is the first output of SplitMix64 seeded
/// with 0.
#[inline]
pub fn splitmix64_output(i: u64) -> u64 {
    let mut z = i.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One level of the classic Hilbert `xy2d` loop (decisions D3) on the bits `(bx, by)` of
/// the original coordinates at that level, in `state`: the quadrant digit `(3 rx) ^ ry`
/// and the next state.
///
/// The classic loop rotates the remaining coordinates in place: it swaps them, or
/// replaces both by `n - 1 - x` and `n - 1 - y`, which complements every bit. The two
/// operations commute, so what the loop has done to the lower bits by some level is one
/// of four states: bit 0 says the coordinates are swapped, bit 1 that they are
/// complemented, and the loop's `(rx, ry)` are the original bits put through the state.
const fn hilbert_level(state: u8, bx: u32, by: u32) -> (u32, u8) {
    let (mut rx, mut ry) = if state & 1 != 0 { (by, bx) } else { (bx, by) };
    if state & 2 != 0 {
        rx ^= 1;
        ry ^= 1;
    }
    let mut next = state;
    if ry == 0 {
        if rx == 1 {
            next ^= 2;
        }
        next ^= 1;
    }
    ((3 * rx) ^ ry, next)
}

/// The bits of a coordinate that one lookup in [`HILBERT_TABLE`] takes.
const HILBERT_CHUNK: u32 = 4;

/// Four levels of [`hilbert_level`] at once: entry `state << 8 | x << 4 | y` (four bits of
/// each coordinate, most significant first) holds the eight bits of the four quadrant
/// digits above the state after them.
const HILBERT_TABLE: [u16; 1024] = {
    let mut table = [0u16; 1024];
    let mut entry = 0;
    while entry < 1024 {
        let (mut state, x, y) = ((entry >> 8) as u8, (entry >> 4) & 15, entry & 15);
        let mut digits = 0u32;
        let mut level = HILBERT_CHUNK;
        while level > 0 {
            level -= 1;
            let (digit, next) = hilbert_level(state, (x >> level) & 1, (y >> level) & 1);
            digits = (digits << 2) | digit;
            state = next;
        }
        table[entry as usize] = ((state as u16) << 8) | digits as u16;
        entry += 1;
    }
    table
};

/// The classic Hilbert `xy2d` mapping for `n = 4096` (decisions D3): quadrant rotation and
/// flip, walking the bits from the most significant down. Coordinates must be below 4096;
/// higher bits are ignored.
///
/// Computed four levels per lookup in a table built at compile time: the same digits as
/// the loop one level at a time (a unit test compares the two).
pub fn hilbert_xy2d(x: u32, y: u32) -> u64 {
    let mask = (1 << HILBERT_CHUNK) - 1;
    let mut d: u64 = 0;
    let mut state = 0u32;
    let mut shift = HILBERT_SIDE.trailing_zeros();
    while shift > 0 {
        shift -= HILBERT_CHUNK;
        let entry = (state << 8) | (((x >> shift) & mask) << 4) | ((y >> shift) & mask);
        let value = u32::from(HILBERT_TABLE[entry as usize]);
        d = (d << (2 * HILBERT_CHUNK)) | u64::from(value & 0xff);
        state = value >> 8;
    }
    d
}

/// The round of point `i`: `min(top, tz(h(i)))` (spec step 2).
#[inline]
fn round_of(i: usize, top: u32) -> u32 {
    splitmix64_output(i as u64).trailing_zeros().min(top)
}

/// The order in which points (sorted by `(x, y)`) are inserted into the Delaunay
/// triangulation, as indices into `points` (spec "Constrained Delaunay triangulation",
/// step 2).
///
/// Point `i` belongs to round `min(top, tz(h(i)))` with `h` = [`splitmix64_output`] and
/// `top = max(0, floor(log2 n) - 3)`; rounds run from the highest to round 0. Within a round
/// points follow [`hilbert_xy2d`] of the cells `((x - minX) >> s, (y - minY) >> s)`, `s` the
/// least shift that makes both cell coordinates fall below 4096, ties by index. With fewer
/// than 64 points the order is `0..n`.
pub fn insertion_order(points: &[GridPoint]) -> Vec<u32> {
    let n = points.len();
    if n < RANDOMISED_MIN_POINTS {
        return (0..n as u32).collect();
    }
    let top = n.ilog2().saturating_sub(3);
    let min_x = points.iter().map(|p| p.x).min().unwrap_or(0);
    let min_y = points.iter().map(|p| p.y).min().unwrap_or(0);
    let max_x = points.iter().map(|p| p.x).max().unwrap_or(0);
    let max_y = points.iter().map(|p| p.y).max().unwrap_or(0);
    let span = |lo: i64, hi: i64| (i128::from(hi) - i128::from(lo)) as u128;
    let (span_x, span_y) = (span(min_x, max_x), span(min_y, max_y));
    let mut shift = 0u32;
    while (span_x >> shift) >= u128::from(HILBERT_SIDE)
        || (span_y >> shift) >= u128::from(HILBERT_SIDE)
    {
        shift += 1;
    }
    let cell = |v: i64, lo: i64| (span(lo, v) >> shift) as u32;
    // One sort key per point: the round (highest first) above the Hilbert index, with the
    // point index in the low 32 bits so ties fall to the index.
    let mut keys: Vec<u64> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let rank = u64::from(top - round_of(i, top));
            let h = hilbert_xy2d(cell(p.x, min_x), cell(p.y, min_y));
            (((rank << 24) | h) << 32) | i as u64
        })
        .collect();
    keys.sort_unstable();
    keys.into_iter().map(|k| k as u32).collect()
}

#[cfg(test)]
mod tests {
    //! The table-driven Hilbert index against the classic loop of decisions D3, written
    //! out here one level at a time as the decision spells it.

    use super::*;

    /// Decisions D3's `xy2d` for `n = 4096`, one bit per iteration.
    fn classic_xy2d(x: u32, y: u32) -> u64 {
        let n = HILBERT_SIDE;
        let (mut x, mut y) = (x & (n - 1), y & (n - 1));
        let mut d: u64 = 0;
        let mut s = n / 2;
        while s > 0 {
            let rx = u32::from(x & s > 0);
            let ry = u32::from(y & s > 0);
            d += u64::from(s) * u64::from(s) * u64::from((3 * rx) ^ ry);
            if ry == 0 {
                if rx == 1 {
                    x = n - 1 - x;
                    y = n - 1 - y;
                }
                std::mem::swap(&mut x, &mut y);
            }
            s /= 2;
        }
        d
    }

    #[test]
    fn the_table_gives_the_classic_index() {
        // Every x against every seventh row, the last row and column, and pseudo-random
        // pairs with bits above 4096 set (which both ignore).
        for y in (0..HILBERT_SIDE).step_by(7).chain([HILBERT_SIDE - 1]) {
            for x in 0..HILBERT_SIDE {
                assert_eq!(hilbert_xy2d(x, y), classic_xy2d(x, y), "({x}, {y})");
                assert_eq!(hilbert_xy2d(y, x), classic_xy2d(y, x), "({y}, {x})");
            }
        }
        for i in 0..100_000u64 {
            let word = splitmix64_output(i);
            let (x, y) = (word as u32, (word >> 32) as u32);
            assert_eq!(hilbert_xy2d(x, y), classic_xy2d(x, y), "({x}, {y})");
        }
    }
}
