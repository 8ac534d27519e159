//! Tracing the boundary of a tile map's true cells directly into rings, in linear time.

use onepath_predicates::GridPoint;

/// The four axis directions, counter-clockwise: east, north, west, south.
const STEP: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// Traces the boundary between true and false cells of a tile map into canonical rings.
///
/// `cells[x + y * width]` tells whether cell `(x, y)` belongs to the region; cells outside
/// the map count as false. The cell spans grid lines `xs[x]..xs[x + 1]` and
/// `ys[y]..ys[y + 1]`, which must be strictly increasing (`xs.len() == width + 1`,
/// `ys.len() == height + 1`). The result is exactly what [`crate::trace_rings`] gives for the
/// cells' boundary edges (clockwise-first chaining, collinear degree-2 vertices dropped,
/// canonical start and order), but no edge list is sorted: every grid corner keeps a
/// four-bit mask of its outgoing boundary directions, so the time is linear in the number
/// of cells plus the boundary length (and the ring sort).
///
/// # Panics
///
/// When the slice lengths disagree with `width` and `height`; the umbrella crate validates
/// them first.
pub fn trace_tile_map(
    cells: &[bool],
    width: usize,
    height: usize,
    xs: &[i64],
    ys: &[i64],
) -> Vec<Vec<GridPoint>> {
    assert_eq!(cells.len(), width * height, "cells.len() != width * height");
    assert_eq!(xs.len(), width + 1, "xs.len() != width + 1");
    assert_eq!(ys.len(), height + 1, "ys.len() != height + 1");
    let stride = width + 1;
    let cell = |x: usize, y: usize| cells[x + y * width];
    // out[i + j * stride]: bit d set when the corner (i, j) has an outgoing edge towards STEP[d].
    let mut out = vec![0u8; stride * (height + 1)];
    for y in 0..height {
        for x in 0..width {
            if !cell(x, y) {
                continue;
            }
            // The cell's sides, counter-clockwise, where the neighbour across is not true.
            if y == 0 || !cell(x, y - 1) {
                out[x + y * stride] |= 1 << 0;
            }
            if x + 1 == width || !cell(x + 1, y) {
                out[(x + 1) + y * stride] |= 1 << 1;
            }
            if y + 1 == height || !cell(x, y + 1) {
                out[(x + 1) + (y + 1) * stride] |= 1 << 2;
            }
            if x == 0 || !cell(x - 1, y) {
                out[x + (y + 1) * stride] |= 1 << 3;
            }
        }
    }
    let mut used = vec![0u8; out.len()];
    let mut rings = Vec::new();
    // Corners in (x, y) order: column-major over (i, j).
    for i in 0..=width {
        for j in 0..=height {
            let c = i + j * stride;
            while out[c] & !used[c] != 0 {
                let first = (out[c] & !used[c]).trailing_zeros() as usize;
                let corners = walk(&out, &mut used, stride, (i, j), first);
                let ring = corners
                    .into_iter()
                    .map(|(i, j)| GridPoint::new(xs[i], ys[j]))
                    .collect();
                rings.push(crate::rings::canonical_ring(ring));
            }
        }
    }
    rings.sort_unstable_by(|r, s| (r[0], r[1]).cmp(&(s[0], s[1])));
    rings
}

/// Walks one ring from corner `start` leaving towards `STEP[first]`, marking its edges in
/// `used`, and returns its corners with straight degree-2 corners dropped.
///
/// The clockwise-first rule reads the full masks `out` (every edge, used or not), so it is
/// the same bijection from incoming to outgoing edges that [`crate::trace_rings`] follows.
fn walk(
    out: &[u8],
    used: &mut [u8],
    stride: usize,
    start: (usize, usize),
    first: usize,
) -> Vec<(usize, usize)> {
    let index = |c: (usize, usize)| c.0 + c.1 * stride;
    let mut corners = Vec::new();
    let mut dirs = Vec::new();
    let (mut at, mut dir) = (start, first);
    loop {
        used[index(at)] |= 1 << dir;
        corners.push(at);
        dirs.push(dir);
        let next = (
            at.0.wrapping_add_signed(STEP[dir].0 as isize),
            at.1.wrapping_add_signed(STEP[dir].1 as isize),
        );
        // Clockwise from the reverse of the incoming direction: reverse - 1, - 2, - 3. The
        // reverse itself is never outgoing there (it would be the same cell side).
        let reverse = (dir + 2) % 4;
        let mask = out[index(next)];
        let next_dir = (1..4)
            .map(|k| (reverse + 4 - k) % 4)
            .find(|&d| mask & (1 << d) != 0)
            .expect("every corner with an incoming boundary edge has an outgoing one");
        if next == start && next_dir == first {
            break;
        }
        at = next;
        dir = next_dir;
    }
    // A corner is straight when it is entered and left in one direction; it is dropped when
    // its degree (twice its outgoing count) is 2.
    let k = corners.len();
    (0..k)
        .filter(|&i| {
            !(dirs[(i + k - 1) % k] == dirs[i] && out[index(corners[i])].count_ones() == 1)
        })
        .map(|i| corners[i])
        .collect()
}
