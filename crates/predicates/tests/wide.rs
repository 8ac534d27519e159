//! Checks of the test support itself: the 256-bit integer against `i128` and known values,
//! and the SplitMix64 generator against the published sequence.

mod support;

use support::{Draw, I256, SplitMix64, w};

/// Random `i64` products, sums and differences agree with `i128` arithmetic.
#[test]
fn wide_matches_i128_on_small_values() {
    let mut rng = SplitMix64::new(1);
    let mut cases = 0;
    for _ in 0..20_000 {
        let (a, b, c, d) = (
            rng.next_u64() as i64,
            rng.next_u64() as i64,
            rng.next_u64() as i64,
            rng.next_u64() as i64,
        );
        let exact = (a as i128 * b as i128) / 2 - (c as i128 * d as i128) / 2;
        let wide = I256::from_i128((a as i128 * b as i128) / 2)
            - I256::from_i128((c as i128 * d as i128) / 2);
        assert_eq!(wide.to_i128(), Some(exact));
        assert_eq!(
            (w(a) * w(b)).to_i128(),
            Some(a as i128 * b as i128),
            "{a} * {b}"
        );
        assert_eq!((w(a) + w(b)).to_i128(), Some(a as i128 + b as i128));
        assert_eq!((w(a) - w(b)).to_i128(), Some(a as i128 - b as i128));
        assert_eq!((-w(a)).to_i128(), Some(-(a as i128)));
        assert_eq!(w(a).signum(), a.signum() as i32);
        // A three-factor product that still fits in i128.
        let small = (c >> 40) as i128;
        let three = (w(a) * w(b >> 30) * I256::from_i128(small)).to_i128();
        assert_eq!(three, Some(a as i128 * (b >> 30) as i128 * small));
        cases += 1;
    }
    assert_eq!(cases, 20_000);
}

/// Products beyond `i128` agree with the limb decomposition
/// `(x·2^64 + y)(z·2^64 + w) = xz·2^128 + (xw + yz)·2^64 + yw`, and with known values.
#[test]
fn wide_products_beyond_i128() {
    let mut rng = SplitMix64::new(2);
    for _ in 0..20_000 {
        let (x, y) = (rng.next_u64() >> 1, rng.next_u64());
        let (z, v) = (rng.next_u64() >> 1, rng.next_u64());
        let a = I256::from_u128_at((x as u128) << 64 | y as u128, 0);
        let b = I256::from_u128_at((z as u128) << 64 | v as u128, 0);
        let parts = I256::from_u128_at(x as u128 * z as u128, 2)
            + I256::from_u128_at(x as u128 * v as u128, 1)
            + I256::from_u128_at(y as u128 * z as u128, 1)
            + I256::from_u128_at(y as u128 * v as u128, 0);
        assert_eq!(a * b, parts);
        assert_eq!((-a) * b, -parts);
        assert_eq!((-a) * (-b), parts);
        assert_eq!(
            parts.signum(),
            if x == 0 && y == 0 || z == 0 && v == 0 {
                0
            } else {
                1
            }
        );
        assert_eq!((-parts).signum(), -parts.signum());
    }
    let big = I256::from_i128(i128::MAX);
    // (2^127 − 1)^2 = 2^254 − 2^128 + 1.
    assert_eq!(big * big, I256([1, 0, u64::MAX, (1 << 62) - 1]));
    // (−2^127)^2 = 2^254.
    let min = I256::from_i128(i128::MIN);
    assert_eq!(min * min, I256([0, 0, 0, 1 << 62]));
    assert_eq!((min * min).to_i128(), None);
    assert_eq!(
        I256::from_i128(1 << 100) * I256::from_i128(-(1 << 100)),
        -I256([0, 0, 0, 1 << 8])
    );
    assert_eq!(I256::ZERO.signum(), 0);
    assert_eq!(I256::from_i128(-1).signum(), -1);
}

/// The generator reproduces SplitMix64's known outputs for seed 0 and the D3 indexing
/// (value `i` is the output function of `i · 0x9E3779B97F4A7C15`, starting at `i = 1`).
#[test]
fn splitmix64_known_values() {
    let mut rng = SplitMix64::new(0);
    assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    let mut rng = SplitMix64::new(7);
    for _ in 0..1000 {
        let v = rng.range(-3, 5);
        assert!((-3..=5).contains(&v));
        let c = rng.coord(1 << 53);
        assert!(c.unsigned_abs() <= 1 << 53);
    }
}
