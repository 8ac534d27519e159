//! Writing files so that a failed run leaves none behind: every output path is checked
//! first ([`check_output`]), each regular output goes to a temporary file in its own folder,
//! and the temporary files are renamed only when all are written. Special files (FIFOs,
//! devices) are written through, symbolic links are followed and kept, and a replaced
//! file keeps its mode.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The temporary files of every [`StagedOutputs`] of the process that exist now, so that a
/// signal handler can remove them ([`remove_temporary_files`]).
static LIVE_TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live_temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE_TEMPORARIES
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
}

/// The temporary files removed by [`remove_temporary_files`]; while this value lives, no
/// [`StagedOutputs`] of the process can create another one.
#[derive(Debug)]
pub struct TemporariesRemoved {
    _lock: MutexGuard<'static, Vec<PathBuf>>,
}

/// Removes every temporary file that a [`StagedOutputs`] of this process holds now, for a
/// signal handler that is about to end the process (`SIGINT`, `SIGTERM`). Keep the returned
/// value until the process ends: it blocks the creation of new temporary files.
pub fn remove_temporary_files() -> TemporariesRemoved {
    let mut live = live_temporaries();
    for path in live.drain(..) {
        let _ = fs::remove_file(path);
    }
    TemporariesRemoved { _lock: live }
}

/// Creates a new temporary file beside `destination` (`.NAME.onepath-tmp-PID`, with a
/// counter when that name is taken), registered for [`remove_temporary_files`].
fn create_temporary(destination: &Path) -> io::Result<(PathBuf, fs::File)> {
    let name = destination.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "the output path has no file name",
        )
    })?;
    let mut last_error = None;
    for attempt in 0..100 {
        let mut temporary = std::ffi::OsString::from(".");
        temporary.push(name);
        temporary.push(format!(".onepath-tmp-{}", std::process::id()));
        if attempt > 0 {
            temporary.push(format!("-{attempt}"));
        }
        let path = destination.with_file_name(temporary);
        // The file is created and registered under the lock, so a signal handler that
        // holds the lock sees every temporary file that exists.
        let mut live = live_temporaries();
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => {
                live.push(path.clone());
                return Ok((path, file));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last_error = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last_error.unwrap_or_else(|| io::Error::other("no free temporary file name")))
}

/// Removes a temporary file and forgets it.
fn remove_temporary(path: &Path) {
    let mut live = live_temporaries();
    let _ = fs::remove_file(path);
    live.retain(|p| p != path);
}

/// Forgets a temporary file that was renamed into place.
fn forget_temporary(path: &Path) {
    live_temporaries().retain(|p| p != path);
}

/// Which file a path names, for telling whether two paths name the same file: the device
/// and inode of an existing file, or the folder and name of a file still to be created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileIdentity(IdentityKey);

#[derive(Clone, Debug, PartialEq, Eq)]
enum IdentityKey {
    Existing(u64, u64),
    New(u64, u64, std::ffi::OsString),
    Path(PathBuf),
}

#[cfg(unix)]
fn key_of(metadata: &fs::Metadata, _path: &Path) -> IdentityKey {
    use std::os::unix::fs::MetadataExt;
    IdentityKey::Existing(metadata.dev(), metadata.ino())
}

#[cfg(not(unix))]
fn key_of(_metadata: &fs::Metadata, path: &Path) -> IdentityKey {
    IdentityKey::Path(fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()))
}

/// The identity of an existing file (an input), following symbolic links.
pub fn file_identity(path: &Path) -> io::Result<FileIdentity> {
    let metadata = fs::metadata(path)?;
    Ok(FileIdentity(key_of(&metadata, path)))
}

/// How an output is written.
#[derive(Clone, Debug)]
enum Method {
    /// To a temporary file renamed onto `destination` (the path with its symbolic links
    /// followed); `permissions` are those of the file it replaces.
    Replace {
        destination: PathBuf,
        permissions: Option<fs::Permissions>,
    },
    /// Opened and written in place: a FIFO, a device, or a file reached through a link
    /// the program cannot follow by name (`/dev/stdout` and the like).
    Through,
}

/// An output path checked by [`check_output`]: it can be written, and how.
#[derive(Clone, Debug)]
pub struct CheckedOutput {
    path: PathBuf,
    identity: FileIdentity,
    method: Method,
}

impl CheckedOutput {
    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file the path names.
    pub fn identity(&self) -> &FileIdentity {
        &self.identity
    }

    /// Whether the output is written in place (a FIFO or a device) rather than replaced.
    pub fn is_written_through(&self) -> bool {
        matches!(self.method, Method::Through)
    }
}

