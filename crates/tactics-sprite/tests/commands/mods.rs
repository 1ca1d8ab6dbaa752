//! `tactics-sprite mod`, from the retail files: a mod of an edited RAMUZA.SPR and a retimed
//! TYPE1.SEQ text is exactly the tree and ModConfig.json docs/mods.md "The layout" names, `mod
//! check` passes it, each of the loader's pitfalls is named by `mod check` and refused by `mod
//! add` (a SEQ larger than its original, a wrong path, the H61 trap), and `serve --originals`
//! over the game files and the mod serves the mod's bytes.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s, stdout};
use crate::serve_support::Server;

/// Palette 0's colour 1 of the edited RAMUZA.SPR: red 31, green 0, blue 0 (docs/formats/spr.md
/// 4.2: red in bits 0-4), which any expansion to 8 bits draws as (255, 0, 0).
const EDITED_COLOUR: u16 = 0x001F;

/// Every file and folder below `dir`, folders with a trailing `/`, in path order.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, at: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(at).unwrap() {
            let path = entry.unwrap().path();
            let relative = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if path.is_dir() {
                out.push(format!("{relative}/"));
                walk(root, &path, out);
            } else {
                out.push(relative);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The files a mod is made from, in a scratch folder: RAMUZA.SPR with palette 0's colour 1 set
/// to [`EDITED_COLOUR`], and TYPE1.SEQ's text form with Walk's first delay made 8 (README.md
/// "Editing the files"), and the game's charclut.nxd the recolour is carried into (the enhanced
/// game colours Ramza from it); `None` after the loud skip.
struct Edited {
    dir: PathBuf,
    charclut: PathBuf,
    ramuza: PathBuf,
    walk_text: PathBuf,
    retail_seq: Vec<u8>,
    edited_spr: Vec<u8>,
}

fn edited_files(test: &str) -> Option<Edited> {
    let ramuza = test_support::sheet(test, "RAMUZA.SPR")?;
    let seq = test_support::retail_file(test, "TYPE1.SEQ")?;
    let charclut = test_support::nxd_file(test, "charclut.nxd")?;
    let dir = test_support::temp_dir(test);
    let mut spr = std::fs::read(&ramuza).unwrap();
    assert_ne!(
        spr[2..4],
        EDITED_COLOUR.to_le_bytes(),
        "the colour is an edit"
    );
    spr[2..4].copy_from_slice(&EDITED_COLOUR.to_le_bytes());
    let edited = dir.join("RAMUZA.SPR");
    std::fs::write(&edited, &spr).unwrap();
    let text = dir.join("type1.seq.txt");
    expect(&run(["disasm", s(&seq), "-o", s(&text)]), 0);
    let written = std::fs::read_to_string(&text).unwrap();
    let walk = test_support::text_form::edit_first_command(&written, 6, "Frame 11 6", "Frame 11 8");
    std::fs::write(&text, walk).unwrap();
    Some(Edited {
        charclut,
        ramuza: edited,
        walk_text: text,
        retail_seq: std::fs::read(&seq).unwrap(),
        edited_spr: spr,
        dir,
    })
}

/// `mod new` and `mod add` of the edited files; the mod's folder.
fn make_mod(edited: &Edited) -> PathBuf {
    let dir = edited.dir.join("fftivc.sprites.ramza_walk");
    let _ = std::fs::remove_dir_all(&dir);
    expect(
        &run([
            "mod",
            "new",
            s(&dir),
            "--id",
            "fftivc.sprites.ramza_walk",
            "--name",
            "Ramza, slower walk",
            "--author",
            "Tester",
        ]),
        0,
    );
    expect(
        &run([
            "mod",
            "add",
            s(&dir),
            s(&edited.ramuza),
            s(&edited.walk_text),
            "--charclut",
            s(&edited.charclut),
        ]),
        0,
    );
    dir
}

const UNIT: &str = "FFTIVC/data/enhanced/fftpack/unit";

#[test]
fn a_mod_of_an_edited_sheet_and_a_retimed_walk_is_the_layout_s() {
    const TEST: &str = "a_mod_of_an_edited_sheet_and_a_retimed_walk_is_the_layout_s";
    let Some(edited) = edited_files(TEST) else {
        return;
    };
    let dir = make_mod(&edited);
    // docs/mods.md "The layout": the description at the root, each file under its remaster
    // name in the enhanced game's fftpack/unit/, and Ramza's recolour in its nxd/charclut.nxd;
    // nothing else (no temporary file left).
    assert_eq!(
        tree(&dir),
        [
            "FFTIVC/",
            "FFTIVC/data/",
            "FFTIVC/data/enhanced/",
            "FFTIVC/data/enhanced/fftpack/",
            "FFTIVC/data/enhanced/fftpack/unit/",
            "FFTIVC/data/enhanced/fftpack/unit/battle_ramuza_spr.bin",
            "FFTIVC/data/enhanced/fftpack/unit/battle_type1_seq.bin",
            "FFTIVC/data/enhanced/nxd/",
            "FFTIVC/data/enhanced/nxd/charclut.nxd",
            "ModConfig.json",
        ]
    );
    // docs/mods.md "ModConfig.json": an asset-only mod's fields, in Reloaded-II's order.
    let expected_config = r#"{
  "ModId": "fftivc.sprites.ramza_walk",
  "ModName": "Ramza, slower walk",
  "ModAuthor": "Tester",
  "ModVersion": "1.0.0",
  "ModDescription": "",
  "ModDll": "",
  "IsLibrary": false,
  "ModDependencies": [
    "fftivc.utility.modloader"
  ],
  "SupportedAppId": [
    "fft_enhanced.exe",
    "fft_classic.exe"
  ]
}
"#;
    assert_eq!(
        std::fs::read_to_string(dir.join("ModConfig.json")).unwrap(),
        expected_config
    );
    // The sheet as edited; the SEQ the retail one but for the one delay byte, 6 made 8.
    let unit = dir.join(UNIT);
    assert!(std::fs::read(unit.join("battle_ramuza_spr.bin")).unwrap() == edited.edited_spr);
    let seq = std::fs::read(unit.join("battle_type1_seq.bin")).unwrap();
    assert_eq!(seq.len(), edited.retail_seq.len());
    let differing: Vec<(u8, u8)> = edited
        .retail_seq
        .iter()
        .zip(&seq)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (*a, *b))
        .collect();
    assert_eq!(differing, [(6, 8)]);

    let checked = expect(&run(["mod", "check", s(&dir)]), 0);
    for line in [
        format!(
            "ok      {UNIT}/battle_ramuza_spr.bin: RAMUZA.SPR (index 158), 43354 bytes (the original's 43354): modified (sha256 matches no retail file)"
        ),
        format!(
            "ok      {UNIT}/battle_type1_seq.bin: TYPE1.SEQ (index 53), 6754 bytes (the original's 6754): modified (sha256 matches no retail file)"
        ),
    ] {
        assert!(checked.lines().any(|l| l == line), "{line}\nin\n{checked}");
    }
    assert!(
        checked.ends_with(
            // The description, the two files and charclut.nxd: four entries listed.
            "checked 4 entries (2 sprite files in their place): 0 errors, 0 warnings; the loader loads every file as placed\n"
        ),
        "{checked}"
    );
    let listed = expect(&run(["mod", "ls", s(&dir)]), 0);
    assert!(
        listed.contains("\nRAMUZA\n  RAMUZA.SPR   the sprite sheet"),
        "{listed}"
    );
    assert!(
        listed.contains("\nTYPE1\n  TYPE1.SEQ    the animations of kind type1"),
        "{listed}"
    );

    // Adding the same again is refused: nothing is overwritten without --replace.
    let before = tree(&dir);
    let again = expect(&run(["mod", "add", s(&dir), s(&edited.ramuza)]), 1);
    assert!(
        again.contains("battle_ramuza_spr.bin: already in the mod; give --replace"),
        "{again}"
    );
    let replaced = expect(
        &run(["mod", "add", s(&dir), s(&edited.ramuza), "--replace"]),
        0,
    );
    assert!(replaced.starts_with("replaced "), "{replaced}");
    assert_eq!(tree(&dir), before);
    std::fs::remove_dir_all(&edited.dir).unwrap();
}

