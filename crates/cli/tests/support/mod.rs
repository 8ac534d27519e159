//! Test support: paths to the corpora, fresh scratch folders, running the program in-process
//! and as a binary, reading its summary, and exact checks of the JSON it writes.

#![allow(dead_code, unreachable_pub)]

pub mod checks;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A Moving AI map of the shared corpus.
pub fn movingai(name: &str) -> String {
    workspace()
        .join("tests/data/movingai")
        .join(name)
        .display()
        .to_string()
}

/// A file of this crate's own test data.
pub fn own_data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

/// An empty folder for one test's outputs.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("onepath-cli-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in a folder, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// What a run returned.
#[derive(Debug)]
pub struct Outcome {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the program's library entry point.
pub fn run(args: &[&str]) -> Outcome {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = onepath_cli::run(&args, &mut out, &mut err);
    Outcome {
        status,
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
    }
}

/// Runs the `onepath` binary in `dir`.
pub fn run_binary(args: &[&str], dir: &Path) -> Outcome {
    let output = Command::new(env!("CARGO_BIN_EXE_onepath"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    Outcome {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Runs in-process and insists on success.
pub fn run_ok(args: &[&str]) -> String {
    let outcome = run(args);
    assert_eq!(
        outcome.status, 0,
        "onepath {args:?} failed: {}",
        outcome.stderr
    );
    assert!(outcome.stderr.is_empty(), "{}", outcome.stderr);
    outcome.stdout
}

/// Reads and parses a JSON file.
pub fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

/// The line of `summary` starting with `  {label}:`.
pub fn line<'a>(summary: &'a str, label: &str) -> &'a str {
    let prefix = format!("  {label}:");
    summary
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no `{label}` line in\n{summary}"))
}

/// The length `path` prints on its `path:` line.
pub fn path_length(summary: &str) -> f64 {
    let rest = line(summary, "path").trim_start_matches("  path: length ");
    rest.split(',').next().unwrap().parse().unwrap()
}
