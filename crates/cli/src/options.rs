//! Command-line arguments, parsed by hand: positionals, `--name value`, `--name=value`,
//! and `--help` / `-h`.

use crate::CliError;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The arguments of one command after parsing.
#[derive(Debug, Default)]
pub(crate) struct ParsedArgs {
    /// The command's name, for messages (`build`, `region`, ...).
    command: &'static str,
    /// Arguments that are not options, in order.
    pub(crate) positionals: Vec<String>,
    /// Option values by option name (without the leading `--`).
    values: BTreeMap<&'static str, String>,
    /// Flags given (options without a value, such as `--areas`).
    flags: Vec<&'static str>,
    /// Whether `--help` or `-h` was given.
    pub(crate) help: bool,
}

/// Parses `args` for `command`, which takes the options named in `allowed` (each with a
/// value) and the flags named in `flags` (no value). Every option may appear once;
/// anything starting with `--` that is not allowed is an error. A value may start with `-`
/// (`--distance -0.5`).
pub(crate) fn parse_args(
    command: &'static str,
    args: &[String],
    allowed: &[&'static str],
    flags: &[&'static str],
) -> Result<ParsedArgs, CliError> {
    let mut parsed = ParsedArgs {
        command,
        ..ParsedArgs::default()
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--help" || arg == "-h" {
            parsed.help = true;
            continue;
        }
        let Some(option) = arg.strip_prefix("--") else {
            if arg.len() > 1 && arg.starts_with('-') && arg.parse::<f64>().is_err() {
                return Err(unknown_option(command, arg));
            }
            parsed.positionals.push(arg.clone());
            continue;
        };
        if let Some(&flag) = flags.iter().find(|&&f| f == option) {
            if parsed.flags.contains(&flag) {
                return Err(CliError::usage(
                    command,
                    format!("option `--{flag}` is given twice"),
                ));
            }
            parsed.flags.push(flag);
            continue;
        }
        let (name, inline_value) = match option.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (option, None),
        };
        let Some(&name) = allowed.iter().find(|&&a| a == name) else {
            return Err(unknown_option(command, arg));
        };
        let value = match inline_value {
            Some(value) => value,
            None => rest.next().cloned().ok_or_else(|| {
                CliError::usage(command, format!("option `--{name}` needs a value"))
            })?,
        };
        if parsed.values.insert(name, value).is_some() {
            return Err(CliError::usage(
                command,
                format!("option `--{name}` is given twice"),
            ));
        }
    }
    Ok(parsed)
}

fn unknown_option(command: &str, arg: &str) -> CliError {
    CliError::usage(command, format!("unknown option `{}`", crate::quote(arg)))
}

impl ParsedArgs {
    fn raw(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The raw value of the option `name`, when given.
    pub(crate) fn value(&self, name: &str) -> Option<&str> {
        self.raw(name)
    }

    /// Whether the option or flag `name` was given.
    pub(crate) fn is_given(&self, name: &str) -> bool {
        self.values.contains_key(name) || self.flags.contains(&name)
    }

    fn bad_value(&self, name: &str, value: &str, what: &str) -> CliError {
        CliError::usage(
            self.command,
            format!("`--{name} {}`: {what}", crate::quote(value)),
        )
    }

    /// A finite number, or `default` when the option is absent.
    pub(crate) fn number(&self, name: &str, default: f64) -> Result<f64, CliError> {
        let Some(value) = self.raw(name) else {
            return Ok(default);
        };
        match value.trim().parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            Ok(_) => Err(self.bad_value(name, value, "the number must be finite")),
            Err(_) => Err(self.bad_value(name, value, "not a number")),
        }
    }

    /// A required finite number.
    pub(crate) fn required_number(&self, name: &str) -> Result<f64, CliError> {
        if self.raw(name).is_none() {
            return Err(CliError::usage(
                self.command,
                format!("option `--{name}` is required"),
            ));
        }
        self.number(name, 0.0)
    }

    /// A non-negative integer, or `default` when the option is absent.
    pub(crate) fn integer(&self, name: &str, default: u32) -> Result<u32, CliError> {
        let Some(value) = self.raw(name) else {
            return Ok(default);
        };
        value
            .trim()
            .parse::<u32>()
            .map_err(|_| self.bad_value(name, value, "not a non-negative integer"))
    }

    /// An integer in `0..=max`, or `default` when the option is absent.
    pub(crate) fn integer_at_most(
        &self,
        name: &str,
        default: u32,
        max: u32,
    ) -> Result<u32, CliError> {
        let value = self.integer(name, default)?;
        if value > max {
            let raw = self.raw(name).unwrap_or_default();
            return Err(self.bad_value(name, raw, &format!("{value} is outside 0..={max}")));
        }
        Ok(value)
    }

    /// One of `choices`, or `default` when the option is absent.
    pub(crate) fn choice(
        &self,
        name: &str,
        choices: &[&'static str],
        default: &'static str,
    ) -> Result<&'static str, CliError> {
        let Some(value) = self.raw(name) else {
            return Ok(default);
        };
        choices
            .iter()
            .copied()
            .find(|&c| c == value)
            .ok_or_else(|| {
                self.bad_value(
                    name,
                    value,
                    &format!("expected one of {}", choices.join(", ")),
                )
            })
    }

    /// A path, when the option is present.
    pub(crate) fn path(&self, name: &str) -> Option<PathBuf> {
        self.raw(name).map(PathBuf::from)
    }

    /// Checks the number of positional arguments.
    pub(crate) fn expect_positionals(
        &self,
        min: usize,
        max: usize,
        usage: &str,
    ) -> Result<(), CliError> {
        let n = self.positionals.len();
        if n < min || n > max {
            let what = if n < min {
                "missing argument"
            } else {
                "too many arguments"
            };
            return Err(CliError::usage(
                self.command,
                format!("{what} (usage: {usage})"),
            ));
        }
        Ok(())
    }
}
