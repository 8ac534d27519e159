//! The `onepath` binary: hands the arguments to [`onepath_cli::run`] and exits with its
//! status.
#![forbid(unsafe_code)]

use std::io::{IsTerminal, Write};

fn main() {
    let mut args = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(arg) => args.push(arg),
            Err(arg) => {
                eprintln!("onepath: error: the argument {arg:?} is not valid UTF-8");
                std::process::exit(onepath_cli::EXIT_FAILURE);
            }
        }
    }
    remove_temporary_files_on_termination();
    // The streams themselves, not their locks: a command may run on a thread of the pool
    // that `--threads` starts, and a lock cannot move there.
    let progress = std::io::stderr().is_terminal();
    let status = onepath_cli::run_with_progress(
        &args,
        &mut std::io::stdout(),
        &mut std::io::stderr(),
        progress,
    );
    let _ = std::io::stdout().flush();
    std::process::exit(status);
}

/// On `SIGINT` or `SIGTERM`, removes the temporary files of outputs being written and then
/// ends the process as the signal would have (status 130 or 143 in a shell). Signals are
/// received on a thread of `signal-hook`'s iterator, so no code runs in a signal handler.
#[cfg(unix)]
fn remove_temporary_files_on_termination() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        // Without the handler a signal ends the process as before: it still works.
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Held until the process ends: no new temporary file can appear meanwhile.
            let _removed = onepath_io::remove_temporary_files();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
}

#[cfg(not(unix))]
fn remove_temporary_files_on_termination() {}
