//! The `onepath` command-line program as a library: [`run`] takes the arguments and the two
//! output streams and returns the exit status, so tests drive it in-process as well as
//! through the binary.
#![forbid(unsafe_code)]

mod build;
mod commands;
mod input;
mod memory;
mod options;
mod output;
mod path;
mod tiled;

use std::fmt;
use std::io::Write;

/// The exit status of a run that failed: bad arguments, bad input or a library error.
pub const EXIT_FAILURE: i32 = 2;

/// A failed run: one line for stderr, naming the file, the line (where there is one) and
/// what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    message: String,
}

impl CliError {
    /// An error with the given message.
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }

    /// A usage error of `command`, pointing at its help.
    pub(crate) fn usage(command: &str, message: impl fmt::Display) -> Self {
        let help = if command.is_empty() {
            "onepath --help".to_string()
        } else {
            format!("onepath {command} --help")
        };
        Self::new(format!("{message} (see `{help}`)"))
    }
}

/// The command-line option behind a library argument name, where there is one.
fn option_name(argument: &str) -> Option<&'static str> {
    Some(match argument {
        "max_vertices_per_polygon" => "--max-verts",
        "agent_radius" => "--agent-radius",
        "cell_size" => "--cell-size",
        "distance" => "--distance",
        "arc_tolerance" => "--arc-tolerance",
        "tile_size" => "--tile-size",
        _ => return None,
    })
}

/// A library error met while working on `context` (a file name or an operation), naming
/// the command-line option where the bad value came from one.
pub(crate) fn library_error(context: &str, error: onepath_build2d::Error) -> CliError {
    use onepath_build2d::{Error, Location};
    if let Error::OutOfRange {
        location: Location::Argument(name),
        message,
    }
    | Error::InvalidArgument {
        location: Location::Argument(name),
        message,
    } = &error
        && let Some(option) = option_name(name)
    {
        return CliError::new(format!("{context}: option `{option}`: {message}"));
    }
    CliError::new(format!("{context}: {error}"))
}

/// The most characters of an input an error line quotes.
const LONGEST_QUOTE: usize = 40;

/// `text` cut to [`LONGEST_QUOTE`] characters for an error line (a line of a map with
/// CR line ends can be megabytes long), with `…` and the full length when cut.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(LONGEST_QUOTE) {
        None => text.to_string(),
        Some((end, _)) => format!("{}… ({} characters)", &text[..end], text.chars().count()),
    }
}

/// The longest number an error line quotes digit by digit; longer ones (the 309 digits
/// Rust prints for `1e308`) are written in scientific notation.
const LONGEST_PLAIN_NUMBER: usize = 24;

/// `message` with every number longer than [`LONGEST_PLAIN_NUMBER`] characters written
/// in scientific notation (the same `f64`, so nothing is lost).
pub(crate) fn readable(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        out.push_str(&rest[..start]);
        let number = &rest[start..];
        let len = number
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(number.len());
        let (digits, tail) = number.split_at(len);
        // Digits inside a word (`x999…`, a quoted input) are left as they are.
        let in_word = out
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        match digits.parse::<f64>() {
            Ok(value) if len > LONGEST_PLAIN_NUMBER && !in_word => {
                out.push_str(&format!("{value:e}"));
            }
            _ => out.push_str(digits),
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

/// Runs the program with `args` (without the program name), writing the summary and help to
/// `stdout` and errors to `stderr`. Returns the exit status: 0 on success, [`EXIT_FAILURE`]
/// on any error, after which no output file exists. No progress bar is drawn.
pub fn run(
    args: &[String],
    stdout: &mut (dyn Write + Send),
    stderr: &mut (dyn Write + Send),
) -> i32 {
    run_with_progress(args, stdout, stderr, false)
}

/// [`run`], drawing a progress bar on the process's standard error while a long build
/// runs when `progress` is true (the binary passes whether standard error is a terminal).
/// The bar is cleared before the summary; it never changes an output.
pub fn run_with_progress(
    args: &[String],
    stdout: &mut (dyn Write + Send),
    stderr: &mut (dyn Write + Send),
    progress: bool,
) -> i32 {
    match dispatch(args, stdout, stderr, progress) {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(stderr, "onepath: error: {}", readable(&e.message));
            EXIT_FAILURE
        }
    }
}

fn dispatch(
    args: &[String],
    stdout: &mut (dyn Write + Send),
    stderr: &mut (dyn Write + Send),
    progress: bool,
) -> Result<(), CliError> {
    use clap::error::ErrorKind;
    let cli = match options::parse(args) {
        Ok(cli) => cli,
        // Help and the version are printed on stdout: a successful run.
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            let _ = write!(stdout, "{e}");
            return Ok(());
        }
        Err(e) => return Err(options::usage_error(&e, options::command_of(args))),
    };
    let mut command = cli.command;
    let threads = command.input_options_mut().and_then(|o| o.threads);
    match threads {
        // The command runs inside a pool of that many threads: every rayon pass of the
        // library (the arrangement's, the tiles') uses it, and the outputs do not depend
        // on its size (decisions D17, D19).
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| {
                CliError::new(format!("option `--threads`: cannot start {n} threads: {e}"))
            })?
            .install(|| run_command(command, stdout, stderr, progress)),
        None => run_command(command, stdout, stderr, progress),
    }
}

/// Runs a parsed command.
fn run_command(
    command: options::Command,
    stdout: &mut (dyn Write + Send),
    stderr: &mut (dyn Write + Send),
    progress: bool,
) -> Result<(), CliError> {
    use options::Command;
    match command {
        Command::Build(args) => build::run_build(&args, stdout, stderr, progress),
        Command::Region(args) => commands::run_region(&args, stdout, stderr),
        Command::Triangulate(args) => commands::run_mesh_command(None, &args, stdout, stderr),
        Command::Partition(args) => {
            commands::run_mesh_command(Some(args.max_verts), &args.mesh, stdout, stderr)
        }
        Command::Path(args) => path::run_path(&args, stdout, stderr, progress),
        Command::Completions { shell } => {
            // Generated into memory first: clap_complete panics when a write fails (a
            // closed pipe), and a failed write here is an error line.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut options::command(), "onepath", &mut script);
            stdout
                .write_all(&script)
                .and_then(|()| stdout.flush())
                .map_err(|e| CliError::new(format!("cannot write to standard output: {e}")))
        }
    }
}
