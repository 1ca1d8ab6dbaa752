//! Sprite sheets as pictures: an SPR decoded with one of its palettes, or a PNG in the same layout
//! (indexed or RGBA), and an SPR written back out as an indexed PNG, whole or just its portrait;
//! and the remaster's HD pair drawn with its SPR's palettes (docs/remaster.md "The format"), a
//! sheet at twice the size, which every picture is then drawn at twice the size from
//! ([`SheetScale`]).
//!
//! Colours are the codec's ([`fft_formats::spr::colour_rgba`]): each 5-bit channel expanded to
//! `v * 255 / 31` rounded. (The derived RAMUZA PNG beside the test data used `floor` instead, so
//! its palette differs by one in a few channels; its indices are the same.)

use std::borrow::Cow;

use fft_formats::hd::{self, HdSheet, HdSp2};
use fft_formats::spr::{
    PALETTE_COLOURS, SHEET_SIZE, SP2_SIZE, Spr, SprVariant, WIDTH, colour_rgba, palette_rgba,
};

use crate::encode::png_indexed;
use crate::error::RenderError;
use crate::image::{Image, Rgba};

/// The tallest PNG sheet read: a standard sheet with four SP2 sheets below it.
pub const MAX_SHEET_HEIGHT: u32 = (SHEET_SIZE.1 + 4 * SP2_SIZE.1) as u32;

/// Width and height of the portrait as stored (it is stored turned a quarter turn clockwise).
pub use fft_formats::spr::PORTRAIT_STORED;

/// What a sheet picture was made from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetSource {
    /// An SPR file of this variant, drawn with this palette.
    Spr { variant: SprVariant, palette: usize },
    /// A PNG file; `indexed` when it had a palette.
    Png { indexed: bool },
    /// The remaster's HD pair, drawn with this palette of its SPR.
    HdPair { palette: usize },
    /// A monster's SP2 sheet at twice the size (one tex file), drawn with palette `palette` of
    /// its unit's SPR, as the SP2 is.
    HdSp2 { palette: usize },
    /// The remaster's HD pair of Ramza, drawn with the enhanced game's colours for him: the row
    /// (`chapter`, `variant`) of CharCLUT (`charclut.nxd`, docs/formats/nxd.md 7.3).
    HdCharClut { chapter: i32, variant: i32 },
}

/// The size a sheet is drawn at, against the document's numbers (the SPR's): the PlayStation's
/// own, or the remaster's HD sheets at twice it, where a cell (x, y, w, h) is cut at
/// (2x, 2y, 2w, 2h) and every offset and move doubles (docs/remaster.md "Drawing at twice the
/// size").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum SheetScale {
    /// The SPR's size: one sheet pixel for each of the document's.
    #[default]
    Sd,
    /// The remaster's HD sheet: [`fft_formats::hd::SCALE`] sheet pixels across and down for
    /// each of the document's.
    Hd,
}

impl SheetScale {
    /// Sheet pixels for one of the document's, across and down: 1 or 2.
    pub const fn factor(self) -> u32 {
        match self {
            Self::Sd => 1,
            Self::Hd => hd::SCALE as u32,
        }
    }

    /// The scale of a factor (1 or 2), if it is one.
    pub fn of_factor(factor: u32) -> Option<Self> {
        [Self::Sd, Self::Hd]
            .into_iter()
            .find(|scale| scale.factor() == factor)
    }

    /// The name used in reports: `SD` or `HD`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sd => "SD",
            Self::Hd => "HD",
        }
    }
}

impl std::fmt::Display for SheetScale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A sheet ready to cut cells from.
#[derive(Debug, Clone)]
pub struct SheetImage {
    pub image: Image,
    pub source: SheetSource,
    /// The size it is drawn at: [`SheetScale::Hd`] for the remaster's pair, else SD.
    pub scale: SheetScale,
}

/// The PNG file signature.
pub const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];

