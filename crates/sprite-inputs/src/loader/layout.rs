//! Where the remaster's mod loader reads a mod's files (docs/mods.md "The layout"): the mod's
//! `ModConfig.json`; under `FFTIVC/data/<mode>/` the game's files by their paths in the game
//! (`fftpack/unit/battle_ramuza_spr.bin`, `system/ffto/g2d/tex_992.bin`), the mode `enhanced`,
//! `classic` or `combined` (both); under `FFTIVC/tables/` table edits. [`place_of`] says what a
//! path in a mod is to the loader; [`unit_path`] and [`hd_path`] are where `mod add` puts a file.

use std::path::{Component, Path, PathBuf};

use faults::Shown;

use crate::names::GameName;
use crate::names::battle::{BattleFile, UnitFolder, battle_file};
use crate::names::hd::{tex_file_name, tex_number};

/// The mod's description, at its root.
pub const CONFIG_FILE: &str = "ModConfig.json";

/// The folder of a mod the loader reads, at its root.
pub const MOD_ROOT: &str = "FFTIVC";

/// The game's files, below [`MOD_ROOT`], one folder per [`Mode`].
pub const DATA: &str = "data";

/// The table edits, below [`MOD_ROOT`] (not sprites: not checked here).
pub const TABLES: &str = "tables";

/// The sprite files' folder below a mode (the game's `fftpack/unit/`).
pub const UNIT_FOLDER: [&str; 2] = ["fftpack", "unit"];

/// The War of the Lions sheets' folder below a mode (the game's `fftpack/unit_psp/`).
pub const UNIT_PSP_FOLDER: [&str; 2] = ["fftpack", "unit_psp"];

/// The HD sheets' folder below a mode (the game's `system/ffto/g2d/`).
pub const HD_FOLDER: [&str; 3] = ["system", "ffto", "g2d"];

/// The remaster's tables' folder below a mode (the game's `nxd/`), where Ramza's colours
/// (`charclut.nxd`) are read from.
pub const NXD_FOLDER: [&str; 1] = [crate::charclut::FOLDER];

/// The languages the loader gives a sprite file a name of its own for: `battle_x_spr.en.bin`
/// reaches the game only in English, `.jp.` only in Japanese; a name without one, both.
pub const UNIT_LOCALES: [&str; 2] = ["en", "jp"];

/// Which of the remaster's two games a mod's files are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// The classic game (`fft_classic.exe`), which never reads the HD sheets.
    Classic,
    /// Both games.
    Combined,
    /// The enhanced game (`fft_enhanced.exe`), the only one that reads the HD sheets.
    Enhanced,
}

impl Mode {
    /// Every mode, in the order [`crate::locate`] layers them (a later one wins).
    pub const ALL: [Mode; 3] = [Mode::Classic, Mode::Combined, Mode::Enhanced];

    /// Its folder's name, as the loader spells it (lower case).
    pub fn folder(self) -> &'static str {
        match self {
            Mode::Enhanced => "enhanced",
            Mode::Classic => "classic",
            Mode::Combined => "combined",
        }
    }

    /// The mode a folder's name is, spelled exactly as the loader does.
    pub fn from_folder(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|mode| mode.folder() == name)
    }

    /// The games (their Reloaded-II app IDs) that read this mode's files.
    pub fn app_ids(self) -> &'static [&'static str] {
        match self {
            Mode::Enhanced => &[ENHANCED_APP],
            Mode::Classic => &[CLASSIC_APP],
            Mode::Combined => &[ENHANCED_APP, CLASSIC_APP],
        }
    }
}

/// The enhanced game's Reloaded-II app ID.
pub const ENHANCED_APP: &str = "fft_enhanced.exe";

/// The classic game's Reloaded-II app ID.
pub const CLASSIC_APP: &str = "fft_classic.exe";

/// Where a sprite file goes in a mod, from the mod's root:
/// `FFTIVC/data/enhanced/fftpack/unit/battle_ramuza_spr.bin`.
pub fn unit_path(mode: Mode, file: &BattleFile) -> PathBuf {
    let mut path = mode_folder(mode);
    path.extend(unit_folder_of(file));
    path.push(file.remaster_name());
    path
}

