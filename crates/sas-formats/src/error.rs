//! The crate's one error type: bytes that do not follow the layout, and models that no file can
//! hold. It has the shape of `fft-formats`' error so that the CLI reports both alike: a variant
//! for each direction with the same messages, a matchable [`ErrorKind`] that carries the numbers
//! a caller acts on, and the path of the field at fault as structured frames ([`FieldPath`]). The
//! readers and the writer push a frame for each table, record and field they descend into; the
//! text is made from the frames only when the error is shown.

use std::fmt;

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

/// One step of the path to the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathFrame {
    /// A part of the file: `header`, `animation table`, `sprite table`, `dead frame`.
    Part(&'static str),
    /// An element of a list: `animation 3`, `direction 1`, `sprite 2`, `block 4`, `frame 0`,
    /// `entry 1`.
    Index(&'static str, usize),
    /// A field of the record or part before it, by the layout's name: `sprite table` then
    /// `count`, `block 2` then `head`; or a header field on its own (`sprite_table_offset`).
    Field(&'static str),
    /// What the frame before points at: `animation 2, direction 0: block`.
    Target(&'static str),
    /// How much a table read at once takes: `(11 x 14 bytes)`.
    Records { count: usize, len: usize },
    /// Where the part lies, when no index names it or the file ends before it: `at 0xC0`.
    At(usize),
}

impl fmt::Display for PathFrame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Part(name) | Self::Field(name) | Self::Target(name) => f.write_str(name),
            Self::Index(what, index) => write!(f, "{what} {index}"),
            Self::Records { count, len } => write!(f, "({count} x {len} bytes)"),
            Self::At(offset) => write!(f, "at 0x{offset:X}"),
        }
    }
}

impl PathFrame {
    /// What goes between the frame before and this one: a field, a size or a place follows its
    /// part with a space (`block 2 frames (11 x 14 bytes)`), a target with a colon, anything else
    /// with a comma.
    fn separator(&self) -> &'static str {
        match self {
            Self::Field(_) | Self::Records { .. } | Self::At(_) => " ",
            Self::Target(_) => ": ",
            Self::Part(_) | Self::Index(..) => ", ",
        }
    }
}

/// The path to the field at fault, outermost first: `sprite 3, quad 1`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FieldPath(pub Vec<PathFrame>);

impl FieldPath {
    /// A path of one part.
    pub fn part(name: &'static str) -> Self {
        Self(vec![PathFrame::Part(name)])
    }

    /// A path of one list element.
    pub fn index(what: &'static str, index: usize) -> Self {
        Self(vec![PathFrame::Index(what, index)])
    }

    /// A path of one field.
    pub fn field(name: &'static str) -> Self {
        Self(vec![PathFrame::Field(name)])
    }

    /// This path with one more frame.
    #[must_use]
    pub fn then(mut self, frame: PathFrame) -> Self {
        self.0.push(frame);
        self
    }

    /// This path with a part added.
    #[must_use]
    pub fn then_part(self, name: &'static str) -> Self {
        self.then(PathFrame::Part(name))
    }

    /// This path with a list element added.
    #[must_use]
    pub fn then_index(self, what: &'static str, index: usize) -> Self {
        self.then(PathFrame::Index(what, index))
    }

    /// This path with a field added.
    #[must_use]
    pub fn then_field(self, name: &'static str) -> Self {
        self.then(PathFrame::Field(name))
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

/// Everything that goes wrong in this crate.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Bytes that break a structural rule of the layout: the first violation only, where it is
    /// (`offset`, from the start of the file or container), what was being read (`path`, e.g.
    /// `sprite 3, quad 1`), what the layout requires and what the bytes hold.
    #[error("at byte 0x{offset:04X}: {path}: expected {expected}, found {found}")]
    Decode {
        kind: ErrorKind,
        offset: usize,
        path: FieldPath,
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
            offset,
            path,
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
            Self::Decode { offset, .. } => Some(*offset),
            Self::Encode { .. } => None,
        }
    }

    /// What was being read (decoding) or the part of the model at fault (encoding).
    pub fn path(&self) -> &FieldPath {
        match self {
            Self::Decode { path, .. } | Self::Encode { path, .. } => path,
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
