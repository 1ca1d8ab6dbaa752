//! The remaster's HD unit sheets (docs/remaster.md "The format"): a pair of loose files
//! `tex_N.bin` and `tex_N+1.bin`, each a headerless block of 4-bit palette indices, 512 pixels
//! wide, two pixels a byte with the low nibble the left pixel. The first half (131,072 bytes,
//! 512 x 512) is the SPR's rows 0-255 drawn at twice their size, the second (118,784 bytes,
//! 512 x 464) its rows 256-487; joined they are one 512 x 976 sheet, where an SHP cell
//! (x, y, w, h) of the SPR is (2x, 2y, 2w, 2h).
//!
//! The files hold indices only: the colours are the paired SPR's 16 palettes. The art is
//! redrawn at twice the size, not doubled, so the indices are the model: [`HdSheet`] holds one
//! index per pixel of the joined sheet, `read.rs` and `write.rs` mirror each other half by
//! half, and encoding a decoded pair gives its bytes back (every byte is a pixel).
//!
//! [`agreement`] measures how far a half's silhouette agrees with its SPR at twice the size, and
//! [`HdSheet::upscaled`] makes a pair from an SPR alone (each pixel a 2 x 2 block).
//!
//! Beside the pairs, a monster's SP2 sheet at twice the size is one file of its own ([`HdSp2`],
//! `sp2.rs`), read in the halves' layout: inferred, not checked against a real file.

mod agreement;
mod read;
mod sp2;
mod write;

pub use agreement::{Agreement, agreement};
pub use sp2::{HdSp2, SP2_FILE_LEN, SP2_HEIGHT};
pub use write::HdFiles;

use crate::error::{Error, ErrorKind};
use crate::spr;

/// How many times larger than the SPR an HD sheet is, across and down.
pub const SCALE: usize = 2;
/// Width of the HD sheet in pixels: the SPR's, doubled.
pub const WIDTH: usize = SCALE * spr::WIDTH;
/// Height of the joined sheet in pixels: the standard SPR's 488 rows, doubled.
pub const HEIGHT: usize = SCALE * spr::SHEET_SIZE.1;
/// Bytes of one stored row (two pixels a byte).
pub const ROW_BYTES: usize = WIDTH / 2;
/// The SPR row where the second half starts: the SHP's lower half (docs/formats/shp.md 2.3).
pub const SPR_SPLIT_ROW: usize = crate::shp::HALF_HEIGHT as usize;

/// One of the two files of a pair, told from its size alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HdHalf {
    /// `tex_N.bin`, the even number: SPR rows 0-255 at twice their size, 512 x 512.
    Upper,
    /// `tex_N+1.bin`: SPR rows 256-487 at twice their size, 512 x 464.
    Lower,
}

impl HdHalf {
    /// Both halves, upper first (the order of the pair and of the joined sheet).
    pub const BOTH: [Self; 2] = [Self::Upper, Self::Lower];

    /// The pair's other file.
    pub const fn other(self) -> Self {
        match self {
            Self::Upper => Self::Lower,
            Self::Lower => Self::Upper,
        }
    }

    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::Upper => "upper",
            Self::Lower => "lower",
        }
    }

    /// The SPR rows the half draws, `first..end`.
    pub const fn spr_rows(self) -> std::ops::Range<usize> {
        match self {
            Self::Upper => 0..SPR_SPLIT_ROW,
            Self::Lower => SPR_SPLIT_ROW..spr::SHEET_SIZE.1,
        }
    }

    /// The rows of the joined sheet the half holds, `first..end`.
    pub const fn rows(self) -> std::ops::Range<usize> {
        let spr_rows = self.spr_rows();
        SCALE * spr_rows.start..SCALE * spr_rows.end
    }

    /// Height of the half in pixels: 512 or 464.
    pub const fn height(self) -> usize {
        let rows = self.rows();
        rows.end - rows.start
    }

    /// Size of the half's file in bytes: 131,072 or 118,784.
    pub const fn file_len(self) -> usize {
        self.height() * ROW_BYTES
    }

    /// The half a file of `len` bytes is, if either.
    pub fn of_len(len: usize) -> Option<Self> {
        Self::BOTH.into_iter().find(|half| half.file_len() == len)
    }

    /// The half in words, as an error says what a file is: "the upper half (131072 bytes,
    /// 512 x 512, SPR rows 0-255)".
    pub fn in_words(self) -> String {
        let rows = self.spr_rows();
        format!(
            "the {} half ({} bytes, {WIDTH} x {}, SPR rows {}-{})",
            self.name(),
            self.file_len(),
            self.height(),
            rows.start,
            rows.end - 1
        )
    }
}

