//! `sheet` export and `sheet import` through the binary: every retail sheet through its picture
//! and back to the same bytes with no `--like`, a picture without the chunk with `--like`, what
//! the import says about where each part came from, and one line for each hostile picture.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s};
use fft_formats::spr::{PALETTE_COLOURS, Spr, SprVariant, WIDTH, colour_rgba};
use sprite_render::sheet::{sheet_png, spr_to_png};

/// Every retail sheet present, by disc name, each skipped on its own when missing: the unit
/// sheets from `$FFT_SHEETS` and WEP.SPR from `$FFT_WEAPONS`.
fn retail_sheets(test: &str) -> Vec<(&'static str, PathBuf)> {
    test_support::RETAIL_SHEETS
        .iter()
        .filter_map(|file| {
            let path = if file.disc_name == "WEP.SPR" {
                test_support::weapons_sheet(test)
            } else {
                test_support::sheet(test, file.disc_name)
            };
            path.map(|path| (file.disc_name, path))
        })
        .collect()
}

/// A folder for the test's files, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Self {
        Self(test_support::temp_dir(test))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes `bytes` as `name` and returns its path.
    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `png` without its `spPl` chunk: the chunks in order, that one left out.
fn without_chunk(png: &[u8]) -> Vec<u8> {
    let mut out = png[..8].to_vec();
    let mut at = 8;
    while at < png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let end = at + 12 + len;
        if &png[at + 4..at + 8] != b"spPl" {
            out.extend_from_slice(&png[at..end]);
        }
        at = end;
    }
    out
}

#[test]
fn every_retail_sheet_exports_and_imports_to_its_bytes_with_no_like() {
    let test = "every_retail_sheet_exports_and_imports_to_its_bytes_with_no_like";
    let dir = Scratch::new(test);
    let sheets = retail_sheets(test);
    for (name, sheet) in &sheets {
        let original = std::fs::read(sheet).unwrap();
        let spr = Spr::decode(&original).unwrap();
        let picture = dir.path(&format!("{name}.png"));
        let said = expect(&run(["sheet", s(sheet), "-o", s(&picture)]), 0);
        assert!(
            said.starts_with(&format!("sheet   {}  ", s(sheet))),
            "{said}"
        );
        let exported = std::fs::read(&picture).unwrap();
        // The picture is the library's picture of the sheet with the one chunk more.
        let (plain, _) = sheet_png(&spr, None, false).unwrap();
        assert!(without_chunk(&exported) == plain, "{name}: today's picture");
        assert!(exported.len() > plain.len(), "{name}: the chunk is there");
        // `sheet export` is the same command.
        let explicit = dir.path(&format!("{name}.export.png"));
        expect(&run(["sheet", "export", s(sheet), "-o", s(&explicit)]), 0);
        assert!(std::fs::read(&explicit).unwrap() == exported, "{name}");

        let back = dir.path(name);
        let said = expect(&run(["sheet", "import", s(&picture), "-o", s(&back)]), 0);
        assert!(
            std::fs::read(&back).unwrap() == original,
            "{name}: not the same bytes"
        );
        assert!(
            said.contains(&format!("\nlayout  {}: its spPl chunk\n", spr.variant)),
            "{said}"
        );
        let palettes = match spr.palettes.len() {
            0 => "palettes none (an sp2 sheet has no palette)".to_owned(),
            n => format!(
                "palettes 0: the picture's PLTE; 1-{}: its spPl chunk",
                n - 1
            ),
        };
        assert!(said.contains(&format!("\n{palettes}\n")), "{name}: {said}");
        assert!(
            said.ends_with(&format!(
                "wrote   {} ({} sheet, {} bytes)\n",
                s(&back),
                spr.variant,
                original.len()
            )),
            "{said}"
        );
    }
    eprintln!(
        "sheet export and import through the CLI: {} sheets",
        sheets.len()
    );
}

