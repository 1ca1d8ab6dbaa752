//! Images expanded by Shishi Sprite Editor's layout (docs/disc.md "Expanded images"), made at
//! test time by hand (`test_support::expanded`, none of the `disc-image` crate's code) from the
//! retail files: every command that takes a sheet's name finds it in its slot, with the same
//! pictures and reports as from the loose file, and `serve --disc` the same answers as from the
//! retail image; `disc ls` names each slot's sprite; `disc patch` writes a bigger sheet into its
//! slot; `disc expand` writes an image they all read; a bad table is one line and exit 1.

use std::path::Path;

use crate::common::{expect, run, s};
use crate::serve_support::Server;
use disc_image::IsoWriter;
use test_support::expanded::{Expanded, expanded_images};

fn images(test: &str) -> Option<Expanded> {
    for sheet in ["RAMUZA.SPR", "BEHI.SPR", "BEHI2.SP2"] {
        test_support::sheet(test, sheet)?;
    }
    expanded_images(test)
}

/// A PNG's pixels and palette.
fn pixels(png_bytes: &[u8]) -> (Vec<u8>, Option<Vec<u8>>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut buf).unwrap();
    let palette = reader.info().palette.as_ref().map(|p| p.to_vec());
    (buf, palette)
}

fn written(args: &[&str], out: &Path) -> Vec<u8> {
    expect(&run(args), 0);
    std::fs::read(out).unwrap_or_else(|e| panic!("{}: {e}", out.display()))
}

