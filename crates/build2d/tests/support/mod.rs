//! Test support: a seeded generator and random outlines.

#![allow(dead_code, unreachable_pub)]

use onepath_build2d::{Outline, Vector2D};

/// SplitMix64, so every random test is reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    /// A uniform `f64` in `[lo, hi)`.
    pub fn real(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// Random outlines of random (often self-intersecting) rings with coordinates in
/// `[0, span)`, rounded to multiples of `step` when `step > 0`.
pub fn random_outlines(rng: &mut Rng, count: usize, span: f64, step: f64) -> Vec<Outline> {
    (0..count)
        .map(|_| {
            let rings = (0..rng.range(1, 3))
                .map(|_| {
                    (0..rng.range(3, 8))
                        .map(|_| {
                            let mut p = [rng.real(0.0, span), rng.real(0.0, span)];
                            if step > 0.0 {
                                p = [(p[0] / step).floor() * step, (p[1] / step).floor() * step];
                            }
                            Vector2D::from(p)
                        })
                        .collect()
                })
                .collect();
            Outline::new(rings)
        })
        .collect()
}

/// The same outlines with outlines and rings shuffled, start vertices rotated and some rings
/// reversed: the same set of even-odd edges.
pub fn scrambled(rng: &mut Rng, outlines: &[Outline]) -> Vec<Outline> {
    let mut out: Vec<Outline> = outlines
        .iter()
        .map(|o| {
            let mut rings: Vec<Vec<Vector2D>> = o
                .rings
                .iter()
                .map(|r| {
                    let mut r = r.clone();
                    let k = (rng.next() % r.len() as u64) as usize;
                    r.rotate_left(k);
                    if rng.next().is_multiple_of(2) {
                        r.reverse();
                    }
                    r
                })
                .collect();
            rng.shuffle(&mut rings);
            Outline::new(rings)
        })
        .collect();
    rng.shuffle(&mut out);
    out
}

/// An axis-aligned rectangle outline.
pub fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Outline {
    Outline::from_ring([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
}