/// The width and height a PNG's header gives: its IHDR chunk, right after the signature; `None`
/// when it has none.
pub fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    let head = png.get(PNG_SIGNATURE.len()..PNG_SIGNATURE.len() + 16)?;
    let be = |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
    (be(0) == 13 && &head[4..8] == b"IHDR").then(|| (be(8), be(12)))
}

/// Reads a sheet file: a PNG (by its signature) or else an SPR, drawn with `palette` (0 when
/// `None`; a PNG ignores it, see [`sheet_from_png`]).
///
/// # Errors
/// A PNG that does not decode or is not 256 wide; an SPR that does not decode, or has no such
/// palette.
pub fn load_sheet(bytes: &[u8], palette: Option<usize>) -> Result<SheetImage, RenderError> {
    if bytes.starts_with(&PNG_SIGNATURE) {
        return sheet_from_png(bytes);
    }
    let spr = Spr::decode(bytes)?;
    let palette = palette.unwrap_or(0);
    Ok(SheetImage {
        image: spr_image(&spr, palette)?,
        source: SheetSource::Spr {
            variant: spr.variant,
            palette,
        },
        scale: SheetScale::Sd,
    })
}

/// Reads a second sheet (an SP2, what MON's SP2 sequences draw from): a PNG in its own colours,
/// or an SP2 file drawn with its base sheet's colours, `base_colours` (an SP2 has no palette; the
/// game draws it with the unit's). `None` when the base sheet is a PNG.
///
/// # Errors
/// A PNG that does not decode or is not 256 wide; an SPR that does not decode or is not an SP2;
/// an SP2 file without `base_colours`.
pub fn load_sp2(
    bytes: &[u8],
    base_colours: Option<&[Rgba; PALETTE_COLOURS]>,
) -> Result<SheetImage, RenderError> {
    if bytes.starts_with(&PNG_SIGNATURE) {
        return sheet_from_png(bytes);
    }
    let spr = Spr::decode(bytes)?;
    if spr.variant != SprVariant::Sp2 {
        return Err(RenderError::NotSp2 {
            variant: spr.variant,
        });
    }
    let colours = base_colours.ok_or(RenderError::Sp2WithoutPalette)?;
    let pixels = spr
        .pixels
        .iter()
        .map(|&i| colours[usize::from(i & 0x0F)])
        .collect();
    Ok(SheetImage {
        image: Image::from_pixels(WIDTH as u32, spr.height() as u32, pixels)
            .expect("a decoded sheet holds width x height pixels"),
        source: SheetSource::Spr {
            variant: spr.variant,
            palette: 0,
        },
        scale: SheetScale::Sd,
    })
}

/// The colours of palette `palette` of an SPR file, for drawing its SP2 with; `None` for a PNG or
/// a sheet without that palette.
pub fn spr_colours(bytes: &[u8], palette: usize) -> Option<[Rgba; PALETTE_COLOURS]> {
    if bytes.starts_with(&PNG_SIGNATURE) {
        return None;
    }
    let spr = Spr::decode(bytes).ok()?;
    check_palette(&spr, palette).ok()?;
    Some(spr.palette_rgba(palette))
}

/// Checks that `palette` is one of the sheet's.
///
/// # Errors
/// [`RenderError::NoPalette`] for an SP2 sheet, [`RenderError::PaletteOutOfRange`] otherwise.
pub fn check_palette(spr: &Spr, palette: usize) -> Result<(), RenderError> {
    if spr.palettes.is_empty() {
        return Err(RenderError::NoPalette {
            variant: spr.variant,
        });
    }
    if palette >= spr.palettes.len() {
        return Err(RenderError::PaletteOutOfRange {
            palette,
            variant: spr.variant,
            count: spr.palettes.len(),
        });
    }
    Ok(())
}

