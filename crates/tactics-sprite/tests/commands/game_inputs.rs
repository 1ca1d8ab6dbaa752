//! `--game DIR` for the commands that read game files: an install written at test time (the
//! retail TYPE1 pair and RAMUZA.SPR in a shared GDeflate chunk of an XORed `0002.pac`) gives
//! byte for byte what the loose files give to `build`, `disasm` and `sheet`; `--originals MOD`
//! is layered over it (the mod's SEQ wins); a stale loose copy inside the install is never read.
//! The squire's HD pair, entries 992 and 993 of a `g2d.dat` in `0007.pac`, and its SPR in
//! `0002.pac`, draw through `--game` (`render`, `sheet export`) what the same three loose files
//! draw through `--originals`.

use std::path::Path;

use test_support::pac::{G2dSpec, PacBuilder, PacStorage, g2d_dat};

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

/// The binary run in `dir`, so that a bare name is never a file of the working folder.
fn run_in(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn an_hd_pair_and_its_spr_are_found_in_the_install() {
    let test = "game_inputs_an_hd_pair_and_its_spr_are_found_in_the_install";
    let Some(pair) = test_support::hd_pair(test, 992, "battle_mina_m_spr.bin") else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let out = |name: &str| dir.join(name);
    // The loose files, side by side, as a folder of originals keeps them.
    let loose = out("loose");
    std::fs::create_dir_all(&loose).unwrap();
    std::fs::write(loose.join("tex_992.bin"), &pair.upper).unwrap();
    std::fs::write(loose.join("tex_993.bin"), &pair.lower).unwrap();
    std::fs::write(loose.join("battle_mina_m_spr.bin"), &pair.spr).unwrap();
    // The same three in an install: tex_N is entry N of g2d.dat (zlib, as most are).
    let data = out("install").join("data/enhanced");
    std::fs::create_dir_all(&data).unwrap();
    let mut specs = vec![G2dSpec::Empty; 992];
    specs.push(G2dSpec::Zlib(pair.upper.clone()));
    specs.push(G2dSpec::Zlib(pair.lower.clone()));
    let units = PacBuilder::new()
        .stored_as(
            "fftpack/unit/battle_mina_m_spr.bin",
            &pair.spr,
            PacStorage::Gdeflate,
        )
        .encrypted()
        .build();
    let sheets = PacBuilder::new()
        .stored_as(
            "system/ffto/g2d.dat",
            &g2d_dat(&specs),
            PacStorage::Gdeflate,
        )
        .encrypted()
        .build();
    std::fs::write(data.join("0002.pac"), units).unwrap();
    std::fs::write(data.join("0007.pac"), sheets).unwrap();
    let game = out("install");
    // The squire's SPR with other colours in the working folder: an install's pair is coloured
    // by the install's SPR, never by a file that happens to be where the command runs.
    let mut decoy = pair.spr.clone();
    for byte in &mut decoy[..0x200] {
        *byte ^= 0x55;
    }
    std::fs::write(dir.join("battle_mina_m_spr.bin"), decoy).unwrap();

    for (half, number) in [("upper", "tex_992.bin"), ("lower", "tex_993.bin")] {
        let from_loose = out(&format!("loose-{half}.png"));
        let from_game = out(&format!("game-{half}.png"));
        let (loose_png, game_png) = (s(&from_loose), s(&from_game));
        let base = ["render", "--sheet", number, "--frame", "5"];
        let said = expect(
            &run_in(
                &dir,
                &[&base[..], &["--originals", s(&loose), "-o", loose_png]].concat(),
            ),
            0,
        );
        assert!(said.contains("mina_m's SPR by the HD table"), "{said}");
        let said = expect(
            &run_in(
                &dir,
                &[&base[..], &["--game", s(&game), "-o", game_png]].concat(),
            ),
            0,
        );
        // Both halves and the SPR are the archives' entries, named so.
        for entry in [
            "0007.pac:system/ffto/g2d/tex_992.bin",
            "0007.pac:system/ffto/g2d/tex_993.bin",
            "0002.pac:fftpack/unit/battle_mina_m_spr.bin",
        ] {
            assert!(said.contains(entry), "{entry} not in: {said}");
        }
        assert!(
            std::fs::read(&from_game).unwrap() == std::fs::read(&from_loose).unwrap(),
            "render --sheet {number} --game: not the loose files' picture"
        );
    }
    let exported = |from: &[&str], name: &str| {
        let png = out(name);
        let args = [
            &["sheet", "export", "tex_993.bin"][..],
            from,
            &["-o", s(&png)],
        ]
        .concat();
        expect(&run_in(&dir, &args), 0);
        std::fs::read(png).unwrap()
    };
    assert!(
        exported(&["--game", s(&game)], "game-sheet.png")
            == exported(&["--originals", s(&loose)], "loose-sheet.png"),
        "sheet export tex_993.bin --game: not the loose pair's sheet"
    );
    let report = expect(
        &run_in(&dir, &["inspect", "tex_992.bin", "--game", s(&game)]),
        0,
    );
    assert!(
        report.contains("0002.pac:fftpack/unit/battle_mina_m_spr.bin"),
        "inspect tex_992.bin --game: not compared with the install's SPR: {report}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
