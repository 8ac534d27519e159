//! Golden tests of the public API: every input file in `tests/golden/*.txt` is run and its
//! canonical text compared with the insta snapshot in `tests/snapshots/`.
//!
//! An input is a line format: `snap_bits N`, `summary`, `region NAME` followed by `outline`
//! and `ring x0 y0 x1 y1 ...` lines, a `tilemap W H CELL [OX OY]` with its rows of `.` and
//! `#`, `movingai PATH CELL` or `import FILE NAME`; then `op ...` lines run operations on the
//! current region (`union b`, `offset -1 round 0.05`, `shrink 0.5 1`, `triangulate`,
//! `partition 6`, ...; `!err` marks an expected error). The language is documented in full
//! in `tests/golden/case.rs`, the canonical text in `tests/golden/render.rs`, and the corpus
//! in `docs/golden.md`. Every output passes the
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
fn every_input_has_a_snapshot() {
    let inputs = case::input_files();
    assert!(inputs.len() >= 40, "only {} golden inputs", inputs.len());
    let snapshots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    for input in inputs {
        let name = input.file_name().expect("a file name").to_string_lossy();
        let snapshot = snapshots.join(format!("golden__golden_inputs@{name}.snap"));
        assert!(
            snapshot.is_file(),
            "{name} has no snapshot: run `cargo xtask golden`"
        );
    }
}

#[test]
fn summary_hash_is_fnv1a64() {
    // The published FNV-1a test vectors, so a summarised golden's hash can be recomputed by
    // any tool.
    assert_eq!(render::fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(render::fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(render::fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
}
