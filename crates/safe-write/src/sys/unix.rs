//! The calls on Unix: each name is looked up in an open folder (`openat` and its kin), and none
//! follows a link at the name.

use std::ffi::OsStr;
use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::path::Path;

use rustix::fs::{AtFlags, CWD, FileType, Mode, OFlags};
use rustix::io::Errno;

/// An open folder.
#[derive(Debug)]
pub struct Dir(OwnedFd);

/// How a folder is opened: to look names up in, never to list or write.
const FOLDER: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::CLOEXEC);

/// Opens the folder at `path`, following links on the way: a path the caller chose.
pub fn open(path: &Path) -> io::Result<Dir> {
    Ok(Dir(rustix::fs::openat(CWD, path, FOLDER, Mode::empty())?))
}

/// Opens the folder `name` in `dir`; a link there fails (`ELOOP`), as does a file (`ENOTDIR`).
pub fn open_child(dir: &Dir, name: &OsStr) -> io::Result<Dir> {
    let flags = FOLDER | OFlags::NOFOLLOW;
    Ok(Dir(rustix::fs::openat(&dir.0, name, flags, Mode::empty())?))
}

/// Makes the folder `name` in `dir` (the process's umask applies, as to `mkdir -p`).
pub fn make_child(dir: &Dir, name: &OsStr) -> io::Result<()> {
    Ok(rustix::fs::mkdirat(
        &dir.0,
        name,
        Mode::from_raw_mode(0o777),
    )?)
}

/// Creates the file `name` in `dir`, which must not exist, not even as a link.
pub fn create_new(dir: &Dir, name: &OsStr) -> io::Result<File> {
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    // The umask applies, as to `File::create`: the output gets the user's usual permissions.
    let fd = rustix::fs::openat(&dir.0, name, flags, Mode::from_raw_mode(0o666))?;
    Ok(File::from(fd))
}

/// Renames `from` to `to` in `dir`, replacing whatever `to` is (a link is replaced, not followed).
pub fn rename(dir: &Dir, from: &OsStr, to: &OsStr) -> io::Result<()> {
    Ok(rustix::fs::renameat(&dir.0, from, &dir.0, to)?)
}

/// Renames `from` to `to` in `dir` unless `to` exists (`AlreadyExists`): one call where the
/// system has it (`renameat2(RENAME_NOREPLACE)`), else a hard link, which fails the same way,
/// and the old name removed.
pub fn rename_no_replace(dir: &Dir, from: &OsStr, to: &OsStr) -> io::Result<()> {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    match rustix::fs::renameat_with(&dir.0, from, &dir.0, to, rustix::fs::RenameFlags::NOREPLACE) {
        Ok(()) => return Ok(()),
        // A file system (or an old kernel) without the flag: the link below does the same.
        Err(Errno::INVAL | Errno::NOSYS | Errno::NOTSUP) => {}
        Err(error) => return Err(error.into()),
    }
    rustix::fs::linkat(&dir.0, from, &dir.0, to, AtFlags::empty())?;
    // The file is in place; the old name, if it cannot go, is a recognisable temporary name.
    let _ = remove(dir, from);
    Ok(())
}

/// Removes the file `name` from `dir`.
pub fn remove(dir: &Dir, name: &OsStr) -> io::Result<()> {
    Ok(rustix::fs::unlinkat(&dir.0, name, AtFlags::empty())?)
}

/// Whether `name` in `dir` is a symbolic link.
pub fn is_link(dir: &Dir, name: &OsStr) -> bool {
    rustix::fs::statat(&dir.0, name, AtFlags::SYMLINK_NOFOLLOW)
        .is_ok_and(|stat| FileType::from_raw_mode(stat.st_mode) == FileType::Symlink)
}
