//! The reliability cases of issue #24: bad arguments are argument errors, a failed run
//! loses no file, outputs respect special files, grid lines are checked in constant time,
//! memory is checked before work starts and no temporary file outlives a signal; and the
//! smaller things users meet (reproducible JSON, short quotes, strict input formats).

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use support::{Outcome, listing, movingai, run, run_binary, run_ok, scratch};

/// Writes `contents` to `name` in `dir` and returns its path as a string.
fn file(dir: &Path, name: &str, contents: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, contents).unwrap();
    path.display().to_string()
}

/// A 10 x 10 square as an outline file.
const SQUARE: &str = "{\"outlines\": [[[[0, 0], [10, 0], [10, 10], [0, 10]]]]}";

/// Checks a failed run: status 2, nothing on stdout, one line on stderr starting with
/// `onepath: error: ` and holding every piece of `expected`.
fn assert_fails(outcome: &Outcome, expected: &[&str]) {
    assert_eq!(outcome.status, 2, "{outcome:?}");
    assert!(outcome.stdout.is_empty(), "{outcome:?}");
    assert_eq!(outcome.stderr.lines().count(), 1, "{outcome:?}");
    assert!(
        outcome.stderr.starts_with("onepath: error: "),
        "{outcome:?}"
    );
    for piece in expected {
        assert!(
            outcome.stderr.contains(piece),
            "`{piece}` missing in {}",
            outcome.stderr
        );
    }
}

fn strings(path: &Path) -> String {
    path.display().to_string()
}

// Defect 1: values whose scaling to grid units overflows are argument errors naming the
// option, not internal errors.

#[test]
fn overflowing_arguments_name_their_option() {
    let dir = scratch("rel-overflow");
    let square = file(&dir, "P.json", SQUARE);
    let cases: [(&[&str], &str); 3] = [
        (
            &[
                "region",
                "offset",
                &square,
                "--distance",
                "1",
                "--arc-tolerance",
                "1e304",
            ],
            "option `--arc-tolerance`",
        ),
        (
            &[
                "build",
                &square,
                "--cell-size",
                "2e304",
                "--agent-radius",
                "1",
            ],
            "option `--cell-size`",
        ),
        (
            &["region", "shrink", &square, "--cell-size", "1.7e308"],
            "option `--cell-size`",
        ),
    ];
    for (args, option) in cases {
        let outcome = run(args);
        assert_fails(&outcome, &[&square, option]);
        assert!(!outcome.stderr.contains("internal error"), "{outcome:?}");
    }
    // A tile map whose grid lines the cell size pushes beyond 2^21 names the option too,
    // and the 309 digits of 2e304 are not quoted.
    let outcome = run(&[
        "build",
        &movingai("arena.map"),
        "--cell-size",
        "2e304",
        "--agent-radius",
        "1",
    ]);
    assert_fails(
        &outcome,
        &["option `--cell-size`", "grid line x[1]", "2e304"],
    );
    assert!(outcome.stderr.len() < 200, "{}", outcome.stderr);
}
