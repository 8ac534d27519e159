//! The golden snapshots: finding the golden test targets, regenerating their snapshots and
//! checking them, by running `cargo test -p <package> --test golden` with insta's settings.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// A package with a `tests/golden.rs` insta driver.
struct Target {
    /// The package name, for messages.
    package: String,
    /// The package folder.
    dir: PathBuf,
}

impl Target {
    fn snapshots(&self) -> PathBuf {
        self.dir.join("tests/snapshots")
    }
}

/// The workspace root: the folder above this package's.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// The `name = "..."` of a Cargo.toml's `[package]` section.
fn package_name(manifest: &Path) -> Result<String, String> {
    let text = fs::read_to_string(manifest)
        .map_err(|e| format!("cannot read {}: {e}", manifest.display()))?;
    let mut in_package = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if let Some(value) = line.strip_prefix("name").filter(|_| in_package) {
            let value = value.trim_start().trim_start_matches('=').trim();
            return Ok(value.trim_matches('"').to_string());
        }
    }
    Err(format!("{} has no package name", manifest.display()))
}

/// Every package under `crates/` and `tests/` with a `tests/golden.rs` driver, by folder.
fn targets() -> Result<Vec<Target>, String> {
    let root = root();
    let listing =
        fs::read_dir(root.join("crates")).map_err(|e| format!("cannot list crates/: {e}"))?;
    let mut dirs: Vec<PathBuf> = listing.filter_map(Result::ok).map(|e| e.path()).collect();
    dirs.push(root.join("tests"));
    dirs.sort();
    let mut targets = Vec::new();
    for dir in dirs {
        let driver = dir.join("tests/golden.rs");
        if !driver.is_file() {
            continue;
        }
        let source = fs::read_to_string(&driver)
            .map_err(|e| format!("cannot read {}: {e}", driver.display()))?;
        if !source.contains("insta::") {
            return Err(format!("{} does not use insta snapshots", driver.display()));
        }
        let package = package_name(&dir.join("Cargo.toml"))?;
        targets.push(Target { package, dir });
    }
    if targets.is_empty() {
        return Err("no golden test target (a package's tests/golden.rs) was found".into());
    }
    Ok(targets)
}

/// The files of `dir` whose names satisfy `keep`, sorted (none when `dir` does not exist).
fn files(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.file_name().and_then(|n| n.to_str()).is_some_and(&keep))
        .collect();
    found.sort();
    found
}

/// The committed snapshot files of the golden drivers.
fn snapshot_files(target: &Target) -> Vec<PathBuf> {
    files(&target.snapshots(), |n| {
        n.starts_with("golden__") && n.ends_with(".snap")
    })
}

/// Files insta leaves for review: `.snap.new` beside the snapshots, `.pending-snap` files.
fn pending_files(target: &Target) -> Vec<PathBuf> {
    let pending = |n: &str| n.ends_with(".snap.new") || n.ends_with(".pending-snap");
    let mut found = files(&target.snapshots(), pending);
    found.extend(files(&target.dir.join("tests"), pending));
    found
}

/// `path` relative to the workspace root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The contents of every snapshot file of `targets`.
fn contents(targets: &[Target]) -> BTreeMap<PathBuf, Vec<u8>> {
    targets
        .iter()
        .flat_map(snapshot_files)
        .filter_map(|p| fs::read(&p).ok().map(|c| (p, c)))
        .collect()
}

/// How a golden target is run.
enum Mode {
    /// `INSTA_UPDATE=always INSTA_FORCE_UPDATE=1`: write every snapshot.
    Update,
    /// `INSTA_UPDATE=no CI=true`: write nothing, fail on any difference.
    Check,
}

/// What one run of a target's golden tests gave.
struct Run {
    /// Whether `cargo test` succeeded.
    success: bool,
    /// The test binary's standard output when it was captured (check mode).
    stdout: String,
    /// The canonical paths of the snapshot files the tests asserted against.
    referenced: BTreeSet<PathBuf>,
}