/// The three pitfalls docs/mods.md names, each planted in a mod (named by `mod check`, exit 1)
/// and offered to `mod add` (refused, nothing written).
#[test]
fn an_oversized_seq_a_wrong_path_and_the_h61_trap_are_named_and_refused() {
    const TEST: &str = "an_oversized_seq_a_wrong_path_and_the_h61_trap_are_named_and_refused";
    let Some(edited) = edited_files(TEST) else {
        return;
    };
    let dir = make_mod(&edited);
    let seq = test_support::retail_file(TEST, "TYPE1.SEQ").unwrap();

    // Refused by mod add, the tree unchanged after each.
    let before = tree(&dir);
    let refusals = [
        // TYPE1.SEQ (6754 bytes) as TYPE2.SEQ, whose original is 6545 bytes.
        (
            vec!["--as", "TYPE2.SEQ", s(&seq)],
            1,
            "the new file is 6754 bytes, but the game reads at most 6545 bytes for it (the size of the original TYPE2.SEQ); a file cannot grow past its original's size",
        ),
        // A name the game has no file for, and a path given as the name.
        (
            vec!["--as", "TYPE9.SEQ", s(&seq)],
            1,
            "the game has no file named TYPE9.SEQ (nearest: TYPE1.SEQ",
        ),
        (
            vec!["--as", "enhanced/unit/battle_type1_seq.bin", s(&seq)],
            2,
            "give the game file's name (RAMUZA.SPR or battle_ramuza_spr.bin); mod add chooses its place",
        ),
        // The sheet as H61.SPR: the loader would serve it as BARUNA.SPR.
        (
            vec!["--as", "H61.SPR", s(&edited.ramuza)],
            1,
            "names battle_h61_spr.bin twice, at index 83 (BARUNA.SPR's) and 110, and keeps the first: this file would replace BARUNA.SPR in the game, not H61.SPR",
        ),
        (
            vec!["--as", "battle_baruna_spr.bin", s(&edited.ramuza)],
            1,
            "has no battle_baruna_spr.bin (its index 83 is listed as battle_h61_spr.bin)",
        ),
    ];
    for (args, code, words) in refusals {
        let mut all = vec!["mod", "add", s(&dir)];
        all.extend(&args);
        let err = expect(&run(&all), code);
        assert!(err.contains(words), "{args:?}: {err}");
        assert_eq!(tree(&dir), before, "{args:?} wrote something");
    }

    // Planted by hand: mod check names each, and exits 1.
    let unit = dir.join(UNIT);
    std::fs::copy(&seq, unit.join("battle_type2_seq.bin")).unwrap();
    let wrong = dir.join("FFTIVC/data/enhanced/unit");
    std::fs::create_dir_all(&wrong).unwrap();
    std::fs::copy(&seq, wrong.join("battle_type1_seq.bin")).unwrap();
    std::fs::copy(&edited.ramuza, unit.join("battle_h61_spr.bin")).unwrap();
    let output = run(["mod", "check", s(&dir)]);
    test_support::cli::assert_exit(&output, 1);
    let checked = stdout(&output);
    for line in [
        format!("error   {UNIT}/battle_type2_seq.bin: the new file is 6754 bytes, but the game reads at most 6545 bytes for it (the size of the original TYPE2.SEQ); a file cannot grow past its original's size"),
        "error   FFTIVC/data/enhanced/unit/battle_type1_seq.bin: the loader reads sprite files only in fftpack/unit/: put it at FFTIVC/data/enhanced/fftpack/unit/battle_type1_seq.bin".to_owned(),
        format!("error   {UNIT}/battle_h61_spr.bin: the mod loader's list (fftivc.utility.modloader 1.7.1) names battle_h61_spr.bin twice, at index 83 (BARUNA.SPR's) and 110, and keeps the first: this file would replace BARUNA.SPR in the game, not H61.SPR"),
    ] {
        assert!(checked.lines().any(|l| l == line), "{line}\nin\n{checked}");
    }
    assert!(
        // The description, the two files made, charclut.nxd and the four planted (one out of
        // its place).
        checked.ends_with("checked 7 entries (4 sprite files in their place): 3 errors, 0 warnings; the loader would not load this mod as meant\n"),
        "{checked}"
    );
    std::fs::remove_dir_all(&edited.dir).unwrap();
}

