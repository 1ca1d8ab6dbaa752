//! The remaster's HD names found like every name (docs/remaster.md, docs/mods.md "Reading a
//! mod: --originals"): with `--originals GAME`, where GAME is laid out as the remaster's data
//! (the SPRs under `fftpack/unit/`, the tex files under `system/ffto/g2d/`), `sheet export` and
//! `inspect` of `tex_992.bin` find the pair and its SPR there, and `--palettes-from` and
//! `--like` names are looked up there as for an SPR. The folder is laid out at test time from
//! `FFT_HD`; nothing is written elsewhere.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{expect, run, s};

/// Where the remaster's mod loader reads each kind of file, from a mod's root (docs/mods.md).
const UNIT: &str = "FFTIVC/data/enhanced/fftpack/unit";
const G2D: &str = "FFTIVC/data/enhanced/system/ffto/g2d";

/// A folder holding `game/`, laid out as the remaster's: the squire's pair (tex 992/993) under
/// its HD sheet folder, its SPR and the knight's under its unit folder; and `flat/`, the pair
/// and the squire's SPR side by side, as the commands read them without `--originals`.
fn remaster_and_flat(test: &str) -> Option<(PathBuf, PathBuf, PathBuf)> {
    let upper = test_support::hd_file(test, "tex_992.bin")?;
    let lower = test_support::hd_file(test, "tex_993.bin")?;
    let squire = test_support::hd_file(test, "battle_mina_m_spr.bin")?;
    let knight = test_support::hd_file(test, "battle_knight_m_spr.bin")?;
    let dir = test_support::temp_dir(test);
    let (game, flat) = (dir.join("game"), dir.join("flat"));
    for folder in [game.join(UNIT), game.join(G2D), flat.clone()] {
        std::fs::create_dir_all(folder).unwrap();
    }
    let copy = |from: &Path, to: &Path| {
        std::fs::copy(from, to.join(from.file_name().unwrap())).unwrap();
    };
    for file in [&upper, &lower] {
        copy(file, &game.join(G2D));
        copy(file, &flat);
    }
    copy(&squire, &game.join(UNIT));
    copy(&knight, &game.join(UNIT));
    copy(&squire, &flat);
    Some((dir, game, flat))
}

/// The binary run in `dir`, so that a bare name is not a file in the working folder.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn written(output: &Output, out: &Path) -> (String, Vec<u8>) {
    let printed = expect(output, 0);
    (printed, std::fs::read(out).unwrap())
}

