//! The crate's one error type: bytes that do not follow the layout, and models that no file can
//! hold. It has the shape of `fft-formats`' (a variant for each, the same messages) so that the
//! CLI reports both alike.

use std::fmt;

/// Everything that goes wrong in this crate. The two variants are the kinds to match on; a
/// codec of one layout has no finer ones worth a caller's match (the message says the rest).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Bytes that break a structural rule of the layout: the first violation only, where it is
    /// (`offset`, from the start of the file or container), what was being read (`field`, e.g.
    /// `sprite 3, quad 1`), what the layout requires and what the bytes hold.
    #[error("at byte 0x{offset:04X}: {field}: expected {expected}, found {found}")]
    Decode {
        offset: usize,
        field: String,
        expected: String,
        found: String,
    },
    /// A model that no file of the layout can hold: the part at fault (e.g. `block 2, frame 3`)
    /// and why it cannot be written.
    #[error("{what}: {problem}")]
    Encode { what: String, problem: String },
}

/// The name the decoders' signatures use: every error of this crate is an [`Error`].
pub type DecodeError = Error;
/// The name the encoders' signatures use: every error of this crate is an [`Error`].
pub type EncodeError = Error;

impl Error {
    /// A decoding error.
    pub(crate) fn decode(
        offset: usize,
        field: impl fmt::Display,
        expected: impl fmt::Display,
        found: impl fmt::Display,
    ) -> Self {
        Self::Decode {
            offset,
            field: field.to_string(),
            expected: expected.to_string(),
            found: found.to_string(),
        }
    }

    /// An encoding error.
    pub(crate) fn encode(what: impl fmt::Display, problem: impl fmt::Display) -> Self {
        Self::Encode {
            what: what.to_string(),
            problem: problem.to_string(),
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
            Self::Encode { .. } => None,
        }
    }

    /// What was being read (decoding) or the part of the model at fault (encoding).
    pub fn field(&self) -> &str {
        match self {
            Self::Decode { field, .. } => field,
            Self::Encode { what, .. } => what,
        }
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