/// Where an HD sheet half goes in a mod, from the mod's root:
/// `FFTIVC/data/enhanced/system/ffto/g2d/tex_992.bin` (only the enhanced game reads them; a
/// `combined` mod's go under `combined/`, which the enhanced game reads too).
pub fn hd_path(mode: Mode, index: u32) -> PathBuf {
    let mut path = mode_folder(mode);
    path.extend(HD_FOLDER);
    path.push(tex_file_name(index));
    path
}

/// Where Ramza's colours (`charclut.nxd`) go in a mod, from the mod's root:
/// `FFTIVC/data/enhanced/nxd/charclut.nxd` (only the enhanced game reads them).
pub fn charclut_path(mode: Mode) -> PathBuf {
    let mut path = mode_folder(mode);
    path.extend(NXD_FOLDER);
    path.push(crate::charclut::FILE_NAME);
    path
}

/// The folder below a mode a sprite file is read from: `fftpack/unit/`, or `fftpack/unit_psp/`
/// for a War of the Lions sheet.
pub fn unit_folder_of(file: &BattleFile) -> [&'static str; 2] {
    match file.folder {
        UnitFolder::Unit => UNIT_FOLDER,
        UnitFolder::UnitPsp => UNIT_PSP_FOLDER,
    }
}

/// `FFTIVC/data/<mode>`.
fn mode_folder(mode: Mode) -> PathBuf {
    [MOD_ROOT, DATA, mode.folder()].iter().collect()
}

/// What a path in a mod is to the loader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placed {
    /// The mod's `ModConfig.json`.
    Config,
    /// A sprite file where the loader reads it.
    Unit {
        mode: Mode,
        file: &'static BattleFile,
        /// The language the name limits it to (`en`, `jp`), if any.
        locale: Option<String>,
        /// The name is not spelled as the loader's list spells it (in lower case), which the
        /// loader's lookup may not match.
        other_case: bool,
    },
    /// An HD sheet half in the HD sheets' folder; `index` when the name is `tex_<N>...`
    /// ([`tex_number`], the loader's reading).
    Hd { mode: Mode, index: Option<u32> },
    /// Ramza's colours, `charclut.nxd`, in the tables' folder of a mode the enhanced game reads.
    Charclut { mode: Mode },
    /// Another file of a mode's folder: a game file this project does not check.
    GameFile { mode: Mode },
    /// A table edit (`FFTIVC/tables/`).
    Tables,
    /// Outside [`MOD_ROOT`] and not a sprite file: the loader does not read it (a README, a
    /// preview picture).
    NotRead,
    /// A file the loader would not load as meant, and why.
    Misplaced(String),
}

/// What the file at `relative` (a path from the mod's root) is to the loader.
pub fn place_of(relative: &Path) -> Placed {
    let mut parts = Vec::new();
    for component in relative.components() {
        match component {
            Component::Normal(part) => match part.to_str() {
                Some(part) => parts.push(part),
                None => return Placed::Misplaced("its name is not UTF-8".to_owned()),
            },
            _ => return Placed::Misplaced("not a path inside the mod".to_owned()),
        }
    }
    let Some((&name, folders)) = parts.split_last() else {
        return Placed::Misplaced("not a path inside the mod".to_owned());
    };
    let sprite = looks_like_a_sprite_file(name);
    match folders {
        [] if name == CONFIG_FILE => Placed::Config,
        [] => outside_the_data(name, sprite),
        [root, ..] if !root.eq_ignore_ascii_case(MOD_ROOT) => outside_the_data(name, sprite),
        [_, tables, ..] if tables.eq_ignore_ascii_case(TABLES) => Placed::Tables,
        [_, data, mode, rest @ ..] if data.eq_ignore_ascii_case(DATA) => {
            match Mode::from_folder(mode) {
                Some(mode) => place_in_mode(mode, rest, name),
                None => Placed::Misplaced(format!(
                    "{}/ is no folder the loader reads: below {MOD_ROOT}/{DATA}/ it reads \
                     enhanced/, classic/ and combined/, spelled so",
                    Shown(mode)
                )),
            }
        }
        _ => Placed::Misplaced(format!(
            "the loader reads only {MOD_ROOT}/{DATA}/<mode>/ and {MOD_ROOT}/{TABLES}/ below \
             {MOD_ROOT}/"
        )),
    }
}

