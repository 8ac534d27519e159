//! Prints the onepath / peer ratio table from criterion's saved estimates.
//!
//! Reads `target/criterion/<group>/<library>/new/estimates.json` (the target folder is
//! `CARGO_TARGET_DIR` when set, else the workspace's `target`) for every group of the
//! peer benches, takes each median, and prints a Markdown table with one row per peer:
//! onepath's median, the peer's median and their ratio (above 1.0 means onepath is
//! slower). Uses only the standard library.

use std::fs;
use std::path::{Path, PathBuf};

/// The group name prefixes of the peer benches.
const PREFIXES: [&str; 6] = [
    "boolean_",
    "offset_",
    "cdt_random_",
    "triangulate_map_",
    "build_",
    "shrink_",
];

/// The peer libraries, in the order their columns are printed.
const PEERS: [&str; 4] = ["i_overlay", "clipper2", "spade", "peers"];

/// The median point estimate (nanoseconds) of a criterion `estimates.json`.
fn median(path: &Path) -> Option<f64> {
    let text = fs::read_to_string(path).ok()?;
    let at = text.find("\"median\"")?;
    let rest = &text[at..];
    let key = "\"point_estimate\":";
    let start = rest.find(key)? + key.len();
    let number: String = rest[start..]
        .chars()
        .skip_while(|c| c.is_whitespace())
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'))
        .collect();
    number.parse().ok()
}

/// A duration in nanoseconds, readably.
fn human(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.3} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.1} µs", ns / 1e3)
    }
}

fn main() {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    let root = target.join("criterion");
    let mut groups: Vec<String> = match fs::read_dir(&root) {
        Ok(entries) => entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|g| PREFIXES.iter().any(|p| g.starts_with(p)))
            .collect(),
        Err(e) => {
            eprintln!("no criterion results in {}: {e}", root.display());
            std::process::exit(1);
        }
    };
    groups.sort();
    println!("| bench | onepath | peer | peer median | onepath / peer |");
    println!("|---|---:|---|---:|---:|");
    for group in groups {
        let estimate = |lib: &str| median(&root.join(&group).join(lib).join("new/estimates.json"));
        let Some(ours) = estimate("onepath") else {
            continue;
        };
        for peer in PEERS {
            if let Some(theirs) = estimate(peer) {
                println!(
                    "| {group} | {} | {peer} | {} | {:.2} |",
                    human(ours),
                    human(theirs),
                    ours / theirs
                );
            }
        }
    }
}
