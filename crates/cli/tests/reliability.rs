//! The reliability cases of issue #24: bad arguments are argument errors, a failed run
//! loses no file, outputs respect special files, grid lines are checked in constant time,
//! memory is checked before work starts and no temporary file outlives a signal; and the
//! smaller things users meet (reproducible JSON, short quotes, strict input formats).

mod support;

use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
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

// Defect 2: output paths are checked as files before anything is written.

#[test]
fn outputs_naming_one_file_twice_fail_before_writing() {
    let dir = scratch("rel-dup");
    let input = file(&dir, "in.json", SQUARE);
    // `./dup.out` and `dup.out` are one file; the run fails and leaves no `dup.out`.
    let outcome = run_binary(
        &[
            "region",
            "resolve",
            "in.json",
            "--json",
            "./dup.out",
            "--geojson",
            "dup.out",
        ],
        &dir,
    );
    assert_fails(
        &outcome,
        &["dup.out", "`--json` and `--geojson` name the same file"],
    );
    assert_eq!(listing(&dir), ["in.json"]);
    // A hard link and a symbolic link to one file are one file too.
    fs::write(dir.join("a.json"), "old").unwrap();
    fs::hard_link(dir.join("a.json"), dir.join("hard.json")).unwrap();
    std::os::unix::fs::symlink("a.json", dir.join("soft.json")).unwrap();
    for other in ["hard.json", "soft.json"] {
        let outcome = run_binary(
            &[
                "region",
                "resolve",
                "in.json",
                "--json",
                "a.json",
                "--geojson",
                other,
            ],
            &dir,
        );
        assert_fails(&outcome, &["name the same file"]);
    }
    assert_eq!(fs::read_to_string(dir.join("a.json")).unwrap(), "old");
    // An output that is an input is refused, under any name.
    for name in ["in.json", "./in.json"] {
        let outcome = run(&[
            "region",
            "offset",
            &input,
            "--distance",
            "1",
            "--json",
            &strings(&dir.join(name)),
        ]);
        assert_fails(&outcome, &["option `--json` names the input file"]);
    }
    assert_eq!(fs::read_to_string(&input).unwrap(), SQUARE);
}

#[test]
fn a_folder_as_output_fails_before_an_old_file_is_replaced() {
    let dir = scratch("rel-folder");
    let input = file(&dir, "in.json", SQUARE);
    let keep = file(&dir, "keep.json", "the old contents");
    fs::create_dir(dir.join("adir")).unwrap();
    let outcome = run(&[
        "region",
        "resolve",
        &input,
        "--json",
        &keep,
        "--svg",
        &strings(&dir.join("adir")),
    ]);
    assert_fails(&outcome, &["adir", "option `--svg`", "folder"]);
    assert_eq!(fs::read_to_string(&keep).unwrap(), "the old contents");
    assert_eq!(listing(&dir), ["adir", "in.json", "keep.json"]);
    assert!(listing(&dir.join("adir")).is_empty());
    // A file in a folder that does not exist fails before anything is computed.
    let outcome = run(&[
        "build",
        &movingai("arena.map"),
        "--json",
        &keep,
        "--mesh",
        &strings(&dir.join("nowhere").join("x.mesh")),
    ]);
    assert_fails(
        &outcome,
        &["x.mesh: cannot write the file (option `--mesh`)"],
    );
    assert_eq!(fs::read_to_string(&keep).unwrap(), "the old contents");
}

// Defect 3: special files are written through, links are followed, modes are kept.

