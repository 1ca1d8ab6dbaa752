//! docs/mods.md "From a painted sheet or a retimed walk to a mod", run as written in a scratch
//! folder whose `game/` holds the retail RAMUZA.SPR, TYPE1.SHP and TYPE1.SEQ (copied at test
//! time), with the two edits its comments ask for (the sheet painted: palette 0's colour 1 made
//! red in the picture; Walk retimed) and no FFT_* variable set: every command exits 0, `mod
//! check` ends with the lines the page shows, and the mod holds the painted colour and the
//! retimed walk.

mod common;

use std::path::Path;
use std::process::Command;

use common::s;
use test_support::docs::{commands, words};

const TEST: &str = "the_mods_walkthrough_runs_as_written";

/// Paints the picture `tactics-sprite sheet` wrote as an editor that keeps the other chunks
/// would: its PLTE's colour 1 made (255, 0, 0), the chunk's CRC recomputed.
fn paint(png: &Path) {
    let mut bytes = std::fs::read(png).unwrap();
    let mut at = 8;
    loop {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        if &bytes[at + 4..at + 8] == b"PLTE" {
            bytes[at + 8 + 3..at + 8 + 6].copy_from_slice(&[255, 0, 0]);
            let mut crc = flate2::Crc::new();
            crc.update(&bytes[at + 4..at + 8 + len]);
            bytes[at + 8 + len..at + 12 + len].copy_from_slice(&crc.sum().to_be_bytes());
            break;
        }
        at += 12 + len;
        assert!(at < bytes.len(), "no PLTE in {}", png.display());
    }
    std::fs::write(png, bytes).unwrap();
}

#[test]
fn the_mods_walkthrough_runs_as_written() {
    let (Some(ramuza), Some(shp), Some(seq)) = (
        test_support::sheet(TEST, "RAMUZA.SPR"),
        test_support::retail_file(TEST, "TYPE1.SHP"),
        test_support::retail_file(TEST, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let page =
        std::fs::read_to_string(test_support::repo_root().join("docs/mods.md")).expect("the page");
    let heading = "## From a painted sheet or a retimed walk to a mod";
    let section = &page[page.find(heading).unwrap()..];
    let section = &section[..section[3..].find("\n## ").unwrap() + 3];
    for edit in [
        "# paint ramuza.png",
        "under `slot 6:`, change `Frame 11 6` to `Frame 11 8`",
    ] {
        assert!(section.contains(edit), "the page asks for {edit:?}");
    }
    let dir = test_support::temp_dir(TEST);
    let _ = std::fs::remove_dir_all(&dir);
    let game = dir.join("game");
    std::fs::create_dir_all(&game).unwrap();
    for (from, name) in [
        (&ramuza, "RAMUZA.SPR"),
        (&shp, "TYPE1.SHP"),
        (&seq, "TYPE1.SEQ"),
    ] {
        std::fs::copy(from, game.join(name)).unwrap();
    }
    let mut printed = Vec::new();
    for command in commands(&page, heading) {
        let mut args = words(&command);
        assert_eq!(args.remove(0), "tactics-sprite", "{command}");
        let mut run = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"));
        for variable in ["FFT_ORIGINALS", "FFT_SHEETS", "FFT_WEAPONS"] {
            run.env_remove(variable);
        }
        let output = run.current_dir(&dir).args(&args).output().unwrap();
        test_support::cli::assert_exit_for(&output, 0, &command);
        printed.push((args.clone(), String::from_utf8(output.stdout).unwrap()));
        match (args[0].as_str(), args.get(1).map(String::as_str)) {
            ("sheet", _) => paint(&dir.join("ramuza.png")),
            ("disasm", _) => {
                let text = dir.join("type1.seq.txt");
                let written = std::fs::read_to_string(&text).unwrap();
                let (from, to) = ("slot 6:\n    Frame 11 6 ", "slot 6:\n    Frame 11 8 ");
                assert!(written.contains(from), "slot 6 as the text writes it");
                std::fs::write(&text, written.replacen(from, to, 1)).unwrap();
            }
            _ => {}
        }
    }
    let (_, checked) = printed
        .iter()
        .find(|(args, _)| args[..2] == ["mod", "check"])
        .expect("the page runs mod check");
    let shown = section
        .split("```text\n")
        .nth(1)
        .and_then(|block| block.split("```").next())
        .expect("the page shows what mod check prints");
    assert!(
        checked.ends_with(shown),
        "mod check printed\n{checked}\nand the page shows\n{shown}"
    );
    // The painted colour in the mod's sheet (red 31: docs/formats/spr.md 4.2), the walk retimed.
    let unit = dir.join("fftivc.sprites.ramza_red/FFTIVC/data/enhanced/fftpack/unit");
    let sheet = std::fs::read(unit.join("battle_ramuza_spr.bin")).unwrap();
    assert_eq!(u16::from_le_bytes([sheet[2], sheet[3]]) & 0x7FFF, 0x001F);
    let retimed = std::fs::read(unit.join("battle_type1_seq.bin")).unwrap();
    let retail = std::fs::read(&seq).unwrap();
    let differing: Vec<(u8, u8)> = retail
        .iter()
        .zip(&retimed)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (*a, *b))
        .collect();
    assert_eq!(differing, [(6, 8)]);
    assert!(dir.join("walk.gif").is_file(), "{}", s(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}
