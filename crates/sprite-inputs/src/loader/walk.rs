//! Walking a folder that may be hostile, bounded: a link is listed as a link and never
//! followed (so a link loop is one entry, not a hang), at most [`MAX_ENTRIES`] entries are read,
//! and no deeper than the depth asked. `mod check` walks a mod with it; [`find_loader_folders`]
//! finds the folders the loader reads (`fftpack/unit/`, `system/ffto/g2d/`) at any depth below a
//! mod, a folder of mods or an unpacked remaster install, for the places game files come from
//! ([`crate::locate`]).

use std::path::{Path, PathBuf};

use faults::Shown;

use crate::error::{Error, Result};
use crate::loader::layout::{HD_FOLDER, Mode, NXD_FOLDER, UNIT_FOLDER, UNIT_PSP_FOLDER};

/// The most entries one walk reads: a mod has a handful, the remaster's unpacked data a few
/// thousand.
pub const MAX_ENTRIES: usize = 100_000;

/// How deep [`find_loader_folders`] looks below the folder given: a folder of mods holds
/// `<mod>/FFTIVC/data/<mode>/fftpack/unit/`, six levels down.
pub const SEARCH_DEPTH: usize = 8;

/// What an entry is, as the folder lists it (links not followed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryKind {
    /// A file of this many bytes.
    File {
        len: u64,
    },
    Folder,
    /// A symbolic link, and what it points to as written.
    Link {
        target: Option<PathBuf>,
    },
    /// Anything else (a socket, a device).
    Other,
}

/// One entry below the folder walked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its path from the folder walked.
    pub relative: PathBuf,
    pub kind: EntryKind,
}

/// What a walk found.
#[derive(Debug, Clone, Default)]
pub struct Walked {
    /// Every entry, in path order.
    pub entries: Vec<Entry>,
    /// The folders not looked into for the depth bound.
    pub too_deep: Vec<PathBuf>,
}

/// Walks `root` no deeper than `depth` levels.
///
/// # Errors
/// A root that is not a folder, a folder that cannot be read, or more than [`MAX_ENTRIES`]
/// entries; each in the context of the path.
pub fn walk(root: &Path, depth: usize) -> Result<Walked> {
    if !root.is_dir() {
        return Err(Error::not_found(format!(
            "{}: no such folder",
            Shown(&root)
        )));
    }
    let mut walked = Walked::default();
    let mut pending = vec![(PathBuf::new(), 0usize)];
    let mut read = 0usize;
    while let Some((folder, level)) = pending.pop() {
        let full = root.join(&folder);
        // A mod made or a file added below here later is found by the same walk: watch it.
        crate::read::note_listed(&full);
        let listing =
            std::fs::read_dir(&full).map_err(|e| Error::from(e).in_context(Shown(&full)))?;
        for entry in listing {
            let entry = entry.map_err(|e| Error::from(e).in_context(Shown(&full)))?;
            read += 1;
            if read > MAX_ENTRIES {
                return Err(Error::file(format!(
                    "{}: more than {MAX_ENTRIES} files and folders below it, more than any mod \
                     or the remaster's data holds; name the folder itself",
                    Shown(&root)
                )));
            }
            let relative = folder.join(entry.file_name());
            let meta = entry
                .path()
                .symlink_metadata()
                .map_err(|e| Error::from(e).in_context(Shown(&entry.path())))?;
            let kind = if meta.file_type().is_symlink() {
                EntryKind::Link {
                    target: std::fs::read_link(entry.path()).ok(),
                }
            } else if meta.is_dir() {
                if level + 1 < depth {
                    pending.push((relative.clone(), level + 1));
                } else {
                    walked.too_deep.push(relative.clone());
                }
                EntryKind::Folder
            } else if meta.is_file() {
                EntryKind::File { len: meta.len() }
            } else {
                EntryKind::Other
            };
            walked.entries.push(Entry { relative, kind });
        }
    }
    walked.entries.sort_by(|a, b| a.relative.cmp(&b.relative));
    walked.too_deep.sort();
    Ok(walked)
}

