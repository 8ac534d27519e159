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

// Defect 4: an empty map of enormous width on a one-unit grid is checked at once.

/// Runs the binary in `dir`, failing the test when it takes longer than `seconds`.
fn run_binary_within(args: &[&str], dir: &Path, seconds: u64) -> Outcome {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_onepath"))
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= seconds {
            let _ = child.kill();
            let _ = child.wait();
            panic!("onepath {args:?} ran for more than {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    Outcome {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

#[test]
fn a_52_byte_map_of_huge_width_is_checked_at_once() {
    let dir = scratch("rel-wide");
    let text = "type octile\nheight 0\nwidth 18446744073709551615\nmap\n";
    assert_eq!(text.len(), 52);
    let map = file(&dir, "wide.map", text);
    // Lines one grid unit apart: line 2^37 + 1 is the first beyond 2^21.
    let outcome = run_binary_within(
        &["build", &map, "--cell-size", "0.0000152587890625"],
        &dir,
        20,
    );
    assert_fails(
        &outcome,
        &[
            &map,
            "option `--cell-size`",
            "grid line x[137438953473]",
            "exceeds 2^21",
        ],
    );
    // A cell size just above one unit, where rounding differs from line to line.
    let outcome = run_binary_within(
        &["region", "resolve", &map, "--cell-size", "0.0000152588"],
        &dir,
        20,
    );
    assert_fails(&outcome, &[&map, "option `--cell-size`", "grid line x["]);
    assert_eq!(listing(&dir), ["wide.map"]);
}
