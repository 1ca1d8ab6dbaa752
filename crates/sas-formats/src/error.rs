//! The crate's one error type: bytes that do not follow the layout, and models that no file can
//! hold. It has the shape of `fft-formats`' error so that the CLI reports both alike: a variant
//! for each direction with the same messages, a matchable [`ErrorKind`] that carries the numbers
//! a caller acts on, and where the error is ([`Position`]: the byte offset and the path of the
//! field at fault, [`FieldPath`]), defined once for both codec crates in `faults`. The readers
//! and the writer push a frame for each table, record and field they descend into; the text is
//! made from the frames only when the error is shown.

use std::fmt;

pub use faults::position::{FieldPath, PathFrame, Position};

use crate::model::{ByteOrder, Version};

/// What went wrong, for callers and tests to match on; the message says the rest.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    // Decoding.
    /// The first four bytes are not a magic of what was read (a SAS set's, a container's).
    BadMagic,
    /// A container that is `ashg`-compressed as a whole; the scheme is not settled, so it is not
    /// unpacked.
    Compressed,
    /// A set whose magic is stored in another byte order than the one it is read in (its
    /// container's).
    ByteOrderMismatch {
        expected: ByteOrder,
        found: ByteOrder,
    },
    /// The bytes end before a record or a table: it needs `wanted` bytes at the error's offset,
    /// where the file has `left` (0 when it starts past the end; the offset is then the file's
    /// end). A count too large for the file reads so too, before anything is allocated.
    UnexpectedEnd { wanted: usize, left: usize },
    /// Bytes the layout keeps zero that are not: a `SAS3` header's bytes after the scale, a
    /// container header's closing word.
    NonZeroReserved,
    /// An offset that is not where the layout puts it: the sprite table's, a sprite's, the block
    /// of a slot (before the body, past the file, inside another block), a container entry's.
    /// `found` is the offset the file gives.
    BadOffset { found: usize },
    /// A container's total size past the file or before the end of its header.
    BadTotalSize { found: usize },

    // Encoding.
    /// A value that does not fit its field in the model's layout (a `SAS\0` quad wider than
    /// 255, a sprite of more than 255 quads).
    OutOfRange { value: i64 },
    /// A field that `version` does not have, set: a `SAS\0`'s scale, a `SAS3` frame's tail byte.
    NotInVersion { version: Version },
    /// A slot playing block `block` of the `blocks` there are.
    NoSuchBlock { block: usize, blocks: usize },
    /// A block that no slot plays: it would read back as dead frames.
    UnplayedBlock { block: usize },
    /// A container with another number of ids than of entries.
    IdCount { ids: usize, entries: usize },
    /// A file past what its offsets hold (4 GiB; 2 GiB for a slot, which stores `offset << 1`).
    TooLarge,
}

/// Everything that goes wrong in this crate.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Bytes that break a structural rule of the layout: the first violation only, where it is
    /// (`at`: the offset from the start of the file or container and what was being read, e.g.
    /// `sprite 3, quad 1`), what the layout requires and what the bytes hold.
    #[error("{at}: expected {expected}, found {found}")]
    Decode {
        kind: ErrorKind,
        at: Position,
        expected: String,
        found: String,
    },
    /// A model that no file of the layout can hold: the part at fault (e.g. `block 2, frame 3`)
    /// and why it cannot be written.
    #[error("{path}: {problem}")]
    Encode {
        kind: ErrorKind,
        path: FieldPath,
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
        path: FieldPath,
        expected: impl fmt::Display,
        found: impl fmt::Display,
    ) -> Self {
        Self::Decode {
            kind,
            at: Position { offset, path },
            expected: expected.to_string(),
            found: found.to_string(),
        }
    }

    /// An encoding error.
    pub(crate) fn encode(kind: ErrorKind, path: FieldPath, problem: impl fmt::Display) -> Self {
        Self::Encode {
            kind,
            path,
            problem: problem.to_string(),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Self::Decode { kind, .. } | Self::Encode { kind, .. } => *kind,
        }
    }

    /// Whether the bytes did not decode.
    pub fn is_decode(&self) -> bool {
        matches!(self, Self::Decode { .. })
    }

    /// The byte offset of a decoding error from the start of the file (or container).
    pub fn offset(&self) -> Option<usize> {
        match self {
            Self::Decode { at, .. } => Some(at.offset),
            Self::Encode { .. } => None,
        }
    }

    /// What was being read (decoding) or the part of the model at fault (encoding).
    pub fn path(&self) -> &FieldPath {
        match self {
            Self::Decode { at, .. } => &at.path,
            Self::Encode { path, .. } => path,
        }
    }

    /// The path as text: `sprite 3, quad 1`.
    pub fn field(&self) -> String {
        self.path().to_string()
    }

    /// What a decoding error says the layout requires; empty for an encoding error.
    pub fn expected(&self) -> &str {
        match self {
            Self::Decode { expected, .. } => expected,
            Self::Encode { .. } => "",
        }
    }

    /// What a decoding error says the bytes hold; empty for an encoding error.
    pub fn found(&self) -> &str {
        match self {
            Self::Decode { found, .. } => found,
            Self::Encode { .. } => "",
        }
    }
}

/// Every error of this crate is the file's: bytes that do not decode, a model that does not
/// encode. The codec does not know the file's name; the layer that read the file puts it in
/// front.
impl faults::Faulty for Error {
    fn fault(&self) -> faults::Fault {
        faults::Fault::File
    }
}
