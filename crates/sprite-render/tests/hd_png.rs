//! The HD pair as a picture and back (`sprite_render::hd_png`, docs/remaster.md "Sheet pictures
//! of a pair"): the three real pairs through their pictures to the same bytes (indexed with the
//! chunk, indexed without it, in colours), the picture's layout by hand, edits, the upscale, and
//! one refusal per hostile picture before any large allocation.

use fft_formats::hd::{HdFiles, HdSheet};
use fft_formats::spr::{Spr, SprVariant, colour_rgba};
use sprite_render::RenderError;
use sprite_render::hd_png::{ImportOptions, export, import};
use sprite_render::sheet::{PNG_SIGNATURE, hd_image, read_indexed_png};
use sprite_render::spr_png::{CHUNK_TYPE, PixelSource, Source};
use test_support::alloc::peak_memory;

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

/// The pairs of the test data and the SPR each is drawn from: the squire, the knight and the
/// white mage.
const PAIRS: [(u32, &str); 3] = [
    (992, "battle_mina_m_spr.bin"),
    (1000, "battle_knight_m_spr.bin"),
    (1012, "battle_siro_m_spr.bin"),
];

/// A PNG of `width x height` in `colour` (indexed with `plte`, or RGBA), with the chunk if given.
fn png_of(
    (width, height): (u32, u32),
    colour: png::ColorType,
    plte: Option<&[[u8; 3]]>,
    data: &[u8],
    chunk: Option<&[u8]>,
) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(colour);
    encoder.set_depth(png::BitDepth::Eight);
    if let Some(plte) = plte {
        encoder.set_palette(plte.iter().flatten().copied().collect::<Vec<u8>>());
    }
    let mut writer = encoder.write_header().unwrap();
    if let Some(data) = chunk {
        writer
            .write_chunk(png::chunk::ChunkType(CHUNK_TYPE), data)
            .unwrap();
    }
    writer.write_image_data(data).unwrap();
    writer.finish().unwrap();
    out
}

fn rgb(spr: &Spr, palette: usize) -> Vec<[u8; 3]> {
    spr.palettes[palette]
        .iter()
        .map(|w| {
            let [r, g, b, _] = colour_rgba(*w);
            [r, g, b]
        })
        .collect()
}

/// The data of the `spPl` chunk of a PNG `export` wrote: right after the IHDR.
fn chunk_of(png: &[u8]) -> &[u8] {
    let len = u32::from_be_bytes(png[33..37].try_into().unwrap()) as usize;
    assert_eq!(&png[37..41], b"spPl");
    &png[41..41 + len]
}

fn encoded(imported: &sprite_render::hd_png::Imported) -> HdFiles {
    imported.sheet.encode().expect("an imported pair encodes")
}

