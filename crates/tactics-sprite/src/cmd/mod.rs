//! The subcommands, one module each, and what they share: reading an input file, choosing its
//! kind, and how a command ends ([`failure`]).

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
pub mod inputs;
pub mod inspect;
pub mod output;
pub mod render;
pub mod report;
pub mod roundtrip;
pub mod sas;
pub mod serve;
pub mod sheet;
pub mod weapon;

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::str::FromStr;

use anyhow::{Context, anyhow};
use fft_formats::{FileFormat, text};
use sprite_data::pipeline::InputFile;

pub use failure::{Failure, Outcome, report_error};

/// Input longer than this is refused before it is read whole, so that a device or a huge file
/// cannot exhaust memory. Every sprite file is far smaller: a unit SHP is at most 0x2080A bytes
/// (two full 65535-byte blocks), a SEQ 0x10405, a sheet well under 0x10000.
pub const MAX_INPUT_LEN: u64 = 4 << 20;

/// The last line of `--help` for the commands that read a document: the limits themselves are on
/// docs/limits.md, which a test (`sprite-data`'s `limits_doc`) holds to `sprite_data::limits`.
pub const LIMITS_HELP: &str =
    "Limits: a document is untrusted input, checked whole and held to the limits on docs/limits.md";

/// A count and its noun, the noun in the plural unless the count is 1: `1 frame`, `2 frames`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
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

/// How the kind of a file was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatSource {
    /// From the file's length fields ([`fft_formats::detect_format`]).
    Detected,
    /// By `--kind`.
    Forced,
}

impl FormatSource {
    pub fn name(self) -> &'static str {
        match self {
            Self::Detected => "detected",
            Self::Forced => "forced",
        }
    }
}

/// Reads a whole input file.
///
/// # Errors
/// When it cannot be opened or read, or is longer than [`MAX_INPUT_LEN`]; the message names the
/// path.
pub fn read_input(path: &Path) -> anyhow::Result<Vec<u8>> {
    read_at_most(
        path,
        MAX_INPUT_LEN,
        "far longer than any sprite file can be",
    )
}

/// Reads a whole file of at most `limit` bytes, refusing a longer one before it is read whole
/// with `over 0x<limit> bytes, <too_long>`.
///
/// # Errors
/// When it cannot be opened or read, or is longer; the message names the path.
pub fn read_at_most(path: &Path, limit: u64, too_long: &str) -> anyhow::Result<Vec<u8>> {
    let read = || -> anyhow::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > limit {
            return Err(anyhow!("over 0x{limit:X} bytes, {too_long}"));
        }
        Ok(bytes)
    };
    read().with_context(|| path.display().to_string())
}

/// A SEQ or SHP input as `build`, `check` and `diff` read it: the file itself, or its text form
/// (docs/text-forms.md, told by its `.format` line) assembled to the bytes `asm` would write, so
/// that a modder's edited text goes wherever the file goes.
#[derive(Debug, Clone)]
pub struct SpriteFile {
    /// Its path as given and the file's bytes, or the text's assembled.
    pub file: InputFile,
    /// The format of the text form the bytes were assembled from, if they were.
    pub text: Option<FileFormat>,
}

impl SpriteFile {
    /// A file read by other means (from a disc image), which is never a text form.
    pub fn binary(file: InputFile) -> Self {
        Self { file, text: None }
    }

    /// Reads the file at `path`, and assembles it when it is a text form.
    ///
    /// # Errors
    /// As [`read_input`]; a text form that does not assemble, at its line and column
    /// (`type1.seq.txt: line 12, column 5: unknown opcode ...`).
    pub fn read(path: &Path) -> anyhow::Result<Self> {
        let bytes = read_input(path)?;
        if text::detect(&bytes).is_none() && !starts_as_text(&bytes) {
            return Ok(Self::binary(InputFile::new(path, bytes)));
        }
        let assembly =
            text::assemble_bytes(&bytes).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        Ok(Self {
            text: Some(assembly.model.format()),
            file: InputFile::new(path, assembly.bytes),
        })
    }

    /// `the text form of a SEQ file (animation bytecode)` when it was a text form of a format
    /// other than `wanted`; `None` otherwise.
    pub fn other_text(&self, wanted: FileFormat) -> Option<String> {
        self.text
            .filter(|format| *format != wanted)
            .map(text_form_in_words)
    }
}

/// Whether `bytes` start as a text form might, though [`text::detect`] finds no format they name
/// (`.format seqq`, a directive before `.format`): a directive or a comment first, UTF-8, and no
/// NUL byte, which every SEQ and SHP file has in its header. The assembler then says what is
/// wrong at its line and column, rather than a decoder at a byte offset.
fn starts_as_text(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    // A character cut at the end of the head is still text.
    let utf8 = std::str::from_utf8(head).map_or_else(|e| e.error_len().is_none(), |_| true);
    utf8 && matches!(head.trim_ascii_start().first(), Some(b'.' | b';')) && !head.contains(&0)
}

