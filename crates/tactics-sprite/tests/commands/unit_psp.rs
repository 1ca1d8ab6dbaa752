//! The War of the Lions sheets (`fftpack/unit_psp/spr_dst_bchr_*_spr.bin`) as game files: found
//! by name under `--originals`, placed by `mod add` where the mod loader reads them, checked by
//! `mod check` against their sizes (docs/remaster.md "The War of the Lions units"; the paths and
//! indices are the mod loader's list of game files, `unit_psp\spr_dst_bchr_ankoku_m_spr.bin` at
//! 880).

use crate::common::{expect, run, s};

const DARK_KNIGHT: &str = "spr_dst_bchr_ankoku_m_spr.bin";
const ONION_KNIGHT_W: &str = "spr_dst_bchr_tama_w_spr.bin";

/// `--originals GAME` finds a sheet in `GAME/fftpack/unit_psp/` by its name: the render is the
/// one of the file given by its path.
#[test]
fn originals_find_a_war_of_the_lions_sheet_by_name() {
    let test = "originals_find_a_war_of_the_lions_sheet_by_name";
    let Some(sheet) = test_support::unit_psp_file(test, ONION_KNIGHT_W) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let folder = dir.join("game/fftpack/unit_psp");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(&sheet, folder.join(ONION_KNIGHT_W)).unwrap();
    let shipped = test_support::repo_root().join("fixtures/documents/type1.json");
    let draw = |out: &str, sheet: &str, extra: &[&str]| {
        let out = dir.join(out);
        let mut args = vec![
            "render",
            "--data",
            s(&shipped),
            "--sheet",
            sheet,
            "--frame",
            "5",
        ];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["-o", s(&out)]);
        let printed = expect(&run(&args), 0);
        (printed, std::fs::read(out).unwrap())
    };
    let (_, by_path) = draw("path.png", s(&sheet), &[]);
    let game = dir.join("game");
    let (printed, by_name) = draw("name.png", ONION_KNIGHT_W, &["--originals", s(&game)]);
    assert!(
        printed.contains("fftpack/unit_psp/spr_dst_bchr_tama_w_spr.bin"),
        "{printed}"
    );
    assert_eq!(by_name, by_path);
}

/// `mod add` puts a sheet at `FFTIVC/data/enhanced/fftpack/unit_psp/`, byte for byte; `mod
/// check` passes it at its size and index, and refuses it one byte larger or in `fftpack/unit/`.
#[test]
fn mod_add_places_and_mod_check_checks_a_war_of_the_lions_sheet() {
    let test = "mod_add_places_and_mod_check_checks_a_war_of_the_lions_sheet";
    let Some(sheet) = test_support::unit_psp_file(test, DARK_KNIGHT) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let mod_dir = dir.join("mod");
    expect(
        &run([
            "mod",
            "new",
            s(&mod_dir),
            "--id",
            "test.wotl",
            "--name",
            "W",
        ]),
        0,
    );
    let added = expect(&run(["mod", "add", s(&mod_dir), s(&sheet)]), 0);
    let placed = mod_dir
        .join("FFTIVC/data/enhanced/fftpack/unit_psp")
        .join(DARK_KNIGHT);
    assert!(
        added.contains("-> FFTIVC/data/enhanced/fftpack/unit_psp/spr_dst_bchr_ankoku_m_spr.bin"),
        "{added}"
    );
    assert_eq!(
        std::fs::read(&placed).unwrap(),
        std::fs::read(&sheet).unwrap()
    );
    let checked = expect(&run(["mod", "check", s(&mod_dir)]), 0);
    // 44431 bytes: the file's own size (FFT_UNIT_PSP's copy); 880: the loader's index.
    assert!(
        checked.contains("(index 880), 44431 bytes (the original's 44431)"),
        "{checked}"
    );

    // One byte more than the game reads, and the same sheet in the other folder.
    let mut grown = std::fs::read(&sheet).unwrap();
    grown.push(0);
    std::fs::write(&placed, &grown).unwrap();
    let unit = mod_dir.join("FFTIVC/data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&unit).unwrap();
    std::fs::copy(&sheet, unit.join(DARK_KNIGHT)).unwrap();
    let output = run(["mod", "check", s(&mod_dir)]);
    assert_eq!(output.status.code(), Some(1));
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        printed.contains("44432 bytes, but the game reads at most 44431 bytes"),
        "{printed}"
    );
    assert!(
        printed.contains("the loader reads this file only in fftpack/unit_psp/"),
        "{printed}"
    );
}
