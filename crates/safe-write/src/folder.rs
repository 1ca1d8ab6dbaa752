//! A folder writes are made in, open as a handle: reached once from the path the caller chose,
//! and below it one name at a time, never through a link, so that a folder swapped for a link
//! after it was opened cannot lead a write elsewhere.

use std::ffi::OsStr;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::sys::{self, Dir};

/// An open folder, and its path for messages.
#[derive(Debug)]
pub struct Folder {
    dir: Arc<Dir>,
    path: PathBuf,
}

impl Folder {
    /// Opens the folder at `path` as the caller named it (links on the way are the caller's).
    ///
    /// # Errors
    /// No folder there, or one that cannot be opened.
    pub fn open(path: &Path) -> io::Result<Self> {
        Ok(Folder {
            dir: Arc::new(sys::open(path)?),
            path: path.to_owned(),
        })
    }

    /// The folder `relative` below this one, its folders made where missing, each opened in the
    /// one above it and none through a link.
    ///
    /// # Errors
    /// A part of `relative` that is no plain name (`..`, a root); a link or a file where a folder
    /// is to be ([`io::ErrorKind::NotADirectory`], naming it); a folder that cannot be made.
    pub fn open_below(&self, relative: &Path) -> io::Result<Folder> {
        let mut dir = Arc::clone(&self.dir);
        let mut path = self.path.clone();
        for component in relative.components() {
            let Component::Normal(name) = component else {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "{}: not a path below {}",
                        relative.display(),
                        self.path.display()
                    ),
                ));
            };
            path.push(name);
            dir = Arc::new(open_or_make(&dir, name, &path)?);
        }
        Ok(Folder { dir, path })
    }

    /// Its path, as it was reached.
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn dir(&self) -> &Dir {
        &self.dir
    }

    pub(crate) fn shared_dir(&self) -> &Arc<Dir> {
        &self.dir
    }
}

/// The folder `name` in `dir` (at `path`), made if it is not there.
fn open_or_make(dir: &Dir, name: &OsStr, path: &Path) -> io::Result<Dir> {
    match sys::open_child(dir, name) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            match sys::make_child(dir, name) {
                // Made by another process in between: opened as any folder is.
                Err(error) if error.kind() != io::ErrorKind::AlreadyExists => {
                    return Err(with_path(error, path));
                }
                _ => {}
            }
            sys::open_child(dir, name).map_err(|error| not_a_folder(dir, name, path, error))
        }
        result => result.map_err(|error| not_a_folder(dir, name, path, error)),
    }
}

/// The error for `name` in `dir` that did not open as a folder: a link or a file said as such.
fn not_a_folder(dir: &Dir, name: &OsStr, path: &Path, error: io::Error) -> io::Error {
    if sys::is_link(dir, name) {
        io::Error::new(
            io::ErrorKind::NotADirectory,
            format!(
                "{}: a link where a folder is to be; nothing is written through a link",
                path.display()
            ),
        )
    } else if error.kind() == io::ErrorKind::NotADirectory {
        io::Error::new(
            io::ErrorKind::NotADirectory,
            format!("{}: a file where a folder is to be", path.display()),
        )
    } else {
        with_path(error, path)
    }
}

fn with_path(error: io::Error, path: &Path) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}
