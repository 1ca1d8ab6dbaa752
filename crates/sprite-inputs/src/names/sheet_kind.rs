//! Which unit kind draws each sprite sheet the game has: every SPR and SP2 of the PlayStation's
//! `BATTLE` folder ([`super::battle::BATTLE_FILES`]) and the remaster's War of the Lions sheets
//! (`fftpack/unit_psp/spr_dst_bchr_*_spr.bin`), each with the kind of
//! `sprite_data::profile::UNIT_KINDS` whose frames are cut from it (docs/kinds.md "Which kind
//! draws which sheet").
//!
//! The game keeps this fact in a table of its own code (`BATTLE.BIN`), which is not read here;
//! until it is, [`SHEET_KINDS`] is this project's table, and each row says where its kind comes
//! from ([`Source`]) and whether it was checked against the file: the kind's cells hold the
//! sheet's opaque pixels (`crates/sprite-inputs/tests/sheet_kinds.rs`, for every sheet the tests
//! are given).

use super::GameName;

/// Where a row's kind comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The PlayStation sprite editor (FFTPatcher's Shishi Sprite Editor) lists the sheet with
    /// this kind's SHP: its list of the disc's sprites, each made as a TYPE1, TYPE2, monster,
    /// CYOKO, ARUTE or KANZEN sprite.
    Listed,
    /// The kind's built-in profile draws from this sheet (its `sheet_file`): OTHER.SPR, the only
    /// sheet of its layout (docs/formats/spr.md 4.6).
    Profile,
    /// A monster's second sheet: the sprite editor lists it with the monster's SPR (`of`), which
    /// the MON kind draws, and only MON's SEQ draws from a second sheet (docs/formats/README.md
    /// 1).
    SecondSheet {
        /// The SPR it belongs to: `BEHI.SPR` for `BEHI2.SP2`.
        of: &'static str,
    },
    /// One of the Lucavi: the sprite editor lists the sheet with the monsters' SHP (MON.SHP),
    /// and the RUKA kind is MON.SHP with the Lucavi's SEQ (RUKA.SEQ), whose profile draws from
    /// VERI.SPR. That the other five are RUKA's too is inferred from who they are, not read from
    /// the game's table.
    Lucavi,
    /// A War of the Lions sheet, which no list at hand gives a kind: the kind is the one whose
    /// cells hold its pixels, checked on the file (`checked` is true).
    Drawn,
    /// No kind is known: the sprite editor lists the sheet as an event sheet of another layout
    /// (`Short`: 288 rows; `Tall`: 512 rows; docs/formats/spr.md 4.6) without saying which SHP
    /// draws it, or, for the War of the Lions sheets not at hand, nothing says.
    Unknown,
    /// The weapons sheet WEP.SPR: no unit kind, the weapon and effect layers draw from it
    /// (docs/formats/layers.md).
    Layers,
}

/// One sheet and the kind that draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetKind {
    /// The sheet's name: the disc's for a PlayStation sheet (`RAMUZA.SPR`, `BEHI2.SP2`), the
    /// remaster's file name for a War of the Lions one (`spr_dst_bchr_ankoku_m_spr.bin`).
    pub sheet: &'static str,
    /// The kind's name in `sprite_data::profile::UNIT_KINDS` (`type1`), when one is known.
    pub kind: Option<&'static str>,
    /// Where the kind comes from.
    pub source: Source,
    /// Whether the kind was checked on the file: its cells hold the sheet's opaque pixels (the
    /// test named in the module docs runs the check on every such sheet it is given).
    pub checked: bool,
}

impl SheetKind {
    /// Whether `name` (any form: `RAMUZA.SPR`, `battle_ramuza_spr.bin`, a path) is this sheet.
    pub fn is_named(&self, name: &str) -> bool {
        GameName::parse(name).is_named(self.sheet)
    }
}

/// The row of the sheet `name` (any form of its name, any case, a path's folder aside), if the
/// game has such a sheet.
pub fn sheet_kind(name: &str) -> Option<&'static SheetKind> {
    SHEET_KINDS.iter().find(|row| row.is_named(name))
}

