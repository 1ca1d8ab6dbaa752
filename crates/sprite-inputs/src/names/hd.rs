//! Which HD sheet is which unit's: the remaster keeps a unit's HD art in a pair of loose files
//! `tex_N.bin` and `tex_N+1.bin` (docs/remaster.md "The format"), and which N belongs to which
//! unit is a table, not a formula (docs/remaster.md "Which N for which unit"): most pairs start
//! on an even number, but some story characters have a file of their own, so the pairs after
//! them start on odd ones (905/906, 907/908).
//!
//! [`PAIRS`] is that table, the one place it is kept, as the remaster's modding community lists
//! it (the tables of the FFT Color Customizer mod, which ships HD sheets by these numbers; the
//! three test pairs confirm 992, 1000 and 1012). A generic job of four numbers is its male
//! unit's pair, then its female's, as the list says they run. Each row says what ties its
//! number to its SPR ([`Tie`]): Delita's six numbers (836-841) are listed without saying which
//! of his three sheets each pair is, and are taken in chapter order as Ramza's are.
//!
//! Beside the pairs, the numbers the sources name that are no pair ([`SINGLES`]): the single
//! `_2` files from 1131 on, which by their names are the monsters' SP2 sheets at twice the size
//! (one 512 x 512 file each, read by `fft_formats::hd::HdSp2` as the second sheet of the
//! monster's pair: [`sp2_of_pair`]), and the files whose format is not known (Alma's and Ajora's
//! single files, 904 and 909; the War of the Lions units' 1110-1130), which are refused with one
//! line ([`not_read`]) rather than misread as a half of a pair.
//!
//! A unit is named as its SPR is (`mina_m` for `MINA_M.SPR` and `battle_mina_m_spr.bin`):
//! [`pair_of_unit`] looks a unit up, [`unit_of_tex`] a file's number.

use fft_formats::hd::HdHalf;

use crate::names::{self, GameName};

/// The extension of the SPR a pair takes its colours from.
const SPR_EXTENSION: &str = "SPR";

/// One unit's HD pair: its SPR's stem and the number of the pair's first file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HdPair {
    /// The unit's SPR as named on the disc, in lower case, without `.SPR`: `mina_m`.
    pub unit: &'static str,
    /// N of `tex_N.bin`, the upper half (SPR rows 0-255); the lower half is N + 1.
    pub upper: u32,
    /// What ties the number to the SPR.
    pub tie: Tie,
}

/// What ties a row's number to its SPR.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tie {
    /// The community's list names the unit's sheet with the number.
    Listed,
    /// Listed, and checked on the files: a test pair's halves agree with their SPR at 2x
    /// (docs/remaster.md "How the HD art relates to the SPR").
    Checked,
    /// The list gives a character's numbers together (Delita: 836-841), without saying which
    /// sheet each pair is; they are taken in the order of the sheets' chapters, as Ramza's
    /// three pairs run (830, 832, 834 for RAMUZA, RAMUZA2, RAMUZA3). Not checked on a file.
    ChapterOrder,
}

impl HdPair {
    /// N + 1: the lower half's number.
    pub const fn lower(self) -> u32 {
        self.upper + 1
    }

    /// The number of `half`'s file.
    pub const fn tex(self, half: HdHalf) -> u32 {
        match half {
            HdHalf::Upper => self.upper,
            HdHalf::Lower => self.lower(),
        }
    }

    /// The file name of `half`: `tex_992.bin`.
    pub fn file_name(self, half: HdHalf) -> String {
        tex_file_name(self.tex(half))
    }

    /// The unit's SPR as the disc names it: `MINA_M.SPR`.
    pub fn spr_disc_name(self) -> String {
        names::disc_name(self.unit, SPR_EXTENSION)
    }

    /// The unit's SPR as the remaster names it: `battle_mina_m_spr.bin`.
    pub fn spr_remaster_name(self) -> String {
        names::remaster_name(self.unit, SPR_EXTENSION)
    }
}

impl std::fmt::Display for HdPair {
    /// `mina_m's pair (tex 992/993)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}'s pair (tex {}/{})",
            self.unit,
            self.upper,
            self.lower()
        )
    }
}

