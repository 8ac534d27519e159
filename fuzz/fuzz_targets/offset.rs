//! Fuzzes `Region::offset` with round and square joins, growing and shrinking: every
//! result is valid, or offset geometry beyond the limit is reported.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onepath_fuzz::{Bytes, arc_tolerance, distance, join, outlines, region, valid_or_beyond_limit};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let bits = u32::from(b.below(17));
    let Some(a) = region(&outlines(&mut b, bits, 2, 2, 8), bits) else {
        return;
    };
    let d = distance(&mut b, bits, true);
    let (join, tolerance) = (join(&mut b), arc_tolerance(&mut b, d));
    let Some(grown) = valid_or_beyond_limit(a.offset(d, join, tolerance), "offset") else {
        return;
    };
    if d == 0.0 {
        assert_eq!(grown, a, "offset 0 changed the region");
    }
    // Offsetting the result back must work too (or reach beyond the limit).
    valid_or_beyond_limit(grown.offset(-d, join, tolerance), "offset back");
});
