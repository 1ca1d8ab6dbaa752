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
use crate::serve_support::Server;

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

/// Every sprite file of `folders` (SPR, SP2, SHP, SEQ, under either name) at its remaster name
/// in `fftpack/unit/`: each SPR and SP2 a GDeflate stream of its own, the SHP and SEQ files in a
/// shared chunk, as the game's archives store them. The first folder's file of a name is taken.
fn unit_archive(folders: &[&Path]) -> Vec<u8> {
    let mut files = std::collections::BTreeMap::new();
    for folder in folders {
        for item in std::fs::read_dir(folder).unwrap() {
            let path = item.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let Some(remaster) = sprite_inputs::GameName::parse(&name).remaster_name() else {
                continue;
            };
            let sprite = ["_spr.bin", "_sp2.bin", "_shp.bin", "_seq.bin"]
                .iter()
                .any(|end| remaster.ends_with(end));
            if path.is_file() && sprite && !files.contains_key(&remaster) {
                files.insert(remaster, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut pac = PacBuilder::new();
    for (name, bytes) in &files {
        let storage = if name.ends_with("_spr.bin") || name.ends_with("_sp2.bin") {
            PacStorage::Gdeflate
        } else {
            PacStorage::Chunk(0)
        };
        pac = pac.stored_as(&format!("fftpack/unit/{name}"), bytes, storage);
    }
    pac.encrypted().build()
}

/// `serve --game` answers with the bytes `serve` gives from the same files loose: the kinds,
/// each kind's document and sheet, renders with a weapon's layers, Ramza's HD pair (`hd=1`, from
/// `g2d.dat`) in `charclut.nxd`'s colours (from `0004.pac`); `--originals MOD` over it serves the
/// mod's sheet as it does over the loose files.
#[test]
fn serve_from_an_install_answers_with_the_loose_files_bytes() {
    let test = "game_inputs_serve_from_an_install_answers_with_the_loose_files_bytes";
    let (Some(originals), Some(sheets), Some(wep), Some(ramuza), Some(clut)) = (
        test_support::originals(test),
        test_support::sheets(test),
        test_support::weapons_sheet(test),
        test_support::sheet(test, "RAMUZA.SPR"),
        test_support::nxd_file(test, "charclut.nxd"),
    ) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let data = dir.join("install/data/enhanced");
    std::fs::create_dir_all(&data).unwrap();
    let weapons = wep.parent().unwrap();
    std::fs::write(
        data.join("0002.pac"),
        unit_archive(&[&originals, &sheets, weapons]),
    )
    .unwrap();
    // Ramza's HD pair (830/831, made from his sheet by `sheet upscale`): loose beside a copy of
    // the sheets, and entries 830 and 831 of the install's g2d.dat.
    let loose_sheets = dir.join("sheets");
    std::fs::create_dir_all(&loose_sheets).unwrap();
    for item in std::fs::read_dir(&sheets).unwrap() {
        let path = item.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, loose_sheets.join(path.file_name().unwrap())).unwrap();
        }
    }
    let upper = loose_sheets.join("tex_830.bin");
    expect(&run(["sheet", "upscale", s(&ramuza), "-o", s(&upper)]), 0);
    let mut specs = vec![G2dSpec::Empty; 830];
    specs.push(G2dSpec::Zlib(std::fs::read(&upper).unwrap()));
    specs.push(G2dSpec::Zlib(
        std::fs::read(loose_sheets.join("tex_831.bin")).unwrap(),
    ));
    let g2d = PacBuilder::new()
        .stored_as(
            "system/ffto/g2d.dat",
            &g2d_dat(&specs),
            PacStorage::Gdeflate,
        )
        .encrypted()
        .build();
    std::fs::write(data.join("0007.pac"), g2d).unwrap();
    // His colours: charclut.nxd in the sheets' nxd/, and in the install's 0004.pac.
    let clut = std::fs::read(clut).unwrap();
    std::fs::create_dir_all(loose_sheets.join("nxd")).unwrap();
    std::fs::write(loose_sheets.join("nxd/charclut.nxd"), &clut).unwrap();
    let tables = PacBuilder::new()
        .folder("nxd")
        .stored_as("charclut.nxd", &clut, PacStorage::Chunk(0))
        .encrypted()
        .build();
    std::fs::write(data.join("0004.pac"), tables).unwrap();
    let game = dir.join("install");
    let sheets = loose_sheets;
    // A mod whose Ramza sheet has another first colour in its first palette.
    let unit = dir.join("mod/FFTIVC/data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&unit).unwrap();
    let mut edited = std::fs::read(&ramuza).unwrap();
    edited[2] ^= 0x1F;
    std::fs::write(unit.join("battle_ramuza_spr.bin"), &edited).unwrap();
    let modded = dir.join("mod");

    let loose_args = [
        "--originals",
        s(&originals),
        "--sheets",
        s(&sheets),
        "--weapon-sheet",
        s(&wep),
    ];
    let loose = Server::start(&loose_args, &[]);
    let from_game = Server::start(&["--game", s(&game)], &[]);
    assert!(
        from_game.banner.iter().any(|l| l.starts_with("  type1 ")
            && l.contains("/0002.pac:fftpack/unit/battle_ramuza_spr.bin (16 palettes)")
            && l.contains("/0007.pac:system/ffto/g2d/tex_830.bin + ")),
        "{:#?}",
        from_game.banner
    );
    let kinds = loose.get("/api/v1/kinds").json();
    let served = from_game.get("/api/v1/kinds").json();
    // The kinds as served, but for the sheets' file names: the install's are the remaster's.
    let unnamed = |mut kinds: serde_json::Value| {
        for kind in kinds.as_array_mut().unwrap() {
            let kind = kind.as_object_mut().unwrap();
            kind.remove("sheetFile");
            kind.remove("sp2File");
        }
        kinds
    };
    assert_eq!(unnamed(served), unnamed(kinds.clone()));
    let names: Vec<&str> = kinds
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"type1"), "{names:?}");
    for name in &names {
        for target in [
            format!("/api/v1/data?kind={name}"),
            format!("/api/v1/sheet.png?kind={name}"),
        ] {
            let (a, b) = (loose.get(&target), from_game.get(&target));
            assert_eq!((a.status, b.status), (200, 200), "{target}");
            assert!(a.body == b.body, "{target}: other bytes from the install");
        }
    }
    for target in [
        "/api/v1/render.gif?kind=type1&animation=Swing%20High&weapon=sword",
        "/api/v1/sheet.png?kind=type1&hd=1",
        "/api/v1/render.png?kind=type1&frame=88&hd=1",
        "/api/v1/render.png?kind=type1&frame=88&hd=1&variant=1",
    ] {
        let (a, b) = (loose.get(target), from_game.get(target));
        assert_eq!((a.status, b.status), (200, 200), "{target}: {}", b.text());
        assert!(a.body == b.body, "{target}: other bytes from the install");
    }
    // The install's table coloured them: its rows (1, 0) and (1, 1) draw apart.
    let row = |variant: u8| {
        let target = format!("/api/v1/render.png?kind=type1&frame=88&hd=1&variant={variant}");
        from_game.get(&target).body
    };
    assert!(
        row(0) != row(1),
        "variant= made no difference: no charclut.nxd read"
    );
    assert!(loose.terminate().success());
    assert!(from_game.terminate().success());

    // A mod over each: the mod's sheet wins over the install as over the loose files.
    let over_loose = Server::start(
        &[&loose_args[..], &["--originals", s(&modded)]].concat(),
        &[],
    );
    let over_game = Server::start(&["--game", s(&game), "--originals", s(&modded)], &[]);
    let target = "/api/v1/sheet.png?kind=type1";
    let (a, b) = (over_loose.get(target), over_game.get(target));
    assert_eq!((a.status, b.status), (200, 200), "{target}");
    assert!(a.body == b.body, "{target}: not the mod's sheet");
    let unmodded = {
        let server = Server::start(&["--game", s(&game)], &[]);
        server.get(target).body
    };
    assert!(b.body != unmodded, "the mod's sheet made no difference");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The binary with neither `FFT_ORIGINALS` nor `FFT_SHEETS`, so that only the flags name
/// where the game's files are.
fn run_bare(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(args)
        .env_remove(test_support::ORIGINALS_VAR)
        .env_remove(test_support::SHEETS_VAR)
        .output()
        .expect("the binary runs")
}

/// `mod add --game`: a picture of Ramza's sheet is imported against the install's
/// `battle_ramuza_spr.bin`, and placed as the same bytes, said the same way, as against the
/// loose sheet with `--originals`.
#[test]
fn mod_add_over_an_install_places_what_it_places_over_loose_files() {
    let test = "game_inputs_mod_add_over_an_install_places_what_it_places";
    let Some(sheets) = test_support::sheets(test) else {
        return;
    };
    let Some(ramuza) = test_support::sheet(test, "RAMUZA.SPR") else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let data = dir.join("install/data/enhanced");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("0002.pac"), unit_archive(&[&sheets])).unwrap();
    let game = dir.join("install");
    let picture = dir.join("ramuza.png");
    expect(&run_bare(&["sheet", s(&ramuza), "-o", s(&picture)]), 0);
    let mut placed = Vec::new();
    for (name, from) in [
        ("loose", ["--originals", s(&sheets)]),
        ("game", ["--game", s(&game)]),
    ] {
        let modded = dir.join(name);
        expect(
            &run_bare(&["mod", "new", s(&modded), "--id", "a.b", "--name", "A"]),
            0,
        );
        let said = expect(
            &run_bare(&[&["mod", "add", s(&modded), s(&picture)][..], &from[..]].concat()),
            0,
        );
        let file = modded.join("FFTIVC/data/enhanced/fftpack/unit/battle_ramuza_spr.bin");
        placed.push((said, std::fs::read(&file).unwrap()));
    }
    let [(loose_said, loose_bytes), (game_said, game_bytes)] = &placed[..] else {
        unreachable!()
    };
    assert!(
        game_said.contains("/0002.pac:fftpack/unit/battle_ramuza_spr.bin: the same sheet"),
        "{game_said}"
    );
    assert!(
        game_bytes == loose_bytes,
        "other bytes placed over the install"
    );
    // The picture is the retail sheet's own: it imports back to it byte for byte.
    assert!(game_bytes == &std::fs::read(&ramuza).unwrap());
    // The lines but for the sheet compared with's name and the mod's folder.
    let line = |said: &str| -> Vec<String> {
        said.lines()
            .map(|l| match l.split_once(" against ") {
                Some((head, rest)) => {
                    format!("{head} against: {}", rest.split_once(": ").unwrap().1)
                }
                None => l.to_owned(),
            })
            .map(|l| {
                l.replace(s(&dir.join("loose")), "MOD")
                    .replace(s(&dir.join("game")), "MOD")
            })
            .collect()
    };
    assert_eq!(line(game_said), line(loose_said));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ramza's colours from the install: `nxd/charclut.nxd`, an entry of an XORed `0004.pac` (its
/// folder `nxd`, a shared chunk, as the game keeps it), colours his pair (830/831 of `g2d.dat`,
/// made here by `sheet upscale` from RAMUZA.SPR) in row (1, 0)'s colours, read from the
/// table's bytes; the picture is the one the same files draw loose through `--originals`.
#[test]
fn ramzas_colours_come_from_the_installs_charclut() {
    let test = "game_inputs_ramzas_colours_come_from_the_installs_charclut";
    let (Some(ramuza), Some(clut)) = (
        test_support::sheet(test, "RAMUZA.SPR"),
        test_support::nxd_file(test, "charclut.nxd"),
    ) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let loose = dir.join("loose");
    std::fs::create_dir_all(loose.join("nxd")).unwrap();
    std::fs::copy(&ramuza, loose.join("battle_ramuza_spr.bin")).unwrap();
    let clut = std::fs::read(clut).unwrap();
    std::fs::write(loose.join("nxd/charclut.nxd"), &clut).unwrap();
    let upper = loose.join("tex_830.bin");
    expect(&run(["sheet", "upscale", s(&ramuza), "-o", s(&upper)]), 0);
    let read = |name: &str| std::fs::read(loose.join(name)).unwrap();

    let data = dir.join("install/data/enhanced");
    std::fs::create_dir_all(&data).unwrap();
    let mut specs = vec![G2dSpec::Empty; 830];
    specs.push(G2dSpec::Zlib(read("tex_830.bin")));
    specs.push(G2dSpec::Zlib(read("tex_831.bin")));
    let archives = [
        (
            "0002.pac",
            PacBuilder::new()
                .stored_as(
                    "fftpack/unit/battle_ramuza_spr.bin",
                    &read("battle_ramuza_spr.bin"),
                    PacStorage::Gdeflate,
                )
                .encrypted(),
        ),
        (
            "0004.pac",
            PacBuilder::new()
                .folder("nxd")
                .stored_as("charclut.nxd", &clut, PacStorage::Chunk(0))
                .stored_as("other.nxd", b"another table", PacStorage::Chunk(0))
                .encrypted(),
        ),
        (
            "0007.pac",
            PacBuilder::new()
                .stored_as(
                    "system/ffto/g2d.dat",
                    &g2d_dat(&specs),
                    PacStorage::Gdeflate,
                )
                .encrypted(),
        ),
    ];
    for (name, pac) in archives {
        std::fs::write(data.join(name), pac.build()).unwrap();
    }
    let game = dir.join("install");
    // The command runs in an empty folder: nothing beside a bare tex_830.bin.
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let doc = test_support::fixtures::document("type1");
    let draw = |from: &[&str], name: &str| {
        let out = dir.join(name);
        let args = [
            &["render", "--data", s(&doc), "--sheet", "tex_830.bin"][..],
            &["--frame", "88", "-o", s(&out)],
            from,
        ]
        .concat();
        let said = expect(&run_in(&work, &args), 0);
        (said, std::fs::read(out).unwrap())
    };
    let (said, from_game) = draw(&["--game", s(&game)], "game.png");
    assert!(
        said.contains("row (1, 0)") && said.contains("0004.pac:nxd/charclut.nxd"),
        "{said}"
    );
    let (said, from_loose) = draw(&["--originals", s(&loose)], "loose.png");
    assert!(said.contains("row (1, 0)"), "{said}");
    assert!(from_game == from_loose, "not the loose files' picture");
    // Each colour drawn is one of row (1, 0)'s, read from the table's bytes (docs/formats/nxd.md
    // 7.3: 48-byte rows from 0x379), never the SPR's.
    let row: std::collections::BTreeSet<[u8; 3]> = clut[0x379 + 3..0x379 + 48]
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let drawn = opaque_colours(&from_game);
    assert!(drawn.len() > 4 && drawn.is_subset(&row), "{drawn:?}");
    // The bare name is the install's table: its 16 rows listed.
    let text = expect(
        &run_in(&work, &["inspect", "charclut.nxd", "--game", s(&game)]),
        0,
    );
    assert!(text.contains("/0004.pac:nxd/charclut.nxd"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("  (")).count(),
        16,
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The opaque colours of a PNG (RGB), each once.
fn opaque_colours(png_bytes: &[u8]) -> std::collections::BTreeSet<[u8; 3]> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    buffer[..info.buffer_size()]
        .chunks(4)
        .filter(|p| p[3] == 0xFF)
        .map(|p| [p[0], p[1], p[2]])
        .collect()
}
