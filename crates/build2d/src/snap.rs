//! Validation at the boundary and snapping of user coordinates to the integer grid.

use crate::error::{Axis, Error, Location, Result};
use crate::input::{COORDINATE_LIMIT, Geometry2DOptions, Outline, Vector2D};
use onepath_predicates::GridPoint;

/// Snaps one validated coordinate: `round_ties_even(v * 2^snap_bits)` (the multiplication by
/// a power of two is exact, so this is the one rounding of the specification).
#[inline]
pub(crate) fn snap(v: f64, scale: f64) -> i64 {
    (v * scale).round_ties_even() as i64
}

/// A grid point in user units: `i * 2^-snap_bits`, exact (a power-of-two scaling of an
/// integer below `2^53`).
#[inline]
pub(crate) fn to_user(p: GridPoint, snap_bits: u32) -> Vector2D {
    let unit = Geometry2DOptions::with_snap_bits(snap_bits).unit();
    Vector2D::new(p.x as f64 * unit, p.y as f64 * unit)
}

/// Why a coordinate is out of range, or `None` when it is finite and within `2^21`.
fn coordinate_problem(v: f64) -> Option<String> {
    if !v.is_finite() {
        Some(format!("{v} is not finite"))
    } else if v.abs() > COORDINATE_LIMIT {
        Some(format!(
            "{v} exceeds 2^21 = {COORDINATE_LIMIT} in magnitude"
        ))
    } else {
        None
    }
}

/// Validates and snaps one query point (decisions D18): each coordinate finite and within
/// `2^21` (x before y), rounded once like input coordinates. Errors name `argument` and the
/// axis.
pub(crate) fn snap_query_point(
    p: Vector2D,
    snap_bits: u32,
    argument: &'static str,
) -> Result<GridPoint> {
    for (axis, value) in [(Axis::X, p.x), (Axis::Y, p.y)] {
        if let Some(problem) = coordinate_problem(value) {
            return Err(Error::out_of_range(
                Location::Argument(argument),
                format!("{axis}: {problem}"),
            ));
        }
    }
    let scale = Geometry2DOptions::with_snap_bits(snap_bits).scale();
    Ok(GridPoint::new(snap(p.x, scale), snap(p.y, scale)))
}

/// Validates outline `o` in the order of decisions D9 (rings, a ring's vertex count before
/// its coordinates, x before y) and snaps it with `scale` (from validated options): its rings
/// one after another in `points`, ring `r` ending at `ends[r]`. Both buffers are cleared
/// first, so a caller snapping many outlines keeps one pair.
pub(crate) fn snap_outline(
    o: usize,
    outline: &Outline,
    scale: f64,
    points: &mut Vec<GridPoint>,
    ends: &mut Vec<usize>,
) -> Result<()> {
    points.clear();
    ends.clear();
    for (r, ring) in outline.rings.iter().enumerate() {
        if ring.len() < 3 {
            return Err(Error::invalid(
                Location::Ring {
                    outline: o,
                    ring: r,
                },
                format!(
                    "a ring needs at least 3 vertices, this one has {}",
                    ring.len()
                ),
            ));
        }
        points.reserve(ring.len());
        for (v, p) in ring.iter().enumerate() {
            for (axis, value) in [(Axis::X, p.x), (Axis::Y, p.y)] {
                if let Some(problem) = coordinate_problem(value) {
                    let location = Location::Vertex {
                        outline: o,
                        ring: r,
                        vertex: v,
                        axis,
                    };
                    return Err(Error::out_of_range(location, problem));
                }
            }
            points.push(GridPoint::new(snap(p.x, scale), snap(p.y, scale)));
        }
        ends.push(points.len());
    }
    Ok(())
}

/// The error of grid line `index` at `value`, which snaps onto the line before it.
fn snapped_together(axis: Axis, index: usize, value: f64) -> Error {
    Error::invalid(
        Location::GridLine { axis, index },
        format!(
            "snaps onto the previous grid line ({value}); the cell size is too close to one grid unit"
        ),
    )
}

/// Checks that a tile map of `len` cells is `width * height` cells (decisions D9): otherwise
/// an [`Error::InvalidArgument`] naming `argument` (`cells` or `codes`), the slice the caller
/// was given.
pub(crate) fn check_map_shape(
    argument: &'static str,
    len: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    if width.checked_mul(height) != Some(len) {
        return Err(Error::invalid(
            Location::Argument(argument),
            format!("{argument}.len() is {len} but width * height is {width} * {height}"),
        ));
    }
    Ok(())
}

