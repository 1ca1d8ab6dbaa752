//! The sheet-to-kind table (`sprite_inputs::names::sheet_kind`) against the files: for every
//! sheet the tests are given, the cells of its kind's shipped document hold its opaque pixels,
//! where the other kinds' cells do not; and the table holds every SPR and SP2 of the
//! PlayStation's BATTLE folder, as its list of files gives them.

use fft_formats::spr::{Spr, SprVariant};
use serde_json::Value;
use sprite_data::profile::UnitKind;
use sprite_inputs::names::battle::BATTLE_FILES;
use sprite_inputs::names::sheet_kind::{
    SHEET_KINDS, SheetKind, Source, kind_of_sheet, sheet_kind, sheets_of_kind,
};

/// A rectangle of the sheet a kind's frames cut a tile from.
#[derive(Debug, Clone, Copy)]
struct Cell {
    x: usize,
    y: usize,
    w: usize,
    h: usize,
}

/// The cells of the kind's shipped document (`fixtures/documents/<kind>.json`), read as plain
/// JSON: the rectangles the kind's frames are cut from.
fn cells_of(kind: &str) -> Vec<Cell> {
    let path = test_support::repo_root().join(format!("fixtures/documents/{kind}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let document: Value = serde_json::from_str(&text).unwrap();
    let number = |cell: &Value, key: &str| cell[key].as_u64().unwrap() as usize;
    document["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| Cell {
            x: number(cell, "x"),
            y: number(cell, "y"),
            w: number(cell, "w"),
            h: number(cell, "h"),
        })
        .collect()
}

/// The share of the sheet's opaque pixels (index other than 0) that lie in one of `cells`. The
/// portrait of a standard sheet (rows 456-487, x 80-127: docs/formats/spr.md 4.4), which no
/// frame draws, is left out; an SP2 is read as the rows below its SPR (cells from y 256 on, at
/// y - 256: docs/formats/README.md 1).
fn coverage(spr: &Spr, cells: &[Cell]) -> f64 {
    let rows_below = if spr.variant == SprVariant::Sp2 {
        256
    } else {
        0
    };
    // The SP2 sheets hold art at the same place, which no frame draws either.
    let portrait = matches!(spr.variant, SprVariant::Standard | SprVariant::Sp2)
        .then_some((80..128, 456..488));
    let (mut opaque, mut held) = (0u64, 0u64);
    for y in 0..spr.height() {
        for x in 0..spr.width() {
            if spr.pixel(x, y) == 0 {
                continue;
            }
            let sheet_y = y + rows_below;
            if portrait
                .as_ref()
                .is_some_and(|(xs, ys)| xs.contains(&x) && ys.contains(&sheet_y))
            {
                continue;
            }
            opaque += 1;
            if cells
                .iter()
                .any(|c| (c.x..c.x + c.w).contains(&x) && (c.y..c.y + c.h).contains(&sheet_y))
            {
                held += 1;
            }
        }
    }
    held as f64 / opaque.max(1) as f64
}

/// The least share of a sheet's opaque pixels its kind's cells must hold. The right kind holds
/// 0.984 (SIRO_M.SPR, TYPE2) to 1.0 of the sheets at hand; a kind of another shape at most 0.93
/// of a unit's sheet (MON on GOB.SPR: 0.90).
const HELD: f64 = 0.98;

/// The file of a row, from whichever folder the tests are given holds it: the sheets, the HD
/// sheets' SPRs, or the War of the Lions sheets; `None` (no skip line) when none does.
fn file_of(row: &str) -> Option<Vec<u8>> {
    let name = sprite_inputs::GameName::parse(row);
    let folders = [
        test_support::sheets_folder().ok(),
        test_support::hd_folder_path(),
        std::env::var_os("FFT_UNIT_PSP").map(Into::into),
    ];
    folders.into_iter().flatten().find_map(|dir| {
        name.forms()
            .iter()
            .map(|form| dir.join(form))
            .find(|path| path.is_file())
            .map(|path| std::fs::read(path).unwrap())
    })
}

#[test]
fn each_checked_sheet_at_hand_is_held_by_its_kind_s_cells() {
    const TEST: &str = "each_checked_sheet_at_hand_is_held_by_its_kind_s_cells";
    let mut checked = 0;
    for row in SHEET_KINDS.iter().filter(|row| row.checked) {
        let Some(bytes) = file_of(row.sheet) else {
            continue;
        };
        let spr = Spr::decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", row.sheet));
        let kind = row.kind.unwrap();
        let held = coverage(&spr, &cells_of(kind));
        assert!(held >= HELD, "{}: {kind}'s cells hold {held:.3}", row.sheet);
        checked += 1;
    }
    if checked == 0 {
        test_support::skip::<()>(
            TEST,
            "no sheet of the table in FFT_SHEETS, FFT_HD or FFT_UNIT_PSP",
        );
        return;
    }
    // The check can fail: MON's cells miss a tenth of the goblin, a TYPE1 sheet, and OTHER's
    // most of the behemoth.
    if let Some(gob) = file_of("GOB.SPR") {
        let held = coverage(&Spr::decode(&gob).unwrap(), &cells_of("mon"));
        assert!(held < 0.95, "mon on GOB.SPR: {held:.3}");
    }
    if let Some(behi) = file_of("BEHI.SPR") {
        let held = coverage(&Spr::decode(&behi).unwrap(), &cells_of("other"));
        assert!(held < 0.5, "other on BEHI.SPR: {held:.3}");
    }
}

/// Every sheet at hand is a row the check ran on: a sheet the tests are given is never left
/// unchecked.
#[test]
fn every_sheet_at_hand_is_a_checked_row() {
    for row in &SHEET_KINDS {
        if file_of(row.sheet).is_some() && !["CYOKO.SPR", "OTHER.SPR"].contains(&row.sheet) {
            assert!(row.checked, "{} is at hand but not checked", row.sheet);
        }
    }
}

/// The table against the PlayStation's list of BATTLE files (docs/kinds.md "Which kind draws
/// which sheet" cites it): 138 SPR (WEP.SPR among them) and 15 SP2, counted by hand in that
/// list, and the mod loader's 11 War of the Lions sheets.
#[test]
fn the_table_holds_every_sheet_of_the_game_once() {
    let extension = |row: &&SheetKind| sprite_inputs::GameName::parse(row.sheet).extension();
    let count = |ext: &str| {
        SHEET_KINDS
            .iter()
            .filter(|row| extension(row).as_deref() == Some(ext))
            .count()
    };
    assert_eq!((count("SPR"), count("SP2")), (138, 15));
    let psp = SHEET_KINDS
        .iter()
        .filter(|row| row.sheet.starts_with("spr_dst_bchr_"))
        .count();
    assert_eq!(psp, 11);
    assert_eq!(SHEET_KINDS.len(), 138 + 15 + 11);
    for file in BATTLE_FILES
        .iter()
        .filter(|f| matches!(f.name().extension().as_deref(), Some("SPR" | "SP2")))
    {
        let rows: Vec<_> = SHEET_KINDS
            .iter()
            .filter(|row| row.is_named(&file.remaster_name()))
            .collect();
        assert_eq!(rows.len(), 1, "{}", file.disc_name);
    }
    for row in &SHEET_KINDS {
        if let Some(kind) = row.kind {
            assert!(UnitKind::find(kind).is_some(), "{}: {kind}", row.sheet);
        }
        assert_eq!(
            row.kind.is_none(),
            matches!(row.source, Source::Unknown | Source::Layers)
        );
    }
}

#[test]
fn a_sheet_is_looked_up_by_any_form_of_its_name() {
    for name in ["RAMUZA.SPR", "battle_ramuza_spr.bin", "BATTLE/ramuza.spr;1"] {
        assert_eq!(kind_of_sheet(name), Some("type1"), "{name}");
    }
    assert_eq!(kind_of_sheet("battle_behi2_sp2.bin"), Some("mon"));
    assert_eq!(
        sheet_kind("BEHI2.SP2").map(|row| row.source),
        Some(Source::SecondSheet { of: "BEHI.SPR" })
    );
    assert_eq!(kind_of_sheet("VERI.SPR"), Some("ruka"));
    assert_eq!(
        kind_of_sheet("fftpack/unit_psp/spr_dst_bchr_ankoku_m_spr.bin"),
        Some("type1")
    );
    assert_eq!(kind_of_sheet("WEP.SPR"), None);
    assert!(sheet_kind("WEP.SPR").is_some());
    assert_eq!(kind_of_sheet("crono1.png"), None);
    assert_eq!(sheet_kind("TYPE1.SHP"), None);
    assert!(sheets_of_kind("MON").any(|row| row.sheet == "BEHI.SPR"));
}