/// A made-up sheet for a document, for pictures without any game sheet (tests, examples): every
/// cell of `doc` a rectangle of its own colour, lighter on its left half so that a mirrored tile
/// shows, with a dark outline; transparent elsewhere. `doc.sheet.width x doc.sheet.height`
/// (at most [`MAX_SHEET_HEIGHT`] rows; cells past it are cut).
///
/// Test data, not part of the library proper: only with the `synthetic-sheet` feature.
#[cfg(feature = "synthetic-sheet")]
pub fn synthetic_sheet(doc: &sprite_data::Document) -> Image {
    let width = doc.sheet.width.clamp(1, WIDTH as u32);
    let height = doc.sheet.height.clamp(1, MAX_SHEET_HEIGHT);
    let mut image = Image::new(width, height);
    for cell in &doc.cells {
        // Spread the hues; keep them bright.
        let hue = (cell.id.0.wrapping_mul(97) % 360) as f64;
        let base = hsv(hue, 0.65, 0.85);
        let light = hsv(hue, 0.35, 1.0);
        let outline = hsv(hue, 0.8, 0.35);
        for dy in 0..cell.h {
            for dx in 0..cell.w {
                let edge = dx == 0 || dy == 0 || dx + 1 == cell.w || dy + 1 == cell.h;
                let colour = if edge {
                    outline
                } else if dx < cell.w / 2 {
                    light
                } else {
                    base
                };
                image.set(
                    i64::from(cell.x) + i64::from(dx),
                    i64::from(cell.y) + i64::from(dy),
                    colour,
                );
            }
        }
    }
    image
}

/// An opaque colour from hue (degrees), saturation and value (0..1).
#[cfg(feature = "synthetic-sheet")]
fn hsv(hue: f64, saturation: f64, value: f64) -> Rgba {
    let c = value * saturation;
    let h = hue / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = value - c;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    [byte(r), byte(g), byte(b), 255]
}

/// The whole sheet in colour: every pixel through palette `palette`, index 0 transparent.
///
/// # Errors
/// As [`check_palette`].
pub fn spr_image(spr: &Spr, palette: usize) -> Result<Image, RenderError> {
    check_palette(spr, palette)?;
    let colours = spr.palette_rgba(palette);
    let pixels = spr
        .pixels
        .iter()
        .map(|&i| colours[usize::from(i & 0x0F)])
        .collect();
    Ok(
        Image::from_pixels(WIDTH as u32, spr.height() as u32, pixels)
            .expect("a decoded sheet holds width x height pixels"),
    )
}

/// Reads the remaster's HD pair, `upper` (`tex_N.bin`) and `lower` (`tex_N+1.bin`), drawn with
/// palette `palette` (0 when `None`) of `palettes`, the SPR it pairs with: a 512 x 976 sheet at
/// [`SheetScale::Hd`].
///
/// # Errors
/// A pair that does not decode ([`RenderError::HdPair`]); palettes from a file that is no SPR
/// ([`RenderError::HdPalettes`]) or not a standard sheet; a palette the SPR does not have.
pub fn load_hd_sheet(
    upper: &[u8],
    lower: &[u8],
    palettes: &[u8],
    palette: Option<usize>,
) -> Result<SheetImage, RenderError> {
    let sheet = HdSheet::decode(upper, lower).map_err(RenderError::HdPair)?;
    let spr = hd_palettes(palettes)?;
    let palette = palette.unwrap_or(0);
    Ok(SheetImage {
        image: hd_image(&sheet, &spr, palette)?,
        source: SheetSource::HdPair { palette },
        scale: SheetScale::Hd,
    })
}

/// Reads the remaster's HD pair drawn with 16 colours given outright (`colours`, red, green and
/// blue: a CharCLUT row's, which the enhanced game draws Ramza with instead of his SPR's
/// palettes), index 0 transparent, as `source` says: a 512 x 976 sheet at [`SheetScale::Hd`].
///
/// # Errors
/// A pair that does not decode ([`RenderError::HdPair`]).
pub fn load_hd_sheet_coloured(
    upper: &[u8],
    lower: &[u8],
    colours: &[[u8; 3]; PALETTE_COLOURS],
    source: SheetSource,
) -> Result<SheetImage, RenderError> {
    let sheet = HdSheet::decode(upper, lower).map_err(RenderError::HdPair)?;
    Ok(SheetImage {
        image: hd_pixels(&sheet, &rgb_colours(colours))?,
        source,
        scale: SheetScale::Hd,
    })
}

