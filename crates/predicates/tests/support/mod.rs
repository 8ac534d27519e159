//! Shared test support: a seeded SplitMix64 generator and a small 256-bit signed integer
//! for exact reference evaluations that do not fit in `i128`.
// Each test crate uses a different subset of these helpers.
#![allow(dead_code)]

use onepath_predicates::GridPoint;
use std::ops::{Add, Mul, Neg, Sub};

pub(crate) use onepath_testkit::Rng as SplitMix64;

/// Draws of coordinates and points that favour the extremes of each magnitude.
pub(crate) trait Draw {
    /// A value in `-m..=m`; one draw in eight is pushed to within 3 of `±m` so that the
    /// extremes of each magnitude are exercised.
    fn coord(&mut self, m: i64) -> i64;
    /// A point with both coordinates drawn by [`Draw::coord`].
    fn point(&mut self, m: i64) -> GridPoint;
    /// True with probability about `1/n`.
    fn one_in(&mut self, n: u64) -> bool;
}

impl Draw for SplitMix64 {
    fn coord(&mut self, m: i64) -> i64 {
        if self.next_u64().is_multiple_of(8) {
            let edge = m - self.range(0, 3.min(m));
            if self.next_u64().is_multiple_of(2) {
                edge
            } else {
                -edge
            }
        } else {
            self.range(-m, m)
        }
    }

    fn point(&mut self, m: i64) -> GridPoint {
        GridPoint::new(self.coord(m), self.coord(m))
    }

    fn one_in(&mut self, n: u64) -> bool {
        self.next_u64().is_multiple_of(n)
    }
}

/// The magnitudes the random tests draw coordinates from: small, `2^20`, the input limit
/// `2^37`, the construction limit `2^39`, the bounding triangle's unit `2^45` and the exact
/// `f64` limit `2^53`.
pub(crate) const MAGNITUDES: [i64; 6] = [16, 1 << 20, 1 << 37, 1 << 39, 1 << 45, 1 << 53];

/// A signed 256-bit integer in two's complement, little-endian 64-bit limbs.
///
/// Addition, subtraction and multiplication wrap modulo `2^256`; the tests only form values
/// far below `2^255`, where wrapping arithmetic equals integer arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct I256(pub(crate) [u64; 4]);

impl I256 {
    /// Zero.
    pub(crate) const ZERO: I256 = I256([0; 4]);

    /// The value `v`, sign-extended.
    pub(crate) fn from_i128(v: i128) -> Self {
        let lo = v as u128;
        let ext = if v < 0 { u64::MAX } else { 0 };
        I256([lo as u64, (lo >> 64) as u64, ext, ext])
    }

    /// The value `v`, sign-extended.
    pub(crate) fn from_i64(v: i64) -> Self {
        Self::from_i128(v as i128)
    }

    /// The non-negative value `v · 2^(64·limb)`, for `limb` in `0..=2`.
    pub(crate) fn from_u128_at(v: u128, limb: usize) -> Self {
        let mut r = [0u64; 4];
        r[limb] = v as u64;
        r[limb + 1] = (v >> 64) as u64;
        I256(r)
    }

    /// `-1`, `0` or `1`.
    pub(crate) fn signum(self) -> i32 {
        if self.0[3] >> 63 == 1 {
            -1
        } else if self.0 == [0; 4] {
            0
        } else {
            1
        }
    }

    /// The value as `i128` when it fits.
    pub(crate) fn to_i128(self) -> Option<i128> {
        let lo = (self.0[0] as u128 | (self.0[1] as u128) << 64) as i128;
        let ext = if lo < 0 { u64::MAX } else { 0 };
        (self.0[2] == ext && self.0[3] == ext).then_some(lo)
    }
}

impl Add for I256 {
    type Output = I256;
    fn add(self, rhs: I256) -> I256 {
        let mut r = [0u64; 4];
        let mut carry = false;
        for (i, limb) in r.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *limb = s2;
            carry = c1 || c2;
        }
        I256(r)
    }
}

impl Neg for I256 {
    type Output = I256;
    fn neg(self) -> I256 {
        I256(self.0.map(|l| !l)) + I256::from_i128(1)
    }
}

impl Sub for I256 {
    type Output = I256;
    fn sub(self, rhs: I256) -> I256 {
        self + -rhs
    }
}

impl Mul for I256 {
    type Output = I256;
    /// Schoolbook multiplication of the limbs, truncated to 256 bits (two's complement makes
    /// the truncated unsigned product the signed product modulo `2^256`).
    fn mul(self, rhs: I256) -> I256 {
        let mut r = [0u64; 4];
        for i in 0..4 {
            let mut carry = 0u128;
            for j in 0..4 - i {
                let t = self.0[i] as u128 * rhs.0[j] as u128 + r[i + j] as u128 + carry;
                r[i + j] = t as u64;
                carry = t >> 64;
            }
        }
        I256(r)
    }
}

/// Shorthand: an `i64` as an [`I256`].
pub(crate) fn w(v: i64) -> I256 {
    I256::from_i64(v)
}

/// The sign of `a` compared with `b`: `-1`, `0` or `1`.
pub(crate) fn cmp_wide(a: I256, b: I256) -> i32 {
    (a - b).signum()
}
