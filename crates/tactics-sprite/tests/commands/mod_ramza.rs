//! A recolour of Ramza in a mod (docs/mods.md "Ramza's colours"): `mod add` of a RAMUZA.SPR whose
//! palette 0 was repainted writes the repainted colours into the mod's `charclut.nxd` (the game's
//! file with row (1, 0) changed in exactly those colours, each 5-bit channel times 8), which
//! `mod check` passes; without a `charclut.nxd` to start from it is refused in one line; and
//! `mod check` warns of a repainted RAMUZA.SPR whose colours the mod's CharCLUT does not hold.
//!
//! The expected rows are read straight from the bytes at the places docs/formats/nxd.md gives
//! (the 16 colour tables back to back from 0x379, 48 bytes each; row (1, 0) the first), and the
//! expected colours computed by hand from the 5-bit values painted.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s, stderr, stdout};
use test_support::cli::assert_exit;
use test_support::{hd_file, nxd_file, sheet, temp_dir};

/// Where the colour tables start in the game's charclut.nxd, and their length.
const TABLES_AT: usize = 0x379;
const TABLE_LEN: usize = 48;

/// Palette 0's colours 3-6 (Ramza's tunic) repainted green, as 5-bit (red, green, blue).
const GREEN: [(usize, [u16; 3]); 4] = [
    (3, [2, 10, 3]),
    (4, [4, 16, 5]),
    (5, [6, 22, 7]),
    (6, [10, 28, 12]),
];

/// The same colours as CharCLUT holds them: each channel times 8, worked out by hand.
const GREEN_RGB888: [(usize, [u8; 3]); 4] = [
    (3, [16, 80, 24]),
    (4, [32, 128, 40]),
    (5, [48, 176, 56]),
    (6, [80, 224, 96]),
];

/// A new mod in a fresh folder.
fn new_mod(dir: &Path) {
    expect(
        &run([
            "mod",
            "new",
            s(dir),
            "--id",
            "test.green.ramza",
            "--name",
            "Green Ramza",
        ]),
        0,
    );
}

/// RAMUZA.SPR with palette 0's colours 3-6 repainted ([`GREEN`]): the palettes are the file's
/// first 512 bytes, 16 words of 16 colours each, red in the low 5 bits.
fn repainted_ramza(ramza: &Path, out: &Path) {
    let mut bytes = std::fs::read(ramza).unwrap();
    for (i, [r, g, b]) in GREEN {
        let word = r | (g << 5) | (b << 10);
        bytes[i * 2..i * 2 + 2].copy_from_slice(&word.to_le_bytes());
    }
    std::fs::write(out, bytes).unwrap();
}

/// The 16 colour tables of a charclut.nxd, from its bytes.
fn tables(bytes: &[u8]) -> Vec<&[u8]> {
    (0..16)
        .map(|k| &bytes[TABLES_AT + k * TABLE_LEN..TABLES_AT + (k + 1) * TABLE_LEN])
        .collect()
}

/// A game folder as the remaster lays it out, for `--originals`: the retail RAMUZA.SPR and
/// `nxd/charclut.nxd`.
fn game_folder(root: &Path, ramza: &Path, clut: Option<&Path>) -> PathBuf {
    let game = root.join("game");
    std::fs::create_dir_all(game.join("nxd")).unwrap();
    std::fs::copy(ramza, game.join("battle_ramuza_spr.bin")).unwrap();
    if let Some(clut) = clut {
        std::fs::copy(clut, game.join("nxd/charclut.nxd")).unwrap();
    }
    game
}

