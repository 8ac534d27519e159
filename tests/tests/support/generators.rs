//! Input generators: random outlines and tile maps for the property tests, and the
//! near-degenerate families of the adversarial tests (issue #11), all in grid units.

use super::{GridRing, Rng, outline};
use onepath_build2d::Outline;

/// One adversarial input: outlines on the grid of `snap_bits`.
pub struct Case {
    /// The family and its parameters, for failure messages.
    pub name: String,
    /// The grid.
    pub snap_bits: u32,
    /// The outlines.
    pub outlines: Vec<Outline>,
}

impl Case {
    fn new(name: impl Into<String>, snap_bits: u32, rings: &[GridRing]) -> Self {
        Case {
            name: name.into(),
            snap_bits,
            outlines: vec![outline(rings, snap_bits)],
        }
    }
}

/// A random ring of `len` vertices in `[-r, r]²`, with fractional coordinates when
/// `fractional` (the library snaps them, ties to even).
pub fn random_ring(rng: &mut Rng, len: usize, r: i64, fractional: bool) -> GridRing {
    (0..len)
        .map(|_| {
            let mut c = || {
                let v = rng.range(-r, r) as f64;
                if fractional {
                    v + rng.pick(&[0.0, 0.5, 0.25, -0.5, 0.49])
                } else {
                    v
                }
            };
            (c(), c())
        })
        .collect()
}

/// An axis-aligned rectangle with corners `(x0, y0)` and `(x1, y1)`, either orientation.
pub fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> GridRing {
    vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
}

/// A random rectilinear outline on integer grid coordinates: a few rectangles in
/// `[-r, r]²`, read by the even-odd rule, in random orientations.
pub fn random_rectangles(rng: &mut Rng, count: usize, r: i64) -> Vec<GridRing> {
    (0..count)
        .map(|_| {
            let (x0, y0) = (rng.range(-r, r) as f64, rng.range(-r, r) as f64);
            let (x1, y1) = (x0 + rng.range(0, r) as f64, y0 + rng.range(0, r) as f64);
            let mut ring = rect(x0, y0, x1, y1);
            if rng.probability(0.5) {
                ring.reverse();
            }
            ring
        })
        .collect()
}

/// A random tile map of `width * height` cells, each walkable with probability `density`.
pub fn random_cells(rng: &mut Rng, width: usize, height: usize, density: f64) -> Vec<bool> {
    (0..width * height)
        .map(|_| rng.probability(density))
        .collect()
}

/// Long thin wedges whose edges are nearly parallel: each ring runs from near the origin to
/// `length` with end heights one or two units apart.
fn near_parallel(rng: &mut Rng, length: f64) -> GridRing {
    let y = rng.range(-3, 3) as f64;
    let dy = rng.range(-2, 2) as f64;
    vec![
        (rng.range(-2, 2) as f64, y),
        (length, y + dy),
        (
            length + rng.range(-1, 1) as f64,
            y + dy + rng.pick(&[1.0, 2.0, 0.5]),
        ),
    ]
}

/// A star polygon `{n/m}` around `(cx, cy)`: with `m` near `n / 2` every edge passes within
/// a fraction of a unit of the centre, so all of them cross one pixel.
fn star(n: usize, m: usize, radius: f64, cx: f64, cy: f64) -> GridRing {
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * ((i * m) % n) as f64 / n as f64;
            (
                (cx + radius * a.cos()).round(),
                (cy + radius * a.sin()).round(),
            )
        })
        .collect()
}

/// A thick Archimedean spiral: out along one arm, back along a copy one unit further out,
/// with arms `gap` units apart.
fn spiral(turns: f64, gap: f64, steps: usize) -> GridRing {
    let point = |t: f64, extra: f64| {
        let a = std::f64::consts::TAU * turns * t;
        let r = 2.0 + gap * turns * t + extra;
        ((r * a.cos()).round(), (r * a.sin()).round())
    };
    let mut ring: GridRing = (0..=steps)
        .map(|i| point(i as f64 / steps as f64, 0.0))
        .collect();
    ring.extend(
        (0..=steps)
            .rev()
            .map(|i| point(i as f64 / steps as f64, 1.0)),
    );
    ring
}

/// A comb of `teeth` teeth of width `w` and gaps of `gap` units, `h` long, on a bar; `slant`
/// shears the teeth (fractional coordinates when not an integer).
fn comb(teeth: usize, w: f64, gap: f64, h: f64, slant: f64) -> GridRing {
    let mut ring = vec![(0.0, 0.0)];
    let span = teeth as f64 * (w + gap) - gap;
    ring.push((span, 0.0));
    for t in (0..teeth).rev() {
        let x = t as f64 * (w + gap);
        ring.push((x + w, 1.0));
        ring.push((x + w + slant, 1.0 + h));
        ring.push((x + slant, 1.0 + h));
        ring.push((x, 1.0));
    }
    ring.dedup();
    ring
}

/// A ring that walks a random path and then retraces it back to the start.
fn retrace(rng: &mut Rng, steps: usize, r: i64) -> GridRing {
    let mut path: GridRing = (0..steps)
        .map(|_| (rng.range(-r, r) as f64, rng.range(-r, r) as f64))
        .collect();
    let back: GridRing = path.iter().rev().skip(1).copied().collect();
    path.extend(back);
    if path.len() < 3 {
        path.push(path[0]);
    }
    path
}

