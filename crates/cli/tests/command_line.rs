//! The command line on clap (issue #23): clap's errors become onepath's one-line errors
//! with status 2, mistyped flags and commands get suggestions, negative numbers are values,
//! help is generated from the options, and `onepath completions SHELL` prints scripts.

mod support;

use support::{Outcome, movingai, run, run_binary, run_ok, scratch};

/// Checks a failed run: status 2, nothing on stdout, exactly `expected` on stderr.
fn fails_with(outcome: &Outcome, expected: &str) {
    assert_eq!(outcome.status, 2, "{outcome:?}");
    assert!(outcome.stdout.is_empty(), "{outcome:?}");
    assert_eq!(outcome.stderr, format!("onepath: error: {expected}\n"));
}

#[test]
fn mistyped_flags_and_commands_get_suggestions() {
    let arena = movingai("arena.map");
    fails_with(
        &run(&["build", &arena, "--jsn", "x.json"]),
        "unknown option `--jsn` (did you mean `--json`?) (see `onepath build --help`)",
    );
    fails_with(
        &run(&["region", "offset", &arena, "--distanse", "1"]),
        "unknown option `--distanse` (did you mean `--distance`?) (see `onepath region --help`)",
    );
    fails_with(
        &run(&["biuld", &arena]),
        "unknown command `biuld` (did you mean `build`?) (see `onepath --help`)",
    );
    fails_with(
        &run(&["help", "nosuch"]),
        "unknown command `nosuch` (see `onepath --help`)",
    );
}

#[test]
fn clap_errors_are_one_line_in_onepath_words() {
    let arena = movingai("arena.map");
    fails_with(
        &run(&["build", &arena, "--areas=yes"]),
        "option `--areas` takes no value (`yes` given) (see `onepath build --help`)",
    );
    fails_with(
        &run(&["build", &arena, "extra.map"]),
        "too many arguments: `extra.map` is not expected (see `onepath build --help`)",
    );
    fails_with(
        &run(&["region", "union"]),
        "missing argument <A> (see `onepath region --help`)",
    );
    fails_with(
        &run(&["partition", &arena, "--max-verts", "six"]),
        "`--max-verts six`: not a non-negative integer (see `onepath partition --help`)",
    );
    fails_with(
        &run(&["build", &arena, "--memory-limit", "lots"]),
        "`--memory-limit lots`: expected a size such as 512M or 8G, or none (see `onepath build --help`)",
    );
    fails_with(
        &run(&["completions", "tcsh"]),
        "unknown shell `tcsh` (one of bash, elvish, fish, powershell, zsh) (see `onepath completions --help`)",
    );
    fails_with(
        &run(&[
            "build",
            &arena,
            "--agent-radius",
            "1",
            "--agent-radius",
            "2",
        ]),
        "option `--agent-radius` is given twice (see `onepath build --help`)",
    );
    // Through the binary too, with nothing written.
    let dir = scratch("cli-clap-binary");
    let outcome = run_binary(&["build", &arena, "--svg=x.svg", "--frobnicate"], &dir);
    fails_with(
        &outcome,
        "unknown option `--frobnicate` (see `onepath build --help`)",
    );
    assert!(support::listing(&dir).is_empty());
}

#[test]
fn negative_numbers_are_values() {
    let dir = scratch("cli-negative");
    let square = dir.join("square.json");
    std::fs::write(
        &square,
        r#"{"snap_bits": 8, "outlines": [[[[-4, -4], [4, -4], [4, 4], [-4, 4]]]]}"#,
    )
    .unwrap();
    let square = square.to_str().unwrap();
    for args in [["--distance", "-0.5"], ["--distance=-0.5", "--join=round"]] {
        let mut all = vec!["region", "offset", square];
        all.extend(args);
        let summary = run_ok(&all);
        assert!(summary.contains("result: 1 ring"), "{summary}");
    }
    // A point with a negative coordinate is a value too (and off the mesh: moved onto it).
    let summary = run_ok(&[
        "path",
        square,
        "--from",
        "-9,0",
        "--to=3,3",
        "--agent-radius",
        "0",
    ]);
    assert!(
        summary.contains("--from (-9, 0) is off the mesh: moved to its nearest point (-4, 0)"),
        "{summary}"
    );
    // A negative radius is a value, refused by the library, which names the option.
    let outcome = run(&["build", square, "--agent-radius", "-1"]);
    assert_eq!(outcome.status, 2);
    assert!(
        outcome
            .stderr
            .contains(&format!("{square}: option `--agent-radius`")),
        "{}",
        outcome.stderr
    );
}

#[test]
fn help_is_generated_from_the_options() {
    // Every option of a command is in its help, with its default (the text is wrapped
    // at 80 columns, so spaces are compared as one).
    let help_has = |args: &[&str], pieces: &[&str]| {
        let help = run_ok(args)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        for piece in pieces {
            assert!(help.contains(piece), "`{piece}` missing in\n{help}");
        }
    };
    help_has(
        &["build", "--help"],
        &[
            "--agent-radius <R>",
            "[default: 0.5]",
            "--max-verts <N>",
            "[default: 6]",
            "--cell-size <C>",
            "--snap-bits <B>",
            "--areas",
            "--blocked <LETTERS>",
            "--json <FILE>",
            "--svg <FILE>",
            "--geojson <FILE>",
            "--mesh <FILE>",
            "--memory-limit <SIZE>",
        ],
    );
    // The operations and joins are listed from their definitions: with their meaning in
    // the long help, by name in the short one.
    help_has(
        &["region", "--help"],
        &[
            "- xor: in exactly one of A and B",
            "- shrink: A shrunk by the build pipeline's agent-radius shrink",
            "- square: the Minkowski sum with an axis-aligned square",
            "[default: round]",
        ],
    );
    help_has(&["region", "-h"], &["[possible values: round, square]"]);
    // Without arguments: the main help, status 0.
    let main = run_ok(&[]);
    assert!(main.starts_with("onepath: exact 2D navigation meshes"));
    for command in [
        "build",
        "region",
        "triangulate",
        "partition",
        "path",
        "completions",
    ] {
        assert!(main.contains(command), "{command}");
    }
    assert_eq!(
        run_ok(&["-V"]),
        format!("onepath {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn completions_are_printed_for_every_shell() {
    for (shell, marker) in [
        ("bash", "_onepath()"),
        ("zsh", "#compdef onepath"),
        ("fish", "complete -c onepath"),
        ("elvish", "edit:completion:arg-completer[onepath]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = run_ok(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: {marker}");
        assert!(
            script.contains("agent-radius") && script.contains("blocked"),
            "{shell}"
        );
    }
}