#[test]
fn a_repainted_ramza_writes_exactly_the_changed_charclut_colours() {
    let test = "a_repainted_ramza_writes_exactly_the_changed_charclut_colours";
    let (Some(clut), Some(ramza), Some(upper), Some(lower)) = (
        nxd_file(test, "charclut.nxd"),
        sheet(test, "RAMUZA.SPR"),
        hd_file(test, "tex_992.bin"),
        hd_file(test, "tex_993.bin"),
    ) else {
        return;
    };
    let root = temp_dir(test);
    let game = game_folder(&root, &ramza, Some(&clut));
    let dir = root.join("mod");
    new_mod(&dir);
    let green = root.join("RAMUZA.SPR");
    repainted_ramza(&ramza, &green);
    // The squire's pair, repainted too: one byte of each half's pixels changed. It is no Ramza
    // pair, so it changes no CharCLUT row.
    let squire = root.join("squire");
    std::fs::create_dir_all(&squire).unwrap();
    for (from, name) in [(&upper, "tex_992.bin"), (&lower, "tex_993.bin")] {
        let mut bytes = std::fs::read(from).unwrap();
        let at = bytes.len() / 2;
        bytes[at] ^= 0x11;
        std::fs::write(squire.join(name), bytes).unwrap();
    }

    let text = expect(
        &run([
            "mod",
            "add",
            s(&dir),
            s(&green),
            s(&squire.join("tex_992.bin")),
            s(&squire.join("tex_993.bin")),
            "--originals",
            s(&game),
        ]),
        0,
    );
    assert!(
        text.contains("RAMUZA.SPR palette 0 -> CharCLUT row (1, 0): colours 3, 4, 5, 6 written"),
        "{text}"
    );
    assert!(
        text.contains("-> FFTIVC/data/enhanced/nxd/charclut.nxd"),
        "{text}"
    );

    let placed = std::fs::read(dir.join("FFTIVC/data/enhanced/nxd/charclut.nxd")).unwrap();
    let game_bytes = std::fs::read(&clut).unwrap();
    assert_eq!(
        placed.len(),
        game_bytes.len(),
        "the same layout, rows only recoloured"
    );
    assert_eq!(
        placed[..TABLES_AT],
        game_bytes[..TABLES_AT],
        "every byte before the colour tables is the game's"
    );
    let (placed_rows, game_rows) = (tables(&placed), tables(&game_bytes));
    for k in 1..16 {
        assert_eq!(placed_rows[k], game_rows[k], "row {k} is the game's");
    }
    let mut expected = game_rows[0].to_vec();
    for (i, rgb) in GREEN_RGB888 {
        expected[i * 3..i * 3 + 3].copy_from_slice(&rgb);
    }
    assert_eq!(
        placed_rows[0],
        &expected[..],
        "row (1, 0): colours 3-6 green"
    );
    assert_ne!(placed_rows[0], game_rows[0]);

    let report = expect(&run(["mod", "check", s(&dir), "--originals", s(&game)]), 0);
    assert!(report.contains("0 errors, 0 warnings"), "{report}");
    assert!(
        report.contains("rows differing from the game's: (1, 0) (against"),
        "{report}"
    );
    // Without the game's file to compare with, the rows are not told, and nothing is wrong.
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    assert!(report.contains("0 errors, 0 warnings"), "{report}");
}

#[test]
fn a_repainted_ramza_without_charclut_is_refused_in_one_line() {
    let test = "a_repainted_ramza_without_charclut_is_refused_in_one_line";
    let Some(ramza) = sheet(test, "RAMUZA.SPR") else {
        return;
    };
    let root = temp_dir(test);
    let game = game_folder(&root, &ramza, None);
    let dir = root.join("mod");
    new_mod(&dir);
    let green = root.join("RAMUZA.SPR");
    repainted_ramza(&ramza, &green);
    let output = run(["mod", "add", s(&dir), s(&green), "--originals", s(&game)]);
    assert_exit(&output, 1);
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("RAMUZA.SPR"), "{err}");
    assert!(err.contains("charclut.nxd"), "{err}");
    assert!(err.contains("--charclut FILE"), "{err}");
    assert!(
        !dir.join("FFTIVC").exists(),
        "nothing is placed when one file is refused"
    );

    // The classic game colours Ramza from his SPR: placed there, nothing else needed.
    expect(
        &run([
            "mod",
            "add",
            s(&dir),
            s(&green),
            "--originals",
            s(&game),
            "--mode",
            "classic",
        ]),
        0,
    );
    assert!(!dir.join("FFTIVC/data/classic/nxd").exists());
}