#[test]
fn a_picture_without_the_chunk_imports_like_its_sheet_and_an_edit_is_counted() {
    let test = "a_picture_without_the_chunk_imports_like_its_sheet_and_an_edit_is_counted";
    let Some(sheet) = test_support::sheet(test, "RAMUZA.SPR") else {
        return;
    };
    let dir = Scratch::new(test);
    let original = std::fs::read(&sheet).unwrap();
    let spr = Spr::decode(&original).unwrap();
    // What `sheet` wrote before it wrote the chunk, or an editor that dropped it.
    let plain = dir.write("plain.png", &spr_to_png(&spr, 0).unwrap());
    let out = dir.path("out.spr");
    let err = expect(&run(["sheet", "import", s(&plain), "-o", s(&out)]), 1);
    assert_eq!(
        err,
        format!(
            "tactics-sprite: {}: the picture carries palette 0 only, but a standard sheet has 16 \
             palettes: give a sheet it is like (--like) to take the others from\n",
            s(&plain)
        )
    );
    assert!(!out.exists(), "nothing is written");

    let args = |picture: &Path| {
        [
            "sheet",
            "import",
            s(picture),
            "--like",
            s(&sheet),
            "-o",
            s(&out),
        ]
        .map(str::to_owned)
    };
    let said = expect(&run(args(&plain)), 0);
    assert!(std::fs::read(&out).unwrap() == original);
    for line in [
        "layout  standard: --like",
        "pixels  the picture's indices",
        "palettes 0: the picture's PLTE; 1-15: --like",
        "padding 0 zero bytes at the end: --like",
        &format!("like    {}: the same sheet, byte for byte", s(&sheet)),
    ] {
        assert!(said.lines().any(|l| l == line), "{line:?} in\n{said}");
    }

    // Two pixels painted with index 3, one colour of palette 0 changed: both counted.
    let mut painted = spr.clone();
    let at = [10 * WIDTH + 10, 300 * WIDTH + 200];
    for i in at {
        painted.pixels[i] = if painted.pixels[i] == 3 { 4 } else { 3 };
    }
    painted.palettes[0][5] ^= 0x001F;
    let picture = dir.write("painted.png", &spr_to_png(&painted, 0).unwrap());
    let said = expect(&run(args(&picture)), 0);
    assert!(
        said.contains(&format!(
            "\nlike    {}: differs in 2 pixels and 1 palette colour (`tactics-sprite diff` says \
             where)\n",
            s(&sheet)
        )),
        "{said}"
    );
    let back = Spr::decode(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(back.pixels, painted.pixels);
    assert_eq!(back.palettes, painted.palettes);
}

/// A PNG of `width x height`, 8-bit: indexed (with a PLTE of 256 black colours) when `indexed`,
/// else RGBA.
fn png(width: u32, height: u32, data: &[u8], indexed: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_depth(png::BitDepth::Eight);
    if indexed {
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_palette(vec![0u8; 3 * 256]);
    } else {
        encoder.set_color(png::ColorType::Rgba);
    }
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(data).unwrap();
    writer.finish().unwrap();
    out
}

/// A PNG chunk: length, type, data, CRC.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut crc = crc32(kind);
    crc = crc32_update(crc, data);
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&(!crc).to_be_bytes());
    out
}

/// The PNG CRC (ISO 3309), bit by bit: the test's own, not the library's.
fn crc32(bytes: &[u8]) -> u32 {
    crc32_update(0xFFFF_FFFF, bytes)
}

fn crc32_update(mut crc: u32, bytes: &[u8]) -> u32 {
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    crc
}

/// A blank standard sheet whose palette 0 holds 15 made-up colours.
fn blank_sheet() -> Spr {
    let mut palettes = vec![[0u16; PALETTE_COLOURS]; 16];
    for (i, word) in palettes[0].iter_mut().enumerate().skip(1) {
        *word = (i as u16) << 5 | 0x7C00;
    }
    Spr {
        variant: SprVariant::Standard,
        palettes,
        pixels: vec![0; WIDTH * SprVariant::Standard.height()],
        padding: 0,
    }
}