/// The kind that draws the sheet `name`, when the table knows one.
pub fn kind_of_sheet(name: &str) -> Option<&'static str> {
    sheet_kind(name).and_then(|row| row.kind)
}

/// The first second sheet the table gives the SPR `sheet` (any form of its name): `BEHI2.SP2`
/// for `BEHI.SPR` or `battle_behi_spr.bin`.
pub fn second_sheet_of(sheet: &str) -> Option<&'static str> {
    let sheet = GameName::parse(sheet);
    SHEET_KINDS.iter().find_map(|row| match row.source {
        Source::SecondSheet { of } if sheet.is_named(of) => Some(row.sheet),
        _ => None,
    })
}

/// The sheets the kind `kind` (any case) draws, in the table's order.
pub fn sheets_of_kind(kind: &str) -> impl Iterator<Item = &'static SheetKind> + '_ {
    SHEET_KINDS
        .iter()
        .filter(move |row| row.kind.is_some_and(|k| k.eq_ignore_ascii_case(kind)))
}

const TYPE1: &str = "type1";
const TYPE2: &str = "type2";
const CYOKO: &str = "cyoko";
const MON: &str = "mon";
const RUKA: &str = "ruka";
const OTHER: &str = "other";
const ARUTE: &str = "arute";
const KANZEN: &str = "kanzen";

const fn listed(sheet: &'static str, kind: &'static str) -> SheetKind {
    SheetKind {
        sheet,
        kind: Some(kind),
        source: Source::Listed,
        checked: false,
    }
}

const fn second(sheet: &'static str, of: &'static str) -> SheetKind {
    SheetKind {
        sheet,
        kind: Some(MON),
        source: Source::SecondSheet { of },
        checked: false,
    }
}

const fn lucavi(sheet: &'static str) -> SheetKind {
    SheetKind {
        sheet,
        kind: Some(RUKA),
        source: Source::Lucavi,
        checked: false,
    }
}

const fn unknown(sheet: &'static str) -> SheetKind {
    SheetKind {
        sheet,
        kind: None,
        source: Source::Unknown,
        checked: false,
    }
}

const fn drawn(sheet: &'static str, kind: &'static str) -> SheetKind {
    SheetKind {
        sheet,
        kind: Some(kind),
        source: Source::Drawn,
        checked: true,
    }
}

/// The same row, checked on the file.
const fn checked(row: SheetKind) -> SheetKind {
    SheetKind {
        checked: true,
        ..row
    }
}

