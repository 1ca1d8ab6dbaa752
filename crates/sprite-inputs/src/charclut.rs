//! Ramza's colours in the enhanced game: his HD pairs (830/831 chapter 1, 832/833 chapters 2-3,
//! 834/835 chapter 4) are drawn with a row of CharCLUT (`charclut.nxd`, docs/formats/nxd.md 7.3),
//! not with his SPR's palettes. This module finds that file like every game file (given, beside
//! the pair, or in the `originals` folders at `nxd/charclut.nxd` and at the top, a later folder
//! over an earlier one, as a mod's over the game's, and under them the entry of the user's
//! install) and reads the row of the pair's chapter and the variant asked for.

use std::path::{Path, PathBuf};

use faults::{Fault, Shown, Words};
use fft_formats::nxd::{COLOURS, CharClut, Rgb};

use crate::error::{Error, Result};
use crate::locate::{self, Originals, Place};
use crate::names::hd::{HdPair, pair_of_unit};
use crate::read::InputFile;

/// The file's name, in the game's `nxd/` folder.
pub const FILE_NAME: &str = "charclut.nxd";
/// The folder the game keeps it in, below its data folder.
pub const FOLDER: &str = "nxd";
/// The variant drawn when none is asked for: the game's own colours.
pub const DEFAULT_VARIANT: i32 = 0;

/// The first key of CharCLUT, Ramza's chapter, for the pair `pair`; `None` for any other unit.
/// Chapter 1's tie (830, `ramuza`) is checked on the files; 832 (`ramuza2`, chapters 2 and 3) and
/// 834 (`ramuza3`, chapter 4) are the remaster's colour mod's word, not checked (docs/remaster.md
/// "From his SPR's palette to a CharCLUT row").
pub fn chapter_of(pair: HdPair) -> Option<i32> {
    match pair.upper {
        830 => Some(1),
        832 => Some(2),
        834 => Some(3),
        _ => None,
    }
}

/// The first key of CharCLUT for the SPR `name` (any form of it: `RAMUZA2.SPR`,
/// `battle_ramuza2_spr.bin`), by the HD table's pair of that unit; `None` for any other sheet.
pub fn chapter_of_spr(name: &str) -> Option<i32> {
    pair_of_unit(name).and_then(chapter_of)
}

/// The line said when one of Ramza's pairs is drawn without `charclut.nxd`, found nowhere.
pub fn not_found_note() -> String {
    format!(
        "note    no {FILE_NAME} found (beside the pair, in the originals' nxd/): drawn with the \
         SPR's palette, not the enhanced game's colours for Ramza"
    )
}

/// A row of CharCLUT, read, and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RamzaColours {
    /// The chapter key and the variant.
    pub chapter: i32,
    pub variant: i32,
    pub colours: [Rgb; COLOURS],
    /// The file as messages name it.
    pub file: String,
    /// `given`, `found beside the pair`, `in DIR`.
    pub how: String,
}

/// The colours of `pair` when it is one of Ramza's: the row (its chapter, `variant`) of
/// `charclut.nxd`, `given` (`charclut`), else beside the pair in `folder`, else in the last of
/// `originals`' folders that has it, else in the install under them. `Ok(None)` for another
/// unit, or when no file is found (the caller says so, and draws with the SPR's palette).
///
/// # Errors
/// A file that cannot be read or does not decode (naming it and the offset); a file without the
/// row asked for (the request's fault, naming the variant).
pub fn find(
    pair: Option<HdPair>,
    variant: i32,
    folder: &Path,
    given: Option<&Path>,
    originals: Option<&Originals>,
) -> Result<Option<RamzaColours>> {
    let Some(chapter) = pair.and_then(chapter_of) else {
        return Ok(None);
    };
    let beside = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let Some((file, how)) = locate(Some(beside), given, originals)? else {
        return Ok(None);
    };
    ServedClut::decode(file, how)?
        .colours(chapter, variant)
        .map(Some)
}

/// A `charclut.nxd` read and decoded once, for the many pairs and variants a server draws.
#[derive(Debug, Clone)]
pub struct ServedClut {
    /// The file as messages name it, and its bytes.
    pub file: InputFile,
    /// How it was found: `in DIR`.
    pub how: String,
    /// Decoded from `file`'s bytes.
    pub clut: CharClut,
}

impl ServedClut {
    /// The file `file`, decoded.
    ///
    /// # Errors
    /// Bytes that do not decode as CharCLUT (naming the file and the offset).
    pub fn decode(file: InputFile, how: String) -> Result<ServedClut> {
        let clut = CharClut::decode(&file.bytes)
            .map_err(|e| Error::from(e).in_context(file.name.clone()))?;
        Ok(ServedClut { file, how, clut })
    }

    /// The file in the folders of `originals` (a later one's first), at `nxd/charclut.nxd` or at
    /// the top, as [`find`] looks for it when nothing is given and no pair is beside it.
    ///
    /// # Errors
    /// A file that is there but cannot be read or does not decode.
    pub fn find_in(originals: &Originals) -> Result<Option<ServedClut>> {
        match in_folders(originals)? {
            Some((file, how)) => ServedClut::decode(file, how).map(Some),
            None => Ok(None),
        }
    }

