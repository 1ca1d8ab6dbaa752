//! Sheet pictures back into SPR files (`sprite_render::spr_png`): every retail sheet through its
//! picture and back to the same bytes (with the `spPl` chunk alone, or today's `sheet` picture
//! with `--like`), edits that change what they should, and one clear refusal per hostile picture,
//! before any large allocation.

use fft_formats::spr::{PALETTE_COLOURS, STP_BIT, Spr, SprVariant, colour_rgba};
use sprite_render::RenderError;
use sprite_render::sheet::{spr_image, spr_to_png};
use sprite_render::spr_png::{
    CHUNK_TYPE, ImportOptions, PixelSource, SheetChunk, Source, add_chunk, export, import,
};
use test_support::alloc::peak_memory;

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

/// Every retail sheet present, by disc name: the unit sheets and WEP.SPR.
fn retail_sheets(test: &str) -> Vec<(&'static str, Vec<u8>)> {
    let mut sheets = Vec::new();
    for file in &test_support::RETAIL_SHEETS {
        let bytes = if file.disc_name == "WEP.SPR" {
            test_support::weapons_sheet_bytes(test)
        } else {
            test_support::sheet_bytes(test, file.disc_name)
        };
        if let Some(bytes) = bytes {
            sheets.push((file.disc_name, bytes));
        }
    }
    sheets
}

fn no_options() -> ImportOptions<'static> {
    ImportOptions::default()
}

/// An indexed PNG of `indices` with `plte` as its PLTE (RGB), and the chunk `chunk` if given.
fn indexed_png(height: u32, indices: &[u8], plte: &[[u8; 3]], chunk: Option<&[u8]>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, 256, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(plte.iter().flatten().copied().collect::<Vec<u8>>());
    let mut writer = encoder.write_header().unwrap();
    if let Some(data) = chunk {
        writer
            .write_chunk(png::chunk::ChunkType(CHUNK_TYPE), data)
            .unwrap();
    }
    writer.write_image_data(indices).unwrap();
    writer.finish().unwrap();
    out
}

/// An RGBA PNG.
fn rgba_png(height: u32, pixels: &[[u8; 4]]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, 256, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer
        .write_image_data(&pixels.iter().flatten().copied().collect::<Vec<u8>>())
        .unwrap();
    writer.finish().unwrap();
    out
}

fn rgb(palette: &[u16; PALETTE_COLOURS]) -> Vec<[u8; 3]> {
    palette
        .iter()
        .map(|w| {
            let [r, g, b, _] = colour_rgba(*w);
            [r, g, b]
        })
        .collect()
}

#[test]
fn every_retail_sheet_exported_with_its_chunk_imports_to_its_bytes() {
    let test = "every_retail_sheet_exported_with_its_chunk_imports_to_its_bytes";
    let sheets = retail_sheets(test);
    let mut bytes_checked = 0;
    for (name, bytes) in &sheets {
        let spr = Spr::decode(bytes).unwrap();
        // Palette 0, and another one, shown.
        for shown in [0, spr.palettes.len().saturating_sub(1)] {
            let picture = export(&spr, shown).unwrap();
            let imported = import(&picture, &no_options()).unwrap();
            assert!(
                imported.spr.encode().unwrap() == *bytes,
                "{name}, palette {shown}"
            );
            assert_eq!(imported.pixels, PixelSource::Indices, "{name}");
            assert_eq!(
                imported.layout,
                Source::Chunk,
                "{name}: the chunk says the layout"
            );
        }
        // `add_chunk` on the picture `sheet_png` gives is the same export.
        let (shown, _) = sprite_render::sheet::sheet_png(&spr, None, false).unwrap();
        assert!(
            add_chunk(&shown, &spr, 0).unwrap() == export(&spr, 0).unwrap(),
            "{name}"
        );
        // The picture is today's `sheet` picture with the chunk after its header.
        let today = spr_to_png(&spr, 0).unwrap();
        let picture = export(&spr, 0).unwrap();
        let chunk_len = picture.len() - today.len();
        assert_eq!(&picture[..33], &today[..33], "{name}: signature and IHDR");
        assert_eq!(&picture[37..41], b"spPl");
        assert_eq!(&picture[33 + chunk_len..], &today[33..], "{name}: the rest");
        bytes_checked += bytes.len();
    }
    eprintln!(
        "sheet round trip: {} sheets, {bytes_checked} bytes",
        sheets.len()
    );
}

