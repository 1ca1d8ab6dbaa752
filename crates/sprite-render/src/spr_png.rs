//! SPR sheets as PNG pictures and back, losslessly (docs/sheet-import.md).
//!
//! The picture [`crate::sheet::spr_to_png`] writes, an indexed PNG whose pixel values are the
//! sheet's 4-bit indices, holds every pixel but only one palette, and that one only as 8-bit
//! colours: the other palettes, the STP bit of each colour word, the layout (an SP2 and the OTHER
//! sheet are both 256 x 256) and the zero bytes a file ends with are not in it. [`export`] writes
//! the same picture with one ancillary chunk more, `spPl`, that carries them; [`import`] reads
//! any sheet picture back into an [`Spr`], taking what the picture lacks from the chunk, or else
//! from a sheet it is told to be like (`--like`). An exported picture imports to the same bytes.
//!
//! [`import`] takes
//! - an indexed PNG (any bit depth): its pixel values are the indices, which must be 0 to 15. A
//!   PLTE of 16 colours or fewer is the palette the picture shows (the chunk's, else
//!   [`ImportOptions::palette`], else 0); a longer PLTE without the chunk holds palettes 0, 1, ...
//!   16 colours each (what fan-made sheets carry). A colour of the PLTE becomes the colour word
//!   nearest to it, keeping the STP bit of the word it replaces;
//! - an RGBA (or RGB, grey) PNG whose colours are those of one of the sheet's palettes, which
//!   then come from the chunk or `--like`: alpha 0 is index 0, and each colour the index of that
//!   palette showing it (the `--like` sheet's index where several do).
//!
//! Everything is checked before anything large is allocated: the size from the PNG header, the
//! chunk's length against its layout. Each refusal is one [`RenderError`].

use std::ops::RangeInclusive;

use fft_formats::spr::{
    PALETTE_COLOURS, Palette, STP_BIT, Spr, SprVariant, WIDTH, colour_word, palette_rgba,
};

use crate::error::{Pixel, RenderError};
use crate::image::Rgba;
use crate::sheet::{PNG_SIGNATURE, png_size, rgba_pixels, spr_to_png};

/// The chunk type of the sheet data an indexed PNG cannot hold: ancillary, private, safe to copy
/// (its content does not depend on the pixels, so an editor may keep it when it changes them).
pub const CHUNK_TYPE: [u8; 4] = *b"spPl";
/// The chunk's layout code for the picture of the remaster's HD pair ([`crate::hd_png`]): the
/// codes 0-5 are the SPR layouts.
pub const HD_PAIR_CODE: u8 = 6;
/// The version of the chunk's layout this module reads and writes.
pub const CHUNK_VERSION: u8 = 1;
/// The chunk's `shown` byte when the PLTE is no palette of the sheet (an SP2's grey ramp).
const NO_PALETTE_SHOWN: u8 = 0xFF;
/// Bytes of the chunk before its palettes.
const CHUNK_HEAD: usize = 10;
/// Bytes of the PNG decoder's allocations allowed: a 256 x 656 picture at 16 bits a channel is
/// 1.3 MiB; the rest is room for its ancillary chunks.
const DECODER_LIMIT: usize = 8 << 20;
/// The most zero bytes after the pixel data the chunk may give: far more than the sector padding
/// of a file cut from a disc image (under 2048), and few enough that a hostile chunk cannot make
/// the encoder write gigabytes.
pub const MAX_PADDING: usize = 1 << 16;
/// How many faulty pixels an error names before it counts the rest.
const NAMED_PIXELS: usize = 4;

