//! Writing files so that a failed run leaves none behind: each output goes to a temporary
//! file in its own folder, and the temporary files are renamed only when all are written.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Output files written together: [`StagedOutputs::stage`] writes each to a temporary file
/// beside its destination, [`StagedOutputs::commit`] renames them all into place, and
/// dropping the set without committing removes the temporary files.
#[derive(Debug, Default)]
pub struct StagedOutputs {
    staged: Vec<(PathBuf, PathBuf)>,
}

/// The temporary name of `path`: `.NAME.onepath-tmp-PID` in the same folder, so the final
/// rename never crosses file systems.
fn temporary_path(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "the output path has no file name",
        )
    })?;
    let mut temporary = std::ffi::OsString::from(".");
    temporary.push(name);
    temporary.push(format!(".onepath-tmp-{}", std::process::id()));
    Ok(path.with_file_name(temporary))
}

impl StagedOutputs {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Writes `contents` to a temporary file beside `path`. On failure nothing is left of
    /// this file (the already staged ones stay staged).
    pub fn stage(&mut self, path: &Path, contents: &[u8]) -> io::Result<()> {
        let temporary = temporary_path(path)?;
        if let Err(e) = fs::write(&temporary, contents) {
            let _ = fs::remove_file(&temporary);
            return Err(e);
        }
        self.staged.push((temporary, path.to_path_buf()));
        Ok(())
    }

    /// Renames every staged file to its destination, in the order staged. On failure the
    /// remaining temporary files are removed (files already renamed stay).
    pub fn commit(mut self) -> io::Result<Vec<PathBuf>> {
        let staged = std::mem::take(&mut self.staged);
        let mut written = Vec::new();
        let mut failure = None;
        for (temporary, path) in staged {
            if failure.is_some() {
                let _ = fs::remove_file(&temporary);
                continue;
            }
            match fs::rename(&temporary, &path) {
                Ok(()) => written.push(path),
                Err(e) => {
                    let _ = fs::remove_file(&temporary);
                    failure = Some(e);
                }
            }
        }
        match failure {
            Some(e) => Err(e),
            None => Ok(written),
        }
    }
}

impl Drop for StagedOutputs {
    fn drop(&mut self) {
        for (temporary, _) in &self.staged {
            let _ = fs::remove_file(temporary);
        }
    }
}

/// Writes one file atomically: a temporary file in the same folder, then a rename.
pub fn write_file_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut outputs = StagedOutputs::new();
    outputs.stage(path, contents)?;
    outputs.commit().map(|_| ())
}