#[test]
fn the_real_pairs_come_back_through_their_pictures() {
    let test = "the_real_pairs_come_back_through_their_pictures";
    for (n, spr_name) in PAIRS {
        let Some(files) = test_support::hd_pair(test, n, spr_name) else {
            continue;
        };
        let same = |imported: &sprite_render::hd_png::Imported, how: &str| {
            let back = encoded(imported);
            assert!(
                back.upper == files.upper && back.lower == files.lower,
                "tex_{n}: {how} does not give the pair back"
            );
        };
        let sheet = HdSheet::decode(&files.upper, &files.lower).unwrap();
        let spr = Spr::decode(&files.spr).unwrap();
        for shown in [0, 15] {
            let picture = export(&sheet, &spr, shown).unwrap();
            // The picture is the sheet's indices, with the palette shown as its PLTE.
            let indexed = read_indexed_png(&picture).unwrap().unwrap();
            assert_eq!((indexed.width, indexed.height), (512, 976));
            assert!(indexed.indices == sheet.pixels);
            assert_eq!(indexed.palette, spr.palette_rgba(shown).to_vec());
            let imported = import(&picture, &ImportOptions::default()).unwrap();
            same(&imported, &format!("export with palette {shown}"));
            assert_eq!(imported.pixels, PixelSource::Indices);
            assert_eq!(imported.palettes, Some(Source::Chunk));
            assert_eq!(imported.recoloured, Some((shown, 0)));
        }
        // Without the chunk (an editor dropped it): the indices alone give the pair.
        let bare = png_of(
            (512, 976),
            png::ColorType::Indexed,
            Some(&rgb(&spr, 0)),
            &sheet.pixels,
            None,
        );
        let imported = import(&bare, &ImportOptions::default()).unwrap();
        same(&imported, "the picture without its chunk");
        assert_eq!((imported.palettes, imported.recoloured), (None, None));
        // In colours (RGBA), matched to the SPR's palettes: the same pair, with the pair itself
        // saying the index where two of a palette's colours are the same.
        let colours = hd_image(&sheet, &spr, 0).unwrap();
        let rgba = png_of(
            (512, 976),
            png::ColorType::Rgba,
            None,
            &colours.to_rgba_bytes(),
            None,
        );
        let options = ImportOptions {
            palettes: Some(&spr),
            like: Some(&sheet),
            ..ImportOptions::default()
        };
        let imported = import(&rgba, &options).unwrap();
        same(&imported, "the picture in colours");
        assert_eq!(imported.pixels, PixelSource::Colours { palette: 0 });
        assert_eq!(imported.palettes, Some(Source::Like));
        // Without a pair to prefer from it is still the pair: no two colours of these SPRs'
        // palette 0 are alike (index 0 aside, which alpha tells).
        let palette = spr.palette_rgba(0);
        let alike = (1..16).any(|i| (1..i).any(|j| palette[i] == palette[j]));
        assert!(!alike, "{spr_name}: two colours of palette 0 alike");
        let imported = import(
            &rgba,
            &ImportOptions {
                palettes: Some(&spr),
                ..ImportOptions::default()
            },
        )
        .unwrap();
        same(&imported, "the picture in colours, nothing preferred");
    }
}

#[test]
fn the_picture_of_a_pair_by_hand() {
    let mut spr = Spr::blank(SprVariant::Standard);
    spr.palettes[2][1] = 0x001F; // red
    spr.palettes[2][5] = 0x83E0 | 0x0400; // green, with the STP bit
    let mut sheet = HdSheet::blank();
    sheet.pixels[0] = 1;
    sheet.pixels[975 * 512 + 511] = 5;
    let picture = export(&sheet, &spr, 2).unwrap();
    assert!(picture.starts_with(&PNG_SIGNATURE));
    // Version 1, layout 6 (an HD pair), palette 2 shown, 0, no padding, 16 palettes.
    let chunk = chunk_of(&picture);
    assert_eq!(&chunk[..10], &[1, 6, 2, 0, 0, 0, 0, 0, 16, 0]);
    assert_eq!(chunk.len(), 10 + 16 * 32);
    // Palette 2, colour 5: the word as stored, STP bit included.
    let at = 10 + 2 * 32 + 5 * 2;
    assert_eq!(u16::from_le_bytes([chunk[at], chunk[at + 1]]), 0x87E0);
    let indexed = read_indexed_png(&picture).unwrap().unwrap();
    assert_eq!(indexed.palette[1], [255, 0, 0, 255]);
    assert_eq!(indexed.palette[0][3], 0, "index 0 transparent");
    assert_eq!((indexed.indices[0], indexed.indices[512 * 976 - 1]), (1, 5));
    let imported = import(&picture, &ImportOptions::default()).unwrap();
    assert!(imported.sheet == sheet);
}

