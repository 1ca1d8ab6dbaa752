//! `--disc IMAGE` for the drawing commands and the server, on images made at test time from the
//! retail files and sheets (never committed): `render` and `export-aseprite` read `--sheet`,
//! `--sp2` (given or found beside the sheet) and `--weapon-sheet` from the image and write the
//! same bytes as from the loose files; a name is never read from the disk; `serve --disc` answers
//! `/api/v1/data`, the sheets and a weapon render with the bytes it serves from the loose files.

mod common;
mod serve_support;

use std::path::Path;

use common::{expect, run, s};
use serve_support::Server;
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

    // Not in the image: one line naming the image and the path looked for, and, when a file of
    // that name is on disk, that it is not read.
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
    let image = images.cooked.display();
    assert_eq!(
        missing("ON-DISK.SP2").trim_end(),
        format!(
            "tactics-sprite: {image}: no BATTLE/ON-DISK.SP2 in the image; with --disc, --sp2 \
             names a file in the image, not ON-DISK.SP2 on disk"
        )
    );
    assert_eq!(
        missing("EVENT/X.SP2").trim_end(),
        format!("tactics-sprite: {image}: no EVENT/X.SP2 in the image")
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
    let unnamed = |mut kinds: serde_json::Value| {
        for kind in kinds.as_array_mut().unwrap() {
            let kind = kind.as_object_mut().unwrap();
            kind.remove("sheetFile");
            kind.remove("sp2File");
        }
        kinds
    };
    assert_eq!(unnamed(from_disc), unnamed(kinds.clone()));
    let names: Vec<&str> = kinds
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    assert!(names.len() >= 8, "{names:?}");
    for name in names {
        for target in [
            format!("/api/v1/data?kind={name}"),
            format!("/api/v1/sheet.png?kind={name}"),
        ] {
            let (a, b) = (loose.get(&target), disc.get(&target));
            assert_eq!((a.status, b.status), (200, 200), "{target}");
            assert!(a.body == b.body, "{target}: other bytes from the disc");
        }
    }
    for target in [
        "/api/v1/render.gif?kind=type1&animation=Swing%20High&weapon=sword",
        "/api/v1/render.png?kind=mon&animation=Bomb%20Explode",
    ] {
        let (a, b) = (loose.get(target), disc.get(target));
        assert_eq!((a.status, b.status), (200, 200), "{target}: {}", b.text());
        assert!(a.body == b.body, "{target}: other bytes from the disc");
    }
    assert!(loose.terminate().success());
    assert!(disc.terminate().success());
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}
