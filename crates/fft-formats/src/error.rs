//! The crate's one error type: bytes that do not follow the format, models that no file can hold,
//! a model that decoded but does not encode again, and text forms (`text`) that do not assemble.
//!
//! Every error carries a matchable [`ErrorKind`] and, for the codecs, where it is: the byte
//! offset and the path of the field at fault ([`Position`], [`FieldPath`]). The codecs' errors
//! ([`CodecError`]) are defined once in the `faults` crate for both codec crates, so
//! `sas-formats` reports its errors in the same words.

use std::fmt;

pub use faults::position::{CodecError, FieldPath, PathFrame, Position};

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
    /// A magic, version or table type the codec does not read (an NXD file's).
    Unsupported,
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

/// Everything that goes wrong in this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Bytes that break a structural rule of docs/formats/README.md (`Decode`: the first
    /// violation only, where it is, what the format requires there and what the bytes hold), or
    /// a model that no file of the format can hold (`Encode`, docs/formats/shp.md 2.7 and
    /// docs/formats/seq.md 3.4: the part at fault and why): the shape both codec crates share.
    #[error(transparent)]
    Codec(CodecError<ErrorKind>),
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

impl From<CodecError<ErrorKind>> for Error {
    fn from(error: CodecError<ErrorKind>) -> Self {
        Self::Codec(error)
    }
}

impl Error {
    /// A decoding error ([`CodecError::decode`]).
    pub(crate) fn decode(
        kind: ErrorKind,
        offset: usize,
        path: impl Into<FieldPath>,
        expected: impl fmt::Display,
        found: impl fmt::Display,
    ) -> Self {
        Self::Codec(CodecError::decode(kind, offset, path, expected, found))
    }

    /// An encoding error ([`CodecError::encode`]).
    pub(crate) fn encode(
        kind: ErrorKind,
        path: impl Into<FieldPath>,
        problem: impl fmt::Display,
    ) -> Self {
        Self::Codec(CodecError::encode(kind, path, problem))
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

    /// The decoding or encoding error, when it is one (not a round trip's or a text form's).
    pub fn codec(&self) -> Option<&CodecError<ErrorKind>> {
        match self {
            Self::Codec(error) => Some(error),
            Self::NotReEncodable(_) | Self::Text { .. } => None,
        }
    }

    /// What went wrong; for a round trip, what went wrong when encoding again.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Self::Codec(error) => error.kind(),
            Self::Text { kind, .. } => *kind,
            Self::NotReEncodable(inner) => inner.kind(),
        }
    }

    /// Whether the bytes did not decode.
    pub fn is_decode(&self) -> bool {
        self.codec().is_some_and(CodecError::is_decode)
    }

    /// The byte offset of a decoding error from the start of the file.
    pub fn offset(&self) -> Option<usize> {
        self.codec().and_then(CodecError::offset)
    }

    /// The path to the field at fault, when there is one.
    pub fn path(&self) -> Option<&FieldPath> {
        match self {
            Self::Codec(error) => Some(error.path()),
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
        self.codec().map_or("", CodecError::expected)
    }

    /// What a decoding error says the bytes hold; empty for other errors.
    pub fn found(&self) -> &str {
        self.codec().map_or("", CodecError::found)
    }
}

/// Every error of this crate is the file's: bytes that do not decode, a model (an edited file, a
/// text form) that does not encode. The codec does not know the file's name; the layer that read
/// the file puts it in front.
impl faults::Faulty for Error {
    fn fault(&self) -> faults::Fault {
        faults::Fault::File
    }
}
