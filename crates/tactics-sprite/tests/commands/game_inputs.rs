//! `--game DIR` for the commands that read game files: an install written at test time (the
//! retail TYPE1 pair and RAMUZA.SPR in a shared GDeflate chunk of an XORed `0002.pac`) gives
//! byte for byte what the loose files give to `build`, `disasm` and `sheet`; `--originals MOD`
//! is layered over it (the mod's SEQ wins); a stale loose copy inside the install is never read.

use std::path::Path;

use test_support::pac::{PacBuilder, PacStorage};

use crate::common::{expect, run, s};

fn written(args: &[&str], out: &Path) -> Vec<u8> {
    expect(&run(args), 0);
    std::fs::read(out).unwrap_or_else(|e| panic!("{}: {e}", out.display()))
}

#[test]
fn the_install_gives_what_the_loose_files_give() {
    let test = "game_inputs_the_install_gives_what_the_loose_files_give";
    let (Some(shp), Some(seq), Some(ramuza)) = (
        test_support::retail_file(test, "TYPE1.SHP"),
        test_support::retail_file(test, "TYPE1.SEQ"),
        test_support::sheet(test, "RAMUZA.SPR"),
    ) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let out = |name: &str| dir.join(name);
    let read = |p: &Path| std::fs::read(p).unwrap();
    let game = out("install");
    let data = game.join("data/enhanced");
    std::fs::create_dir_all(data.join("fftpack/unit")).unwrap();
    let pac = PacBuilder::new()
        .stored_as(
            "fftpack/unit/battle_type1_shp.bin",
            &read(&shp),
            PacStorage::Chunk(0),
        )
        .stored_as(
            "fftpack/unit/battle_type1_seq.bin",
            &read(&seq),
            PacStorage::Chunk(0),
        )
        .stored_as(
            "fftpack/unit/battle_ramuza_spr.bin",
            &read(&ramuza),
            PacStorage::Gdeflate,
        )
        .encrypted()
        .build();
    std::fs::write(data.join("0002.pac"), pac).unwrap();
    // A stale loose copy a tool left in the install: never the game's.
    std::fs::write(data.join("fftpack/unit/battle_type1_seq.bin"), b"stale").unwrap();
    let g = s(&game);

    let loose = written(
        &[
            "build",
            "--shp",
            s(&shp),
            "--seq",
            s(&seq),
            "-o",
            s(&out("loose.json")),
        ],
        &out("loose.json"),
    );
    let built = written(
        &["build", "--game", g, "-o", s(&out("game.json"))],
        &out("game.json"),
    );
    assert!(
        built == loose,
        "build --game: not the loose pair's document"
    );

    let loose = written(
        &["disasm", s(&seq), "-o", s(&out("loose.txt"))],
        &out("loose.txt"),
    );
    let text = written(
        &[
            "disasm",
            "TYPE1.SEQ",
            "--game",
            g,
            "-o",
            s(&out("game.txt")),
        ],
        &out("game.txt"),
    );
    assert!(text == loose, "disasm --game: not the loose SEQ");

    let loose = written(
        &["sheet", s(&ramuza), "-o", s(&out("loose.png"))],
        &out("loose.png"),
    );
    let picture = written(
        &[
            "sheet",
            "RAMUZA.SPR",
            "--game",
            g,
            "-o",
            s(&out("game.png")),
        ],
        &out("game.png"),
    );
    assert!(picture == loose, "sheet --game: not the loose sheet");

    // A mod layered over the install: its edited SEQ wins, the game's SHP is read.
    let unit = out("mod").join("FFTIVC/data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&unit).unwrap();
    let mut edited = read(&seq);
    let last = edited.len() - 1;
    edited[last] ^= 0x01;
    std::fs::write(unit.join("battle_type1_seq.bin"), &edited).unwrap();
    let edited_seq = unit.join("battle_type1_seq.bin");
    let loose = written(
        &["disasm", s(&edited_seq), "-o", s(&out("mod-loose.txt"))],
        &out("mod-loose.txt"),
    );
    let layered = written(
        &[
            "disasm",
            "TYPE1.SEQ",
            "--game",
            g,
            "--originals",
            s(&out("mod")),
            "-o",
            s(&out("mod-game.txt")),
        ],
        &out("mod-game.txt"),
    );
    assert!(
        layered == loose,
        "--game with --originals MOD: not the mod's SEQ"
    );

    // A name the install does not hold, with no file of that name on disk: one line.
    let nowhere = s(&out("nowhere.txt")).to_owned();
    let refused = expect(
        &run(["disasm", "NOSUCH.SEQ", "--game", g, "-o", &nowhere]),
        1,
    );
    assert!(
        refused.contains("no NOSUCH.SEQ in the install's archives"),
        "{refused}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
