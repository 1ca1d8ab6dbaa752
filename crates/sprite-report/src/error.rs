//! The one error of the reports: a file that does not decode (named, with the decoder's words),
//! or an input that cannot be found or read (`sprite_inputs`' own error, as it is).

use std::fmt::Display;

use faults::{Concern, Fault, Faulty};

/// What went wrong while a report was made.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file that does not decode, or whose parts do not agree: `TYPE1.SHP: at byte 0x0004: ...`.
    #[error("{file}: {problem}")]
    File {
        /// The file as messages name it.
        file: String,
        /// What its decoder said.
        problem: String,
    },
    /// An input that cannot be found or read.
    #[error(transparent)]
    Inputs(#[from] sprite_inputs::Error),
}

impl Error {
    /// `file` does not decode: `problem` in its context.
    pub fn file(file: impl Into<String>, problem: impl Display) -> Error {
        Error::File {
            file: file.into(),
            problem: problem.to_string(),
        }
    }
}

impl Faulty for Error {
    fn fault(&self) -> Fault {
        match self {
            Error::File { .. } => Fault::File,
            Error::Inputs(error) => error.fault(),
        }
    }

    fn concerns(&self) -> Option<Concern> {
        match self {
            Error::File { file, .. } => Some(Concern::File(file.clone())),
            Error::Inputs(error) => error.concerns(),
        }
    }
}

/// A report's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;