/// Runs every golden test target in one `cargo test --workspace --test golden`: selecting
/// the whole workspace gives the same feature resolution as CI's `cargo test --workspace`,
/// so the check reuses that build instead of compiling the crates again per package.
fn run(mode: &Mode) -> Result<Run, String> {
    let references = root().join("target/xtask-golden-references.txt");
    let _ = fs::create_dir_all(root().join("target"));
    let _ = fs::remove_file(&references);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(root())
        .args(["test", "--workspace", "--test", "golden"])
        .env("INSTA_SNAPSHOT_REFERENCES_FILE", &references)
        .env_remove("INSTA_FORCE_PASS")
        .env_remove("INSTA_GLOB_FILTER")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit());
    match mode {
        Mode::Update => command
            .env("INSTA_UPDATE", "always")
            .env("INSTA_FORCE_UPDATE", "1")
            .stdout(Stdio::inherit()),
        Mode::Check => command
            .env("INSTA_UPDATE", "no")
            .env("INSTA_FORCE_UPDATE", "0")
            .env("CI", "true")
            .stdout(Stdio::piped()),
    };
    println!("xtask: cargo test --workspace --test golden");
    let output = command
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let listed = fs::read_to_string(&references).unwrap_or_default();
    let referenced = listed
        .lines()
        .map(|l| fs::canonicalize(l).unwrap_or_else(|_| PathBuf::from(l)))
        .collect();
    Ok(Run {
        success: output.status.success(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        referenced,
    })
}

/// The snapshot files of `target` that no assertion of `run` used.
fn unreferenced(target: &Target, run: &Run) -> Vec<PathBuf> {
    snapshot_files(target)
        .into_iter()
        .filter(|p| {
            !run.referenced
                .contains(&fs::canonicalize(p).unwrap_or_else(|_| p.clone()))
        })
        .collect()
}

/// `cargo xtask golden`: rewrites every snapshot from the current code, removes pending and
/// unreferenced snapshot files, and lists the files that changed.
pub(crate) fn regenerate() -> Result<(), String> {
    let targets = targets()?;
    let before = contents(&targets);
    let mut removed = Vec::new();
    let run = run(&Mode::Update)?;
    if !run.success {
        return Err(
            "the golden tests failed (see above): not a snapshot difference, since \
                    snapshots are written in this mode"
                .to_string(),
        );
    }
    for target in &targets {
        for path in pending_files(target)
            .into_iter()
            .chain(unreferenced(target, &run))
        {
            fs::remove_file(&path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
            removed.push(path);
        }
    }
    let after = contents(&targets);
    let mut changes = Vec::new();
    for (path, new) in &after {
        match before.get(path) {
            None => changes.push(format!("added    {}", shown(path))),
            Some(old) if old != new => changes.push(format!("changed  {}", shown(path))),
            Some(_) => {}
        }
    }
    for path in removed {
        changes.push(format!("removed  {}", shown(&path)));
    }
    println!();
    if changes.is_empty() {
        println!("golden: {} snapshot files, none changed", after.len());
    } else {
        println!(
            "golden: {} snapshot files, {} changes:",
            after.len(),
            changes.len()
        );
        for change in &changes {
            println!("  {change}");
        }
        println!("Review them with `git diff -- '*.snap'` before committing.");
    }
    Ok(())
}

/// The snapshot files named in insta's failure reports (`Snapshot file: <path>`).
fn failing_snapshots(stdout: &str) -> BTreeSet<String> {
    stdout
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Snapshot file: "))
        .map(|s| s.trim().to_string())
        .collect()
}

/// `cargo xtask golden --check`: runs every golden target without writing anything and
/// fails, naming the cases, when an output differs from its snapshot, a snapshot is missing
/// or a snapshot file is not used by any test.
pub(crate) fn check() -> Result<(), String> {
    let start = Instant::now();
    let targets = targets()?;
    let mut problems = Vec::new();
    let mut count = 0;
    let run = run(&Mode::Check)?;
    if !run.success {
        // Insta's diffs are in the captured output of the failing tests.
        print!("{}", run.stdout);
        let failing = failing_snapshots(&run.stdout);
        if failing.is_empty() {
            problems.push("the golden tests failed (see above)".to_string());
        }
        for file in failing {
            let exists = root().join(&file).is_file();
            let what = if exists { "differs" } else { "is missing" };
            problems.push(format!("{file} {what}"));
        }
    }
    for target in &targets {
        count += snapshot_files(target).len();
        for path in unreferenced(target, &run) {
            problems.push(format!("{} is used by no test (stale case?)", shown(&path)));
        }
        for path in pending_files(target) {
            println!("warning: {} is a leftover review file", shown(&path));
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    if problems.is_empty() {
        let names: Vec<&str> = targets.iter().map(|t| t.package.as_str()).collect();
        println!(
            "golden: {count} snapshot files in {} targets ({}) match ({seconds:.1} s)",
            targets.len(),
            names.join(", ")
        );
        return Ok(());
    }
    eprintln!("\ngolden outputs differ from their snapshots:");
    for problem in &problems {
        eprintln!("  {problem}");
    }
    eprintln!(
        "If the change is intended, run `cargo xtask golden` and review the diff (docs/golden.md)."
    );
    Err(format!("{} golden problems", problems.len()))
}
