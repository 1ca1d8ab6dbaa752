//! The crate's one error type: bytes that do not follow the layout, and models that no file can
//! hold. It is `fft-formats`' shape ([`CodecError`], defined once for both codec crates in
//! `faults`) so that the CLI reports both alike: a variant for each direction with the same
//! messages, a matchable [`ErrorKind`] that carries the numbers a caller acts on, and where the
//! error is ([`Position`]: the byte offset and the path of the field at fault, [`FieldPath`]). The readers
//! and the writer push a frame for each table, record and field they descend into; the text is
//! made from the frames only when the error is shown.

pub use faults::position::{CodecError, FieldPath, PathFrame, Position};

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

/// Everything that goes wrong in this crate: bytes that break a structural rule of the layout
/// (`Decode`: the first violation only, where it is, e.g. `sprite 3, quad 1`, what the layout
/// requires and what the bytes hold), or a model that no file of the layout can hold (`Encode`:
/// the part at fault, e.g. `block 2, frame 3`, and why). The shape both codec crates share,
/// said once in `faults`.
pub type Error = CodecError<ErrorKind>;

/// The name the decoders' signatures use: every error of this crate is an [`Error`].
pub type DecodeError = Error;
/// The name the encoders' signatures use: every error of this crate is an [`Error`].
pub type EncodeError = Error;
