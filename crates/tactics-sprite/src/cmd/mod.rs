//! The subcommands, one module each, and what they share: the words of flags, the kind a file is
//! decoded as, and how a command ends ([`failure`]). Finding and reading the inputs is
//! `sprite_inputs`'.

pub mod asm;
pub mod build;
pub mod check;
pub mod diff;
pub mod disasm;
pub mod disc;
pub mod documents;
pub mod draw;
pub mod export_aseprite;
pub mod failure;
pub mod game;
pub mod inputs;
pub mod inspect;
pub mod list;
pub mod output;
pub mod palette;
pub mod remaster_mod;
pub mod render;
pub mod report;
pub mod roundtrip;
pub mod sas;
pub mod serve;
pub mod sheet;
pub mod sheet_hd;
pub mod weapon;

use std::io;
use std::path::Path;
use std::str::FromStr;

use fft_formats::FileFormat;

pub use failure::{Failure, Flags, Outcome, report_error};
pub use sprite_inputs::read::read_input;
pub use sprite_inputs::sniff::{
    FormatSource, SpriteFile, not_a_sprite_file, text_form_in_words, wrong_kind,
};

/// The last line of `--help` for the commands that read a document: the limits themselves are on
/// docs/limits.md, which a test (`sprite-data`'s `limits_doc`) holds to `sprite_data::limits`.
pub const LIMITS_HELP: &str =
    "Limits: a document is untrusted input, checked whole and held to the limits on docs/limits.md";

pub use sprite_report::plural;

/// A warning: one line on stderr, `tactics-sprite: COMMAND: warning: MESSAGE`, any control
/// character escaped; the command goes on and its exit status is what it would have been.
pub fn warn(command: &str, message: &str) {
    eprintln!(
        "tactics-sprite: {command}: warning: {}",
        faults::escape_controls(message)
    );
}

/// Reads a count that must be at least 1 (`--columns`, `--hold`, `--timeout-ms`): clap's own
/// range message would state the type's largest value as the upper bound, which says nothing.
///
/// # Errors
/// The line clap shows after the option's name.
pub fn at_least_one<T: FromStr + PartialEq + From<u8>>(value: &str) -> Result<T, String> {
    match value.trim().parse::<T>() {
        Ok(n) if n != T::from(0) => Ok(n),
        _ => Err(format!(
            "expected a whole number of at least 1, not {value:?}"
        )),
    }
}

/// Reads a whole number from 0 (`--plays`, `--max`, `--palette`), so that `-1` or `x` is named
/// as what it is rather than as a digit the parser did not expect.
///
/// # Errors
/// The line clap shows after the option's name.
pub fn whole_number<T: FromStr>(value: &str) -> Result<T, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("expected a whole number from 0, not {value:?}"))
}

/// Reads an index (`--frame`): a whole number from 0.
///
/// # Errors
/// The line clap shows after the option's name.
pub fn index(value: &str) -> Result<usize, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("expected an index, a whole number from 0, not {value:?}"))
}

/// Reads a signed whole number (`--tick`, whose range the command checks and words itself).
///
/// # Errors
/// The line clap shows after the option's name.
pub fn integer(value: &str) -> Result<i64, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("expected a whole number, not {value:?}"))
}

/// `--kind` values: which format to decode a file as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// A unit SHP (TYPE1, TYPE2, CYOKO, MON, OTHER, ARUTE, KANZEN).
    UnitShp,
    /// A weapon or effect SHP (WEP1, WEP2, EFF1, EFF2).
    WeaponShp,
    /// A SEQ animation file.
    Seq,
    /// An SPR sprite sheet (or an SP2 sheet, or the OTHER sheet).
    Spr,
}

impl From<FormatArg> for FileFormat {
    fn from(kind: FormatArg) -> Self {
        match kind {
            FormatArg::UnitShp => Self::UnitShp,
            FormatArg::WeaponShp => Self::WeaponShp,
            FormatArg::Seq => Self::Seq,
            FormatArg::Spr => Self::Spr,
        }
    }
}

/// The kind to decode `bytes` as: `forced` (`--kind`) when given, else what the structure says
/// ([`sprite_inputs::sniff::choose_kind`]).
///
/// # Errors
/// As [`sprite_inputs::sniff::choose_kind`].
pub fn choose_kind(
    path: &Path,
    bytes: &[u8],
    forced: Option<FormatArg>,
) -> sprite_inputs::Result<(FileFormat, FormatSource)> {
    sprite_inputs::sniff::choose_kind(path, bytes, forced.map(FileFormat::from))
}

/// Wraps a write to stdout so that its failure reads as one.
pub fn stdout_error(error: io::Error) -> anyhow::Error {
    anyhow::Error::new(error).context("writing to stdout")
}
