//! `mod add` and `mod check` of Ramza's colours (`charclut.nxd`, docs/mods.md "mod add"): the
//! file is placed at `FFTIVC/data/<mode>/nxd/charclut.nxd` byte for byte and checks clean there
//! (a recolour mod of it alone lacks nothing); bytes that are no CharCLUT are refused naming the
//! file and the offset; `--mode classic` is refused; the file anywhere else is an error of `mod
//! check` saying where it belongs.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s, stdout};
use test_support::cli::assert_exit;
use test_support::{nxd_file, temp_dir};

/// A new mod in a fresh folder.
fn new_mod(test: &str) -> PathBuf {
    let dir = temp_dir(test).join("mod");
    expect(
        &run([
            "mod",
            "new",
            s(&dir),
            "--id",
            "test.green.ramza",
            "--name",
            "Green Ramza",
        ]),
        0,
    );
    dir
}

/// `FFTIVC/data/<mode>/nxd/charclut.nxd` in `dir`, as docs/mods.md "The layout" gives it.
fn nxd(dir: &Path, mode: &str) -> PathBuf {
    dir.join("FFTIVC/data").join(mode).join("nxd/charclut.nxd")
}

#[test]
fn charclut_is_placed_where_the_enhanced_game_reads_it_and_checks_clean() {
    let test = "charclut_is_placed_where_the_enhanced_game_reads_it_and_checks_clean";
    let Some(clut) = nxd_file(test, "charclut.nxd") else {
        return;
    };
    let dir = new_mod(test);
    let text = expect(&run(["mod", "add", s(&dir), s(&clut)]), 0);
    // 16 rows: the research note's count of the real file (five sets of Ramza's chapters and
    // the 255 set).
    assert!(
        text.contains("Ramza's colours (CharCLUT), 16 rows"),
        "{text}"
    );
    assert!(
        text.contains("-> FFTIVC/data/enhanced/nxd/charclut.nxd"),
        "{text}"
    );
    let placed = nxd(&dir, "enhanced");
    assert!(
        std::fs::read(&placed).unwrap() == std::fs::read(&clut).unwrap(),
        "{} is the file given byte for byte",
        placed.display()
    );
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    assert!(report.contains("0 errors, 0 warnings"), "{report}");
    assert!(report.contains("charclut.nxd: Ramza's colours"), "{report}");

    // Combined is read by the enhanced game too; classic never reads it.
    let combined = new_mod(&format!("{test}_combined"));
    expect(
        &run(["mod", "add", s(&combined), s(&clut), "--mode", "combined"]),
        0,
    );
    assert!(nxd(&combined, "combined").is_file());
    let err = expect(
        &run(["mod", "add", s(&combined), s(&clut), "--mode", "classic"]),
        2,
    );
    assert!(err.contains("classic game never reads them"), "{err}");
    assert!(!nxd(&combined, "classic").exists());
}

#[test]
fn a_broken_charclut_is_refused_naming_the_file_and_offset() {
    let test = "a_broken_charclut_is_refused_naming_the_file_and_offset";
    let Some(clut) = nxd_file(test, "charclut.nxd") else {
        return;
    };
    let mut bytes = std::fs::read(&clut).unwrap();
    // Set 1's offset to its row records (at 0x3C from 0x40's view: the word at 0x40), pointed
    // past the end, as the inspect test breaks it.
    bytes[0x40..0x44].copy_from_slice(&0x10_0000u32.to_le_bytes());
    let dir = new_mod(test);
    let broken = dir.parent().unwrap().join("charclut.nxd");
    std::fs::write(&broken, &bytes).unwrap();
    let err = expect(&run(["mod", "add", s(&dir), s(&broken)]), 1);
    assert!(err.contains("charclut.nxd"), "{err}");
    assert!(err.contains("does not decode as NXD CharCLUT"), "{err}");
    assert!(
        err.contains("0x003C") && err.contains("past the end"),
        "{err}"
    );
    assert!(!nxd(&dir, "enhanced").exists(), "nothing placed");

    // The same bytes put in place by hand are an error of mod check.
    std::fs::create_dir_all(nxd(&dir, "enhanced").parent().unwrap()).unwrap();
    std::fs::write(nxd(&dir, "enhanced"), &bytes).unwrap();
    let output = run(["mod", "check", s(&dir)]);
    assert_exit(&output, 1);
    let report = stdout(&output);
    assert!(
        report.contains("charclut.nxd: does not decode as NXD CharCLUT"),
        "{report}"
    );
}

#[test]
fn a_misplaced_charclut_is_told_where_it_belongs() {
    let test = "a_misplaced_charclut_is_told_where_it_belongs";
    let Some(clut) = nxd_file(test, "charclut.nxd") else {
        return;
    };
    let dir = new_mod(test);
    let wrong = dir.join("FFTIVC/data/enhanced/charclut.nxd");
    std::fs::create_dir_all(wrong.parent().unwrap()).unwrap();
    std::fs::copy(&clut, &wrong).unwrap();
    let output = run(["mod", "check", s(&dir)]);
    assert_exit(&output, 1);
    let report = stdout(&output);
    assert!(
        report.contains("put it at FFTIVC/data/enhanced/nxd/charclut.nxd"),
        "{report}"
    );
}
