//! Decoding SPR files: the variant from the file's size and structure, then its sections in file
//! order. Every allocation has the variant's fixed size, whatever the bytes say.

use super::compression::decompress;
use super::record::{PaletteRecord, RawRow};
use super::{PALETTE_BYTES, Palette, ROW_BYTES, Section, Spr, SprVariant, WIDTH};
use crate::error::{DecodeError, Error, ErrorKind, FieldPath};
use crate::record;

/// Size of an SP2 sheet: 256 raw rows (32768 bytes).
pub const SP2_LEN: usize = SprVariant::Sp2.fixed_len();
/// Size of the OTHER sheet: 32 palettes and 256 raw rows (33792 bytes).
pub const OTHER_LEN: usize = SprVariant::Other.fixed_len();
/// Size of the weapons sheet WEP.SPR: three blocks of 16 palettes and raw rows (256, 256, 144;
/// 85504 bytes).
pub const WEAPONS_LEN: usize = SprVariant::Weapons.fixed_len();
/// Where the pixel data of a short sheet ends and the compressed stream of a standard sheet
/// starts: 16 palettes and 288 raw rows.
pub const SHORT_END: usize = SprVariant::Short.fixed_len();

impl Spr {
    /// Decodes a sheet of any variant, telling the variant from the bytes: 32768 bytes is an SP2
    /// sheet, 33792 the OTHER sheet, 85504 the weapons sheet; a file that holds only zeros from
    /// 0x9200 on is a short sheet; any other file is a standard sheet if its stream from 0x9200 gives exactly the
    /// 200 compressed rows, else a tall one if its stream from 0x8200 gives 256.
    ///
    /// # Errors
    /// When the bytes fit no variant: the error of reading them as a standard sheet.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        match bytes.len() {
            SP2_LEN => Self::decode_as(bytes, SprVariant::Sp2),
            OTHER_LEN => Self::decode_as(bytes, SprVariant::Other),
            WEAPONS_LEN => Self::decode_as(bytes, SprVariant::Weapons),
            len if len >= SHORT_END && bytes[SHORT_END..].iter().all(|b| *b == 0) => {
                Self::decode_as(bytes, SprVariant::Short)
            }
            _ => Self::decode_as(bytes, SprVariant::Standard)
                .or_else(|standard| Self::decode_as(bytes, SprVariant::Tall).map_err(|_| standard)),
        }
    }

    /// How many palettes a sheet of `len` bytes has, told from its size as [`Spr::decode`] tells
    /// the fixed-size variants, nothing decoded: none for an SP2, 32 for the OTHER sheet, 48 for
    /// the weapons sheet, 16 for any other (every unit sheet's layout has 16). What a list of
    /// many sheets says of each before one is drawn.
    pub fn palette_count_of_len(len: usize) -> usize {
        match len {
            SP2_LEN => SprVariant::Sp2.palette_count(),
            OTHER_LEN => SprVariant::Other.palette_count(),
            WEAPONS_LEN => SprVariant::Weapons.palette_count(),
            _ => SprVariant::Standard.palette_count(),
        }
    }

    /// The variant [`Spr::decode`] would find, or `None` when the bytes do not decode.
    pub fn detect(bytes: &[u8]) -> Option<SprVariant> {
        Self::decode(bytes).ok().map(|spr| spr.variant)
    }

    /// Decodes a sheet of a known variant.
    ///
    /// # Errors
    /// The first place where the bytes break the variant's layout: a section cut short, a
    /// compressed stream that ends early or runs past its rows, a non-zero pad nibble, or a
    /// non-zero byte after the pixel data.
    pub fn decode_as(bytes: &[u8], variant: SprVariant) -> Result<Self, DecodeError> {
        // The image is allocated whole, so a file too short for the variant's fixed sections is
        // refused first: a few bytes never cost a full sheet of memory.
        let fixed_len = variant.fixed_len();
        if bytes.len() < fixed_len {
            return Err(Error::decode(
                ErrorKind::UnexpectedEnd,
                bytes.len(),
                format!("{variant:?} sheet"),
                format!("at least {fixed_len} bytes of palettes and raw rows"),
                format!("a file of {} bytes", bytes.len()),
            ));
        }
        let mut spr = Self {
            variant,
            palettes: Vec::with_capacity(variant.palette_count()),
            pixels: vec![0; WIDTH * variant.height()],
            padding: 0,
        };
        let mut at = 0;
        for section in variant.sections() {
            at = match *section {
                Section::Palettes(count) => read_palettes(bytes, at, count, &mut spr.palettes)?,
                Section::Raw { first, end } => read_raw(bytes, at, first..end, &mut spr.pixels)?,
                Section::Compressed { first, end } => {
                    read_compressed(bytes, at, first..end, &mut spr.pixels)?
                }
            };
        }
        spr.padding = read_padding(bytes, at)?;
        Ok(spr)
    }
}

fn read_palettes(
    bytes: &[u8],
    at: usize,
    count: usize,
    palettes: &mut Vec<Palette>,
) -> Result<usize, DecodeError> {
    let mut at = at;
    for _ in 0..count {
        let index = palettes.len();
        let palette: PaletteRecord =
            record::read(bytes, at, || FieldPath::index("palette", index))?;
        palettes.push(palette.colours);
        at += PALETTE_BYTES;
    }
    Ok(at)
}

fn read_raw(
    bytes: &[u8],
    at: usize,
    rows: std::ops::Range<usize>,
    pixels: &mut [u8],
) -> Result<usize, DecodeError> {
    let mut at = at;
    for row in rows {
        let stored: RawRow = record::read(bytes, at, || {
            FieldPath::part("raw pixels").then_index("image row", row)
        })?;
        pixels[row * WIDTH..(row + 1) * WIDTH].copy_from_slice(&stored.pixels);
        at += ROW_BYTES;
    }
    Ok(at)
}

fn read_compressed(
    bytes: &[u8],
    at: usize,
    rows: std::ops::Range<usize>,
    pixels: &mut [u8],
) -> Result<usize, DecodeError> {
    let stream = bytes.get(at..).unwrap_or_default();
    let decoded = decompress(stream, rows.len() * WIDTH, at)?;
    pixels[rows.start * WIDTH..rows.end * WIDTH].copy_from_slice(&decoded.pixels);
    if decoded.nibbles % 2 == 1 {
        let last = decoded.nibbles / 2;
        let pad = stream.get(last).map_or(0, |byte| byte & 0x0F);
        if pad != 0 {
            return Err(Error::decode(
                ErrorKind::BadCompression,
                at + last,
                "pad nibble after the compressed stream (low half)",
                "0",
                format!("0x{pad:X}"),
            ));
        }
    }
    Ok(at + decoded.bytes())
}

/// Counts the zero bytes from `at` to the end of the file.
fn read_padding(bytes: &[u8], at: usize) -> Result<usize, DecodeError> {
    let rest = bytes.get(at..).unwrap_or_default();
    match rest.iter().position(|b| *b != 0) {
        None => Ok(rest.len()),
        Some(i) => Err(Error::decode(
            ErrorKind::TrailingBytes,
            at + i,
            "after the pixel data",
            format!("the end of the file or zero padding (the pixel data ends at 0x{at:X})"),
            format!("0x{:02X}", rest[i]),
        )),
    }
}
