//! A monster's SP2 sheet at twice the size (docs/remaster.md "The SP2 sheets at twice the
//! size"): one `tex_N.bin` of its own, not a half of a pair. No such file was at hand when this
//! was written, so its layout is inferred, not checked against a real file: the one a pair's
//! halves have (4-bit indices, two a byte, the low nibble the left pixel, rows of 256 bytes top
//! to bottom, no header), for the SP2's 256 x 256 at twice the size: 512 x 512, 131,072 bytes.
//! Its colours are the unit's SPR's, as the SP2's own are.
//!
//! Its size is an upper half's, so a file is told an SP2 from its number (the HD table's), never
//! from its bytes.

use super::agreement::{Agreement, count_rows};
use super::{ROW_BYTES, SCALE, WIDTH};
use crate::error::{DecodeError, EncodeError, Error, ErrorKind};
use crate::spr::record::{check_nibbles, pack_nibbles, unpack_nibbles};
use crate::spr::{self, Spr, SprVariant};

/// Height of the SP2 at twice the size: the SP2's 256 rows, doubled.
pub const SP2_HEIGHT: usize = SCALE * spr::SP2_SIZE.1;
/// Size of its file: 512 x 512 pixels, two a byte.
pub const SP2_FILE_LEN: usize = SP2_HEIGHT * ROW_BYTES;

/// An SP2 sheet at twice the size: [`WIDTH`] x [`SP2_HEIGHT`] palette indices, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HdSp2 {
    pub pixels: Vec<u8>,
}

impl HdSp2 {
    /// The file in words, as an error says what it expected: "one file of 131072 bytes
    /// (512 x 512, 4-bit indices)".
    pub fn in_words() -> String {
        format!("one file of {SP2_FILE_LEN} bytes ({WIDTH} x {SP2_HEIGHT}, 4-bit indices)")
    }

    /// Decodes the file: [`SP2_FILE_LEN`] bytes, nothing allocated before the size is checked.
    ///
    /// # Errors
    /// [`ErrorKind::BadSize`] for any other size.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        if bytes.len() != SP2_FILE_LEN {
            return Err(Error::decode(
                ErrorKind::BadSize,
                bytes.len().min(SP2_FILE_LEN),
                "SP2 sheet at twice the size (tex file)",
                Self::in_words(),
                format!("a file of {} bytes", bytes.len()),
            ));
        }
        let mut pixels = vec![0; WIDTH * SP2_HEIGHT];
        unpack_nibbles(bytes, &mut pixels);
        Ok(Self { pixels })
    }

    /// Encodes the file: [`SP2_FILE_LEN`] bytes, what [`HdSp2::decode`] read.
    ///
    /// # Errors
    /// Another number of pixels than 512 x 512, or a pixel over 15 (named by its place).
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        if self.pixels.len() != WIDTH * SP2_HEIGHT {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                "pixels",
                format!(
                    "{} of them, but an SP2 at twice the size is {WIDTH} x {SP2_HEIGHT} = {}",
                    self.pixels.len(),
                    WIDTH * SP2_HEIGHT
                ),
            ));
        }
        check_nibbles(&self.pixels, WIDTH, "SP2 at twice the size, ")?;
        let mut out = vec![0; SP2_FILE_LEN];
        pack_nibbles(&self.pixels, &mut out);
        Ok(out)
    }

    /// The SP2 `sp2` at twice the size, each pixel a 2 x 2 block (nearest neighbour): what a
    /// modder with only the PlayStation's SP2 starts from, and what the tests stand in for the
    /// remaster's file with.
    ///
    /// # Errors
    /// A sheet that is not an SP2.
    pub fn upscaled(sp2: &Spr) -> Result<Self, Error> {
        check_sp2(sp2)?;
        Ok(Self {
            pixels: super::doubled(&sp2.pixels),
        })
    }

    /// How far it agrees with `sp2` at twice its size, counted as a pair's half is against its
    /// SPR ([`super::agreement`]).
    ///
    /// # Errors
    /// A sheet that is not an SP2; a model of another number of pixels than 512 x 512.
    pub fn agreement(&self, sp2: &Spr) -> Result<Agreement, Error> {
        check_sp2(sp2)?;
        if self.pixels.len() != WIDTH * SP2_HEIGHT {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                "pixels",
                format!(
                    "{} of them, but an SP2 at twice the size is {WIDTH} x {SP2_HEIGHT}",
                    self.pixels.len()
                ),
            ));
        }
        Ok(count_rows(&self.pixels, 0, sp2))
    }
}

/// Refuses a sheet that is not an SP2 (256 x 256, no palette).
fn check_sp2(sheet: &Spr) -> Result<(), Error> {
    if sheet.variant != SprVariant::Sp2 || sheet.pixels.len() != spr::SP2_SIZE.0 * spr::SP2_SIZE.1 {
        return Err(Error::encode(
            ErrorKind::Mismatch,
            "SP2",
            format!(
                "a {} sheet ({} x {}); an SP2 at twice the size is drawn from an SP2 ({} x {})",
                sheet.variant,
                spr::WIDTH,
                sheet.variant.height(),
                spr::SP2_SIZE.0,
                spr::SP2_SIZE.1
            ),
        ));
    }
    Ok(())
}

const _: () = assert!(SP2_FILE_LEN == 131_072 && SP2_HEIGHT == 512);
