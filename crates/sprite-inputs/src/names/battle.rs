//! Every file of the game's `BATTLE` folder: its disc name, the sector it starts at on the
//! PlayStation (US) disc and its size in bytes ([`BATTLE_FILES`]), the one table the tools read
//! a file's original size from: `mod add` and `mod check` refuse a replacement larger than its
//! original, and `disc patch`, which measures the image's own directory record, says the same
//! words ([`BattleFile::check_fits`], [`disc_image::error::does_not_fit`]).
//!
//! The names and sizes are facts about the files, not their bytes. They are those of the file
//! table in adamrt/libfft's `fft.h` (commit e9d27c3, BSD-2-Clause); the 2025 remaster's
//! `fftpack/unit/battle_<name>_<ext>.bin` files are the same 178 sprite files at the same sizes
//! (docs/mods.md "Sizes").
//!
//! Beside it, the remaster mod loader's one known slip: its list of game files names
//! `battle_h61_spr.bin` twice ([`LOADER_LISTED_TWICE`], docs/mods.md "The H61 trap").

use fft_formats::FileFormat;
use sprite_data::pose::names::nearest;

use super::GameName;

/// One file of the `BATTLE` folder, or one of the remaster's War of the Lions sheets
/// ([`UNIT_PSP_FILES`]), which the tools take wherever they take a sprite file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BattleFile {
    /// Its disc name: `RAMUZA.SPR`; a War of the Lions sheet's file name
    /// (`spr_dst_bchr_ankoku_m_spr.bin`), the only name it has.
    pub disc_name: &'static str,
    /// The sector it starts at on the US disc (0 for a War of the Lions sheet).
    pub lba: u32,
    /// Its size in bytes, on the disc and in the remaster; for a War of the Lions sheet whose
    /// size is not on record ([`BattleFile::size_known`]), the most a standard sheet can take.
    pub size: u32,
    /// The remaster's folder it is in.
    pub folder: UnitFolder,
    /// Whether `size` is the file's own (false only for War of the Lions sheets not at hand).
    pub size_known: bool,
}

/// The remaster's folders of sprite files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitFolder {
    /// `fftpack/unit/`: the PlayStation's BATTLE files.
    Unit,
    /// `fftpack/unit_psp/`: the War of the Lions units' sheets.
    UnitPsp,
}

/// The bytes a disc sector holds for a file ([`disc_image::sector::USER_DATA`]).
const SECTOR_BYTES: u64 = disc_image::sector::USER_DATA as u64;

/// The remaster mod loader's index of the first unit file (`TYPE1.SHP`): its list of game
/// files numbers them in the disc's order from here (docs/mods.md "The H61 trap").
const FIRST_UNIT_INDEX: u32 = 46;

impl BattleFile {
    /// Its name, in every form.
    pub fn name(&self) -> GameName {
        GameName::parse(self.disc_name)
    }

    /// The remaster's name: `battle_ramuza_spr.bin`; a War of the Lions sheet's own.
    pub fn remaster_name(&self) -> String {
        if self.folder == UnitFolder::UnitPsp {
            return self.disc_name.to_owned();
        }
        self.name()
            .remaster_name()
            .unwrap_or_else(|| self.disc_name.to_ascii_lowercase())
    }

    /// The sectors it takes on the disc (its size rounded up to whole sectors).
    pub fn sectors(&self) -> u64 {
        u64::from(self.size).div_ceil(SECTOR_BYTES)
    }

    /// What the file is when it is a sprite file (SHP, SEQ, SPR or SP2): the files of the
    /// remaster's `fftpack/unit/`. `None` for the others (`EFC_FNT.TIM`, `ENTD1.ENT`,
    /// `ZODIAC.BIN`).
    pub fn format(&self) -> Option<FileFormat> {
        match self.folder {
            UnitFolder::UnitPsp => Some(FileFormat::Spr),
            UnitFolder::Unit => format_of(&self.name()),
        }
    }