/// Every adversarial family of issue #11 with a few random variants each, seeded.
pub fn adversarial_cases(seed: u64) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let mut cases = Vec::new();
    for length in [1000.0, (1u64 << 20) as f64, (1u64 << 36) as f64] {
        let rings: Vec<GridRing> = (0..6).map(|_| near_parallel(&mut rng, length)).collect();
        cases.push(Case::new(
            format!("near-parallel wedges, length {length}"),
            16,
            &rings,
        ));
    }
    for (n, m) in [(7, 3), (21, 10), (31, 15)] {
        let (cx, cy) = (rng.pick(&[0.0, 0.5, 0.4]), rng.pick(&[0.0, 0.5, -0.5]));
        cases.push(Case::new(
            format!("star {{{n}/{m}}}"),
            16,
            &[star(n, m, 40.0 + rng.below(80) as f64, cx, cy)],
        ));
    }
    let spokes: Vec<GridRing> = (0..12)
        .map(|_| {
            let (dx, dy) = (rng.range(-50, 50) as f64, rng.range(1, 50) as f64);
            let jitter = |rng: &mut Rng| rng.pick(&[0.0, 0.4, -0.4, 0.5]);
            vec![
                (-dx + jitter(&mut rng), -dy),
                (dx, dy + jitter(&mut rng)),
                (dx + rng.range(1, 30) as f64, dy + rng.range(-30, -1) as f64),
            ]
        })
        .collect();
    cases.push(Case::new("12 wedges through one pixel", 16, &spokes));
    for (turns, gap) in [(3.0, 2.0), (6.0, 2.0), (4.0, 3.0)] {
        cases.push(Case::new(
            format!("spiral {turns} turns, gap {gap}"),
            16,
            &[spiral(turns, gap, 120)],
        ));
    }
    for (w, gap, slant) in [
        (1.0, 1.0, 0.0),
        (1.0, 1.0, 7.0),
        (2.0, 1.0, 0.5),
        (1.0, 1.0, 3.5),
    ] {
        cases.push(Case::new(
            format!("comb w {w} gap {gap} slant {slant}"),
            16,
            &[comb(12, w, gap, 20.0, slant)],
        ));
        let coarse = comb(6, w, gap, 5.0, slant);
        cases.push(Case::new(
            format!("comb at SnapBits 0, w {w} slant {slant}"),
            0,
            &[coarse],
        ));
    }
    for i in 0..4 {
        let rings = vec![
            retrace(&mut rng, 2 + i, 20),
            random_ring(&mut rng, 5, 20, false),
        ];
        cases.push(Case::new(format!("retraced ring {i}"), 16, &rings));
    }
    let square = rect(0.0, 0.0, 10.0, 10.0);
    let twice: GridRing = square.iter().chain(square.iter()).copied().collect();
    cases.push(Case::new(
        "square traversed twice",
        16,
        &[twice, rect(2.0, 2.0, 4.0, 4.0)],
    ));
    cases.push(Case::new(
        "figure eight",
        16,
        &[vec![(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)]],
    ));
    let limit = (1u64 << 21) as f64;
    for bits in 0..=16u32 {
        let l = limit * (1u64 << bits) as f64;
        let u = 1.0;
        let rings = vec![
            vec![(l, l), (l - u, l), (l, l - u)],
            vec![(-l, -l), (l, -l), (l, l - 3.0 * u), (-l, 5.0)],
            vec![(l, 0.0), (l - 2.0 * u, 1.0), (l, 3.0)],
            rect(-l, -l, -l + 2.0, -l + 2.0),
        ];
        cases.push(Case::new(
            format!("limits at SnapBits {bits}"),
            bits,
            &rings,
        ));
    }
    for i in 0..6 {
        let rings: Vec<GridRing> = (0..3)
            .map(|_| {
                let len = 3 + rng.below(5);
                random_ring(&mut rng, len, 3, true)
            })
            .collect();
        cases.push(Case::new(format!("SnapBits 0 clutter {i}"), 0, &rings));
    }
    let overlap = vec![
        rect(0.0, 0.0, 10.0, 5.0),
        rect(9.0, 5.0, 20.0, 9.0),
        rect(10.0, -3.0, 15.0, 0.0),
        vec![(0.0, 5.0), (3.0, 8.0), (-3.0, 8.0)],
        vec![(1.0, 6.0), (4.0, 9.0), (0.0, 9.0)],
    ];
    cases.push(Case::new("edges overlapping by one unit", 16, &overlap));
    let dupes = vec![
        vec![
            (0.0, 0.0),
            (0.0, 0.0),
            (5.0, 0.0),
            (5.0, 0.0),
            (5.0, 5.0),
            (0.0, 0.0),
        ],
        vec![(7.0, 7.0), (7.0, 7.0), (7.0, 7.0)],
        vec![(1.0, 1.0), (9.0, 1.0), (1.0, 1.0)],
        rect(2.0, 2.0, 3.0, 3.0),
        rect(2.0, 2.0, 3.0, 3.0),
        rect(2.0, 2.25, 3.0, 3.25),
    ];
    cases.push(Case::new("duplicate points and rings", 16, &dupes));
    cases
}
