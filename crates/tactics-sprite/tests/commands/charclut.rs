//! Ramza's colours (`charclut.nxd`, docs/formats/nxd.md) through the command line: `inspect`
//! lists its rows as text and as JSON, each row's colours read here straight from the bytes at
//! the places the format page gives; a broken table is one line naming the file and offset;
//! `sheet export` of a Ramza pair shows its CharCLUT row in the PNG's PLTE, and `sheet import
//! --charclut` of that picture repainted writes the changed colours back into a copy of the file.

use crate::common::{expect, run, s};
use serde_json::Value;
use test_support::{nxd_file, temp_dir};

/// The 16 colours of the `index`-th row as `RRGGBB`, from the bytes: the tables lie back to back
/// from 0x379, 48 bytes each (docs/formats/nxd.md 7.3).
fn colours_in_file(bytes: &[u8], index: usize) -> Vec<String> {
    let at = 0x379 + 48 * index;
    bytes[at..at + 48]
        .chunks(3)
        .map(|c| format!("{:02X}{:02X}{:02X}", c[0], c[1], c[2]))
        .collect()
}

#[test]
fn inspect_lists_charclut_rows_as_text_and_json() {
    let Some(path) = nxd_file(
        "inspect_lists_charclut_rows_as_text_and_json",
        "charclut.nxd",
    ) else {
        return;
    };
    let bytes = std::fs::read(&path).unwrap();
    let text = expect(&run(["inspect", s(&path)]), 0);
    let field = |key: &str| {
        text.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|words| words.first() == Some(&key))
            .map(|words| words[1..].join(" "))
    };
    assert_eq!(field("kind").as_deref(), Some("nxd"), "{text}");
    assert_eq!(field("table").as_deref(), Some("CharCLUT"), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("  (")).collect();
    assert_eq!(rows.len(), 16, "{text}");
    assert!(rows[0].starts_with("  (1, 0)"), "{}", rows[0]);
    assert!(
        rows[0].ends_with(&colours_in_file(&bytes, 0).join(" ")),
        "{}",
        rows[0]
    );
    assert!(rows[15].starts_with("  (255, 1)"), "{}", rows[15]);

    let json: Value =
        serde_json::from_str(&expect(&run(["inspect", "--json", s(&path)]), 0)).expect("JSON");
    assert_eq!(json["kind"], "nxd");
    assert_eq!(json["counts"]["rows"], 16);
    assert_eq!(json["counts"]["sets"], 5);
    let listed = json["rows"].as_array().expect("rows");
    assert_eq!(listed.len(), 16);
    for (i, row) in listed.iter().enumerate() {
        let colours: Vec<String> = row["colours"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(colours, colours_in_file(&bytes, i), "row {i}");
    }
    assert_eq!(
        (&listed[5]["key"], &listed[5]["key2"]),
        (&Value::from(2), &Value::from(1))
    );
}

#[test]
fn inspect_of_a_broken_table_names_the_file_and_offset() {
    let Some(path) = nxd_file(
        "inspect_of_a_broken_table_names_the_file_and_offset",
        "charclut.nxd",
    ) else {
        return;
    };
    let mut bytes = std::fs::read(&path).unwrap();
    // Set 1's offset to its row records (0x40), pointed past the end.
    bytes[0x40..0x44].copy_from_slice(&0x10_0000u32.to_le_bytes());
    let dir = temp_dir("inspect_of_a_broken_table_names_the_file_and_offset");
    let broken = dir.join("charclut.nxd");
    std::fs::write(&broken, &bytes).unwrap();
    let err = expect(&run(["inspect", s(&broken)]), 1);
    assert!(err.contains("charclut.nxd"), "{err}");
    assert!(
        err.contains("0x003C") && err.contains("past the end"),
        "{err}"
    );
}

/// The opaque colours of a rendered PNG (RGB), each once.
fn opaque_colours(png_bytes: &[u8]) -> std::collections::BTreeSet<[u8; 3]> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgba, "an RGBA picture");
    buffer[..info.buffer_size()]
        .chunks(4)
        .filter(|p| p[3] == 0xFF)
        .map(|p| [p[0], p[1], p[2]])
        .collect()
}

