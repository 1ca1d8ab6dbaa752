//! The crate's one error type: bytes that do not follow the format, models that no file can hold,
//! a model that decoded but does not encode again, and text forms (`text`) that do not assemble.
//!
//! Every error carries a matchable [`ErrorKind`] and, for the codecs, the path of the field at
//! fault as structured frames ([`FieldPath`]), in the manner of binrw's backtrace frames: the
//! codec pushes a frame for each table, record and field it descends into, and the text is made
//! from the frames only when the error is shown.

use std::borrow::Cow;
use std::fmt;

/// What went wrong, for callers and tests to match on; the message says the rest.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    // Decoding.
    /// The file (or the stream, or a block) ends before a field or a record.
    UnexpectedEnd,
    /// A pointer or offset that is not where the format puts it: a frame pointer not at its
    /// record, a water pointer, a slot inside a command or past the stream.
    BadPointer,
    /// A stored length that disagrees with the bytes: a block length, the stream length `L`, a
    /// frame count, a record that overruns its block.
    BadLength,
    /// A used slot after the first unused one.
    SlotAfterUnused,
    /// `FF op` with an opcode the table lacks.
    UnknownOpcode,
    /// Bytes after the end of the data the format describes.
    TrailingBytes,
    /// A compressed sheet stream that ends early, runs past its rows or has a non-zero pad.
    BadCompression,
    /// A file whose size is none of those its format has: an HD half is 131,072 or 118,784
    /// bytes and nothing else.
    BadSize,
    /// Two files that do not make one HD pair: two halves of the same kind, or the halves in
    /// the wrong order.
    NotAPair,

    // Encoding.
    /// A value that does not fit its field (a bit field, a palette index, frame 0xFF).
    OutOfRange,
    /// More of something than a file holds (slots, frames, tiles, argument bytes).
    TooMany,
    /// None of something a file needs at least one of (frames, tiles).
    Empty,
    /// A table, block or stream over what its length field can hold.
    TooLarge,
    /// Parts of the model that must agree and do not (water and main tables, a sheet's shape).
    Mismatch,
    /// A slot naming a command that does not exist.
    NoSuchCommand,
    /// A command the opcode table would not read back (an unknown opcode, another length).
    NotReadBack,
    /// A sheet rectangle no tile record can name (off the grid, no size code, the other half).
    NotOnSheet,

    // Assembling a text form.
    /// Text that does not follow the form's grammar: a malformed number, a word out of place, a
    /// wrong number of arguments.
    Syntax,
    /// A name the form does not know: an opcode, a directive, a label, a tile size.
    UnknownName,
    /// Something given twice: a slot, a label, a directive.
    Duplicate,
    /// Something the text lacks: a directive, a slot in the numbering, a frame's tiles.
    Missing,
}

/// One step of the path to the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathFrame {
    /// A part of the file, or of the part before it: `main table`, `block length`, `palettes`.
    Part(Cow<'static, str>),
    /// An element of a list: `frame 12`, `slot 3`, `pointer 1`.
    Index(&'static str, usize),
    /// A field of the record before it, by the format's name: `header` then `water_ptr`.
    Field(&'static str),
    /// Where the field lies, when the file ends before it: `at 0x408`.
    At(usize),
    /// Where a command of the SEQ stream starts: `at stream offset 0x1C`.
    StreamOffset(usize),
}

impl fmt::Display for PathFrame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Part(name) => f.write_str(name),
            Self::Index(what, index) => write!(f, "{what} {index}"),
            Self::Field(name) => f.write_str(name),
            Self::At(offset) => write!(f, "at 0x{offset:X}"),
            Self::StreamOffset(offset) => write!(f, "at stream offset 0x{offset:X}"),
        }
    }
}

impl PathFrame {
    /// What goes between the frame before and this one: a field or a place follows its record
    /// with a space (`header water_ptr`, `block length at 0x408`), anything else with a comma.
    fn separator(&self) -> &'static str {
        match self {
            Self::Field(_) | Self::At(_) | Self::StreamOffset(_) => " ",
            Self::Part(_) | Self::Index(..) => ", ",
        }
    }
}

/// The path to the field at fault, outermost first: `main table, frame 12, tile 3`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FieldPath(pub Vec<PathFrame>);

impl FieldPath {
    /// A path of one part.
    pub fn part(name: impl Into<Cow<'static, str>>) -> Self {
        Self(vec![PathFrame::Part(name.into())])
    }

    /// A path of one list element.
    pub fn index(what: &'static str, index: usize) -> Self {
        Self(vec![PathFrame::Index(what, index)])
    }

    /// This path with one more frame.
    #[must_use]
    pub fn then(mut self, frame: PathFrame) -> Self {
        self.0.push(frame);
        self
    }

