//! Where the game's files come from, and finding one there. Four names, each for one thing:
//!
//! - [`Place`]: one place files are read from, a folder of loose files (under their disc names
//!   or the remaster's, any case) or the user's own disc image (its `BATTLE` folder); plain data.
//! - [`Originals`]: where the game's files come from, the one thing every tool reads them
//!   through: places layered, a later one before an earlier one, so that a mod or a remaster
//!   folder layered over the game files wins where it has a file, as the remaster's mod loader
//!   lets the last mod win (a folder given is also searched below for the folders the loader
//!   reads, `fftpack/unit/` and `system/ffto/g2d/` at any depth: [`Originals::from_folders`]).
//!   [`Originals::locate`] finds a file by any form of its name ([`GameName`]), and
//!   [`Originals::require`] says one missing file in one message; a file a command names
//!   ([`Originals::read`]: `--sheet RAMUZA.SPR`, `disasm TYPE1.SEQ`) is, as a bare name, read
//!   from the places when they hold it, else from the disk, which is all there is with no
//!   place; as a path with a folder (`out/x.bin`, `./TYPE1.SEQ`), the file on disk it names.
//! - [`OriginalsRequest`]: which originals a front end asks for (a disc image, folders, a
//!   default folder), resolved with the environment by [`find_originals`], with one set of
//!   messages.
//! - [`Chosen`]: how the originals a request found were chosen, for the line that says so.
//!
//! The command line spells a request as its flags (`GameFileArgs`, `--disc IMAGE`, `--originals
//! DIR`); a file of a disc image is found by [`find_on_disc`], which `disc extract` and `disc
//! patch` ask too.

mod listing;

use std::path::{Path, PathBuf};

use disc_image::{Disc, Entry};
use faults::{Shown, Spelling, Words};

use crate::error::{Error, Result};
use crate::game::{GameInstall, GameRequest};
use crate::loader::walk::find_loader_folders;
use crate::names::hd::tex_number;
use crate::names::{DISC_FOLDER, GameName};
use crate::read::{InputFile, read_input};
use crate::retail::ORIGINALS_VAR;

pub use listing::listing_once;

/// The most bytes read of one file from a disc image: every sprite file is far smaller (a unit
/// SHP is at most 0x2080A bytes), and a record that claims more is refused before it is read.
pub const MAX_DISC_FILE_BYTES: u64 = 4 << 20;

/// One place game files are read from: plain data, read through [`Originals`].
#[derive(Debug)]
pub enum Place {
    /// A folder of loose files, under their disc names or the remaster's, in any case.
    Folder(PathBuf),
    /// The user's own disc image: its `BATTLE` folder, or the path a name gives.
    Disc(Box<Disc>),
    /// The user's install of the remaster: its archives' entries (`crate::game`).
    Game(Box<GameInstall>),
}

impl Place {
    /// Opens a disc image (a `.cue`, `.bin`, `.img` or `.iso`, told from its bytes).
    ///
    /// # Errors
    /// An image that cannot be read or is not ISO 9660 (`disc_image`'s one-line error).
    pub fn open_disc(path: &Path) -> Result<Place> {
        Ok(Place::Disc(Box::new(Disc::open(path)?)))
    }
}

/// Where the game's files are read from: places, the later before the earlier; and for a file a
/// command names by its path ([`Originals::read`]), the disk after them. With no place, the disk
/// alone.
#[derive(Debug, Default)]
pub struct Originals {
    places: Vec<Place>,
    /// The remaster's HD sheet folders found below the folders given, in the same order.
    hd_folders: Vec<PathBuf>,
    /// The remaster's table folders (`nxd/`) found below the folders given, in the same order.
    nxd_folders: Vec<PathBuf>,
}

impl Originals {
    /// The files of these places, a later place's before an earlier one's.
    pub fn new(places: Vec<Place>) -> Originals {
        Originals {
            places,
            hd_folders: Vec::new(),
            nxd_folders: Vec::new(),
        }
    }

    /// No place: a file a command names is read from the disk.
    pub fn disk() -> Originals {
        Originals::default()
    }

