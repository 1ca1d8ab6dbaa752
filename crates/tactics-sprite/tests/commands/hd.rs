//! The remaster's HD sheets through the command line (docs/remaster.md): a tex file taken where
//! a sheet is (`render`, `export-aseprite`), `draw --hd`, `inspect` of a half, and the refusals
//! of bad input, one line naming the file, exit 1. The pairs are read from `FFT_HD` and copied
//! into the temp dir when a test needs them apart from their SPR; nothing is written elsewhere.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s};
use serde_json::Value;
use test_support::{fixtures, hd_file, temp_dir};

/// The squire's pair and its SPR, copied into a fresh folder: `(folder, tex_992, tex_993, SPR)`.
fn squire_copy(test: &str, with_spr: bool) -> Option<(PathBuf, PathBuf, PathBuf, PathBuf)> {
    let upper = hd_file(test, "tex_992.bin")?;
    let lower = hd_file(test, "tex_993.bin")?;
    let spr = hd_file(test, "battle_mina_m_spr.bin")?;
    let dir = temp_dir(test);
    let copy = |from: &Path| {
        let to = dir.join(from.file_name().unwrap());
        std::fs::copy(from, &to).unwrap();
        to
    };
    let (upper, lower) = (copy(&upper), copy(&lower));
    let spr = if with_spr { copy(&spr) } else { spr };
    Some((dir, upper, lower, spr))
}

fn render(args: &[&str]) -> std::process::Output {
    let doc = fixtures::document("type1");
    let mut all = vec!["render", "--data", s(&doc)];
    all.extend_from_slice(args);
    run(all)
}

/// Width and height of a PNG, from its IHDR.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn render_takes_either_half_and_draws_at_twice_the_size() {
    let test = "render_takes_either_half_and_draws_at_twice_the_size";
    let Some((dir, upper, lower, spr)) = squire_copy(test, true) else {
        return;
    };
    let sd = dir.join("sd.png");
    expect(
        &render(&["--sheet", s(&spr), "--frame", "88", "--out", s(&sd)]),
        0,
    );
    let mut pictures = Vec::new();
    for (name, given) in [("upper", &upper), ("lower", &lower)] {
        let out = dir.join(format!("hd-{name}.png"));
        let text = expect(
            &render(&["--sheet", s(given), "--frame", "88", "--out", s(&out)]),
            0,
        );
        assert!(
            text.contains(&format!("{} + {}", upper.display(), lower.display())),
            "{text}"
        );
        // The SPR found beside the pair by the table's unit, and said so.
        assert!(
            text.contains("mina_m's SPR by the HD table, found beside the pair"),
            "{text}"
        );
        assert!(text.lines().any(|l| l.starts_with("hd ")), "{text}");
        pictures.push(std::fs::read(&out).unwrap());
        // Every cell, offset and the canvas twice the SD render's (docs/remaster.md "The
        // format": a cell (x, y, w, h) is (2x, 2y, 2w, 2h) on the HD sheet).
        let (w, h) = png_size(&sd);
        assert_eq!(png_size(&out), (2 * w, 2 * h));
    }
    assert_eq!(
        pictures[0], pictures[1],
        "either half gives the same picture"
    );
}

#[test]
fn palettes_from_colours_a_pair_whose_spr_is_elsewhere() {
    let test = "palettes_from_colours_a_pair_whose_spr_is_elsewhere";
    let Some((dir, upper, _, spr)) = squire_copy(test, false) else {
        return;
    };
    let out = dir.join("f.png");
    // No SPR beside the pair: one line naming the SPR looked for, exit 1.
    let err = expect(
        &render(&["--sheet", s(&upper), "--frame", "88", "--out", s(&out)]),
        1,
    );
    assert!(
        err.contains("MINA_M.SPR (or battle_mina_m_spr.bin)"),
        "{err}"
    );
    assert!(err.contains("--palettes-from"), "{err}");
    assert!(!out.exists());
    let text = expect(
        &render(&[
            "--sheet",
            s(&upper),
            "--palettes-from",
            s(&spr),
            "--frame",
            "88",
            "--out",
            s(&out),
        ]),
        0,
    );
    assert!(text.contains("(given;"), "{text}");
    assert!(out.exists());
}