/// What a sheet's file holds that its indexed picture does not: the `spPl` chunk.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 1 | version (1) |
/// | 1 | 1 | layout: 0 standard, 1 short, 2 tall, 3 SP2, 4 OTHER, 5 weapons ([`HD_PAIR_CODE`], 6, an HD pair) |
/// | 2 | 1 | the palette the PLTE shows, 0xFF for none |
/// | 3 | 1 | 0 |
/// | 4 | 4 | the zero bytes after the pixel data (u32, little-endian) |
/// | 8 | 2 | palette count (u16, little-endian): the layout's |
/// | 10 | 32 each | the palettes, 16 colour words each (u16, little-endian, STP bit included) |
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetChunk {
    pub variant: SprVariant,
    /// The palette the picture's PLTE is; `None` when it is none of them (an SP2's grey ramp).
    pub shown: Option<usize>,
    /// [`Spr::padding`].
    pub padding: usize,
    /// [`Spr::palettes`].
    pub palettes: Vec<Palette>,
}

/// The layout's code in the chunk. Fixed here, whatever order [`SprVariant::ALL`] lists them in.
pub(crate) fn variant_code(variant: SprVariant) -> u8 {
    match variant {
        SprVariant::Standard => 0,
        SprVariant::Short => 1,
        SprVariant::Tall => 2,
        SprVariant::Sp2 => 3,
        SprVariant::Other => 4,
        SprVariant::Weapons => 5,
    }
}

impl SheetChunk {
    /// What `spr`'s picture with palette `shown` lacks.
    pub fn of(spr: &Spr, shown: Option<usize>) -> Self {
        Self {
            variant: spr.variant,
            shown,
            padding: spr.padding,
            palettes: spr.palettes.clone(),
        }
    }

    /// The chunk's data.
    ///
    /// # Errors
    /// Padding over [`MAX_PADDING`], more palettes than a u16 counts, a shown palette that is
    /// not one of them.
    pub fn to_bytes(&self) -> Result<Vec<u8>, RenderError> {
        chunk_data(
            variant_code(self.variant),
            self.shown,
            self.padding,
            &self.palettes,
        )
    }

    /// Reads the chunk's data.
    ///
    /// # Errors
    /// [`RenderError::BadChunk`], saying what does not fit; [`RenderError::HdPicture`] for the
    /// chunk of an HD pair's picture.
    pub fn parse(data: &[u8]) -> Result<Self, RenderError> {
        let raw = RawChunk::parse(data, |code| {
            if code == HD_PAIR_CODE {
                return Err(RenderError::HdPicture);
            }
            SprVariant::ALL
                .into_iter()
                .find(|v| variant_code(*v) == code)
                .map(|v| (v.palette_count(), format!("a {v} sheet")))
                .ok_or_else(|| {
                    RenderError::BadChunk(format!("layout code {code}, which is none of 0 to 6"))
                })
        })?;
        let variant = SprVariant::ALL
            .into_iter()
            .find(|v| variant_code(*v) == raw.code)
            .expect("the code was found above");
        Ok(Self {
            variant,
            shown: raw.shown,
            padding: raw.padding,
            palettes: raw.palettes,
        })
    }
}

