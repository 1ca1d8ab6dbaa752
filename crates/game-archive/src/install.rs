//! The user's install as a set of archives: which `.pac` files are the game's, in which order
//! they are read, and which file each game path comes from (docs/remaster.md "The user's
//! install").
//!
//! Only archives are read. The folder of archives is the install's `data/enhanced` (given the
//! install's root) or the folder given; files beside the archives and folders below it (copies
//! that tools unpacked) are never read. The game's archives are named by number, `NNNN.pac`,
//! with a language's variant `NNNN.LANG.pac`; anything else (`modded.pac`, the mod loader's
//! merge, a mod's `NNNN.NAME.diff.pac`) is left out and said so. A later archive's file wins
//! over an earlier one's with the same path; a language's archive comes after the plain one of
//! its number, and a file asked for by its plain path is read from the language's variant when
//! there is one ([`Install::find_read`]: `battle_bin.en.bin` for `battle_bin.bin`).

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use crate::archive::Archive;
use crate::error::{Error, ErrorKind};
use crate::g2d::{G2D_PATH, G2d, tex_entry};
use crate::layout::LANGUAGES;
use crate::name::{normalise, with_language};
use crate::toc::Entry;

/// The folder below an install's root that holds the enhanced mode's archives.
pub const ENHANCED_FOLDER: &str = "data/enhanced";

/// The most archives one install folder may hold: the game has about 55 across both modes.
pub const MAX_ARCHIVES: usize = 1000;

/// The English variants by default: the game's own default language.
pub const DEFAULT_LANGUAGE: &str = "en";

/// A `.pac` file of the folder that is not read, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    pub file_name: String,
    pub reason: &'static str,
}

/// The archives of an install, opened in the order the game reads them.
#[derive(Debug)]
pub struct Install {
    folder: PathBuf,
    archives: Vec<Archive<File>>,
    left_out: Vec<LeftOut>,
    /// Each game path, the archive and entry it comes from (the last archive that has it).
    by_path: HashMap<String, (usize, usize)>,
    /// `g2d.dat`'s bytes, read once when a tex file is first asked for.
    g2d: Option<Vec<u8>>,
    /// The language whose variants are read (none for one archive named alone).
    language: Option<String>,
}

/// A game path found in an install: the archive and its entry.
#[derive(Debug, Clone, Copy)]
pub struct Found<'a> {
    pub archive: &'a Archive<File>,
    pub entry: &'a Entry,
}

impl Install {
    /// Opens the archives of the install at `dir` (its root, or a folder of archives), the
    /// variants of `language` (`en`, ...) and none of the others'.
    ///
    /// # Errors
    /// `language` is not one of the game's ([`LANGUAGES`]); the folder cannot be read, holds no
    /// archive of the game's or too many files, holds other languages' variants and none of
    /// `language`'s (an install of other languages: reading it without would give the plain
    /// archives' files where the game reads the language's); an archive is damaged.
    pub fn open(dir: &Path, language: &str) -> Result<Self, Error> {
        let folder = archive_folder(dir);
        let shown = folder.display().to_string();
        if !LANGUAGES.contains(&language) {
            return Err(Error::new(
                &shown,
                ErrorKind::UnknownLanguage {
                    language: language.to_owned(),
                },
            ));
        }
        let io = |error| Error::new(&shown, ErrorKind::Io(error));
        let mut names = Vec::new();
        for item in std::fs::read_dir(&folder).map_err(io)? {
            let item = item.map_err(io)?;
            let name = item.file_name().to_string_lossy().into_owned();
            if name.to_ascii_lowercase().ends_with(".pac") {
                if names.len() == MAX_ARCHIVES {
                    return Err(Error::new(
                        &shown,
                        ErrorKind::TooManyArchives {
                            limit: MAX_ARCHIVES,
                        },
                    ));
                }
                names.push(name);
            }
        }
        let mut chosen = Vec::new();
        let mut left_out = Vec::new();
        for name in names {
            match role(&name, language) {
                Ok(order) => chosen.push((order, name)),
                Err(reason) => left_out.push(LeftOut {
                    file_name: name,
                    reason,
                }),
            }
        }
        left_out.sort_by(|a, b| a.file_name.cmp(&b.file_name));
        if chosen.is_empty() {
            return Err(Error::new(&shown, ErrorKind::NoArchives { left_out }));
        }
        let held = languages_held(&left_out);
        if !held.is_empty() && !chosen.iter().any(|&((_, variant), _)| variant) {
            return Err(Error::new(
                &shown,
                ErrorKind::LanguageMissing {
                    language: language.to_owned(),
                    held,
                },
            ));
        }
        chosen.sort();
        let mut archives = Vec::with_capacity(chosen.len());
        let mut by_path = HashMap::new();
        for (index, (_, name)) in chosen.iter().enumerate() {
            let archive = Archive::open(&folder.join(name))?;
            for entry in archive.entries() {
                by_path.insert(entry.path.clone(), (index, entry.index));
            }
            archives.push(archive);
        }
        Ok(Self {
            folder,
            archives,
            left_out,
            by_path,
            g2d: None,
            language: Some(language.to_owned()),
        })
    }

