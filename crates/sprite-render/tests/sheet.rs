//! Sheets to pictures: the RAMUZA sheet against the PNG derived from it earlier, every sheet in
//! the sheets folder through an indexed PNG and back, the portrait, and PNG sheets. These need the
//! sheets beside `FFT_ORIGINALS` and skip loudly without them.

mod common;

use fft_formats::spr::{Spr, SprVariant, colour_rgba};
use sprite_render::sheet::{
    SheetSource, grey_ramp, load_sheet, portrait_indices, portrait_to_png, read_indexed_png,
    spr_image, spr_to_png,
};

/// The decoded RAMUZA sheet, written as an indexed PNG, has the derived PNG's indices pixel for
/// pixel. The palettes differ by design: the derived PNG expanded 5-bit channels with
/// `floor(v * 255 / 31)`, this crate rounds (docs/formats/spr.md 4.2), so each channel is
/// the rounded value of the same 5-bit number, at most 1 above the floored one.
#[test]
fn ramuza_sheet_png_equals_the_derived_png_index_for_index() {
    const TEST: &str = "ramuza_sheet_png_equals_the_derived_png_index_for_index";
    let (Some(ramuza), Some(derived)) = (
        test_support::sheet_bytes(TEST, "RAMUZA.SPR"),
        test_support::sheet_bytes(TEST, "RAMUZA_palette0_256x488_derived.png"),
    ) else {
        return;
    };
    let spr = Spr::decode(&ramuza).unwrap();
    let ours = read_indexed_png(&spr_to_png(&spr, 0).unwrap())
        .unwrap()
        .expect("an 8-bit indexed PNG");
    let derived = read_indexed_png(&derived)
        .unwrap()
        .expect("the derived PNG is 8-bit indexed");
    assert_eq!((ours.width, ours.height), (256, 488));
    assert_eq!((derived.width, derived.height), (256, 488));
    let differing = ours
        .indices
        .iter()
        .zip(&derived.indices)
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(
        differing, 0,
        "pixels whose index differs from the derived PNG"
    );

    assert_eq!(ours.palette.len(), 16);
    assert_eq!(derived.palette.len(), 16);
    for (i, (ours, theirs)) in ours.palette.iter().zip(&derived.palette).enumerate() {
        let word = spr.palettes[0][i];
        for (c, shift) in [0u16, 5, 10].into_iter().enumerate() {
            let v = u32::from((word >> shift) & 0x1F);
            assert_eq!(
                u32::from(ours[c]),
                (v * 255 * 2 + 31) / 62,
                "colour {i}, channel {c}: rounded"
            );
            assert_eq!(
                u32::from(theirs[c]),
                v * 255 / 31,
                "colour {i}, channel {c}: floored"
            );
        }
        let alpha = if i == 0 { 0 } else { 255 };
        assert_eq!(
            (ours[3], theirs[3]),
            (alpha, alpha),
            "colour {i}: only index 0 is transparent"
        );
    }

    // The sheet the renderer cuts from is the same indices through the same colours.
    let image = spr_image(&spr, 0).unwrap();
    for (pixel, &index) in image.pixels().iter().zip(&derived.indices) {
        assert_eq!(*pixel, ours.palette[usize::from(index)]);
    }
}