/// Reads a monster's SP2 sheet at twice the size (one tex file of 512 x 512, docs/remaster.md),
/// drawn with `colours`, palette `palette` of its unit's SPR (an SP2 has none of its own): the
/// second sheet MON's SP2 sequences draw from at [`SheetScale::Hd`].
///
/// # Errors
/// A file of another size ([`RenderError::HdSp2`]).
pub fn load_hd_sp2(
    bytes: &[u8],
    colours: &[Rgba; PALETTE_COLOURS],
    palette: usize,
) -> Result<SheetImage, RenderError> {
    let sp2 = HdSp2::decode(bytes).map_err(RenderError::HdSp2)?;
    let pixels = sp2
        .pixels
        .iter()
        .map(|&i| colours[usize::from(i & 0x0F)])
        .collect();
    Ok(SheetImage {
        image: Image::from_pixels(hd::WIDTH as u32, hd::SP2_HEIGHT as u32, pixels)
            .expect("a decoded SP2 at twice the size holds 512 x 512 pixels"),
        source: SheetSource::HdSp2 { palette },
        scale: SheetScale::Hd,
    })
}

/// 16 colours given outright (red, green and blue: a CharCLUT row's) as drawn, index 0
/// transparent.
pub fn rgb_colours(colours: &[[u8; 3]; PALETTE_COLOURS]) -> [Rgba; PALETTE_COLOURS] {
    std::array::from_fn(|i| {
        let [r, g, b] = colours[i];
        [r, g, b, if i == 0 { 0 } else { 0xFF }]
    })
}

/// The SPR an HD pair takes its colours from, read from `bytes`.
///
/// # Errors
/// [`RenderError::HdPalettes`] for a file that is no SPR; [`RenderError::NotHdPalettes`] for an
/// SPR of another layout than the standard sheet's (the only one the pair is drawn from).
pub fn hd_palettes(bytes: &[u8]) -> Result<Spr, RenderError> {
    if bytes.starts_with(&PNG_SIGNATURE) {
        return Err(RenderError::HdPalettes(
            "it is a PNG picture, and the palettes are an SPR's colour words".into(),
        ));
    }
    let spr = Spr::decode(bytes).map_err(|e| RenderError::HdPalettes(e.to_string()))?;
    if spr.variant != SprVariant::Standard {
        return Err(RenderError::NotHdPalettes {
            variant: spr.variant,
        });
    }
    Ok(spr)
}

/// The HD sheet in colour: every pixel through palette `palette` of `spr`, the SPR it pairs
/// with, index 0 transparent ([`spr_image`] at twice the size).
///
/// # Errors
/// An SPR that is not a standard sheet; as [`check_palette`]; a sheet built by hand with another
/// number of pixels than 512 x 976.
pub fn hd_image(sheet: &HdSheet, spr: &Spr, palette: usize) -> Result<Image, RenderError> {
    if spr.variant != SprVariant::Standard {
        return Err(RenderError::NotHdPalettes {
            variant: spr.variant,
        });
    }
    check_palette(spr, palette)?;
    hd_pixels(sheet, &spr.palette_rgba(palette))
}

/// The HD sheet's every pixel through `colours`.
fn hd_pixels(sheet: &HdSheet, colours: &[Rgba; PALETTE_COLOURS]) -> Result<Image, RenderError> {
    let pixels = sheet
        .pixels
        .iter()
        .map(|&i| colours[usize::from(i & 0x0F)])
        .collect();
    Image::from_pixels(hd::WIDTH as u32, hd::HEIGHT as u32, pixels).ok_or(RenderError::HdPixels {
        count: sheet.pixels.len(),
    })
}

/// The palette an SP2 sheet is written with when it has none of its own: a grey ramp, index `i`
/// at `17 i`, index 0 transparent.
pub fn grey_ramp() -> [Rgba; PALETTE_COLOURS] {
    std::array::from_fn(|i| {
        let v = (i * 17) as u8;
        [v, v, v, if i == 0 { 0 } else { 255 }]
    })
}