/// The chunk's data for a layout `code` (module docs' table).
pub(crate) fn chunk_data(
    code: u8,
    shown: Option<usize>,
    padding: usize,
    palettes: &[Palette],
) -> Result<Vec<u8>, RenderError> {
    if padding > MAX_PADDING {
        return Err(RenderError::BadChunk(format!(
            "it would give {padding} zero bytes after the pixels; a sheet has at most {MAX_PADDING}"
        )));
    }
    let padding = padding as u32;
    let count = u16::try_from(palettes.len())
        .map_err(|_| RenderError::BadChunk("over 65535 palettes".into()))?;
    let shown = match shown {
        None => NO_PALETTE_SHOWN,
        Some(p) if p < palettes.len() && p < usize::from(NO_PALETTE_SHOWN) => p as u8,
        Some(p) => {
            return Err(RenderError::BadChunk(format!(
                "it would say the picture shows palette {p} of {}",
                palettes.len()
            )));
        }
    };
    let mut out = Vec::with_capacity(CHUNK_HEAD + palettes.len() * 32);
    out.extend_from_slice(&[CHUNK_VERSION, code, shown, 0]);
    out.extend_from_slice(&padding.to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    for word in palettes.iter().flatten() {
        out.extend_from_slice(&word.to_le_bytes());
    }
    Ok(out)
}

/// The chunk's fields before the layout code is read as a layout.
pub(crate) struct RawChunk {
    pub(crate) code: u8,
    pub(crate) shown: Option<usize>,
    pub(crate) padding: usize,
    pub(crate) palettes: Vec<Palette>,
}

impl RawChunk {
    /// The fields of the chunk's data, each checked against the others: the version, the layout
    /// code (`layout` gives its palette count and its name in words, or refuses it), the palette
    /// count against it, the length the count makes, the shown palette one of them, the padding
    /// bounded.
    pub(crate) fn parse(
        data: &[u8],
        layout: impl FnOnce(u8) -> Result<(usize, String), RenderError>,
    ) -> Result<Self, RenderError> {
        let bad = |why: String| RenderError::BadChunk(why);
        let head = data.get(..CHUNK_HEAD).ok_or_else(|| {
            bad(format!(
                "{} bytes; it has at least {CHUNK_HEAD}",
                data.len()
            ))
        })?;
        if head[0] != CHUNK_VERSION {
            return Err(bad(format!(
                "version {}; this tactics-sprite reads version {CHUNK_VERSION}",
                head[0]
            )));
        }
        let (palettes_of_layout, layout_words) = layout(head[1])?;
        let count = usize::from(u16::from_le_bytes([head[8], head[9]]));
        if count != palettes_of_layout {
            return Err(bad(format!(
                "{count} palettes for {layout_words}, which has {palettes_of_layout}"
            )));
        }
        let want = CHUNK_HEAD + count * 2 * PALETTE_COLOURS;
        if data.len() != want {
            return Err(bad(format!(
                "{} bytes; {count} palettes make {want}",
                data.len()
            )));
        }
        let shown = match head[2] {
            NO_PALETTE_SHOWN => None,
            p if usize::from(p) < count => Some(usize::from(p)),
            p => {
                return Err(bad(format!(
                    "it says the picture shows palette {p} of {count}"
                )));
            }
        };
        let padding = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize;
        if padding > MAX_PADDING {
            return Err(bad(format!(
                "{padding} zero bytes after the pixels; a sheet has at most {MAX_PADDING}"
            )));
        }
        let palettes = data[CHUNK_HEAD..]
            .chunks_exact(2 * PALETTE_COLOURS)
            .map(|palette| {
                std::array::from_fn(|i| u16::from_le_bytes([palette[2 * i], palette[2 * i + 1]]))
            })
            .collect();
        Ok(Self {
            code: head[1],
            shown,
            padding,
            palettes,
        })
    }
}

/// The picture `tactics-sprite sheet` writes for `spr` with palette `palette` (the bytes of
/// [`spr_to_png`]), with the [`SheetChunk`] after its header: [`import`] gives `spr` back from it
/// alone.
///
/// # Errors
/// As [`spr_to_png`]; a padding over [`MAX_PADDING`].
pub fn export(spr: &Spr, palette: usize) -> Result<Vec<u8>, RenderError> {
    let png = spr_to_png(spr, palette)?;
    add_chunk(&png, spr, palette)
}

/// `png`, the picture [`spr_to_png`] wrote for `spr` with palette `palette` (as
/// [`crate::sheet::sheet_png`] gives it, say), with the [`SheetChunk`] after its header: what
/// [`export`] writes.
///
/// # Errors
/// A padding over [`MAX_PADDING`]; a `png` that does not start with the signature and an IHDR
/// chunk.
pub fn add_chunk(png: &[u8], spr: &Spr, palette: usize) -> Result<Vec<u8>, RenderError> {
    let shown = (spr.variant != SprVariant::Sp2).then_some(palette);
    let data = SheetChunk::of(spr, shown).to_bytes()?;
    with_chunk(png, &data)
}

/// `png` with a `spPl` chunk of `data` right after its header.
///
/// # Errors
/// A `png` that does not start with the signature and an IHDR chunk.
pub(crate) fn with_chunk(png: &[u8], data: &[u8]) -> Result<Vec<u8>, RenderError> {
    if png_size(png).is_none() {
        return Err(RenderError::NotPng);
    }
    // After the signature and the IHDR chunk (its length, type, 13 bytes and CRC).
    let at = PNG_SIGNATURE.len() + 4 + 4 + 13 + 4;
    let mut out = Vec::with_capacity(png.len() + data.len() + 12);
    out.extend_from_slice(&png[..at]);
    out.extend_from_slice(&chunk(CHUNK_TYPE, data));
    out.extend_from_slice(&png[at..]);
    Ok(out)
}

/// A PNG chunk: length, type, data, CRC of the type and data.
fn chunk(kind: [u8; 4], data: &[u8]) -> Vec<u8> {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&kind);
    crc.update(data);
    let mut out = Vec::with_capacity(data.len() + 12);
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(&kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
    out
}

/// The data of the `spPl` chunk of a PNG, if it has one; its CRC is checked (the PNG decoder
/// skips ancillary chunks whose CRC is wrong, silently).
pub(crate) fn find_chunk(png: &[u8]) -> Result<Option<&[u8]>, RenderError> {
    let mut at = PNG_SIGNATURE.len();
    while let Some(head) = png.get(at..at + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind = [head[4], head[5], head[6], head[7]];
        let Some(end) = (at + 8).checked_add(len).filter(|end| end + 4 <= png.len()) else {
            // A chunk cut short: the decoder says so, in its words.
            return Ok(None);
        };
        if kind == CHUNK_TYPE {
            let data = &png[at + 8..end];
            let stored = u32::from_be_bytes([png[end], png[end + 1], png[end + 2], png[end + 3]]);
            let mut crc = crc32fast::Hasher::new();
            crc.update(&kind);
            crc.update(data);
            if crc.finalize() != stored {
                return Err(RenderError::BadChunk(
                    "its CRC does not match its bytes".into(),
                ));
            }
            return Ok(Some(data));
        }
        if &kind == b"IEND" {
            break;
        }
        at = end + 4;
    }
    Ok(None)
}

/// What [`import`] is told besides the picture.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImportOptions<'a> {
    /// A sheet of the same layout whose palettes, bottom band and padding fill in what the
    /// picture does not carry (`--like RAMUZA.SPR`).
    pub like: Option<&'a Spr>,
    /// The palette the picture shows: for an indexed PNG without the chunk, the palette its PLTE
    /// is (default 0); for an RGBA one, the palette its colours are from (default: the one they
    /// all fit).
    pub palette: Option<usize>,
    /// The layout, when neither the chunk nor `like` says it and the height does not (a 256 x 256
    /// picture is an SP2 or the OTHER sheet).
    pub variant: Option<SprVariant>,
}