#[test]
fn bad_tex_files_and_palette_files_are_one_line_exit_1() {
    let test = "bad_tex_files_and_palette_files_are_one_line_exit_1";
    let Some((dir, upper, lower, spr)) = squire_copy(test, true) else {
        return;
    };
    let out = dir.join("f.png");
    let bytes = std::fs::read(&upper).unwrap();
    // Truncated and oversized: neither half's size (131,072 or 118,784 bytes).
    for (name, len) in [("short", 131_071), ("long", 131_073)] {
        let folder = dir.join(name);
        std::fs::create_dir_all(&folder).unwrap();
        let path = folder.join("tex_992.bin");
        let mut cut = bytes.clone();
        cut.resize(len, 0);
        std::fs::write(&path, &cut).unwrap();
        std::fs::copy(&lower, folder.join("tex_993.bin")).unwrap();
        let err = expect(
            &render(&["--sheet", s(&path), "--frame", "88", "--out", s(&out)]),
            1,
        );
        assert!(err.contains(s(&path)), "{err}");
        assert!(err.contains(&format!("this one is {len} bytes")), "{err}");
        let err = expect(&run(["inspect", s(&path)]), 1);
        assert!(err.contains(&format!("this one is {len} bytes")), "{err}");
    }
    // The other half missing.
    let alone = dir.join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy(&upper, alone.join("tex_992.bin")).unwrap();
    let err = expect(
        &render(&[
            "--sheet",
            s(&alone.join("tex_992.bin")),
            "--palettes-from",
            s(&spr),
            "--frame",
            "88",
            "--out",
            s(&out),
        ]),
        1,
    );
    assert!(err.contains("tex_993.bin"), "{err}");
    assert!(err.contains("is not there"), "{err}");
    // A palette file that is no SPR (the document), named.
    let not_spr = fixtures::document("type1");
    let err = expect(
        &render(&[
            "--sheet",
            s(&upper),
            "--palettes-from",
            s(&not_spr),
            "--frame",
            "88",
            "--out",
            s(&out),
        ]),
        1,
    );
    assert!(err.contains(s(&not_spr)), "{err}");
    assert!(!out.exists());
}

#[test]
fn inspect_says_which_unit_and_half_and_agrees_with_the_docs_table() {
    let test = "inspect_says_which_unit_and_half_and_agrees_with_the_docs_table";
    let Some(path) = hd_file(test, "tex_993.bin") else {
        return;
    };
    let text = expect(&run(["inspect", "--json", s(&path)]), 0);
    let report: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["kind"], "hd-half");
    assert_eq!(report["header"]["unit"], "mina_m's pair (tex 992/993)");
    assert_eq!(report["header"]["half"], "lower");
    assert_eq!(report["header"]["height"], 464);
    assert_eq!(report["header"]["spr_rows"], "256-487");
    // Opaque pixels counted here from the bytes: a nibble other than 0 is one.
    let bytes = std::fs::read(&path).unwrap();
    let opaque: usize = bytes
        .iter()
        .map(|b| usize::from(b & 0x0F != 0) + usize::from(b >> 4 != 0))
        .sum();
    assert_eq!(report["counts"]["opaque_pixels"], opaque);
    // docs/remaster.md's table (measured by docs/hd-agreement.py): the lower half of 992/993
    // against battle_mina_m_spr.bin, IoU 0.9450, coverage 0.9576, index match 0.8342.
    let close = |key: &str, want: f64| {
        let got = report["counts"][key].as_f64().unwrap();
        assert!((got - want).abs() < 0.00005, "{key}: {got} vs {want}");
    };
    close("silhouette_iou", 0.9450);
    close("silhouette_coverage", 0.9576);
    close("index_match", 0.8342);
    // The project keeps no digests of HD files (sprite_inputs::retail lists SHP and SEQ only):
    // the text says so rather than calling a real HD file unknown; JSON keeps its `null`.
    assert_eq!(report["retail"], Value::Null);
    let text = expect(&run(["inspect", s(&path)]), 0);
    let retail = text.lines().find(|l| l.starts_with("retail")).unwrap();
    assert!(
        retail.ends_with("no digest on record (none is kept of the remaster's HD files)"),
        "{text}"
    );
}