/// The sheet as an 8-bit indexed PNG: pixel values are the 4-bit sheet indices, the PLTE is
/// palette `palette` (16 colours) and the tRNS makes index 0 transparent. An SP2 sheet, which has
/// no palette, gets [`grey_ramp`] whatever `palette` says.
///
/// # Errors
/// As [`check_palette`] (SP2 excepted); a PNG encoder error.
pub fn spr_to_png(spr: &Spr, palette: usize) -> Result<Vec<u8>, RenderError> {
    let colours = if spr.variant == SprVariant::Sp2 {
        grey_ramp()
    } else {
        check_palette(spr, palette)?;
        spr.palette_rgba(palette)
    };
    png_indexed(WIDTH as u32, spr.height() as u32, &spr.pixels, &colours)
}

/// The portrait upright: 32 wide and 48 tall, its indices row by row. It is stored turned a
/// quarter turn clockwise in a 48 x 32 block, so `upright[y][x] = stored[x][47 - y]`
/// (docs/formats/spr.md 4.4).
///
/// # Errors
/// [`RenderError::NoPortrait`] for a sheet without one.
pub fn portrait_indices(spr: &Spr) -> Result<Vec<u8>, RenderError> {
    let (ox, oy) = spr
        .variant
        .portrait_origin()
        .ok_or(RenderError::NoPortrait {
            variant: spr.variant,
        })?;
    let (stored_w, stored_h) = PORTRAIT_STORED;
    let mut out = Vec::with_capacity(stored_w * stored_h);
    for y in 0..stored_w {
        for x in 0..stored_h {
            // Stored row x, column 47 - y.
            out.push(spr.pixel(ox + stored_w - 1 - y, oy + x));
        }
    }
    Ok(out)
}

/// The portrait upright (32 x 48) as an indexed PNG with palette `palette` (a portrait palette,
/// 8-15 on unit sheets). Unlike the unit palettes, a portrait palette's colour 0 is usually its
/// background, so index 0 is transparent only when its word is 0x0000.
///
/// # Errors
/// As [`portrait_indices`] and [`check_palette`].
pub fn portrait_to_png(spr: &Spr, palette: usize) -> Result<Vec<u8>, RenderError> {
    let indices = portrait_indices(spr)?;
    check_palette(spr, palette)?;
    let words = &spr.palettes[palette];
    let mut colours = palette_rgba(words);
    if words[0] != 0 {
        colours[0] = colour_rgba(words[0]);
    }
    let (w, h) = PORTRAIT_STORED;
    png_indexed(h as u32, w as u32, &indices, &colours)
}

/// What `tactics-sprite sheet` writes for `spr` (and `/api/v1/sheet.png` sends): the whole
/// sheet as an indexed PNG with palette `palette` (0 by default; an SP2 with [`grey_ramp`]), or
/// with `portrait` its portrait upright ([`portrait_to_png`], palette 8 by default); and what it
/// shows, in a few words.
///
/// # Errors
/// A palette or portrait the sheet does not have.
pub fn sheet_png(
    spr: &Spr,
    palette: Option<usize>,
    portrait: bool,
) -> Result<(Vec<u8>, String), RenderError> {
    if portrait {
        let palette = palette.unwrap_or(8);
        let png = portrait_to_png(spr, palette)?;
        return Ok((png, format!("portrait 32 x 48, palette {palette}")));
    }
    let palette = palette.unwrap_or(0);
    let png = spr_to_png(spr, palette)?;
    let colours = if spr.variant == SprVariant::Sp2 {
        "grey ramp (an SP2 sheet has no palette)".to_owned()
    } else {
        format!("palette {palette} of {}", spr.palettes.len())
    };
    Ok((
        png,
        format!("{} x {}, {colours}", spr.width(), spr.height()),
    ))
}