impl std::fmt::Display for HdHalf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One decoded file of a pair: which half it is and its indices, row by row,
/// `WIDTH * half.height()` of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HdPart {
    pub half: HdHalf,
    pub pixels: Vec<u8>,
}

impl HdPart {
    /// How many of its pixels are not index 0 (transparent).
    pub fn opaque_pixels(&self) -> usize {
        self.pixels.iter().filter(|&&i| i != 0).count()
    }
}

/// A decoded pair: the joined 512 x 976 sheet of palette indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HdSheet {
    /// Palette indices 0-15, row by row, `WIDTH * HEIGHT` of them: the upper half's rows, then
    /// the lower half's.
    pub pixels: Vec<u8>,
}

impl HdSheet {
    /// A sheet of index 0 everywhere.
    pub fn blank() -> Self {
        Self {
            pixels: vec![0; WIDTH * HEIGHT],
        }
    }

    /// The palette index at `(x, y)`.
    ///
    /// # Panics
    /// When `(x, y)` is outside the sheet.
    pub fn pixel(&self, x: usize, y: usize) -> u8 {
        assert!(
            x < WIDTH && y < HEIGHT,
            "pixel ({x}, {y}) is outside the {WIDTH} x {HEIGHT} sheet"
        );
        self.pixels[y * WIDTH + x]
    }

    /// The indices of one half, row by row.
    ///
    /// # Panics
    /// When the sheet does not hold [`WIDTH`] x [`HEIGHT`] pixels (a model built by hand;
    /// [`HdSheet::encode`] refuses it).
    pub fn half_pixels(&self, half: HdHalf) -> &[u8] {
        let rows = half.rows();
        &self.pixels[rows.start * WIDTH..rows.end * WIDTH]
    }

    /// How many pixels are not index 0 (transparent).
    pub fn opaque_pixels(&self) -> usize {
        self.pixels.iter().filter(|&&i| i != 0).count()
    }

    /// A pair made from a standard SPR alone, each of its pixels a 2 x 2 block (nearest
    /// neighbour): what a modder with only the PlayStation sheet starts from. Its silhouette
    /// agrees with the SPR's exactly ([`agreement`]).
    ///
    /// # Errors
    /// An SPR that is not a standard sheet (the only layout the pair draws: 256 x 488).
    pub fn upscaled(spr: &spr::Spr) -> Result<Self, Error> {
        check_standard(spr)?;
        Ok(Self {
            pixels: doubled(&spr.pixels),
        })
    }
}

/// The pixels of a sheet [`spr::WIDTH`] wide at twice the size, each a 2 x 2 block (nearest
/// neighbour): the upscale of a pair ([`HdSheet::upscaled`]) and of an SP2 ([`HdSp2::upscaled`]).
pub(crate) fn doubled(pixels: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pixels.len() * SCALE * SCALE);
    for row in pixels.chunks_exact(spr::WIDTH) {
        let start = out.len();
        out.extend(row.iter().flat_map(|&i| [i; SCALE]));
        out.extend_from_within(start..start + WIDTH);
    }
    out
}

/// Refuses an SPR of another layout than the standard sheet's, the one the pair is drawn at
/// twice the size of.
pub(crate) fn check_standard(spr: &spr::Spr) -> Result<(), Error> {
    if spr.variant != spr::SprVariant::Standard
        || spr.pixels.len() != spr::SHEET_SIZE.0 * spr::SHEET_SIZE.1
    {
        return Err(Error::encode(
            ErrorKind::Mismatch,
            "SPR",
            format!(
                "a {} sheet ({} x {}); an HD pair is drawn from a standard sheet ({} x {})",
                spr.variant,
                spr::WIDTH,
                spr.variant.height(),
                spr::SHEET_SIZE.0,
                spr::SHEET_SIZE.1
            ),
        ));
    }
    Ok(())
}

const _: () = assert!(
    HdHalf::Upper.file_len() == 131_072
        && HdHalf::Lower.file_len() == 118_784
        && HdHalf::Lower.rows().end == HEIGHT
        && HEIGHT == 976
);
