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

#[test]
fn outputs_are_checked_before_writing() {
    use onepath_io::check_output;
    let dir = fresh_dir("check");
    fs::create_dir(dir.join("folder")).unwrap();
    let err = check_output(&dir.join("folder")).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::IsADirectory);
    assert!(check_output(&dir.join("missing").join("x.svg")).is_err());
    // Two spellings of one new file have one identity; the probe leaves nothing behind.
    let a = check_output(&dir.join("new.json")).unwrap();
    let b = check_output(&dir.join(".").join("new.json")).unwrap();
    assert_eq!(a.identity(), b.identity());
    assert!(!a.is_written_through());
    assert_eq!(entries(&dir), vec!["folder"]);
}

#[cfg(unix)]
#[test]
fn a_replaced_file_keeps_its_mode_and_a_link_its_target() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_dir("mode");
    let path = dir.join("out.mesh");
    fs::write(&path, b"one").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink("out.mesh", dir.join("link.mesh")).unwrap();
    write_file_atomically(&dir.join("link.mesh"), b"two").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"two");
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert!(
        fs::symlink_metadata(dir.join("link.mesh"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(entries(&dir), vec!["link.mesh", "out.mesh"]);
}
