//! The remaster's HD pair as a PNG picture and back, losslessly (docs/remaster.md "Sheet
//! pictures of a pair"): what [`crate::spr_png`] does for an SPR.
//!
//! [`export`] writes the joined 512 x 976 sheet as an 8-bit indexed PNG whose pixel values are
//! its 4-bit indices and whose PLTE is one palette of the SPR the pair takes its colours from
//! (index 0 transparent), with the `spPl` chunk after the header carrying all 16 palettes under
//! the layout code [`HD_PAIR_CODE`]. [`import`] reads such a picture back into the pair:
//!
//! - an indexed PNG (any bit depth): its values are the indices and must be 0 to 15;
//! - a PNG in colours (RGBA, RGB, grey: what an editor that does not keep palettes saves): each
//!   colour must be one of one palette's, the palettes from the chunk or else the SPR given
//!   ([`ImportOptions::palettes`]); alpha 0 is index 0.
//!
//! The pair holds no colour, so nothing of the PLTE is written: the import counts the colours
//! that differ from the SPR's ([`Imported::recoloured`]), since recolouring a unit is editing its
//! SPR. The size is read from the header before the decoder runs; each refusal is one
//! [`RenderError`].

use fft_formats::hd::{self, HdSheet};
use fft_formats::spr::{PALETTE_COLOURS, Palette, STP_BIT, Spr, SprVariant, colour_word};

use crate::encode::png_indexed;
use crate::error::RenderError;
use crate::sheet::{PNG_SIGNATURE, check_palette, png_size};
use crate::spr_png::{
    HD_PAIR_CODE, PixelSource, RawChunk, Source, chunk_data, decoder, find_chunk, match_colours,
    read_colours, read_indices, variant_code, with_chunk,
};

/// The picture of `sheet` drawn with palette `palette` of `palettes` (the SPR the pair takes its
/// colours from), with the `spPl` chunk of all its palettes: [`import`] gives `sheet` back from
/// it alone.
///
/// # Errors
/// A sheet that fits no pair ([`RenderError::SheetEncode`]); palettes from another layout than
/// a standard sheet ([`RenderError::NotHdPalettes`]), or a palette it does not have.
pub fn export(sheet: &HdSheet, palettes: &Spr, palette: usize) -> Result<Vec<u8>, RenderError> {
    check_export(sheet, palettes, palette)?;
    indexed_with_chunk(sheet, palettes, palette, &palettes.palette_rgba(palette))
}

/// The picture of `sheet` shown in `colours` (one of Ramza's CharCLUT rows, RGB888 as the
/// enhanced game draws him, which no SPR palette word holds exactly), index 0 transparent, with
/// the `spPl` chunk of `palettes`' palettes (palette `palette` named as the one it stands for):
/// [`import`] gives `sheet` back from it alone.
///
/// # Errors
/// As [`export`].
pub fn export_in_colours(
    sheet: &HdSheet,
    palettes: &Spr,
    palette: usize,
    colours: &[[u8; 3]; PALETTE_COLOURS],
) -> Result<Vec<u8>, RenderError> {
    check_export(sheet, palettes, palette)?;
    let mut rgba = [[0; 4]; PALETTE_COLOURS];
    for (i, (out, [r, g, b])) in rgba.iter_mut().zip(colours).enumerate() {
        *out = [*r, *g, *b, if i == 0 { 0 } else { 0xFF }];
    }
    indexed_with_chunk(sheet, palettes, palette, &rgba)
}

/// That `sheet` fits a pair and `palettes` are a standard sheet's with palette `palette`.
fn check_export(sheet: &HdSheet, palettes: &Spr, palette: usize) -> Result<(), RenderError> {
    sheet.check().map_err(RenderError::SheetEncode)?;
    if palettes.variant != SprVariant::Standard {
        return Err(RenderError::NotHdPalettes {
            variant: palettes.variant,
        });
    }
    check_palette(palettes, palette)
}

/// The indexed picture of `sheet` with PLTE `rgba` and the chunk of `palettes`.
fn indexed_with_chunk(
    sheet: &HdSheet,
    palettes: &Spr,
    palette: usize,
    rgba: &[[u8; 4]; PALETTE_COLOURS],
) -> Result<Vec<u8>, RenderError> {
    let png = png_indexed(hd::WIDTH as u32, hd::HEIGHT as u32, &sheet.pixels, rgba)?;
    let data = chunk_data(HD_PAIR_CODE, Some(palette), 0, &palettes.palettes)?;
    with_chunk(&png, &data)
}

/// What [`import`] is told besides the picture.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImportOptions<'a> {
    /// The SPR the pair takes its colours from: the palettes a picture in colours is matched to
    /// when it has no chunk, and what its PLTE is compared with.
    pub palettes: Option<&'a Spr>,
    /// The palette the picture shows: for one in colours, the palette its colours are from
    /// (default: the one they all fit); for an indexed one without the chunk, the palette its
    /// PLTE is compared with (default 0).
    pub palette: Option<usize>,
    /// A pair whose index is taken where two indices of the palette show the same colour (a
    /// picture in colours cannot tell them apart).
    pub like: Option<&'a HdSheet>,
}

