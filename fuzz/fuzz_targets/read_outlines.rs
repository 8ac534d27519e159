//! Fuzzes the outline readers (onepath's JSON and GeoJSON): they never panic, and what they
//! accept either builds a valid region or is rejected with an error naming the place.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onepath_build2d::{Error, Geometry2DOptions, Region};
use onepath_io::{read_geojson, read_outline_file, read_outlines};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for file in [
        read_outlines(&text),
        read_geojson(&text),
        read_outline_file(&text),
    ]
    .into_iter()
    .flatten()
    {
        let vertices: usize = file
            .outlines
            .iter()
            .flat_map(|o| &o.rings)
            .map(Vec::len)
            .sum();
        if vertices > 256 {
            continue;
        }
        let options = Geometry2DOptions::with_snap_bits(file.snap_bits.unwrap_or(16));
        match Region::from_outlines(&file.outlines, &options) {
            Ok(region) => drop(onepath_fuzz::valid(region, "outlines")),
            Err(Error::Internal { message }) => panic!("internal error: {message}"),
            Err(_) => {}
        }
    }
});
