//! The crate's one error: what went wrong ([`ErrorKind`]), in which image, and where in it (the
//! sector and the byte of the image file), shown on one line:
//! `game.bin: sector 22, byte 51768 (0xCA38): directory record BATTLE/TYPE1.SEQ: ...`.

use std::fmt;
use std::path::PathBuf;

use faults::Shown;

/// Where in the image file an error was found: the logical sector (LBA) and the absolute byte
/// offset in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImagePosition {
    pub sector: u64,
    pub byte: u64,
}

/// An image that cannot be opened, read or patched.
#[derive(Debug)]
pub struct Error {
    /// The image as the user named it (the cue sheet or the data file).
    pub image: String,
    pub at: Option<ImagePosition>,
    pub kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(image: &str, at: Option<ImagePosition>, kind: ErrorKind) -> Self {
        Self {
            image: image.to_owned(),
            at,
            kind,
        }
    }

    /// The kind, for callers and tests to match on.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.image)?;
        if let Some(ImagePosition { sector, byte }) = self.at {
            write!(f, "sector {sector}, byte {byte} (0x{byte:X}): ")?;
        }
        write!(f, "{}", self.kind)
    }
}

/// The I/O error an [`ErrorKind::Io`] or [`ErrorKind::Write`] carries is part of the message, so
/// `source` does not chain it too: a caller that prints an error with its chain (`{:#}`, as the
/// command line does) would show it twice. [`Error::kind`] reaches it.
impl std::error::Error for Error {}

/// An error as an `io::Error`, for callers whose error type holds read failures as those.
impl From<Error> for std::io::Error {
    fn from(error: Error) -> Self {
        std::io::Error::other(error)
    }
}

/// What went wrong, with its facts.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    // Files.
    #[error("cannot read: {0}")]
    Io(#[source] std::io::Error),
    #[error("cannot write {path}: {error}")]
    Write {
        path: PathBuf,
        #[source]
        error: std::io::Error,
    },

    // Cue sheets.
    #[error("line {line}: {problem}")]
    Cue { line: usize, problem: String },
    #[error(
        "line {line} names the data file {name:?}, which is not there (looked for {})",
        Shown(&looked)
    )]
    CueFileMissing {
        line: usize,
        name: String,
        looked: PathBuf,
    },
    #[error("{0}")]
    CueTrack(String),

    // Sectors.
    #[error(
        "not a CD-ROM image with an ISO 9660 file system: no volume descriptor \"CD001\" at \
         sector 16, read as raw 2352-byte sectors or as cooked 2048-byte ones ({len} bytes)"
    )]
    NotIso9660 { len: u64 },
    #[error(
        "the image ends here: it holds {sectors} whole sectors of {sector_size} bytes, and the \
         {what} needs sector {needed}"
    )]
    PastEnd {
        what: String,
        needed: u64,
        sectors: u64,
        sector_size: u64,
    },
    #[error("no sync pattern (00 FF x10 00) at the start of this raw sector")]
    NoSync,
    #[error("sector mode {0} (byte 15); a data sector is Mode 1 or Mode 2")]
    UnknownMode(u8),
    #[error(
        "{what} is in a Mode 2 Form 2 sector (2324 bytes of audio or video, no error \
         correction), which holds no file-system data"
    )]
    Form2 { what: String },

    // ISO 9660.
    #[error("{0}")]
    Descriptor(String),
    #[error("{field}: its two copies disagree (little-endian {le}, big-endian {be})")]
    BothEndian { field: String, le: u32, be: u32 },
    #[error("{0}")]
    Record(String),
    #[error(
        "{what} spans sectors {lba}..{end} ({size} bytes), past the image's end at sector {sectors}"
    )]
    ExtentPastEnd {
        what: String,
        lba: u64,
        end: u64,
        size: u64,
        sectors: u64,
    },
    #[error("directory loop: {path} is sector {lba}, already read as {first}")]
    DirectoryLoop {
        path: String,
        lba: u64,
        first: String,
    },
    #[error("{what}: {value}, over the limit of {limit}")]
    Limit {
        what: String,
        value: u64,
        limit: u64,
    },
    #[error("no {path} in the image{hint}")]
    NotFound { path: String, hint: String },
    #[error("{path} is a directory, not a file")]
    IsDirectory { path: String },
    #[error("{path} is in a directory that is a file ({parent})")]
    NotDirectory { path: String, parent: String },

    // Patching.
    #[error(
        "{}",
        does_not_fit(
            path,
            &format!("{new} bytes ({new_sectors} sector{})", if *new_sectors == 1 { "" } else { "s" }),
            &format!(
                "the image holds {sectors} sector{} ({room} bytes) for it (the file is {old} bytes now)",
                if *sectors == 1 { "" } else { "s" }
            ),
            "its sectors",
        )
    )]
    DoesNotFit {
        path: String,
        new: u64,
        new_sectors: u64,
        old: u64,
        sectors: u64,
        room: u64,
    },
    #[error(
        "{}",
        does_not_fit(
            path,
            &format!("{new} bytes"),
            &format!("its slot {slot} holds {room} bytes (the file is {old} bytes now)"),
            "its slot",
        )
    )]
    DoesNotFitSlot {
        path: String,
        slot: String,
        new: u64,
        room: u64,
        old: u64,
    },
    #[error("{0}")]
    Patch(String),

    // Expanded images.
    #[error("{0}")]
    Expansion(String),
}

/// The one wording of a replacement larger than the room the game has for it: `PATH: the new
/// file is NEW, but ROOM; a file cannot grow past LIMIT`. A patch says the sectors the image
/// holds for the file ([`ErrorKind::DoesNotFit`]); a remaster mod, the original's size, which is
/// what the game reads.
pub fn does_not_fit(path: &str, new: &str, room: &str, limit: &str) -> String {
    format!("{path}: the new file is {new}, but {room}; a file cannot grow past {limit}")
}

/// Every error of an image is the image's: it cannot be read, is not ISO 9660, or has no such
/// file; or a patch does not fit it.
impl faults::Faulty for Error {
    fn fault(&self) -> faults::Fault {
        faults::Fault::File
    }

    fn concerns(&self) -> Option<faults::Concern> {
        Some(faults::Concern::File(self.image.clone()))
    }
}
