//! The calls elsewhere than on Unix: by path, each name checked just before it is used. A link
//! swapped in between can still be followed there; Unix, where every lookup goes through an open
//! folder, has no such window.

use std::ffi::OsStr;
use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

/// A folder, by its path.
#[derive(Debug)]
pub struct Dir(PathBuf);

pub fn open(path: &Path) -> io::Result<Dir> {
    if std::fs::metadata(path)?.is_dir() {
        Ok(Dir(path.to_owned()))
    } else {
        Err(io::Error::from(io::ErrorKind::NotADirectory))
    }
}

pub fn open_child(dir: &Dir, name: &OsStr) -> io::Result<Dir> {
    let path = dir.0.join(name);
    let meta = std::fs::symlink_metadata(&path)?;
    if meta.is_dir() && !meta.file_type().is_symlink() {
        Ok(Dir(path))
    } else {
        Err(io::Error::from(io::ErrorKind::NotADirectory))
    }
}

pub fn make_child(dir: &Dir, name: &OsStr) -> io::Result<()> {
    std::fs::create_dir(dir.0.join(name))
}

pub fn create_new(dir: &Dir, name: &OsStr) -> io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(dir.0.join(name))
}

pub fn rename(dir: &Dir, from: &OsStr, to: &OsStr) -> io::Result<()> {
    std::fs::rename(dir.0.join(from), dir.0.join(to))
}

pub fn rename_no_replace(dir: &Dir, from: &OsStr, to: &OsStr) -> io::Result<()> {
    std::fs::hard_link(dir.0.join(from), dir.0.join(to))?;
    let _ = remove(dir, from);
    Ok(())
}

pub fn remove(dir: &Dir, name: &OsStr) -> io::Result<()> {
    std::fs::remove_file(dir.0.join(name))
}

pub fn is_link(dir: &Dir, name: &OsStr) -> bool {
    std::fs::symlink_metadata(dir.0.join(name)).is_ok_and(|meta| meta.file_type().is_symlink())
}