#[test]
fn a_painted_picture_comes_back_with_its_paint_or_is_refused_naming_the_pixel() {
    let mut spr = Spr::blank(SprVariant::Standard);
    for (i, word) in spr.palettes[0].iter_mut().enumerate() {
        *word = (i as u16) * 0x0421; // greys, each its own colour
    }
    let sheet = HdSheet::upscaled(&{
        let mut base = spr.clone();
        base.pixels[300 * 256 + 150] = 7;
        base
    })
    .unwrap();
    // An indexed picture with one pixel painted index 9: that pixel changes, nothing else.
    let mut painted = sheet.pixels.clone();
    painted[700 * 512 + 400] = 9;
    let picture = png_of(
        (512, 976),
        png::ColorType::Indexed,
        Some(&rgb(&spr, 0)),
        &painted,
        Some(chunk_of(&export(&sheet, &spr, 0).unwrap())),
    );
    let imported = import(&picture, &ImportOptions::default()).unwrap();
    assert_eq!(imported.sheet.pixels, painted);
    // Index 16 at (400, 700): refused, the pixel named (past the SPR's 256 columns, so the HD
    // width is the one counted).
    painted[700 * 512 + 400] = 16;
    let mut plte = rgb(&spr, 0);
    plte.push([1, 2, 3]);
    let picture = png_of(
        (512, 976),
        png::ColorType::Indexed,
        Some(&plte),
        &painted,
        None,
    );
    assert_eq!(
        import(&picture, &ImportOptions::default())
            .unwrap_err()
            .to_string(),
        "1 pixel has an index past 15, which a sheet's 4 bits cannot hold: (400, 700) 16"
    );
    // In colours, a 17th colour at (511, 975): refused, naming it.
    let mut colours = hd_image(&sheet, &spr, 0).unwrap().to_rgba_bytes();
    let last = (975 * 512 + 511) * 4;
    colours[last..last + 4].copy_from_slice(&[1, 200, 3, 255]);
    let rgba = png_of((512, 976), png::ColorType::Rgba, None, &colours, None);
    let options = ImportOptions {
        palettes: Some(&spr),
        ..ImportOptions::default()
    };
    let error = import(&rgba, &options).unwrap_err().to_string();
    assert!(
        error.starts_with("1 pixel has a colour that palette 0 does not hold")
            && error.ends_with("(511, 975) #01C803"),
        "{error}"
    );
    // In colours with no palettes to match them to.
    assert!(matches!(
        import(&rgba, &ImportOptions::default()).unwrap_err(),
        RenderError::NoPalettes
    ));
    // A PLTE recoloured: the pair is the same (it holds no colour), and the import says how many
    // colours differ from the SPR's.
    let mut plte = rgb(&spr, 0);
    plte[3] = [255, 0, 255];
    plte[4] = [0, 255, 0];
    let recoloured = png_of(
        (512, 976),
        png::ColorType::Indexed,
        Some(&plte),
        &sheet.pixels,
        None,
    );
    let imported = import(&recoloured, &options).unwrap();
    assert!(imported.sheet == sheet);
    assert_eq!(imported.recoloured, Some((0, 2)));
}

/// A PNG of nothing but a header claiming `width x height` RGBA pixels.
fn header_only(width: u32, height: u32) -> Vec<u8> {
    let mut png = PNG_SIGNATURE.to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    let mut crc = crc32fast::Hasher::new();
    crc.update(b"IHDR");
    crc.update(&ihdr);
    png.extend_from_slice(&13u32.to_be_bytes());
    png.extend_from_slice(b"IHDR");
    png.extend_from_slice(&ihdr);
    png.extend_from_slice(&crc.finalize().to_be_bytes());
    png
}

