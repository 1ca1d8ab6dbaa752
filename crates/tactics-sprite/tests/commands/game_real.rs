//! A real install of the remaster (`FFT_GAME`, its folder or its `data/enhanced`), read through
//! `--game` with nothing unpacked: run when the variable names one, skipped loudly otherwise (no
//! install is at hand where CI runs). What it holds to is known without the install: each unit
//! kind's document is the committed one (built from the same retail files, whose sizes and bytes
//! the remaster kept), Ramza's sheet is a 256-wide sheet, the squire's HD pair decodes, and
//! `charclut.nxd` is the CharCLUT table of 16 rows (docs/formats/nxd.md 7.3) that colours
//! Ramza's pair.

use std::path::Path;

use crate::common::{expect, run, s};

/// The binary run in `dir`, so that nothing beside a bare name is a file of the working folder.
fn run_in(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .current_dir(dir)
        .args(args)
        .env_remove(test_support::ORIGINALS_VAR)
        .env_remove(test_support::SHEETS_VAR)
        .output()
        .expect("the binary runs")
}

/// A PNG's width and height.
fn png_size(path: &Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let reader = decoder.read_info().expect("a PNG");
    (reader.info().width, reader.info().height)
}

#[test]
fn a_real_install_gives_the_committed_documents_sheets_and_colours() {
    let test = "game_real_a_real_install_gives_the_committed_documents";
    let Some(game) = test_support::game_install(test) else {
        return;
    };
    let g = s(&game);
    let dir = test_support::temp_dir(test);
    let listing = expect(&run(["game", "ls", g]), 0);
    for path in ["fftpack/unit/battle_type1_seq.bin", "system/ffto/g2d.dat"] {
        assert!(listing.contains(path), "{path} not listed");
    }

    // Every unit kind's document, built from the install, is the committed one byte for byte.
    let committed = test_support::fixtures::document("type1");
    let documents = committed.parent().unwrap();
    let mut kinds = 0;
    for item in std::fs::read_dir(documents).unwrap() {
        let path = item.unwrap().path();
        let Some(kind) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".json"))
        else {
            continue;
        };
        if kind == "demo" {
            continue;
        }
        let out = dir.join(format!("{kind}.json"));
        expect(
            &run_in(&dir, &["build", "--game", g, "--kind", kind, "-o", s(&out)]),
            0,
        );
        assert!(
            std::fs::read(&out).unwrap() == std::fs::read(&path).unwrap(),
            "build --game --kind {kind}: not the committed {}",
            path.display()
        );
        kinds += 1;
    }
    assert!(kinds >= 8, "{kinds} documents compared");

    // Ramza's sheet decodes to a picture 256 wide; the squire's HD pair to one twice as wide.
    let sheet = dir.join("ramuza.png");
    expect(
        &run_in(&dir, &["sheet", "RAMUZA.SPR", "--game", g, "-o", s(&sheet)]),
        0,
    );
    assert_eq!(png_size(&sheet).0, 256);
    let pair = dir.join("squire.png");
    expect(
        &run_in(
            &dir,
            &[
                "sheet",
                "export",
                "tex_992.bin",
                "--game",
                g,
                "-o",
                s(&pair),
            ],
        ),
        0,
    );
    assert_eq!(png_size(&pair).0, 512);

    // charclut.nxd decodes as CharCLUT, and colours Ramza's chapter-1 pair with its row (1, 0).
    let text = expect(&run_in(&dir, &["inspect", "charclut.nxd", "--game", g]), 0);
    assert!(text.contains("CharCLUT"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("  (")).count(),
        16,
        "{text}"
    );
    let doc = test_support::fixtures::document("type1");
    let render = dir.join("ramza.png");
    let said = expect(
        &run_in(
            &dir,
            &[
                "render",
                "--data",
                s(&doc),
                "--sheet",
                "tex_830.bin",
                "--frame",
                "88",
                "--game",
                g,
                "-o",
                s(&render),
            ],
        ),
        0,
    );
    assert!(
        said.contains("nxd/charclut.nxd") && said.contains("row (1, 0)"),
        "{said}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