#[test]
fn an_expanded_image_gives_the_loose_files_pictures_by_their_names() {
    let test = "an_expanded_image_gives_the_loose_files_pictures_by_their_names";
    let Some(images) = images(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let loose = images.root.join("BATTLE");
    let out = |name: &str| dir.join(name);
    let type1 = test_support::fixtures::path("documents/type1.json");
    let swing = ["--animation", "Swing High", "--view", "2", "--scale", "2"];
    let render = |sheet: &str, disc: Option<&Path>, to: &str| {
        let mut args = vec!["render", "--data", s(&type1), "--sheet", sheet];
        if let Some(disc) = disc {
            args.extend(["--disc", s(disc)]);
        }
        args.extend(swing);
        let to = dir.join(to);
        args.extend(["-o", s(&to)]);
        written(&args, &to)
    };
    let loose_ramuza = loose.join("RAMUZA.SPR");
    let expected = render(s(&loose_ramuza), None, "loose.gif");
    for image in [&images.cooked, &images.mode1] {
        for name in ["RAMUZA.SPR", "battle_ramuza_spr.bin", "BATTLE/01.SPR"] {
            assert!(
                render(name, Some(image), "disc.gif") == expected,
                "{}: render --sheet {name}: another GIF",
                image.display()
            );
        }
    }
    // A sheet's picture and its report, and the SP2 found by its retail name in its slot's.
    let cooked = s(&images.cooked).to_owned();
    for name in ["BEHI.SPR", "BEHI2.SP2"] {
        let expected = written(
            &["sheet", s(&loose.join(name)), "-o", s(&out("loose.png"))],
            &out("loose.png"),
        );
        let picture = written(
            &[
                "sheet",
                "export",
                "--disc",
                &cooked,
                name,
                "-o",
                s(&out("disc.png")),
            ],
            &out("disc.png"),
        );
        // The same pixels and palette; the PNG's `spPl` chunk (docs/rendering.md)
        // says the zeros to the slot's end, which the loose file has not.
        assert!(
            pixels(&picture) == pixels(&expected),
            "sheet export --disc {name}"
        );
    }

    // disc ls: each slot with its sprite, where the table puts it.
    let listing = expect(&run(["disc", "ls", &cooked]), 0);
    let line = listing
        .lines()
        .find(|l| l.ends_with("BATTLE/01.SPR  (RAMUZA.SPR)"))
        .unwrap_or_else(|| panic!("no slot 01 in {listing}"));
    // Slot 1 is at 219,250 + 32.
    assert_eq!(
        line.split_whitespace().take(2).collect::<Vec<_>>(),
        ["65536", "219282"]
    );
    assert!(listing.contains("BATTLE/93.SP2  (BEHI2.SP2)"), "{listing}");

    // disc extract by the retail name: the loose file, and zeros to the slot's end.
    let extracted = dir.join("extracted");
    expect(
        &run([
            "disc",
            "extract",
            &cooked,
            "RAMUZA.SPR",
            "-o",
            s(&extracted),
        ]),
        0,
    );
    let bytes = std::fs::read(extracted.join("RAMUZA.SPR")).unwrap();
    let original = std::fs::read(loose.join("RAMUZA.SPR")).unwrap();
    assert_eq!(bytes.len(), 65536);
    assert!(bytes[..original.len()] == original[..]);
    assert!(bytes[original.len()..].iter().all(|b| *b == 0));

    // disc patch: a sheet of 50 KiB into its slot, read back the same.
    let mut edited = original.clone();
    edited[2] ^= 0x1F;
    edited.resize(50 * 1024, 0);
    std::fs::write(out("edited.spr"), &edited).unwrap();
    let patched = out("patched.img");
    let said = expect(
        &run([
            "disc",
            "patch",
            s(&images.mode1),
            "--file",
            &format!("battle_ramuza_spr.bin={}", s(&out("edited.spr"))),
            "-o",
            s(&patched),
        ]),
        0,
    );
    assert!(
        said.contains("patched BATTLE/RAMUZA.SPR (slot 01.SPR): 65536 -> 51200 bytes in its 32 sectors from 219282")
            && said.contains("directory record resized, location table resized"),
        "{said}"
    );
    let back = dir.join("back");
    expect(
        &run(["disc", "extract", s(&patched), "RAMUZA.SPR", "-o", s(&back)]),
        0,
    );
    assert!(std::fs::read(back.join("RAMUZA.SPR")).unwrap() == edited);
    // More than the slot: refused, both sizes named.
    std::fs::write(out("big.spr"), vec![0u8; 70_000]).unwrap();
    let output = run([
        "disc",
        "patch",
        s(&images.mode1),
        "--file",
        &format!("RAMUZA.SPR={}", s(&out("big.spr"))),
        "-o",
        s(&out("no.img")),
    ]);
    let said = expect(&output, 1);
    assert!(
        said.contains("the new file is 70000 bytes, but its slot 01.SPR holds 65536 bytes"),
        "{said}"
    );
    assert!(!out("no.img").exists());
}

#[test]
fn disc_expand_writes_an_image_every_command_reads_by_name() {
    let test = "disc_expand_writes_an_image_every_command_reads_by_name";
    let Some(images) = images(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let ours = dir.join("ours.iso");
    let said = expect(
        &run(["disc", "expand", s(&images.retail), "-o", s(&ours)]),
        0,
    );
    assert!(
        said.contains("159 slots of 64 KiB from sector 219250"),
        "{said}"
    );
    let listing = expect(&run(["disc", "ls", s(&ours)]), 0);
    assert!(
        listing.contains("65536  219282  BATTLE/01.SPR  (RAMUZA.SPR)"),
        "{listing}"
    );
    assert!(!listing.contains("BATTLE/RAMUZA.SPR"), "{listing}");
    let extracted = dir.join("out");
    expect(
        &run([
            "disc",
            "extract",
            s(&ours),
            "battle_ramuza_spr.bin",
            "-o",
            s(&extracted),
        ]),
        0,
    );
    let original = std::fs::read(images.root.join("BATTLE/RAMUZA.SPR")).unwrap();
    let bytes = std::fs::read(extracted.join("RAMUZA.SPR")).unwrap();
    assert!(bytes[..original.len()] == original[..] && bytes.len() == 65536);
    // Once is enough.
    let said = expect(
        &run(["disc", "expand", s(&ours), "-o", s(&dir.join("twice.iso"))]),
        1,
    );
    assert!(said.contains("the image is already expanded"), "{said}");

    // inspect of a sheet in an image with BATTLE.BIN: the kind from its sprite attributes
    // (0x2D748, 4 bytes a position: SHP kind, SEQ kind, flying, height; RAMUZA.SPR is 01).
    let mut retail = std::fs::read(&images.retail).unwrap();
    let top = test_support::expanded::root(&retail);
    let bin = top.iter().find(|r| r.name == "BATTLE.BIN;1").unwrap();
    let at = bin.lba as usize * 2048 + 0x2D748 + 4;
    retail[at..at + 4].copy_from_slice(&[1, 1, 0, 28]);
    let edited = dir.join("attributes.iso");
    std::fs::write(&edited, retail).unwrap();
    let report = expect(&run(["inspect", "--disc", s(&edited), "RAMUZA.SPR"]), 0);
    assert!(
        report.contains(
            "drawn   as SHP TYPE2, SEQ TYPE2 (BATTLE.BIN's sprite attributes, position 01), \
             flying no, height 28"
        ),
        "{report}"
    );
}

#[test]
fn serve_from_an_expanded_image_answers_as_from_the_retail_one() {
    let test = "serve_from_an_expanded_image_answers_as_from_the_retail_one";
    let Some(images) = images(test) else {
        return;
    };
    // The retail image's answers are the loose files' (disc_inputs.rs holds that).
    let retail = Server::start(&["--disc", s(&images.retail)], &[]);
    let expanded = Server::start(&["--disc", s(&images.cooked)], &[]);
    // A kind whose sheet the test image lacks (drawn on a synthetic sheet from the retail
    // image) has an empty slot of zeros in the expanded one, as every position gets a slot: only
    // the kinds whose sheets are there are compared.
    let kinds = retail.get("/api/v1/kinds").json();
    let from_expanded = expanded.get("/api/v1/kinds").json();
    let mut compared = 0;
    for (kind, other) in kinds
        .as_array()
        .unwrap()
        .iter()
        .zip(from_expanded.as_array().unwrap())
    {
        if kind["sheet"] == "synthetic" {
            continue;
        }
        // The expanded image has a slot for every sprite, so its kinds list every sheet of the
        // table, those the test image lacks as empty slots: each sheet the retail image holds is
        // listed the same, and the rest of the kind is the same.
        let listed =
            |kind: &serde_json::Value| kind["sheets"].as_array().cloned().unwrap_or_default();
        let in_expanded = listed(other);
        for sheet in listed(kind) {
            assert!(
                in_expanded.contains(&sheet),
                "{sheet} not listed by {other}"
            );
        }
        let without_sheets = |kind: &serde_json::Value| {
            let mut kind = kind.clone();
            kind.as_object_mut().unwrap().remove("sheets");
            kind
        };
        assert_eq!(without_sheets(other), without_sheets(kind));
        compared += 1;
        let name = kind["kind"].as_str().unwrap();
        for target in [
            format!("/api/v1/data?kind={name}"),
            format!("/api/v1/sheet.png?kind={name}"),
        ] {
            let (a, b) = (retail.get(&target), expanded.get(&target));
            assert_eq!((a.status, b.status), (200, 200), "{target}");
            assert!(
                a.body == b.body,
                "{target}: other bytes from the expanded image"
            );
        }
    }
    assert!(compared >= 2, "{compared} kinds compared");
}

#[test]
fn a_bad_location_table_is_one_line_and_exit_1() {
    let test = "a_bad_location_table_is_one_line_and_exit_1";
    let dir = test_support::temp_dir(test);
    let (mut bytes, placed) = IsoWriter::new("MOD")
        .file("BATTLE.BIN", &vec![0; 0x2E800])
        .file("BATTLE/01.SPR", &[1; 5000])
        .build();
    // Slot 01's record: sector 219282, far past this small image's end.
    let at = placed[0].lba as usize * 2048 + 0x2DCD4 + 8;
    bytes[at..at + 4].copy_from_slice(&219_282u32.to_le_bytes());
    bytes[at + 4..at + 8].copy_from_slice(&5000u32.to_le_bytes());
    let image = dir.join("mod.iso");
    std::fs::write(&image, bytes).unwrap();
    for args in [
        vec!["disc", "ls", s(&image)],
        vec![
            "sheet",
            "export",
            "--disc",
            s(&image),
            "RAMUZA.SPR",
            "-o",
            "x.png",
        ],
    ] {
        let said = expect(&run(&args), 1);
        assert_eq!(said.trim_end().lines().count(), 1, "{args:?}: {said}");
        assert!(
            said.contains("mod.iso: sector ")
                && said.contains("slot 01.SPR (RAMUZA.SPR): BATTLE.BIN's sprite location table puts it at sectors 219282..219285 (5000 bytes), past the image's end"),
            "{args:?}: {said}"
        );
    }
}

/// Where the location table and the `BATTLE` folder disagree, every command that reads the image
/// says so in one line, once, not only `disc`: the table gives slot 02 (RAMUZA2.SPR) 2000 bytes,
/// the folder 3000, and the game reads 2000.
#[test]
fn a_disagreeing_table_is_said_once_by_any_command_that_reads_the_image() {
    let test = "a_disagreeing_table_is_said_once_by_any_command_that_reads_the_image";
    let dir = test_support::temp_dir(test);
    let (mut bytes, placed) = IsoWriter::new("MOD")
        .file("BATTLE.BIN", &vec![0; 0x2E800])
        .file("BATTLE/01.SPR", &[1; 5000])
        .file("BATTLE/02.SPR", &[2; 3000])
        .build();
    let table = placed[0].lba as usize * 2048 + 0x2DCD4;
    for (i, p) in placed[1..].iter().enumerate() {
        let at = table + (i + 1) * 8;
        bytes[at..at + 4].copy_from_slice(&p.lba.to_le_bytes());
        bytes[at + 4..at + 8].copy_from_slice(&p.size.to_le_bytes());
    }
    bytes[table + 16 + 4..table + 16 + 8].copy_from_slice(&2000u32.to_le_bytes());
    let image = dir.join("mod.iso");
    std::fs::write(&image, bytes).unwrap();
    let out = dir.join("ramuza2.spr");
    let output = run([
        "sheet",
        "export",
        "--disc",
        s(&image),
        "RAMUZA2.SPR",
        "-o",
        s(&out),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let said: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("sprite location table and the BATTLE folder disagree"))
        .collect();
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(said[0].contains("the table is read"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}
