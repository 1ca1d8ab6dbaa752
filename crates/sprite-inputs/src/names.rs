//! The game's file names, the one rule every command, the server and the tests ask: a file of the
//! game's `BATTLE` folder has its disc name (`RAMUZA.SPR`), the name the 2025 remaster gives the
//! same bytes (`battle_ramuza_spr.bin`: `battle_`, the disc name in lower case with `_` for its
//! dot, `.bin`), and a path (`BATTLE/RAMUZA.SPR`, `BATTLE\RAMUZA.SPR;1` as a disc's directory
//! spells it). [`GameName::parse`] reads any of them, in any case, into one value that gives each
//! form.
//!
//! Any `STEM.EXT` has a remaster form by the rule, whether or not the game has such a file
//! (`crono1.png` is `battle_crono1_png.bin`), so a fan-made sheet is looked up the same way.
//!
//! The files the game has, with their sizes, are [`battle`]'s table; [`hd`] names the remaster's
//! HD sheets: which `tex_N.bin` pair is which unit's; [`sheet_kind`], which unit kind draws each
//! sprite sheet.

pub mod battle;
pub mod hd;
pub mod sheet_kind;

/// A file's name read in any of its forms: its folder when one was given, and the name's parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameName {
    /// The folders before the name, joined by `/` (`BATTLE`), when the name was a path.
    folder: Option<String>,
    /// The name as given, without its folder or a version suffix (`;1`).
    given: String,
    /// The disc form's stem and extension when the name was the remaster's
    /// (`battle_behi2_sp2.bin`: `behi2`, `sp2`), else the name's own (`RAMUZA`, `SPR`); no
    /// extension when the name has no dot.
    stem: String,
    extension: Option<String>,
    remaster: bool,
}

impl GameName {
    /// Reads a name in any form: a disc name, the remaster's name, or a path to either (`/` or
    /// `\` between folders; a version suffix `;1` is dropped).
    pub fn parse(name: &str) -> GameName {
        let name = name.replace('\\', "/");
        let (folder, file) = match name.rsplit_once('/') {
            Some((folder, file)) => (
                Some(folder.trim_matches('/').to_owned()).filter(|f| !f.is_empty()),
                file,
            ),
            None => (None, name.as_str()),
        };
        let file = match file.rsplit_once(';') {
            Some((file, version)) if version.bytes().all(|b| b.is_ascii_digit()) => file,
            _ => file,
        };
        let lower = file.to_ascii_lowercase();
        let remaster = lower
            .strip_prefix(REMASTER_PREFIX)
            .and_then(|rest| rest.strip_suffix(REMASTER_SUFFIX))
            .and_then(|stem| stem.rsplit_once('_'))
            .filter(|(base, ext)| !base.is_empty() && !ext.is_empty())
            .map(|(base, ext)| (base.len(), ext.len()));
        let (stem, extension) = match remaster {
            // The parts as the file spells them (lower case, by the rule).
            Some((base, ext)) => (
                file[REMASTER_PREFIX.len()..REMASTER_PREFIX.len() + base].to_owned(),
                Some(file[REMASTER_PREFIX.len() + base + 1..][..ext].to_owned()),
            ),
            None => match file.rsplit_once('.') {
                Some((stem, ext)) if !stem.is_empty() && !ext.is_empty() => {
                    (stem.to_owned(), Some(ext.to_owned()))
                }
                _ => (file.to_owned(), None),
            },
        };
        GameName {
            folder,
            given: file.to_owned(),
            stem,
            extension,
            remaster: remaster.is_some(),
        }
    }

    /// The name as given, without its folder or version suffix.
    pub fn given(&self) -> &str {
        &self.given
    }

    /// The folder the name was given in, when it was a path (`BATTLE`).
    pub fn folder(&self) -> Option<&str> {
        self.folder.as_deref()
    }

    /// Whether the name was given in the remaster's form (`battle_ramuza_spr.bin`).
    pub fn is_remaster(&self) -> bool {
        self.remaster
    }

    /// The disc's name: `RAMUZA.SPR` for `battle_ramuza_spr.bin`; any other name as given (the
    /// disc's directory is read in any case).
    pub fn disc_name(&self) -> String {
        match (&self.extension, self.remaster) {
            (Some(extension), true) => disc_name(&self.stem, extension),
            _ => self.given.clone(),
        }
    }

    /// The remaster's name: `battle_ramuza_spr.bin` for `RAMUZA.SPR` (or itself); `None` for a
    /// name with no extension.
    pub fn remaster_name(&self) -> Option<String> {
        if self.remaster {
            return Some(self.given.clone());
        }
        let extension = self.extension.as_ref()?;
        Some(remaster_name(&self.stem, extension))
    }

    /// The name in the other form: the remaster's for a disc name, the disc's for the
    /// remaster's; `None` when there is none.
    pub fn other_form(&self) -> Option<String> {
        if self.remaster {
            Some(self.disc_name())
        } else {
            self.remaster_name()
        }
    }