/// The colours of row `index` as RGB, from the bytes (docs/formats/nxd.md 7.3), index 0 left out
/// (transparent).
fn row_colours(bytes: &[u8], index: usize) -> std::collections::BTreeSet<[u8; 3]> {
    let at = 0x379 + 48 * index;
    bytes[at + 3..at + 48]
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect()
}

/// Ramza's pair, made here from RAMUZA.SPR (`sheet upscale`, which writes tex_830.bin and
/// tex_831.bin, 830 being his chapter-1 number in the HD table), with the SPR beside it, and
/// charclut.nxd's bytes: `(folder, tex_830, charclut bytes)`.
fn ramza_pair(test: &str) -> Option<(std::path::PathBuf, std::path::PathBuf, Vec<u8>)> {
    let spr = test_support::sheet(test, "RAMUZA.SPR")?;
    let clut = nxd_file(test, "charclut.nxd")?;
    let dir = temp_dir(test);
    std::fs::copy(&spr, dir.join("RAMUZA.SPR")).unwrap();
    let upper = dir.join("tex_830.bin");
    expect(&run(["sheet", "upscale", s(&spr), "-o", s(&upper)]), 0);
    assert!(dir.join("tex_831.bin").is_file());
    Some((dir, upper, std::fs::read(clut).unwrap()))
}

fn render_frame(upper: &std::path::Path, out: &std::path::Path, extra: &[&str]) -> String {
    let doc = test_support::fixtures::document("type1");
    let mut args = vec!["render", "--data", s(&doc), "--sheet", s(upper)];
    args.extend(["--frame", "88", "--out", s(out)]);
    args.extend_from_slice(extra);
    expect(&run(args), 0)
}

#[test]
fn a_ramza_pair_is_drawn_in_charclut_colours_and_without_it_in_the_sprs() {
    let test = "a_ramza_pair_is_drawn_in_charclut_colours_and_without_it_in_the_sprs";
    let Some((dir, upper, clut)) = ramza_pair(test) else {
        return;
    };
    // Without charclut.nxd: the SPR's palette 0, and one line saying so.
    let without = dir.join("without.png");
    let said = render_frame(&upper, &without, &[]);
    assert!(said.contains("no charclut.nxd found"), "{said}");
    let spr_drawn = opaque_colours(&std::fs::read(&without).unwrap());
    assert!(
        !spr_drawn.is_subset(&row_colours(&clut, 0)),
        "{spr_drawn:?}"
    );

    // Beside the pair: row (1, 0), the game's own; each pixel one of its colours.
    std::fs::write(dir.join("charclut.nxd"), &clut).unwrap();
    let with = dir.join("with.png");
    let said = render_frame(&upper, &with, &[]);
    assert!(said.contains("row (1, 0)"), "{said}");
    let drawn = opaque_colours(&std::fs::read(&with).unwrap());
    assert!(drawn.is_subset(&row_colours(&clut, 0)), "{drawn:?}");
    assert!(drawn.len() > 4, "{drawn:?}");

    // --variant 1: row (1, 1), the second table.
    let variant = dir.join("variant.png");
    render_frame(&upper, &variant, &["--variant", "1"]);
    let drawn = opaque_colours(&std::fs::read(&variant).unwrap());
    assert!(drawn.is_subset(&row_colours(&clut, 1)), "{drawn:?}");
    assert!(!drawn.is_subset(&row_colours(&clut, 0)), "{drawn:?}");

    // --charclut FILE, from elsewhere; and a row the file lacks, the request's fault (exit 2).
    std::fs::remove_file(dir.join("charclut.nxd")).unwrap();
    let elsewhere = temp_dir(&format!("{test}_elsewhere")).join("charclut.nxd");
    std::fs::write(&elsewhere, &clut).unwrap();
    let given = dir.join("given.png");
    render_frame(&upper, &given, &["--charclut", s(&elsewhere)]);
    assert!(opaque_colours(&std::fs::read(&given).unwrap()).is_subset(&row_colours(&clut, 0)));
    let doc = test_support::fixtures::document("type1");
    let err = expect(
        &run([
            "render",
            "--data",
            s(&doc),
            "--sheet",
            s(&upper),
            "--frame",
            "88",
            "--out",
            s(&given),
            "--charclut",
            s(&elsewhere),
            "--variant",
            "9",
        ]),
        2,
    );
    assert!(
        err.contains("no row (1, 9)") && err.contains("--variant 9"),
        "{err}"
    );
}