#[test]
fn mod_check_warns_of_a_repainted_ramza_the_charclut_does_not_hold() {
    let test = "mod_check_warns_of_a_repainted_ramza_the_charclut_does_not_hold";
    let (Some(clut), Some(ramza)) = (nxd_file(test, "charclut.nxd"), sheet(test, "RAMUZA.SPR"))
    else {
        return;
    };
    let root = temp_dir(test);
    let dir = root.join("mod");
    new_mod(&dir);
    let green = root.join("RAMUZA.SPR");
    repainted_ramza(&ramza, &green);
    // Put in place by hand, as a modder would copy it: no charclut.nxd.
    let unit = dir.join("FFTIVC/data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&unit).unwrap();
    std::fs::copy(&green, unit.join("battle_ramuza_spr.bin")).unwrap();
    // The retail RAMUZA.SPR the recolour is told against, named: the command's default
    // ($FFT_SHEETS) is the caller's environment, which may name it relative to another folder.
    let retail = ramza.parent().unwrap();
    let output = run(["mod", "check", s(&dir), "--originals", s(retail)]);
    assert_exit(&output, 0);
    let report = stdout(&output);
    let warning = report
        .lines()
        .find(|l| l.starts_with("warning") && l.contains("battle_ramuza_spr.bin"))
        .unwrap_or_else(|| panic!("no warning on the SPR:\n{report}"));
    assert!(warning.contains("palette 0"), "{warning}");
    assert!(warning.contains("colours 3, 4, 5, 6"), "{warning}");
    assert!(warning.contains("no nxd/charclut.nxd"), "{warning}");

    // The game's charclut.nxd, unchanged, beside it: the row does not hold the recolour either.
    let nxd = dir.join("FFTIVC/data/enhanced/nxd");
    std::fs::create_dir_all(&nxd).unwrap();
    std::fs::copy(&clut, nxd.join("charclut.nxd")).unwrap();
    let report = expect(&run(["mod", "check", s(&dir), "--originals", s(retail)]), 0);
    let warning = report
        .lines()
        .find(|l| l.starts_with("warning") && l.contains("battle_ramuza_spr.bin"))
        .unwrap_or_else(|| panic!("no warning on the SPR:\n{report}"));
    assert!(warning.contains("row (1, 0)"), "{warning}");
    assert!(warning.contains("colours 3, 4, 5, 6"), "{warning}");
}

/// A mod that holds `charclut.nxd` for the enhanced game already: a repainted RAMUZA.SPR added
/// `--mode combined` updates that file (the enhanced game reads both folders, and two copies
/// would be a conflict for the mod loader), and no combined copy is written; the other way
/// round likewise.
#[test]
fn a_repainted_ramza_updates_the_charclut_the_mod_has_whatever_the_mode() {
    let test = "a_repainted_ramza_updates_the_charclut_the_mod_has_whatever_the_mode";
    let (Some(clut), Some(ramza)) = (nxd_file(test, "charclut.nxd"), sheet(test, "RAMUZA.SPR"))
    else {
        return;
    };
    let root = temp_dir(test);
    let game = game_folder(&root, &ramza, Some(&clut));
    let green = root.join("RAMUZA.SPR");
    repainted_ramza(&ramza, &green);
    for (has, added) in [("enhanced", "combined"), ("combined", "enhanced")] {
        let dir = root.join(format!("mod-{has}"));
        new_mod(&dir);
        expect(&run(["mod", "add", s(&dir), s(&clut), "--mode", has]), 0);
        let own = dir.join(format!("FFTIVC/data/{has}/nxd/charclut.nxd"));
        let text = expect(
            &run([
                "mod",
                "add",
                s(&dir),
                s(&green),
                "--mode",
                added,
                "--originals",
                s(&game),
            ]),
            0,
        );
        assert!(
            text.contains(&format!("-> FFTIVC/data/{has}/nxd/charclut.nxd")),
            "{text}"
        );
        assert!(
            !dir.join(format!("FFTIVC/data/{added}/nxd/charclut.nxd"))
                .exists(),
            "a second charclut.nxd under {added}/"
        );
        // The mod's own file holds the green row (1, 0), the rest the game's.
        let placed = std::fs::read(&own).unwrap();
        let game_bytes = std::fs::read(&clut).unwrap();
        let mut expected = tables(&game_bytes)[0].to_vec();
        for (i, rgb) in GREEN_RGB888 {
            expected[i * 3..i * 3 + 3].copy_from_slice(&rgb);
        }
        assert_eq!(tables(&placed)[0], &expected[..], "{has}: row (1, 0) green");
        assert_eq!(tables(&placed)[1..], tables(&game_bytes)[1..]);
        let report = expect(&run(["mod", "check", s(&dir), "--originals", s(&game)]), 0);
        assert!(report.contains("0 errors, 0 warnings"), "{report}");
    }
}