/// The pairs, by the first file's number: docs/remaster.md "Which N for which unit" (module
/// docs).
pub const PAIRS: &[HdPair] = &[
    // Story characters.
    pair("ramuza", 830),
    pair("ramuza2", 832),
    pair("ramuza3", 834),
    ordered("dily", 836),
    ordered("dily2", 838),
    ordered("dily3", 840),
    pair("aru", 842),
    pair("hime", 852),
    pair("oru", 854),
    pair("reze", 858),
    pair("zarumou", 860),
    pair("simon", 862),
    pair("oran", 864),
    pair("baruna", 866),
    pair("h79", 870),
    pair("mara", 872),
    pair("eru", 874),
    pair("aguri", 880),
    pair("beio", 882),
    pair("baru", 886),
    pair("musu", 888),
    pair("h76", 896),
    pair("h80", 905),
    pair("aruma", 907),
    pair("cloud", 910),
    pair("kanba", 914),
    pair("ledy", 928),
    // Generic jobs, in job order, male then female.
    checked(pair("mina_m", 992)),
    pair("mina_w", 994),
    pair("item_m", 996),
    pair("item_w", 998),
    checked(pair("knight_m", 1000)),
    pair("knight_w", 1002),
    pair("yumi_m", 1004),
    pair("yumi_w", 1006),
    pair("monk_m", 1008),
    pair("monk_w", 1010),
    checked(pair("siro_m", 1012)),
    pair("siro_w", 1014),
    pair("kuro_m", 1016),
    pair("kuro_w", 1018),
    pair("toki_m", 1020),
    pair("toki_w", 1022),
    pair("syou_m", 1024),
    pair("syou_w", 1026),
    pair("thief_m", 1028),
    pair("thief_w", 1030),
    pair("waju_m", 1032),
    pair("waju_w", 1034),
    pair("onmyo_m", 1036),
    pair("onmyo_w", 1038),
    pair("fusui_m", 1040),
    pair("fusui_w", 1042),
    pair("ryu_m", 1044),
    pair("ryu_w", 1046),
    pair("samu_m", 1048),
    pair("samu_w", 1050),
    pair("ninja_m", 1052),
    pair("ninja_w", 1054),
    pair("san_m", 1056),
    pair("san_w", 1058),
    pair("gin_m", 1060),
    pair("odori_w", 1062),
    pair("mono_m", 1064),
    pair("mono_w", 1066),
    // Monsters.
    pair("cyoko", 1068),
    pair("gob", 1070),
    pair("bom", 1072),
    pair("hyou", 1074),
    pair("ika", 1076),
    pair("sukeru", 1078),
    pair("yurei", 1080),
    pair("arli", 1082),
    pair("tori", 1084),
    pair("uri", 1086),
    pair("ki", 1088),
    pair("minota", 1090),
    pair("mol", 1092),
    pair("behi", 1094),
    pair("dora1", 1096),
    pair("dora2", 1098),
];

const fn pair(unit: &'static str, upper: u32) -> HdPair {
    HdPair {
        unit,
        upper,
        tie: Tie::Listed,
    }
}

const fn ordered(unit: &'static str, upper: u32) -> HdPair {
    HdPair {
        unit,
        upper,
        tie: Tie::ChapterOrder,
    }
}

const fn checked(row: HdPair) -> HdPair {
    HdPair {
        tie: Tie::Checked,
        ..row
    }
}

/// A number the sources name that is no pair: one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HdSingle {
    /// N of `tex_N.bin`.
    pub number: u32,
    pub what: Single,
}

/// What a single file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Single {
    /// A monster's SP2 sheet at twice the size (`BEHI2.SP2`), one file of 512 x 512; inferred
    /// from the list's `_2` names (`behi_2`), not checked on a file.
    Sp2(&'static str),
    /// A file whose format is not known, and whose it is.
    Unknown(&'static str),
}

impl Single {
    /// What the file is, in a few words: `BEHI2.SP2`, or whose file of unknown format it is.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sp2(name) | Self::Unknown(name) => name,
        }
    }
}

/// The single files, by number (module docs).
pub const SINGLES: &[HdSingle] = &[
    single(904, Single::Unknown("Alma's (a file of her own)")),
    single(909, Single::Unknown("Ajora's (a file of his own)")),
    single(1131, Single::Sp2("ARLI2.SP2")),
    single(1132, Single::Sp2("BEHI2.SP2")),
    single(1134, Single::Sp2("BOM2.SP2")),
    single(1136, Single::Sp2("DORA22.SP2")),
    single(1137, Single::Sp2("HYOU2.SP2")),
    single(1142, Single::Sp2("MINOTA2.SP2")),
    single(1143, Single::Sp2("MOL2.SP2")),
    single(1144, Single::Sp2("TORI2.SP2")),
    single(1145, Single::Sp2("URI2.SP2")),
];

