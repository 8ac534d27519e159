//! Fuzzes `Region::from_outlines`: the result is valid, does not depend on the order of the
//! outlines or the direction and start of the rings, and short rings are named.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onepath_fuzz::{Bytes, outlines, region};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let bits = u32::from(b.below(17));
    let input = outlines(&mut b, bits, 3, 3, 9);
    let Some(a) = region(&input, bits) else {
        return;
    };
    // The same set of edges in another order gives the same region (decisions D8).
    let mut reordered = input.clone();
    reordered.reverse();
    for ring in reordered.iter_mut().flat_map(|o| o.rings.iter_mut()) {
        ring.reverse();
        ring.rotate_left(1);
    }
    assert_eq!(
        region(&reordered, bits).as_ref(),
        Some(&a),
        "input order changed the result"
    );
    // A region read back as one outline is valid again.
    let again = onepath_fuzz::Outline::new(a.rings_f64());
    region(&[again], bits);
});
