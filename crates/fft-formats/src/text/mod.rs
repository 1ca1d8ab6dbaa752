//! Text forms of SEQ and SHP files (docs/text-forms.md): a disassembler that writes a model as
//! text a modder can edit, and an assembler that reads the text back, checks it as strictly as
//! the encoders do and encodes it.
//!
//! - SEQ ([`seq`]): one command a line, opcodes named from the one opcode table
//!   ([`crate::seq::opcode`]), `slot N:` before the command each slot starts at, labels for jump
//!   targets, each command's stream offset in a comment;
//! - unit and weapon/effect SHP ([`shp`]): the header values, then each table's frames, one
//!   `frame` line and one `tile` line per tile, tiles placed by their sheet pixels.
//!
//! Every byte a model keeps has a spelling (header values, aliased slots, dead commands, raw
//! argument bytes, rotations and flags), so disassembling a file that decodes and assembling the
//! text gives back its bytes. Every problem is an [`Error::Text`] at the line and column that
//! caused it, what the encoders would refuse included.

mod lex;
pub mod seq;
pub mod shp;

use crate::error::{Error, ErrorKind, FieldPath};
use crate::file_format::FileFormat;
use crate::seq::{OpcodeTable, Seq};
use crate::shp::{UnitShp, WeaponShp};

/// The directive every text form starts with: `.format seq`, `.format unit-shp`, `.format
/// weapon-shp` (the names of [`FileFormat::name`]).
pub const FORMAT_DIRECTIVE: &str = ".format";

/// The formats that have a text form.
pub const TEXT_FORMATS: [FileFormat; 3] =
    [FileFormat::Seq, FileFormat::UnitShp, FileFormat::WeaponShp];

/// A model read from a text form.
// One is made per assembly, so the opcode table (a few kilobytes) is not worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Model {
    /// A SEQ file and the opcode table its text names (`.opcodes`).
    Seq {
        seq: Seq,
        opcodes: OpcodeTable,
    },
    UnitShp(UnitShp),
    WeaponShp(WeaponShp),
}

impl Model {
    /// The format of the file the model encodes as.
    pub fn format(&self) -> FileFormat {
        match self {
            Self::Seq { .. } => FileFormat::Seq,
            Self::UnitShp(_) => FileFormat::UnitShp,
            Self::WeaponShp(_) => FileFormat::WeaponShp,
        }
    }
}

/// An assembled text: the model and the file's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assembly {
    pub model: Model,
    pub bytes: Vec<u8>,
    /// The line (from 1) each command of a SEQ text was read from, in command order, so that a
    /// tool showing the text can point at the command that plays (the viewer of `serve`); empty
    /// for an SHP.
    pub command_lines: Vec<usize>,
}

/// Decodes `bytes` as `format` and writes the text form of the model. `opcodes` is the table a
/// SEQ file is decoded with (SHP files ignore it).
///
/// # Errors
/// The bytes do not decode; an SPR sheet, which has no text form.
pub fn disassemble(
    bytes: &[u8],
    format: FileFormat,
    opcodes: &OpcodeTable,
) -> Result<String, Error> {
    disassemble_named(bytes, format, opcodes, &seq::SlotNames::default())
}

/// [`disassemble`], a SEQ's slots commented with `names` ([`Seq::to_text_named`]; SHP files
/// ignore them).
///
/// # Errors
/// As [`disassemble`].
pub fn disassemble_named(
    bytes: &[u8],
    format: FileFormat,
    opcodes: &OpcodeTable,
    names: &seq::SlotNames,
) -> Result<String, Error> {
    match format {
        FileFormat::Seq => Seq::decode_with(bytes, opcodes)?.to_text_named(opcodes, names),
        FileFormat::UnitShp => UnitShp::decode(bytes)?.to_text(),
        FileFormat::WeaponShp => WeaponShp::decode(bytes)?.to_text(),
        FileFormat::Spr => Err(Error::encode(
            ErrorKind::Mismatch,
            "text form",
            "an SPR sheet has no text form (it is a picture: write it as a PNG)",
        )),
        FileFormat::HdHalf => Err(Error::encode(
            ErrorKind::Mismatch,
            "text form",
            "a half of an HD sheet has no text form (it is a picture: write the pair as a PNG)",
        )),
        FileFormat::Nxd => Err(Error::encode(
            ErrorKind::Mismatch,
            "text form",
            "an NXD table has no text form (`inspect` lists its rows)",
        )),
    }
}

