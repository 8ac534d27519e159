//! Test support shared by the onepath crates: one seeded generator, so every random test in
//! the workspace is reproducible from its seed and no crate carries its own copy.
#![forbid(unsafe_code)]

/// SplitMix64 (the generator of decisions D3, here only for test inputs): `Rng(seed)` or
/// [`Rng::new`]. The same seed gives the same sequence on every platform.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `lo..=hi` (any `i64` bounds, `lo <= hi`).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        assert!(lo <= hi, "empty range {lo}..={hi}");
        let span = (hi as i128 - lo as i128 + 1) as u128;
        (lo as i128 + (self.next_u64() as u128 % span) as i128) as i64
    }

    /// A value in `lo..hi` (`lo < hi`).
    pub fn range_half_open(&mut self, lo: i64, hi: i64) -> i64 {
        self.range(lo, hi - 1)
    }

    /// An index in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.next_u64() % denominator < numerator
    }

    /// True with probability `p` (a uniform draw in `[0, 1)` below `p`).
    pub fn probability(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// One element of `items`, chosen uniformly (`items` must not be empty).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// A uniform `f64` in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform `f64` in `[lo, hi)`.
    pub fn real(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The growth inputs of issue #24 (docs/testing.md, "Growth cases"), in grid units and
/// integers only, so every platform makes the same bits.
pub mod growth {
    use super::Rng;

    /// `n` axis-aligned rectangles `length` long and `thickness` high, stacked bottom to
    /// top with `gap` between neighbours: rectangle `k` spans `[0, length]` in x and
    /// `[k * (thickness + gap), k * (thickness + gap) + thickness]` in y. Each ring is
    /// counter-clockwise. All rectangles share one x range, so every long edge is cut by
    /// the sweep line at once (the winding sweep's status holds all of them) and every
    /// pair of long edges overlaps in x (the sweep in x tests every pair).
    pub fn sliver_stack(n: usize, length: i64, thickness: i64, gap: i64) -> Vec<[[i64; 2]; 4]> {
        (0..n as i64)
            .map(|k| {
                let y = k * (thickness + gap);
                [
                    [0, y],
                    [length, y],
                    [length, y + thickness],
                    [0, y + thickness],
                ]
            })
            .collect()
    }

    /// `n` segments about `2 * length` long whose midpoints lie within `radius` of the
    /// origin (per axis), in random directions: each runs from `-d + j` to `d + k`, `d` an
    /// integer direction with one coordinate `±length` and the other uniform in
    /// `-length..=length`, `j` and `k` uniform in `[-radius, radius]²`. Every pair of
    /// non-parallel segments crosses, most of them within a few `radius` of the origin, so
    /// the crossings number about `n^2 / 2` while their rounded points are far fewer.
    pub fn crossing_bundle(n: usize, length: i64, radius: i64, seed: u64) -> Vec<[[i64; 2]; 2]> {
        let mut rng = Rng(seed);
        (0..n)
            .map(|_| {
                let t = rng.range(-length, length);
                let d = if rng.chance(1, 2) {
                    [length, t]
                } else {
                    [t, length]
                };
                let mut jitter = || [rng.range(-radius, radius), rng.range(-radius, radius)];
                let (j, k) = (jitter(), jitter());
                [[j[0] - d[0], j[1] - d[1]], [k[0] + d[0], k[1] + d[1]]]
            })
            .collect()
    }
}

/// The boundary of the filled cells of a `side` x `side` tile map, cell `(x, y)` spanning
/// `(x, y)` to `(x + 1, y + 1)`: a unit edge wherever a filled cell meets an empty one or
/// the map's border, directed counter-clockwise around the filled cell (row by row, each
/// cell's bottom, right, top and left side in turn). Cells filled at corners only make
/// vertices where four edges meet.
pub fn tile_boundary(side: i64, filled: impl Fn(i64, i64) -> bool) -> Vec<[[i64; 2]; 2]> {
    let cell = |x: i64, y: i64| (0..side).contains(&x) && (0..side).contains(&y) && filled(x, y);
    let mut edges = Vec::new();
    for (x, y) in (0..side).flat_map(|y| (0..side).map(move |x| (x, y))) {
        if !cell(x, y) {
            continue;
        }
        let corners = [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]];
        for (k, (dx, dy)) in [(0, -1), (1, 0), (0, 1), (-1, 0)].into_iter().enumerate() {
            if !cell(x + dx, y + dy) {
                edges.push([corners[k], corners[(k + 1) % 4]]);
            }
        }
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn a_tile_boundary_has_four_edges_a_lone_cell_and_none_between_cells() {
        assert_eq!(
            super::tile_boundary(3, |x, y| (x, y) == (1, 1)),
            vec![
                [[1, 1], [2, 1]],
                [[2, 1], [2, 2]],
                [[2, 2], [1, 2]],
                [[1, 2], [1, 1]]
            ]
        );
        assert_eq!(super::tile_boundary(2, |_, _| true).len(), 8);
        assert!(super::tile_boundary(4, |_, _| false).is_empty());
    }

    #[test]
    fn matches_published_splitmix64_outputs() {
        // The first outputs for seed 0 (Vigna's reference implementation).
        let mut rng = Rng(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn ranges_stay_in_bounds() {
        let mut rng = Rng::new(9);
        for _ in 0..10_000 {
            assert!((-3..=3).contains(&rng.range(-3, 3)));
            assert!((0..5).contains(&rng.range_half_open(0, 5)));
            assert!(rng.below(7) < 7);
            let x = rng.real(2.0, 3.0);
            assert!((2.0..3.0).contains(&x));
        }
        // The widest range does not overflow.
        assert!(rng.range(i64::MIN, i64::MAX) != rng.range(i64::MIN, i64::MAX));
    }
}

/// The last known answer of `tests/data/spec-vectors.json`: the tile map `.#..` / `....` /
/// `..#.` (row r is y = r, cell 1, SnapBits 0), its ring, its triangulation and its
/// partition at 6. Several crates test their stage against it, so it is transcribed once.
pub mod spec_tile_map {
    /// The map's rows, `.` walkable.
    pub const ROWS: [&str; 3] = [".#..", "....", "..#."];
    /// The region's one ring, in grid units.
    pub const RING: [(i64, i64); 12] = [
        (0, 0),
        (1, 0),
        (1, 1),
        (2, 1),
        (2, 0),
        (4, 0),
        (4, 3),
        (3, 3),
        (3, 2),
        (2, 2),
        (2, 3),
        (0, 3),
    ];
    /// The triangulation's vertices, sorted by `(x, y)`.
    pub const VERTICES: [(i64, i64); 12] = [
        (0, 0),
        (0, 3),
        (1, 0),
        (1, 1),
        (2, 0),
        (2, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (4, 0),
        (4, 3),
    ];
    /// The inside triangles, canonical.
    pub const TRIANGLES: [[u32; 3]; 10] = [
        [0, 2, 3],
        [0, 3, 1],
        [1, 3, 6],
        [1, 6, 7],
        [3, 5, 6],
        [4, 10, 5],
        [5, 8, 6],
        [5, 10, 8],
        [8, 10, 11],
        [8, 11, 9],
    ];
    /// Entry `3t + i`: the triangle across edge `(v_i, v_{i+1})` of triangle `t`, or `-1`.
    pub const TRIANGLE_NEIGHBORS: [i32; 30] = [
        -1, -1, 1, 0, 2, -1, 1, 4, 3, 2, -1, -1, -1, 6, 2, -1, 7, -1, 7, -1, 4, 5, 8, 6, 7, -1, 9,
        8, -1, -1,
    ];
    /// The convex polygons at a limit of 6 vertices.
    pub const POLYGONS: [&[u32]; 5] = [
        &[0, 2, 3],
        &[0, 3, 6, 7, 1],
        &[3, 5, 8, 6],
        &[4, 10, 11, 8, 5],
        &[8, 11, 9],
    ];
    /// The neighbour across each polygon edge `(v_i, v_{i+1})`, or `-1`.
    pub const POLYGON_NEIGHBORS: [&[i32]; 5] = [
        &[-1, -1, 1],
        &[0, 2, -1, -1, -1],
        &[-1, 3, -1, 1],
        &[-1, -1, 4, 2, -1],
        &[3, -1, -1],
    ];
}

/// `p` turned by `angle` radians about `centre`, then scaled by `scale` about the origin
/// and moved by one unit in x and y: how the tiled-region tests turn a tile map's walls
/// (and its scenario points) into edges at every angle, inside the first quadrant.
pub fn turned_point(p: [f64; 2], centre: [f64; 2], angle: f64, scale: f64) -> [f64; 2] {
    let (sin, cos) = angle.sin_cos();
    let (x, y) = (p[0] - centre[0], p[1] - centre[1]);
    [
        (centre[0] + x * cos - y * sin) * scale + 1.0,
        (centre[1] + x * sin + y * cos) * scale + 1.0,
    ]
}
