//! The crate's one error: what went wrong ([`ErrorKind`]) and where (the context frames, outermost
//! first: the file as it is shown, a unit kind), displayed on one line as each frame followed by
//! `: `, then the kind's message (`TYPE1.SEQ: at byte 0x0064: ...`, `nosuch.SEQ: No such file or
//! directory (os error 2)`).
//!
//! The errors of the crates below that it carries are part of its message, so
//! [`std::error::Error::source`] does not chain them too (the command line prints an error with its
//! chain, and would show them twice); [`Error::kind`] reaches them. Whose fault it is comes from the
//! kind ([`faults::Faulty`]): a file that cannot be read, decoded or found is the file's; a refusal
//! worded here says its own.

use std::fmt;

use faults::{Concern, Fault, Faulty, Spelling, Words};

/// What went wrong, with its facts, for callers and tests to match on.
#[non_exhaustive]
#[derive(Debug)]
pub enum ErrorKind {
    /// A file that cannot be opened or read: the system's error.
    Io(std::io::Error),
    /// A file longer than its kind is read (`over 0x400000 bytes, ...`), refused before it is read
    /// whole.
    TooLong { limit: u64, why: &'static str },
    /// A file that is not there, said in words (`no TYPE1.SHP (or battle_type1_shp.bin) in this
    /// folder`, `no BATTLE/NOSUCH.SPR in the image`), which may name the parameter that would
    /// give it.
    NotFound(Words),
    /// A SHP, SEQ or SPR that does not decode, or a text form that does not assemble.
    Decode(fft_formats::Error),
    /// A SAS set or container that does not decode.
    Sas(sas_formats::Error),
    /// A disc image that cannot be opened or read.
    Disc(disc_image::Error),
    /// A document, profile or build that fails in `sprite-data`.
    Data(sprite_data::Error),
    /// A sheet or picture that fails in `sprite-render`.
    Render(sprite_render::RenderError),
    /// Anything else, worded where it was found: a file of another kind than wanted (said as what
    /// it is), a request the inputs cannot answer. Its fault and the parameter it concerns (a
    /// logical name: `kind`, `entry`) are said with it; the parameters its message names, each
    /// front end spells.
    Refused {
        fault: Fault,
        parameter: Option<&'static str>,
        message: Words,
    },
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "{error}"),
            Self::TooLong { limit, why } => write!(f, "over 0x{limit:X} bytes, {why}"),
            Self::NotFound(message) => write!(f, "{message}"),
            Self::Decode(error) => write!(f, "{error}"),
            Self::Sas(error) => write!(f, "{error}"),
            Self::Disc(error) => write!(f, "{error}"),
            Self::Data(error) => write!(f, "{error}"),
            Self::Render(error) => write!(f, "{error}"),
            Self::Refused { message, .. } => write!(f, "{message}"),
        }
    }
}

impl ErrorKind {
    /// This kind in a front end's words: the parameters it names spelt by `spelling`.
    pub fn words(&self, spelling: &dyn Spelling) -> String {
        match self {
            Self::NotFound(message) | Self::Refused { message, .. } => message.spelt(spelling),
            Self::Data(error) => error.words(spelling),
            Self::Render(error) => error.words(spelling),
            other => other.to_string(),
        }
    }
}

faults::error_in_context! {
    /// Everything that goes wrong in this crate: what ([`Error::kind`]) and where
    /// ([`Error::context`]).
    pub struct Error(ErrorKind);
}

/// The crate's results.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A refusal worded here, the file's fault.
    pub fn file(message: impl Into<Words>) -> Self {
        Self::refused(Fault::File, None, message)
    }

    /// A refusal worded here, the request's fault, about `parameter` (a logical name).
    pub fn input(parameter: &'static str, message: impl Into<Words>) -> Self {
        Self::refused(Fault::Input, Some(parameter), message)
    }

    /// A refusal worded here, of `fault`, about `parameter` when it is about one.
    pub fn refused(
        fault: Fault,
        parameter: Option<&'static str>,
        message: impl Into<Words>,
    ) -> Self {
        ErrorKind::Refused {
            fault,
            parameter,
            message: message.into(),
        }
        .into()
    }

    /// A file that is not there, said as `message`.
    pub fn not_found(message: impl Into<Words>) -> Self {
        ErrorKind::NotFound(message.into()).into()
    }
}

/// `From` for the errors of the crates below, each its kind.
macro_rules! carried {
    ($($from:ty => $variant:ident),* $(,)?) => {
        $(impl From<$from> for Error {
            fn from(error: $from) -> Self {
                ErrorKind::$variant(error).into()
            }
        })*
    };
}

carried! {
    std::io::Error => Io,
    fft_formats::Error => Decode,
    sas_formats::Error => Sas,
    disc_image::Error => Disc,
    sprite_data::Error => Data,
    sprite_render::RenderError => Render,
}

impl Faulty for Error {
    fn fault(&self) -> Fault {
        match self.kind() {
            ErrorKind::Io(_)
            | ErrorKind::TooLong { .. }
            | ErrorKind::NotFound(_)
            | ErrorKind::Decode(_)
            | ErrorKind::Sas(_)
            | ErrorKind::Disc(_) => Fault::File,
            ErrorKind::Data(error) => error.fault(),
            ErrorKind::Render(error) => error.fault(),
            ErrorKind::Refused { fault, .. } => *fault,
        }
    }

    fn words(&self, spelling: &dyn Spelling) -> String {
        self.framing(self.kind().words(spelling))
    }

    fn concerns(&self) -> Option<Concern> {
        match self.kind() {
            ErrorKind::Refused {
                parameter: Some(parameter),
                ..
            } => Some(Concern::Parameter(parameter)),
            ErrorKind::Data(error) => error.concerns(),
            ErrorKind::Render(error) => error.concerns(),
            _ => self.context().first().cloned().map(Concern::File),
        }
    }
}