/// Every sheet the game has and the kind that draws it: the PlayStation's 153 (138 SPR with
/// WEP.SPR, 15 SP2), in the disc's name order, then the remaster's 11 War of the Lions sheets in
/// the mod loader's order.
pub const SHEET_KINDS: [SheetKind; 164] = [
    unknown("10M.SPR"),
    unknown("10W.SPR"),
    unknown("20M.SPR"),
    unknown("20W.SPR"),
    unknown("40M.SPR"),
    unknown("40W.SPR"),
    unknown("60M.SPR"),
    unknown("60W.SPR"),
    lucavi("ADORA.SPR"),
    listed("AGURI.SPR", TYPE1),
    listed("AJORA.SPR", TYPE2),
    listed("ARLI.SPR", MON),
    second("ARLI2.SP2", "ARLI.SPR"),
    listed("ARU.SPR", TYPE1),
    listed("ARUFU.SPR", TYPE2),
    checked(listed("ARUMA.SPR", TYPE2)),
    checked(listed("ARUTE.SPR", ARUTE)),
    listed("BARITEN.SPR", TYPE2),
    listed("BARU.SPR", TYPE2),
    listed("BARUNA.SPR", TYPE1),
    checked(listed("BEHI.SPR", MON)),
    checked(second("BEHI2.SP2", "BEHI.SPR")),
    listed("BEIO.SPR", TYPE1),
    second("BIBU2.SP2", "BIBUROS.SPR"),
    listed("BIBUROS.SPR", MON),
    listed("BOM.SPR", MON),
    second("BOM2.SP2", "BOM.SPR"),
    listed("CLOUD.SPR", TYPE1),
    // CYOKO's and OTHER's cells hold only 0.84 and 0.56 of their sheets' pixels (each sheet has
    // art its SHP never cuts), so the check says nothing of them; the profiles name them.
    listed("CYOKO.SPR", CYOKO),
    unknown("CYOMON1.SPR"),
    unknown("CYOMON2.SPR"),
    unknown("CYOMON3.SPR"),
    unknown("CYOMON4.SPR"),
    listed("DAISU.SPR", TYPE1),
    unknown("DAMI.SPR"),
    listed("DEMON.SPR", MON),
    second("DEMON2.SP2", "DEMON.SPR"),
    checked(listed("DILY.SPR", TYPE1)),
    listed("DILY2.SPR", TYPE1),
    listed("DILY3.SPR", TYPE1),
    listed("DORA.SPR", TYPE2),
    listed("DORA1.SPR", MON),
    listed("DORA2.SPR", MON),
    second("DORA22.SP2", "DORA2.SPR"),
    listed("ERU.SPR", TYPE2),
    unknown("FURAIA.SPR"),
    listed("FUSUI_M.SPR", TYPE2),
    listed("FUSUI_W.SPR", TYPE2),
    listed("FYUNE.SPR", TYPE2),
    listed("GANDO.SPR", TYPE1),
    listed("GARU.SPR", TYPE1),
    listed("GIN_M.SPR", TYPE2),
    checked(listed("GOB.SPR", TYPE1)),
    listed("GORU.SPR", TYPE1),
    listed("GYUMU.SPR", TYPE2),
    listed("H61.SPR", TYPE1),
    listed("H75.SPR", TYPE1),
    listed("H76.SPR", TYPE1),
    listed("H77.SPR", TYPE1),
    listed("H78.SPR", TYPE1),
    listed("H79.SPR", TYPE2),
    listed("H80.SPR", TYPE1),
    listed("H81.SPR", TYPE1),
    listed("H82.SPR", TYPE2),
    listed("H83.SPR", TYPE2),
    listed("H85.SPR", TYPE1),
    lucavi("HASYU.SPR"),
    lucavi("HEBI.SPR"),
    checked(listed("HIME.SPR", TYPE2)),
    listed("HYOU.SPR", MON),
    second("HYOU2.SP2", "HYOU.SPR"),
    listed("IKA.SPR", TYPE2),
    second("IRON2.SP2", "TETSU.SPR"),
    second("IRON3.SP2", "TETSU.SPR"),
    second("IRON4.SP2", "TETSU.SPR"),
    second("IRON5.SP2", "TETSU.SPR"),
    listed("ITEM_M.SPR", TYPE2),
    listed("ITEM_W.SPR", TYPE2),
    listed("KANBA.SPR", TYPE1),
    checked(listed("KANZEN.SPR", KANZEN)),
    unknown("KASANEK.SPR"),
    unknown("KASANEM.SPR"),
    listed("KI.SPR", MON),
    checked(listed("KNIGHT_M.SPR", TYPE1)),
    listed("KNIGHT_W.SPR", TYPE1),
    listed("KURO_M.SPR", TYPE2),
    listed("KURO_W.SPR", TYPE2),
    lucavi("KYUKU.SPR"),
    listed("LEDY.SPR", TYPE2),
    listed("MARA.SPR", TYPE1),
    checked(listed("MINA_M.SPR", TYPE1)),
    listed("MINA_W.SPR", TYPE1),
    listed("MINOTA.SPR", MON),
    second("MINOTA2.SP2", "MINOTA.SPR"),
    listed("MOL.SPR", MON),
    second("MOL2.SP2", "MOL.SPR"),
    listed("MONK_M.SPR", TYPE1),
    listed("MONK_W.SPR", TYPE1),
    listed("MONO_M.SPR", TYPE2),
    listed("MONO_W.SPR", TYPE2),
    listed("MUSU.SPR", TYPE1),
    listed("NINJA_M.SPR", TYPE1),
    listed("NINJA_W.SPR", TYPE1),
    listed("ODORI_W.SPR", TYPE2),
    listed("ONMYO_M.SPR", TYPE2),
    listed("ONMYO_W.SPR", TYPE2),
    listed("ORAN.SPR", TYPE1),
    listed("ORU.SPR", TYPE1),
    SheetKind {
        sheet: "OTHER.SPR",
        kind: Some(OTHER),
        source: Source::Profile,
        checked: false,
    },
    listed("RAFA.SPR", TYPE2),
    listed("RAGU.SPR", TYPE2),
    checked(listed("RAMUZA.SPR", TYPE1)),
    listed("RAMUZA2.SPR", TYPE1),
    listed("RAMUZA3.SPR", TYPE1),
    listed("REZE.SPR", TYPE2),
    listed("REZE_D.SPR", MON),
    listed("RUDO.SPR", TYPE1),
    listed("RYU_M.SPR", TYPE1),
    listed("RYU_W.SPR", TYPE1),
    listed("SAMU_M.SPR", TYPE1),
    listed("SAMU_W.SPR", TYPE1),
    listed("SAN_M.SPR", TYPE2),
    listed("SAN_W.SPR", TYPE2),
    listed("SERIA.SPR", TYPE2),
    listed("SIMON.SPR", TYPE2),
    checked(listed("SIRO_M.SPR", TYPE2)),
    listed("SIRO_W.SPR", TYPE2),
    listed("SOURYO.SPR", TYPE2),
    listed("SUKERU.SPR", TYPE1),
    listed("SYOU_M.SPR", TYPE2),
    listed("SYOU_W.SPR", TYPE2),
    listed("TETSU.SPR", MON),
    listed("THIEF_M.SPR", TYPE1),
    listed("THIEF_W.SPR", TYPE1),
    listed("TOKI_M.SPR", TYPE2),
    listed("TOKI_W.SPR", TYPE2),
    listed("TORI.SPR", MON),
    second("TORI2.SP2", "TORI.SPR"),
    listed("URI.SPR", MON),
    second("URI2.SP2", "URI.SPR"),
    lucavi("VERI.SPR"),
    listed("VORU.SPR", TYPE1),
    listed("WAJU_M.SPR", TYPE2),
    listed("WAJU_W.SPR", TYPE2),
    SheetKind {
        sheet: "WEP.SPR",
        kind: None,
        source: Source::Layers,
        checked: false,
    },
    listed("WIGU.SPR", TYPE1),
    listed("YUMI_M.SPR", TYPE1),
    listed("YUMI_W.SPR", TYPE1),
    listed("YUREI.SPR", MON),
    listed("ZARU.SPR", TYPE1),
    listed("ZARU2.SPR", TYPE1),
    lucavi("ZARUE.SPR"),
    listed("ZARUMOU.SPR", TYPE2),
    // The War of the Lions units (docs/remaster.md "The War of the Lions units").
    // Dark Knight, male and female, and Onion Knight, male and female: TYPE1's cells hold
    // 0.99 of each, TYPE2's 0.986, the other kinds' at most 0.93.
    drawn("spr_dst_bchr_ankoku_m_spr.bin", TYPE1),
    drawn("spr_dst_bchr_ankoku_w_spr.bin", TYPE1),
    drawn("spr_dst_bchr_tama_m_spr.bin", TYPE1),
    drawn("spr_dst_bchr_tama_w_spr.bin", TYPE1),
    unknown("spr_dst_bchr_valuhurea_m_spr.bin"),
    unknown("spr_dst_bchr_kaito_m_spr.bin"),
    unknown("spr_dst_bchr_algakuma_m_spr.bin"),
    unknown("spr_dst_bchr_arles_m_spr.bin"),
    unknown("spr_dst_bchr_bulemonda_m_spr.bin"),
    unknown("spr_dst_bchr_bulechange_m_spr.bin"),
    unknown("spr_dst_bchr_sword_m_spr.bin"),
];