#[test]
fn hostile_pictures_get_one_line_each_and_nothing_is_written() {
    let dir = Scratch::new("hostile-pictures");
    let out = dir.path("out.spr");
    std::fs::write(&out, b"before").unwrap();
    let like_sheet = blank_sheet();
    let like = dir.write("like.spr", &like_sheet.encode().unwrap());
    let import = |picture: &Path, like: Option<&Path>| {
        let mut args = vec!["sheet", "import", s(picture), "-o", s(&out)];
        if let Some(like) = like {
            args.extend(["--like", s(like)]);
        }
        let err = expect(&run(&args), 1);
        let prefix = format!("tactics-sprite: {}: ", s(picture));
        err.strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{err:?} names the picture"))
            .trim_end()
            .to_owned()
    };
    let sizes = "a sheet picture is 256 wide and 488 (standard), 288 (short), 512 (tall), 256 \
                 (SP2 or OTHER) or 656 (weapons) tall, or 456 (standard, without its bottom \
                 band, with --like)";

    // The wrong size.
    let wrong = dir.write("wrong.png", &png(256, 300, &vec![0; 256 * 300], true));
    assert_eq!(
        import(&wrong, None),
        format!("the picture is 256 x 300; {sizes}")
    );

    // A header that claims 32768 x 16384 RGBA, 2 GiB of pixels, and nothing more: refused by its
    // size before anything is decoded.
    let mut huge = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&32768u32.to_be_bytes());
    ihdr.extend_from_slice(&16384u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    huge.extend(chunk(b"IHDR", &ihdr));
    huge.extend(chunk(b"IEND", &[]));
    let huge = dir.write("huge.png", &huge);
    assert_eq!(
        import(&huge, Some(&like)),
        format!("the picture is 32768 x 16384; {sizes}")
    );

    // 300 colours, one pixel each, none of them in any palette of the sheet.
    let mut rgba = vec![0u8; 4 * WIDTH * 488];
    for i in 0..300 {
        rgba[4 * i..4 * i + 4].copy_from_slice(&[1, (i / 256) as u8, (i % 256) as u8, 255]);
    }
    let colours = dir.write("colours.png", &png(256, 488, &rgba, false));
    assert_eq!(
        import(&colours, Some(&like)),
        "300 pixels have colours that palette 0 does not hold (the picture has 301 colours; a \
         palette holds 16, colour 0 transparent): (0, 0) #010000, (1, 0) #010001, (2, 0) \
         #010002, (3, 0) #010003, and 296 more"
    );
    // A picture in colours needs the palettes: without --like it says so.
    assert_eq!(
        import(&colours, None),
        "a picture in colours (not indexed) carries no palette: give a sheet it is like \
         (--like), whose palettes its colours are matched to"
    );
    // The colours of palette 0 (and transparency) do import.
    let shown: Vec<[u8; 4]> = like_sheet.palettes[0].map(colour_rgba).to_vec();
    let mut fits = vec![0u8; 4 * WIDTH * 488];
    fits[4..8].copy_from_slice(&shown[7]);
    let fits = dir.write("fits.png", &png(256, 488, &fits, false));
    let said = expect(
        &run([
            "sheet",
            "import",
            s(&fits),
            "--like",
            s(&like),
            "-o",
            s(&dir.path("fits.spr")),
        ]),
        0,
    );
    assert!(
        said.contains("\npixels  the picture's colours, in palette 0\n"),
        "{said}"
    );
    assert_eq!(
        Spr::decode(&std::fs::read(dir.path("fits.spr")).unwrap())
            .unwrap()
            .pixels[1],
        7
    );

    // Indices a sheet's 4 bits cannot hold.
    let mut indices = vec![0u8; WIDTH * 488];
    indices[WIDTH + 2] = 16;
    let past = dir.write("past.png", &png(256, 488, &indices, true));
    assert_eq!(
        import(&past, Some(&like)),
        "1 pixel has an index past 15, which a sheet's 4 bits cannot hold: (2, 1) 16"
    );

    // A damaged chunk: one byte of an exported picture's palettes changed.
    let mut exported = sprite_render::spr_png::export(&like_sheet, 0).unwrap();
    let at = exported.windows(4).position(|w| w == b"spPl").unwrap() + 4 + 12;
    exported[at] ^= 1;
    let damaged = dir.write("damaged.png", &exported);
    assert_eq!(
        import(&damaged, None),
        "its spPl chunk (the sheet's palettes, written by tactics-sprite) is damaged: its CRC \
         does not match its bytes"
    );

    // A --like of another layout.
    let short = Spr {
        variant: SprVariant::Short,
        pixels: vec![0; WIDTH * 288],
        padding: 1,
        ..blank_sheet()
    };
    let short = dir.write("short.spr", &short.encode().unwrap());
    let plain = dir.write("plain.png", &spr_to_png(&like_sheet, 0).unwrap());
    assert_eq!(
        import(&plain, Some(&short)),
        "the picture is 256 x 488, but --like is a short sheet, which is 256 x 288"
    );

    // Not a picture at all.
    let sheet = dir.write("sheet.spr", &like_sheet.encode().unwrap());
    assert_eq!(
        import(&sheet, None),
        "this is already an SPR sprite sheet; `tactics-sprite sheet` writes it as a PNG, which \
         `sheet import` reads back"
    );
    let seq = dir.write(
        "demo.seq",
        &test_support::demo::demo_seq().encode().unwrap(),
    );
    assert_eq!(
        import(&seq, None),
        "this is a SEQ file (animation bytecode), not a PNG picture of a sheet"
    );
    let junk = dir.write("junk.png", b"not a picture");
    assert_eq!(
        import(&junk, None),
        "not a PNG picture (it does not start with the PNG signature)"
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        b"before",
        "the old file is kept"
    );

    // A bad --like is named as --like.
    let err = expect(
        &run([
            "sheet",
            "import",
            s(&plain),
            "--like",
            s(&seq),
            "-o",
            s(&out),
        ]),
        1,
    );
    assert_eq!(
        err,
        format!(
            "tactics-sprite: --like {}: this is a SEQ file (animation bytecode), not an SPR \
             sprite sheet\n",
            s(&seq)
        )
    );
    // Usage errors.
    for args in [
        vec!["sheet", "import", s(&plain)],
        vec![
            "sheet",
            "import",
            s(&plain),
            "-o",
            s(&out),
            "--variant",
            "huge",
        ],
        vec!["sheet", s(&sheet)],
        vec!["sheet"],
    ] {
        test_support::cli::assert_exit_for(&run(&args), 2, format!("{args:?}"));
    }
}
