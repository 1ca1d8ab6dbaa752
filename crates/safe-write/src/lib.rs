//! Writing output files safely, for every tool of the workspace (docs/mods.md "Safe writes"):
//!
//! - **Nothing half-written.** The bytes go to a temporary file beside the output, flushed to
//!   disk, then renamed over it: a failure (a full disk, a folder where the file goes) leaves the
//!   previous file as it was, and the temporary file is removed ([`TemporaryFile`]'s `Drop`).
//! - **Never through a link.** The temporary file is created only where nothing has its name, not
//!   even a link (`O_CREAT | O_EXCL | O_NOFOLLOW`), under a random name: a folder that ships links
//!   named as temporary files cannot make a write land elsewhere.
//! - **Below a folder, from its handle.** [`write_below`] opens the folder once and each folder
//!   below it in the one above, never through a link, and renames in that handle: a folder
//!   swapped for a link after a check cannot lead the write out.
//! - **No temporary file after a signal.** The temporary files that exist are listed
//!   ([`remove_temporary_files`]); the program's SIGINT and SIGTERM handler removes them. This
//!   library installs no handler: that is the program's choice.
//! - **No replacing unless asked.** [`Publish::KeepExisting`] renames only where nothing is, in one
//!   step, so of several writers at once exactly one places the file.

mod folder;
mod live;
mod sys;
mod temporary;

use std::ffi::OsStr;
use std::io::{self, Write};
use std::path::Path;

pub use folder::Folder;
pub use live::{WritesHeld, remove_temporary_files};
pub use temporary::{Publish, TemporaryFile, is_temporary_name};

/// Writes `bytes` to `path` atomically, creating its folder if needed, replacing a file there.
///
/// # Errors
/// The folder cannot be made or opened, the temporary file cannot be created or written (a full
/// or read-only disk), or the rename fails (a folder at `path`). The previous file at `path`, if
/// any, is then untouched, and the temporary file is removed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (folder, name) = split(path)?;
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    std::fs::create_dir_all(folder)?;
    write_in(&Folder::open(folder)?, name, bytes, Publish::Replace)
}

/// Writes `bytes` atomically to `relative` below the folder `root`, making the folders on the
/// way, none of them reached through a link, and replacing a file there only if `publish` says so.
///
/// # Errors
/// As [`write_atomically`]; a part of `relative` that is no plain name, or a link or a file where
/// one of its folders is to be ([`io::ErrorKind::NotADirectory`]); with
/// [`Publish::KeepExisting`], anything at `relative` already ([`io::ErrorKind::AlreadyExists`]).
pub fn write_below(root: &Path, relative: &Path, bytes: &[u8], publish: Publish) -> io::Result<()> {
    let (folders, name) = split(relative)?;
    let folder = Folder::open(root)?.open_below(folders)?;
    write_in(&folder, name, bytes, publish)
}

/// Writes `bytes` atomically to the file `name` of `folder`.
///
/// # Errors
/// As [`write_below`].
pub fn write_in(folder: &Folder, name: &OsStr, bytes: &[u8], publish: Publish) -> io::Result<()> {
    let mut temporary = TemporaryFile::create(folder, name)?;
    temporary.file().write_all(bytes)?;
    temporary.publish(name, publish)
}

/// A path's folders (empty for none) and its file's name.
fn split(path: &Path) -> io::Result<(&Path, &OsStr)> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} names no file", path.display()),
        )
    })?;
    Ok((path.parent().unwrap_or(Path::new("")), name))
}