/// Where a part of an imported sheet came from; an error names it too, so it is the error
/// module's ([`NotThatLayout`](RenderError::NotThatLayout)).
pub use crate::error::Source;

/// How the pixels were read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PixelSource {
    /// An indexed PNG's pixel values.
    Indices,
    /// An RGBA picture's colours, matched to this palette.
    Colours { palette: usize },
}

/// An imported sheet and where its parts came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub spr: Spr,
    /// Who said the layout: the options, the chunk, `--like`, or the picture (by its height).
    pub layout: Source,
    pub pixels: PixelSource,
    /// For each palette, where its words came from.
    pub palettes: Vec<Source>,
    /// Where rows 456-487 of a standard sheet came from (`Like` for a 456-row picture).
    pub band: Source,
    pub padding: Source,
}

impl Imported {
    /// Its palettes in runs of neighbours that came from one place, in order: `0..=0` from the
    /// picture and `1..=15` from the chunk for a picture of palette 0 with its chunk.
    #[must_use]
    pub fn palette_runs(&self) -> Vec<(RangeInclusive<usize>, Source)> {
        let mut runs: Vec<(RangeInclusive<usize>, Source)> = Vec::new();
        for (palette, &source) in self.palettes.iter().enumerate() {
            match runs.last_mut() {
                Some((run, from)) if *from == source => *run = *run.start()..=palette,
                _ => runs.push((palette..=palette, source)),
            }
        }
        runs
    }
}

