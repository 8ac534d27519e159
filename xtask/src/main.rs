//! `cargo xtask`: the repository's automation (standard library only). `cargo xtask golden`
//! regenerates every golden output of the workspace; `cargo xtask golden --check` fails,
//! naming the cases, when an output differs from its committed snapshot.

mod golden;

use std::process::ExitCode;

const USAGE: &str = "\
cargo xtask: onepath's repository automation

USAGE:
    cargo xtask golden            regenerate every golden output and list the changed files
    cargo xtask golden --check    regenerate nothing; fail when an output differs from its
                                  snapshot, a snapshot is missing or none of the tests uses it
    cargo xtask --help            print this help

A golden test target is a `tests/golden.rs` driver (insta snapshots in `tests/snapshots/`)
in any package under `crates/` or in `tests/`. See docs/golden.md.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        [] | ["--help"] | ["-h"] | ["help"] => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        ["golden"] => golden::regenerate(),
        ["golden", "--check"] => golden::check(),
        ["golden", "--help" | "-h"] => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprint!("error: unknown arguments {args:?}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
