//! The user's install of the remaster as a place game files are read from (`--game DIR`,
//! docs/remaster.md "The user's install"): a name in any form ([`GameName`]: `TYPE1.SEQ`,
//! `battle_type1_seq.bin`, `tex_992.bin`, `charclut.nxd`) is found among the archives' entries,
//! under `fftpack/unit/` (or `unit_psp/`), `nxd/` for a table, or for a tex file as an entry of
//! `g2d.dat`; a file of the language's pack first when it has one. Only the game's archives are
//! read, never loose files in the install's folders.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use faults::Shown;
use game_archive::Install;
use game_archive::g2d::{TEX_FOLDER, tex_entry};

use crate::error::{Error, Result};
use crate::names::GameName;
use crate::names::hd::tex_number;
use crate::read::InputFile;

/// The folders of the unit files in an install, looked in for a name without a folder.
const UNIT_FOLDERS: [&str; 2] = ["fftpack/unit/", "fftpack/unit_psp/"];

/// The user's install as a request names it (`--game DIR --lang L`): its folder, and the
/// language whose variants are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRequest {
    pub dir: PathBuf,
    pub language: String,
}

impl GameRequest {
    /// The install at `dir`, its `language`'s variants read.
    pub fn new(dir: impl Into<PathBuf>, language: impl Into<String>) -> Self {
        Self {
            dir: dir.into(),
            language: language.into(),
        }
    }

    /// Opens it ([`GameInstall::open`]).
    ///
    /// # Errors
    /// As [`GameInstall::open`].
    pub fn open(&self) -> Result<GameInstall> {
        GameInstall::open(&self.dir, &self.language)
    }
}

/// The tables' extension: a bare `charclut.nxd` is the game's `nxd/charclut.nxd`.
const NXD_EXTENSION: &str = ".nxd";

/// An install opened: its archives' tables of contents read, their data read on demand.
#[derive(Debug)]
pub struct GameInstall {
    /// Reading an entry moves the archives' file positions, so reads take turns.
    install: Mutex<Install>,
    dir: String,
    language: String,
}

impl GameInstall {
    /// Opens the install at `dir` (its root or its folder of archives) with `language`'s
    /// variants.
    ///
    /// # Errors
    /// The folder holds no archive of the game's, or one that cannot be read or is damaged.
    pub fn open(dir: &Path, language: &str) -> Result<Self> {
        let install = Install::open(dir, language).map_err(archive_error)?;
        // `serve --watch` watches the archives and their folder: an update of the game that
        // rewrites one reloads what is served from it.
        crate::read::note_listed(install.folder());
        for archive in install.archives() {
            crate::read::note_opened(Path::new(archive.name()));
        }
        Ok(Self {
            install: Mutex::new(install),
            dir: Shown(dir).to_string(),
            language: language.to_owned(),
        })
    }

    /// For a line saying where files come from: `DIR (N archives, language en)`.
    pub fn describe(&self) -> String {
        let count = self.lock().archives().len();
        format!(
            "{} (the install's {count} archive{}, language {})",
            self.dir,
            if count == 1 { "" } else { "s" },
            self.language
        )
    }

    /// The game path `name` is found at in the install, if it is there: an entry, or a tex
    /// file whose entry of `g2d.dat` is not empty (a `g2d.dat` that cannot be read holds every
    /// tex file, so that reading one says why).
    pub fn path_of(&self, name: &str) -> Option<String> {
        let mut install = self.lock();
        candidates(name)
            .into_iter()
            .find(|path| match tex_entry(path) {
                Some(n) if install.find_read(path).is_none() => {
                    install.holds_tex(n).unwrap_or(true)
                }
                _ => install.holds(path),
            })
    }

    /// Where `name` is looked for first, for a message: `DIR:fftpack/unit/NAME`.
    pub fn location_of(&self, name: &str) -> String {
        let path = self.path_of(name).unwrap_or_else(|| {
            candidates(name)
                .into_iter()
                .next()
                .unwrap_or_else(|| name.to_owned())
        });
        format!("{}:{path}", self.dir)
    }

    /// What to say when `name` is not in the install.
    pub fn missing(&self, name: &str) -> String {
        format!("{}: no {} in the install's archives", self.dir, Shown(name))
    }

    /// The file `name` from the install, read whole and CRC-checked; `Ok(None)` when it is not
    /// there. Its name in messages is `ARCHIVE:PATH`.
    ///
    /// # Errors
    /// An entry that is there but cannot be read or decoded.
    pub fn locate(&self, name: &str) -> Result<Option<InputFile>> {
        let Some(path) = self.path_of(name) else {
            return Ok(None);
        };
        let mut install = self.lock();
        // The entry read: the path's own, or its language's variant, named as it is.
        let (archive, read) = match install.find_read(&path) {
            Some(found) => (found.archive.name().to_owned(), found.entry.path.clone()),
            None => (
                install
                    .find(game_archive::g2d::G2D_PATH)
                    .map_or_else(|| self.dir.clone(), |g2d| g2d.archive.name().to_owned()),
                path.clone(),
            ),
        };
        let bytes = install.read_game_file(&path).map_err(archive_error)?;
        Ok(Some(InputFile {
            name: format!("{archive}:{read}"),
            bytes,
        }))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Install> {
        // A panic while reading leaves nothing half-changed that a later read relies on.
        self.install
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The game paths a name may be at, most specific first: the path as given, a tex file in
/// `g2d.dat`, a table in `nxd/`, the remaster's name of a disc name under the unit folders, the
/// name itself there.
fn candidates(name: &str) -> Vec<String> {
    let normal = game_archive::name::normalise(name);
    let file_name = normal.rsplit('/').next().unwrap_or(&normal).to_owned();
    let mut paths = Vec::new();
    if normal.contains('/') {
        paths.push(normal.clone());
    }
    if let Some(n) = tex_number(&file_name) {
        paths.push(format!("{TEX_FOLDER}tex_{n}.bin"));
        return paths;
    }
    if file_name.ends_with(NXD_EXTENSION) {
        paths.push(format!("{}/{file_name}", crate::charclut::FOLDER));
        return paths;
    }
    let remaster = GameName::parse(&file_name).remaster_name();
    for folder in UNIT_FOLDERS {
        if let Some(remaster) = &remaster {
            paths.push(format!("{folder}{}", remaster.to_ascii_lowercase()));
        }
        paths.push(format!("{folder}{file_name}"));
    }
    paths
}

/// An archive's error as an input file's, its one line kept.
fn archive_error(error: game_archive::Error) -> Error {
    Error::file(error.to_string())
}