/// The snapped grid lines of a tile map's x and y axes (decisions D2, D9) after checking
/// its cell size: finite, positive and at least one grid unit of `options`, else an
/// [`Error::InvalidArgument`] naming `cell_size`; then the lines of x, then those of y, as
/// [`snap_grid_lines`] checks them.
///
/// `len` is the map's number of cells, already checked by [`check_map_shape`]. The lines
/// are kept only when there are cells (then there are at most as many lines per axis as
/// cells plus one); an empty map's lines are checked without storing them, and both lists
/// come back empty.
pub(crate) fn tile_map_grid_lines(
    len: usize,
    width: usize,
    height: usize,
    cell_size: f64,
    origin: Vector2D,
    options: &Geometry2DOptions,
) -> Result<(Vec<i64>, Vec<i64>)> {
    let scale = options.scale();
    if !cell_size.is_finite() || cell_size <= 0.0 || cell_size * scale < 1.0 {
        return Err(Error::invalid(
            Location::Argument("cell_size"),
            format!(
                "{cell_size} must be finite and at least one grid unit (2^-{})",
                options.snap_bits
            ),
        ));
    }
    let keep = len != 0;
    let xs = snap_grid_lines(origin.x, cell_size, width, Axis::X, scale, keep)?;
    let ys = snap_grid_lines(origin.y, cell_size, height, Axis::Y, scale, keep)?;
    Ok((xs, ys))
}

/// The snapped grid lines `origin + i * cell_size`, `i = 0..=count`, each computed once in
/// `f64` and checked (decisions D2, D9): finite, within `2^21`, and strictly increasing
/// after snapping. The first failing line in index order is reported (a line beyond the
/// limit, else one that snaps onto its predecessor).
///
/// The lines are kept only when `keep` is set: a map with cells has at least `count` of
/// them in memory already, so the lines are computed one by one. An empty map may name any
/// width (`usize::MAX`), so its lines are checked without computing each one, in time
/// logarithmic in `count`, with the same verdict (see [`Lines::check`]).
pub(crate) fn snap_grid_lines(
    origin: f64,
    cell_size: f64,
    count: usize,
    axis: Axis,
    scale: f64,
    keep: bool,
) -> Result<Vec<i64>> {
    let lines = Lines {
        origin,
        cell_size,
        scale,
    };
    if !keep {
        lines.check(count, axis)?;
        return Ok(Vec::new());
    }
    lines.one_by_one(count, axis, true)
}

/// The grid lines of one axis: line `i` is `origin + i * cell_size` in user units, on a
/// grid of `scale` grid units per user unit.
///
/// How [`Lines::first_collision`] finds two lines that snap together: in grid units (times
/// `scale`, exact) let `C = cell_size * scale >= 1`, `O` the origin,
/// `P_i = fl(i * C)`, `V_i = fl(O + P_i)` the line and `S_i` its snapped value. Over a run
/// of indices where `P_i` and `V_i` each stay in one binade (ulps `u_P`, `u_V`, both at
/// most `2^-14` within range, so `i` is a multiple of `2 u`), rounding commutes with adding
/// `i`: `P_i = i + r_i` with `r_i = round_{u_P}(i (C - 1))`, and `V_i = i + y_i` with
/// `y_i = round_{u_V}(O + r_i)`. So `y_i` does not decrease along the run, and
/// `S_i = i + round(y_i)` except at half-integers, where ties go to even. Lines `i - 1`
/// and `i` snap together exactly when `y_{i-1} = y_i = k + 1/2` with `i + k` even; when
/// `C - 1 > u_P + u_V`, `y` strictly increases and no pair does. Runs are found by
/// bisection on the binades (about 80 runs), and within a run every half-integer that `y`
/// passes is located by a galloping search from the linear estimate.
struct Lines {
    origin: f64,
    cell_size: f64,
    scale: f64,
}

/// Runs this short are checked pair by pair.
const SHORT_RUN: usize = 32;

impl Lines {
    /// Line `i` in user units: `origin + i * cell_size`, computed once in `f64` (decisions
    /// D2).
    #[inline]
    fn user(&self, i: usize) -> f64 {
        self.origin + i as f64 * self.cell_size
    }