/// Every SPR in the sheets folder, and the weapons sheet, comes back from its indexed PNG with
/// the same indices, through its first and last palettes (SP2 sheets with the grey ramp).
#[test]
fn every_sheet_survives_an_indexed_png() {
    const TEST: &str = "every_sheet_survives_an_indexed_png";
    let Some(sheets) = test_support::sheets(TEST) else {
        return;
    };
    let sheet_name = [".spr", ".sp2", "_spr.bin", "_sp2.bin"];
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(&sheets)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let lower = path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .to_ascii_lowercase();
            sheet_name.iter().any(|ending| lower.ends_with(ending))
        })
        .collect();
    // WEP.SPR may sit in the sheets folder or a folder of its own.
    if let Some(weapons) = test_support::weapons_sheet(TEST) {
        if !paths.iter().any(|p| p.file_name() == weapons.file_name()) {
            paths.push(weapons);
        }
    }
    let mut count = 0;
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let spr = Spr::decode(&std::fs::read(&path).unwrap()).unwrap();
        let last = spr.palettes.len().saturating_sub(1);
        for palette in [0, last] {
            let png = read_indexed_png(&spr_to_png(&spr, palette).unwrap())
                .unwrap()
                .unwrap();
            assert_eq!(
                (png.width as usize, png.height as usize),
                (256, spr.height()),
                "{name}"
            );
            assert_eq!(png.indices, spr.pixels, "{name}, palette {palette}");
            let expected: Vec<[u8; 4]> = if spr.variant == SprVariant::Sp2 {
                grey_ramp().to_vec()
            } else {
                spr.palette_rgba(palette).to_vec()
            };
            assert_eq!(png.palette, expected, "{name}, palette {palette}");
        }
        count += 1;
    }
    if count < test_support::RETAIL_SHEETS.len() {
        test_support::skip::<()>(
            TEST,
            &format!(
                "checked only the {count} sheets in {} ($FFT_SHEETS, and the weapons sheet), of the {} known",
                sheets.display(),
                test_support::RETAIL_SHEETS.len()
            ),
        );
    }
}

/// The portrait comes out upright: 32 x 48, `upright[y][x] = stored[x][47 - y]`, drawn with a
/// portrait palette whose colour 0 (the background) is opaque.
#[test]
fn ramuza_portrait_is_upright_with_an_opaque_background() {
    const TEST: &str = "ramuza_portrait_is_upright_with_an_opaque_background";
    let (Some(ramuza), Some(other)) = (
        test_support::sheet_bytes(TEST, "RAMUZA.SPR"),
        test_support::sheet_bytes(TEST, "OTHER.SPR"),
    ) else {
        return;
    };
    let spr = Spr::decode(&ramuza).unwrap();
    let upright = portrait_indices(&spr).unwrap();
    assert_eq!(upright.len(), 32 * 48);
    for y in 0..48 {
        for x in 0..32 {
            // Independent of the code: column 80 + 47 - y, row 456 + x of the stored block.
            assert_eq!(
                upright[y * 32 + x],
                spr.pixel(80 + 47 - y, 456 + x),
                "({x}, {y})"
            );
        }
    }
    let png = read_indexed_png(&portrait_to_png(&spr, 8).unwrap())
        .unwrap()
        .unwrap();
    assert_eq!((png.width, png.height), (32, 48));
    assert_eq!(png.indices, upright);
    assert_ne!(
        spr.palettes[8][0], 0,
        "RAMUZA's portrait background is a colour"
    );
    assert_eq!(
        png.palette[0],
        colour_rgba(spr.palettes[8][0]),
        "opaque background"
    );

    let other = Spr::decode(&other).unwrap();
    assert!(
        portrait_indices(&other).is_err(),
        "the OTHER sheet has no portrait"
    );
}

