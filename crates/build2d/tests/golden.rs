//! Golden tests of the public API: every input file in `tests/golden/*.txt` is run and its
//! canonical text compared with the insta snapshot in `tests/snapshots/`.
//!
//! The input language is documented in `tests/golden/case.rs`, the canonical text in
//! `tests/golden/render.rs`, and the corpus in `docs/golden.md`. Every output passes the
//! invariant checks of the type it comes from before it is compared. Regenerate with
//! `cargo xtask golden`, check with `cargo xtask golden --check`.

#[path = "golden/case.rs"]
mod case;
#[path = "golden/render.rs"]
mod render;

#[test]
fn golden_inputs() {
    insta::glob!("golden/*.txt", |path| {
        let text = case::run(&case::parse(path));
        insta::assert_snapshot!(text);
    });
}

#[test]
fn summary_hash_is_fnv1a64() {
    // The published FNV-1a test vectors, so a summarised golden's hash can be recomputed by
    // any tool.
    assert_eq!(render::fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(render::fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(render::fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
}
