//! The `onepath` binary: hands the arguments to [`onepath_cli::run`] and exits with its
//! status.
#![forbid(unsafe_code)]

use std::io::Write;

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
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let status = onepath_cli::run(&args, &mut stdout.lock(), &mut stderr.lock());
    let _ = std::io::stdout().flush();
    std::process::exit(status);
}
