//! Exact squared distances from a point to a closed segment, and the point of the segment
//! nearest to it, as rationals compared without rounding (decisions D18).

use crate::{GridPoint, cross, dot};
use std::cmp::Ordering;

/// The exact squared distance from a point to a closed segment: the fraction
/// `num / den` with a numerator of up to 256 bits and a positive denominator.
///
/// Values are compared exactly by cross-multiplication in 384 bits, so two distances are
/// equal exactly when the real numbers are, whatever their representation. Built by
/// [`segment_distance2`] or [`SquaredDistance::from_integer`].
#[derive(Clone, Copy, Debug)]
pub struct SquaredDistance {
    /// The numerator, four 64-bit limbs, least significant first.
    num: [u64; 4],
    /// The denominator, at least 1.
    den: u128,
}

impl SquaredDistance {
    /// The integer `value` as a squared distance.
    #[inline]
    pub fn from_integer(value: u128) -> Self {
        Self {
            num: [value as u64, (value >> 64) as u64, 0, 0],
            den: 1,
        }
    }

    /// True when the distance is zero (the point lies on the segment).
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.num == [0; 4]
    }

    /// The numerator as four 64-bit limbs, least significant first.
    #[inline]
    pub fn numerator(&self) -> [u64; 4] {
        self.num
    }

    /// The denominator (at least 1).
    #[inline]
    pub fn denominator(&self) -> u128 {
        self.den
    }
}

/// The 128-bit product of two 64-bit limbs, split into (low, high) limbs.
#[inline]
fn mul64(a: u64, b: u64) -> (u64, u64) {
    let p = u128::from(a) * u128::from(b);
    (p as u64, (p >> 64) as u64)
}

/// The full product of a 256-bit and a 128-bit number: 384 bits, least significant limb
/// first (schoolbook multiplication; no product of two limbs and carries overflows `u128`).
fn mul_256_128(a: [u64; 4], b: u128) -> [u64; 6] {
    let b = [b as u64, (b >> 64) as u64];
    let mut out = [0u64; 6];
    for (j, &bj) in b.iter().enumerate() {
        let mut carry = 0u64;
        for (i, &ai) in a.iter().enumerate() {
            let (lo, hi) = mul64(ai, bj);
            let sum = u128::from(out[i + j]) + u128::from(lo) + u128::from(carry);
            out[i + j] = sum as u64;
            carry = hi + (sum >> 64) as u64;
        }
        out[j + 4] = carry;
    }
    out
}

/// The 256-bit square of a `u128`.
fn square(v: u128) -> [u64; 4] {
    let wide = mul_256_128([v as u64, (v >> 64) as u64, 0, 0], v);
    [wide[0], wide[1], wide[2], wide[3]]
}

impl Ord for SquaredDistance {
    /// Compares `a / b` with `c / d` as `a * d` with `c * b`, exactly.
    fn cmp(&self, other: &Self) -> Ordering {
        let left = mul_256_128(self.num, other.den);
        let right = mul_256_128(other.num, self.den);
        left.iter().rev().cmp(right.iter().rev())
    }
}

impl PartialOrd for SquaredDistance {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for SquaredDistance {
    /// Equal as numbers, whatever the representation.
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for SquaredDistance {}

/// Where on a closed segment `a–b` the point nearest to a given point lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegmentPoint {
    /// The start `a` (also for a segment of zero length).
    Start,
    /// The end `b`.
    End,
    /// The point `a + t·(b − a)` with `t = num / den` strictly between 0 and 1:
    /// `num = (p − a)·(b − a)` and `den = |b − a|²`.
    Interior {
        /// The numerator of `t`, `0 < num < den`.
        num: i128,
        /// The denominator of `t`, the squared length of the segment.
        den: i128,
    },
}

/// The exact squared distance from `p` to the closed segment `a–b` and where on the segment
/// the nearest point lies.
///
/// With `d = b − a` and `t = (p − a)·d / |d|²`: for `t <= 0` the nearest point is `a` and
/// the distance `|p − a|²`; for `t >= 1` it is `b` and `|p − b|²`; otherwise it is the
/// projection and the distance is `((p − a) × d)² / |d|²`. Exact for coordinates within
/// `±2^61`, like [`crate::orient2d`]: differences stay within `2^62`, the dot and cross
/// products and `|d|²` within `2^125`, the squared cross product within `2^250`, and the
/// comparison's products within `2^375` (384 bits are used). `docs/predicates.md` gives
/// the budget.
pub fn segment_distance2(
    p: GridPoint,
    a: GridPoint,
    b: GridPoint,
) -> (SquaredDistance, SegmentPoint) {
    let d = b - a;
    let ap = p - a;
    let along = dot(ap, d);
    let length2 = dot(d, d);
    if along <= 0 || length2 == 0 {
        return (
            SquaredDistance::from_integer(dot(ap, ap).unsigned_abs()),
            SegmentPoint::Start,
        );
    }
    if along >= length2 {
        let bp = p - b;
        return (
            SquaredDistance::from_integer(dot(bp, bp).unsigned_abs()),
            SegmentPoint::End,
        );
    }
    let across = cross(d, ap).unsigned_abs();
    (
        SquaredDistance {
            num: square(across),
            den: length2.unsigned_abs(),
        },
        SegmentPoint::Interior {
            num: along,
            den: length2,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limb_products_match_u128_where_they_fit() {
        for (a, b) in [
            (0u128, 5u128),
            (u64::MAX as u128, u64::MAX as u128),
            (3, 1 << 100),
        ] {
            let wide = mul_256_128([a as u64, (a >> 64) as u64, 0, 0], b);
            let p = a * b;
            assert_eq!(wide, [p as u64, (p >> 64) as u64, 0, 0, 0, 0], "{a} * {b}");
        }
        // (2^128 - 1)^2 = 2^256 - 2^129 + 1.
        let s = square(u128::MAX);
        assert_eq!(s, [1, 0, u64::MAX - 1, u64::MAX]);
    }
}