#[test]
fn draw_hd_doubles_every_place_size_and_move() {
    let doc = fixtures::document("type1");
    for args in [
        &["--animation", "Walk", "--view", "3", "--tick", "20"][..],
        &["--idle", "--view", "5"][..],
    ] {
        let mut sd_args = vec!["draw", "--data", s(&doc)];
        sd_args.extend_from_slice(args);
        let sd: Value = serde_json::from_str(&expect(&run(&sd_args), 0)).unwrap();
        sd_args.push("--hd");
        let hd: Value = serde_json::from_str(&expect(&run(&sd_args), 0)).unwrap();
        assert_eq!(hd["sheetScale"], 2);
        for key in ["moveX", "moveY"] {
            assert_eq!(hd[key].as_i64().unwrap(), 2 * sd[key].as_i64().unwrap());
        }
        let (sd_tiles, hd_tiles) = (
            sd["tiles"].as_array().unwrap(),
            hd["tiles"].as_array().unwrap(),
        );
        assert_eq!(sd_tiles.len(), hd_tiles.len());
        for (a, b) in sd_tiles.iter().zip(hd_tiles) {
            for key in ["x", "y", "w", "h"] {
                assert_eq!(b[key].as_f64().unwrap(), 2.0 * a[key].as_f64().unwrap());
            }
            assert_eq!(a["cell"], b["cell"]);
        }
    }
}

#[test]
fn export_aseprite_of_a_pair_is_at_twice_the_size() {
    let test = "export_aseprite_of_a_pair_is_at_twice_the_size";
    let Some((dir, upper, _, spr)) = squire_copy(test, true) else {
        return;
    };
    let doc = fixtures::document("type1");
    let (sd_dir, hd_dir) = (dir.join("sd"), dir.join("hd"));
    for (out, sheet) in [(&sd_dir, &spr), (&hd_dir, &upper)] {
        expect(
            &run([
                "export-aseprite",
                "--data",
                s(&doc),
                "--sheet",
                s(sheet),
                "--out",
                s(out),
            ]),
            0,
        );
    }
    let json = |dir: &Path, stem: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{stem}.json"))).unwrap())
            .unwrap()
    };
    let sd = json(&sd_dir, "mina_m");
    let hd = json(&hd_dir, "tex_992");
    let frame_size = |v: &Value| {
        let frames = v["frames"].as_object().unwrap();
        let first = frames.values().next().unwrap()["sourceSize"].clone();
        (first["w"].as_u64().unwrap(), first["h"].as_u64().unwrap())
    };
    let (w, h) = frame_size(&sd);
    assert_eq!(frame_size(&hd), (2 * w, 2 * h));
}

/// A PNG of `width` x `height` RGBA pixels.
fn rgba_png(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(rgba).unwrap();
    writer.finish().unwrap();
    out
}

#[test]
fn sheet_export_and_import_give_back_each_pair_byte_for_byte() {
    let test = "sheet_export_and_import_give_back_each_pair_byte_for_byte";
    for (n, spr) in [
        (992, "battle_mina_m_spr.bin"),
        (1000, "battle_knight_m_spr.bin"),
        (1012, "battle_siro_m_spr.bin"),
    ] {
        let (Some(upper), Some(lower), Some(_)) = (
            hd_file(test, &format!("tex_{n}.bin")),
            hd_file(test, &format!("tex_{}.bin", n + 1)),
            hd_file(test, spr),
        ) else {
            return;
        };
        let dir = temp_dir(&format!("{test}-{n}"));
        let picture = dir.join("pair.png");
        // From the lower half: the pair is found either way.
        expect(
            &run([
                "sheet",
                "export",
                s(&lower),
                "--palette",
                "2",
                "-o",
                s(&picture),
            ]),
            0,
        );
        let out = dir.join(format!("tex_{n}.bin"));
        let text = expect(&run(["sheet", "import", s(&picture), "-o", s(&out)]), 0);
        assert!(text.contains(&format!("tex_{}.bin", n + 1)), "{text}");
        for (written, original) in [
            (&out, &upper),
            (&dir.join(format!("tex_{}.bin", n + 1)), &lower),
        ] {
            assert!(
                std::fs::read(written).unwrap() == std::fs::read(original).unwrap(),
                "{} is not {} byte for byte",
                written.display(),
                original.display()
            );
        }
    }
}

