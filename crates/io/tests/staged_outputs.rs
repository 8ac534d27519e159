//! Tests of `StagedOutputs`: files appear only on commit, and nothing is left on failure.

use onepath_io::{StagedOutputs, write_file_atomically};
use std::fs;
use std::path::PathBuf;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("onepath-io-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn entries(dir: &PathBuf) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn files_appear_only_on_commit() {
    let dir = fresh_dir("commit");
    let mut outputs = StagedOutputs::new();
    outputs.stage(&dir.join("a.json"), b"{}").unwrap();
    outputs.stage(&dir.join("b.svg"), b"<svg/>").unwrap();
    assert!(!dir.join("a.json").exists());
    assert_eq!(entries(&dir).len(), 2, "two temporary files");
    let written = outputs.commit().unwrap();
    assert_eq!(written.len(), 2);
    assert_eq!(entries(&dir), vec!["a.json", "b.svg"]);
    assert_eq!(fs::read(dir.join("b.svg")).unwrap(), b"<svg/>");
}

#[test]
fn a_failed_stage_leaves_nothing_behind() {
    let dir = fresh_dir("failure");
    let mut outputs = StagedOutputs::new();
    outputs.stage(&dir.join("a.json"), b"{}").unwrap();
    let missing = dir.join("no-such-folder").join("b.svg");
    assert!(outputs.stage(&missing, b"<svg/>").is_err());
    drop(outputs);
    assert!(entries(&dir).is_empty());
}

#[test]
fn write_file_atomically_replaces_the_file() {
    let dir = fresh_dir("replace");
    let path = dir.join("out.mesh");
    write_file_atomically(&path, b"one").unwrap();
    write_file_atomically(&path, b"two").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"two");
    assert_eq!(entries(&dir), vec!["out.mesh"]);
}