    /// The one archive at `path`, read as an install of it alone, whatever its name: the user
    /// named it (a mod's archive, say).
    ///
    /// # Errors
    /// The archive cannot be read or is damaged.
    pub fn of_archive(path: &Path) -> Result<Self, Error> {
        let archive = Archive::open(path)?;
        let by_path = archive
            .entries()
            .iter()
            .map(|entry| (entry.path.clone(), (0, entry.index)))
            .collect();
        Ok(Self {
            folder: path.parent().map(Path::to_owned).unwrap_or_default(),
            archives: vec![archive],
            left_out: Vec::new(),
            by_path,
            g2d: None,
            language: None,
        })
    }

    /// The folder the archives were read from.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The archives read, in order (a later one's file over an earlier one's).
    pub fn archives(&self) -> &[Archive<File>] {
        &self.archives
    }

    /// The archives mutably, to read entries from.
    pub fn archives_mut(&mut self) -> &mut [Archive<File>] {
        &mut self.archives
    }

    /// The `.pac` files left out, and why.
    pub fn left_out(&self) -> &[LeftOut] {
        &self.left_out
    }

    /// Where the game path `path` comes from (any case, either slash).
    pub fn find(&self, path: &str) -> Option<Found<'_>> {
        let &(archive, entry) = self.by_path.get(&normalise(path))?;
        let archive = &self.archives[archive];
        Some(Found {
            archive,
            entry: &archive.entries()[entry],
        })
    }

    /// The entry the game reads for `path`: its language's variant (`fftpack/battle_bin.en.bin`
    /// for `fftpack/battle_bin.bin`) when an archive of the language holds one, as the game
    /// reads a file from its language's pack first; else `path`'s own.
    pub fn find_read(&self, path: &str) -> Option<Found<'_>> {
        let (archive, entry) = self.locate_read(path)?;
        let archive = &self.archives[archive];
        Some(Found {
            archive,
            entry: &archive.entries()[entry],
        })
    }

    /// The archive and entry [`Install::find_read`] finds, by their places.
    fn locate_read(&self, path: &str) -> Option<(usize, usize)> {
        let path = normalise(path);
        self.language
            .as_deref()
            .and_then(|language| self.by_path.get(&with_language(&path, language)))
            .or_else(|| self.by_path.get(&path))
            .copied()
    }

    /// Every game path the install holds, each from the archive that wins it, sorted.
    pub fn paths(&self) -> Vec<&str> {
        let mut paths: Vec<&str> = self.by_path.keys().map(String::as_str).collect();
        paths.sort_unstable();
        paths
    }

    /// Whether the install holds the game file at `path`: an entry, or a tex file
    /// (`system/ffto/g2d/tex_N.bin`) when it holds `g2d.dat` (whether entry N is there is
    /// known once `g2d.dat` is read).
    pub fn holds(&self, path: &str) -> bool {
        self.find_read(path).is_some()
            || (tex_entry(path).is_some() && self.find(G2D_PATH).is_some())
    }

    /// The game file at `path`: an entry's data (its language's variant first,
    /// [`Install::find_read`]), or a tex file decoded from `g2d.dat` (read once, then kept).
    ///
    /// # Errors
    /// As [`Install::read`]; a tex file `g2d.dat` has not, or cannot decode.
    pub fn read_game_file(&mut self, path: &str) -> Result<Vec<u8>, Error> {
        if let Some(found) = self.find_read(path) {
            let path = found.entry.path.clone();
            return self.read(&path);
        }
        let Some(n) = tex_entry(path) else {
            return self.read(path);
        };
        let archive = match self.find(G2D_PATH) {
            Some(found) => found.archive.name().to_owned(),
            None => return self.read(path),
        };
        let bytes = self.g2d_bytes()?;
        G2d::read(bytes)
            .and_then(|g2d| g2d.decode(n))
            .map_err(|error| {
                Error::new(&archive, ErrorKind::G2d(error.to_string())).entry(G2D_PATH)
            })
    }

    /// The game files at `paths`, in order, each handed to `each` with its path as it is read
    /// ([`Install::read_game_file`]); the first error (the install's, or `each`'s) ends it. The
    /// files of one archive listed next to each other are read together
    /// ([`Archive::read_each`]): the files of a shared chunk cost its tiles once, decoded on
    /// several threads, where reading them one by one decodes them on one.
    ///
    /// # Errors
    /// As [`Install::read_game_file`], for the first path that fails; or `each`'s.
    pub fn read_game_files<P: AsRef<str>, E: From<Error>>(
        &mut self,
        paths: &[P],
        mut each: impl FnMut(&str, Vec<u8>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut i = 0;
        while i < paths.len() {
            let Some((archive, _)) = self.locate_read(paths[i].as_ref()) else {
                let path = paths[i].as_ref();
                let data = self.read_game_file(path)?;
                each(path, data)?;
                i += 1;
                continue;
            };
            let mut entries = Vec::new();
            for path in &paths[i..] {
                match self.locate_read(path.as_ref()) {
                    Some((other, entry)) if other == archive => {
                        entries.push(self.archives[archive].entries()[entry].clone());
                    }
                    _ => break,
                }
            }
            let mut run = paths[i..i + entries.len()].iter();
            self.archives[archive].read_each(&entries, |_, data| {
                each(run.next().map_or("", AsRef::as_ref), data)
            })?;
            i += entries.len();
        }
        Ok(())
    }

    /// The shared chunks' tiles the install's archives have decoded so far
    /// ([`Archive::chunk_tiles_decoded`]).
    pub fn chunk_tiles_decoded(&self) -> u64 {
        self.archives.iter().map(Archive::chunk_tiles_decoded).sum()
    }

    /// Which of the entries `wanted` the install's `g2d.dat` holds as zlib entries (none without
    /// a `g2d.dat`), reading it once.
    ///
    /// # Errors
    /// `g2d.dat` cannot be read or its index is damaged.
    pub fn tex_entries_held(&mut self, wanted: &[usize]) -> Result<Vec<usize>, Error> {
        if self.find(G2D_PATH).is_none() {
            return Ok(Vec::new());
        }
        let archive = self
            .find(G2D_PATH)
            .expect("found above")
            .archive
            .name()
            .to_owned();
        let bytes = self.g2d_bytes()?;
        let g2d = G2d::read(bytes).map_err(|error| {
            Error::new(&archive, ErrorKind::G2d(error.to_string())).entry(G2D_PATH)
        })?;
        Ok(wanted.iter().copied().filter(|&n| g2d.is_zlib(n)).collect())
    }

    /// Whether the install's `g2d.dat` has an entry `n` that is not empty, reading it once
    /// (`false` without a `g2d.dat`).
    ///
    /// # Errors
    /// `g2d.dat` cannot be read or its index is damaged.
    pub fn holds_tex(&mut self, n: usize) -> Result<bool, Error> {
        let Some(found) = self.find(G2D_PATH) else {
            return Ok(false);
        };
        let archive = found.archive.name().to_owned();
        let bytes = self.g2d_bytes()?;
        let g2d = G2d::read(bytes).map_err(|error| {
            Error::new(&archive, ErrorKind::G2d(error.to_string())).entry(G2D_PATH)
        })?;
        Ok(g2d.entries().get(n).is_some_and(|entry| entry.len > 0))
    }

    /// `g2d.dat`'s bytes, read the first time they are asked for.
    fn g2d_bytes(&mut self) -> Result<&[u8], Error> {
        if self.g2d.is_none() {
            self.g2d = Some(self.read(G2D_PATH)?);
        }
        Ok(self.g2d.as_deref().expect("just read"))
    }

    /// The data of the file at `path`, from the archive that wins it, its CRC-32 checked.
    ///
    /// # Errors
    /// No such file, or its archive's error reading it.
    pub fn read(&mut self, path: &str) -> Result<Vec<u8>, Error> {
        let Some(&(archive, entry)) = self.by_path.get(&normalise(path)) else {
            return Err(Error::new(
                &self.folder.display().to_string(),
                ErrorKind::NotFound {
                    path: path.to_owned(),
                },
            ));
        };
        let archive = &mut self.archives[archive];
        let entry = archive.entries()[entry].clone();
        archive.read(&entry)
    }
}

