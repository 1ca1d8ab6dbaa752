//! A path typed with a folder is the file it names (docs/disc.md "How a name is looked up"):
//! with `--originals GAME` or `--disc IMAGE`, `out/x.bin`, `./TYPE1.SEQ` and an absolute path
//! are read from the disk even when the game holds a file of the same name, in every command that
//! takes names (`diff`, `build`, `render`, `inspect`, `sheet`); a bare name is still the game's;
//! a path with a folder that is not there is refused naming it, never swapped for the game's.
//! The game files are copied into a folder made at test time; nothing is written elsewhere.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{expect, run, s};
use crate::disc_inputs::walk_first_delay;
use test_support::fixtures;

/// The byte of an SPR that holds pixels 176 and 177 of row 0: after the 16 palettes of 16
/// colours of 2 bytes (0x200 bytes), each row is 256 pixels of 4 bits, 128 bytes
/// (docs/formats/spr.md), so byte 0x200 + 88 holds columns 176 and 177.
const ROW_0_COLUMNS_176_177: usize = 0x200 + 88;

/// The binary run in `dir`, for paths typed relative to it.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A game folder of TYPE1's pair and RAMUZA.SPR, and an edited copy of each under `edited/`
/// with the game's names: TYPE1.SEQ with Walk's first delay 8, RAMUZA.SPR (as
/// `battle_ramuza_spr.bin`) with both pixels of one byte changed. `(dir, game, edited)`.
fn game_and_edits(test: &str) -> Option<(PathBuf, PathBuf, PathBuf)> {
    let shp = test_support::retail_file(test, "TYPE1.SHP")?;
    let seq = test_support::retail_file(test, "TYPE1.SEQ")?;
    let ramuza = test_support::sheet(test, "RAMUZA.SPR")?;
    let dir = test_support::temp_dir(test);
    let (game, edited) = (dir.join("game"), dir.join("edited"));
    std::fs::create_dir_all(&game).unwrap();
    std::fs::create_dir_all(&edited).unwrap();
    for (from, name) in [
        (&shp, "TYPE1.SHP"),
        (&seq, "TYPE1.SEQ"),
        (&ramuza, "RAMUZA.SPR"),
    ] {
        std::fs::copy(from, game.join(name)).unwrap();
    }
    let mut seq_bytes = std::fs::read(&seq).unwrap();
    seq_bytes[walk_first_delay(&game)] = 8;
    std::fs::write(edited.join("TYPE1.SEQ"), seq_bytes).unwrap();
    let mut sheet = std::fs::read(&ramuza).unwrap();
    sheet[ROW_0_COLUMNS_176_177] ^= 0xFF;
    std::fs::write(edited.join("battle_ramuza_spr.bin"), sheet).unwrap();
    Some((dir, game, edited))
}

/// The file a command wrote at `out`, after it succeeded.
fn written(output: &Output, out: &Path) -> Vec<u8> {
    expect(output, 0);
    std::fs::read(out).unwrap_or_else(|e| panic!("{}: {e}", out.display()))
}