/// A sheet file is read as a PNG by its signature and as an SPR otherwise; an indexed PNG
/// through its own PLTE and tRNS (the fan-made crono1.png), an RGBA one as it is (bmg.png).
#[test]
fn png_sheets_load_in_their_own_colours() {
    const TEST: &str = "png_sheets_load_in_their_own_colours";
    let (Some(crono_bytes), Some(bmg), Some(ramuza_bytes)) = (
        test_support::sheet_bytes(TEST, "crono1.png"),
        test_support::sheet_bytes(TEST, "bmg.png"),
        test_support::sheet_bytes(TEST, "RAMUZA.SPR"),
    ) else {
        return;
    };
    let crono = load_sheet(&crono_bytes, None).unwrap();
    assert_eq!(crono.source, SheetSource::Png { indexed: true });
    let raw = read_indexed_png(&crono_bytes).unwrap().unwrap();
    for (pixel, &index) in crono.image.pixels().iter().zip(&raw.indices) {
        assert_eq!(*pixel, raw.palette[usize::from(index)]);
    }
    assert_eq!(crono.image.get(0, 0)[3], 0, "index 0 is transparent (tRNS)");

    let bmg = load_sheet(&bmg, None).unwrap();
    assert_eq!(bmg.source, SheetSource::Png { indexed: false });
    assert_eq!((bmg.image.width(), bmg.image.height()), (256, 488));

    let ramuza = load_sheet(&ramuza_bytes, Some(0)).unwrap();
    assert_eq!(
        ramuza.source,
        SheetSource::Spr {
            variant: SprVariant::Standard,
            palette: 0
        }
    );
    let err = load_sheet(&ramuza_bytes, Some(16)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "palette 16 is out of range: this standard sheet has palettes 0..15"
    );
}

/// A PNG of the wrong width is refused before its pixels are read.
#[test]
fn a_png_of_another_width_is_not_a_sheet() {
    let image = sprite_render::Image::new(128, 64);
    let png = sprite_render::encode::png_rgba(&image).unwrap();
    let err = load_sheet(&png, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a sheet PNG is 256 pixels wide and at most 1512 tall; this one is 128 x 64"
    );
}

/// Each way a sheet is refused has its own kind. The sheets are blank ones of our own making
/// (`Spr::blank`), so this runs without game files.
#[test]
fn each_refused_sheet_has_its_kind() {
    use sprite_render::RenderError;
    use sprite_render::sheet::{PNG_SIGNATURE, load_sp2};
    let standard = Spr::blank(SprVariant::Standard).encode().unwrap();
    let sp2 = Spr::blank(SprVariant::Sp2).encode().unwrap();

    let err = load_sheet(&[0; 10], None).unwrap_err();
    assert!(
        matches!(&err, RenderError::Spr(e) if e.is_decode()),
        "{err:?}"
    );
    let mut broken_png = PNG_SIGNATURE.to_vec();
    broken_png.extend_from_slice(b"not a chunk");
    let err = load_sheet(&broken_png, None).unwrap_err();
    assert!(matches!(err, RenderError::PngDecode(_)), "{err:?}");
    let png = sprite_render::encode::png_rgba(&sprite_render::Image::new(128, 64)).unwrap();
    let err = load_sheet(&png, None).unwrap_err();
    assert!(
        matches!(
            err,
            RenderError::SheetSize {
                width: 128,
                height: 64,
                ..
            }
        ),
        "{err:?}"
    );
    // docs/formats/spr.md 4.6: a standard sheet has 16 palettes, an SP2 none.
    let err = load_sheet(&standard, Some(16)).unwrap_err();
    assert!(
        matches!(
            err,
            RenderError::PaletteOutOfRange {
                palette: 16,
                count: 16,
                ..
            }
        ),
        "{err:?}"
    );
    let err = load_sheet(&sp2, None).unwrap_err();
    assert!(
        matches!(
            err,
            RenderError::NoPalette {
                variant: SprVariant::Sp2
            }
        ),
        "{err:?}"
    );
    let err = load_sp2(&standard, None).unwrap_err();
    assert!(
        matches!(
            err,
            RenderError::NotSp2 {
                variant: SprVariant::Standard
            }
        ),
        "{err:?}"
    );
    let err = load_sp2(&sp2, None).unwrap_err();
    assert!(matches!(err, RenderError::Sp2WithoutPalette), "{err:?}");
    let err = portrait_indices(&Spr::blank(SprVariant::Other)).unwrap_err();
    assert!(
        matches!(
            err,
            RenderError::NoPortrait {
                variant: SprVariant::Other
            }
        ),
        "{err:?}"
    );
}