    /// This path with a part added.
    #[must_use]
    pub fn then_part(self, name: impl Into<Cow<'static, str>>) -> Self {
        self.then(PathFrame::Part(name.into()))
    }

    /// This path with a list element added.
    #[must_use]
    pub fn then_index(self, what: &'static str, index: usize) -> Self {
        self.then(PathFrame::Index(what, index))
    }

    /// The frames, outermost first.
    pub fn frames(&self) -> &[PathFrame] {
        &self.0
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, frame) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(frame.separator())?;
            }
            write!(f, "{frame}")?;
        }
        Ok(())
    }
}

impl From<&'static str> for FieldPath {
    fn from(name: &'static str) -> Self {
        Self::part(name)
    }
}

impl From<String> for FieldPath {
    fn from(name: String) -> Self {
        Self::part(name)
    }
}

/// Everything that goes wrong in this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Bytes that break a structural rule of docs/formats/README.md: the first violation only,
    /// where it is (`offset`, from the start of the file), what was being read (`path`), what the
    /// format requires there and what the bytes hold.
    #[error("at byte 0x{offset:04X}: {path}: expected {expected}, found {found}")]
    Decode {
        kind: ErrorKind,
        offset: usize,
        path: FieldPath,
        expected: String,
        found: String,
    },
    /// A model that no file of the format can hold (docs/formats/shp.md 2.7 and
    /// docs/formats/seq.md 3.4): the part at fault and why.
    #[error("{path}: {problem}")]
    Encode {
        kind: ErrorKind,
        path: FieldPath,
        problem: String,
    },
    /// A file that decoded, but whose model does not encode again (a round trip).
    #[error("decoded, but cannot be encoded again: {0}")]
    NotReEncodable(Box<Error>),
    /// A text form that does not assemble: where (`line` and `column`, from 1, columns counted
    /// in characters) and what is wrong there, including what the encoders would refuse.
    #[error("line {line}, column {column}: {problem}")]
    Text {
        kind: ErrorKind,
        line: usize,
        column: usize,
        problem: String,
    },
}

/// The name the decoders' signatures use: every error of this crate is an [`Error`].
pub type DecodeError = Error;
/// The name the encoders' signatures use: every error of this crate is an [`Error`].
pub type EncodeError = Error;

impl Error {
    /// A decoding error.
    pub(crate) fn decode(
        kind: ErrorKind,
        offset: usize,
        path: impl Into<FieldPath>,
        expected: impl fmt::Display,
        found: impl fmt::Display,
    ) -> Self {
        Self::Decode {
            kind,
            offset,
            path: path.into(),
            expected: expected.to_string(),
            found: found.to_string(),
        }
    }

    /// An encoding error.
    pub(crate) fn encode(
        kind: ErrorKind,
        path: impl Into<FieldPath>,
        problem: impl fmt::Display,
    ) -> Self {
        Self::Encode {
            kind,
            path: path.into(),
            problem: problem.to_string(),
        }
    }

    /// A text form's error at `line` and `column`.
    pub(crate) fn text(
        kind: ErrorKind,
        line: usize,
        column: usize,
        problem: impl fmt::Display,
    ) -> Self {
        Self::Text {
            kind,
            line,
            column,
            problem: problem.to_string(),
        }
    }

    /// What went wrong; for a round trip, what went wrong when encoding again.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Self::Decode { kind, .. } | Self::Encode { kind, .. } | Self::Text { kind, .. } => {
                *kind
            }
            Self::NotReEncodable(inner) => inner.kind(),
        }
    }

    /// Whether the bytes did not decode.
    pub fn is_decode(&self) -> bool {
        matches!(self, Self::Decode { .. })
    }

    /// The byte offset of a decoding error from the start of the file.
    pub fn offset(&self) -> Option<usize> {
        match self {
            Self::Decode { offset, .. } => Some(*offset),
            _ => None,
        }
    }

    /// The path to the field at fault, when there is one.
    pub fn path(&self) -> Option<&FieldPath> {
        match self {
            Self::Decode { path, .. } | Self::Encode { path, .. } => Some(path),
            Self::NotReEncodable(inner) => inner.path(),
            Self::Text { .. } => None,
        }
    }

    /// The path as text (`main table, frame 12, tile 3`), or empty.
    pub fn field(&self) -> String {
        self.path().map(ToString::to_string).unwrap_or_default()
    }

    /// Where in a text form the error is: `(line, column)`, from 1.
    pub fn text_position(&self) -> Option<(usize, usize)> {
        match self {
            Self::Text { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }

    /// What a decoding error says the format requires; empty for other errors.
    pub fn expected(&self) -> &str {
        match self {
            Self::Decode { expected, .. } => expected,
            _ => "",
        }
    }

    /// What a decoding error says the bytes hold; empty for other errors.
    pub fn found(&self) -> &str {
        match self {
            Self::Decode { found, .. } => found,
            _ => "",
        }
    }
}