    /// Every line `0..=count` computed and checked in order; the snapped lines are returned
    /// when `keep`.
    fn one_by_one(&self, count: usize, axis: Axis, keep: bool) -> Result<Vec<i64>> {
        let mut lines = Vec::new();
        let mut previous = None;
        for i in 0..=count {
            let value = self.user(i);
            if let Some(problem) = coordinate_problem(value) {
                return Err(Error::out_of_range(
                    Location::GridLine { axis, index: i },
                    problem,
                ));
            }
            let snapped = snap(value, self.scale);
            if previous == Some(snapped) {
                return Err(snapped_together(axis, i, value));
            }
            previous = Some(snapped);
            if keep {
                lines.push(snapped);
            }
        }
        Ok(lines)
    }

    /// Checks the lines `0..=count` as [`Lines::one_by_one`] does, without visiting every
    /// line.
    ///
    /// The range check needs no loop: lines grow with their index (`i as f64`, the product
    /// with a positive cell size and the sum are all monotone under rounding), so the lines
    /// within `2^21` are a prefix and the first one beyond is found by bisection (the last
    /// line decides whether there is one).
    ///
    /// Two lines snap together only when the cell size is within rounding error of one
    /// grid unit; [`Lines::first_collision`] finds the first such pair among the lines
    /// within range.
    fn check(&self, count: usize, axis: Axis) -> Result<()> {
        let problem = |i: usize| coordinate_problem(self.user(i));
        let beyond = |index: usize, problem: String| {
            Err(Error::out_of_range(
                Location::GridLine { axis, index },
                problem,
            ))
        };
        if let Some(p) = problem(0) {
            return beyond(0, p);
        }
        // The callers check that the cell size is finite and at least one grid unit; the
        // arithmetic below relies on it, so anything else is checked line by line.
        if !(self.cell_size.is_finite() && self.cell_size * self.scale >= 1.0) {
            return self.one_by_one(count, axis, false).map(|_| ());
        }
        let first_beyond = match problem(count) {
            None => None,
            Some(_) => {
                // Line 0 is within range and line `count` is not.
                let (mut within, mut past) = (0, count);
                while past - within > 1 {
                    let mid = within + (past - within) / 2;
                    if problem(mid).is_some() {
                        past = mid;
                    } else {
                        within = mid;
                    }
                }
                Some(past)
            }
        };
        let last_within = first_beyond.map_or(count, |b| b - 1);
        if let Some(i) = self.first_collision(0, last_within) {
            return Err(snapped_together(axis, i, self.user(i)));
        }
        match first_beyond {
            Some(index) => beyond(index, problem(index).unwrap_or_default()),
            None => Ok(()),
        }
    }

    /// Line `i` in grid units (exact: a power-of-two scaling).
    fn grid(&self, i: usize) -> f64 {
        self.user(i) * self.scale
    }

    fn together(&self, i: usize) -> bool {
        snap(self.user(i - 1), self.scale) == snap(self.user(i), self.scale)
    }

    /// The sign and binade of line `i` and of the product `i * cell_size`.
    fn class(&self, i: usize) -> (bool, u64, u64) {
        let v = self.user(i);
        let p = i as f64 * self.cell_size;
        (
            v.is_sign_negative(),
            v.to_bits() >> 52 & 0x7ff,
            p.to_bits() >> 52 & 0x7ff,
        )
    }

    /// The first `i` in `a + 1..=b` whose line snaps onto line `i - 1`; every line in
    /// `a..=b` is within range.
    fn first_collision(&self, a: usize, b: usize) -> Option<usize> {
        if b <= a || self.cell_size * self.scale >= 2.0 {
            // Lines at least two grid units apart never snap together.
            return None;
        }
        if b - a <= SHORT_RUN {
            return (a + 1..=b).find(|&i| self.together(i));
        }
        if self.class(a) == self.class(b) {
            return self.first_collision_in_run(a, b);
        }
        let mid = a + (b - a) / 2;
        self.first_collision(a, mid)
            .or_else(|| self.first_collision(mid, b))
    }