    /// Its index in the remaster mod loader's list of game files, for a sprite file: the unit
    /// files are numbered in the order they lie on the disc, from 46 (`TYPE1.SHP`) to 223
    /// (`URI2.SP2`).
    pub fn fftpack_index(&self) -> Option<u32> {
        if self.folder == UnitFolder::UnitPsp {
            let at = UNIT_PSP_FILES.iter().position(|f| f == self)?;
            return Some(FIRST_UNIT_PSP_INDEX + at as u32);
        }
        self.format()?;
        let before = BATTLE_FILES
            .iter()
            .filter(|f| f.format().is_some() && f.lba < self.lba)
            .count();
        Some(FIRST_UNIT_INDEX + before as u32)
    }

    /// Whether `len` bytes may replace this file: no larger than the original, which is what the
    /// game asks the remaster's loader for. `shown` is the replacement's name in the message.
    ///
    /// # Errors
    /// The one line [`disc_image::error::does_not_fit`] words, with both sizes.
    pub fn check_fits(&self, shown: &str, len: u64) -> Result<(), String> {
        if len <= u64::from(self.size) {
            return Ok(());
        }
        if !self.size_known {
            return Err(format!(
                "{shown}: {len} bytes, more than a standard sheet can take ({} bytes)",
                self.size
            ));
        }
        Err(disc_image::error::does_not_fit(
            shown,
            &format!("{len} bytes"),
            &format!(
                "the game reads at most {} bytes for it (the size of the original {})",
                self.size, self.disc_name
            ),
            "its original's size",
        ))
    }
}

/// The format a name's extension says: SPR and SP2 sheets, SEQ files, and SHP files (a weapon
/// or effect SHP for `WEP*` and `EFF*`); `None` for any other extension.
pub fn format_of(name: &GameName) -> Option<FileFormat> {
    let weapon = ["WEP", "EFF"]
        .iter()
        .any(|prefix| name.stem().to_ascii_uppercase().starts_with(prefix));
    match name.extension()?.as_str() {
        "SEQ" => Some(FileFormat::Seq),
        "SPR" | "SP2" => Some(FileFormat::Spr),
        "SHP" if weapon => Some(FileFormat::WeaponShp),
        "SHP" => Some(FileFormat::UnitShp),
        _ => None,
    }
}

/// The file of the `BATTLE` folder with this name in any form ([`GameName`]: `RAMUZA.SPR`,
/// `battle_ramuza_spr.bin`, `BATTLE/RAMUZA.SPR`), if any.
///
/// A War of the Lions sheet's file name (`spr_dst_bchr_ankoku_m_spr.bin`, any case, a path's
/// folder aside) is its row of [`UNIT_PSP_FILES`].
pub fn battle_file(name: &str) -> Option<&'static BattleFile> {
    let parsed = GameName::parse(name);
    let disc_name = parsed.disc_name();
    BATTLE_FILES
        .iter()
        .find(|f| f.disc_name.eq_ignore_ascii_case(&disc_name))
        .or_else(|| {
            UNIT_PSP_FILES
                .iter()
                .find(|f| f.disc_name.eq_ignore_ascii_case(parsed.given()))
        })
}

/// The sprite files nearest to a name the game has no file for, in the form it was given (the
/// remaster's names for a remaster name), nearest first, at most five.
pub fn nearest_sprite_files(name: &str) -> Vec<String> {
    let given = GameName::parse(name);
    let sprites = BATTLE_FILES.iter().filter(|f| f.format().is_some());
    if given.is_remaster() {
        let names: Vec<String> = sprites.map(BattleFile::remaster_name).collect();
        nearest(given.given(), &names)
            .into_iter()
            .map(str::to_owned)
            .collect()
    } else {
        let names: Vec<&str> = sprites.map(|f| f.disc_name).collect();
        nearest(&given.disc_name(), &names)
            .into_iter()
            .map(str::to_owned)
            .collect()
    }
}