#[test]
fn sheet_export_of_a_bare_tex_name_finds_the_pair_and_its_spr_in_the_originals() {
    let test = "sheet_export_of_a_bare_tex_name_finds_the_pair_and_its_spr_in_the_originals";
    let Some((dir, game, flat)) = remaster_and_flat(test) else {
        return;
    };
    let out = |name: &str| dir.join(name);
    // Beside each other, as without --originals: what the same pair and SPR give.
    let (_, expected) = written(
        &run([
            "sheet",
            "export",
            s(&flat.join("tex_992.bin")),
            "-o",
            s(&out("flat.png")),
        ]),
        &out("flat.png"),
    );
    let spr_in_game = game.join(UNIT).join("battle_mina_m_spr.bin");
    let (printed, picture) = written(
        &run_in(
            &dir,
            &[
                "sheet",
                "export",
                "tex_992.bin",
                "--originals",
                s(&game),
                "-o",
                s(&out("game.png")),
            ],
        ),
        &out("game.png"),
    );
    assert!(
        picture == expected,
        "not the pair and SPR of the flat folder"
    );
    let g2d = game.join(G2D);
    assert!(
        printed.contains(&format!(
            "sheet   {} + {}",
            g2d.join("tex_992.bin").display(),
            g2d.join("tex_993.bin").display()
        )),
        "{printed}"
    );
    assert!(
        printed.contains(&format!(
            "{} (mina_m's SPR by the HD table, in ",
            spr_in_game.display()
        )),
        "{printed}"
    );

    // A pair typed by its path, its SPR not beside it: the SPR from the originals.
    std::fs::remove_file(flat.join("battle_mina_m_spr.bin")).unwrap();
    let (printed, picture) = written(
        &run([
            "sheet",
            "export",
            s(&flat.join("tex_993.bin")),
            "--originals",
            s(&game),
            "-o",
            s(&out("typed.png")),
        ]),
        &out("typed.png"),
    );
    assert!(picture == expected, "not the pair beside the file typed");
    assert!(
        printed.contains(&spr_in_game.display().to_string()),
        "{printed}"
    );

    // --palettes-from by a bare name, found in the originals as for an SPR: the knight's
    // palettes, as when given by its path.
    let knight = game.join(UNIT).join("battle_knight_m_spr.bin");
    let (_, expected) = written(
        &run([
            "sheet",
            "export",
            s(&flat.join("tex_992.bin")),
            "--palettes-from",
            s(&knight),
            "-o",
            s(&out("knight-path.png")),
        ]),
        &out("knight-path.png"),
    );
    let (printed, picture) = written(
        &run_in(
            &dir,
            &[
                "sheet",
                "export",
                "tex_992.bin",
                "--palettes-from",
                "KNIGHT_M.SPR",
                "--originals",
                s(&game),
                "-o",
                s(&out("knight-name.png")),
            ],
        ),
        &out("knight-name.png"),
    );
    assert!(picture == expected, "not the knight's palettes");
    assert!(
        printed.contains(&format!("{} (given)", knight.display())),
        "{printed}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn inspect_of_a_bare_tex_name_compares_it_with_its_spr_in_the_originals() {
    let test = "inspect_of_a_bare_tex_name_compares_it_with_its_spr_in_the_originals";
    let Some((dir, game, flat)) = remaster_and_flat(test) else {
        return;
    };
    let json = |output: &Output| -> serde_json::Value {
        serde_json::from_str(&expect(output, 0)).unwrap()
    };
    // The SPR beside the half: the agreement the flat folder gives.
    let beside = json(&run(["inspect", "--json", s(&flat.join("tex_992.bin"))]));
    assert!(beside["counts"]["silhouette_iou"].is_number(), "{beside}");
    let found = json(&run_in(
        &dir,
        &["inspect", "--json", "tex_992.bin", "--originals", s(&game)],
    ));
    assert_eq!(
        found["file"],
        s(&game.join(G2D).join("tex_992.bin")),
        "{found}"
    );
    for field in ["silhouette_iou", "silhouette_coverage", "index_match"] {
        assert_eq!(found["counts"][field], beside["counts"][field], "{field}");
    }
    let compared = found["counts"]["compared_with"].as_str().unwrap();
    assert!(
        compared.starts_with(s(&game.join(UNIT).join("battle_mina_m_spr.bin"))),
        "{compared}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sheet_import_takes_palettes_from_and_like_by_name_from_the_originals() {
    let test = "sheet_import_takes_palettes_from_and_like_by_name_from_the_originals";
    let Some((dir, game, flat)) = remaster_and_flat(test) else {
        return;
    };
    let picture = dir.join("pair.png");
    expect(
        &run([
            "sheet",
            "export",
            s(&flat.join("tex_992.bin")),
            "-o",
            s(&picture),
        ]),
        0,
    );
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let printed = expect(
        &run_in(
            &dir,
            &[
                "sheet",
                "import",
                "pair.png",
                "-o",
                "out/tex_992.bin",
                "--palettes-from",
                "MINA_M.SPR",
                "--like",
                "tex_993.bin",
                "--originals",
                s(&game),
            ],
        ),
        0,
    );
    assert!(
        printed.contains("like    tex_993.bin: the same pair, byte for byte"),
        "{printed}"
    );
    // The picture sheet export wrote comes back as the game's pair, byte for byte.
    for name in ["tex_992.bin", "tex_993.bin"] {
        assert!(
            std::fs::read(dir.join("out").join(name)).unwrap()
                == std::fs::read(game.join(G2D).join(name)).unwrap(),
            "{name}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