    /// The files of these folders, a later folder's before an earlier one's; each folder is
    /// itself a place, followed by every `fftpack/unit/` below it (a mod's, a folder of mods',
    /// an unpacked remaster install's), layered as [`find_loader_folders`] orders them, so that
    /// the game's folder then a mod's reads the mod's files where it has them.
    ///
    /// # Errors
    /// A folder that cannot be walked ([`find_loader_folders`]: more entries than a walk reads,
    /// a folder that cannot be read).
    pub fn from_folders(folders: &[PathBuf]) -> Result<Originals> {
        let mut places = Vec::new();
        let mut hd_folders = Vec::new();
        let mut nxd_folders = Vec::new();
        for folder in folders {
            let found = find_loader_folders(folder)?;
            places.push(Place::Folder(folder.clone()));
            places.extend(found.units.into_iter().map(Place::Folder));
            hd_folders.extend(found.hd);
            nxd_folders.extend(found.nxd);
        }
        Ok(Originals {
            places,
            hd_folders,
            nxd_folders,
        })
    }

    /// The files of the disc image `image` when one is given, else of the folders given
    /// (layered: [`Originals::from_folders`]; each must exist), else the disk alone.
    ///
    /// # Errors
    /// An image that does not open, a folder that is not there or cannot be walked.
    pub fn given(image: Option<&Path>, folders: &[PathBuf]) -> Result<Originals> {
        if let Some(image) = image {
            return Originals::disc(image);
        }
        Ok(originals_folders(folders)?.unwrap_or_default())
    }

    /// These places but the folders at or below `dir` (a mod's own, when its files are not the
    /// originals it is compared with).
    pub fn excluding(self, dir: &Path) -> Originals {
        let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        let inside = |path: &Path| {
            path.canonicalize()
                .unwrap_or_else(|_| path.to_path_buf())
                .starts_with(&dir)
        };
        Originals {
            places: self
                .places
                .into_iter()
                .filter(|place| !matches!(place, Place::Folder(folder) if inside(folder)))
                .collect(),
            hd_folders: self
                .hd_folders
                .into_iter()
                .filter(|folder| !inside(folder))
                .collect(),
            nxd_folders: self
                .nxd_folders
                .into_iter()
                .filter(|folder| !inside(folder))
                .collect(),
        }
    }

    /// The remaster's HD sheet folders (`system/ffto/g2d/`) found below the folders given, a
    /// later one before an earlier one's: where a unit's `tex_N.bin` halves are looked for.
    pub fn hd_folders(&self) -> impl Iterator<Item = &Path> {
        self.hd_folders.iter().rev().map(PathBuf::as_path)
    }

    /// The remaster's table folders (`nxd/`, a mod's `FFTIVC/data/enhanced/nxd/`) found below
    /// the folders given, a later one before an earlier one's: where `charclut.nxd` is looked
    /// for.
    pub fn nxd_folders(&self) -> impl Iterator<Item = &Path> {
        self.nxd_folders.iter().rev().map(PathBuf::as_path)
    }

    /// The files of one folder.
    pub fn folder(dir: impl Into<PathBuf>) -> Originals {
        Originals::new(vec![Place::Folder(dir.into())])
    }

    /// The files of a disc image's `BATTLE` folder.
    ///
    /// # Errors
    /// As [`Place::open_disc`].
    pub fn disc(image: &Path) -> Result<Originals> {
        Ok(Originals::new(vec![Place::open_disc(image)?]))
    }

    /// These places over the user's install (`--game`): the install is read first of all, so
    /// every place given (a mod's folder) wins over it where it has a file.
    pub fn over_game(mut self, game: GameInstall) -> Originals {
        self.places.insert(0, Place::Game(Box::new(game)));
        self
    }

    /// The places, in the order given.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// These, when there is a place; `None` for the disk alone.
    pub fn if_any(&self) -> Option<&Originals> {
        (!self.places.is_empty()).then_some(self)
    }

    /// Whether these are a disc image's files (the last place, which is looked in first).
    pub fn is_disc(&self) -> bool {
        matches!(self.places.last(), Some(Place::Disc(_)))
    }

    fn searched(&self) -> impl Iterator<Item = &Place> {
        self.places.iter().rev()
    }

