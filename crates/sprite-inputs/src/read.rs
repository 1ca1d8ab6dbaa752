//! Reading a file whole, with a cap: every file the command line, the server and `cargo xtask`
//! read goes through here, so that a device or a huge file cannot exhaust memory, and every
//! failure names the file. [`InputFile`] is a file read: its name in messages and its bytes.

use std::cell::RefCell;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use faults::Shown;
use sprite_data::build::NamedBytes;

use crate::error::{Error, ErrorKind, Result};

/// Input longer than this is refused before it is read whole. Every sprite file is far smaller:
/// a unit SHP is at most 0x2080A bytes (two full 65535-byte blocks), a SEQ 0x10405, a sheet well
/// under 0x10000.
pub const MAX_INPUT_LEN: u64 = 4 << 20;

/// Why [`MAX_INPUT_LEN`] refuses a file, in words.
pub const TOO_LONG_FOR_A_SPRITE_FILE: &str = "far longer than any sprite file can be";

/// The most bytes a SAS file or `pakd` container is read to ([`sas_formats::pakd::MAX_CONTAINER_LEN`]).
pub const MAX_CONTAINER_LEN: u64 = sas_formats::pakd::MAX_CONTAINER_LEN;

/// Why [`MAX_CONTAINER_LEN`] refuses a file, in words.
pub const TOO_LONG_FOR_A_CONTAINER: &str = "longer than a pakd container is read";

/// Reads a whole input file of at most [`MAX_INPUT_LEN`] bytes.
///
/// # Errors
/// When it cannot be opened or read, or is longer; the message names the path.
pub fn read_input(path: &Path) -> Result<Vec<u8>> {
    read_at_most(path, MAX_INPUT_LEN, TOO_LONG_FOR_A_SPRITE_FILE)
}

/// Reads a whole SAS file or container of at most [`MAX_CONTAINER_LEN`] bytes.
///
/// # Errors
/// When it cannot be opened or read, or is longer; the message names the path.
pub fn read_container(path: &Path) -> Result<Vec<u8>> {
    read_at_most(path, MAX_CONTAINER_LEN, TOO_LONG_FOR_A_CONTAINER)
}

/// Reads a whole file of at most `limit` bytes, refusing a longer one before it is read whole
/// with `over 0x<limit> bytes, <why>`.
///
/// # Errors
/// When it cannot be opened or read, or is longer; the message names the path.
pub fn read_at_most(path: &Path, limit: u64, why: &'static str) -> Result<Vec<u8>> {
    let too_long = || Error::from(ErrorKind::TooLong { limit, why });
    let read = match read_capped(path, limit) {
        Ok(Capped::Bytes(bytes)) if bytes.len() as u64 <= limit => Ok(bytes),
        Ok(_) => Err(too_long()),
        Err(error) => Err(Error::from(error)),
    };
    read.map_err(|error| error.in_context(Shown(&path)))
}

/// A file read under a cap ([`read_capped`]).
#[derive(Debug)]
pub enum Capped {
    /// Its bytes: at most the cap, or one byte past it when the file grew while it was read.
    Bytes(Vec<u8>),
    /// Its stated length, over the cap: the file was not read.
    Over { len: u64 },
}

/// Reads a whole file under a cap of `limit` bytes: refused unread when its stated length is
/// over it, and read to one byte past it (a file that grows while it is read, a device that
/// states no length), so that a caller sees a file over the cap by its bytes too. Every whole
/// read of a file by a library comes here, so that [`recording`] sees it; the system's error is
/// left for the caller to word.
///
/// # Errors
/// The system's: a file that cannot be opened or read.
pub fn read_capped(path: &Path, limit: u64) -> std::io::Result<Capped> {
    note_read(path);
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    if len > limit {
        return Ok(Capped::Over { len });
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    Ok(Capped::Bytes(bytes))
}

/// The first `N` bytes of a file, or `None` when it cannot be read or is shorter: enough to tell
/// what it is ([`crate::sniff`]) before it is read whole.
pub fn read_head<const N: usize>(path: &Path) -> Option<[u8; N]> {
    let mut head = [0; N];
    open_regular(path).ok()?.read_exact(&mut head).ok()?;
    Some(head)
}

/// Opens `path` to read it, refusing what is not a regular file before a byte is read: a FIFO
/// or a device can hold a read for good (a FIFO with no writer never answers), and `serve
/// --watch` reads its files again at every change, on the one thread that watches them. On
/// Unix the open does not wait either (`O_NONBLOCK`, which a regular file ignores), and the kind
/// is asked of the file opened, not of the path, which could be swapped in between.
///
/// # Errors
/// The system's; `not a regular file but a FIFO` (a folder, a device, a socket).
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        rustix::fs::OFlags::NONBLOCK.bits() as i32,
    );
    let file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!(
            "not a regular file but {}: an input is read whole, and only a file can be",
            kind_in_words(kind)
        ),
    ))
}

/// What a file that is not a regular one is, in words.
fn kind_in_words(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "neither a file nor a folder"
    }
}

thread_local! {
    /// The files read on this thread while [`recording`] runs; `None` when nothing records.
    static READ: RefCell<Option<Vec<PathBuf>>> = const { RefCell::new(None) };
}

/// Notes that `path` is read, for [`recording`].
fn note_read(path: &Path) {
    READ.with_borrow_mut(|read| {
        if let Some(read) = read.as_mut() {
            // As spelt: the same folder is noted under one spelling, and comparing spellings is
            // cheap where comparing paths part by part is not (one note a lookup).
            if !read.iter().any(|p| p.as_os_str() == path.as_os_str()) {
                read.push(path.to_path_buf());
            }
        }
    });
}

/// Notes that the file `path` was read other than through this module (an archive of the
/// user's install, read by `game_archive`), for [`recording`].
pub(crate) fn note_opened(path: &Path) {
    note_read(path);
}

/// Notes that the folder `folder` was listed (a search of it), for [`recording`]: a file made in
/// it later is one the same search would find, so `serve --watch` watches it too.
pub(crate) fn note_listed(folder: &Path) {
    note_read(folder);
}

/// Runs `work` and says which files it read through this module, and which folders it searched
/// (`note_listed`; each once, in the order first read), so that `serve --watch` watches the
/// files the served documents were built from and the folders a new one would be found in, and
/// no others. Only this thread's reads count; a nested call records for itself alone.
pub fn recording<T>(work: impl FnOnce() -> T) -> (T, Vec<PathBuf>) {
    let outer = READ.with_borrow_mut(|read| read.replace(Vec::new()));
    let done = work();
    let read = READ.with_borrow_mut(|read| std::mem::replace(read, outer));
    (done, read.unwrap_or_default())
}

/// An input file read whole: its name in messages (its path as given, or
/// `IMAGE:BATTLE/TYPE1.SHP` for a file of a disc image, as [`faults::Shown`] shows it: escaped
/// when it holds a control character) and its bytes.
#[derive(Debug, Clone)]
pub struct InputFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl InputFile {
    /// The file at `path`, whose bytes have been read.
    pub fn new(path: &Path, bytes: Vec<u8>) -> Self {
        Self {
            name: Shown(&path).to_string(),
            bytes,
        }
    }

    /// Reads the file at `path` ([`read_input`]).
    ///
    /// # Errors
    /// As [`read_input`].
    pub fn read(path: &Path) -> Result<Self> {
        Ok(Self::new(path, read_input(path)?))
    }

    /// The file as the builder takes it.
    pub fn named_bytes(&self) -> NamedBytes<'_> {
        NamedBytes {
            name: &self.name,
            bytes: &self.bytes,
        }
    }
}