#[test]
fn diff_of_a_game_name_and_an_edited_path_reports_the_edit() {
    let test = "diff_of_a_game_name_and_an_edited_path_reports_the_edit";
    let Some((dir, game, _)) = game_and_edits(test) else {
        return;
    };
    for typed in [
        "edited/battle_ramuza_spr.bin",
        "./edited/battle_ramuza_spr.bin",
        // The other form of the name in the folder typed is found there, as on disk alone.
        "edited/RAMUZA.SPR",
    ] {
        let output = run_in(
            &dir,
            &["diff", "RAMUZA.SPR", typed, "--originals", s(&game)],
        );
        let printed = String::from_utf8(output.stdout.clone()).unwrap();
        test_support::cli::assert_exit(&output, 1);
        assert!(
            printed.contains(&format!("A  {}", game.join("RAMUZA.SPR").display())),
            "{typed}: {printed}"
        );
        assert!(
            printed
                .lines()
                .any(|l| l.starts_with("B  edited/battle_ramuza_spr.bin")
                    || l.starts_with("B  ./edited/battle_ramuza_spr.bin")),
            "{typed}: B is the file typed: {printed}"
        );
        assert!(
            printed.contains("2 of 124928 changed, within columns 176..=177, rows 0..=0"),
            "{typed}: the two pixels of the byte changed: {printed}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn build_render_inspect_and_sheet_read_the_path_typed() {
    let test = "build_render_inspect_and_sheet_read_the_path_typed";
    let Some((dir, game, edited)) = game_and_edits(test) else {
        return;
    };
    let out = |name: &str| dir.join(name);
    let originals = ["--originals", s(&game)];

    // build: the edited SEQ typed with a folder, relative or absolute, over the game's SHP; the
    // same document as from the two files named without --originals.
    let expected = written(
        &run([
            "build",
            "--shp",
            s(&game.join("TYPE1.SHP")),
            "--seq",
            s(&edited.join("TYPE1.SEQ")),
            "-o",
            s(&out("loose.json")),
        ]),
        &out("loose.json"),
    );
    let from_game = written(
        &run([
            "build",
            originals[0],
            originals[1],
            "-o",
            s(&out("game.json")),
        ]),
        &out("game.json"),
    );
    assert!(from_game != expected, "the edit changes the document");
    let absolute = edited.join("TYPE1.SEQ");
    for seq in ["edited/TYPE1.SEQ", "./edited/TYPE1.SEQ", s(&absolute)] {
        let built = written(
            &run_in(
                &dir,
                &[
                    "build",
                    "--seq",
                    seq,
                    originals[0],
                    originals[1],
                    "-o",
                    s(&out("typed.json")),
                ],
            ),
            &out("typed.json"),
        );
        assert!(built == expected, "build --seq {seq}: not the edited SEQ");
    }

    // render: the edited sheet by its absolute path, named in the sheet line.
    let sheet = edited.join("battle_ramuza_spr.bin");
    let doc = fixtures::document("type1");
    let render = |sheet: &str, with: &[&str], png: &Path| -> (String, Vec<u8>) {
        let mut args = vec!["render", "--data", s(&doc), "--sheet", sheet];
        args.extend(with);
        args.extend(["--frame", "10", "-o", s(png)]);
        let printed = expect(&run(&args), 0);
        (printed, std::fs::read(png).unwrap())
    };
    let (_, expected) = render(s(&sheet), &[], &out("loose.png"));
    let (printed, picture) = render(s(&sheet), &originals, &out("typed.png"));
    assert!(
        printed.contains(&format!("sheet   {} ", sheet.display())),
        "{printed}"
    );
    assert!(picture == expected, "render --sheet: not the edited sheet");

    // inspect: the file typed, by its name and its bytes.
    let said = expect(
        &run_in(
            &dir,
            &[
                "inspect",
                "--json",
                "edited/TYPE1.SEQ",
                originals[0],
                originals[1],
            ],
        ),
        0,
    );
    let value: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert_eq!(value["file"], "edited/TYPE1.SEQ", "{said}");
    assert_eq!(
        value["retail"],
        serde_json::Value::Null,
        "the edited SEQ is no retail file"
    );

    // sheet: the edited sheet's picture, as without --originals.
    let expected = written(
        &run(["sheet", s(&sheet), "-o", s(&out("loose-sheet.png"))]),
        &out("loose-sheet.png"),
    );
    let picture = written(
        &run_in(
            &dir,
            &[
                "sheet",
                "export",
                "edited/battle_ramuza_spr.bin",
                originals[0],
                originals[1],
                "-o",
                s(&out("typed-sheet.png")),
            ],
        ),
        &out("typed-sheet.png"),
    );
    assert!(picture == expected, "sheet export: not the edited sheet");

    // A bare name is still the game's.
    let said = expect(
        &run_in(
            &dir,
            &["inspect", "--json", "TYPE1.SEQ", originals[0], originals[1]],
        ),
        0,
    );
    let value: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert_eq!(value["retail"], "TYPE1.SEQ", "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_typed_path_that_is_not_there_is_refused_naming_it() {
    let test = "a_typed_path_that_is_not_there_is_refused_naming_it";
    let Some((dir, game, _)) = game_and_edits(test) else {
        return;
    };
    for args in [
        &["inspect", "nowhere/TYPE1.SEQ"][..],
        &["disasm", "./nowhere/TYPE1.SEQ", "-o", "x.txt"],
        &["diff", "RAMUZA.SPR", "nowhere/RAMUZA.SPR"],
    ] {
        let mut args = args.to_vec();
        args.extend(["--originals", s(&game)]);
        let output = run_in(&dir, &args);
        let said = String::from_utf8(output.stderr.clone()).unwrap();
        assert_ne!(output.status.code(), Some(0), "{args:?}: {said}");
        let typed = args.iter().find(|a| a.contains("nowhere/")).unwrap();
        assert!(
            said.contains(&format!(
                "{typed}: no such file (a path with a folder is read"
            )),
            "{args:?}: {said}"
        );
        assert!(said.contains("--originals"), "{args:?}: {said}");
    }
    assert!(!dir.join("x.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With `--disc`, `BATTLE/RAMUZA.SPR` is the sheet on disk when the working folder has one
/// there (a copy extracted and edited), else the image's path; the bare name is the image's.
#[test]
fn with_a_disc_a_path_typed_with_a_folder_is_the_disk_s() {
    let test = "with_a_disc_a_path_typed_with_a_folder_is_the_disk_s";
    let Some(ramuza) = test_support::sheet(test, "RAMUZA.SPR") else {
        return;
    };
    let Some((images, _)) = test_support::disc::images(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    std::fs::create_dir_all(dir.join("BATTLE")).unwrap();
    let mut sheet = std::fs::read(&ramuza).unwrap();
    sheet[ROW_0_COLUMNS_176_177] ^= 0xFF;
    std::fs::write(dir.join("BATTLE/RAMUZA.SPR"), &sheet).unwrap();
    let disc = ["--disc", s(&images.cooked)];
    let file_read = |typed: &str| -> serde_json::Value {
        let said = expect(
            &run_in(&dir, &["inspect", "--json", typed, disc[0], disc[1]]),
            0,
        );
        serde_json::from_str::<serde_json::Value>(&said).unwrap()["file"].clone()
    };
    let image_s = format!("{}:BATTLE/RAMUZA.SPR", images.cooked.display());
    assert_eq!(file_read("BATTLE/RAMUZA.SPR"), "BATTLE/RAMUZA.SPR");
    assert_eq!(file_read("./BATTLE/RAMUZA.SPR"), "./BATTLE/RAMUZA.SPR");
    assert_eq!(file_read("RAMUZA.SPR"), image_s.as_str(), "the bare name");
    // No such folder on disk (its case differs): the image's path.
    assert_eq!(file_read("battle/ramuza.spr"), image_s.as_str());
    let output = run_in(
        &dir,
        &["diff", "RAMUZA.SPR", "BATTLE/RAMUZA.SPR", disc[0], disc[1]],
    );
    test_support::cli::assert_exit(&output, 1);
    let printed = String::from_utf8(output.stdout).unwrap();
    assert!(
        printed.contains("2 of 124928 changed, within columns 176..=177, rows 0..=0"),
        "{printed}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
