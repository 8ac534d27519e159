//! Fuzzes the whole pipeline (shrink, triangulate, partition_convex, fans) on outlines and
//! tile maps: the navmesh is valid, covers the shrunk region and has no mergeable diagonal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onepath_fuzz::{Bytes, check_build, outlines, pipeline, region, tile_map};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let bits = u32::from(b.below(17));
    let input = if b.u8() & 1 == 0 {
        region(&outlines(&mut b, bits, 2, 3, 8), bits)
    } else {
        tile_map(&mut b, bits)
    };
    let Some(a) = input else { return };
    let p = pipeline(&mut b, bits);
    check_build(&a, &p);
});