#[test]
fn every_retail_sheets_todays_picture_imports_to_its_bytes_like_itself() {
    let test = "every_retail_sheets_todays_picture_imports_to_its_bytes_like_itself";
    for (name, bytes) in retail_sheets(test) {
        let spr = Spr::decode(&bytes).unwrap();
        let picture = spr_to_png(&spr, 0).unwrap();
        let options = ImportOptions {
            like: Some(&spr),
            ..ImportOptions::default()
        };
        let imported = import(&picture, &options).unwrap();
        assert!(imported.spr.encode().unwrap() == bytes, "{name}");
        assert_eq!(
            imported.layout,
            Source::Like,
            "{name}: --like says the layout"
        );
        if !spr.palettes.is_empty() {
            assert_eq!(imported.palettes[0], Source::Picture, "{name}");
            assert!(imported.palettes[1..].iter().all(|s| *s == Source::Like));
        }
    }
}

#[test]
fn every_retail_sheet_drawn_in_colours_imports_to_its_bytes_like_itself() {
    let test = "every_retail_sheet_drawn_in_colours_imports_to_its_bytes_like_itself";
    for (name, bytes) in retail_sheets(test) {
        let spr = Spr::decode(&bytes).unwrap();
        if spr.palettes.is_empty() {
            continue;
        }
        let palette = spr.palettes.len() / 2;
        let image = spr_image(&spr, palette).unwrap();
        let picture = rgba_png(spr.height() as u32, image.pixels());
        let options = ImportOptions {
            like: Some(&spr),
            palette: Some(palette),
            ..ImportOptions::default()
        };
        let imported = import(&picture, &options).unwrap();
        assert_eq!(imported.pixels, PixelSource::Colours { palette }, "{name}");
        assert!(imported.spr.encode().unwrap() == bytes, "{name}");
    }
}

#[test]
fn a_picture_without_its_chunk_keeps_what_it_shows_and_says_what_it_lacks() {
    let Some(bytes) = test_support::sheet_bytes(
        "a_picture_without_its_chunk_keeps_what_it_shows_and_says_what_it_lacks",
        "OTHER.SPR",
    ) else {
        return;
    };
    let other = Spr::decode(&bytes).unwrap();
    let picture = spr_to_png(&other, 0).unwrap();
    // 256 x 256 is an SP2 or the OTHER sheet.
    let error = import(&picture, &no_options()).unwrap_err();
    assert!(matches!(error, RenderError::Sp2OrOther), "{error}");
    let options = ImportOptions {
        variant: Some(SprVariant::Other),
        ..ImportOptions::default()
    };
    assert_eq!(
        import(&picture, &options).unwrap_err().to_string(),
        "the picture carries palette 0 only, but a other sheet has 32 palettes: give a sheet it \
         is like (like) to take the others from"
    );
    // All 32 palettes in one PLTE is more than a PNG holds; 16 of them are 256 entries, which
    // carry palettes 0-15 (the colours, not the STP bits).
    let plte: Vec<[u8; 3]> = other.palettes[..16].iter().flat_map(rgb).collect();
    let picture = indexed_png(256, &other.pixels, &plte, None);
    let error = import(&picture, &options).unwrap_err().to_string();
    assert!(
        error.starts_with("the picture carries palettes 0 to 15 only"),
        "{error}"
    );
    let like = ImportOptions {
        like: Some(&other),
        ..options
    };
    let imported = import(&picture, &like).unwrap();
    assert!(
        imported.spr.encode().unwrap() == bytes,
        "the STP bits come from --like"
    );
    assert_eq!(imported.layout, Source::Options, "--variant comes first");
    assert!(
        other.palettes.iter().flatten().any(|w| w & STP_BIT != 0),
        "OTHER has STP words"
    );
}

