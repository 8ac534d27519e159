//! Numbers in output files, written as Rust's `Display` writes them (`{}` and `{:.1}`), but
//! without `core::fmt`'s general float machinery where the text is provably the same: the
//! writers print millions of coordinates, and formatting them was most of a build's
//! writing time (docs/performance.md, item 46).

use std::fmt;

/// `10^15`: every decimal of at most 15 significant digits, and only those, is below it.
const TEN_TO_15: u64 = 1_000_000_000_000_000;

/// Writes an integer as `{}` does.
#[inline]
pub(crate) fn write_int(s: &mut impl fmt::Write, n: impl itoa::Integer) -> fmt::Result {
    s.write_str(itoa::Buffer::new().format(n))
}

/// The slots of a [`Decimals`] memo: a power of two.
const MEMO_SLOTS: usize = 1 << 12;

/// Writes coordinates as `{}` does, with a memo of the texts it has to take from
/// `core::fmt` (values of 16 or 17 significant digits): a coordinate recurs in a file (a
/// vertex in the rings and in the vertex list, a column's x in every vertex on it), and a
/// direct-mapped slot keyed by the value's bits gives its text back for one comparison.
pub(crate) struct Decimals {
    slots: Vec<Option<(u64, Box<str>)>>,
}

impl Decimals {
    /// An empty memo; its slots are allocated at the first value `core::fmt` writes, so a
    /// small file (or one of short coordinates only) never pays for them.
    pub(crate) fn new() -> Self {
        Self { slots: Vec::new() }
    }

    /// Writes `v` as `{}` does: the shortest decimal that reads back as `v`, without an
    /// exponent.
    ///
    /// When `v`'s exact binary value has a decimal expansion of at most 15 significant
    /// digits (a grid coordinate of 2^-16 units that is a half, a quarter, ... of a cell,
    /// below 2^14), that expansion is written directly. It is the shortest round-trip
    /// form: IEEE 754 doubles have `DBL_DIG` = 15 (C11 5.2.4.2.2), so every decimal `y` of
    /// at most 15 significant digits reads as a double that rounds back to `y` at 15
    /// digits. If another decimal `y` with no more digits than `v`'s expansion `x` read
    /// back as `v`, rounding `v` to 15 digits would give both `y` and `x` (which is exact),
    /// so `y = x`. Every other value's text comes from `core::fmt`, or from the memo of it.
    #[inline]
    pub(crate) fn write(&mut self, s: &mut impl fmt::Write, v: f64) -> fmt::Result {
        if let Some((negative, digits, scale)) = exact_short_decimal(v) {
            return write_fixed_point(s, negative, digits, scale);
        }
        if self.slots.is_empty() {
            self.slots = vec![None; MEMO_SLOTS];
        }
        let bits = v.to_bits();
        // Fibonacci hashing: the top bits of the product depend on every bit of the value.
        let slot = (bits.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            >> (u64::BITS - MEMO_SLOTS.trailing_zeros())) as usize;
        match &self.slots[slot] {
            Some((key, text)) if *key == bits => s.write_str(text),
            _ => {
                let text = v.to_string().into_boxed_str();
                s.write_str(&text)?;
                self.slots[slot] = Some((bits, text));
                Ok(())
            }
        }
    }
}

/// Writes `v` as `{:.1}` does: the exact value rounded to one decimal, a tie to the even
/// tenth. Positive values below 2^58 are rounded here in integers (`v = m 2^e`, so
/// `10 v = 10 m / 2^-e` is divided exactly with its remainder); zero, negative values and
/// others go through `core::fmt`.
pub(crate) fn write_tenths(s: &mut impl fmt::Write, v: f64) -> fmt::Result {
    match tenths(v) {
        Some(tenths) => {
            write_int(s, tenths / 10)?;
            s.write_char('.')?;
            s.write_char(char::from(b'0' + (tenths % 10) as u8))
        }
        None => write!(s, "{v:.1}"),
    }
}

/// `v` as `(negative, n, k)` with `|v| = n / 10^k` exactly, `n < 10^15` and `n` not a
/// multiple of 10 unless `k = 0`; `None` for zero, subnormals, infinities, NaN and every
/// value whose expansion is longer.
fn exact_short_decimal(v: f64) -> Option<(bool, u64, u32)> {
    let (mantissa, exponent) = odd_mantissa(v)?;
    let negative = v.is_sign_negative();
    if exponent >= 0 {
        // An integer: `mantissa 2^exponent` < 2^63 for shifts up to 10 (10^15 < 2^50).
        if exponent > 10 {
            return None;
        }
        let n = mantissa << exponent;
        return (n < TEN_TO_15).then_some((negative, n, 0));
    }
    // `|v| = mantissa / 2^k = mantissa 5^k / 10^k`, and `mantissa 5^k` is odd, so it is no
    // multiple of 10; it is at least 5^k, so k > 21 would give 15 digits or more.
    let k = exponent.unsigned_abs();
    if k > 21 {
        return None;
    }
    let n = u128::from(mantissa) * 5u128.pow(k);
    (n < u128::from(TEN_TO_15)).then_some((negative, n as u64, k))
}