#[test]
fn hostile_pictures_get_one_error_each_before_any_large_allocation() {
    let options = ImportOptions::default();
    // 60,000 x 60,000 RGBA: 14 GB of pixels, refused from its header.
    let (error, peak) = peak_memory(|| import(&header_only(60_000, 60_000), &options).unwrap_err());
    assert_eq!(
        error.to_string(),
        "the picture is 60000 x 60000; the picture of an HD pair is 512 x 976"
    );
    assert!(peak < 64 << 10, "{peak} bytes held");
    // The header right but nothing after it: the decoder says so, once.
    let error = import(&header_only(512, 976), &options).unwrap_err();
    assert!(matches!(error, RenderError::PngDecode(_)), "{error}");
    // Not a PNG; an SPR sheet's picture; a chunk that says an SPR layout.
    assert!(matches!(
        import(b"tex", &options).unwrap_err(),
        RenderError::NotPng
    ));
    let spr = Spr::blank(SprVariant::Standard);
    let spr_picture = sprite_render::spr_png::export(&spr, 0).unwrap();
    assert_eq!(
        import(&spr_picture, &options).unwrap_err().to_string(),
        "its spPl chunk says it is the picture of a standard sheet, not of an HD pair: import it \
         as an SPR sheet"
    );
    let sheet = HdSheet::blank();
    let mut spr_chunk = sprite_render::spr_png::SheetChunk::of(&spr, Some(0))
        .to_bytes()
        .unwrap();
    spr_chunk[1] = 0;
    let confused = png_of(
        (512, 976),
        png::ColorType::Indexed,
        Some(&rgb(&spr, 0)),
        &sheet.pixels,
        Some(&spr_chunk),
    );
    assert!(matches!(
        import(&confused, &options).unwrap_err(),
        RenderError::NotHdPicture { .. }
    ));
    // A damaged chunk: its CRC.
    let mut damaged = export(&sheet, &spr, 0).unwrap();
    damaged[41 + 20] ^= 1;
    assert!(matches!(
        import(&damaged, &options).unwrap_err(),
        RenderError::BadChunk(_)
    ));
    // The HD picture given to the SPR import is named for what it is.
    let picture = export(&sheet, &spr, 0).unwrap();
    assert!(matches!(
        sprite_render::spr_png::import(&picture, &sprite_render::spr_png::ImportOptions::default())
            .unwrap_err(),
        RenderError::HdPicture
    ));
    let bare = png_of(
        (512, 976),
        png::ColorType::Indexed,
        Some(&rgb(&spr, 0)),
        &sheet.pixels,
        None,
    );
    assert!(matches!(
        sprite_render::spr_png::import(&bare, &sprite_render::spr_png::ImportOptions::default())
            .unwrap_err(),
        RenderError::HdPicture
    ));
    // Palettes from another layout than a standard sheet, or past its 16.
    let sp2 = Spr::blank(SprVariant::Sp2);
    assert!(matches!(
        export(&sheet, &sp2, 0),
        Err(RenderError::NotHdPalettes { .. } | RenderError::PaletteOutOfRange { .. })
    ));
    assert!(matches!(
        export(&sheet, &spr, 16),
        Err(RenderError::NotHdPalettes { .. } | RenderError::PaletteOutOfRange { .. })
    ));
    // A sheet that fits no pair.
    let mut wrong = HdSheet::blank();
    wrong.pixels[3] = 16;
    assert!(matches!(
        export(&wrong, &spr, 0),
        Err(RenderError::SheetEncode(_))
    ));
}

#[test]
fn an_upscaled_spr_comes_back_through_its_picture() {
    let Some(bytes) = test_support::hd_bytes(
        "an_upscaled_spr_comes_back_through_its_picture",
        "battle_mina_m_spr.bin",
    ) else {
        return;
    };
    let spr = Spr::decode(&bytes).unwrap();
    let sheet = HdSheet::upscaled(&spr).unwrap();
    let files = sheet.encode().unwrap();
    let picture = export(&sheet, &spr, 0).unwrap();
    let back = encoded(&import(&picture, &ImportOptions::default()).unwrap());
    assert!(back == files);
    // Its silhouette is the SPR's exactly.
    let agreement = sheet.agreement(&spr).unwrap();
    assert_eq!(agreement.iou(), 1.0);
    assert_eq!(
        agreement.hd_opaque,
        4 * spr.pixels.iter().filter(|&&i| i != 0).count()
    );
}