const fn single(number: u32, what: Single) -> HdSingle {
    HdSingle { number, what }
}

/// The War of the Lions units' HD numbers: the sources name them, no public tool reads them.
pub const WAR_OF_THE_LIONS: std::ops::RangeInclusive<u32> = 1110..=1130;

/// The single file `tex_<n>.bin` is, when the sources name one.
pub fn single_of_tex(n: u32) -> Option<HdSingle> {
    SINGLES.iter().copied().find(|single| single.number == n)
}

/// The SP2 at twice the size `tex_<n>.bin` is, when the table names one.
pub fn sp2_single_of_tex(n: u32) -> Option<HdSingle> {
    single_of_tex(n).filter(|single| matches!(single.what, Single::Sp2(_)))
}

/// The single file that holds the SP2 sheet `name` (any form: `BEHI2.SP2`,
/// `battle_behi2_sp2.bin`) at twice the size, when the table names one.
pub fn single_of_sp2(name: &str) -> Option<HdSingle> {
    let name = GameName::parse(name);
    SINGLES
        .iter()
        .copied()
        .find(|single| matches!(single.what, Single::Sp2(sp2) if name.is_named(sp2)))
}

/// The SP2 at twice the size that goes with `pair`: its unit's SPR's second sheet by the table
/// of kinds (`BEHI2.SP2` for `BEHI.SPR`), when the HD table names a single file for it (1132).
pub fn sp2_of_pair(pair: HdPair) -> Option<HdSingle> {
    super::sheet_kind::second_sheet_of(&pair.spr_disc_name()).and_then(single_of_sp2)
}

/// The pair an SP2 at twice the size goes with (`behi`'s for 1132), as [`sp2_of_pair`] ties
/// them.
pub fn pair_of_sp2(single: HdSingle) -> Option<HdPair> {
    PAIRS
        .iter()
        .copied()
        .find(|&pair| sp2_of_pair(pair) == Some(single))
}

/// Why `tex_<n>.bin` is not read as a half of a pair, in one line, when it is a number the
/// sources name as something else: a single file (an SP2 sheet at twice the size, drawn as the
/// second sheet of its monster's pair, or a file of unknown format) or the War of the Lions
/// units' art.
pub fn not_read(n: u32) -> Option<String> {
    if WAR_OF_THE_LIONS.contains(&n) {
        return Some(format!(
            "tex {n} is the War of the Lions units' HD art (tex 1110-1130), whose format is not \
             known: it is not read"
        ));
    }
    single_of_tex(n).map(|single| match single.what {
        Single::Sp2(sp2) => format!(
            "tex {n} is {sp2} at twice the size, a single file of 512 x 512 (not a half of a \
             pair): it is drawn with its monster's pair{}",
            pair_of_sp2(single).map_or_else(String::new, |pair| format!(
                ", {pair}: give that pair as the sheet"
            ))
        ),
        Single::Unknown(whose) => {
            format!("tex {n} is a single file, {whose}, whose format is not known: it is not read")
        }
    })
}

/// The HD pair of the unit `name`: its SPR's stem (`mina_m`) or the SPR in any form
/// (`MINA_M.SPR`, `battle_mina_m_spr.bin`, a path), any case; `None` for a unit the table does
/// not list, or a file of another kind than an SPR.
pub fn pair_of_unit(name: &str) -> Option<HdPair> {
    let name = GameName::parse(name);
    if name.extension().is_some_and(|ext| ext != "SPR") {
        return None;
    }
    let stem = name.stem();
    PAIRS
        .iter()
        .copied()
        .find(|pair| pair.unit.eq_ignore_ascii_case(stem))
}

/// The unit whose pair holds `tex_<n>.bin`, and which half of it the file is; `None` for a
/// number the table does not list.
pub fn unit_of_tex(n: u32) -> Option<(HdPair, HdHalf)> {
    PAIRS.iter().find_map(|&pair| {
        HdHalf::BOTH
            .into_iter()
            .find(|&half| pair.tex(half) == n)
            .map(|half| (pair, half))
    })
}

