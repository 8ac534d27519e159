//! Bad input: every case prints one line naming the file, the line where there is one, and
//! what is wrong, exits with status 2 and leaves no output file.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use support::{listing, movingai, run, run_binary, scratch};

/// Writes `contents` to `name` in a fresh inputs folder and returns its path.
fn input(dir: &Path, name: &str, contents: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, contents).unwrap();
    path.display().to_string()
}

/// Runs `args` plus output options into an empty folder; checks status 2, one stderr line
/// containing every `expected` piece, and that no file was written.
fn fails(case: &str, args: &[&str], outputs: &[&str], expected: &[&str]) {
    let out = scratch(&format!("errors-out-{case}"));
    let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    for option in outputs {
        let name = format!("result.{}", option.trim_start_matches("--"));
        all.push(option.to_string());
        all.push(out.join(name).display().to_string());
    }
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let outcome = run(&refs);
    assert_eq!(outcome.status, 2, "{case}: {outcome:?}");
    assert!(outcome.stdout.is_empty(), "{case}: {}", outcome.stdout);
    assert_eq!(
        outcome.stderr.lines().count(),
        1,
        "{case}: {}",
        outcome.stderr
    );
    assert!(
        outcome.stderr.starts_with("onepath: error: "),
        "{case}: {}",
        outcome.stderr
    );
    for piece in expected {
        assert!(
            outcome.stderr.contains(piece),
            "{case}: `{piece}` missing in {}",
            outcome.stderr
        );
    }
    assert!(
        listing(&out).is_empty(),
        "{case}: files left: {:?}",
        listing(&out)
    );
}

const BUILD_OUTPUTS: [&str; 3] = ["--json", "--svg", "--mesh"];
const REGION_OUTPUTS: [&str; 3] = ["--json", "--svg", "--geojson"];

#[test]
fn bad_tile_maps() {
    let dir = scratch("errors-maps");
    let missing = dir.join("nosuch.map").display().to_string();
    fails(
        "missing",
        &["build", &missing],
        &BUILD_OUTPUTS,
        &[&missing, "cannot read the file"],
    );
    let header = input(
        &dir,
        "header.map",
        "type octile\nheight x\nwidth 4\nmap\n....\n",
    );
    fails(
        "header",
        &["build", &header],
        &BUILD_OUTPUTS,
        &[&header, "line 2: height `x` is not a non-negative integer"],
    );
    let no_map = input(&dir, "nomap.map", "type octile\nheight 1\nwidth 4\n");
    fails(
        "no map line",
        &["build", &no_map],
        &BUILD_OUTPUTS,
        &[&no_map, "the header ends before the `map` line"],
    );
    let row = input(
        &dir,
        "row.map",
        "type octile\nheight 2\nwidth 4\nmap\n....\n.@.\n",
    );
    fails(
        "row length",
        &["build", &row],
        &BUILD_OUTPUTS,
        &[&row, "line 6: row 1 has 3 cells, expected 4"],
    );
    let grid = input(&dir, "grid.txt", "#..#\n#.#\n");
    fails(
        "grid row length",
        &["triangulate", &grid],
        &["--json", "--svg"],
        &[&grid, "line 2: row 1 has 3 cells, expected 4"],
    );
    let overflow = input(
        &dir,
        "overflow.map",
        "type octile\nheight 18446744073709551615\nwidth 3\nmap\n",
    );
    fails(
        "overflow",
        &["build", &overflow],
        &BUILD_OUTPUTS,
        &[&overflow, "exceeds the limit of 268435456 cells"],
    );
    let huge = input(
        &dir,
        "huge.map",
        "type octile\nheight 16385\nwidth 16385\nmap\n",
    );
    fails(
        "memory limit",
        &["region", "resolve", &huge],
        &REGION_OUTPUTS,
        &[&huge, "16385 x 16385", "268435456 cells"],
    );
}

#[test]
fn bad_outline_files() {
    let dir = scratch("errors-outlines");
    let word = input(
        &dir,
        "word.json",
        "{\"outlines\": [[[[0, 0], [1, 0], [\"one\", 1]]]]}",
    );
    fails(
        "non-numeric",
        &["build", &word],
        &BUILD_OUTPUTS,
        &[
            &word,
            "at outlines[0][0][2][0]: expected a number, found a string",
        ],
    );
    let infinite = input(
        &dir,
        "inf.json",
        "{\"outlines\": [[[[0, 0], [1, 0],\n [1e999, 1]]]]}",
    );
    fails(
        "non-finite",
        &["partition", &infinite],
        &["--json", "--svg"],
        &[&infinite, "invalid JSON: line 2, column", "out of range"],
    );
    let syntax = input(
        &dir,
        "syntax.geojson",
        "{\"type\": \"Polygon\",\n \"coordinates\": [[[0, 0], [1, 0] [1, 1]]]}",
    );
    fails(
        "syntax",
        &["region", "resolve", &syntax],
        &REGION_OUTPUTS,
        &[&syntax, "invalid JSON: line 2, column 34"],
    );
    let short = input(
        &dir,
        "short.json",
        "{\"outlines\": [[[[0, 0], [1, 0], [1, 1]], [[0, 0], [1, 1]]]]}",
    );
    fails(
        "short ring",
        &["build", &short],
        &BUILD_OUTPUTS,
        &[&short, "outline 0, ring 1", "3"],
    );
    let far = input(
        &dir,
        "far.json",
        "{\"outlines\": [[[[0, 0], [1e7, 0], [1, 1]]]]}",
    );
    fails(
        "out of range",
        &["build", &far],
        &BUILD_OUTPUTS,
        &[&far, "outline 0, ring 0, vertex 1 (x)"],
    );
    let bits = input(&dir, "bits.json", "{\"snap_bits\": 17, \"outlines\": []}");
    fails(
        "snap bits",
        &["build", &bits],
        &BUILD_OUTPUTS,
        &[&bits, "argument `snap_bits`: 17 is outside 0..=16"],
    );
}