    /// The stem, as the file spells it: `RAMUZA` for `RAMUZA.SPR`, `ramuza` for
    /// `battle_ramuza_spr.bin`, `crono1` for `crono1.png`.
    pub fn stem(&self) -> &str {
        &self.stem
    }

    /// The extension of the disc form, in upper case (`SPR` for `battle_ramuza_spr.bin`), when
    /// there is one.
    pub fn extension(&self) -> Option<String> {
        self.extension.as_ref().map(|e| e.to_ascii_uppercase())
    }

    /// Where the file is on a disc: the folder given and the disc name, else in its
    /// [`DISC_FOLDER`] (`TYPE1.SHP` and `battle_type1_shp.bin` are `BATTLE/TYPE1.SHP`).
    pub fn disc_path(&self) -> String {
        format!(
            "{}/{}",
            self.folder.as_deref().unwrap_or(DISC_FOLDER),
            self.disc_name()
        )
    }

    /// Whether a file called `file_name` (no folder) is this file: its disc name or its
    /// remaster name, in any case.
    pub fn is_named(&self, file_name: &str) -> bool {
        self.forms()
            .iter()
            .any(|form| form.eq_ignore_ascii_case(file_name))
    }

    /// The file's names to look for in a folder, the form given first, then the other.
    pub fn forms(&self) -> Vec<String> {
        let mut forms = vec![self.given.clone()];
        forms.extend(self.other_form());
        forms
    }
}

/// The folder of a disc that holds the sprite files (SHP, SEQ, SPR).
pub const DISC_FOLDER: &str = "BATTLE";

/// What the remaster puts before a disc file's stem (`battle_ramuza_spr.bin`).
const REMASTER_PREFIX: &str = "battle_";

/// What the remaster's names end in.
const REMASTER_SUFFIX: &str = ".bin";

/// The disc's name of a file by its stem and extension: `RAMUZA.SPR` for `ramuza`, `spr`.
pub fn disc_name(stem: &str, extension: &str) -> String {
    format!("{stem}.{extension}").to_ascii_uppercase()
}

/// The remaster's name of a file by its disc stem and extension, the rule: `battle_`, the disc
/// name in lower case with `_` for its dot, `.bin` (`battle_ramuza_spr.bin` for `RAMUZA`, `SPR`).
pub fn remaster_name(stem: &str, extension: &str) -> String {
    format!("{REMASTER_PREFIX}{stem}_{extension}{REMASTER_SUFFIX}").to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each form of one file, as docs/disc.md and the remaster's data spell it.
    #[test]
    fn every_form_of_a_name_gives_every_other() {
        for given in [
            "RAMUZA.SPR",
            "ramuza.spr",
            "battle_ramuza_spr.bin",
            "BATTLE_RAMUZA_SPR.BIN",
            "BATTLE/RAMUZA.SPR",
            "BATTLE\\RAMUZA.SPR;1",
            "battle/battle_ramuza_spr.bin",
        ] {
            let name = GameName::parse(given);
            assert!(
                name.disc_name().eq_ignore_ascii_case("RAMUZA.SPR"),
                "{given}"
            );
            assert_eq!(
                name.remaster_name().as_deref().map(str::to_ascii_lowercase),
                Some("battle_ramuza_spr.bin".to_owned()),
                "{given}"
            );
            assert!(
                name.disc_path().eq_ignore_ascii_case("BATTLE/RAMUZA.SPR"),
                "{given}"
            );
            assert!(name.is_named("Battle_Ramuza_Spr.bin") && name.is_named("RAMUZA.spr"));
            assert_eq!(name.extension().as_deref(), Some("SPR"));
        }
    }

    #[test]
    fn a_stem_with_underscores_keeps_them() {
        let name = GameName::parse("battle_knight_m_spr.bin");
        assert_eq!(name.disc_name(), "KNIGHT_M.SPR");
        assert_eq!(name.stem(), "knight_m");
        assert_eq!(
            GameName::parse("BEHI2.SP2").remaster_name().as_deref(),
            Some("battle_behi2_sp2.bin")
        );
    }

    #[test]
    fn names_that_are_no_game_files_keep_their_own_form() {
        let png = GameName::parse("crono1.png");
        assert_eq!(png.disc_name(), "crono1.png");
        assert_eq!(
            png.remaster_name().as_deref(),
            Some("battle_crono1_png.bin")
        );
        assert_eq!(png.stem(), "crono1");
        let bare = GameName::parse("BATTLE");
        assert_eq!(bare.remaster_name(), None);
        assert_eq!(bare.forms(), ["BATTLE"]);
        // Not the remaster's shape: no extension inside.
        assert_eq!(GameName::parse("battle_x.bin").disc_name(), "battle_x.bin");
    }
}