/// A file named `name` outside [`MOD_ROOT`] (`sprite` when it is a sprite file's name): where
/// it belongs when it is a file the loader reads, else not read.
fn outside_the_data(name: &str, sprite: Option<&'static BattleFile>) -> Placed {
    if is_charclut(name) {
        return charclut_misplaced(Mode::Enhanced);
    }
    match (sprite, hd_file_number(name)) {
        (Some(file), _) => Placed::Misplaced(format!(
            "the loader reads files only below {MOD_ROOT}/{DATA}/<mode>/: put it at {}",
            slashed(&unit_path(Mode::Enhanced, file))
        )),
        (None, Some(n)) => hd_misplaced(Mode::Enhanced, n),
        (None, None) => Placed::NotRead,
    }
}

/// A file below `FFTIVC/data/<mode>/`, in the folders `rest`.
fn place_in_mode(mode: Mode, rest: &[&str], name: &str) -> Placed {
    if is_charclut(name) {
        return match mode {
            Mode::Enhanced | Mode::Combined if rest == NXD_FOLDER => Placed::Charclut { mode },
            _ => charclut_misplaced(mode),
        };
    }
    if rest == UNIT_FOLDER || rest == UNIT_PSP_FOLDER {
        return match tex_number(name) {
            Some(n) => hd_misplaced(mode, n),
            None => unit_file(mode, rest, name),
        };
    }
    if rest == HD_FOLDER {
        return Placed::Hd {
            mode,
            index: tex_number(name),
        };
    }
    match looks_like_a_sprite_file(name) {
        Some(file) => Placed::Misplaced(format!(
            "the loader reads sprite files only in {}/: put it at {}",
            UNIT_FOLDER.join("/"),
            slashed(&unit_path(mode, file))
        )),
        None => match tex_number(name) {
            Some(n) => hd_misplaced(mode, n),
            None => Placed::GameFile { mode },
        },
    }
}

/// N of a file outside the mod's data folders named as an HD half is (`tex_<N>.bin`): a
/// picture or a note of the same stem (`tex_992.png`) is no half, and not read.
fn hd_file_number(name: &str) -> Option<u32> {
    let n = tex_number(name)?;
    name.eq_ignore_ascii_case(&tex_file_name(n)).then_some(n)
}

/// An HD sheet half `tex_<n>` out of its folder, with where it belongs: the HD sheets' folder
/// of `mode`, or of the enhanced game for a classic one (which never reads them), as every
/// misplaced file is told its place.
fn hd_misplaced(mode: Mode, n: u32) -> Placed {
    let mode = match mode {
        Mode::Classic => Mode::Enhanced,
        other => other,
    };
    Placed::Misplaced(format!(
        "an HD sheet half, and the loader reads those only in {}/: put it at {}",
        HD_FOLDER.join("/"),
        slashed(&hd_path(mode, n))
    ))
}

/// Whether a file named `name` is Ramza's colours, in any case.
fn is_charclut(name: &str) -> bool {
    name.eq_ignore_ascii_case(crate::charclut::FILE_NAME)
}

/// `charclut.nxd` out of its folder, with where it belongs: the tables' folder of `mode`, or of
/// the enhanced game for a classic one (which colours Ramza by his SPR's palettes).
fn charclut_misplaced(mode: Mode) -> Placed {
    let mode = match mode {
        Mode::Classic => Mode::Enhanced,
        other => other,
    };
    Placed::Misplaced(format!(
        "Ramza's colours, which the enhanced game reads only in {}/: put it at {}",
        NXD_FOLDER.join("/"),
        slashed(&charclut_path(mode))
    ))
}