#[test]
fn palette_shows_a_row_and_sets_it_without_adding_one() {
    let test = "palette_shows_a_row_and_sets_it_without_adding_one";
    let Some(path) = nxd_file(test, "charclut.nxd") else {
        return;
    };
    let bytes = std::fs::read(&path).unwrap();
    let shown = expect(
        &run(["palette", s(&path), "--key", "2", "--variant", "1"]),
        0,
    );
    // Row (2, 1) is the 6th row.
    assert!(
        shown.contains(&colours_in_file(&bytes, 5).join(" ")),
        "{shown}"
    );

    let dir = temp_dir(test);
    let out = dir.join("charclut.nxd");
    let green: Vec<String> = (0..16).map(|i| format!("00{:02X}00", 8 * i)).collect();
    let said = expect(
        &run([
            "palette",
            s(&path),
            "--key",
            "2",
            "--variant",
            "1",
            "--set",
            &green.join(","),
            "-o",
            s(&out),
        ]),
        0,
    );
    assert!(
        said.contains("15 of 16 colours changed") || said.contains("16 of 16"),
        "{said}"
    );
    let written = std::fs::read(&out).unwrap();
    assert_eq!(written.len(), bytes.len());
    assert_eq!(colours_in_file(&written, 5), green);
    let at = 0x379 + 5 * 48;
    let differing: Vec<usize> = (0..bytes.len())
        .filter(|&i| written[i] != bytes[i])
        .collect();
    assert!(
        differing.iter().all(|i| (at..at + 48).contains(i)),
        "{differing:X?}"
    );

    // A row the file lacks, and a list of 15: refused, nothing written.
    let missing = dir.join("missing.nxd");
    let err = expect(
        &run([
            "palette",
            s(&path),
            "--key",
            "4",
            "--set",
            &green.join(","),
            "-o",
            s(&missing),
        ]),
        2,
    );
    assert!(
        err.contains("no row (4, 0)") && err.contains("never added"),
        "{err}"
    );
    let err = expect(
        &run([
            "palette",
            s(&path),
            "--set",
            &green[..15].join(","),
            "-o",
            s(&missing),
        ]),
        2,
    );
    assert!(err.contains("15 colours"), "{err}");
    assert!(!missing.exists());
}

/// An 8-bit indexed PNG of one pixel whose palette is `colours`.
fn indexed_png(colours: &[[u8; 3]]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, 1, 1);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(colours.concat());
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&[1])
        .unwrap();
    out
}

#[test]
fn palette_takes_a_rows_colours_from_a_pngs_palette() {
    let test = "palette_takes_a_rows_colours_from_a_pngs_palette";
    let Some(path) = nxd_file(test, "charclut.nxd") else {
        return;
    };
    let bytes = std::fs::read(&path).unwrap();
    let dir = temp_dir(test);
    let colours: Vec<[u8; 3]> = (0..16u8).map(|i| [8 * i, 0, 255 - i]).collect();
    let png = dir.join("palette.png");
    std::fs::write(&png, indexed_png(&colours)).unwrap();
    let out = dir.join("charclut.nxd");
    expect(
        &run([
            "palette",
            s(&path),
            "--key",
            "3",
            "--variant",
            "2",
            "--from-png",
            s(&png),
            "-o",
            s(&out),
        ]),
        0,
    );
    let written = std::fs::read(&out).unwrap();
    // Row (3, 2) is the 11th.
    let hex: Vec<String> = colours
        .iter()
        .map(|c| format!("{:02X}{:02X}{:02X}", c[0], c[1], c[2]))
        .collect();
    assert_eq!(colours_in_file(&written, 10), hex);
    assert_eq!(colours_in_file(&written, 9), colours_in_file(&bytes, 9));
    let short = dir.join("short.png");
    std::fs::write(&short, indexed_png(&colours[..8])).unwrap();
    let err = expect(
        &run([
            "palette",
            s(&path),
            "--from-png",
            s(&short),
            "-o",
            s(&dir.join("no.nxd")),
        ]),
        1,
    );
    assert!(err.contains("8 colours"), "{err}");
}

