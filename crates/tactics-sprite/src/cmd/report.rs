//! The options `check` and `diff` share and how they end: `--format` chooses the printer of
//! `sprite_report::findings`, `--max` its limit, `--ignore` the patterns, and the command line's
//! words for them go into the report's lines; the exit status (0 same, 1 different).

use std::io;

use sprite_data::compare::PathPattern;
use sprite_report::findings::{self, Printer, Report, Words};

use super::{Failure, Outcome};

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Lines grouped by what they are about, then a summary line.
    Text,
    /// One JSON object with every difference (never cut by --max).
    Json,
    /// GitHub Actions annotations (`::error file=...::...`), one per difference.
    Github,
}

impl From<Format> for findings::Format {
    fn from(format: Format) -> Self {
        match format {
            Format::Text => Self::Text,
            Format::Json => Self::Json,
            Format::Github => Self::Github,
        }
    }
}

/// The options `check` and `diff` share.
#[derive(Debug, Clone, clap::Args)]
pub struct ReportArgs {
    /// Leave out a path and all under it (`hands`, `animations[*].mode`; `*` any key); repeatable
    #[arg(long, value_name = "PATH", value_parser = PathPattern::parse)]
    pub ignore: Vec<PathPattern>,

    /// How to print the differences: text, json (never cut) or github (annotations) [default: text]
    #[arg(
        long,
        value_enum,
        default_value_t = Format::Text,
        hide_default_value = true,
        hide_possible_values = true
    )]
    pub format: Format,

    /// Print at most N differences, then the count (0: no limit) [default: 40]
    #[arg(
        long,
        value_name = "N",
        default_value_t = 40,
        hide_default_value = true,
        allow_negative_numbers = true,
        value_parser = super::whole_number::<usize>
    )]
    pub max: usize,
}

/// The command line's words for the parameters a report's lines name.
const WORDS: Words<'static> = Words {
    ignore: "--ignore",
    no_limit: "--max 0",
};

/// `check`'s and `diff`'s ending: the report printed with exit 0 or 1, or, when the comparison
/// could not be made, [`Failure::CannotCompare`] (exit 2, so that 1 always means a difference).
///
/// # Errors
/// As [`print()`]'s, and [`Failure::CannotCompare`].
pub fn print_or_refuse(prepared: anyhow::Result<Report>, args: &ReportArgs) -> Outcome {
    print(&prepared.map_err(Failure::CannotCompare)?, args)
}

/// Prints the report: `Ok` (exit 0) when nothing differs.
///
/// # Errors
/// [`Failure::Reported`] (exit 1) when something differs; [`Failure::Failed`] when stdout
/// cannot be written.
pub fn print(report: &Report, args: &ReportArgs) -> Outcome {
    for pattern in &report.unused_patterns {
        eprintln!("tactics-sprite: note: --ignore {pattern} matched no difference");
    }
    let printer = Printer {
        format: args.format.into(),
        max: args.max,
        words: WORDS,
    };
    report
        .write(&mut io::stdout().lock(), &printer)
        .map_err(super::stdout_error)?;
    if report.same() {
        Ok(())
    } else {
        Err(Failure::Reported)
    }
}