/// The folder the archives are in: the install's `data/enhanced` when `dir` is its root, else
/// `dir` itself.
pub fn archive_folder(dir: &Path) -> PathBuf {
    let enhanced = dir.join(ENHANCED_FOLDER);
    if enhanced.is_dir() {
        enhanced
    } else {
        dir.to_owned()
    }
}

/// The languages of the variants left out (`0002.fr.pac`: `fr`), each once, sorted.
fn languages_held(left_out: &[LeftOut]) -> Vec<String> {
    let mut held: Vec<String> = left_out
        .iter()
        .filter(|l| l.reason == OTHER_LANGUAGE)
        .filter_map(|l| {
            let lower = l.file_name.to_ascii_lowercase();
            let stem = lower.strip_suffix(".pac")?;
            Some(stem.split_once('.')?.1.to_owned())
        })
        .collect();
    held.sort();
    held.dedup();
    held
}

/// Why another language's variant is left out.
const OTHER_LANGUAGE: &str = "another language's variant";

/// Whether an archive's file name is one of the game's, and its place in the reading order
/// (its number, then the plain archive before its language's variant); else why it is left out.
pub fn role(file_name: &str, language: &str) -> Result<(u32, bool), &'static str> {
    let lower = file_name.to_ascii_lowercase();
    let stem = lower.strip_suffix(".pac").ok_or("not a .pac archive")?;
    if stem.starts_with("modded") {
        return Err("the mod loader's merge of the enabled mods, not the game's");
    }
    if stem.ends_with(".diff") {
        return Err("a mod's archive, not the game's");
    }
    let (number, tag) = match stem.split_once('.') {
        Some((number, tag)) => (number, Some(tag)),
        None => (stem, None),
    };
    let number: u32 = if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
        number
            .parse()
            .map_err(|_| "not one of the game's archive names")?
    } else {
        return Err("not one of the game's archive names (NNNN.pac, NNNN.LANG.pac)");
    };
    match tag {
        None => Ok((number, false)),
        Some(tag) if tag == language => Ok((number, true)),
        Some(tag) if LANGUAGES.contains(&tag) => Err(OTHER_LANGUAGE),
        Some(_) => Err("not one of the game's archive names (NNNN.pac, NNNN.LANG.pac)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_games_archives_of_the_language_are_read_in_order() {
        assert_eq!(role("0002.pac", "en"), Ok((2, false)));
        assert_eq!(role("0002.en.pac", "en"), Ok((2, true)));
        assert!(role("0002.fr.pac", "en").is_err());
        assert!(role("0002.fr.pac", "fr").is_ok());
        assert!(role("modded.pac", "en").is_err());
        assert!(role("modded.en.pac", "en").is_err());
        assert!(role("0002.blue.diff.pac", "en").is_err());
        assert!(role("0002_files.txt", "en").is_err());
        let mut order = [
            role("0007.pac", "en"),
            role("0002.en.pac", "en"),
            role("0002.pac", "en"),
        ];
        order.sort();
        assert_eq!(order, [Ok((2, false)), Ok((2, true)), Ok((7, false))]);
    }
}