/// The path with its symbolic links followed, one by one, to the last one's target (which
/// need not exist).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The folder a path's file lives in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Checks that `path` can be written as an output, before anything is computed or
/// written: not a folder, in an existing folder that takes new files (tried by creating
/// and removing a temporary file there) or a FIFO or device that is written in place.
/// Symbolic links are followed: the file they point to is the one replaced.
pub fn check_output(path: &Path) -> io::Result<CheckedOutput> {
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path does not name a file",
        ));
    }
    let (identity, method) = match fs::metadata(path) {
        Ok(m) if m.is_dir() => {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a folder",
            ));
        }
        Ok(m) if m.is_file() => {
            let identity = FileIdentity(key_of(&m, path));
            let destination = follow_links(path)?;
            // A link whose target cannot be named (a deleted file behind /proc) is written
            // through rather than replaced.
            let same = fs::metadata(&destination)
                .map(|d| FileIdentity(key_of(&d, &destination)) == identity)
                .unwrap_or(false);
            let method = if same {
                Method::Replace {
                    destination,
                    permissions: Some(m.permissions()),
                }
            } else {
                Method::Through
            };
            (identity, method)
        }
        Ok(m) => (FileIdentity(key_of(&m, path)), Method::Through),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let destination = follow_links(path)?;
            let folder = folder_of(&destination);
            let folder_metadata = fs::metadata(folder)?;
            if !folder_metadata.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::NotADirectory,
                    format!("{} is not a folder", folder.display()),
                ));
            }
            let name = destination.file_name().unwrap_or_default().to_os_string();
            let key = match key_of(&folder_metadata, folder) {
                IdentityKey::Existing(dev, ino) => IdentityKey::New(dev, ino, name),
                _ => IdentityKey::Path(destination.clone()),
            };
            (
                FileIdentity(key),
                Method::Replace {
                    destination,
                    permissions: None,
                },
            )
        }
        Err(e) => return Err(e),
    };
    if let Method::Replace { destination, .. } = &method {
        // The folder must take a new file: try it.
        let (probe, _file) = create_temporary(destination)?;
        remove_temporary(&probe);
    }
    Ok(CheckedOutput {
        path: path.to_path_buf(),
        identity,
        method,
    })
}

/// One output: where it goes and, for outputs written in place, the bytes to write.
#[derive(Debug)]
enum Staged {
    Renamed {
        temporary: PathBuf,
        destination: PathBuf,
        path: PathBuf,
    },
    Through {
        path: PathBuf,
        contents: Vec<u8>,
    },
}

/// Output files written together: [`StagedOutputs::stage`] writes each regular output to a
/// temporary file beside its destination (outputs written in place wait),
/// [`StagedOutputs::commit`] writes the FIFOs and devices and then renames the temporary
/// files into place, and dropping the set without committing removes the temporary files.
#[derive(Debug, Default)]
pub struct StagedOutputs {
    staged: Vec<Staged>,
}

impl StagedOutputs {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Checks `path` ([`check_output`]) and stages `contents` for it.
    pub fn stage(&mut self, path: &Path, contents: &[u8]) -> io::Result<()> {
        let output = check_output(path)?;
        self.stage_checked(&output, contents)
    }

    /// Stages `contents` for a checked output: a temporary file beside the destination,
    /// with the mode of the file it will replace. On failure nothing is left of this file
    /// (the already staged ones stay staged).
    pub fn stage_checked(&mut self, output: &CheckedOutput, contents: &[u8]) -> io::Result<()> {
        self.stage_with(output, |w| w.write_all(contents))
    }

    /// Stages what `write` writes for a checked output, as [`StagedOutputs::stage_checked`]
    /// stages bytes: `write` writes straight into the temporary file, so a large output
    /// need not be held in memory first (an output written in place, a FIFO or a device,
    /// is collected in memory and written at [`StagedOutputs::commit`]). When `write` or
    /// the file fails, the temporary file is removed and the error returned.
    pub fn stage_with(
        &mut self,
        output: &CheckedOutput,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        match &output.method {
            Method::Through => {
                let mut contents = Vec::new();
                write(&mut contents)?;
                self.staged.push(Staged::Through {
                    path: output.path.clone(),
                    contents,
                });
            }
            Method::Replace {
                destination,
                permissions,
            } => {
                let (temporary, mut file) = create_temporary(destination)?;
                let written =
                    write(&mut file)
                        .and_then(|()| file.flush())
                        .and_then(|()| match permissions {
                            Some(p) => fs::set_permissions(&temporary, p.clone()),
                            None => Ok(()),
                        });
                drop(file);
                if let Err(e) = written {
                    remove_temporary(&temporary);
                    return Err(e);
                }
                self.staged.push(Staged::Renamed {
                    temporary,
                    destination: destination.clone(),
                    path: output.path.clone(),
                });
            }
        }
        Ok(())
    }

    /// Writes the outputs that are written in place, then renames every temporary file to
    /// its destination, in the order staged, and returns the paths as given. When an output
    /// written in place fails, no file has been replaced yet and the temporary files are
    /// removed; when a rename fails, the remaining temporary files are removed (files
    /// already renamed stay).
    pub fn commit(mut self) -> io::Result<Vec<PathBuf>> {
        let staged = std::mem::take(&mut self.staged);
        for item in &staged {
            if let Staged::Through { path, contents } = item {
                let written = fs::OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(path)
                    .and_then(|mut f| f.write_all(contents).and_then(|()| f.flush()));
                if let Err(e) = written {
                    self.staged = staged;
                    return Err(e);
                }
            }
        }
        let mut written = Vec::new();
        let mut failure = None;
        for item in staged {
            match item {
                Staged::Through { path, .. } => written.push(path),
                Staged::Renamed {
                    temporary,
                    destination,
                    path,
                } => {
                    if failure.is_some() {
                        remove_temporary(&temporary);
                        continue;
                    }
                    match fs::rename(&temporary, &destination) {
                        Ok(()) => {
                            forget_temporary(&temporary);
                            written.push(path);
                        }
                        Err(e) => {
                            remove_temporary(&temporary);
                            failure = Some(e);
                        }
                    }
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
        for item in &self.staged {
            if let Staged::Renamed { temporary, .. } = item {
                remove_temporary(temporary);
            }
        }
    }
}

/// Writes one file atomically: a temporary file in the same folder, then a rename (or in
/// place for a FIFO or a device).
pub fn write_file_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut outputs = StagedOutputs::new();
    outputs.stage(path, contents)?;
    outputs.commit().map(|_| ())
}