/// The rows of a standard sheet's bottom band (body parts and the portrait), which a 456-row
/// picture leaves out.
const BAND_ROWS: std::ops::Range<usize> = 456..488;

/// A sheet from a picture of it (module docs).
///
/// # Errors
/// One [`RenderError`]: not a PNG, another size, a layout nobody says, pixels that fit no index,
/// palettes the picture and `options` do not give.
pub fn import(png_bytes: &[u8], options: &ImportOptions<'_>) -> Result<Imported, RenderError> {
    if !png_bytes.starts_with(&PNG_SIGNATURE) {
        return Err(RenderError::NotPng);
    }
    let chunk = find_chunk(png_bytes)?.map(SheetChunk::parse).transpose()?;
    // The size first, from the header itself: a picture of another size is refused before the
    // decoder reads on.
    if let Some((width, height)) = png_size(png_bytes) {
        layout(width, height, chunk.as_ref(), options)?;
    }
    let mut reader = decoder(png_bytes, png::Transformations::IDENTITY).read_info()?;
    let info = reader.info();
    let (width, height) = (info.width, info.height);
    let (variant, layout_source) = layout(width, height, chunk.as_ref(), options)?;
    let band_from_like = height as usize != variant.height();
    if band_from_like && options.like.is_none() {
        return Err(RenderError::NoBand);
    }
    let rows = height as usize;
    let indexed = info.color_type == png::ColorType::Indexed;
    let (pixels, pixel_source, palettes, palette_sources) = if indexed {
        let plte: Vec<[u8; 3]> = info
            .palette
            .as_deref()
            .unwrap_or_default()
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        let depth = info.bit_depth as u8;
        let indices = read_indices(&mut reader, depth, (WIDTH, rows))?;
        let (palettes, sources) = palettes_of_indexed(&plte, variant, chunk.as_ref(), options)?;
        (indices, PixelSource::Indices, palettes, sources)
    } else {
        drop(reader);
        let base = base_palettes(variant, chunk.as_ref(), options)
            .filter(|(palettes, _)| !palettes.is_empty())
            .ok_or(RenderError::NoPalettes)?;
        let colours = read_colours(png_bytes, (WIDTH, rows))?;
        let preferred = options.like.map(|like| like.pixels.as_slice());
        let (indices, palette) = match_colours(
            &colours,
            &base.0,
            (variant, options.palette),
            (WIDTH, preferred),
        )?;
        let sources = vec![base.1; base.0.len()];
        (indices, PixelSource::Colours { palette }, base.0, sources)
    };
    let mut image = pixels;
    let band = if band_from_like {
        let like = options.like.expect("checked above");
        image.extend_from_slice(&like.pixels[BAND_ROWS.start * WIDTH..BAND_ROWS.end * WIDTH]);
        Source::Like
    } else {
        Source::Picture
    };
    let (padding, padding_source) = match (&chunk, options.like) {
        (Some(chunk), _) => (chunk.padding, Source::Chunk),
        (None, Some(like)) if like.variant == variant => (like.padding, Source::Like),
        _ => (variant.retail_padding(), Source::Default),
    };
    let spr = Spr {
        variant,
        palettes,
        pixels: image,
        padding,
    };
    // The model is checked by encoding it (the compressed rows included).
    spr.encode().map_err(RenderError::SheetEncode)?;
    Ok(Imported {
        spr,
        layout: layout_source,
        pixels: pixel_source,
        palettes: palette_sources,
        band,
        padding: padding_source,
    })
}