/// Assembles a text form of any format (told by its `.format` line) and encodes it.
///
/// # Errors
/// The first problem of the text, at its line and column: [`Error::Text`].
pub fn assemble(text: &str) -> Result<Assembly, Error> {
    let lines = lex::lines(text);
    let Some(first) = lines.first() else {
        return Err(Error::text(
            ErrorKind::Missing,
            1,
            1,
            "the text is empty; a text form starts with `.format seq`, `.format unit-shp` or \
             `.format weapon-shp`",
        ));
    };
    match format_of(first)? {
        FileFormat::Seq => seq::assemble(&lines),
        FileFormat::UnitShp => shp::assemble_unit(&lines),
        FileFormat::WeaponShp => shp::assemble_weapon(&lines),
        FileFormat::Spr | FileFormat::HdHalf | FileFormat::Nxd => {
            unreachable!("format_of gives only formats with a text form")
        }
    }
}

/// [`assemble`] for bytes, which must be UTF-8 text.
///
/// # Errors
/// Bytes that are not UTF-8 (at the line and column of the first bad byte), or as [`assemble`].
pub fn assemble_bytes(bytes: &[u8]) -> Result<Assembly, Error> {
    match std::str::from_utf8(bytes) {
        Ok(text) => assemble(text),
        Err(error) => {
            let good = &bytes[..error.valid_up_to()];
            // The valid prefix is UTF-8, so its lines and characters can be counted.
            let good = std::str::from_utf8(good).unwrap_or_default();
            let line = good.matches('\n').count() + 1;
            let column = good.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
            Err(Error::text(
                ErrorKind::Syntax,
                line,
                column,
                format!(
                    "byte 0x{:02X} is not UTF-8 text; a text form is UTF-8 (ASCII is enough)",
                    bytes[error.valid_up_to()]
                ),
            ))
        }
    }
}

/// The format a text form says it is (its `.format` line, after any comments and blank lines),
/// or `None` when the bytes do not start like a text form.
pub fn detect(bytes: &[u8]) -> Option<FileFormat> {
    // The directive comes first; a few kilobytes of comments before it are plenty.
    let head = &bytes[..bytes.len().min(16 << 10)];
    let head = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&head[..error.valid_up_to()]).ok()?,
    };
    let lines = lex::lines(head);
    format_of(lines.first()?).ok()
}

/// The format named by a `.format` line.
fn format_of(line: &lex::Line<'_>) -> Result<FileFormat, Error> {
    let names = || TEXT_FORMATS.map(FileFormat::name).join(", ");
    let head = line.head();
    if head.text != FORMAT_DIRECTIVE {
        return Err(line.error(
            &head,
            ErrorKind::Missing,
            format!(
                "expected `{FORMAT_DIRECTIVE}` first (one of {}), found `{}`",
                names(),
                lex::shown(head.text)
            ),
        ));
    }
    let [name] = line.arguments(1, "the name of a format")? else {
        unreachable!("arguments gives exactly the count asked for")
    };
    TEXT_FORMATS
        .into_iter()
        .find(|format| format.name() == name.text)
        .ok_or_else(|| {
            let spr = if name.text == FileFormat::Spr.name() {
                " (an SPR sheet has no text form: it is a picture)"
            } else {
                ""
            };
            line.error(
                name,
                ErrorKind::UnknownName,
                format!(
                    "unknown format `{}`{spr}; the formats are {}{}",
                    lex::shown(name.text),
                    names(),
                    lex::suggestion(name.text, TEXT_FORMATS.map(FileFormat::name))
                ),
            )
        })
}

/// Where each part of a model was written, by the path an encoder's error names it with
/// (`command 12`, `main table, frame 5, tile 2`), to report a refusal at its line.
#[derive(Debug, Default)]
struct SourceMap {
    lines: std::collections::HashMap<FieldPath, usize>,
}

impl SourceMap {
    /// Notes that `path` was written at `line`.
    fn note(&mut self, path: FieldPath, line: usize) {
        self.lines.entry(path).or_insert(line);
    }

    /// An encoder's error, placed at the line of the longest part of its path the text wrote
    /// (else at `fallback_line`); the problem keeps the encoder's words.
    fn place(&self, error: Error, fallback_line: usize) -> Error {
        let frames = error
            .path()
            .map(|path| path.frames().to_vec())
            .unwrap_or_default();
        let line = (1..=frames.len())
            .rev()
            .find_map(|n| self.lines.get(&FieldPath(frames[..n].to_vec())))
            .copied()
            .unwrap_or(fallback_line);
        Error::text(error.kind(), line, 1, error.to_string())
    }
}