    /// For a line saying where the files come from: each place, the folder or the image and its
    /// form.
    pub fn describe(&self) -> String {
        self.each(|place| match place {
            Place::Folder(dir) => Shown(&dir).to_string(),
            Place::Disc(disc) => format!("{} ({})", disc.image(), disc.describe()),
            Place::Game(game) => game.describe(),
        })
    }

    /// Where a missing file was looked for, every place: the folder, or `the BATTLE folder of
    /// IMAGE`.
    pub fn looked_in(&self) -> String {
        self.each(|place| match place {
            Place::Folder(dir) => Shown(&dir).to_string(),
            Place::Disc(disc) => format!("the {DISC_FOLDER} folder of {}", disc.image()),
            Place::Game(game) => game.describe(),
        })
    }

    /// Where `name` is looked for first, for a message: `DIR/NAME`, or `IMAGE:BATTLE/NAME`.
    pub fn location_of(&self, name: &str) -> String {
        match self.searched().next() {
            None => name.to_owned(),
            Some(place) => place_location(place, name),
        }
    }

    /// What to say when [`Originals::locate`] finds `name` nowhere, of the place looked in first:
    /// `DIR: no TYPE1.SHP (or battle_type1_shp.bin) in this folder`, or `IMAGE: no
    /// BATTLE/TYPE1.SHP in the image`.
    pub fn missing(&self, name: &str) -> String {
        match self.searched().next() {
            None => format!("no {name}"),
            Some(Place::Folder(dir)) => not_in_folder(dir, name),
            Some(Place::Disc(disc)) => format!(
                "{}: no {} in the image",
                disc.image(),
                GameName::parse(name).disc_path()
            ),
            Some(Place::Game(game)) => game.missing(name),
        }
    }

    /// Whether the file is in any place (a disc whose directory cannot be read has none).
    pub fn contains(&self, name: &str) -> bool {
        self.searched().any(|place| match place {
            Place::Folder(dir) => find_in_folder(dir, name).is_some(),
            Place::Disc(disc) => find_on_disc(disc, name).is_ok_and(|e| !e.directory),
            Place::Game(game) => game.path_of(name).is_some(),
        })
    }

    /// The file `name` (any form of it, [`GameName`]) from the last place that has it, read
    /// whole; `Ok(None)` when none has. Its name in messages is its path, or
    /// `IMAGE:BATTLE/TYPE1.SHP`. A half of the remaster's HD sheet (`tex_992.bin`) is looked for
    /// first in the HD sheet folders ([`Originals::hd_folders`]), where the remaster keeps it.
    ///
    /// # Errors
    /// A file that is there but cannot be read (in the context of its path; for a disc, the
    /// image's error with its sector and byte), or one on a disc over [`MAX_DISC_FILE_BYTES`].
    pub fn locate(&self, name: &str) -> Result<Option<InputFile>> {
        Ok(self.locate_found(name)?.map(|found| found.file))
    }