/// The folders the loader reads below a folder: sprite files and HD sheets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LoaderFolders {
    /// Every `fftpack/unit/` (and `fftpack/unit_psp/`) below it, in the order they are layered (a later one wins):
    /// `classic/`'s, then `combined/`'s and those of no mode, then `enhanced/`'s (the enhanced
    /// game's files, as the viewer shows them), each set in path order.
    pub units: Vec<PathBuf>,
    /// Every `system/ffto/g2d/` below it, in the same order.
    pub hd: Vec<PathBuf>,
    /// Every `nxd/` below it (the remaster's tables: `charclut.nxd`), in the same order.
    pub nxd: Vec<PathBuf>,
}

/// The loader's folders at any depth below `root` (to [`SEARCH_DEPTH`] levels), links not
/// followed.
///
/// # Errors
/// As [`walk`].
pub fn find_loader_folders(root: &Path) -> Result<LoaderFolders> {
    let walked = walk(root, SEARCH_DEPTH)?;
    let ends_with = |path: &Path, tail: &[&str]| {
        let parts: Vec<String> = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy().to_ascii_lowercase())
            .collect();
        parts.len() >= tail.len() && parts[parts.len() - tail.len()..] == *tail
    };
    let mut found = LoaderFolders::default();
    for entry in walked
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Folder)
    {
        // The War of the Lions sheets' folder is read as the other sprite files' is.
        if ends_with(&entry.relative, &UNIT_FOLDER) || ends_with(&entry.relative, &UNIT_PSP_FOLDER)
        {
            found.units.push(root.join(&entry.relative));
        } else if ends_with(&entry.relative, &HD_FOLDER) {
            found.hd.push(root.join(&entry.relative));
        } else if ends_with(&entry.relative, &NXD_FOLDER) {
            found.nxd.push(root.join(&entry.relative));
        }
    }
    let rank = |path: &PathBuf| {
        let mode = path
            .strip_prefix(root)
            .unwrap_or(path)
            .components()
            .rev()
            .find_map(|c| Mode::from_folder(&c.as_os_str().to_string_lossy()));
        match mode {
            Some(Mode::Classic) => 0,
            Some(Mode::Combined) | None => 1,
            Some(Mode::Enhanced) => 2,
        }
    };
    found.units.sort_by_key(|path| (rank(path), path.clone()));
    found.hd.sort_by_key(|path| (rank(path), path.clone()));
    found.nxd.sort_by_key(|path| (rank(path), path.clone()));
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sprite-inputs-walk-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_mod_s_folders_are_found_and_layered_enhanced_last() {
        let dir = scratch("layered");
        for mode in ["enhanced", "combined", "classic"] {
            std::fs::create_dir_all(dir.join("m/FFTIVC/data").join(mode).join("fftpack/unit"))
                .unwrap();
        }
        std::fs::create_dir_all(dir.join("m/FFTIVC/data/enhanced/system/ffto/g2d")).unwrap();
        std::fs::create_dir_all(dir.join("m/FFTIVC/data/enhanced/nxd")).unwrap();
        let found = find_loader_folders(&dir).unwrap();
        let modes: Vec<String> = found
            .units
            .iter()
            .map(|p| {
                p.parent()
                    .unwrap()
                    .parent()
                    .unwrap()
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        assert_eq!(modes, ["classic", "combined", "enhanced"]);
        assert_eq!(
            found.hd,
            [dir.join("m/FFTIVC/data/enhanced/system/ffto/g2d")]
        );
        assert_eq!(found.nxd, [dir.join("m/FFTIVC/data/enhanced/nxd")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_loop_is_one_entry() {
        let dir = scratch("loop");
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::os::unix::fs::symlink("..", dir.join("a/up")).unwrap();
        let walked = walk(&dir, 16).unwrap();
        assert_eq!(walked.entries.len(), 2);
        assert_eq!(
            walked.entries[1].kind,
            EntryKind::Link {
                target: Some(PathBuf::from(".."))
            }
        );
        assert!(find_loader_folders(&dir).unwrap().units.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_depth_is_bounded() {
        let dir = scratch("deep");
        std::fs::create_dir_all(dir.join("1/2/3")).unwrap();
        let walked = walk(&dir, 2).unwrap();
        assert_eq!(walked.too_deep, [PathBuf::from("1/2")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