/// The remaster's mod loader, whose list of game files [`LOADER_LISTED_TWICE`] is about: the
/// Reloaded-II mod ID every sprite mod depends on.
pub const MOD_LOADER: &str = "fftivc.utility.modloader";

/// The loader's version the slip was read in (its list unchanged since October 2025).
pub const MOD_LOADER_VERSION: &str = "1.7.1";

/// A name the mod loader's list of game files gives two indices: it keeps the first, so a mod's
/// file of that name replaces the file whose index that really is, and that file, under its own
/// name, is never served to the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListedTwice {
    /// The name listed twice (`H61.SPR`: `battle_h61_spr.bin`).
    pub listed: &'static str,
    /// The file whose index the name's first listing holds (`BARUNA.SPR`).
    pub displaced: &'static str,
}

/// `battle_h61_spr.bin` at indices 83 (which is `BARUNA.SPR`'s) and 110 (its own).
pub const LOADER_LISTED_TWICE: ListedTwice = ListedTwice {
    listed: "H61.SPR",
    displaced: "BARUNA.SPR",
};

impl ListedTwice {
    /// Why a mod's file of this name does not reach the game, in one sentence, when it is one
    /// of the two files; `None` for any other name.
    pub fn trap(&self, name: &str) -> Option<String> {
        let name = GameName::parse(name);
        let (listed, displaced) = (battle_file(self.listed)?, battle_file(self.displaced)?);
        let (own, taken) = (listed.fftpack_index()?, displaced.fftpack_index()?);
        let loader = format!("the mod loader's list ({MOD_LOADER} {MOD_LOADER_VERSION})");
        if name.is_named(listed.disc_name) {
            Some(format!(
                "{loader} names {} twice, at index {taken} ({}'s) and {own}, and keeps the \
                 first: this file would replace {} in the game, not {}",
                listed.remaster_name(),
                displaced.disc_name,
                displaced.disc_name,
                listed.disc_name
            ))
        } else if name.is_named(displaced.disc_name) {
            Some(format!(
                "{loader} has no {} (its index {taken} is listed as {}): the loader never serves \
                 this file to the game",
                displaced.remaster_name(),
                listed.remaster_name()
            ))
        } else {
            None
        }
    }
}

/// Builds a row of [`BATTLE_FILES`].
const fn file(disc_name: &'static str, lba: u32, size: u32) -> BattleFile {
    BattleFile {
        disc_name,
        lba,
        size,
        folder: UnitFolder::Unit,
        size_known: true,
    }
}

/// The mod loader's index of the first War of the Lions sheet (docs/remaster.md "The War of the
/// Lions units").
const FIRST_UNIT_PSP_INDEX: u32 = 880;

/// The most bytes a standard sheet can take: its fixed part (palettes, 256 raw rows, the band:
/// 0x9200 bytes) and 200 compressed rows of one literal nibble a pixel (docs/formats/spr.md 4.5).
const STANDARD_SHEET_MOST: u32 = 0x9200 + 200 * 256 / 2;

/// A War of the Lions sheet: its file name and size, when on record.
const fn psp(disc_name: &'static str, size: Option<u32>) -> BattleFile {
    let (size, size_known) = match size {
        Some(size) => (size, true),
        None => (STANDARD_SHEET_MOST, false),
    };
    BattleFile {
        disc_name,
        lba: 0,
        size,
        folder: UnitFolder::UnitPsp,
        size_known,
    }
}

/// The remaster's War of the Lions sheets in `fftpack/unit_psp/`, in the mod loader's order
/// (its indices 880-890). Sizes are on record for the four this project was given (their
/// copies' sizes); the others' are not.
pub const UNIT_PSP_FILES: [BattleFile; 11] = [
    psp("spr_dst_bchr_ankoku_m_spr.bin", Some(44431)),
    psp("spr_dst_bchr_ankoku_w_spr.bin", Some(44404)),
    psp("spr_dst_bchr_tama_m_spr.bin", Some(44473)),
    psp("spr_dst_bchr_tama_w_spr.bin", Some(44217)),
    psp("spr_dst_bchr_valuhurea_m_spr.bin", None),
    psp("spr_dst_bchr_kaito_m_spr.bin", None),
    psp("spr_dst_bchr_algakuma_m_spr.bin", None),
    psp("spr_dst_bchr_arles_m_spr.bin", None),
    psp("spr_dst_bchr_bulemonda_m_spr.bin", None),
    psp("spr_dst_bchr_bulechange_m_spr.bin", None),
    psp("spr_dst_bchr_sword_m_spr.bin", None),
];

