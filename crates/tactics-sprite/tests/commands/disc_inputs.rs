//! `--disc IMAGE` for the drawing commands and the server, on images made at test time from the
//! retail files and sheets (never committed): `render` and `export-aseprite` read `--sheet`,
//! `--sp2` (given or found beside the sheet) and `--weapon-sheet` from the image and write the
//! same bytes as from the loose files; a name the image holds is never read from the disk;
//! `disasm`, `inspect`, `sheet`, `diff`, `build` and `disc patch` find a file by any form of its
//! name; `serve --disc` answers `/api/v1/data`, the sheets and a weapon render with the bytes it
//! serves from the loose files.

use std::path::Path;

use crate::common::{expect, run, s};
use crate::serve_support::Server;
use test_support::disc::{Images, images};
use test_support::fixtures;

/// The images, when every file these tests draw from is there to put on them (else the loud
/// skip of the first one missing).
fn images_with_sheets(test: &str) -> Option<Images> {
    for sheet in ["RAMUZA.SPR", "BEHI.SPR", "BEHI2.SP2"] {
        test_support::sheet(test, sheet)?;
    }
    test_support::weapons_sheet(test)?;
    Some(images(test)?.0)
}

/// Runs the binary and returns the file it wrote at `out`.
fn written(args: &[&str], out: &Path) -> Vec<u8> {
    expect(&run(args), 0);
    std::fs::read(out).unwrap_or_else(|e| panic!("{}: {e}", out.display()))
}

/// A render of `doc` from `sheet` (with `more` flags), from the loose file or, with `disc`, from
/// the image: the bytes of `-o`.
fn render(doc: &Path, disc: Option<&Path>, sheet: &str, more: &[&str], out: &Path) -> Vec<u8> {
    let mut args = vec!["render", "--data", s(doc), "--sheet", sheet];
    if let Some(disc) = disc {
        args.extend(["--disc", s(disc)]);
    }
    args.extend_from_slice(more);
    args.extend(["-o", s(out)]);
    written(&args, out)
}