/// The PLTE of a PNG as `RRGGBB`, entry by entry.
fn plte_of(png_bytes: &[u8]) -> Vec<String> {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let reader = decoder.read_info().expect("a PNG");
    reader
        .info()
        .palette
        .as_deref()
        .expect("an indexed PNG")
        .chunks(3)
        .map(|c| format!("{:02X}{:02X}{:02X}", c[0], c[1], c[2]))
        .collect()
}

#[test]
fn sheet_export_of_a_ramza_pair_carries_charclut_colours_in_its_palette() {
    let test = "sheet_export_of_a_ramza_pair_carries_charclut_colours_in_its_palette";
    let Some((dir, upper, clut)) = ramza_pair(test) else {
        return;
    };
    let export = |out: &std::path::Path, extra: &[&str]| {
        let mut args = vec!["sheet", "export", s(&upper), "-o", s(out)];
        args.extend_from_slice(extra);
        expect(&run(args), 0)
    };
    // Without charclut.nxd: the SPR's palette 0, and render's line saying so.
    let without = dir.join("without.png");
    let said = export(&without, &[]);
    assert!(
        said.contains("note    no charclut.nxd found (beside the pair, in the originals' nxd/)"),
        "{said}"
    );
    let spr_plte = plte_of(&std::fs::read(&without).unwrap());
    assert_ne!(spr_plte, colours_in_file(&clut, 0));

    // Beside the pair: row (1, 0), the first table in the file, entry for entry.
    std::fs::write(dir.join("charclut.nxd"), &clut).unwrap();
    let with = dir.join("with.png");
    let said = export(&with, &[]);
    assert!(said.contains("row (1, 0)"), "{said}");
    assert!(!said.contains("note"), "{said}");
    let png = std::fs::read(&with).unwrap();
    assert_eq!(plte_of(&png), colours_in_file(&clut, 0));

    // --variant 1: row (1, 1), the second table; --charclut FILE from elsewhere, the same.
    let variant = dir.join("variant.png");
    export(&variant, &["--variant", "1"]);
    assert_eq!(
        plte_of(&std::fs::read(&variant).unwrap()),
        colours_in_file(&clut, 1)
    );
    std::fs::remove_file(dir.join("charclut.nxd")).unwrap();
    let elsewhere = temp_dir(&format!("{test}_elsewhere")).join("charclut.nxd");
    std::fs::write(&elsewhere, &clut).unwrap();
    let given = dir.join("given.png");
    export(&given, &["--charclut", s(&elsewhere), "--variant", "1"]);
    assert_eq!(
        plte_of(&std::fs::read(&given).unwrap()),
        colours_in_file(&clut, 1)
    );

    // The picture still gives the pair back: its indices are the pair's.
    let back = dir.join("back").join("tex_830.bin");
    std::fs::create_dir_all(back.parent().unwrap()).unwrap();
    let imported = run(["sheet", "import", s(&with), "-o", s(&back)]);
    expect(&imported, 0);
    // Its PLTE is unlike the chunk's SPR palette: the warning sends the recolour to the row.
    let warned = crate::common::stderr(&imported);
    assert!(
        warned.contains("recolour Ramza's row of charclut.nxd with `tactics-sprite palette`"),
        "{warned}"
    );
    assert!(std::fs::read(&back).unwrap() == std::fs::read(&upper).unwrap());
}

