//! The crate's one error: what went wrong ([`ErrorKind`]), in which archive, for which entry,
//! and where in the archive file, shown on one line:
//! `0002.pac: entry fftpack/unit/battle_10m_spr.bin: byte 1064 (0x428): ...`.

use std::fmt;

use faults::Shown;

/// An archive that cannot be opened, listed or extracted from.
#[derive(Debug)]
pub struct Error {
    /// The archive as the user named it.
    pub archive: String,
    /// The entry concerned, by its game path (or by its index when its name is the problem).
    pub entry: Option<String>,
    /// The byte of the archive file the problem is at.
    pub at: Option<u64>,
    pub kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(archive: &str, kind: ErrorKind) -> Self {
        Self {
            archive: archive.to_owned(),
            entry: None,
            at: None,
            kind,
        }
    }

    pub(crate) fn at(mut self, byte: u64) -> Self {
        self.at = Some(byte);
        self
    }

    pub(crate) fn entry(mut self, entry: impl Into<String>) -> Self {
        self.entry = Some(entry.into());
        self
    }

    /// The kind, for callers and tests to match on.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", Shown(&self.archive))?;
        if let Some(entry) = &self.entry {
            write!(f, "entry {}: ", Shown(entry))?;
        }
        if let Some(byte) = self.at {
            write!(f, "byte {byte} (0x{byte:X}): ")?;
        }
        write!(f, "{}", self.kind)
    }
}

/// The I/O error an [`ErrorKind::Io`] carries is part of the message, so `source` does not chain
/// it too (a caller printing the chain would show it twice); [`Error::kind`] reaches it.
impl std::error::Error for Error {}

/// What went wrong, with its facts.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    #[error("cannot read: {0}")]
    Io(#[source] std::io::Error),
    #[error("not a .pac archive: it is {len} bytes, shorter than the 1024-byte header")]
    TooShort { len: u64 },
    #[error("not a .pac archive: it starts {found:02X?}, not \"PACK\"")]
    NotAnArchive { found: [u8; 4] },
    #[error(
        "the archive states it is {stated} bytes, but the file is {actual}: it is cut short or \
         damaged"
    )]
    StatedLen { stated: u64, actual: u64 },
    #[error(
        "the table of contents is stated as {stated} bytes; it must be at least the 1024-byte \
         header and at most {limit} (the file's size or the reader's limit of {max})"
    )]
    TocLen { stated: u64, limit: u64, max: u64 },
    #[error("{what} ({start}..{end}) lies outside the table of contents (0..{toc_len})")]
    OutsideToc {
        what: String,
        start: u64,
        end: u64,
        toc_len: u64,
    },
    #[error("the name's offset {offset} lies outside the string table ({start}..{end})")]
    NameOutsideStrings { offset: u64, start: u64, end: u64 },
    #[error(
        "the name at byte {offset} has no terminating zero before the string table's end: the \
         names are damaged, or the archive is not one of this game's (its key differs)"
    )]
    NameNotTerminated { offset: u64 },
    #[error("the name at byte {offset} is not UTF-8 text")]
    NameNotText { offset: u64 },
    #[error(
        "the name {} hashes to {computed:08X}, but the entry holds {stored:08X}: the names are \
         damaged, or the archive is not one of this game's (its key differs)",
        Shown(name)
    )]
    NameHash {
        name: String,
        stored: u32,
        computed: u32,
    },
    #[error(
        "the folder name is not zero-terminated UTF-8 text: the header is damaged, or the \
         archive is not one of this game's (its key differs)"
    )]
    FolderNotText,
    #[error("the path {} is also entry {first}'s", Shown(path))]
    DuplicatePath { path: String, first: usize },
    #[error(
        "storage mode {0}: known are 0 (stored), 1 (one GDeflate stream), 2 (several), 3 (shared chunk)"
    )]
    UnknownStorage(u8),
    #[error("its data ({start}..{end}) lies past the archive's end ({len} bytes)")]
    DataPastEnd { start: u64, end: u64, len: u64 },
    #[error("it states {len} bytes, over the reader's limit of {limit} for one entry")]
    TooLarge { len: u64, limit: u64 },
    #[error(
        "its data's CRC-32 is {computed:08X}, but the entry holds {stored:08X}: the data is damaged"
    )]
    Crc { stored: u32, computed: u32 },
    #[error("its GDeflate data, at byte {at} of the archive: {problem}")]
    Gdeflate { at: u64, problem: String },
    #[error("{0}")]
    G2d(String),
    #[error("its parts' table at byte {table}: {problem}")]
    Parts { table: u64, problem: String },
    #[error("it names a shared chunk's record at byte {record}, but none starts there")]
    NoChunkRecord { record: u64 },
    #[error("its bytes {start}..{end} of the shared chunk lie past the chunk's {len} bytes")]
    PastChunk { start: u64, end: u64, len: u64 },
    #[error(
        "no archive of the game's here (NNNN.pac, NNNN.LANG.pac){}",
        left_out_list(left_out)
    )]
    NoArchives {
        left_out: Vec<crate::install::LeftOut>,
    },
    #[error(
        "{} is not one of the game's languages ({})",
        Shown(language),
        crate::layout::LANGUAGES.join(", ")
    )]
    UnknownLanguage { language: String },
    #[error(
        "no archive of language {} here (NNNN.{}.pac); the install's languages: {}",
        Shown(language),
        Shown(language),
        held.join(", ")
    )]
    LanguageMissing { language: String, held: Vec<String> },
    #[error("more than {limit} .pac files in one folder")]
    TooManyArchives { limit: usize },
    #[error("no entry {} in the archive", Shown(path))]
    NotFound { path: String },
}

/// `; left out: NAME (why), ...` for the archives a folder holds that are not the game's.
fn left_out_list(left_out: &[crate::install::LeftOut]) -> String {
    if left_out.is_empty() {
        return String::new();
    }
    let each: Vec<String> = left_out
        .iter()
        .map(|l| format!("{} ({})", Shown(&l.file_name), l.reason))
        .collect();
    format!("; left out: {}", each.join(", "))
}

/// Every error of an archive is the archive's: it cannot be read, is not one, or is damaged.
impl faults::Faulty for Error {
    fn fault(&self) -> faults::Fault {
        faults::Fault::File
    }

    fn concerns(&self) -> Option<faults::Concern> {
        Some(faults::Concern::File(self.archive.clone()))
    }
}