/// `the text form of a SEQ file (animation bytecode)`.
pub fn text_form_in_words(format: FileFormat) -> String {
    format!("the text form of {}", format.in_words())
}

/// The kind to decode `bytes` as: `forced` when given, else what the structure says.
///
/// # Errors
/// A text form (which `asm` compiles first), whatever is forced; when nothing is forced and the
/// structure fits no kind, the message suggests `--kind`.
pub fn choose_kind(
    path: &Path,
    bytes: &[u8],
    forced: Option<FormatArg>,
) -> anyhow::Result<(FileFormat, FormatSource)> {
    if let Some(format) = text::detect(bytes) {
        return Err(anyhow!(
            "this is {}, not the file itself; `tactics-sprite asm` compiles it to the file",
            text_form_in_words(format)
        ))
        .with_context(|| path.display().to_string());
    }
    if let Some(kind) = forced {
        return Ok((kind.into(), FormatSource::Forced));
    }
    if let Some(kind) = fft_formats::detect_format(bytes) {
        return Ok((kind, FormatSource::Detected));
    }
    if let Some(what) = not_a_sprite_file(bytes) {
        return Err(anyhow!(
            "this is {what}, not a sprite file (SHP, SEQ or SPR)"
        ))
        .with_context(|| path.display().to_string());
    }
    let hint = match kind_from_name(path) {
        Some(kind) => format!("pass --kind {kind} (as the file name suggests)"),
        None => "pass --kind unit-shp, weapon-shp, seq or spr".to_owned(),
    };
    Err(anyhow!(
        "cannot tell the kind of file: its size (0x{:X} bytes) matches the length fields of no \
         format (truncated or not a sprite file?); {hint} to decode it anyway and see where it \
         breaks",
        bytes.len()
    ))
    .with_context(|| path.display().to_string())
}

/// The kind a retail-style file name suggests (`TYPE1.SEQ`, `battle_wep1_shp.bin`), used only to
/// word the advice when the structure fits no kind.
fn kind_from_name(path: &Path) -> Option<FileFormat> {
    let name = path.file_name()?.to_str()?.to_ascii_lowercase();
    let stem = name.strip_prefix("battle_").unwrap_or(&name);
    if name.ends_with(".seq") || name.ends_with("_seq.bin") {
        Some(FileFormat::Seq)
    } else if [".spr", ".sp2", "_spr.bin", "_sp2.bin"]
        .iter()
        .any(|ending| name.ends_with(ending))
    {
        Some(FileFormat::Spr)
    } else if name.ends_with(".shp") || name.ends_with("_shp.bin") {
        if stem.starts_with("wep") || stem.starts_with("eff") {
            Some(FileFormat::WeaponShp)
        } else {
            Some(FileFormat::UnitShp)
        }
    } else {
        None
    }
}

/// What a file that is no sprite file at all is, by its first bytes: a PNG or GIF picture, JSON
/// text, the text form of a SEQ or SHP file; `None` for anything else. Errors say it instead of a
/// decoder's complaint about offsets.
pub fn not_a_sprite_file(bytes: &[u8]) -> Option<String> {
    if bytes.starts_with(&sprite_render::sheet::PNG_SIGNATURE) {
        return Some("a PNG picture".to_owned());
    }
    if bytes.starts_with(b"GIF8") {
        return Some("a GIF picture".to_owned());
    }
    let start = bytes.trim_ascii_start();
    if (start.starts_with(b"{") || start.starts_with(b"["))
        && serde_json::from_slice::<serde_json::Value>(bytes).is_ok()
    {
        return Some("JSON text (a tactics-sprite-data document?)".to_owned());
    }
    text::detect(bytes).map(text_form_in_words)
}

/// What a file is, in words, when it is not the `wanted` kind: "a SEQ file (animation bytecode)",
/// "a PNG picture", ...; `None` when it may well be `wanted` (or is nothing recognisable).
pub fn wrong_kind(bytes: &[u8], wanted: FileFormat) -> Option<String> {
    if let Some(what) = not_a_sprite_file(bytes) {
        return Some(what);
    }
    let kind = fft_formats::detect_format(bytes)?;
    (kind != wanted).then(|| kind.in_words().to_owned())
}

/// Wraps a write to stdout so that its failure reads as one.
pub fn stdout_error(error: io::Error) -> anyhow::Error {
    anyhow::Error::new(error).context("writing to stdout")
}