/// A PNG decoder for `bytes` with bounded allocations and no text or ICC chunks read.
pub(crate) fn decoder(
    bytes: &[u8],
    transformations: png::Transformations,
) -> png::Decoder<std::io::Cursor<&[u8]>> {
    let mut decoder = png::Decoder::new_with_limits(
        std::io::Cursor::new(bytes),
        png::Limits {
            bytes: DECODER_LIMIT,
        },
    );
    decoder.set_ignore_text_chunk(true);
    decoder.set_ignore_iccp_chunk(true);
    decoder.set_transformations(transformations);
    decoder
}

/// The layout of a `width x height` picture and who says it: what the options, the chunk or
/// `like` say, checked against the height, else what the height says.
fn layout(
    width: u32,
    height: u32,
    chunk: Option<&SheetChunk>,
    options: &ImportOptions<'_>,
) -> Result<(SprVariant, Source), RenderError> {
    let fits = |variant: SprVariant| {
        let full = variant.height() == height as usize;
        let without_band = variant == SprVariant::Standard && height as usize == BAND_ROWS.start;
        full || without_band
    };
    if (width as usize, height as usize) == (fft_formats::hd::WIDTH, fft_formats::hd::HEIGHT) {
        return Err(RenderError::HdPicture);
    }
    if width as usize != WIDTH || !SprVariant::ALL.into_iter().any(fits) {
        return Err(RenderError::PictureSize { width, height });
    }
    let said = [
        (options.variant, Source::Options),
        (chunk.map(|c| c.variant), Source::Chunk),
        (options.like.map(|l| l.variant), Source::Like),
    ];
    for (variant, said) in said {
        if let Some(variant) = variant
            && !fits(variant)
        {
            return Err(RenderError::NotThatLayout {
                height,
                variant,
                said,
            });
        }
    }
    if let Some(said) = said.iter().find_map(|(v, source)| v.map(|v| (v, *source))) {
        return Ok(said);
    }
    let mut by_height = SprVariant::ALL.into_iter().filter(|v| fits(*v));
    match (by_height.next(), by_height.next()) {
        (Some(variant), None) => Ok((variant, Source::Picture)),
        _ => Err(RenderError::Sp2OrOther),
    }
}

/// The palettes a sheet of `variant` keeps when the picture does not give them: the chunk's, else
/// `like`'s (when it is of the same layout).
fn base_palettes(
    variant: SprVariant,
    chunk: Option<&SheetChunk>,
    options: &ImportOptions<'_>,
) -> Option<(Vec<Palette>, Source)> {
    if let Some(chunk) = chunk {
        return Some((chunk.palettes.clone(), Source::Chunk));
    }
    options
        .like
        .filter(|like| like.palettes.len() == variant.palette_count())
        .map(|like| (like.palettes.clone(), Source::Like))
}