#[test]
fn edits_change_what_they_should() {
    let Some(bytes) = test_support::sheet_bytes("edits_change_what_they_should", "RAMUZA.SPR")
    else {
        return;
    };
    let spr = Spr::decode(&bytes).unwrap();
    let chunk = SheetChunk::of(&spr, Some(0)).to_bytes().unwrap();
    let mut plte = rgb(&spr.palettes[0]);
    let mut pixels = spr.pixels.clone();
    // A pixel of the compressed rows (256-455) painted, and colour 5 of palette 0 changed.
    let at = 300 * 256 + 100;
    pixels[at] = if pixels[at] == 7 { 8 } else { 7 };
    plte[5] = [255, 0, 255];
    let picture = indexed_png(488, &pixels, &plte, Some(&chunk));
    let imported = import(&picture, &no_options()).unwrap();
    assert_eq!(imported.spr.pixels, pixels);
    let mut palettes = spr.palettes.clone();
    palettes[0][5] = 0x7C1F; // (31, 0, 31)
    assert_eq!(imported.spr.palettes, palettes);
    assert_eq!(imported.palettes[0], Source::Picture);
    assert_eq!(imported.palettes[1], Source::Chunk);
    // RAMUZA's 16 palettes in two runs: palette 0 the picture shows, 1-15 from its chunk.
    assert_eq!(
        imported.palette_runs(),
        [(0..=0, Source::Picture), (1..=15, Source::Chunk)]
    );
    // The compressed rows re-encode: the file decodes back to the same sheet.
    let written = imported.spr.encode().unwrap();
    assert_eq!(Spr::decode(&written).unwrap(), imported.spr);

    // A picture of the sheet without its bottom band takes the band from --like.
    let picture = indexed_png(456, &spr.pixels[..456 * 256], &rgb(&spr.palettes[0]), None);
    assert!(matches!(
        import(&picture, &no_options()).unwrap_err(),
        RenderError::NoBand
    ));
    let like = ImportOptions {
        like: Some(&spr),
        ..ImportOptions::default()
    };
    let imported = import(&picture, &like).unwrap();
    assert_eq!(imported.band, Source::Like);
    assert!(imported.spr.encode().unwrap() == bytes);
}

#[test]
fn a_fan_sheet_with_16_palettes_in_its_plte_carries_them_all() {
    let test = "a_fan_sheet_with_16_palettes_in_its_plte_carries_them_all";
    let Some(bytes) = test_support::sheet_bytes(test, "RAMUZA.SPR") else {
        return;
    };
    let spr = Spr::decode(&bytes).unwrap();
    let plte: Vec<[u8; 3]> = spr.palettes.iter().flat_map(rgb).collect();
    let picture = indexed_png(488, &spr.pixels, &plte, None);
    let imported = import(&picture, &no_options()).unwrap();
    assert!(imported.palettes.iter().all(|s| *s == Source::Picture));
    assert!(
        imported.spr.encode().unwrap() == bytes,
        "RAMUZA has no STP bit set"
    );

    // crono1.png (fan-made, fft-sprite-lib) has such a PLTE, and 899 pixels of index 16: a colour
    // of its second palette, which a 4-bit sheet cannot hold.
    let Some(crono) = test_support::sheet_bytes(test, "crono1.png") else {
        return;
    };
    let error = import(&crono, &no_options()).unwrap_err().to_string();
    assert_eq!(
        error,
        "899 pixels have indices past 15, which a sheet's 4 bits cannot hold: (18, 17) 16, \
         (55, 17) 16, (75, 17) 16, (85, 17) 16, and 895 more"
    );
}