    /// [`Originals::locate`], with the path of a folder's file.
    fn locate_found(&self, name: &str) -> Result<Option<Found>> {
        let parsed = GameName::parse(name);
        if tex_number(parsed.given()).is_some()
            && let Some(path) = self
                .hd_folders()
                .find_map(|dir| find_in_folder(dir, parsed.given()))
        {
            return Found::at(path).map(Some);
        }
        for (index, place) in self.places.iter().enumerate().rev() {
            let found = read_from_place(place, index, name)?;
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }

    /// The file `name` beside `found` (a file [`Originals::read_found`] gave), read if it is
    /// there, and where it was looked for: in the folder of a file on disk, under either form of
    /// its name ([`beside`]); else asked by name of the one place that held `found` (an HD
    /// half's other half in the install's `g2d.dat`), never of another place, whose file would
    /// not be of the same pair.
    ///
    /// # Errors
    /// A file that is there but cannot be read.
    pub fn beside_found(&self, found: &Found, name: &str) -> Result<(Option<InputFile>, String)> {
        let held = found
            .place
            .and_then(|index| Some((index, self.places.get(index)?)));
        match (&found.path, held) {
            (None, Some((index, place))) => {
                let file = read_from_place(place, index, name)?.map(|other| other.file);
                Ok((file, place_location(place, name)))
            }
            (path, _) => {
                let path = path
                    .clone()
                    .unwrap_or_else(|| PathBuf::from(&found.file.name));
                let (file, looked) = beside(&path, name)?;
                let looked = looked
                    .first()
                    .map_or_else(|| name.to_owned(), |p| Shown(&p).to_string());
                Ok((file, looked))
            }
        }
    }

    /// [`Originals::locate`], with a missing file an error: [`Originals::missing`].
    ///
    /// # Errors
    /// As [`Originals::locate`], and a missing file.
    pub fn require(&self, name: &str) -> Result<InputFile> {
        self.locate(name)?
            .ok_or_else(|| Error::not_found(self.missing(name)))
    }

    /// The file a command names (`disasm TYPE1.SEQ`, `--sheet RAMUZA.SPR`, the two files of
    /// `diff`), read whole and named for messages (its path, or `IMAGE:BATTLE/RAMUZA.SPR`):
    /// [`Originals::read_found`].
    ///
    /// # Errors
    /// As [`Originals::read_found`].
    pub fn read(&self, path: &Path) -> Result<InputFile> {
        Ok(self.read_found(path)?.file)
    }

    /// The file a command names, read, with its path when it is a file on disk (what is beside
    /// it is looked for there: an HD half's other half, its SPR).
    ///
    /// A bare name (no folder: `TYPE1.SEQ`, `battle_mina_m_spr.bin`, `tex_992.bin`) is the
    /// places' when one holds it, so that a file the image has is never taken from a file of that
    /// name in the working folder (one command draws the same picture wherever it is typed); a
    /// name they do not hold is a file on disk (an edited `walk.seq.txt`, a fan-made
    /// `crono1.png`). A path with a folder (`out/x.bin`, `./TYPE1.SEQ`, `/abs/x.bin`) is the file
    /// on disk it names, never a place's file of the same name, which it may be an edit of; with
    /// a disc image, one not on disk is a path from the image's root (`BATTLE/RAMUZA.SPR`). With
    /// no place, every name is a path on disk.
    ///
    /// On disk, a path that is not there is looked for under the other form of its name in its
    /// folder, in any case (`RAMUZA.SPR` finds `battle_ramuza_spr.bin`).
    ///
    /// # Errors
    /// A file that cannot be read, or is neither in the places nor on disk; a path with a folder
    /// that is not on disk (nor, with a disc image, in the image).
    pub fn read_found(&self, path: &Path) -> Result<Found> {
        if self.places.is_empty() {
            return Found::on_disk(path);
        }
        let name = path.to_string_lossy();
        if has_folder(path) {
            if on_disk(path).is_some() {
                return Found::on_disk(path);
            }
            // A disc image's path from its root, never a folder's file by its base name.
            for (index, place) in self.places.iter().enumerate().rev() {
                if let Place::Disc(disc) = place
                    && let Some(file) = read_from_disc(disc, &name)?
                {
                    return Ok(Found::in_place(file, index));
                }
            }
            return Err(self.no_such_path(path));
        }
        if let Some(found) = self.locate_found(&name)? {
            return Ok(found);
        }
        if on_disk(path).is_some() {
            return Found::on_disk(path);
        }
        Err(Error::not_found(format!(
            "{}, and no {} on disk",
            self.missing(&name),
            Shown(&path)
        )))
    }

    /// What to say of a path with a folder that is not on disk: with a disc image, that it is
    /// in neither; with folders, that it is not looked up in them, and the bare name that is.
    fn no_such_path(&self, path: &Path) -> Error {
        let shown = Shown(&path).to_string();
        if self.is_disc() {
            let missing = self.missing(&path.to_string_lossy());
            return Error::not_found(format!("{missing}, and no {shown} on disk"));
        }
        let bare = path
            .file_name()
            .map(|name| Shown(&Path::new(name)).to_string())
            .unwrap_or_default();
        Error::not_found(Words::new(move |s| {
            format!(
                "{shown}: no such file (a path with a folder is read from the disk, never from \
                 {}; only a bare name, {bare}, is looked up there)",
                s.name("originals")
            )
        }))
    }

    /// The file a document names (its SP2) beside `sheet`, read, if it is there; and where it
    /// was looked for. Beside a sheet read from the disk ([`Originals::read_found`]: with no
    /// place, or a path with a folder that is there): its name as written or the other naming,
    /// in the sheet's folder; else in the places: in the folder `sheet` names, else the BATTLE
    /// folder.
    ///
    /// # Errors
    /// A file that is there but cannot be read.
    pub fn beside(&self, sheet: &Path, file: &str) -> Result<(Option<InputFile>, Vec<String>)> {
        if self.places.is_empty() || has_folder(sheet) && on_disk(sheet).is_some() {
            let (found, looked) = beside(sheet, file)?;
            return Ok((
                found,
                looked.iter().map(|p| Shown(&p).to_string()).collect(),
            ));
        }
        let sheet = sheet.to_string_lossy();
        let name = match sheet.rsplit_once('/') {
            Some((folder, _)) => format!("{folder}/{file}"),
            None => file.to_owned(),
        };
        Ok((self.locate(&name)?, vec![self.location_of(&name)]))
    }

    fn each(&self, line: impl Fn(&Place) -> String) -> String {
        self.places.iter().map(line).collect::<Vec<_>>().join(" + ")
    }
}

/// The file `name` of `place`, the `index`th of its originals, read whole; `Ok(None)` when it
/// is not there.
fn read_from_place(place: &Place, index: usize, name: &str) -> Result<Option<Found>> {
    let entry = match place {
        Place::Folder(dir) => {
            return find_in_folder(dir, name).map(Found::at).transpose();
        }
        Place::Disc(disc) => read_from_disc(disc, name)?,
        Place::Game(game) => game.locate(name)?,
    };
    Ok(entry.map(|file| Found::in_place(file, index)))
}

/// Where `name` is looked for in `place`, for a message: `DIR/NAME`, `IMAGE:BATTLE/NAME`, or
/// `DIR:fftpack/unit/NAME` in an install.
fn place_location(place: &Place, name: &str) -> String {
    match place {
        Place::Folder(dir) => Shown(&dir.join(name)).to_string(),
        Place::Disc(disc) => format!("{}:{}", disc.image(), GameName::parse(name).disc_path()),
        Place::Game(game) => game.location_of(name),
    }
}

/// The file `name` of a disc image's, read whole; `Ok(None)` when it is not there.
fn read_from_disc(disc: &Disc, name: &str) -> Result<Option<InputFile>> {
    let path = GameName::parse(name).disc_path();
    let entry = match find_on_disc(disc, name) {
        Ok(entry) if !entry.directory => entry,
        Ok(_) => return Ok(None),
        Err(error) if matches!(error.kind(), disc_image::ErrorKind::NotFound { .. }) => {
            return Ok(None);
        }
        Err(error) => return Err(Error::from(error).in_context(&path)),
    };
    let bytes = disc
        .read(&entry, MAX_DISC_FILE_BYTES)
        .map_err(|error| Error::from(error).in_context(&entry.path))?;
    Ok(Some(InputFile {
        name: format!("{}:{}", disc.image(), entry.path),
        bytes,
    }))
}

/// The entry of `disc` that `name` names, in any form ([`GameName::disc_path`]: `RAMUZA.SPR`,
/// `battle_ramuza_spr.bin` and `BATTLE\RAMUZA.SPR;1` are `BATTLE/RAMUZA.SPR`; a path with a
/// folder is from the image's root, and so is a name after a leading `/`, which is how a file at
/// the root is named: `/SYSTEM.CNF`), the directory matched in any case.
///
/// # Errors
/// The image's own: not found (naming the path looked for), or a directory that cannot be read.
pub fn find_on_disc(disc: &Disc, name: &str) -> std::result::Result<Entry, disc_image::Error> {
    let parsed = GameName::parse(name);
    let at_the_root = parsed.folder().is_none() && name.starts_with(['/', '\\']);
    disc.find(&if at_the_root {
        parsed.disc_name()
    } else {
        parsed.disc_path()
    })
}

/// The sprite files (SHP, SEQ, SPR and SP2, told by name) directly in `folder` of `disc`, not in
/// its subfolders, in the image's order. Only that folder's records are read: a page reading
/// the image a slice at a time fetches no other directory.
///
/// # Errors
/// The image's own: a directory that cannot be read.
pub fn sprite_files_in(
    disc: &Disc,
    folder: &Entry,
) -> std::result::Result<Vec<Entry>, disc_image::Error> {
    Ok(disc
        .directory_entries(folder)?
        .into_iter()
        .filter(|e| !e.directory && is_sprite_file(e.path.rsplit('/').next().unwrap_or(&e.path)))
        .collect())
}

/// Whether a file is a sprite file by its name: SHP, SEQ, SPR, SP2.
fn is_sprite_file(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    [".SHP", ".SEQ", ".SPR", ".SP2"]
        .iter()
        .any(|ext| upper.ends_with(ext))
}

/// The file on disk `path` names: itself, else the other form of its name in its folder (any
/// case); `None` when neither is there.
fn on_disk(path: &Path) -> Option<PathBuf> {
    if path.is_file() {
        return Some(path.to_path_buf());
    }
    let name = path.file_name()?.to_str()?;
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let found = find_in_folder(folder, name)?;
    // Named as the user would write it: in the folder given, not under `./`.
    Some(match path.parent() {
        Some(given) => given.join(found.file_name()?),
        None => found,
    })
}

/// Whether a name a command is given has a folder part (`out/x.bin`, `./TYPE1.SEQ`,
/// `/abs/x.bin`): such a path names a file on disk, and only a bare name is looked up in the
/// places ([`Originals::read_found`]).
pub fn has_folder(path: &Path) -> bool {
    path.parent()
        .is_some_and(|folder| !folder.as_os_str().is_empty())
}

/// A file a command names ([`Originals::read_found`]), read, and where it is on disk.
#[derive(Debug, Clone)]
pub struct Found {
    pub file: InputFile,
    /// Its path, when it is a file on disk (of the disk or of a folder of the places); `None`
    /// for a disc image's or an install's.
    pub path: Option<PathBuf>,
    /// For a file that is no file on disk, the index of the place ([`Originals::places`]) that
    /// held it: what is beside it is asked of that place ([`Originals::beside_found`]).
    pub place: Option<usize>,
}

impl Found {
    /// The file at `path`, read.
    fn at(path: PathBuf) -> Result<Found> {
        Ok(Found {
            file: InputFile::read(&path)?,
            path: Some(path),
            place: None,
        })
    }