/// An indexed picture's palettes: what its PLTE carries (module docs), the rest from the chunk or
/// `like`.
fn palettes_of_indexed(
    plte: &[[u8; 3]],
    variant: SprVariant,
    chunk: Option<&SheetChunk>,
    options: &ImportOptions<'_>,
) -> Result<(Vec<Palette>, Vec<Source>), RenderError> {
    let count = variant.palette_count();
    if count == 0 {
        return Ok((Vec::new(), Vec::new()));
    }
    // Which palette PLTE entry k describes: one shown palette, or 16 entries a palette.
    let shown = match chunk {
        Some(chunk) => chunk.shown,
        None if plte.len() > PALETTE_COLOURS => None,
        None => Some(options.palette.unwrap_or(0)),
    };
    if let Some(palette) = shown.filter(|p| *p >= count) {
        return Err(RenderError::NoSuchPalette { palette, variant });
    }
    let entries = match (chunk, shown) {
        // With the chunk, the PLTE is only the palette it shows (an editor may pad it).
        (Some(_), Some(_)) => plte.len().min(PALETTE_COLOURS),
        (Some(_), None) => 0,
        (None, _) => plte.len().min(count * PALETTE_COLOURS),
    };
    let first = shown.unwrap_or(0) * PALETTE_COLOURS;
    let base = base_palettes(variant, chunk, options);
    let mut palettes: Vec<Option<Palette>> = match &base {
        Some((palettes, _)) => palettes.iter().copied().map(Some).collect(),
        None => vec![None; count],
    };
    let mut carried = vec![false; count];
    for (k, rgb) in plte.iter().take(entries).enumerate() {
        let (palette, colour) = ((first + k) / PALETTE_COLOURS, (first + k) % PALETTE_COLOURS);
        let old = palettes[palette].map_or(0, |p| p[colour]);
        let target = palettes[palette].get_or_insert([0; PALETTE_COLOURS]);
        target[colour] = colour_word(*rgb) | (old & STP_BIT);
        carried[palette] = true;
    }
    // A palette the PLTE gave only part of is whole only with a base to fill it from.
    let partial = entries % PALETTE_COLOURS != 0 && base.is_none();
    if palettes.iter().any(Option::is_none) || partial {
        let given: Vec<usize> = (0..count).filter(|p| carried[*p]).collect();
        return Err(RenderError::PalettesMissing {
            carried: carried_words(&given, entries),
            variant,
        });
    }
    let base_source = base.map_or(Source::Default, |(_, source)| source);
    let sources = carried
        .iter()
        .map(|c| if *c { Source::Picture } else { base_source })
        .collect();
    Ok((palettes.into_iter().flatten().collect(), sources))
}

/// `palette 0 only`, `palettes 0 to 3`, `no palette`, `12 colours of palette 0`.
fn carried_words(palettes: &[usize], entries: usize) -> String {
    match palettes {
        [] => "no palette".to_owned(),
        [p] if entries < PALETTE_COLOURS => format!("{entries} colours of palette {p} only"),
        [p] => format!("palette {p} only"),
        [first, .., last] => format!("palettes {first} to {last} only"),
    }
}

/// An indexed picture's pixel values, one a byte, row by row; each must be 0 to 15.
pub(crate) fn read_indices(
    reader: &mut png::Reader<std::io::Cursor<&[u8]>>,
    depth: u8,
    (width, rows): (usize, usize),
) -> Result<Vec<u8>, RenderError> {
    let size = reader
        .output_buffer_size()
        .ok_or(png::DecodingError::LimitsExceeded)?;
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf)?;
    let line = frame.line_size;
    let per_byte = 8 / usize::from(depth.max(1));
    let mask = (1u16 << depth) - 1;
    let mut indices = Vec::with_capacity(width * rows);
    let mut wrong = Vec::new();
    let mut wrong_count = 0;
    for (y, row) in buf.chunks(line).take(rows).enumerate() {
        for x in 0..width {
            let value = if depth >= 8 {
                row[x]
            } else {
                let byte = row[x / per_byte];
                let shift = 8 - usize::from(depth) * (x % per_byte + 1);
                ((u16::from(byte) >> shift) & mask) as u8
            };
            if value > 0x0F {
                wrong_count += 1;
                if wrong.len() < NAMED_PIXELS {
                    wrong.push(Pixel {
                        x: x as u32,
                        y: y as u32,
                        value,
                    });
                }
            }
            indices.push(value);
        }
    }
    if wrong_count > 0 {
        return Err(RenderError::IndexOutOfRange {
            count: wrong_count,
            first: wrong,
        });
    }
    Ok(indices)
}