#[test]
fn render_and_export_from_a_disc_write_the_loose_files_bytes() {
    let test = "render_and_export_from_a_disc_write_the_loose_files_bytes";
    let Some(images) = images_with_sheets(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    // The loose files are the ones the image was mastered from, under the same disc names, so
    // that even the names written into an export are the same.
    let loose = images.root.join("BATTLE");
    let file = |name: &str| s(&loose.join(name)).to_owned();
    let (type1, mon) = (
        fixtures::path("documents/type1.json"),
        fixtures::path("documents/mon.json"),
    );
    let swing = ["--animation", "Swing High", "--view", "2", "--scale", "2"];
    let out = |name: &str| dir.join(name);

    let from_loose = render(&type1, None, &file("RAMUZA.SPR"), &swing, &out("loose.gif"));
    for (form, image) in images.forms() {
        let from_disc = render(&type1, Some(image), "RAMUZA.SPR", &swing, &out("disc.gif"));
        assert!(
            from_disc == from_loose,
            "{form}: another GIF than from the loose sheet"
        );
    }
    let cue = images.mode2_cue.as_path();

    // The SP2 MON's Bomb Explode draws from: found beside the sheet in the image, or given.
    let bomb = ["--animation", "Bomb Explode", "--labels"];
    let mut given = bomb.to_vec();
    given.extend(["--sp2", "BEHI2.SP2"]);
    let loose_sp2 = file("BEHI2.SP2");
    let mut given_loose = bomb.to_vec();
    given_loose.extend(["--sp2", &loose_sp2]);
    let from_loose = render(
        &mon,
        None,
        &file("BEHI.SPR"),
        &given_loose,
        &out("loose.png"),
    );
    for more in [&bomb[..], &given[..]] {
        let from_disc = render(&mon, Some(cue), "BEHI.SPR", more, &out("disc.png"));
        assert!(
            from_disc == from_loose,
            "{more:?}: another strip than from the loose files"
        );
    }

    // The weapons sheet from the image.
    let (wep1, eff1) = (
        fixtures::path("layers/wep1.json"),
        fixtures::path("layers/eff1.json"),
    );
    let wep = file("WEP.SPR");
    let weapon = |sheet: &'static str| -> Vec<String> {
        let sheet = if sheet.is_empty() {
            wep.as_str()
        } else {
            sheet
        };
        [
            "--animation",
            "Swing High",
            "--weapon",
            "sword",
            "--weapon-sheet",
            sheet,
        ]
        .into_iter()
        .chain(["--weapon-data", s(&wep1), "--effect-data", s(&eff1)])
        .map(str::to_owned)
        .collect()
    };
    let (ramuza, out_apng) = (file("RAMUZA.SPR"), out("w.apng"));
    let from_loose = render(&type1, None, &ramuza, &strs(&weapon("")), &out_apng);
    let from_disc = render(
        &type1,
        Some(cue),
        "RAMUZA.SPR",
        &strs(&weapon("WEP.SPR")),
        &out_apng,
    );
    assert!(
        from_disc == from_loose,
        "another weapon render than from the loose WEP.SPR"
    );

    // export-aseprite: both files.
    let export = |folder: &str, sheet: &str, disc: Option<&Path>| {
        let folder = dir.join(folder);
        let mut args = vec!["export-aseprite", "--data", s(&type1), "--sheet", sheet];
        if let Some(disc) = disc {
            args.extend(["--disc", s(disc)]);
        }
        args.extend(["-o", s(&folder)]);
        expect(&run(&args), 0);
        ["RAMUZA.png", "RAMUZA.json"].map(|f| std::fs::read(folder.join(f)).expect("written"))
    };
    let from_loose = export("loose", &file("RAMUZA.SPR"), None);
    let from_disc = export("disc", "RAMUZA.SPR", Some(&images.cooked));
    assert!(
        from_disc == from_loose,
        "another export than from the loose sheet"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn with_disc_a_sheet_is_named_in_the_image_and_never_read_from_the_disk() {
    let test = "with_disc_a_sheet_is_named_in_the_image_and_never_read_from_the_disk";
    let Some(images) = images_with_sheets(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let type1 = fixtures::path("documents/type1.json");
    let frame = ["--frame", "10"];
    let loose = images.root.join("BATTLE/RAMUZA.SPR");
    let expected = render(&type1, None, s(&loose), &frame, &dir.join("loose.png"));

    // A bare name, the remaster's name, and the path `disc ls` lists all name the image's file;
    // a decoy of that name in the working folder is not read.
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    std::fs::write(work.join("RAMUZA.SPR"), b"not a sheet").unwrap();
    std::fs::write(work.join("battle_ramuza_spr.bin"), b"not a sheet").unwrap();
    for name in [
        "RAMUZA.SPR",
        "ramuza.spr",
        "battle_ramuza_spr.bin",
        "BATTLE/RAMUZA.SPR;1",
    ] {
        let out = dir.join("disc.png");
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            .current_dir(&work)
            .args(["render", "--data", s(&type1), "--disc", s(&images.cooked)])
            .args(["--sheet", name, "--frame", "10", "-o", s(&out)])
            .output()
            .expect("runs");
        let printed = expect(&output, 0);
        assert!(
            printed.contains(&format!(
                "sheet   {}:BATTLE/RAMUZA.SPR (",
                images.cooked.display()
            )),
            "{name}: {printed}"
        );
        assert!(
            std::fs::read(&out).unwrap() == expected,
            "{name}: another picture"
        );
    }

    // Not in the image: a file on disk of that name is read (here a bad one, named by its path);
    // when there is none either, one line naming the image, the path looked for, and the disk.
    let missing = |name: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            .current_dir(&work)
            .args(["render", "--data", s(&type1), "--disc", s(&images.cooked)])
            .args(["--sheet", "RAMUZA.SPR", "--sp2", name, "--frame", "1", "-o"])
            .arg(dir.join("x.png"))
            .output()
            .expect("runs");
        expect(&output, 1)
    };
    std::fs::write(work.join("ON-DISK.SP2"), b"x").unwrap();
    let on_disk = missing("ON-DISK.SP2");
    assert!(
        on_disk.starts_with("tactics-sprite: ON-DISK.SP2: "),
        "{on_disk}"
    );
    let image = images.cooked.display();
    assert_eq!(
        missing("EVENT/X.SP2").trim_end(),
        format!("tactics-sprite: {image}: no EVENT/X.SP2 in the image, and no EVENT/X.SP2 on disk")
    );
    assert!(!dir.join("x.png").exists());

    // A SAS set is drawn from a PNG on disk: --disc is a usage error.
    let sas = run([
        "render",
        "--data",
        s(&fixtures::path("sas/synthetic.sas3")),
        "--sheet",
        s(&fixtures::path("sas/synthetic-sheet.png")),
        "--disc",
        s(&images.cooked),
        "--frame",
        "0",
        "-o",
        s(&dir.join("sas.png")),
    ]);
    assert!(expect(&sas, 2).contains("a SAS set is drawn from a PNG sheet on disk"));

    // An image that is none, and one that is not there: the disc reader's one line, exit 1.
    let bad_png = dir.join("bad.png");
    let from_image = |image: &Path| {
        let args = ["render", "--data", s(&type1), "--disc", s(image)];
        run(args
            .into_iter()
            .chain(["--sheet", "RAMUZA.SPR", "--frame", "0", "-o", s(&bad_png)]))
    };
    let notes = dir.join("notes.bin");
    std::fs::write(&notes, vec![0x55u8; 40_000]).unwrap();
    assert!(expect(&from_image(&notes), 1).contains("not a CD-ROM image"));
    // (The error once came twice, as the message and as its source.)
    let gone = dir.join("gone.cue");
    let missing = from_image(&gone);
    let missing = expect(&missing, 1);
    assert!(missing.starts_with(&format!(
        "tactics-sprite: {}: cannot read: ",
        gone.display()
    )));
    assert_eq!(missing.matches("(os error 2)").count(), 1, "{missing}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn serve_from_a_disc_answers_with_the_loose_files_bytes() {
    let test = "serve_from_a_disc_answers_with_the_loose_files_bytes";
    let Some(images) = images_with_sheets(test) else {
        return;
    };
    let (Some(originals), Some(sheets), Some(wep)) = (
        test_support::originals(test),
        test_support::sheets(test),
        test_support::weapons_sheet(test),
    ) else {
        return;
    };
    let loose = Server::start(
        &[
            "--originals",
            s(&originals),
            "--sheets",
            s(&sheets),
            "--weapon-sheet",
            s(&wep),
        ],
        &[],
    );
    let disc = Server::start(&["--disc", s(&images.mode2_cue)], &[]);
    // A cue's files are named in messages by the data file it names, which holds them.
    let cue = disc_image::Disc::open(&images.mode2_cue).expect("opens");
    let cue = cue.image();
    assert!(
        disc.banner.iter().any(|l| l.starts_with("  type1 ")
            && l.contains(&format!("sheet {cue}:BATTLE/RAMUZA.SPR (16 palettes)"))),
        "{:#?}",
        disc.banner
    );
    // The kinds as served, but for the sheets' file names: the image's are the disc names.
    let kinds = loose.get("/api/v1/kinds").json();
    let from_disc = disc.get("/api/v1/kinds").json();
    assert_eq!(from_disc[0]["sheetFile"], "RAMUZA.SPR");
    assert_eq!(from_disc[0]["sheets"][0]["file"], "DILY.SPR");
    let unnamed = |mut kinds: serde_json::Value| {
        for kind in kinds.as_array_mut().unwrap() {
            let kind = kind.as_object_mut().unwrap();
            kind.remove("sheetFile");
            kind.remove("sp2File");
            for sheet in kind
                .get_mut("sheets")
                .and_then(|sheets| sheets.as_array_mut())
                .into_iter()
                .flatten()
            {
                let sheet = sheet.as_object_mut().unwrap();
                sheet.remove("file");
                sheet.remove("sp2");
            }
        }
        kinds
    };
    assert_eq!(unnamed(from_disc), unnamed(kinds.clone()));
    let mut names: Vec<&str> = kinds
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    let mut present = kinds_with_their_files(test);
    present.sort_unstable();
    assert_eq!(
        names, present,
        "the kinds served are not the kinds whose files are there"
    );
    for name in &names {
        for target in [
            format!("/api/v1/data?kind={name}"),
            format!("/api/v1/sheet.png?kind={name}"),
        ] {
            let (a, b) = (loose.get(&target), disc.get(&target));
            assert_eq!((a.status, b.status), (200, 200), "{target}");
            assert!(a.body == b.body, "{target}: other bytes from the disc");
        }
    }
    // Each render with the files it draws from (a weapon's layers are WEP1's and EFF1's).
    for (needs, target) in [
        (
            &[
                "TYPE1.SHP",
                "TYPE1.SEQ",
                "WEP1.SHP",
                "WEP1.SEQ",
                "EFF1.SHP",
                "EFF1.SEQ",
            ][..],
            "/api/v1/render.gif?kind=type1&animation=Swing%20High&weapon=sword",
        ),
        (
            &["MON.SHP", "MON.SEQ"][..],
            "/api/v1/render.png?kind=mon&animation=Bomb%20Explode",
        ),
    ] {
        let missing = needs
            .iter()
            .filter(|file| test_support::retail_file(test, file).is_none())
            .count();
        if missing > 0 {
            continue;
        }
        let (a, b) = (loose.get(target), disc.get(target));
        assert_eq!((a.status, b.status), (200, 200), "{target}: {}", b.text());
        assert!(a.body == b.body, "{target}: other bytes from the disc");
    }
    assert!(loose.terminate().success());
    assert!(disc.terminate().success());
}

/// The unit kinds whose SHP and SEQ are both in the originals folder: the kinds a server of it
/// serves. Each file missing is skipped loudly (a failure under `FFT_REQUIRE_ORIGINALS=1`), so
/// the test checks the kinds there are with any subset of the game files.
fn kinds_with_their_files(test: &str) -> Vec<&'static str> {
    sprite_data::profile::UNIT_KINDS
        .iter()
        .filter(|kind| {
            let profile = kind.load();
            let shp = test_support::retail_file(test, &profile.shp);
            let seq = test_support::retail_file(test, &profile.seq);
            shp.is_some() && seq.is_some()
        })
        .map(|kind| kind.name)
        .collect()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The modder's path from a disc image (issue 33, frictions 1 and 2): every command that names a
/// game file reads it from `--disc` by any form of its name (the disc's, the remaster's, a path
/// with `\` and `;1`, any case), and gives what it gives from the loose file the image was
/// mastered from; a name the image does not hold is a file on disk (the edited SEQ `diff` and
/// `build` compare and build with); and `disc patch --file NAME=FILE` takes the same names.
#[test]
fn every_command_names_a_game_file_on_the_disc_the_same_way() {
    let test = "every_command_names_a_game_file_on_the_disc_the_same_way";
    for name in ["TYPE1.SHP", "TYPE1.SEQ"] {
        if test_support::retail_file(test, name).is_none() {
            return;
        }
    }
    let Some(images) = images_with_sheets(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let loose = images.root.join("BATTLE");
    let cue = s(&images.mode2_cue).to_owned();
    let out = |name: &str| dir.join(name);
    let forms = ["TYPE1.SEQ", "battle_type1_seq.bin", "BATTLE\\type1.seq;1"];

    // disasm: the same text.
    let expected = written(
        &[
            "disasm",
            s(&loose.join("TYPE1.SEQ")),
            "-o",
            s(&out("loose.txt")),
        ],
        &out("loose.txt"),
    );
    for name in forms {
        let text = written(
            &["disasm", "--disc", &cue, name, "-o", s(&out("disc.txt"))],
            &out("disc.txt"),
        );
        assert!(text == expected, "disasm --disc {name}: another text");
    }

    // inspect: the same report, but for the file's name (the image's path for it).
    let report = |args: &[&str]| -> serde_json::Value {
        let mut value: serde_json::Value = serde_json::from_str(&expect(&run(args), 0)).unwrap();
        value.as_object_mut().unwrap().remove("file");
        value
    };
    let expected = report(&["inspect", "--json", s(&loose.join("TYPE1.SEQ"))]);
    assert_eq!(expected["retail"], "TYPE1.SEQ");
    for name in forms {
        assert_eq!(
            report(&["inspect", "--json", "--disc", &cue, name]),
            expected,
            "inspect --disc {name}"
        );
    }

    // sheet export: the same picture, by the remaster's name too.
    let expected = written(
        &[
            "sheet",
            s(&loose.join("RAMUZA.SPR")),
            "-o",
            s(&out("loose.png")),
        ],
        &out("loose.png"),
    );
    for name in ["RAMUZA.SPR", "battle_ramuza_spr.bin", "battle/Ramuza.spr;1"] {
        let picture = written(
            &[
                "sheet",
                "export",
                "--disc",
                &cue,
                name,
                "-o",
                s(&out("disc.png")),
            ],
            &out("disc.png"),
        );
        assert!(picture == expected, "sheet export --disc {name}");
    }

    // An edited SEQ on disk (Walk's first delay, 6 ticks, made 8: docs/formats/seq.md 3.2, a
    // frame command is the frame and its delay), diffed against the image's and built with the
    // image's SHP.
    let edited = out("walk.seq");
    let mut edited_bytes = std::fs::read(loose.join("TYPE1.SEQ")).unwrap();
    let walk = walk_first_delay(&loose);
    assert_eq!(edited_bytes[walk], 6, "Walk opens with a delay of 6 ticks");
    edited_bytes[walk] = 8;
    std::fs::write(&edited, &edited_bytes).unwrap();
    let diffed = run(["diff", "--disc", &cue, "TYPE1.SEQ", s(&edited)]);
    test_support::cli::assert_exit(&diffed, 1);
    let printed = String::from_utf8_lossy(&diffed.stdout).into_owned();
    let disc_name = disc_image::Disc::open(&images.mode2_cue)
        .unwrap()
        .image()
        .to_owned();
    assert!(
        printed.contains(&format!("A  {disc_name}:BATTLE/TYPE1.SEQ")),
        "{printed}"
    );
    let built = written(
        &[
            "build",
            "--disc",
            &cue,
            "--seq",
            s(&edited),
            "-o",
            s(&out("disc.json")),
        ],
        &out("disc.json"),
    );
    let expected = written(
        &[
            "build",
            "--shp",
            s(&loose.join("TYPE1.SHP")),
            "--seq",
            s(&edited),
            "-o",
            s(&out("loose.json")),
        ],
        &out("loose.json"),
    );
    assert!(
        built == expected,
        "build --disc with an edited --seq on disk"
    );

    // disc patch: the name as everywhere.
    let sheet = std::fs::read(loose.join("RAMUZA.SPR")).unwrap();
    for name in [
        "RAMUZA.SPR",
        "battle_ramuza_spr.bin",
        "BATTLE\\ramuza.spr;1",
    ] {
        let mut painted = sheet.clone();
        let last = painted.len() - 1;
        painted[last] ^= 0x11;
        let file = out("painted.spr");
        std::fs::write(&file, &painted).unwrap();
        let patched = out("patched.cue");
        expect(
            &run([
                "disc",
                "patch",
                &cue,
                "--file",
                &format!("{name}={}", s(&file)),
                "-o",
                s(&patched),
            ]),
            0,
        );
        let got = disc_image::Disc::open(&patched)
            .unwrap()
            .read_path("BATTLE/RAMUZA.SPR", 1 << 20)
            .unwrap();
        assert!(got == painted, "patch --file {name}=...");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The byte of TYPE1.SEQ that holds Walk's first delay: slot 6's first command (the slot table
/// at 0x004 of u32 offsets into the stream at 0x406, docs/formats/seq.md 3.1), `Frame 11 6`.
pub(crate) fn walk_first_delay(battle: &Path) -> usize {
    let seq = std::fs::read(battle.join("TYPE1.SEQ")).unwrap();
    let at = 4 + 4 * 6;
    let offset = u32::from_le_bytes(seq[at..at + 4].try_into().unwrap()) as usize;
    let command = 0x406 + offset;
    assert_eq!(seq[command], 11, "Walk opens with frame 11");
    command + 1
}

/// The same lookup takes the mods issue's layered `--originals`: with `--originals GAME
/// --originals MOD`, where MOD holds an edited `battle_type1_seq.bin` in the loader's
/// `FFTIVC/data/enhanced/fftpack/unit/` (docs/mods.md), `disasm`, `inspect`, `build` and `check`
/// read the mod's SEQ and the game's SHP, and `sheet` the game's RAMUZA.SPR, each giving what it
/// gives from those loose files named by path.
#[test]
fn every_command_reads_layered_originals_through_the_same_lookup() {
    let test = "every_command_reads_layered_originals_through_the_same_lookup";
    let (Some(shp), Some(seq), Some(ramuza)) = (
        test_support::retail_file(test, "TYPE1.SHP"),
        test_support::retail_file(test, "TYPE1.SEQ"),
        test_support::sheet(test, "RAMUZA.SPR"),
    ) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let out = |name: &str| dir.join(name);
    let (game, modded) = (out("game"), out("mod"));
    let unit = modded.join("FFTIVC/data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&game).unwrap();
    std::fs::create_dir_all(&unit).unwrap();
    for (from, name) in [
        (&shp, "TYPE1.SHP"),
        (&seq, "TYPE1.SEQ"),
        (&ramuza, "RAMUZA.SPR"),
    ] {
        std::fs::copy(from, game.join(name)).unwrap();
    }
    let mut edited = std::fs::read(&seq).unwrap();
    let walk = walk_first_delay(&game);
    edited[walk] = 8;
    let edited_seq = unit.join("battle_type1_seq.bin");
    std::fs::write(&edited_seq, &edited).unwrap();
    let layered = ["--originals", s(&game), "--originals", s(&modded)];
    let with = |head: &[&str], tail: &[&str]| -> Vec<String> {
        let mut args: Vec<&str> = head.to_vec();
        args.extend(layered);
        args.extend(tail);
        args.into_iter().map(str::to_owned).collect()
    };

    let expected = written(
        &["disasm", s(&edited_seq), "-o", s(&out("loose.txt"))],
        &out("loose.txt"),
    );
    let text = written(
        &strs(&with(
            &["disasm"],
            &["TYPE1.SEQ", "-o", s(&out("layered.txt"))],
        )),
        &out("layered.txt"),
    );
    assert!(text == expected, "disasm --originals: not the mod's SEQ");

    let said = expect(&run(strs(&with(&["inspect"], &["--json", "TYPE1.SEQ"]))), 0);
    let value: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert_eq!(
        value["retail"],
        serde_json::Value::Null,
        "the mod's SEQ is no retail file"
    );
    let said = expect(
        &run(["inspect", "--json", "--originals", s(&game), "TYPE1.SEQ"]),
        0,
    );
    let value: serde_json::Value = serde_json::from_str(&said).unwrap();
    assert_eq!(value["retail"], "TYPE1.SEQ", "the game folder alone");

    let expected = written(
        &[
            "build",
            "--shp",
            s(&shp),
            "--seq",
            s(&edited_seq),
            "-o",
            s(&out("loose.json")),
        ],
        &out("loose.json"),
    );
    let built = written(
        &strs(&with(&["build"], &["-o", s(&out("layered.json"))])),
        &out("layered.json"),
    );
    assert!(built == expected, "build --originals: not the mod's pair");
    expect(
        &run(strs(&with(
            &["check", "--data", s(&out("layered.json"))],
            &[],
        ))),
        0,
    );

    let expected = written(
        &["sheet", s(&ramuza), "-o", s(&out("loose.png"))],
        &out("loose.png"),
    );
    let picture = written(
        &strs(&with(
            &["sheet"],
            &["battle_ramuza_spr.bin", "-o", s(&out("layered.png"))],
        )),
        &out("layered.png"),
    );
    assert!(
        picture == expected,
        "sheet --originals: not the game's sheet"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