    /// A file of the place at `index` that is no file on disk (a disc image's, an install's).
    fn in_place(file: InputFile, index: usize) -> Found {
        Found {
            file,
            path: None,
            place: Some(index),
        }
    }

    /// The folder on disk it is in, when it is a file on disk: where files that go with it (an
    /// HD pair's SPR) are looked for first.
    pub fn folder(&self) -> Option<&Path> {
        self.path
            .as_deref()
            .map(|path| path.parent().unwrap_or(Path::new("")))
    }

    /// A file on disk ([`on_disk`]), read; the path as given in the error when it is not there.
    fn on_disk(path: &Path) -> Result<Found> {
        Found::at(on_disk(path).unwrap_or_else(|| path.to_path_buf()))
    }
}

/// What to say when [`find_in_folder`] finds nothing: `DIR: no TYPE1.SHP (or
/// battle_type1_shp.bin) in this folder`.
pub fn not_in_folder(dir: &Path, name: &str) -> String {
    let name = GameName::parse(name);
    let disc_name = name.disc_name();
    let other = name
        .remaster_name()
        .filter(|other| *other != disc_name)
        .map(|other| format!(" (or {other})"))
        .unwrap_or_default();
    format!("{}: no {disc_name}{other} in this folder", Shown(&dir))
}

/// The file `name` in a folder, under its disc name or the remaster's (any case), the disc name
/// first; `None` when neither is there (or the folder cannot be read).
pub fn find_in_folder(dir: &Path, name: &str) -> Option<PathBuf> {
    let name = GameName::parse(name);
    // Searched: a file of this name made here later is found by the same search.
    crate::read::note_listed(dir);
    let entries = listing::entries(dir)?;
    let forms = [Some(name.disc_name()), name.remaster_name()];
    forms.iter().flatten().find_map(|form| {
        entries
            .iter()
            // The name first: a folder of every sheet of the game is looked in once a sheet,
            // and only the entry of the name is asked what it is.
            .find(|p| {
                p.file_name()
                    .is_some_and(|f| f.to_string_lossy().eq_ignore_ascii_case(form))
                    && p.is_file()
            })
            .cloned()
    })
}

/// Where a file a document names (an SP2) is looked for beside `sheet` on disk: its disc name and
/// its remaster name in the sheet's folder, each as the folder spells it when it is there (any
/// case), else as the name spells it; read when one is there.
///
/// # Errors
/// A file that is there but cannot be read.
pub fn beside(sheet: &Path, file: &str) -> Result<(Option<InputFile>, Vec<PathBuf>)> {
    let folder = sheet.parent().unwrap_or(Path::new(""));
    let name = GameName::parse(file);
    let wanted = [Some(name.given().to_owned()), name.other_form()];
    let listed = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let entries: Vec<PathBuf> = std::fs::read_dir(listed)
        .map(|dir| dir.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    let looked: Vec<PathBuf> = wanted
        .iter()
        .flatten()
        .map(|name| {
            entries
                .iter()
                .find(|p| {
                    p.file_name()
                        .is_some_and(|f| f.to_string_lossy().eq_ignore_ascii_case(name))
                })
                .cloned()
                .unwrap_or_else(|| folder.join(name))
        })
        .collect();
    let found = match looked.iter().find(|p| p.is_file()) {
        Some(path) => Some(InputFile::new(path, read_input(path)?)),
        None => None,
    };
    Ok((found, looked))
}

/// The flags and variables that say where the originals are, as `serve`, `check` and `cargo
/// xtask` take them.
#[derive(Debug, Clone, Default)]
pub struct OriginalsRequest {
    /// `--disc IMAGE`.
    pub disc: Option<PathBuf>,
    /// `--originals DIR`, each given, a later one layered over an earlier one.
    pub folders: Vec<PathBuf>,
    /// `--game DIR`: the user's install, under the folders.
    pub game: Option<GameRequest>,
    /// The folder looked in when neither flag nor [`ORIGINALS_VAR`] names one (`originals/`),
    /// when there is one: it may be absent.
    pub default: Option<PathBuf>,
}

/// How the originals were chosen, for a line saying where they come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chosen {
    /// By `--disc`.
    Disc,
    /// By `--originals`.
    Flag,
    /// By `--game` (and any `--originals` over it).
    Game,
    /// By [`ORIGINALS_VAR`].
    Variable,
    /// The default folder.
    Default,
}

impl Chosen {
    /// `--disc`, `--originals` (the parameters as `spelling` spells them), `$FFT_ORIGINALS`, `the
    /// default originals/ folder`.
    pub fn describe(self, spelling: &dyn Spelling) -> String {
        match self {
            Chosen::Disc => spelling.name("disc"),
            Chosen::Flag => spelling.name("originals"),
            Chosen::Game => spelling.name("game"),
            Chosen::Variable => format!("${ORIGINALS_VAR}"),
            Chosen::Default => "the default originals/ folder".to_owned(),
        }
    }
}

/// The originals a request names: `--disc`, else the install `--game` names with the
/// `--originals` folders over it, else the `--originals` folders (layered:
/// [`Originals::from_folders`]), else the folder [`ORIGINALS_VAR`] names, else the default
/// folder if it is there; `None` when there are none. A folder named by a flag or the variable
/// must exist; a named image must open.
///
/// # Errors
/// `--originals DIR: no such folder`, `$FFT_ORIGINALS=DIR: no such folder`, the image's or the
/// install's own error, or a folder that cannot be walked.
pub fn find_originals(request: &OriginalsRequest) -> Result<Option<(Originals, Chosen)>> {
    if let Some(image) = &request.disc {
        return Ok(Some((Originals::disc(image)?, Chosen::Disc)));
    }
    if let Some(game) = &request.game {
        let folders = originals_folders(&request.folders)?.unwrap_or_default();
        return Ok(Some((folders.over_game(game.open()?), Chosen::Game)));
    }
    if let Some(originals) = originals_folders(&request.folders)? {
        return Ok(Some((originals, Chosen::Flag)));
    }
    if let Some(dir) = named_folder(None, "originals", ORIGINALS_VAR)? {
        return Ok(Some((Originals::from_folders(&[dir])?, Chosen::Variable)));
    }
    match request.default.as_ref().filter(|dir| dir.is_dir()) {
        Some(dir) => Ok(Some((
            Originals::from_folders(std::slice::from_ref(dir))?,
            Chosen::Default,
        ))),
        None => Ok(None),
    }
}

/// The folders `--originals` names (each must exist), layered ([`Originals::from_folders`]);
/// `None` when none is given.
///
/// # Errors
/// `--originals DIR: no such folder`, or a folder that cannot be walked.
pub fn originals_folders(folders: &[PathBuf]) -> Result<Option<Originals>> {
    if folders.is_empty() {
        return Ok(None);
    }
    for dir in folders {
        existing_folder("originals", dir)?;
    }
    Originals::from_folders(folders).map(Some)
}

/// The folder `dir` that the parameter `parameter` names, which must exist.
///
/// # Errors
/// `--PARAMETER DIR: no such folder` (as a front end spells it).
pub fn existing_folder<'a>(parameter: &'static str, dir: &'a Path) -> Result<&'a Path> {
    if dir.is_dir() {
        Ok(dir)
    } else {
        let shown = Shown(&dir).to_string();
        Err(Error::not_found(Words::new(move |s| {
            format!("{}: no such folder", s.given(parameter, &shown))
        })))
    }
}

/// A folder named by the parameter `parameter` (`given`), else by the variable `variable`; it
/// must exist when named.
///
/// # Errors
/// `--PARAMETER DIR: no such folder`, or `$VARIABLE=DIR: no such folder`.
pub fn named_folder(
    given: Option<&Path>,
    parameter: &'static str,
    variable: &str,
) -> Result<Option<PathBuf>> {
    if let Some(dir) = given {
        return existing_folder(parameter, dir).map(|dir| Some(dir.to_path_buf()));
    }
    match std::env::var_os(variable).filter(|v| !v.is_empty()) {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            if !dir.is_dir() {
                return Err(Error::not_found(format!(
                    "${variable}={}: no such folder",
                    Shown(&dir)
                )));
            }
            Ok(Some(dir))
        }
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "sprite-inputs-locate-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn only_a_name_without_a_folder_is_bare() {
        for bare in ["TYPE1.SEQ", "battle_type1_seq.bin", "TYPE1.SEQ;1"] {
            assert!(!has_folder(Path::new(bare)), "{bare}");
        }
        for path in [
            "./TYPE1.SEQ",
            "out/TYPE1.SEQ",
            "/abs/TYPE1.SEQ",
            "BATTLE/TYPE1.SEQ",
        ] {
            assert!(has_folder(Path::new(path)), "{path}");
        }
    }