/// An imported pair and where its parts came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub sheet: HdSheet,
    pub pixels: PixelSource,
    /// Where the palettes the picture was read or compared with came from (the chunk, or
    /// [`ImportOptions::palettes`] as [`Source::Like`]); `None` when there were none.
    pub palettes: Option<Source>,
    /// For an indexed picture with palettes to compare with: the palette its PLTE shows, and
    /// how many of that palette's 16 colours the PLTE changed (none are written: the pair holds
    /// no colour).
    pub recoloured: Option<(usize, usize)>,
}

/// The pair from a picture of it (module docs).
///
/// # Errors
/// One [`RenderError`]: not a PNG, another size than 512 x 976 (from the header, before anything
/// is decoded), a chunk that is damaged or an SPR's, an index past 15, a colour no palette holds,
/// a picture in colours with no palettes to match.
pub fn import(png_bytes: &[u8], options: &ImportOptions<'_>) -> Result<Imported, RenderError> {
    if !png_bytes.starts_with(&PNG_SIGNATURE) {
        return Err(RenderError::NotPng);
    }
    let chunk = find_chunk(png_bytes)?
        .map(|data| RawChunk::parse(data, hd_layout))
        .transpose()?;
    let size = (hd::WIDTH as u32, hd::HEIGHT as u32);
    if let Some((width, height)) = png_size(png_bytes)
        && (width, height) != size
    {
        return Err(RenderError::HdSize { width, height });
    }
    let mut reader = decoder(png_bytes, png::Transformations::IDENTITY).read_info()?;
    let info = reader.info();
    if (info.width, info.height) != size {
        return Err(RenderError::HdSize {
            width: info.width,
            height: info.height,
        });
    }
    let palettes: Option<(Vec<Palette>, Source)> = match (&chunk, options.palettes) {
        (Some(chunk), _) => Some((chunk.palettes.clone(), Source::Chunk)),
        (None, Some(spr)) => Some((spr.palettes.clone(), Source::Like)),
        (None, None) => None,
    };
    if let Some(spr) = options.palettes
        && spr.variant != SprVariant::Standard
    {
        return Err(RenderError::NotHdPalettes {
            variant: spr.variant,
        });
    }
    let dimensions = (hd::WIDTH, hd::HEIGHT);
    if info.color_type == png::ColorType::Indexed {
        let plte: Vec<[u8; 3]> = info
            .palette
            .as_deref()
            .unwrap_or_default()
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        let depth = info.bit_depth as u8;
        let indices = read_indices(&mut reader, depth, dimensions)?;
        let shown = chunk
            .as_ref()
            .and_then(|c| c.shown)
            .or(options.palette)
            .unwrap_or(0);
        let recoloured = match &palettes {
            Some((palettes, _)) => {
                let words = palettes.get(shown).ok_or(RenderError::NoSuchPalette {
                    palette: shown,
                    variant: SprVariant::Standard,
                })?;
                Some((shown, changed_colours(&plte, words)))
            }
            None => None,
        };
        return Ok(Imported {
            sheet: HdSheet { pixels: indices },
            pixels: PixelSource::Indices,
            palettes: palettes.map(|(_, source)| source),
            recoloured,
        });
    }
    drop(reader);
    let (palettes, source) = palettes.ok_or(RenderError::NoPalettes)?;
    let colours = read_colours(png_bytes, dimensions)?;
    let preferred = options.like.map(|like| like.pixels.as_slice());
    let (indices, palette) = match_colours(
        &colours,
        &palettes,
        (SprVariant::Standard, options.palette),
        (hd::WIDTH, preferred),
    )?;
    Ok(Imported {
        sheet: HdSheet { pixels: indices },
        pixels: PixelSource::Colours { palette },
        palettes: Some(source),
        recoloured: None,
    })
}

/// The chunk's layout for an HD import: code 6 and the standard sheet's 16 palettes, else the
/// picture is an SPR's.
fn hd_layout(code: u8) -> Result<(usize, String), RenderError> {
    if code == HD_PAIR_CODE {
        return Ok((SprVariant::Standard.palette_count(), "an HD pair".into()));
    }
    let layout = SprVariant::ALL
        .into_iter()
        .find(|v| variant_code(*v) == code)
        .map_or_else(|| format!("layout code {code}"), |v| format!("a {v} sheet"));
    Err(RenderError::NotHdPicture { layout })
}

/// How many of the first 16 PLTE colours are not the colour the palette's word shows (the STP
/// bit aside, which no colour shows).
fn changed_colours(plte: &[[u8; 3]], words: &Palette) -> usize {
    plte.iter()
        .take(PALETTE_COLOURS)
        .zip(words)
        .filter(|(rgb, word)| colour_word(**rgb) != **word & !STP_BIT)
        .count()
}