/// N of a file named `tex_<N>` with any extension (`tex_992.bin`), as the remaster's mod
/// loader reads it; any case, no folder. `None` for any other name.
pub fn tex_number(file_name: &str) -> Option<u32> {
    let lower = file_name.to_ascii_lowercase();
    let rest = lower.strip_prefix("tex_")?;
    let digits = rest.split('.').next()?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The number of the other file of the pair that `tex_<n>.bin`, the `half` its size says, is part
/// of: the table's when it lists `n`; else, as the pairs run (upper first), N + 1 after an upper
/// half and N - 1 before a lower one. `None` when that number is past the ends of a name's
/// number (`tex_4294967295.bin` as an upper half, `tex_0.bin` as a lower one): such a file has
/// no other half, and no number wraps around to another pair's.
pub fn other_tex(n: u32, half: HdHalf) -> Option<u32> {
    match unit_of_tex(n) {
        Some((pair, listed)) => Some(pair.tex(listed.other())),
        None => match half {
            HdHalf::Upper => n.checked_add(1),
            HdHalf::Lower => n.checked_sub(1),
        },
    }
}

/// The numbers `(N, N + 1)` of the pair written as `tex_<n>.bin`, either of its files: the
/// table's pair when it lists `n`, else `n` as the upper half (the name gives no half; the
/// pairs run upper first). `None` for the largest number, which has no N + 1 after it.
pub fn pair_numbers_written_as(n: u32) -> Option<(u32, u32)> {
    match unit_of_tex(n) {
        Some((pair, _)) => Some((pair.upper, pair.lower())),
        None => Some((n, n.checked_add(1)?)),
    }
}

/// `tex_<n>.bin`.
pub fn tex_file_name(n: u32) -> String {
    format!("tex_{n}.bin")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three pairs the test files are, and the numbers the research's list gives around the
    /// single files (docs/remaster.md "Which N for which unit").
    #[test]
    fn the_table_is_read_both_ways() {
        for (unit, upper) in [("mina_m", 992), ("knight_m", 1000), ("siro_m", 1012)] {
            let pair = pair_of_unit(unit).expect(unit);
            assert_eq!((pair.upper, pair.lower()), (upper, upper + 1));
            assert_eq!(unit_of_tex(upper), Some((pair, HdHalf::Upper)));
            assert_eq!(unit_of_tex(upper + 1), Some((pair, HdHalf::Lower)));
        }
        assert_eq!(
            unit_of_tex(905).map(|(p, h)| (p.unit, h)),
            Some(("h80", HdHalf::Upper))
        );
        assert_eq!(
            unit_of_tex(906).map(|(p, h)| (p.unit, h)),
            Some(("h80", HdHalf::Lower))
        );
        assert_eq!(
            unit_of_tex(907).map(|(p, h)| (p.unit, h)),
            Some(("aruma", HdHalf::Upper))
        );
        // Alma's and Ajora's single files and the SP2 singles are no pairs.
        for unknown in [904, 909, 1131, 1145, 829, 1100] {
            assert_eq!(unit_of_tex(unknown), None, "{unknown}");
        }
        // Delita's three, in chapter order (docs/remaster.md "Which N for which unit").
        let dily2 = pair_of_unit("DILY2.SPR").unwrap();
        assert_eq!((dily2.upper, dily2.tie), (838, Tie::ChapterOrder));
        assert_eq!(
            unit_of_tex(841).map(|(p, h)| (p.unit, h)),
            Some(("dily3", HdHalf::Lower))
        );
    }

    /// The single files, by the list's `_2` names (docs/remaster.md "Which N for which unit"),
    /// both ways; and the numbers refused rather than read as halves.
    #[test]
    fn singles_and_numbers_not_read() {
        assert_eq!(
            single_of_tex(1132).map(|s| s.what),
            Some(Single::Sp2("BEHI2.SP2"))
        );
        assert_eq!(
            single_of_sp2("battle_behi2_sp2.bin").map(|s| s.number),
            Some(1132)
        );
        assert_eq!(single_of_sp2("BIBU2.SP2"), None);
        for n in [1110, 1120, 1130] {
            assert!(not_read(n).unwrap().contains("War of the Lions"), "{n}");
        }
        assert!(
            not_read(1132)
                .unwrap()
                .contains("BEHI2.SP2 at twice the size")
        );
        assert!(not_read(904).unwrap().contains("Alma"));
        // Each SP2 single goes with its monster's pair, both ways (DORA22.SP2 is DORA2.SPR's).
        for (unit, sp2) in [
            ("behi", 1132),
            ("dora2", 1136),
            ("uri", 1145),
            ("arli", 1131),
        ] {
            let pair = pair_of_unit(unit).unwrap();
            assert_eq!(sp2_of_pair(pair).map(|s| s.number), Some(sp2), "{unit}");
            assert_eq!(
                pair_of_sp2(single_of_tex(sp2).unwrap()),
                Some(pair),
                "{sp2}"
            );
        }
        assert_eq!(sp2_of_pair(pair_of_unit("mina_m").unwrap()), None);
        assert!(
            not_read(1132)
                .unwrap()
                .ends_with("behi's pair (tex 1094/1095): give that pair as the sheet")
        );
        for read in [992, 993, 1109, 1131 - 100] {
            assert_eq!(not_read(read), None, "{read}");
        }
        // No number is both a pair's and a single's.
        for single in SINGLES {
            assert_eq!(unit_of_tex(single.number), None, "{}", single.number);
        }
    }

    #[test]
    fn a_unit_is_named_as_its_spr_in_any_form() {
        for name in [
            "mina_m",
            "MINA_M.SPR",
            "battle_mina_m_spr.bin",
            "BATTLE/MINA_M.SPR;1",
        ] {
            assert_eq!(pair_of_unit(name).map(|p| p.upper), Some(992), "{name}");
        }
        assert_eq!(pair_of_unit("MINA_M.SHP"), None);
        let pair = pair_of_unit("knight_m").unwrap();
        assert_eq!(pair.spr_disc_name(), "KNIGHT_M.SPR");
        assert_eq!(pair.spr_remaster_name(), "battle_knight_m_spr.bin");
        assert_eq!(pair.file_name(HdHalf::Lower), "tex_1001.bin");
        assert_eq!(pair.to_string(), "knight_m's pair (tex 1000/1001)");
    }

    #[test]
    fn every_number_is_one_file_of_one_pair() {
        let mut numbers: Vec<u32> = PAIRS.iter().flat_map(|p| [p.upper, p.lower()]).collect();
        let count = numbers.len();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), count, "a number in two pairs");
        let mut units: Vec<&str> = PAIRS.iter().map(|p| p.unit).collect();
        units.sort_unstable();
        units.dedup();
        assert_eq!(units.len(), PAIRS.len(), "a unit twice");
    }

    /// The numbers beside a half, by hand: a listed half's other is the table's, an unlisted
    /// upper half's N + 1, an unlisted lower half's N - 1 (5000/5001 is a pair); the ends of a
    /// 32-bit number have no neighbour past them, rather than one wrapped around to the other end.
    #[test]
    fn a_half_s_other_half_never_wraps() {
        assert_eq!(other_tex(992, HdHalf::Upper), Some(993));
        assert_eq!(other_tex(993, HdHalf::Lower), Some(992));
        // The table's pair wins over the size (a mismatch is refused where the file is read).
        assert_eq!(other_tex(993, HdHalf::Upper), Some(992));
        assert_eq!(other_tex(5000, HdHalf::Upper), Some(5001));
        assert_eq!(other_tex(5001, HdHalf::Lower), Some(5000));
        assert_eq!(other_tex(4_294_967_295, HdHalf::Upper), None);
        assert_eq!(other_tex(4_294_967_295, HdHalf::Lower), Some(4_294_967_294));
        assert_eq!(other_tex(0, HdHalf::Lower), None);
        assert_eq!(other_tex(0, HdHalf::Upper), Some(1));

        assert_eq!(pair_numbers_written_as(993), Some((992, 993)));
        assert_eq!(pair_numbers_written_as(5001), Some((5001, 5002)));
        assert_eq!(
            pair_numbers_written_as(4_294_967_294),
            Some((4_294_967_294, 4_294_967_295))
        );
        assert_eq!(pair_numbers_written_as(4_294_967_295), None);
    }

    #[test]
    fn a_tex_file_name_gives_its_number() {
        assert_eq!(tex_number("tex_992.bin"), Some(992));
        assert_eq!(tex_number("TEX_1001.BIN"), Some(1001));
        assert_eq!(tex_number("tex_830"), Some(830));
        for other in [
            "tex_.bin",
            "tex_99x.bin",
            "text_992.bin",
            "battle_mina_m_spr.bin",
        ] {
            assert_eq!(tex_number(other), None, "{other}");
        }
        assert_eq!(tex_file_name(993), "tex_993.bin");
    }
}