/// A PNG sheet as a picture, in its own colours: an indexed PNG through its PLTE and tRNS, an
/// RGBA one as it is, an RGB or grey one opaque. It must be 256 wide and at most
/// [`MAX_SHEET_HEIGHT`] tall (checked before the pixels are read).
///
/// # Errors
/// A PNG that does not decode or has another size.
pub fn sheet_from_png(bytes: &[u8]) -> Result<SheetImage, RenderError> {
    let (image, indexed) = decode_png(bytes, Some((WIDTH as u32, MAX_SHEET_HEIGHT)))?;
    Ok(SheetImage {
        image,
        source: SheetSource::Png { indexed },
        scale: SheetScale::Sd,
    })
}

/// Decodes any PNG to RGBA (8 bits a channel), and whether it was indexed. With `limit =
/// Some((width, max_height))` a PNG of another width or taller is refused before its pixels are
/// read.
///
/// # Errors
/// A PNG that does not decode, or breaks `limit`.
pub fn decode_png(bytes: &[u8], limit: Option<(u32, u32)>) -> Result<(Image, bool), RenderError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info()?;
    let info = reader.info();
    let (width, height) = (info.width, info.height);
    let indexed = info.color_type == png::ColorType::Indexed;
    if let Some((want_width, max_height)) = limit {
        if width != want_width || height > max_height {
            return Err(RenderError::SheetSize {
                width,
                height,
                max_height,
            });
        }
    }
    let size = reader.output_buffer_size().ok_or(RenderError::TooLarge {
        width: width.into(),
        height: height.into(),
        limit: u64::from(u32::MAX),
    })?;
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf)?;
    let data = &buf[..frame.buffer_size()];
    let pixels = rgba_pixels(frame.color_type, data);
    let image =
        Image::from_pixels(frame.width, frame.height, pixels).ok_or(RenderError::SheetSize {
            width,
            height,
            max_height: limit.map_or(height, |l| l.1),
        })?;
    Ok((image, indexed))
}

/// The pixels of a frame decoded with `normalize_to_color8` as RGBA, whatever its colour type:
/// RGB and grey opaque, grey with alpha spread to the three channels.
pub(crate) fn rgba_pixels(color_type: png::ColorType, data: &[u8]) -> Vec<Rgba> {
    match color_type {
        png::ColorType::Rgba => data
            .chunks_exact(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect(),
        png::ColorType::Rgb => data
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => data
            .chunks_exact(2)
            .map(|c| [c[0], c[0], c[0], c[1]])
            .collect(),
        png::ColorType::Grayscale => data.iter().map(|&v| [v, v, v, 255]).collect(),
        // normalize_to_color8 expands palettes, so this is not reached; read it as grey.
        png::ColorType::Indexed => data.iter().map(|&v| [v, v, v, 255]).collect(),
    }
}

/// An 8-bit indexed picture as read from a PNG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexedPng {
    pub width: u32,
    pub height: u32,
    /// One index a pixel, row by row.
    pub indices: Vec<u8>,
    /// The PLTE colours with the tRNS alphas.
    pub palette: Vec<Rgba>,
}

/// A PNG's raw 8-bit indices and its palette, for tests and tools that compare indices; `None`
/// for a PNG that is not 8-bit indexed.
///
/// # Errors
/// A PNG that does not decode.
pub fn read_indexed_png(bytes: &[u8]) -> Result<Option<IndexedPng>, RenderError> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info()?;
    let info = reader.info();
    if info.color_type != png::ColorType::Indexed || info.bit_depth != png::BitDepth::Eight {
        return Ok(None);
    }
    let plte: Cow<[u8]> = info.palette.clone().unwrap_or_default();
    let trns: Vec<u8> = info.trns.as_deref().map(<[u8]>::to_vec).unwrap_or_default();
    let palette = plte
        .chunks_exact(3)
        .enumerate()
        .map(|(i, c)| [c[0], c[1], c[2], trns.get(i).copied().unwrap_or(255)])
        .collect();
    let size = reader.output_buffer_size().unwrap_or(0);
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf)?;
    buf.truncate(frame.buffer_size());
    Ok(Some(IndexedPng {
        width: frame.width,
        height: frame.height,
        indices: buf,
        palette,
    }))
}