#[test]
fn a_painted_colour_no_palette_holds_is_refused_naming_the_pixel() {
    let test = "a_painted_colour_no_palette_holds_is_refused_naming_the_pixel";
    let Some((dir, upper, _, spr)) = squire_copy(test, true) else {
        return;
    };
    let picture = dir.join("pair.png");
    expect(&run(["sheet", s(&upper), "-o", s(&picture)]), 0);
    // The picture in colours, as an editor that drops the palette saves it: 16 colours of
    // palette 0 (index 0 clear). Then a 17th painted at (300, 700).
    let frame = test_support::browser::png_frames(&std::fs::read(&picture).unwrap()).remove(0);
    assert_eq!((frame.width, frame.height), (512, 976));
    let mut rgba = frame.rgba;
    let at = (700 * 512 + 300) * 4;
    rgba[at..at + 4].copy_from_slice(&[1, 2, 3, 255]);
    let painted = dir.join("painted.png");
    std::fs::write(&painted, rgba_png(512, 976, &rgba)).unwrap();
    let out = dir.join("out").join("tex_992.bin");
    // Without palettes to match the colours to: said so.
    let err = expect(&run(["sheet", "import", s(&painted), "-o", s(&out)]), 1);
    assert!(err.contains("--palettes-from"), "{err}");
    let err = expect(
        &run([
            "sheet",
            "import",
            s(&painted),
            "--palettes-from",
            s(&spr),
            "-o",
            s(&out),
        ]),
        1,
    );
    assert!(err.contains(s(&painted)), "{err}");
    assert!(err.contains("(300, 700)"), "{err}");
    assert!(!out.exists() && !dir.join("out").join("tex_993.bin").exists());
}

#[test]
fn a_picture_of_60000_by_60000_is_refused_from_its_header() {
    let dir = temp_dir("a_picture_of_60000_by_60000_is_refused_from_its_header");
    // A header of 60,000 x 60,000 RGBA (14.4 GB of pixels) and no pixel data: refused before
    // anything is decoded, so no allocation is attempted.
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, 60_000, 60_000);
        encoder.set_color(png::ColorType::Rgba);
        let writer = encoder.write_header().unwrap();
        drop(writer);
    }
    let huge = dir.join("huge.png");
    std::fs::write(&huge, &out).unwrap();
    let target = dir.join("tex_992.bin");
    let err = expect(&run(["sheet", "import", s(&huge), "-o", s(&target)]), 1);
    assert!(err.contains(s(&huge)), "{err}");
    assert!(err.contains("60000"), "{err}");
    assert!(!target.exists());
}

#[test]
fn sheet_upscale_writes_a_pair_of_the_spr_doubled() {
    let test = "sheet_upscale_writes_a_pair_of_the_spr_doubled";
    let Some(spr_path) = hd_file(test, "battle_mina_m_spr.bin") else {
        return;
    };
    let dir = temp_dir(test);
    // Named by the lower half: the table gives 992/993.
    let out = dir.join("tex_993.bin");
    expect(&run(["sheet", "upscale", s(&spr_path), "-o", s(&out)]), 0);
    let upper = std::fs::read(dir.join("tex_992.bin")).unwrap();
    let lower = std::fs::read(&out).unwrap();
    assert_eq!((upper.len(), lower.len()), (131_072, 118_784));
    // Every HD pixel is the SPR pixel at half its place (docs/remaster.md: SPR rows 0-255 in the
    // upper half, 256-487 in the lower), both read here from the bytes, low nibble left.
    let spr = fft_formats::spr::Spr::decode(&std::fs::read(&spr_path).unwrap()).unwrap();
    let nibble = |bytes: &[u8], x: usize, y: usize| {
        let byte = bytes[y * 256 + x / 2];
        if x % 2 == 0 { byte & 0x0F } else { byte >> 4 }
    };
    for y in (0..976).step_by(7) {
        for x in (0..512).step_by(3) {
            let got = if y < 512 {
                nibble(&upper, x, y)
            } else {
                nibble(&lower, x, y - 512)
            };
            assert_eq!(got, spr.pixels[(y / 2) * 256 + x / 2], "({x}, {y})");
        }
    }
    // Named neither way: a usage error.
    let err = expect(
        &run([
            "sheet",
            "upscale",
            s(&spr_path),
            "-o",
            s(&dir.join("squire.bin")),
        ]),
        2,
    );
    assert!(err.contains("tex_N.bin"), "{err}");
    // A file that is no SPR.
    let err = expect(
        &run([
            "sheet",
            "upscale",
            s(&fixtures::document("type1")),
            "-o",
            s(&out),
        ]),
        1,
    );
    assert!(err.contains(s(&fixtures::document("type1"))), "{err}");
}

