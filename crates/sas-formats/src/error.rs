//! The crate's two error types: one for bytes that do not follow the layout, one for models that
//! no file can hold. They have the same shape as `fft-formats`' so that the CLI reports both alike.

use std::fmt;

/// Bytes that break a structural rule of the layout.
///
/// It names the first violation only: where it is (`offset`, from the start of the file or
/// container), what was being read (`field`, e.g. `sprite 3, quad 1`), what the layout requires
/// and what the bytes hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at byte 0x{offset:04X}: {field}: expected {expected}, found {found}")]
pub struct DecodeError {
    /// Byte offset from the start of the file.
    pub offset: usize,
    /// What was being read.
    pub field: String,
    /// What the layout requires there.
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

    /// The same error moved by `base` bytes: an entry's error as an offset in its container.
    #[must_use]
    pub fn shifted(mut self, base: usize, context: impl fmt::Display) -> Self {
        self.offset += base;
        self.field = format!("{context}: {}", self.field);
        self
    }
}

/// A model that no file of the layout can hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what}: {problem}")]
pub struct EncodeError {
    /// The part of the model at fault, e.g. `block 2, frame 3`.
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