/// A file in a mode's `fftpack/unit/`, named `name`.
fn unit_file(mode: Mode, folder: &[&str], name: &str) -> Placed {
    let pieces: Vec<&str> = name.split('.').collect();
    // `battle_x_spr.en.bin`: the loader takes the piece before the extension as a language.
    let (base, locale) = match pieces.as_slice() {
        [stem, locale, extension] => (format!("{stem}.{extension}"), Some(*locale)),
        _ => (name.to_owned(), None),
    };
    if let Some(locale) = locale {
        if !UNIT_LOCALES.contains(&locale) {
            return Placed::Misplaced(format!(
                "the loader takes .{}. in the name as a language, and reads sprite files \
                 only for {} (or none: both)",
                Shown(locale),
                UNIT_LOCALES.map(|l| format!(".{l}.")).join(" and ")
            ));
        }
    }
    let parsed = GameName::parse(&base);
    let file = battle_file(&base).filter(|file| file.format().is_some());
    match file {
        Some(file) if unit_folder_of(file) != folder => Placed::Misplaced(format!(
            "the loader reads this file only in {}/: put it at {}",
            unit_folder_of(file).join("/"),
            slashed(&unit_path(mode, file))
        )),
        Some(file) if parsed.is_remaster() || file.folder == UnitFolder::UnitPsp => Placed::Unit {
            mode,
            file,
            locale: locale.map(str::to_owned),
            other_case: base != file.remaster_name(),
        },
        Some(file) => Placed::Misplaced(format!(
            "the loader knows this file as {}, not by its disc name",
            file.remaster_name()
        )),
        None => {
            let nearest = crate::names::battle::nearest_sprite_files(&base);
            let nearest = if nearest.is_empty() {
                String::new()
            } else {
                format!(" (nearest: {})", nearest.join(", "))
            };
            Placed::Misplaced(format!(
                "the game has no sprite file of this name{nearest}: the loader ignores it"
            ))
        }
    }
}

/// The sprite file of the game a name is, in either form, when it is one.
fn looks_like_a_sprite_file(name: &str) -> Option<&'static BattleFile> {
    battle_file(name).filter(|file| file.format().is_some())
}