/// Every file of the US disc's `BATTLE` folder, by name (adamrt/libfft `fft.h`).
pub const BATTLE_FILES: [BattleFile; 184] = [
    file("10M.SPR", 59862, 37377),
    file("10W.SPR", 59881, 37377),
    file("20M.SPR", 59900, 37377),
    file("20W.SPR", 59919, 37377),
    file("40M.SPR", 59938, 37377),
    file("40W.SPR", 59957, 37377),
    file("60M.SPR", 59976, 37377),
    file("60W.SPR", 59995, 37377),
    file("ADORA.SPR", 57141, 47100),
    file("AGURI.SPR", 57164, 43309),
    file("AJORA.SPR", 57186, 43822),
    file("ARLI.SPR", 57208, 41475),
    file("ARLI2.SP2", 60113, 32768),
    file("ARU.SPR", 57229, 43358),
    file("ARUFU.SPR", 57251, 43325),
    file("ARUMA.SPR", 57273, 43822),
    file("ARUTE.SEQ", 57062, 2476),
    file("ARUTE.SHP", 57034, 1944),
    file("ARUTE.SPR", 57295, 47888),
    file("BARITEN.SPR", 57319, 43955),
    file("BARU.SPR", 57341, 44632),
    file("BARUNA.SPR", 57363, 44172),
    file("BEHI.SPR", 57385, 46393),
    file("BEHI2.SP2", 60129, 32768),
    file("BEIO.SPR", 57408, 43746),
    file("BIBU2.SP2", 60145, 32768),
    file("BIBUROS.SPR", 57430, 44353),
    file("BOM.SPR", 57452, 42546),
    file("BOM2.SP2", 60161, 32768),
    file("CLOUD.SPR", 57473, 42953),
    file("CYOKO.SEQ", 57053, 3068),
    file("CYOKO.SHP", 57026, 7316),
    file("CYOKO.SPR", 57494, 49572),
    file("CYOMON1.SPR", 60014, 37377),
    file("CYOMON2.SPR", 60033, 37377),
    file("CYOMON3.SPR", 60052, 37377),
    file("CYOMON4.SPR", 60071, 37377),
    file("DAISU.SPR", 57519, 43648),
    file("DAMI.SPR", 57541, 44690),
    file("DEMON.SPR", 57563, 45648),
    file("DEMON2.SP2", 60177, 32768),
    file("DILY.SPR", 57586, 43462),
    file("DILY2.SPR", 57608, 43163),
    file("DILY3.SPR", 57630, 44422),
    file("DORA.SPR", 57652, 44442),
    file("DORA1.SPR", 57674, 46754),
    file("DORA2.SPR", 57697, 46437),
    file("DORA22.SP2", 60193, 32768),
    file("EFC_FNT.TIM", 57000, 32832),
    file("EFF1.SEQ", 57080, 1244),
    file("EFF1.SHP", 57076, 3144),
    file("EFF2.SEQ", 57081, 1244),
    file("EFF2.SHP", 57078, 3144),
    file("ENTD1.ENT", 60353, 81920),
    file("ENTD2.ENT", 60393, 81920),
    file("ENTD3.ENT", 60433, 81920),
    file("ENTD4.ENT", 60473, 81920),
    file("ERU.SPR", 57720, 43909),
    file("FURAIA.SPR", 57742, 37377),
    file("FUSUI_M.SPR", 57761, 43845),
    file("FUSUI_W.SPR", 57783, 43812),
    file("FYUNE.SPR", 57805, 44698),
    file("GANDO.SPR", 57827, 42967),
    file("GARU.SPR", 57848, 43687),
    file("GIN_M.SPR", 57870, 44623),
    file("GOB.SPR", 57892, 41268),
    file("GORU.SPR", 57913, 44734),
    file("GYUMU.SPR", 57935, 43822),
    file("H61.SPR", 57957, 44172),
    file("H75.SPR", 57979, 43476),
    file("H76.SPR", 58001, 43557),
    file("H77.SPR", 58023, 43560),
    file("H78.SPR", 58045, 43560),
    file("H79.SPR", 58067, 43207),
    file("H80.SPR", 58089, 43362),
    file("H81.SPR", 58111, 43462),
    file("H82.SPR", 58133, 43822),
    file("H83.SPR", 58155, 43332),
    file("H85.SPR", 58177, 43362),
    file("HASYU.SPR", 58199, 47430),
    file("HEBI.SPR", 58223, 48525),
    file("HIME.SPR", 58247, 44670),
    file("HYOU.SPR", 58269, 43553),
    file("HYOU2.SP2", 60209, 32768),
    file("IKA.SPR", 58291, 42126),
    file("IRON2.SP2", 60225, 32768),
    file("IRON3.SP2", 60241, 32768),
    file("IRON4.SP2", 60257, 32768),
    file("IRON5.SP2", 60273, 32768),
    file("ITEM_M.SPR", 58312, 44438),
    file("ITEM_W.SPR", 58334, 43955),
    file("KANBA.SPR", 58356, 43309),
    file("KANZEN.SEQ", 57064, 2068),
    file("KANZEN.SHP", 57035, 2584),
    file("KANZEN.SPR", 58378, 48194),
    file("KASANEK.SPR", 58402, 40516),
    file("KASANEM.SPR", 58422, 40516),
    file("KI.SPR", 58442, 45205),
    file("KNIGHT_M.SPR", 58465, 44406),
    file("KNIGHT_W.SPR", 58487, 44433),
    file("KURO_M.SPR", 58509, 45623),
    file("KURO_W.SPR", 58532, 44669),
    file("KYUKU.SPR", 58554, 48094),
    file("LEDY.SPR", 58578, 43325),
    file("MARA.SPR", 58600, 42967),
    file("MINA_M.SPR", 58621, 43433),
    file("MINA_W.SPR", 58643, 43529),
    file("MINOTA.SPR", 58665, 47737),
    file("MINOTA2.SP2", 60289, 32768),
    file("MOL.SPR", 58689, 47102),
    file("MOL2.SP2", 60305, 32768),
    file("MON.SEQ", 57055, 5882),
    file("MON.SHP", 57030, 2276),
    file("MONK_M.SPR", 58712, 43336),
    file("MONK_W.SPR", 58734, 43195),
    file("MONO_M.SPR", 58756, 44371),
    file("MONO_W.SPR", 58778, 43478),
    file("MUSU.SPR", 58800, 43687),
    file("NINJA_M.SPR", 58822, 43572),
    file("NINJA_W.SPR", 58844, 43622),
    file("ODORI_W.SPR", 58866, 43332),
    file("ONMYO_M.SPR", 58888, 43886),
    file("ONMYO_W.SPR", 58910, 44626),
    file("ORAN.SPR", 58932, 44368),
    file("ORU.SPR", 58954, 44593),
    file("OTHER.SEQ", 57058, 2414),
    file("OTHER.SHP", 57032, 2264),
    file("OTHER.SPR", 57124, 33792),
    file("RAFA.SPR", 58976, 43207),
    file("RAGU.SPR", 58998, 45379),
    file("RAMUZA.SPR", 59021, 43354),
    file("RAMUZA2.SPR", 59043, 43154),
    file("RAMUZA3.SPR", 59065, 43009),
    file("REZE.SPR", 59087, 44187),
    file("REZE_D.SPR", 59109, 46744),
    file("RUDO.SPR", 59132, 43817),
    file("RUKA.SEQ", 57060, 2482),
    file("RYU_M.SPR", 59154, 44265),
    file("RYU_W.SPR", 59176, 43599),
    file("SAMU_M.SPR", 59198, 44235),
    file("SAMU_W.SPR", 59220, 44495),
    file("SAN_M.SPR", 59242, 44395),
    file("SAN_W.SPR", 59264, 44741),
    file("SERIA.SPR", 59286, 43332),
    file("SIMON.SPR", 59308, 45924),
    file("SIRO_M.SPR", 59331, 44378),
    file("SIRO_W.SPR", 59353, 47285),
    file("SOURYO.SPR", 60090, 45899),
    file("SUKERU.SPR", 59377, 42442),
    file("SYOU_M.SPR", 59398, 45741),
    file("SYOU_W.SPR", 59421, 44838),
    file("TETSU.SPR", 59443, 46001),
    file("THIEF_M.SPR", 59466, 43670),
    file("THIEF_W.SPR", 59488, 43442),
    file("TOKI_M.SPR", 59510, 44348),
    file("TOKI_W.SPR", 59532, 44543),
    file("TORI.SPR", 59554, 43332),
    file("TORI2.SP2", 60321, 32768),
    file("TYPE1.SEQ", 57037, 6754),
    file("TYPE1.SHP", 57017, 8192),
    file("TYPE2.SEQ", 57041, 6545),
    file("TYPE2.SHP", 57021, 8728),
    file("TYPE3.SEQ", 57045, 6820),
    file("TYPE4.SEQ", 57049, 6634),
    file("URI.SPR", 59576, 40595),
    file("URI2.SP2", 60337, 32768),
    file("VERI.SPR", 59596, 46848),
    file("VORU.SPR", 59619, 43554),
    file("WAJU_M.SPR", 59641, 44283),
    file("WAJU_W.SPR", 59663, 44062),
    file("WEP.SPR", 57082, 85504),
    file("WEP1.SEQ", 57072, 2607),
    file("WEP1.SHP", 57066, 5218),
    file("WEP2.SEQ", 57074, 2657),
    file("WEP2.SHP", 57069, 5436),
    file("WIGU.SPR", 59685, 43748),
    file("YUMI_M.SPR", 59707, 43233),
    file("YUMI_W.SPR", 59729, 43107),
    file("YUREI.SPR", 59751, 41970),
    file("ZARU.SPR", 59772, 43521),
    file("ZARU2.SPR", 59794, 43521),
    file("ZARUE.SPR", 59816, 47018),
    file("ZARUMOU.SPR", 59839, 45897),
    file("ZODIAC.BIN", 60513, 65536),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The loader's list as docs/mods.md "The H61 trap" gives its unit files: SHP 46-52, SEQ
    /// 53-62, the weapon and effect SHP and SEQ 63-70, SPR 71-208, SP2 209-223; BARUNA.SPR is
    /// index 83 and H61.SPR 110.
    #[test]
    fn the_unit_files_are_numbered_as_the_loader_lists_them() {
        let index = |name: &str| battle_file(name).and_then(BattleFile::fftpack_index);
        assert_eq!(index("TYPE1.SHP"), Some(46));
        assert_eq!(index("KANZEN.SHP"), Some(52));
        assert_eq!(index("TYPE1.SEQ"), Some(53));
        assert_eq!(index("KANZEN.SEQ"), Some(62));
        assert_eq!(index("WEP1.SHP"), Some(63));
        assert_eq!(index("EFF2.SEQ"), Some(70));
        assert_eq!(index("WEP.SPR"), Some(71));
        assert_eq!(index("BARUNA.SPR"), Some(83));
        assert_eq!(index("H61.SPR"), Some(110));
        assert_eq!(index("ARLI2.SP2"), Some(209));
        assert_eq!(index("URI2.SP2"), Some(223));
        assert_eq!(index("ZODIAC.BIN"), None);
        let units = BATTLE_FILES.iter().filter(|f| f.format().is_some()).count();
        assert_eq!(units, 178, "the remaster's fftpack/unit holds 178 files");
    }

    /// Sizes as the table gives them, and what they take on the disc, by hand: 6754 bytes is 4
    /// sectors of 2048 (8192 bytes), 8192 bytes exactly 4.
    #[test]
    fn a_file_s_size_and_sectors() {
        let seq = battle_file("battle_type1_seq.bin").unwrap();
        assert_eq!(
            (seq.disc_name, seq.size, seq.sectors()),
            ("TYPE1.SEQ", 6754, 4)
        );
        assert_eq!(battle_file("TYPE1.SHP").unwrap().sectors(), 4);
        assert_eq!(battle_file("BATTLE/RAMUZA.SPR").unwrap().size, 43354);
        assert_eq!(seq.check_fits("x", 6754), Ok(()));
        assert_eq!(
            seq.check_fits("big.seq", 9000).unwrap_err(),
            "big.seq: the new file is 9000 bytes, but the game reads at most 6754 bytes for it \
             (the size of the original TYPE1.SEQ); a file cannot grow past its original's size"
        );
    }

    #[test]
    fn the_table_is_in_name_order_with_one_row_a_name() {
        assert!(
            BATTLE_FILES
                .windows(2)
                .all(|w| w[0].disc_name < w[1].disc_name)
        );
        for file in &BATTLE_FILES {
            assert_eq!(battle_file(&file.remaster_name()), Some(file));
        }
    }

    #[test]
    fn a_name_the_game_lacks_gets_the_nearest_in_its_own_form() {
        assert_eq!(nearest_sprite_files("TYPE9.SEQ")[0], "TYPE1.SEQ");
        assert_eq!(
            nearest_sprite_files("battle_ramza_spr.bin")[0],
            "battle_ramuza_spr.bin"
        );
    }

    /// The mod loader's list numbers the eleven War of the Lions sheets 880-890, in this order,
    /// all in `fftpack/unit_psp/`.
    #[test]
    fn a_war_of_the_lions_sheet_is_a_sprite_file_of_its_own_folder() {
        let dark = battle_file("fftpack/unit_psp/SPR_DST_BCHR_ANKOKU_M_SPR.BIN").unwrap();
        assert_eq!(
            (dark.fftpack_index(), dark.format(), dark.folder, dark.size),
            (Some(880), Some(FileFormat::Spr), UnitFolder::UnitPsp, 44431)
        );
        assert_eq!(dark.remaster_name(), "spr_dst_bchr_ankoku_m_spr.bin");
        let sword = battle_file("spr_dst_bchr_sword_m_spr.bin").unwrap();
        assert_eq!(
            (sword.fftpack_index(), sword.size_known),
            (Some(890), false)
        );
        // No size on record: only what no standard sheet can be is refused (0x9200 + 25600).
        assert_eq!(sword.check_fits("x", 62976), Ok(()));
        assert!(
            sword
                .check_fits("x", 62977)
                .unwrap_err()
                .contains("more than a standard sheet")
        );
        assert_eq!(battle_file("spr_dst_bchr_ankoku_spr.bin"), None);
    }

    #[test]
    fn the_h61_trap_names_both_files() {
        let h61 = LOADER_LISTED_TWICE.trap("battle_h61_spr.bin").unwrap();
        assert!(h61.contains("at index 83 (BARUNA.SPR's) and 110"), "{h61}");
        assert!(
            h61.ends_with("replace BARUNA.SPR in the game, not H61.SPR"),
            "{h61}"
        );
        let baruna = LOADER_LISTED_TWICE.trap("BARUNA.SPR").unwrap();
        assert!(baruna.contains("has no battle_baruna_spr.bin"), "{baruna}");
        assert_eq!(LOADER_LISTED_TWICE.trap("RAMUZA.SPR"), None);
    }
}