#[test]
fn hostile_pictures_get_one_line_each_before_any_large_allocation() {
    let blank = Spr::blank(SprVariant::Standard);
    let like = ImportOptions {
        like: Some(&blank),
        ..ImportOptions::default()
    };
    // A header for a 2 GB picture (65535 x 8192 RGBA), and nothing after it.
    let huge = {
        let mut png = sprite_render::sheet::PNG_SIGNATURE.to_vec();
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(&65535u32.to_be_bytes());
        ihdr.extend_from_slice(&8192u32.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
        let mut crc = crc32fast::Hasher::new();
        crc.update(b"IHDR");
        crc.update(&ihdr);
        png.extend_from_slice(&13u32.to_be_bytes());
        png.extend_from_slice(b"IHDR");
        png.extend_from_slice(&ihdr);
        png.extend_from_slice(&crc.finalize().to_be_bytes());
        png
    };
    let (error, peak) = peak_memory(|| import(&huge, &like).unwrap_err());
    assert_eq!(
        error.to_string(),
        "the picture is 65535 x 8192; a sheet picture is 256 wide and 488 (standard), 288 \
         (short), 512 (tall), 256 (SP2 or OTHER) or 656 (weapons) tall, or 456 (standard, \
         without its bottom band, with like)"
    );
    assert!(peak < 256 << 10, "{peak} bytes held");

    let wrong = rgba_png(100, &vec![[0; 4]; 256 * 100]);
    assert!(matches!(
        import(&wrong, &like).unwrap_err(),
        RenderError::PictureSize {
            width: 256,
            height: 100
        }
    ));

    // 300 colours in one picture, none of them a colour of the sheet's (r = 1 is no 5-bit
    // level's), the rest transparent.
    let mut pixels = vec![[0u8; 4]; 256 * 488];
    for (i, pixel) in pixels.iter_mut().take(300).enumerate() {
        *pixel = [1, (i % 256) as u8, (i / 256) as u8, 255];
    }
    let error = import(&rgba_png(488, &pixels), &like)
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "300 pixels have colours that palette 0 does not hold (the picture has 301 colours; a \
         palette holds 16, colour 0 transparent): (0, 0) #010000, (1, 0) #010100, (2, 0) \
         #010200, (3, 0) #010300, and 296 more"
    );
    assert!(matches!(
        import(&rgba_png(488, &pixels), &no_options()).unwrap_err(),
        RenderError::NoPalettes
    ));

    assert!(matches!(
        import(b"GIF89a", &like).unwrap_err(),
        RenderError::NotPng
    ));
    let cut = export(&blank, 0).unwrap();
    let error = import(&cut[..cut.len() - 30], &no_options()).unwrap_err();
    assert!(matches!(error, RenderError::PngDecode(_)), "{error}");

    // A chunk whose bytes do not match its CRC, and one of another layout's palette count.
    let mut damaged = export(&blank, 0).unwrap();
    damaged[33 + 8 + 20] ^= 1;
    assert_eq!(
        import(&damaged, &no_options()).unwrap_err().to_string(),
        "its spPl chunk (the sheet's palettes, written by tactics-sprite) is damaged: its CRC \
         does not match its bytes"
    );
    let mut chunk = SheetChunk::of(&blank, Some(0)).to_bytes().unwrap();
    chunk[8] = 3;
    let picture = indexed_png(488, &blank.pixels, &rgb(&blank.palettes[0]), Some(&chunk));
    assert_eq!(
        import(&picture, &no_options()).unwrap_err().to_string(),
        "its spPl chunk (the sheet's palettes, written by tactics-sprite) is damaged: 3 \
         palettes for a standard sheet, which has 16"
    );

    let mut chunk = SheetChunk::of(&blank, Some(0)).to_bytes().unwrap();
    chunk[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    let picture = indexed_png(488, &blank.pixels, &rgb(&blank.palettes[0]), Some(&chunk));
    let (error, peak) = peak_memory(|| import(&picture, &no_options()).unwrap_err());
    assert_eq!(
        error.to_string(),
        "its spPl chunk (the sheet's palettes, written by tactics-sprite) is damaged: 4294967295 \
         zero bytes after the pixels; a sheet has at most 65536"
    );
    assert!(peak < 256 << 10, "{peak} bytes held");

    let mut over = blank.pixels.clone();
    over[256 * 10 + 3] = 200;
    let picture = indexed_png(488, &over, &rgb(&blank.palettes[0]), None);
    assert_eq!(
        import(&picture, &like).unwrap_err().to_string(),
        "1 pixel has an index past 15, which a sheet's 4 bits cannot hold: (3, 10) 200"
    );
}

#[test]
fn the_chunk_reads_back_what_it_wrote() {
    let mut spr = Spr::blank(SprVariant::Short);
    spr.padding = 0x0102;
    spr.palettes[15][15] = 0x8421;
    let chunk = SheetChunk::of(&spr, Some(15));
    let bytes = chunk.to_bytes().unwrap();
    // Version 1, layout 1 (short), palette 15 shown, 0, the padding, 16 palettes, the words.
    assert_eq!(&bytes[..10], &[1, 1, 15, 0, 2, 1, 0, 0, 16, 0]);
    assert_eq!(bytes.len(), 10 + 16 * 32);
    assert_eq!(&bytes[bytes.len() - 2..], &[0x21, 0x84]);
    assert_eq!(SheetChunk::parse(&bytes).unwrap(), chunk);
    let sp2 = SheetChunk::of(&Spr::blank(SprVariant::Sp2), None);
    assert_eq!(sp2.to_bytes().unwrap(), [1, 3, 0xFF, 0, 0, 0, 0, 0, 0, 0]);
}