    /// [`Lines::first_collision`] on a run: `a..=b` in one class.
    fn first_collision_in_run(&self, a: usize, b: usize) -> Option<usize> {
        let (_, v_exponent, p_exponent) = self.class(a);
        // The ulp of a binade in grid units: the step from its smallest value (2^-1074
        // below the normal range), exact.
        let ulp = |exponent: u64| {
            let least = f64::from_bits(exponent << 52);
            (f64::from_bits((exponent << 52) + 1) - least) * self.scale
        };
        let (u_v, u_p) = (ulp(v_exponent), ulp(p_exponent));
        if u_v > 0.25 || u_p > 0.25 {
            // Beyond 2^50 grid units, unreachable within range.
            return (a + 1..=b).find(|&i| self.together(i));
        }
        let delta = self.cell_size * self.scale - 1.0;
        if delta > u_p + u_v {
            return None;
        }
        // `y(i) >= h` and `y(i) == h`, compared exactly: `i + h` is a multiple of 1/2
        // below 2^52.
        let at_least = |i: usize, h: f64| self.grid(i) >= i as f64 + h;
        let equal = |i: usize, h: f64| self.grid(i) == i as f64 + h;
        let approx_y = |i: usize| self.grid(i) - i as f64;
        let mut k = (approx_y(a) - 0.5).floor() - 1.0;
        let k_last = (approx_y(b) - 0.5).floor() + 1.0;
        let mut cursor = a;
        while k <= k_last {
            let h = k + 0.5;
            let guess = if delta > 0.0 {
                let steps = ((h - approx_y(cursor)) / delta).ceil();
                cursor.saturating_add(if steps > 0.0 { steps as usize } else { 0 })
            } else {
                cursor
            };
            let Some(j) = first_true(cursor, b, guess, |i| at_least(i, h)) else {
                break;
            };
            if equal(j, h) && j < b && equal(j + 1, h) {
                if (j as i128 + 1 + k as i128).rem_euclid(2) == 0 {
                    return Some(j + 1);
                }
                if j + 1 < b && equal(j + 2, h) {
                    return Some(j + 2);
                }
            }
            cursor = j;
            k += 1.0;
        }
        None
    }
}

