//! The temporary file a write goes to before it is renamed into place: created only where no
//! file, and no link, has its name (`O_CREAT | O_EXCL | O_NOFOLLOW`), under a name nobody can
//! guess, removed when anything fails (its `Drop`) or on a signal ([`crate::live`]).

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::hash::{BuildHasher, Hasher, RandomState};
use std::io;
use std::path::{Component, Path};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::folder::Folder;
use crate::live;
use crate::sys::{self, Dir};

/// Whether a write may replace a file already at the output's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Publish {
    /// Replace it (a link there is replaced, not followed).
    Replace,
    /// Leave it, and fail with [`io::ErrorKind::AlreadyExists`].
    KeepExisting,
}

/// How many names are tried before giving up: another file holds a random name only by chance
/// or by a folder's owner guessing, so a few tries suffice.
const TRIES: usize = 16;

/// How much of the output's name a temporary name keeps, so that the name stays well under the
/// 255 bytes most file systems allow.
const NAME_KEPT: usize = 200;

/// The hex digits of the random part.
const RANDOM_DIGITS: usize = 16;

/// A temporary file in a folder, written and then renamed to the output's name, or removed.
#[derive(Debug)]
pub struct TemporaryFile {
    file: File,
    folder: Arc<Dir>,
    name: OsString,
    live_id: Option<u64>,
}

impl TemporaryFile {
    /// Creates a temporary file for the output `for_name` in `folder`:
    /// `.<for_name>.<16 random hex digits>.tmp`.
    ///
    /// # Errors
    /// `for_name` is no plain file name (a `/` in it, `..`); the folder refuses a new file
    /// (read-only, full), or every name tried is taken.
    pub fn create(folder: &Folder, for_name: &OsStr) -> io::Result<Self> {
        plain_name(for_name)?;
        let mut live = live::lock();
        for _ in 0..TRIES {
            let name = temporary_name(for_name);
            match sys::create_new(folder.dir(), &name) {
                Ok(file) => {
                    let live_id = Some(live.enter(Arc::clone(folder.shared_dir()), name.clone()));
                    return Ok(TemporaryFile {
                        file,
                        folder: Arc::clone(folder.shared_dir()),
                        name,
                        live_id,
                    });
                }
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
                Err(error) => return Err(error),
            }
        }
        Err(io::Error::other(format!(
            "{}: {TRIES} temporary names tried, each taken already",
            folder.path().display()
        )))
    }

    /// The open file, to write to.
    pub fn file(&mut self) -> &mut File {
        &mut self.file
    }

    /// Its name in its folder.
    pub fn name(&self) -> &OsStr {
        &self.name
    }

    /// Flushes the file to disk and renames it to `name` in its folder, over a file there or
    /// not ([`Publish`]).
    ///
    /// # Errors
    /// `name` is no plain file name; the flush or the rename fails (then the temporary file is
    /// removed); with
    /// [`Publish::KeepExisting`], a file (or a link, or a folder) named `name` is there already:
    /// [`io::ErrorKind::AlreadyExists`].
    pub fn publish(mut self, name: &OsStr, publish: Publish) -> io::Result<()> {
        plain_name(name)?;
        self.file.sync_all()?;
        let mut live = live::lock();
        let renamed = match publish {
            Publish::Replace => sys::rename(&self.folder, &self.name, name),
            Publish::KeepExisting => sys::rename_no_replace(&self.folder, &self.name, name),
        };
        if renamed.is_ok() {
            if let Some(id) = self.live_id.take() {
                live.leave(id);
            }
        }
        // The lock goes before `self` does: a file not renamed is removed by `Drop`, which
        // takes the lock again.
        drop(live);
        renamed
    }
}

impl Drop for TemporaryFile {
    /// Not published: removed.
    fn drop(&mut self) {
        if let Some(id) = self.live_id.take() {
            let mut live = live::lock();
            let _ = sys::remove(&self.folder, &self.name);
            live.leave(id);
        }
    }
}

/// Refuses a name that is not one plain name: one with a `/` in it would be looked up through
/// folders, and so through links.
fn plain_name(name: &OsStr) -> io::Result<()> {
    let mut components = Path::new(name).components();
    match (components.next(), components.next()) {
        (Some(Component::Normal(_)), None) if !name.is_empty() => Ok(()),
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: not a file name", Path::new(name).display()),
        )),
    }
}

/// `.<for_name>.<random>.tmp`: a dot file, beside the output and named after it, that
/// [`is_temporary_name`] tells.
fn temporary_name(for_name: &OsStr) -> OsString {
    let lossy = for_name.to_string_lossy();
    let mut kept = lossy.len().min(NAME_KEPT);
    while !lossy.is_char_boundary(kept) {
        kept -= 1;
    }
    OsString::from(format!(
        ".{}.{:0width$x}.tmp",
        &lossy[..kept],
        random(),
        width = RANDOM_DIGITS
    ))
}

/// 64 bits nobody outside this process can predict: SipHash under the keys the standard library
/// draws from the system's random source for each thread (`RandomState`), of a counter.
fn random() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.write_u32(std::process::id());
    hasher.finish()
}

/// Whether `name` is a temporary file's that a write made and did not finish: one of ours
/// (`.<name>.<16 hex digits>.tmp`), or an older version's (`.<name>.<process id>.tmp`). A
/// process stopped at once (SIGKILL, a power cut) leaves one; the output it was for is as it was.
pub fn is_temporary_name(name: &str) -> bool {
    let Some(inner) = name
        .strip_prefix('.')
        .and_then(|name| name.strip_suffix(".tmp"))
    else {
        return false;
    };
    let Some((output, tag)) = inner.rsplit_once('.') else {
        return false;
    };
    !output.is_empty()
        && (1..=RANDOM_DIGITS).contains(&tag.len())
        && tag.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_told_and_others_are_not() {
        let made = temporary_name(OsStr::new("battle_type1_seq.bin"));
        let made = made.to_str().unwrap();
        assert!(made.starts_with(".battle_type1_seq.bin."), "{made}");
        assert_eq!(
            made.len(),
            ".battle_type1_seq.bin.".len() + 16 + ".tmp".len()
        );
        assert!(is_temporary_name(made));
        // The names an older version used: its process id.
        assert!(is_temporary_name(".tex_992.bin.4242.tmp"));
        for other in [
            "battle_type1_seq.bin",
            ".tmp",
            "..tmp",
            "..1.tmp",
            ".notes.tmp",
            ".a.b.xyz.tmp",
            ".a.12345678901234567.tmp",
            "a.1.tmp",
        ] {
            assert!(!is_temporary_name(other), "{other}");
        }
    }

    #[test]
    fn only_a_plain_name_is_a_file_name() {
        assert!(plain_name(OsStr::new("out.bin")).is_ok());
        for not in ["", "a/b", "..", ".", "/", "../out.bin"] {
            assert!(plain_name(OsStr::new(not)).is_err(), "{not}");
        }
    }

    #[test]
    fn two_names_for_one_output_differ() {
        let name = OsStr::new("doc.json");
        assert_ne!(temporary_name(name), temporary_name(name));
    }

    #[test]
    fn a_long_name_is_cut_to_fit_a_file_system() {
        let long = "é".repeat(200);
        let made = temporary_name(OsStr::new(&long));
        assert!(made.len() <= 255, "{}", made.len());
        assert!(is_temporary_name(made.to_str().unwrap()));
    }
}