/// Sets PLTE entry `index` of the PNG `bytes` to `rgb`, the chunk's CRC recomputed, as an editor
/// that keeps the other chunks would.
fn paint_plte(bytes: &mut [u8], index: usize, rgb: [u8; 3]) {
    let mut at = 8;
    loop {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        if &bytes[at + 4..at + 8] == b"PLTE" {
            bytes[at + 8 + 3 * index..at + 8 + 3 * index + 3].copy_from_slice(&rgb);
            let mut crc = flate2::Crc::new();
            crc.update(&bytes[at + 4..at + 8 + len]);
            bytes[at + 8 + len..at + 12 + len].copy_from_slice(&crc.sum().to_be_bytes());
            return;
        }
        at += 12 + len;
        assert!(at < bytes.len(), "no PLTE");
    }
}

#[test]
fn sheet_import_of_a_repainted_ramza_pair_writes_its_colours_into_charclut() {
    let test = "sheet_import_of_a_repainted_ramza_pair_writes_its_colours_into_charclut";
    let Some((dir, upper, clut)) = ramza_pair(test) else {
        return;
    };
    std::fs::write(dir.join("charclut.nxd"), &clut).unwrap();
    let picture = dir.join("ramza.png");
    expect(&run(["sheet", "export", s(&upper), "-o", s(&picture)]), 0);
    let mut png = std::fs::read(&picture).unwrap();
    paint_plte(&mut png, 3, [0x0A, 0xC8, 0x1E]);
    paint_plte(&mut png, 4, [0x14, 0xDC, 0x28]);
    std::fs::write(&picture, &png).unwrap();

    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let target = out.join("charclut.nxd");
    std::fs::write(&target, &clut).unwrap();
    let said = expect(
        &run([
            "sheet",
            "import",
            s(&picture),
            "-o",
            s(&out.join("tex_830.bin")),
            "--charclut",
            s(&target),
        ]),
        0,
    );
    assert!(said.contains("row (1, 0): colours 3, 4 written"), "{said}");
    // The game's bytes but for colours 3 and 4 of the first table (row (1, 0)), set by hand.
    let mut expected = clut.clone();
    expected[0x379 + 9..0x379 + 15].copy_from_slice(&[0x0A, 0xC8, 0x1E, 0x14, 0xDC, 0x28]);
    assert!(
        std::fs::read(&target).unwrap() == expected,
        "only row (1, 0)'s colours 3 and 4 changed"
    );
    let mut row = colours_in_file(&clut, 0);
    row[3] = "0AC81E".to_owned();
    row[4] = "14DC28".to_owned();
    assert_eq!(colours_in_file(&std::fs::read(&target).unwrap(), 0), row);
    // The pair itself is the one painted from: only colours changed.
    assert!(std::fs::read(out.join("tex_830.bin")).unwrap() == std::fs::read(&upper).unwrap());

    // A row the file lacks is refused, and nothing is written.
    let elsewhere = dir.join("refused");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let err = expect(
        &run([
            "sheet",
            "import",
            s(&picture),
            "-o",
            s(&elsewhere.join("tex_830.bin")),
            "--charclut",
            s(&target),
            "--charclut-variant",
            "9",
        ]),
        2,
    );
    assert!(err.contains("no row (1, 9)"), "{err}");
    assert!(
        std::fs::read(&target).unwrap() == expected,
        "the file is as it was"
    );
    assert!(!elsewhere.join("tex_830.bin").exists());
    // Another unit's pair has no CharCLUT row.
    let err = expect(
        &run([
            "sheet",
            "import",
            s(&picture),
            "-o",
            s(&elsewhere.join("tex_992.bin")),
            "--charclut",
            s(&target),
        ]),
        2,
    );
    assert!(err.contains("Ramza's HD pairs"), "{err}");
    assert!(!elsewhere.join("tex_992.bin").exists());
}