/// The first index in `lo..=hi` where `pred` holds, for a `pred` that is false and then
/// true along the range; the search gallops out from `guess` and then bisects.
fn first_true(lo: usize, hi: usize, guess: usize, pred: impl Fn(usize) -> bool) -> Option<usize> {
    if !pred(hi) {
        return None;
    }
    if pred(lo) {
        return Some(lo);
    }
    // From here `pred(lo)` is false and `pred(hi)` true.
    let (mut lo, mut hi) = (lo, hi);
    let g = guess.clamp(lo + 1, hi);
    // The gallop heads from `g` towards the change: down while `pred` holds, up while it
    // does not, doubling its step, and stops at the first probe on the other side (or at
    // the end of the range).
    let down = pred(g);
    if down {
        hi = g;
    } else {
        lo = g;
    }
    let mut step = 1usize;
    loop {
        let probe = if down {
            g.saturating_sub(step).max(lo)
        } else {
            g.saturating_add(step).min(hi)
        };
        if probe == lo || probe == hi {
            break;
        }
        let holds = pred(probe);
        if holds {
            hi = probe;
        } else {
            lo = probe;
        }
        if holds != down {
            break;
        }
        step = step.saturating_mul(2);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_lines_are_kept_only_when_asked() {
        let unit = 1.0 / 65536.0;
        let kept = snap_grid_lines(0.0, unit, 1000, Axis::X, 65536.0, true).unwrap();
        assert_eq!(kept, (0..=1000).collect::<Vec<i64>>());
        let checked = snap_grid_lines(0.0, unit, 1000, Axis::X, 65536.0, false).unwrap();
        assert!(checked.is_empty() && checked.capacity() == 0);
        // Unkept lines are still checked, in order (here without visiting each).
        let err = snap_grid_lines(2_097_150.0, 1.0, 5, Axis::Y, 65536.0, false).unwrap_err();
        assert_eq!(
            err,
            Error::out_of_range(
                Location::GridLine {
                    axis: Axis::Y,
                    index: 3
                },
                "2097153 exceeds 2^21 = 2097152 in magnitude"
            )
        );
    }

    /// The galloping search finds the first index where the predicate holds from any guess,
    /// inside the range or beyond it, galloping either way.
    #[test]
    fn first_true_agrees_with_a_scan() {
        for lo in 0..4 {
            for hi in lo..lo + 40 {
                for change in lo..=hi + 1 {
                    for guess in (0..hi + 4).chain([usize::MAX]) {
                        let pred = |i: usize| i >= change;
                        let scan = (lo..=hi).find(|&i| pred(i));
                        assert_eq!(
                            first_true(lo, hi, guess, pred),
                            scan,
                            "{lo}..={hi}, change {change}, guess {guess}"
                        );
                    }
                }
            }
        }
    }

    /// `2^k` for a normal power of two, exact.
    fn two_to(k: i32) -> f64 {
        f64::from_bits(((k + 1023) as u64) << 52)
    }

    /// SplitMix64, for reproducible cases.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// The check without visiting every line agrees with the loop: same verdict, same line
    /// named, on cell sizes within rounding error of one grid unit, origins with fine bits,
    /// near the limits and across zero, on every SnapBits.
    #[test]
    fn grid_lines_checked_by_arithmetic_agree_with_the_loop() {
        let mut rng = Rng(24);
        let mut collisions = 0;
        for case in 0..3000 {
            let snap_bits = [0u32, 4, 10, 16, 16, 16][case % 6];
            let scale = (1u64 << snap_bits) as f64;
            let unit = 1.0 / scale;
            let cell = match rng.next() % 8 {
                // Just above one unit: lines drift by less than the rounding error.
                6 | 7 => unit * (1.0 + two_to(-15 - (rng.next() % 30) as i32) * (1.0 + rng.unit())),
                0 => unit,
                1 => unit * (1.0 + (rng.next() % 64) as f64 * f64::EPSILON),
                2 => unit * (1.0 + rng.unit() * two_to(-12)),
                3 => unit * (1.0 + rng.unit() * two_to(-30)),
                4 => unit * (1.0 + rng.unit()),
                _ => unit * two_to((rng.next() % 20) as i32) * (1.0 + rng.unit()),
            };
            let count = (rng.next() % (1 << (rng.next() % 21))) as usize;
            let span = count as f64 * cell;
            let limit = COORDINATE_LIMIT;
            let origin = match rng.next() % 7 {
                0 => 0.0,
                // Half-integer grid positions: ties.
                1 => ((rng.next() % 1000) as f64 + 0.5) * unit,
                // Near the top, so the last lines are in the coarsest binades.
                2 | 6 => limit - span * rng.unit() * 1.1,
                // Near the bottom, crossing zero or not.
                3 => -limit + rng.unit() * 0.1 * unit,
                4 => -span * rng.unit(),
                _ => (rng.unit() - 0.5) * 2.0 * limit,
            };
            let origin = match rng.next() % 3 {
                0 => origin,
                1 => origin + rng.unit() * unit,
                _ => origin + rng.unit() * unit * 1e-9,
            };
            // A third of the cases: many lines high up on the finest grid, with a cell size
            // drifting by about the rounding error per line.
            let (origin, cell, count, scale) = if case % 3 == 2 {
                let unit = two_to(-16);
                let cell = unit * (1.0 + two_to(-15 - (rng.next() % 5) as i32) * rng.unit());
                let count = (1 << 16) + (rng.next() % (3 << 16)) as usize;
                let top = COORDINATE_LIMIT - count as f64 * cell * (0.9 + 0.2 * rng.unit());
                (top + rng.unit() * unit, cell, count, 65536.0)
            } else {
                (origin, cell, count, scale)
            };
            let fast = snap_grid_lines(origin, cell, count, Axis::X, scale, false);
            let lines = Lines {
                origin,
                cell_size: cell,
                scale,
            };
            let slow = lines.one_by_one(count, Axis::X, false);
            assert_eq!(
                fast.map(|_| ()),
                slow.clone().map(|_| ()),
                "case {case}: origin {origin:e}, cell {cell:e}, count {count}, snap bits {snap_bits}"
            );
            if let Err(Error::InvalidArgument {
                location: Location::GridLine { index, .. },
                ..
            }) = slow
                && index > 2
            {
                collisions += 1;
            }
        }
        // The cases reach lines snapped together by rounding (past the first lines, where
        // a tie of the origin would show) often enough to test the rule.
        assert!(collisions > 100, "{collisions}");
    }

    /// A width of `usize::MAX` on a one-unit grid is checked at once (it took 2^37 steps):
    /// the first line beyond `2^21` is named, and cell sizes just above one unit that
    /// round differently on every line are no slower.
    #[test]
    fn huge_empty_maps_are_checked_without_visiting_every_line() {
        let unit = 1.0 / 65536.0;
        let err = snap_grid_lines(0.0, unit, usize::MAX, Axis::X, 65536.0, false).unwrap_err();
        assert_eq!(
            err,
            Error::out_of_range(
                Location::GridLine {
                    axis: Axis::X,
                    index: (1 << 37) + 1
                },
                "2097152.000015259 exceeds 2^21 = 2097152 in magnitude"
            )
        );
        for cell in [
            0.0000152588,
            unit * (1.0 + two_to(-14)),
            unit * (1.0 + 1e-15),
        ] {
            let start = std::time::Instant::now();
            let result = snap_grid_lines(0.3 * unit, cell, usize::MAX, Axis::Y, 65536.0, false);
            assert!(result.is_err());
            assert!(
                start.elapsed().as_secs() < 5,
                "{cell:e}: {:?}",
                start.elapsed()
            );
        }
    }
}
