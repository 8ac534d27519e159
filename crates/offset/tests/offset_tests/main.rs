//! Integration tests of onepath-offset: known answers from `tests/data/spec-vectors.json`,
//! the geometry of the m-gon and the equal-area ring, hand-made shrink edge lists, square
//! hulls, round pieces and argument errors. One test binary keeps the build short.

mod common;
mod equal_area;
mod errors;
mod mgon;
mod round;
mod shrink;
mod square;
mod vectors;
