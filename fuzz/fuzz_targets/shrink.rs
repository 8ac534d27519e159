//! Fuzzes the build pipeline's agent-radius shrink on outlines and tile maps: the result is
//! valid, or offset geometry beyond the limit is reported; radius 0 changes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onepath_fuzz::{Bytes, outlines, pipeline, region, tile_map, valid_or_beyond_limit};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let bits = u32::from(b.below(17));
    let input = if b.u8() & 1 == 0 {
        region(&outlines(&mut b, bits, 2, 2, 8), bits)
    } else {
        tile_map(&mut b, bits)
    };
    let Some(a) = input else { return };
    let p = pipeline(&mut b, bits);
    let Some(shrunk) = valid_or_beyond_limit(p.shrink(&a), "shrink") else {
        return;
    };
    if p.agent_radius == 0.0 {
        assert_eq!(shrunk, a, "radius 0 changed the region");
    }
});