/// `serve --originals GAME --originals MOD`: the TYPE1 document is built with the mod's SEQ (its
/// Walk's first tick 8, where the retail file's is 6) and drawn from the mod's sheet (palette 0's
/// colour 1 the edited red).
#[test]
fn serve_over_the_game_files_and_the_mod_serves_the_mod_s_bytes() {
    const TEST: &str = "serve_over_the_game_files_and_the_mod_serves_the_mod_s_bytes";
    let Some(edited) = edited_files(TEST) else {
        return;
    };
    let (Some(originals), Some(sheets)) =
        (test_support::originals(TEST), test_support::sheets(TEST))
    else {
        return;
    };
    let dir = make_mod(&edited);
    let server = Server::start(
        &[
            "--originals",
            s(&originals),
            "--originals",
            s(&sheets),
            "--originals",
            s(&dir),
        ],
        &[],
    );
    let type1 = server
        .banner
        .iter()
        .find(|l| l.trim_start().starts_with("type1 "))
        .unwrap_or_else(|| panic!("{:#?}", server.banner));
    assert!(type1.contains("battle_type1_seq.bin (modified)"), "{type1}");

    let data = server.get("/api/v1/data?kind=type1");
    assert_eq!(data.status, 200);
    let document = data.json();
    assert_eq!(
        document["sequences"][6]["ticks"][0], 8,
        "Walk's first delay, retimed"
    );

    let sheet = server.get("/api/v1/sheet.png?kind=type1");
    assert_eq!(sheet.status, 200);
    let decoder = png::Decoder::new(std::io::Cursor::new(sheet.body));
    let reader = decoder.read_info().unwrap();
    let palette = reader
        .info()
        .palette
        .as_ref()
        .expect("an indexed sheet")
        .to_vec();
    assert_eq!(
        palette[3..6],
        [255, 0, 0],
        "palette 0's colour 1, as edited"
    );
    server.terminate();
    std::fs::remove_dir_all(&edited.dir).unwrap();
}