#[test]
fn symlinks_are_followed_and_modes_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("rel-links");
    let input = file(&dir, "in.json", SQUARE);
    fs::create_dir(dir.join("real")).unwrap();
    let target = dir.join("real").join("out.json");
    fs::write(&target, "old").unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real/out.json", dir.join("link.json")).unwrap();
    run_ok(&[
        "region",
        "resolve",
        &input,
        "--json",
        &strings(&dir.join("link.json")),
    ]);
    let link = fs::symlink_metadata(dir.join("link.json")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let written = fs::read_to_string(&target).unwrap();
    assert!(written.contains("\"rings\""), "{written}");
    let mode = fs::metadata(&target).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert_eq!(listing(&dir.join("real")), ["out.json"]);
    // A link to a file still to be created creates it beside the link's target.
    std::os::unix::fs::symlink("real/new.svg", dir.join("dangling.svg")).unwrap();
    run_ok(&[
        "region",
        "resolve",
        &input,
        "--svg",
        &strings(&dir.join("dangling.svg")),
    ]);
    assert!(
        fs::read_to_string(dir.join("real/new.svg"))
            .unwrap()
            .contains("<svg")
    );
    assert!(
        fs::symlink_metadata(dir.join("dangling.svg"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn fifos_devices_and_standard_output_are_written_through() {
    let dir = scratch("rel-special");
    let input = file(&dir, "in.json", SQUARE);
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    run_ok(&["region", "resolve", &input, "--json", &strings(&fifo)]);
    // Checked before joining: a replaced FIFO would leave the reader waiting.
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    let through = reader.join().unwrap();
    assert!(through.contains("\"area\": 100"), "{through}");
    // `-` is standard output; the summary moves to stderr.
    let outcome = run(&["region", "resolve", &input, "--geojson", "-"]);
    assert_eq!(outcome.status, 0, "{outcome:?}");
    assert!(
        outcome.stdout.starts_with("{\"type\": \"Feature\""),
        "{outcome:?}"
    );
    assert!(outcome.stderr.contains("wrote -"), "{outcome:?}");
    // `/dev/stdout` of the binary (a pipe here) and `/dev/null` are written in place.
    let outcome = run_binary(
        &[
            "region",
            "resolve",
            "in.json",
            "--json",
            "/dev/stdout",
            "--svg",
            "/dev/null",
        ],
        &dir,
    );
    assert_eq!(outcome.status, 0, "{outcome:?}");
    assert!(outcome.stdout.contains("\"area2_grid\""), "{outcome:?}");
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert_eq!(listing(&dir), ["in.json", "pipe"]);
}

// Defect 6: no temporary file outlives SIGINT or SIGTERM.

#[test]
fn a_signal_while_outputs_are_written_removes_the_temporary_files() {
    use std::os::unix::process::ExitStatusExt;
    for (signal, number) in [("TERM", 15), ("INT", 2)] {
        let dir = scratch(&format!("rel-signal-{signal}"));
        // Nobody reads the FIFO, so the run waits in the middle of writing its outputs,
        // with the JSON staged in its temporary file.
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join("pipe"))
            .status()
            .unwrap();
        assert!(made.success());
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_onepath"))
            .args([
                "build",
                &movingai("arena.map"),
                "--json",
                "out.json",
                "--mesh",
                "pipe",
            ])
            .current_dir(&dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        while !listing(&dir).iter().any(|n| n.contains(".onepath-tmp-")) {
            assert!(
                start.elapsed().as_secs() < 30 && child.try_wait().unwrap().is_none(),
                "no temporary file appeared: {:?}",
                listing(&dir)
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let killed = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(number), "{status:?}");
        assert_eq!(listing(&dir), ["pipe"], "SIG{signal}");
    }
}

// Defect 5: memory is reserved fallibly and estimated before work starts.

#[test]
fn an_input_larger_than_the_memory_allowed_is_an_error_not_an_abort() {
    let dir = scratch("rel-memory-file");
    // A sparse file of 4 GiB: no disk space, but reading it needs 4 GiB of memory, more
    // than the 1 GiB of address space the run is given.
    let big = dir.join("big.map");
    fs::File::create(&big).unwrap().set_len(4 << 30).unwrap();
    let binary = env!("CARGO_BIN_EXE_onepath");
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1048576 && exec '{binary}' build big.map --json out.json"
        ))
        .current_dir(&dir)
        .output()
        .unwrap();
    let outcome = Outcome {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    };
    assert_fails(
        &outcome,
        &[
            "big.map",
            "cannot reserve 4.0 GiB of memory to read the file",
        ],
    );
    // A header that promises 2^28 cells in a file of 48 bytes reserved 256 MiB up front
    // (an abort with status 134 under a 200 MiB limit); now the rows are checked.
    file(
        &dir,
        "header.map",
        "type octile\nheight 16384\nwidth 16384\nmap\n....\n",
    );
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 204800 && exec '{binary}' build header.map"
        ))
        .current_dir(&dir)
        .output()
        .unwrap();
    let outcome = Outcome {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    };
    assert_fails(
        &outcome,
        &["header.map", "line 5: row 0 has 4 cells, expected 16384"],
    );
    assert_eq!(listing(&dir), ["big.map", "header.map"]);
}

#[test]
fn the_memory_a_command_needs_is_checked_before_work_starts() {
    let dir = scratch("rel-memory-estimate");
    let room = movingai("8room_000.map");
    // An offset by 1000 cells of a 512 x 512 map is inside every documented limit and
    // needs far more than 16 GiB: a clear error at once instead of an abort later.
    let start = std::time::Instant::now();
    let outcome = run(&[
        "region",
        "offset",
        &room,
        "--distance",
        "1000",
        "--memory-limit",
        "16G",
        "--json",
        &strings(&dir.join("grown.json")),
    ]);
    assert_fails(
        &outcome,
        &[
            &room,
            "region offset needs about",
            "GiB of memory",
            "more than 16.0 GiB",
        ],
    );
    assert!(start.elapsed().as_secs() < 10);
    // Every command checks; the limit names the input and the estimate.
    let arena = movingai("arena.map");
    for args in [
        vec!["build", &arena],
        vec!["region", "shrink", &arena],
        vec!["triangulate", &arena],
        vec!["partition", &arena],
    ] {
        let mut args = args.clone();
        args.extend(["--memory-limit", "1M"]);
        assert_fails(&run(&args), &[&arena, "needs about", "--memory-limit"]);
        args.pop();
        args.push("none");
        run_ok(&args);
    }
    let outcome = run(&["build", &arena, "--memory-limit", "lots"]);
    assert_fails(&outcome, &["`--memory-limit lots`", "512M"]);
    assert!(listing(&dir).is_empty());
}

// Smaller things: reproducible JSON.

#[test]
fn the_build_json_is_the_same_bytes_every_time() {
    let dir = scratch("rel-reproducible");
    let (first, second) = (dir.join("first.json"), dir.join("second.json"));
    let summary = run_ok(&[
        "build",
        &movingai("den312d.map"),
        "--json",
        &strings(&first),
    ]);
    run_ok(&[
        "build",
        &movingai("den312d.map"),
        "--json",
        &strings(&second),
    ]);
    assert_eq!(fs::read(&first).unwrap(), fs::read(&second).unwrap());
    assert!(!fs::read_to_string(&first).unwrap().contains("timings"));
    // The times are in the summary.
    assert!(summary.contains("time: read") && summary.contains("triangulate"));
}

// Smaller things: error lines quote a readable length.

#[test]
fn error_lines_quote_a_readable_length() {
    let dir = scratch("rel-quotes");
    // A map with CR line ends only is one line of 100 kB for the reader.
    let mut text = String::from("type octile\rheight 300\rwidth 300\rmap\r");
    for _ in 0..300 {
        text.push_str(&".".repeat(300));
        text.push('\r');
    }
    let map = file(&dir, "cr.map", &text);
    let outcome = run(&["build", &map]);
    assert_fails(
        &outcome,
        &[&map, "line 1: unexpected header line", "characters)"],
    );
    assert!(outcome.stderr.len() < 300, "{}", outcome.stderr);
    assert!(!outcome.stderr.contains('\r'));
    // 1e308 is not written out in 309 digits.
    let outcome = run(&["build", &movingai("arena.map"), "--cell-size", "1e308"]);
    assert_fails(&outcome, &["option `--cell-size`", "1e308"]);
    assert!(outcome.stderr.len() < 300, "{}", outcome.stderr);
    // A long option value or JSON key is cut too.
    let long = "9".repeat(5000);
    let outcome = run(&[
        "build",
        &movingai("arena.map"),
        "--agent-radius",
        &format!("x{long}"),
    ]);
    assert_fails(&outcome, &["`--agent-radius x999", "not a number"]);
    assert!(outcome.stderr.len() < 300, "{}", outcome.stderr);
    let key = "k".repeat(5000);
    let json = file(
        &dir,
        "key.json",
        &format!("{{\"outlines\": [], \"{key}\": 1}}"),
    );
    let outcome = run(&["region", "resolve", &json]);
    assert_fails(&outcome, &["unknown member"]);
    assert!(outcome.stderr.len() < 400, "{}", outcome.stderr);
}

// Smaller things: strict input formats.

#[test]
fn byte_order_marks_are_accepted_and_empty_files_refused() {
    let dir = scratch("rel-bom");
    let json = file(&dir, "bom.json", &format!("\u{feff}{SQUARE}"));
    assert!(run_ok(&["region", "resolve", &json]).contains("area 100"));
    let geojson = file(
        &dir,
        "bom.geojson",
        "\u{feff}{\"type\": \"Polygon\", \"coordinates\": [[[0, 0], [4, 0], [4, 4], [0, 0]]]}",
    );
    assert!(run_ok(&["region", "resolve", &geojson]).contains("area 8"));
    let map = file(
        &dir,
        "bom.map",
        "\u{feff}type octile\nheight 1\nwidth 3\nmap\n...\n",
    );
    assert!(run_ok(&["region", "resolve", &map]).contains("area 3"));
    let grid = file(&dir, "bom.txt", "\u{feff}..#\n");
    assert!(run_ok(&["region", "resolve", &grid]).contains("area 2"));
    for (name, contents) in [
        ("empty.map", ""),
        ("blank.txt", "\n\n  \n"),
        ("empty.json", "\u{feff}"),
    ] {
        let path = file(&dir, name, contents);
        let outcome = run(&["build", &path, "--json", &strings(&dir.join("out.json"))]);
        assert_fails(&outcome, &[&path, "the file is empty"]);
    }
    assert!(!dir.join("out.json").exists());
}

#[test]
fn duplicate_keys_third_coordinates_and_odd_headers_are_errors() {
    let dir = scratch("rel-strict");
    let cases = [
        (
            "dup.json",
            "{\"outlines\": [],\n \"outlines\": [[[[0, 0], [1, 0], [1, 1]]]]}",
            "invalid JSON: line 2, column 11: the key `outlines` is given twice",
        ),
        (
            "dupgeo.geojson",
            "{\"type\": \"Polygon\", \"type\": \"Polygon\", \"coordinates\": []}",
            "the key `type` is given twice",
        ),
        (
            "third.json",
            "{\"outlines\": [[[[0, 0], [1, 0, 5], [1, 1]]]]}",
            "at outlines[0][0][1]: a point needs 2 coordinates, found 3",
        ),
        (
            "twice.map",
            "type octile\nheight 1\nwidth 2\nheight 1\nmap\n..\n",
            "line 4: a second `height` line (the first is line 2)",
        ),
        (
            "hex.map",
            "type hex\nheight 1\nwidth 2\nmap\n..\n",
            "line 1: type `hex` is not supported",
        ),
    ];
    for (name, contents, expected) in cases {
        let path = file(&dir, name, contents);
        assert_fails(&run(&["region", "resolve", &path]), &[&path, expected]);
    }
    // GeoJSON keeps ignoring an altitude, as RFC 7946 allows.
    let altitude = file(
        &dir,
        "alt.geojson",
        "{\"type\": \"Polygon\", \"coordinates\": [[[0, 0, 9], [4, 0, 9], [4, 4, 9], [0, 0, 9]]]}",
    );
    assert!(run_ok(&["region", "resolve", &altitude]).contains("area 8"));
}

#[test]
fn snap_bits_out_of_range_name_the_option() {
    let outcome = run(&["build", &movingai("arena.map"), "--snap-bits", "17"]);
    assert_fails(&outcome, &["`--snap-bits 17`: 17 is outside 0..=16"]);
    let dir = scratch("rel-snap-bits");
    let square = file(&dir, "P.json", SQUARE);
    let outcome = run(&["region", "resolve", &square, "--snap-bits", "99"]);
    assert_fails(&outcome, &["`--snap-bits 99`"]);
}

// Smaller things: JSON paths for coordinate errors, and results that read back as input.

#[test]
fn coordinate_errors_of_geojson_give_a_json_path() {
    let dir = scratch("rel-geojson-path");
    let far = file(
        &dir,
        "far.geojson",
        "{\"type\": \"FeatureCollection\", \"features\": [\
         {\"type\": \"Feature\", \"geometry\": null},\
         {\"type\": \"Feature\", \"geometry\": {\"type\": \"MultiPolygon\", \"coordinates\": [\
           [[[0, 0], [1, 0], [1, 1], [0, 0]]],\
           [[[0, 0], [1, 0], [1, 1], [0, 0]], [[0, 0], [2, 0], [2, 1e7], [0, 0]]]]}}]}",
    );
    assert_fails(
        &run(&["region", "resolve", &far]),
        &[
            "outline 1, ring 1, vertex 2 (y)",
            "(at features[1].geometry.coordinates[1][1][2][1])",
        ],
    );
    let short = file(
        &dir,
        "short.geojson",
        "{\"type\": \"Polygon\", \"coordinates\": [[[0, 0], [1, 0], [0, 0]]]}",
    );
    assert_fails(
        &run(&["region", "resolve", &short]),
        &["outline 0, ring 0", "(at coordinates[0])"],
    );
    let outline = file(
        &dir,
        "far.json",
        "{\"outlines\": [[[[0, 0], [1e7, 0], [1, 1]]]]}",
    );
    assert_fails(
        &run(&["build", &outline]),
        &[
            "outline 0, ring 0, vertex 1 (x)",
            "(at outlines[0][0][1][0])",
        ],
    );
}

#[test]
fn results_read_back_as_input() {
    let dir = scratch("rel-read-back");
    let room = movingai("room-32-32-4.map");
    let first = dir.join("first.json");
    let summary = run_ok(&[
        "region",
        "difference",
        &room,
        &support::own_data("rooms.json"),
        "--json",
        &strings(&first),
    ]);
    let result_line = summary
        .lines()
        .find(|l| l.contains("result:"))
        .unwrap()
        .to_string();
    // The result file is an input: the same region, written as the same bytes.
    let second = dir.join("second.json");
    let again = run_ok(&[
        "region",
        "resolve",
        &strings(&first),
        "--json",
        &strings(&second),
    ]);
    assert!(
        again.contains(result_line.trim().trim_start_matches("result: ")),
        "{again}"
    );
    assert_eq!(fs::read(&first).unwrap(), fs::read(&second).unwrap());
    // So are the JSON files of the meshes (their region), and the build's.
    for command in [
        vec!["partition", room.as_str()],
        vec!["build", room.as_str(), "--agent-radius", "0.3"],
    ] {
        let mesh = dir.join(format!("{}.json", command[0]));
        let mut args = command.clone();
        let mesh_path = strings(&mesh);
        args.extend(["--json", &mesh_path]);
        run_ok(&args);
        let back = dir.join(format!("{}-back.json", command[0]));
        run_ok(&["region", "resolve", &mesh_path, "--json", &strings(&back)]);
        let (a, b) = (support::read_json(&mesh), support::read_json(&back));
        assert_eq!(a["rings"], b["rings"], "{}", command[0]);
        assert_eq!(a["area2_grid"], b["area2_grid"], "{}", command[0]);
    }
    // An offset grown past 2^21 is a result that cannot be read back (documented).
    let edge = file(
        &dir,
        "edge.json",
        "{\"outlines\": [[[[2097000, 0], [2097100, 0], [2097100, 100]]]]}",
    );
    let grown = dir.join("grown.json");
    run_ok(&[
        "region",
        "offset",
        &edge,
        "--distance",
        "1000",
        "--join",
        "square",
        "--json",
        &strings(&grown),
    ]);
    assert_fails(
        &run(&["region", "resolve", &strings(&grown)]),
        &["exceeds 2^21", "(at rings[0]["],
    );
}