#[test]
fn bad_options_and_library_errors() {
    let arena = movingai("arena.map");
    fails(
        "unknown option",
        &["build", &arena, "--frobnicate", "1"],
        &BUILD_OUTPUTS,
        &["unknown option `--frobnicate`", "onepath build --help"],
    );
    fails(
        "missing value",
        &["build", &arena, "--agent-radius"],
        &[],
        &["option `--agent-radius` needs a value"],
    );
    fails(
        "not a number",
        &["build", &arena, "--agent-radius", "wide"],
        &BUILD_OUTPUTS,
        &["`--agent-radius wide`: not a number"],
    );
    fails(
        "not finite",
        &["build", &arena, "--cell-size", "inf"],
        &BUILD_OUTPUTS,
        &["`--cell-size inf`: the number must be finite"],
    );
    fails(
        "max verts",
        &["build", &arena, "--max-verts", "2"],
        &BUILD_OUTPUTS,
        &[&arena, "option `--max-verts`: 2 is outside 3..=16"],
    );
    fails(
        "radius",
        &["build", &arena, "--agent-radius", "-1"],
        &BUILD_OUTPUTS,
        &[&arena, "option `--agent-radius`"],
    );
    fails(
        "cell size",
        &["build", &arena, "--cell-size", "1e-9"],
        &BUILD_OUTPUTS,
        &[&arena, "option `--cell-size`"],
    );
    fails(
        "unknown command",
        &["draw", &arena],
        &[],
        &["unknown command `draw`"],
    );
    fails(
        "unknown operation",
        &["region", "merge", &arena],
        &REGION_OUTPUTS,
        &["unknown operation `merge`"],
    );
    fails(
        "operand count",
        &["region", "union", &arena],
        &REGION_OUTPUTS,
        &["`union` takes 2 input files"],
    );
    fails(
        "no distance",
        &["region", "offset", &arena],
        &REGION_OUTPUTS,
        &["option `--distance` is required"],
    );
    fails(
        "bad join",
        &[
            "region",
            "offset",
            &arena,
            "--distance",
            "1",
            "--join",
            "mitre",
        ],
        &REGION_OUTPUTS,
        &["expected one of round, square"],
    );
    fails(
        "twice",
        &["triangulate", &arena, "--json", "a.json"],
        &["--json"],
        &["option `--json` is given twice"],
    );
    let dir = scratch("errors-mismatch");
    let coarse = input(
        &dir,
        "coarse.json",
        "{\"snap_bits\": 4, \"outlines\": [[[[0, 0], [9, 0], [9, 9]]]]}",
    );
    fails(
        "mismatch",
        &["region", "union", &arena, &coarse],
        &REGION_OUTPUTS,
        &["union of", "snap bits differ: 16 and 4"],
    );
}

#[test]
fn a_failed_write_leaves_no_output() {
    let out = scratch("errors-write");
    let good: PathBuf = out.join("ok.json");
    let bad = out.join("missing-folder").join("x.svg");
    let outcome = run(&[
        "build",
        &movingai("arena.map"),
        "--json",
        good.to_str().unwrap(),
        "--svg",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(outcome.status, 2);
    assert!(
        outcome.stderr.contains("x.svg: cannot write the file"),
        "{}",
        outcome.stderr
    );
    assert!(listing(&out).is_empty(), "{:?}", listing(&out));
}

#[test]
fn the_binary_reports_errors_the_same_way() {
    let dir = scratch("errors-binary");
    let outcome = run_binary(&["build", "nosuch.map"], &dir);
    assert_eq!(outcome.status, 2);
    assert_eq!(outcome.stderr.lines().count(), 1);
    assert!(
        outcome
            .stderr
            .starts_with("onepath: error: nosuch.map: cannot read the file"),
        "{}",
        outcome.stderr
    );
    assert!(listing(&dir).is_empty());
    let outcome = run_binary(&["--frobnicate"], &dir);
    assert_eq!(outcome.status, 2);
    assert!(outcome.stderr.contains("unknown option `--frobnicate`"));
}
