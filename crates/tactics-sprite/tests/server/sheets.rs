//! `serve` draws every sheet it can see under its kind: `sheet=` on every drawing endpoint names
//! any of the game's sheets by any form of its name, found through the same layered lookup as
//! every game file (a mod's squire over the game's), and each answer is what the command line
//! draws from the same file; an unknown sheet, one of another kind, a second sheet and one no
//! folder holds are refused in one line; `/api/v1/kinds` lists each kind's sheets and the
//! start-up line counts them.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s};
use crate::serve_support::Server;
use test_support::{hd_file, retail_file, sheet, temp_dir, unit_psp_file};

/// The files of the test: the game's folder (TYPE1's pair, three sheets of its kind, the
/// squire's HD pair, a War of the Lions sheet where the remaster keeps them) and a mod holding
/// the squire's sheet repainted.
struct Folders {
    dir: PathBuf,
    game: PathBuf,
    modded: PathBuf,
    /// The mod's squire, and the game's.
    mod_squire: PathBuf,
    game_squire: PathBuf,
    ankoku: PathBuf,
    upper: PathBuf,
}

fn folders(test: &str) -> Option<Folders> {
    let files = [
        retail_file(test, "TYPE1.SHP")?,
        retail_file(test, "TYPE1.SEQ")?,
        sheet(test, "RAMUZA.SPR")?,
        hd_file(test, "battle_mina_m_spr.bin")?,
        hd_file(test, "battle_siro_m_spr.bin")?,
        hd_file(test, "tex_992.bin")?,
        hd_file(test, "tex_993.bin")?,
    ];
    let ankoku = unit_psp_file(test, "spr_dst_bchr_ankoku_m_spr.bin")?;
    let dir = temp_dir(test);
    let game = dir.join("game");
    let unit_psp = game.join("fftpack/unit_psp");
    std::fs::create_dir_all(&unit_psp).unwrap();
    let copy = |from: &Path, to: &Path| {
        let to = to.join(from.file_name().unwrap());
        std::fs::copy(from, &to).unwrap();
        to
    };
    for file in &files {
        copy(file, &game);
    }
    let ankoku = copy(&ankoku, &unit_psp);
    // The mod: the squire's sheet with palette 0's colour 1 (bytes 2-3, RGB555) changed, where
    // the mod loader reads a unit's sheet.
    let modded = dir.join("mod");
    let unit = modded.join("FFTIVC/data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&unit).unwrap();
    let mut squire = std::fs::read(&files[3]).unwrap();
    squire[2] ^= 0x1f;
    let mod_squire = unit.join("battle_mina_m_spr.bin");
    std::fs::write(&mod_squire, &squire).unwrap();
    Some(Folders {
        game_squire: game.join("battle_mina_m_spr.bin"),
        upper: game.join("tex_992.bin"),
        dir,
        game,
        modded,
        mod_squire,
        ankoku,
    })
}

/// `render ARGS --out FILE` with the game's and the mod's folders, and the file written.
fn render(folders: &Folders, name: &str, args: &[&str]) -> Vec<u8> {
    let out = folders.dir.join(name);
    let mut all = vec![
        "render",
        "--originals",
        s(&folders.game),
        "--originals",
        s(&folders.modded),
        "--out",
        s(&out),
    ];
    all.extend_from_slice(args);
    expect(&run(&all), 0);
    std::fs::read(&out).unwrap()
}

#[test]
fn sheet_draws_any_sheet_of_its_kind_a_mods_over_the_games() {
    let test = "sheet_draws_any_sheet_of_its_kind_a_mods_over_the_games";
    let Some(folders) = folders(test) else {
        return;
    };
    let server = Server::start(
        &[
            "--originals",
            s(&folders.game),
            "--originals",
            s(&folders.modded),
        ],
        &[],
    );
    // Three sheets of TYPE1's were put in the folders: Ramza's, the squire's and the Dark
    // Knight's (the white mage's is TYPE2's, which is not served).
    assert_eq!(
        server.banner[0], "serving 1 kind and 3 sheets (sheet=):",
        "{:#?}",
        server.banner
    );
    let kinds = server.get("/api/v1/kinds").json();
    let sheets = kinds[0]["sheets"].as_array().expect("a list of sheets");
    let mut names: Vec<&str> = sheets.iter().map(|s| s["name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        ["MINA_M.SPR", "RAMUZA.SPR", "spr_dst_bchr_ankoku_m_spr.bin"]
    );
    let squire = sheets.iter().find(|s| s["name"] == "MINA_M.SPR").unwrap();
    assert_eq!(
        squire["hd"],
        serde_json::json!(["tex_992.bin", "tex_993.bin"])
    );
    assert_eq!(squire["palettes"], 16);

    // render: the file `render --sheet` writes, the squire's by any form of its name the mod's.
    let cli = render(
        &folders,
        "mina.png",
        &["--sheet", "MINA_M.SPR", "--frame", "88"],
    );
    let of_mod = render(
        &folders,
        "mod.png",
        &["--sheet", s(&folders.mod_squire), "--frame", "88"],
    );
    let of_game = render(
        &folders,
        "game.png",
        &["--sheet", s(&folders.game_squire), "--frame", "88"],
    );
    assert!(
        cli == of_mod,
        "render --sheet MINA_M.SPR draws the mod's squire"
    );
    assert!(cli != of_game, "the repaint shows in frame 88");
    for name in ["MINA_M.SPR", "battle_mina_m_spr.bin", "mina_m.spr"] {
        let answer = server.get(&format!("/api/v1/render.png?sheet={name}&frame=88"));
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert!(
            answer.body == cli,
            "render.png?sheet={name} is render --sheet's file"
        );
    }
    let kind_given = server.get("/api/v1/render.png?kind=type1&sheet=MINA_M.SPR&frame=88");
    assert!(kind_given.body == cli);
    // The Dark Knight, from the War of the Lions folder, walking.
    let walk = ["--animation", "Walk", "--view", "3"];
    let cli = render(
        &folders,
        "ankoku.gif",
        &[&["--sheet", s(&folders.ankoku)][..], &walk].concat(),
    );
    let answer =
        server.get("/api/v1/render.gif?sheet=spr_dst_bchr_ankoku_m_spr.bin&animation=Walk&view=3");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(answer.body == cli, "the Dark Knight's walk is render's");

    // canvas: the box of render's picture at scale 1 (its PNG's width and height).
    let png = render(
        &folders,
        "ramza.png",
        &["--sheet", "RAMUZA.SPR", "--frame", "88"],
    );
    let canvas = server
        .get("/api/v1/canvas?sheet=RAMUZA.SPR&frame=88")
        .json();
    let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!(canvas["width"], size(16));
    assert_eq!(canvas["height"], size(20));

    // sheet.png: `sheet export` of the mod's file; sp2.png: TYPE1 draws no SP2.
    let out = folders.dir.join("sheet.png");
    expect(
        &run([
            "sheet",
            "export",
            s(&folders.mod_squire),
            "--palette",
            "2",
            "-o",
            s(&out),
        ]),
        0,
    );
    let answer = server.get("/api/v1/sheet.png?sheet=battle_mina_m_spr.bin&palette=2");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(
        answer.body == without_chunk(&std::fs::read(&out).unwrap(), b"spPl"),
        "sheet export's PNG (but the chunk of the SPR's palettes, which the picture leaves out)"
    );
    assert_eq!(server.get("/api/v1/sp2.png?sheet=MINA_M.SPR").status, 404);

    // draw: the document's pose, whichever sheet; hd=1 the squire's pair in the mod's colours.
    let pose = "animation=Walk&view=3&tick=20";
    let drawn = server.get(&format!("/api/v1/draw?sheet=MINA_M.SPR&{pose}"));
    assert_eq!(drawn.status, 200, "{}", drawn.text());
    assert_eq!(
        drawn.text(),
        server.get(&format!("/api/v1/draw?{pose}")).text()
    );
    let cli = render(
        &folders,
        "hd.png",
        &[
            "--sheet",
            s(&folders.upper),
            "--palettes-from",
            s(&folders.mod_squire),
            "--frame",
            "88",
        ],
    );
    let answer = server.get("/api/v1/render.png?sheet=MINA_M.SPR&frame=88&hd=1");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(
        answer.body == cli,
        "hd=1 follows the sheet: its pair, its colours"
    );

    // Refused, each in one line naming the parameter.
    for (query, status, said) in [
        ("sheet=NOPE.SPR&frame=1", 404, "no sheet of the game"),
        ("sheet=BEHI.SPR&frame=1", 404, "drawn by kind mon"),
        (
            "kind=type1&sheet=BEHI.SPR&frame=1",
            400,
            "drawn by kind mon",
        ),
        ("sheet=BEHI2.SP2&frame=1", 400, "ask sheet=BEHI.SPR"),
        (
            "sheet=KNIGHT_M.SPR&frame=1",
            404,
            "no folder served holds KNIGHT_M.SPR",
        ),
        ("sheet=SIRO_M.SPR&frame=1", 404, "drawn by kind type2"),
        ("sheet=RAMUZA.SPR&frame=1&hd=1", 422, "tex_830.bin"),
    ] {
        let answer = server.get(&format!("/api/v1/render.png?{query}"));
        assert_eq!(answer.status, status, "{query}: {}", answer.text());
        let body = answer.json();
        let error = body["error"].as_str().unwrap();
        assert!(error.contains(said), "{query}: {error}");
        assert!(!error.contains('\n'), "{query}: one line");
        assert_eq!(
            body["parameter"],
            if query.ends_with("hd=1") {
                "hd"
            } else {
                "sheet"
            }
        );
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&folders.dir);
}

/// The PNG `png` without its chunks of type `kind`: each chunk is its length (4 bytes, big
/// endian), its type, its data and a CRC (PNG specification 5.3).
fn without_chunk(png: &[u8], kind: &[u8; 4]) -> Vec<u8> {
    let mut kept = png[..8].to_vec();
    let mut at = 8;
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let end = at + 12 + len;
        if &png[at + 4..at + 8] != kind {
            kept.extend_from_slice(&png[at..end]);
        }
        at = end;
    }
    kept
}

/// Ramza's HD pair (made with `sheet upscale RAMUZA.SPR`) drawn through `sheet=` and `hd=1` in
/// the colours of `charclut.nxd`'s row for chapter 1, the mod's file over the game's, the same
/// pixels as `render --sheet tex_830.bin`; `variant=` picks the row as `--variant` does.
#[test]
fn ramzas_pair_is_drawn_in_charcluts_colours_a_mods_over_the_games() {
    let test = "ramzas_pair_is_drawn_in_charcluts_colours_a_mods_over_the_games";
    let (Some(shp), Some(seq), Some(ramza), Some(charclut)) = (
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
        sheet(test, "RAMUZA.SPR"),
        test_support::nxd_file(test, "charclut.nxd"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    let game = dir.join("game");
    std::fs::create_dir_all(game.join("nxd")).unwrap();
    for file in [&shp, &seq, &ramza] {
        std::fs::copy(file, game.join(file.file_name().unwrap())).unwrap();
    }
    std::fs::copy(&charclut, game.join("nxd/charclut.nxd")).unwrap();
    let upper = game.join("tex_830.bin");
    expect(
        &run([
            "sheet",
            "upscale",
            s(&game.join(ramza.file_name().unwrap())),
            "-o",
            s(&upper),
        ]),
        0,
    );
    // The mod's charclut.nxd: chapter 1's row 0 with colours 1-15 made green, where the mod
    // loader reads it.
    let modded = dir.join("mod");
    let nxd = modded.join("FFTIVC/data/enhanced/nxd");
    std::fs::create_dir_all(&nxd).unwrap();
    let mod_clut = nxd.join("charclut.nxd");
    let green: Vec<String> = (0..16).map(|i| format!("00{:02X}00", i * 16)).collect();
    expect(
        &run([
            "palette",
            s(&charclut),
            "--key",
            "1",
            "--variant",
            "0",
            "--set",
            &green.join(","),
            "-o",
            s(&mod_clut),
        ]),
        0,
    );
    let server = Server::start(&["--originals", s(&game), "--originals", s(&modded)], &[]);
    let kinds = server.get("/api/v1/kinds").json();
    let ramza_sheet = kinds[0]["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "RAMUZA.SPR")
        .expect("Ramza's sheet listed")
        .clone();
    assert_eq!(
        ramza_sheet["hd"],
        serde_json::json!(["tex_830.bin", "tex_831.bin"])
    );
    // The real file's chapter 1 has four variants, 0 to 3.
    assert_eq!(ramza_sheet["variants"], serde_json::json!([0, 1, 2, 3]));
    let cli = |name: &str, args: &[&str]| {
        let out = dir.join(name);
        let mut all = vec![
            "render",
            "--sheet",
            s(&upper),
            "--frame",
            "88",
            "--out",
            s(&out),
        ];
        all.extend_from_slice(args);
        expect(&run(&all), 0);
        std::fs::read(&out).unwrap()
    };
    let of_mod = cli("mod.png", &["--charclut", s(&mod_clut)]);
    let layered = cli(
        "layered.png",
        &["--originals", s(&game), "--originals", s(&modded)],
    );
    let of_game = cli("game.png", &["--charclut", s(&charclut)]);
    let variant_1 = cli("v1.png", &["--charclut", s(&mod_clut), "--variant", "1"]);
    assert!(
        of_mod == layered,
        "render finds the mod's charclut.nxd over the game's"
    );
    assert!(of_mod != of_game, "the mod's green shows in frame 88");
    for (query, expected) in [
        ("sheet=RAMUZA.SPR&frame=88&hd=1", &of_mod),
        ("frame=88&hd=1", &of_mod),
        (
            "sheet=battle_ramuza_spr.bin&frame=88&hd=1&variant=0",
            &of_mod,
        ),
        ("sheet=RAMUZA.SPR&frame=88&hd=1&variant=1", &variant_1),
    ] {
        let answer = server.get(&format!("/api/v1/render.png?{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        assert!(
            answer.body == *expected,
            "render.png?{query} is render's file"
        );
    }
    // sheet.png?hd=1: sheet export's picture, its PLTE the row's colours.
    let out = dir.join("pair.png");
    expect(
        &run([
            "sheet",
            "export",
            s(&upper),
            "--charclut",
            s(&mod_clut),
            "-o",
            s(&out),
        ]),
        0,
    );
    let answer = server.get("/api/v1/sheet.png?sheet=RAMUZA.SPR&hd=1");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(
        answer.body == std::fs::read(&out).unwrap(),
        "sheet export's picture"
    );
    for (query, status) in [
        ("sheet=RAMUZA.SPR&frame=88&hd=1&variant=9", 404),
        ("sheet=RAMUZA.SPR&frame=88&variant=1", 400),
        ("sheet=RAMUZA.SPR&frame=88&hd=1&variant=x", 400),
    ] {
        let answer = server.get(&format!("/api/v1/render.png?{query}"));
        assert_eq!(answer.status, status, "{query}: {}", answer.text());
        assert_eq!(answer.json()["parameter"], "variant", "{query}");
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A sheet's name on something that is not a regular file (a FIFO, which a read would wait on
/// for ever; a folder) is not read: the server starts, and that sheet is one no folder holds.
#[cfg(unix)]
#[test]
fn a_sheet_name_on_no_regular_file_is_not_read() {
    let test = "a_sheet_name_on_no_regular_file_is_not_read";
    let (Some(shp), Some(seq), Some(ramza)) = (
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
        sheet(test, "RAMUZA.SPR"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    for file in [&shp, &seq, &ramza] {
        std::fs::copy(file, dir.join(file.file_name().unwrap())).unwrap();
    }
    let fifo = dir.join("battle_mina_m_spr.bin");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", fifo.display());
    std::fs::create_dir(dir.join("KNIGHT_M.SPR")).unwrap();
    let server = Server::start(&["--originals", s(&dir)], &[]);
    assert_eq!(
        server.banner[0], "serving 1 kind and 1 sheet (sheet=):",
        "{:#?}",
        server.banner
    );
    for name in ["MINA_M.SPR", "KNIGHT_M.SPR"] {
        let answer = server.get(&format!("/api/v1/render.png?sheet={name}&frame=88"));
        assert_eq!(answer.status, 404, "{name}: {}", answer.text());
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The names of a served kind's sheets in `/api/v1/kinds`, sorted.
fn listed_names(kind: &serde_json::Value) -> Vec<String> {
    let mut names: Vec<String> = kind["sheets"]
        .as_array()
        .map(|sheets| {
            sheets
                .iter()
                .map(|s| s["name"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort_unstable();
    names
}

/// A `--data` document (named `hero`, not by its kind) and a pair (`--shp --seq`) list the sheets
/// of the kind the table gives their sheet, RAMUZA.SPR's: TYPE1's three in the folder, each
/// drawn by `sheet=` as `render --sheet` draws it, without `kind=`; the start-up line counts them.
#[test]
fn a_data_document_and_a_pair_list_the_sheets_of_their_kind() {
    let test = "a_data_document_and_a_pair_list_the_sheets_of_their_kind";
    let Some(folders) = folders(test) else {
        return;
    };
    let hero = folders.dir.join("hero.json");
    std::fs::copy(test_support::fixtures::document("type1"), &hero).unwrap();
    let type1 = [
        "MINA_M.SPR".to_owned(),
        "RAMUZA.SPR".to_owned(),
        "spr_dst_bchr_ankoku_m_spr.bin".to_owned(),
    ];
    let data = Server::start(&["--data", s(&hero), "--sheets", s(&folders.game)], &[]);
    assert_eq!(
        data.banner[0], "serving 1 kind and 3 sheets (sheet=):",
        "{:#?}",
        data.banner
    );
    let kinds = data.get("/api/v1/kinds").json();
    assert_eq!(listed_names(&kinds[0]), type1, "{kinds}");
    let out = folders.dir.join("cli.png");
    expect(
        &run([
            "render",
            "--data",
            s(&hero),
            "--sheet",
            s(&folders.game_squire),
            "--frame",
            "88",
            "--out",
            s(&out),
        ]),
        0,
    );
    let answer = data.get("/api/v1/render.png?sheet=battle_mina_m_spr.bin&frame=88");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(
        answer.body == std::fs::read(&out).unwrap(),
        "sheet= of --data"
    );
    // Its HD pair too, by the table.
    let squire = &kinds[0]["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "MINA_M.SPR")
        .unwrap()["hd"];
    assert_eq!(*squire, serde_json::json!(["tex_992.bin", "tex_993.bin"]));

    let shp = folders.game.join("TYPE1.SHP");
    let seq = folders.game.join("TYPE1.SEQ");
    let pair = Server::start(
        &[
            "--shp",
            s(&shp),
            "--seq",
            s(&seq),
            "--sheets",
            s(&folders.game),
        ],
        &[],
    );
    assert_eq!(listed_names(&pair.get("/api/v1/kinds").json()[0]), type1);
    let answer = pair.get("/api/v1/render.png?sheet=MINA_M.SPR&frame=88");
    assert_eq!(answer.status, 200, "{}", answer.text());
}

/// The demo, whose sheet is no game sheet, lists its own: `sheet=demo.png` draws what the demo
/// draws without it.
#[test]
fn the_demo_lists_its_own_sheet() {
    let server = Server::start(&[], &[]);
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(kinds[0]["kind"], "demo", "{kinds}");
    assert_eq!(listed_names(&kinds[0]), ["demo.png"], "{kinds}");
    for target in ["/api/v1/render.png?frame=1", "/api/v1/sheet.png"] {
        let own = server.get(target);
        let named = server.get(&format!(
            "{target}{}sheet=demo.png",
            if target.contains('?') { '&' } else { '?' }
        ));
        assert_eq!(named.status, 200, "{}", named.text());
        assert!(own.body == named.body, "{target}");
    }
    assert!(
        server
            .banner
            .iter()
            .any(|line| line == "serving 1 kind and 1 sheet (sheet=):"),
        "{:#?}",
        server.banner
    );
}

/// The kind's other sheets are listed by name and size at start, not decoded: one that does not
/// decode does not stop the server, and drawing from it is refused naming the file, while the
/// kind's own sheet still draws.
#[test]
fn a_listed_sheet_that_does_not_decode_is_refused_when_drawn() {
    let test = "a_listed_sheet_that_does_not_decode_is_refused_when_drawn";
    let (Some(shp), Some(seq), Some(ramza)) = (
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
        sheet(test, "RAMUZA.SPR"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    for file in [&shp, &seq, &ramza] {
        std::fs::copy(file, dir.join(file.file_name().unwrap())).unwrap();
    }
    // A standard sheet's size, its compressed rows garbage.
    std::fs::write(dir.join("MINA_M.SPR"), vec![0xEEu8; 44_000]).unwrap();
    let server = Server::start(&["--originals", s(&dir)], &[]);
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(
        listed_names(&kinds[0]),
        ["MINA_M.SPR", "RAMUZA.SPR"],
        "{kinds}"
    );
    let refused = server.get("/api/v1/render.png?sheet=MINA_M.SPR&frame=88");
    assert_eq!(refused.status, 500, "{}", refused.text());
    assert!(refused.text().contains("MINA_M.SPR"), "{}", refused.text());
    let own = server.get("/api/v1/render.png?frame=88");
    assert_eq!(own.status, 200, "{}", own.text());
}