/// A relative path with `/` between its parts, as messages and the loader's docs write it.
pub fn slashed(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(path: &str) -> Placed {
        place_of(Path::new(path))
    }

    /// An HD half anywhere but `system/ffto/g2d/` is told its place there, as docs/mods.md
    /// "The layout" gives it (the enhanced game's for one under classic/).
    #[test]
    fn a_misplaced_hd_half_is_told_where_it_belongs() {
        for (path, belongs) in [
            (
                "FFTIVC/data/enhanced/fftpack/unit/tex_992.bin",
                "FFTIVC/data/enhanced/system/ffto/g2d/tex_992.bin",
            ),
            (
                "FFTIVC/data/combined/fftpack/unit/TEX_993.BIN",
                "FFTIVC/data/combined/system/ffto/g2d/tex_993.bin",
            ),
            (
                "FFTIVC/data/classic/system/tex_1000.bin",
                "FFTIVC/data/enhanced/system/ffto/g2d/tex_1000.bin",
            ),
            (
                "tex_1001.bin",
                "FFTIVC/data/enhanced/system/ffto/g2d/tex_1001.bin",
            ),
        ] {
            match placed(path) {
                Placed::Misplaced(why) => assert!(
                    why.ends_with(&format!("only in system/ffto/g2d/: put it at {belongs}")),
                    "{path}: {why}"
                ),
                other => panic!("{path}: {other:?}"),
            }
        }
        // A picture of the same stem beside the mod is no half.
        assert_eq!(placed("tex_992.png"), Placed::NotRead);
    }

    /// `charclut.nxd` anywhere but a mode's `nxd/` (or under classic/, whose game colours Ramza
    /// by his SPR) is told its place, as docs/mods.md "The layout" gives it.
    #[test]
    fn a_misplaced_charclut_is_told_where_it_belongs() {
        for (path, belongs) in [
            (
                "FFTIVC/data/enhanced/charclut.nxd",
                "FFTIVC/data/enhanced/nxd/charclut.nxd",
            ),
            (
                "FFTIVC/data/combined/fftpack/unit/CharClut.nxd",
                "FFTIVC/data/combined/nxd/charclut.nxd",
            ),
            (
                "FFTIVC/data/classic/nxd/charclut.nxd",
                "FFTIVC/data/enhanced/nxd/charclut.nxd",
            ),
            ("charclut.nxd", "FFTIVC/data/enhanced/nxd/charclut.nxd"),
        ] {
            match placed(path) {
                Placed::Misplaced(why) => assert!(
                    why.ends_with(&format!("only in nxd/: put it at {belongs}")),
                    "{path}: {why}"
                ),
                other => panic!("{path}: {other:?}"),
            }
        }
        assert_eq!(
            placed("FFTIVC/data/combined/nxd/charclut.nxd"),
            Placed::Charclut {
                mode: Mode::Combined
            }
        );
    }

    /// The paths docs/mods.md "The layout" gives, as the loader's docs spell them.
    #[test]
    fn the_loader_s_paths_are_placed() {
        let ramuza = battle_file("RAMUZA.SPR").unwrap();
        assert_eq!(
            slashed(&unit_path(Mode::Enhanced, ramuza)),
            "FFTIVC/data/enhanced/fftpack/unit/battle_ramuza_spr.bin"
        );
        assert_eq!(
            slashed(&hd_path(Mode::Enhanced, 992)),
            "FFTIVC/data/enhanced/system/ffto/g2d/tex_992.bin"
        );
        assert_eq!(
            placed("FFTIVC/data/classic/fftpack/unit/battle_ramuza_spr.bin"),
            Placed::Unit {
                mode: Mode::Classic,
                file: ramuza,
                locale: None,
                other_case: false
            }
        );
        assert!(matches!(
            placed("FFTIVC/data/combined/fftpack/unit/battle_type1_seq.en.bin"),
            Placed::Unit { mode: Mode::Combined, locale: Some(l), .. } if l == "en"
        ));
        assert_eq!(
            placed("FFTIVC/data/enhanced/system/ffto/g2d/tex_992.bin"),
            Placed::Hd {
                mode: Mode::Enhanced,
                index: Some(992)
            }
        );
        assert_eq!(placed("ModConfig.json"), Placed::Config);
        assert_eq!(placed("README.md"), Placed::NotRead);
        assert_eq!(placed("FFTIVC/tables/enhanced/JobData.xml"), Placed::Tables);
        assert_eq!(
            placed("FFTIVC/data/enhanced/nxd/charclut.nxd"),
            Placed::Charclut {
                mode: Mode::Enhanced
            }
        );
        assert_eq!(
            placed("FFTIVC/data/enhanced/nxd/other.nxd"),
            Placed::GameFile {
                mode: Mode::Enhanced
            }
        );
    }

    #[test]
    fn what_the_loader_would_miss_says_why() {
        let why = |path: &str| match placed(path) {
            Placed::Misplaced(why) => why,
            other => panic!("{path}: {other:?}"),
        };
        assert!(
            why("FFTIVC/data/enhanced/unit/battle_type1_seq.bin")
                .ends_with("put it at FFTIVC/data/enhanced/fftpack/unit/battle_type1_seq.bin")
        );
        assert!(
            why("FFTIVC/data/Enhanced/fftpack/unit/battle_type1_seq.bin").contains("Enhanced/")
        );
        assert!(why("battle_ramuza_spr.bin").contains("below FFTIVC/data/<mode>/"));
        assert!(
            why("FFTIVC/data/enhanced/fftpack/unit/RAMUZA.SPR").contains("battle_ramuza_spr.bin")
        );
        assert!(
            why("FFTIVC/data/enhanced/fftpack/unit/battle_type9_seq.bin")
                .contains("nearest: battle_type1_seq.bin")
        );
        assert!(why("FFTIVC/data/enhanced/fftpack/unit/battle_type1_seq.fr.bin").contains(".fr."));
        assert!(why("FFTIVC/other/battle_type1_seq.bin").contains("reads only"));
    }

    #[test]
    fn an_hd_index_is_the_number_after_tex() {
        assert_eq!(tex_number("tex_992.bin"), Some(992));
        assert_eq!(tex_number("tex_1001"), Some(1001));
        assert_eq!(tex_number("tex_.bin"), None);
        assert_eq!(tex_number("tex_9x.bin"), None);
        assert_eq!(tex_number("pal_992.bin"), None);
    }
}
