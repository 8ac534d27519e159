//! Fuzzes the four boolean operations: every result is valid, `a − a` and `a xor a` are
//! empty, union, intersection and xor commute, and inclusion–exclusion of the exact areas
//! holds when both operands are axis-aligned (nothing snaps).
#![no_main]

use libfuzzer_sys::fuzz_target;
use onepath_fuzz::{Bytes, outlines, region, valid};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let bits = u32::from(b.below(17));
    let Some(a) = region(&outlines(&mut b, bits, 2, 3, 8), bits) else {
        return;
    };
    let Some(c) = region(&outlines(&mut b, bits, 2, 3, 8), bits) else {
        return;
    };
    let ok = |r: Result<onepath_fuzz::Region, _>, what: &str| valid(r.expect(what), what);
    let union = ok(a.union(&c), "union");
    let intersection = ok(a.intersection(&c), "intersection");
    let a_minus_c = ok(a.difference(&c), "difference");
    let c_minus_a = ok(c.difference(&a), "difference");
    let xor = ok(a.xor(&c), "xor");
    assert_eq!(ok(c.union(&a), "union"), union, "union does not commute");
    assert_eq!(
        ok(c.intersection(&a), "intersection"),
        intersection,
        "intersection does not commute"
    );
    assert_eq!(ok(c.xor(&a), "xor"), xor, "xor does not commute");
    assert!(
        ok(a.difference(&a), "a − a").is_empty(),
        "a − a is not empty"
    );
    assert!(ok(a.xor(&a), "a xor a").is_empty(), "a xor a is not empty");
    let axis_aligned = |r: &onepath_fuzz::Region| {
        r.rings().iter().all(|ring| {
            (0..ring.len()).all(|i| {
                let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
                p.x == q.x || p.y == q.y
            })
        })
    };
    if axis_aligned(&a) && axis_aligned(&c) {
        assert_eq!(
            union.area2() + intersection.area2(),
            a.area2() + c.area2(),
            "inclusion–exclusion"
        );
        assert_eq!(a_minus_c.area2() + intersection.area2(), a.area2(), "a − c");
        assert_eq!(
            ok(a_minus_c.union(&c_minus_a), "union"),
            xor,
            "xor != (a − c) ∪ (c − a)"
        );
    }
});
