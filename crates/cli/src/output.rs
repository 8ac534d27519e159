//! Output files of a run, written together once everything is computed, and the lines of
//! the summary that several commands share.

use crate::CliError;
use onepath_build2d::Region;
use onepath_io::StagedOutputs;
use std::path::PathBuf;
use std::time::Duration;

/// The files a run writes: every one is produced in memory first, then all are written to
/// temporary files and renamed into place, so a failure leaves no output file.
#[derive(Debug, Default)]
pub(crate) struct OutputPlan {
    files: Vec<(PathBuf, Vec<u8>)>,
}

impl OutputPlan {
    /// Adds a file to write.
    pub(crate) fn add(&mut self, path: PathBuf, contents: impl Into<Vec<u8>>) {
        self.files.push((path, contents.into()));
    }

    /// Whether the plan writes nothing.
    pub(crate) fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Writes every file; on failure none of them is left behind (unless a rename fails
    /// half way, which leaves the files renamed before it).
    pub(crate) fn write(self) -> Result<Vec<PathBuf>, CliError> {
        for (i, (path, _)) in self.files.iter().enumerate() {
            if self.files[..i].iter().any(|(p, _)| p == path) {
                return Err(CliError::new(format!(
                    "{}: the same file is named for two outputs",
                    path.display()
                )));
            }
        }
        let mut staged = StagedOutputs::new();
        for (path, contents) in &self.files {
            staged
                .stage(path, contents)
                .map_err(|e| write_error(path, &e))?;
        }
        staged
            .commit()
            .map_err(|e| CliError::new(format!("cannot rename an output into place: {e}")))
    }
}

fn write_error(path: &std::path::Path, e: &std::io::Error) -> CliError {
    CliError::new(format!("{}: cannot write the file: {e}", path.display()))
}

/// An `io::Error` of an output writer (an inconsistent mesh: a defect) as a run error.
pub(crate) fn format_error(what: &str, e: std::io::Error) -> CliError {
    CliError::new(format!("cannot format the {what}: {e}"))
}

/// `rings, vertices, area` of a region.
pub(crate) fn region_stats(region: &Region) -> String {
    let rings = region.rings().len();
    let vertices = region.vertex_count();
    format!(
        "{}, {}, area {}",
        counted(rings, "ring", "rings"),
        counted(vertices, "vertex", "vertices"),
        region.area()
    )
}

/// `n` followed by the singular or the plural noun.
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A duration in milliseconds with two decimals.
pub(crate) fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// The closing line of the summary: which files were written.
pub(crate) fn written_line(written: &[PathBuf]) -> String {
    if written.is_empty() {
        return "wrote no file (use --json, --svg, ... to write results)\n".to_string();
    }
    let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
    format!("wrote {}\n", names.join(", "))
}
