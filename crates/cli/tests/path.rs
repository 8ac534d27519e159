//! `onepath path`: every query of the bundled Moving AI scenarios at agent radius 0 finds a
//! path no longer than the scenario's optimal 8-connected length and no shorter than the
//! straight line; two-point runs print and draw their path; bad arguments are one-line
//! errors.

mod support;

use std::fs;
use support::{movingai, run, run_binary, run_ok, scratch};

fn scenario_summary(map: &str) -> String {
    run_ok(&[
        "path",
        &movingai(map),
        "--scen",
        &movingai(&format!("{map}.scen")),
        "--agent-radius",
        "0",
    ])
}

#[test]
fn every_scenario_query_is_between_the_straight_line_and_the_grid_optimum() {
    for (map, count) in [("arena.map", 160), ("den312d.map", 320)] {
        let out = scenario_summary(map);
        let expected = format!(
            "found {count} of {count} paths; 0 above the optimal 8-connected length, 0 below the straight line (tolerance 0.001); 0 end points moved onto the mesh"
        );
        assert!(out.contains(&expected), "{map}:\n{out}");
        // One line per bucket and one for all, the mean ratio below 1 (any-angle paths are
        // shorter than 8-connected ones).
        let all = out
            .lines()
            .find(|l| l.trim_start().starts_with("all"))
            .unwrap();
        let fields: Vec<&str> = all.split_whitespace().collect();
        assert_eq!(fields[1..3], [count.to_string(), count.to_string()]);
        let mean: f64 = fields[3].parse().unwrap();
        assert!(mean > 0.85 && mean < 1.0, "{all}");
    }
}

#[test]
fn a_larger_radius_reports_what_it_found() {
    let out = run_ok(&[
        "path",
        &movingai("den312d.map"),
        "--scen",
        &movingai("den312d.map.scen"),
    ]);
    assert!(out.contains("agent radius 0.5"), "{out}");
    assert!(out.contains("moved onto the mesh"), "{out}");
    assert!(out.contains("of 320 paths"), "{out}");
}

#[test]
fn two_points_print_the_path_and_draw_it() {
    let dir = scratch("path");
    let svg = dir.join("path.svg");
    let out = run_ok(&[
        "path",
        &movingai("den312d.map"),
        "--from",
        "1,1",
        "--to",
        "60.5,70.5",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(
        out.contains("--from (1, 1) is off the mesh: moved to its nearest point (4.5, 3.5)"),
        "{out}"
    );
    assert!(out.contains("  path: length "), "{out}");
    let points: Vec<&str> = out.lines().filter(|l| l.starts_with("    (")).collect();
    assert_eq!(points.first(), Some(&"    (4.5, 3.5)"), "{out}");
    assert_eq!(points.last(), Some(&"    (60.5, 70.5)"), "{out}");
    let picture = fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("#e8590c") && picture.matches("<circle").count() == 2);
    // The binary says the same.
    let outcome = run_binary(
        &[
            "path",
            &movingai("arena.map"),
            "--from",
            "1.5,1.5",
            "--to",
            "47.5,47.5",
        ],
        &dir,
    );
    assert_eq!(outcome.status, 0, "{}", outcome.stderr);
    assert!(
        outcome.stdout.contains("  path: length "),
        "{}",
        outcome.stdout
    );
}

#[test]
fn bad_path_arguments_are_one_line_errors() {
    let dir = scratch("path-errors");
    let other = dir.join("other.scen");
    fs::write(&other, "version 1\n0\tx.map\t10\t10\t1\t1\t2\t2\t1.41421\n").unwrap();
    let bad = dir.join("bad.scen");
    fs::write(&bad, "version 1\n0\tx.map\t10\t10\t1\t1\t2\t2\n").unwrap();
    let map = movingai("arena.map");
    let svg = dir.join("x.svg");
    let cases: [(&[&str], &str); 8] = [
        (
            &["path", &map, "--from", "1,1"],
            "give either --from and --to, or --scen",
        ),
        (
            &[
                "path",
                &map,
                "--from",
                "1,1",
                "--to",
                "2,2",
                "--scen",
                &bad.display().to_string(),
            ],
            "give either --from and --to, or --scen",
        ),
        (
            &["path", &map, "--from", "1;1", "--to", "2,2"],
            "`--from 1;1`: expected X,Y",
        ),
        (
            &["path", &map, "--from", "1,inf", "--to", "2,2"],
            "expected X,Y (two finite numbers)",
        ),
        (
            &[
                "path",
                &map,
                "--scen",
                &movingai("arena.map.scen"),
                "--svg",
                svg.to_str().unwrap(),
            ],
            "--svg draws one path",
        ),
        (
            &["path", &map, "--scen", &other.display().to_string()],
            "query 1 is for a 10 x 10 map",
        ),
        (
            &["path", &map, "--scen", &bad.display().to_string()],
            "line 2: expected 9 fields",
        ),
        (
            &["path", &map, "--from", "1e7,0", "--to", "2,2"],
            "exceeds 2^21",
        ),
    ];
    for (args, expected) in cases {
        let outcome = run(args);
        assert_eq!(outcome.status, 2, "{args:?}: {}", outcome.stdout);
        assert!(
            outcome.stderr.contains(expected),
            "{args:?}: {}",
            outcome.stderr
        );
        assert_eq!(outcome.stderr.lines().count(), 1, "{}", outcome.stderr);
    }
    assert!(!svg.exists());
    assert!(run_ok(&["path", "--help"]).contains("onepath path MAP --scen FILE"));
    assert!(run_ok(&["--help"]).contains("  path "));
}