    /// A game folder and an edit of one of its files under the same name elsewhere: the path
    /// with a folder reads the edit, whatever the folders hold; one not there is refused naming
    /// it, never read from the game folder.
    #[test]
    fn a_path_with_a_folder_is_never_the_game_file_of_its_name() {
        let dir = scratch("typed");
        let (game, edited) = (dir.join("game"), dir.join("edited"));
        std::fs::create_dir_all(&game).unwrap();
        std::fs::create_dir_all(&edited).unwrap();
        std::fs::write(game.join("TYPE1.SEQ"), b"the game's").unwrap();
        std::fs::write(edited.join("battle_type1_seq.bin"), b"the edit").unwrap();
        let originals = Originals::from_folders(std::slice::from_ref(&game)).unwrap();
        for typed in [
            edited.join("battle_type1_seq.bin"),
            // The other form of the name, in the folder typed.
            edited.join("TYPE1.SEQ"),
        ] {
            let found = originals.read_found(&typed).unwrap();
            assert_eq!(found.file.bytes, b"the edit", "{}", typed.display());
            assert_eq!(found.path, Some(edited.join("battle_type1_seq.bin")));
        }
        let bare = originals
            .read_found(Path::new("battle_type1_seq.bin"))
            .unwrap();
        assert_eq!(bare.file.bytes, b"the game's", "a bare name is the game's");
        let missing = dir.join("nowhere/TYPE1.SEQ");
        let error = originals.read_found(&missing).unwrap_err();
        assert!(matches!(error.kind(), crate::ErrorKind::NotFound(_)));
        assert!(
            error.to_string().starts_with(&format!(
                "{}: no such file (a path with a folder is read from the disk, never from \
                 originals; only a bare name, TYPE1.SEQ, is looked up there)",
                missing.display()
            )),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