    /// The second keys of `chapter`'s rows, in the file's order: the variants one of Ramza's
    /// pairs can be drawn in.
    pub fn variants(&self, chapter: i32) -> Vec<i32> {
        self.clut
            .rows()
            .filter(|row| row.key == chapter)
            .map(|row| row.key2)
            .collect()
    }

    /// The colours of row (`chapter`, `variant`).
    ///
    /// # Errors
    /// A row the file lacks (the request's fault, naming the variant).
    pub fn colours(&self, chapter: i32, variant: i32) -> Result<RamzaColours> {
        let clut = &self.clut;
        let Some(row) = clut.row(chapter, variant) else {
            let (name, variants) = (self.file.name.clone(), listed(&self.variants(chapter)));
            return Err(Error::refused(
                Fault::NoSuch,
                Some("variant"),
                Words::new(move |s| {
                    format!(
                        "{name} has no row ({chapter}, {variant}): {} is not one of chapter key {chapter}'s \
                 variants ({variants})",
                        s.given("variant", &variant)
                    )
                }),
            ));
        };
        Ok(RamzaColours {
            chapter,
            variant,
            colours: row.colours,
            file: self.file.name.clone(),
            how: self.how.clone(),
        })
    }
}

/// Variants as a message lists them: `0, 1, 2, 3`, or `none`.
fn listed(variants: &[i32]) -> String {
    if variants.is_empty() {
        "none".to_owned()
    } else {
        let keys: Vec<String> = variants.iter().map(i32::to_string).collect();
        keys.join(", ")
    }
}

/// The file, read, and how it was found (`given`, `found beside the pair`, `in DIR`): `given`,
/// else in the folder `beside` (a pair's), else in the last of `originals`' folders that has it,
/// at `nxd/charclut.nxd` or at its top. The one lookup of the file, for drawing a pair and for
/// `mod add` and `mod check` (which give no `beside`: the game's file, not one beside a mod's).
///
/// # Errors
/// A file found or given that cannot be read.
pub fn locate(
    beside: Option<&Path>,
    given: Option<&Path>,
    originals: Option<&Originals>,
) -> Result<Option<(InputFile, String)>> {
    if let Some(path) = given {
        return Ok(Some((InputFile::read(path)?, "given".to_owned())));
    }
    if let Some(path) = beside.and_then(|beside| locate::find_in_folder(beside, FILE_NAME)) {
        return Ok(Some((
            InputFile::read(&path)?,
            "found beside the pair".to_owned(),
        )));
    }
    match originals {
        Some(originals) => in_folders(originals),
        None => Ok(None),
    }
}

/// The file in the folders of `originals`, a later one's first, at `nxd/` or at the top, else
/// the entry `nxd/charclut.nxd` of the user's install under them; and how it was found.
fn in_folders(originals: &Originals) -> Result<Option<(InputFile, String)>> {
    let folders: Vec<&PathBuf> = originals
        .places()
        .iter()
        .filter_map(|place| match place {
            Place::Folder(dir) => Some(dir),
            Place::Disc(_) | Place::Game(_) => None,
        })
        .collect();
    // The `nxd/` folders below the folders given (a mod's `FFTIVC/data/enhanced/nxd/`, where
    // the mod loader reads the file), then each folder's `nxd/` and the folder itself.
    let places = originals.nxd_folders().map(Path::to_path_buf).chain(
        folders
            .into_iter()
            .rev()
            .flat_map(|dir| [dir.join(FOLDER), dir.to_path_buf()]),
    );
    for place in places {
        if let Some(path) = locate::find_in_folder(&place, FILE_NAME) {
            let how = format!("in {}", Shown(&place));
            return Ok(Some((InputFile::read(&path)?, how)));
        }
    }
    for place in originals.places().iter().rev() {
        if let Place::Game(game) = place
            && let Some(file) = game.locate(&game_path())?
        {
            return Ok(Some((file, format!("in {}", game.describe()))));
        }
    }
    Ok(None)
}

/// Its path in the game's archives, `nxd/charclut.nxd`.
pub fn game_path() -> String {
    format!("{FOLDER}/{FILE_NAME}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RAMUZA.SPR is chapter 1, RAMUZA2.SPR chapters 2-3, RAMUZA3.SPR chapter 4 (CharCLUT's keys
    /// 1, 2, 3), in either of the game's names; no other sheet has a row.
    #[test]
    fn each_of_ramzas_sprs_is_its_chapter_s_key() {
        assert_eq!(chapter_of_spr("RAMUZA.SPR"), Some(1));
        assert_eq!(chapter_of_spr("battle_ramuza2_spr.bin"), Some(2));
        assert_eq!(chapter_of_spr("ramuza3.spr"), Some(3));
        assert_eq!(chapter_of_spr("MINA_M.SPR"), None);
        assert_eq!(chapter_of_spr("DILY.SPR"), None);
    }
}