/// A picture in colours as RGBA, row by row.
pub(crate) fn read_colours(
    bytes: &[u8],
    (width, rows): (usize, usize),
) -> Result<Vec<Rgba>, RenderError> {
    let mut reader = decoder(bytes, png::Transformations::normalize_to_color8()).read_info()?;
    let size = reader
        .output_buffer_size()
        .ok_or(png::DecodingError::LimitsExceeded)?;
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf)?;
    let data = &buf[..frame.buffer_size()];
    let colours = rgba_pixels(frame.color_type, data);
    Ok(colours.into_iter().take(width * rows).collect())
}

/// The index of each colour in one palette: `palette`, else the first every colour fits; where
/// several indices show a colour, the `preferred` index at that pixel when it is one of them.
/// The picture is `width` wide; `variant` is the layout the palettes are of, for the error.
pub(crate) fn match_colours(
    colours: &[Rgba],
    palettes: &[Palette],
    (variant, palette): (SprVariant, Option<usize>),
    (width, preferred): (usize, Option<&[u8]>),
) -> Result<(Vec<u8>, usize), RenderError> {
    let candidates: Vec<usize> = match palette {
        Some(p) if p < palettes.len() => vec![p],
        Some(palette) => return Err(RenderError::NoSuchPalette { palette, variant }),
        None => (0..palettes.len()).collect(),
    };
    // Every colour of alpha 0 is the same transparent one.
    let mut distinct: Vec<Rgba> = colours
        .iter()
        .map(|c| if c[3] == 0 { [0; 4] } else { *c })
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    // The first palette that holds every colour, else the one that holds the most of them
    // (counting each colour once, and each palette only until it is no better).
    let mut fewest: Option<(usize, usize)> = None;
    for &p in &candidates {
        let shown = palette_rgba(&palettes[p]);
        let best = fewest.map_or(usize::MAX, |(_, misfits)| misfits);
        let misfits = distinct
            .iter()
            .filter(|c| index_of(**c, &shown, None).is_none())
            .take(best)
            .count();
        if misfits == 0 {
            return Ok((indices_in(colours, &palettes[p], preferred), p));
        }
        if misfits < best {
            fewest = Some((p, misfits));
        }
    }
    let palette = fewest.map_or(0, |(p, _)| p);
    let shown = palette_rgba(&palettes[palette]);
    let mut first = Vec::new();
    let mut count = 0;
    for (i, colour) in colours.iter().enumerate() {
        if index_of(*colour, &shown, None).is_none() {
            count += 1;
            if first.len() < NAMED_PIXELS {
                first.push(Pixel {
                    x: (i % width) as u32,
                    y: (i / width) as u32,
                    value: *colour,
                });
            }
        }
    }
    Err(RenderError::ColoursNotInPalette {
        palette,
        count,
        distinct: distinct.len(),
        first,
    })
}

/// Each colour's index in `palette` (they all fit), the `preferred` index where several show it.
fn indices_in(colours: &[Rgba], palette: &Palette, preferred: Option<&[u8]>) -> Vec<u8> {
    let shown = palette_rgba(palette);
    colours
        .iter()
        .enumerate()
        .map(|(i, colour)| {
            let preferred = preferred.and_then(|p| p.get(i)).copied();
            index_of(*colour, &shown, preferred).unwrap_or(0)
        })
        .collect()
}

/// The index showing `colour` in `shown`: 0 for any colour of alpha 0, else an opaque colour
/// equal to one of colours 1-15, `preferred` when it is one of them, else the first.
fn index_of(colour: Rgba, shown: &[Rgba; PALETTE_COLOURS], preferred: Option<u8>) -> Option<u8> {
    if colour[3] == 0 {
        return Some(0);
    }
    if colour[3] != 255 {
        return None;
    }
    if let Some(p) = preferred.filter(|p| (1..PALETTE_COLOURS as u8).contains(p))
        && shown[usize::from(p)] == colour
    {
        return Some(p);
    }
    (1..PALETTE_COLOURS)
        .find(|&i| shown[i] == colour)
        .map(|i| i as u8)
}
