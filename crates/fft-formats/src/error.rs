//! The crate's two error types: one for bytes that do not follow the format, one for models
//! that cannot be written back.

use std::fmt;

/// Bytes that break a structural rule of `formats.md`.
///
/// It names the first violation only: where it is (`offset`, from the start of the file), what was
/// being read (`field`, e.g. `main table, frame 12, tile 3`), what the format requires and what the
/// bytes hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at byte 0x{offset:04X}: {field}: expected {expected}, found {found}")]
pub struct DecodeError {
    /// Byte offset from the start of the file.
    pub offset: usize,
    /// What was being read.
    pub field: String,
    /// What the format requires there.
    pub expected: String,
    /// What the bytes hold.
    pub found: String,
}

impl DecodeError {
    pub(crate) fn new(
        offset: usize,
        field: impl fmt::Display,
        expected: impl fmt::Display,
        found: impl fmt::Display,
    ) -> Self {
        Self {
            offset,
            field: field.to_string(),
            expected: expected.to_string(),
            found: found.to_string(),
        }
    }
}

/// A model that no file of the format can hold (formats.md 2.7 and 3.4).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what}: {problem}")]
pub struct EncodeError {
    /// The part of the model at fault, e.g. `water table, frame 3, tile 0`.
    pub what: String,
    /// Why it cannot be written.
    pub problem: String,
}

impl EncodeError {
    pub(crate) fn new(what: impl fmt::Display, problem: impl fmt::Display) -> Self {
        Self {
            what: what.to_string(),
            problem: problem.to_string(),
        }
    }
}