/// `10 v` rounded to an integer, a tie to the even one, for positive normal `v` below
/// 2^58 and above 2^-100.
fn tenths(v: f64) -> Option<u64> {
    if v.is_sign_negative() {
        return None;
    }
    let (mantissa, exponent) = odd_mantissa(v)?;
    if exponent >= 0 {
        // An integer below 2^58, so that its tenths fit.
        return (exponent <= 5).then(|| (mantissa << exponent) * 10);
    }
    let shift = exponent.unsigned_abs();
    if shift > 100 {
        return None;
    }
    // 10 mantissa < 2^57; the quotient and remainder of its division by 2^shift.
    let ten_m = u128::from(mantissa) * 10;
    let q = ten_m >> shift;
    let r = ten_m - (q << shift);
    let half = 1u128 << (shift - 1);
    let up = r > half || (r == half && q & 1 == 1);
    u64::try_from(q + u128::from(up)).ok()
}

/// `|v| = mantissa 2^exponent` with an odd mantissa, for normal non-zero finite `v`.
fn odd_mantissa(v: f64) -> Option<(u64, i32)> {
    let bits = v.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 || biased == 0x7ff {
        return None;
    }
    let mantissa = (bits & ((1 << 52) - 1)) | (1 << 52);
    let zeros = mantissa.trailing_zeros();
    Some((mantissa >> zeros, biased - 1075 + zeros as i32))
}

/// Writes `±n / 10^k` in positional notation (`0.25`, `12`, `-3.5`), for `k` up to 21.
fn write_fixed_point(s: &mut impl fmt::Write, negative: bool, n: u64, k: u32) -> fmt::Result {
    if negative {
        s.write_char('-')?;
    }
    if k == 0 {
        return write_int(s, n);
    }
    // The fraction's k digits with their leading zeros are those of 10^k + fraction after
    // its leading 1 (in 64 bits up to k = 18; beyond, n < 10^15 is all fraction).
    let mut digits = itoa::Buffer::new();
    let fraction = match 10u64.checked_pow(k).filter(|_| k <= 18) {
        Some(scale) => {
            write_int(s, n / scale)?;
            digits.format(scale + n % scale)
        }
        None => {
            s.write_char('0')?;
            digits.format(10u128.pow(k) + u128::from(n))
        }
    };
    s.write_char('.')?;
    s.write_str(&fraction[1..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use onepath_testkit::Rng;

    fn shortest(memo: &mut Decimals, v: f64) -> String {
        let mut s = String::new();
        memo.write(&mut s, v).unwrap();
        s
    }

    fn one_decimal(v: f64) -> String {
        let mut s = String::new();
        write_tenths(&mut s, v).unwrap();
        s
    }

    /// Checks both writers against `core::fmt`, the memo's text twice (formatted, then
    /// remembered).
    fn check(memo: &mut Decimals, v: f64) {
        for _ in 0..2 {
            assert_eq!(
                shortest(memo, v),
                format!("{v}"),
                "{{}} of {v:e} ({:#x})",
                v.to_bits()
            );
        }
        assert_eq!(
            one_decimal(v),
            format!("{v:.1}"),
            "{{:.1}} of {v:e} ({:#x})",
            v.to_bits()
        );
    }

    #[test]
    fn grid_coordinates_are_written_as_display_writes_them() {
        // Every multiple of 2^-b for b = 0..=20 in ranges around the grids' coordinates:
        // both sides of 10^15 digits, of ties in tenths, of powers of two and ten.
        let mut rng = Rng::new(7);
        let mut memo = Decimals::new();
        for bits in 0..=20 {
            let unit = (-f64::from(bits)).exp2();
            for _ in 0..20_000 {
                let magnitude = rng.next_u64() % 40;
                let k = (rng.next_u64() >> 1) as i64 % (1i64 << magnitude).max(1);
                let sign = if rng.next_u64() & 1 == 0 { 1 } else { -1 };
                check(&mut memo, (sign * k) as f64 * unit);
            }
        }
    }

    #[test]
    fn arbitrary_doubles_are_written_as_display_writes_them() {
        let mut rng = Rng::new(11);
        let mut memo = Decimals::new();
        for _ in 0..200_000 {
            check(&mut memo, f64::from_bits(rng.next_u64()));
        }
        for v in [
            0.0,
            -0.0,
            0.05,
            0.25,
            0.35,
            0.45,
            2.5,
            1e15,
            1e15 - 1.0,
            999_999_999_999_999.0,
            123_456_789_012_345.6,
            0.1,
            1.0 / 3.0,
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            9_007_199_254_740_993.0,
            (63f64).exp2(),
            (59f64).exp2(),
        ] {
            check(&mut memo, v);
        }
    }

    #[test]
    fn integers_are_written_as_display_writes_them() {
        for n in [0u32, 7, 10, 4_294_967_295] {
            let mut s = String::new();
            write_int(&mut s, n).unwrap();
            assert_eq!(s, n.to_string());
        }
        let mut s = String::new();
        write_int(&mut s, -1i32).unwrap();
        assert_eq!(s, "-1");
    }
}
