//! Output files of a run, written together once everything is computed, and the lines of
//! the summary that several commands share.

use crate::CliError;
use onepath_build2d::{Mesh2DPipeline, NavMesh, Region};
use onepath_io::{CheckedOutput, StagedOutputs, check_output, file_identity};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where one output goes.
#[derive(Debug)]
enum Destination {
    /// Standard output (`-`).
    Stdout,
    /// A file, checked before any work.
    File(CheckedOutput),
}

/// The files a run writes, checked before the run does any work: every path can be
/// written, none is a folder, no two name the same file and none names an input. Once
/// everything is computed, each regular file is formatted straight into a temporary file
/// (never held whole in memory), and the temporary files are renamed into place only when
/// all are written, so a failure leaves no output file.
#[derive(Debug, Default)]
pub(crate) struct OutputPlan {
    /// The option and where its output goes.
    outputs: Vec<(&'static str, Destination)>,
    /// Whether a file output is the program's standard output under another name
    /// (`/dev/stdout`).
    stdout_named: bool,
}

impl OutputPlan {
    /// Checks the outputs (option name, path) against each other and against the input
    /// files (`-` is standard output).
    pub(crate) fn check(
        outputs: &[(&'static str, PathBuf)],
        inputs: &[&str],
    ) -> Result<OutputPlan, CliError> {
        let mut inputs_seen = Vec::new();
        for input in inputs {
            // A missing input is reported when it is read.
            if let Ok(identity) = file_identity(Path::new(input)) {
                inputs_seen.push((*input, identity));
            }
        }
        // The file behind the program's standard output, where the system names it.
        let stdout_identity = file_identity(Path::new("/dev/stdout")).ok();
        let mut plan = OutputPlan::default();
        for (option, path) in outputs {
            let destination = if path.as_os_str() == "-" {
                Destination::Stdout
            } else {
                let checked = check_output(path).map_err(|e| {
                    CliError::new(format!(
                        "{}: cannot write the file (option `--{option}`): {e}",
                        path.display()
                    ))
                })?;
                if let Some((input, _)) = inputs_seen
                    .iter()
                    .find(|(_, identity)| identity == checked.identity())
                {
                    return Err(CliError::new(format!(
                        "{}: option `--{option}` names the input file {input}",
                        path.display()
                    )));
                }
                if stdout_identity.as_ref() == Some(checked.identity()) {
                    plan.stdout_named = true;
                }
                Destination::File(checked)
            };
            for (other, earlier) in &plan.outputs {
                let same = match (earlier, &destination) {
                    (Destination::Stdout, Destination::Stdout) => true,
                    (Destination::File(a), Destination::File(b)) => a.identity() == b.identity(),
                    _ => false,
                };
                if same {
                    return Err(CliError::new(format!(
                        "{}: options `--{other}` and `--{option}` name the same file",
                        path.display()
                    )));
                }
            }
            plan.outputs.push((option, destination));
        }
        Ok(plan)
    }

    /// Whether an output goes to standard output (then the summary goes to stderr).
    pub(crate) fn uses_stdout(&self) -> bool {
        self.stdout_named
            || self
                .outputs
                .iter()
                .any(|(_, d)| matches!(d, Destination::Stdout))
    }

    /// The number of outputs.
    pub(crate) fn len(&self) -> usize {
        self.outputs.len()
    }

    /// Whether the output of `option` is asked for.
    pub(crate) fn wants(&self, option: &str) -> bool {
        self.outputs.iter().any(|(o, _)| *o == option)
    }

    /// Writes every output, `produce(option, sink)` writing the output of `option` into
    /// its sink: regular files to temporary files first, then standard output, then FIFOs
    /// and devices, then the renames. On failure no regular output file is left (unless a
    /// rename fails half way, which leaves the files renamed before it). Returns the names
    /// written, `-` for standard output.
    pub(crate) fn write(
        self,
        stdout: &mut dyn Write,
        produce: &mut dyn FnMut(&str, &mut dyn Write) -> io::Result<()>,
    ) -> Result<Vec<PathBuf>, CliError> {
        let mut staged = StagedOutputs::new();
        let mut to_stdout = None;
        for (option, destination) in &self.outputs {
            match destination {
                Destination::Stdout => to_stdout = Some(*option),
                Destination::File(output) => staged
                    .stage_with(output, |sink| produce(option, sink))
                    .map_err(|e| write_error(output.path(), &e))?,
            }
        }
        if let Some(option) = to_stdout {
            produce(option, stdout)
                .and_then(|()| stdout.flush())
                .map_err(|e| CliError::new(format!("cannot write to standard output: {e}")))?;
        }
        let written = staged
            .commit()
            .map_err(|e| CliError::new(format!("cannot write an output into place: {e}")))?;
        let mut names = Vec::new();
        let mut files = written.into_iter();
        for (_, destination) in &self.outputs {
            match destination {
                Destination::Stdout => names.push(PathBuf::from("-")),
                Destination::File(_) => names.extend(files.next()),
            }
        }
        Ok(names)
    }
}

/// Prints the summary on stdout, or on stderr when an output went to standard output.
pub(crate) fn print_summary(
    summary: &str,
    to_stderr: bool,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) {
    let _ = if to_stderr {
        stderr.write_all(summary.as_bytes())
    } else {
        stdout.write_all(summary.as_bytes())
    };
}

fn write_error(path: &Path, e: &std::io::Error) -> CliError {
    CliError::new(format!("{}: cannot write the file: {e}", path.display()))
}

/// The error of an option whose output no writer of the command produces: a defect.
pub(crate) fn no_writer(option: &str) -> io::Error {
    io::Error::other(format!(
        "internal error (a defect in onepath, please report it): no writer for `--{option}`"
    ))
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

/// The summary's `settings:` line of a build: the pipeline's cell size, agent radius and
/// vertex limit, and the SnapBits of the input's grid.
pub(crate) fn settings_line(pipeline: &Mesh2DPipeline, snap_bits: u32) -> String {
    format!(
        "  settings: cell size {}, agent radius {}, at most {} vertices per polygon, snap bits {}\n",
        pipeline.cell_size, pipeline.agent_radius, pipeline.max_vertices_per_polygon, snap_bits
    )
}

/// The summary's `walkable after shrink:` and `navmesh:` lines of a built mesh: the
/// shrunk region, and the mesh's vertices, triangles and polygons.
pub(crate) fn mesh_lines(mesh: &NavMesh) -> String {
    format!(
        "  walkable after shrink:  {}\n  navmesh: {}, {}, {}\n",
        region_stats(mesh.region()),
        counted(mesh.vertices().len(), "vertex", "vertices"),
        counted(mesh.triangle_count(), "triangle", "triangles"),
        counted(mesh.polygons().len(), "polygon", "polygons")
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

/// The summary's `time:` line of a build: each stage's name and duration in
/// milliseconds, in order (`  time: read 1.00 ms, ..., write 0.50 ms`).
pub(crate) fn time_line(stages: &[(&str, Duration)]) -> String {
    let stages: Vec<String> = stages
        .iter()
        .map(|&(stage, d)| format!("{stage} {}", ms(d)))
        .collect();
    format!("  time: {}\n", stages.join(", "))
}

/// The closing line of the summary: which files were written.
pub(crate) fn written_line(written: &[PathBuf]) -> String {
    if written.is_empty() {
        return "wrote no file (use --json, --svg, ... to write results)\n".to_string();
    }
    let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
    format!("wrote {}\n", names.join(", "))
}