#[test]
fn sheet_export_of_a_pair_refuses_a_portrait_and_palettes_that_are_no_spr() {
    let test = "sheet_export_of_a_pair_refuses_a_portrait_and_palettes_that_are_no_spr";
    let Some((dir, upper, _, _)) = squire_copy(test, true) else {
        return;
    };
    let picture = dir.join("p.png");
    expect(
        &run(["sheet", s(&upper), "--portrait", "-o", s(&picture)]),
        2,
    );
    let doc = fixtures::document("type1");
    let err = expect(
        &run([
            "sheet",
            s(&upper),
            "--palettes-from",
            s(&doc),
            "-o",
            s(&picture),
        ]),
        1,
    );
    assert!(err.contains(s(&doc)), "{err}");
    assert!(!picture.exists());
}

#[test]
fn diff_of_two_halves_says_where_the_pixels_changed() {
    let test = "diff_of_two_halves_says_where_the_pixels_changed";
    let (Some(upper), Some(lower)) = (hd_file(test, "tex_992.bin"), hd_file(test, "tex_993.bin"))
    else {
        return;
    };
    let dir = temp_dir(test);
    let edited = dir.join("tex_992.bin");
    let mut bytes = std::fs::read(&upper).unwrap();
    // Byte 70,000 is row 70000 / 256 = 273, pixels 2 x (70000 % 256) = 224 and 225; both
    // nibbles changed.
    bytes[70_000] ^= 0xFF;
    std::fs::write(&edited, &bytes).unwrap();
    let output = run(["diff", s(&upper), s(&edited)]);
    test_support::cli::assert_exit(&output, 1);
    let text = common::stdout(&output);
    assert!(
        text.contains(
            "2 of 262144 changed, within columns 224..=225, rows 273..=273 of the upper half"
        ),
        "{text}"
    );
    let output = run(["diff", s(&upper), s(&lower)]);
    test_support::cli::assert_exit(&output, 1);
    assert!(common::stdout(&output).contains("two halves of a pair"));
    expect(&run(["roundtrip", s(&upper)]), 0);
}

#[test]
fn with_disc_the_pair_s_spr_is_found_in_the_image() {
    let test = "with_disc_the_pair_s_spr_is_found_in_the_image";
    let Some((dir, upper, _, spr)) = squire_copy(test, false) else {
        return;
    };
    let Some(xorriso) = test_support::disc::tool(test, "xorriso", "xorriso") else {
        return;
    };
    // An image holding the squire's SPR under its disc name; the tex files are on the disk (no
    // PlayStation disc has one).
    let root = dir.join("root");
    std::fs::create_dir_all(root.join("BATTLE")).unwrap();
    std::fs::copy(&spr, root.join("BATTLE/MINA_M.SPR")).unwrap();
    let image = dir.join("game.iso");
    test_support::disc::xorriso(&xorriso, &root, &image);
    let from_image = dir.join("image.png");
    let text = expect(
        &render(&[
            "--disc",
            s(&image),
            "--sheet",
            s(&upper),
            "--frame",
            "88",
            "--out",
            s(&from_image),
        ]),
        0,
    );
    assert!(text.contains("mina_m's SPR by the HD table, in"), "{text}");
    assert!(text.contains("BATTLE/MINA_M.SPR"), "{text}");
    let given = dir.join("given.png");
    expect(
        &render(&[
            "--sheet",
            s(&upper),
            "--palettes-from",
            s(&spr),
            "--frame",
            "88",
            "--out",
            s(&given),
        ]),
        0,
    );
    assert!(std::fs::read(&from_image).unwrap() == std::fs::read(&given).unwrap());
}
