//! Encoding HD pairs: each half's rows packed two pixels a byte, the low nibble left. Mirrors
//! `read.rs`.

use super::{HEIGHT, HdHalf, HdPart, HdSheet, ROW_BYTES, WIDTH};
use crate::error::{EncodeError, Error, ErrorKind};
use crate::spr::record::{check_nibbles, pack_nibbles};

/// The two files of an encoded pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HdFiles {
    /// `tex_N.bin`: 131,072 bytes.
    pub upper: Vec<u8>,
    /// `tex_N+1.bin`: 118,784 bytes.
    pub lower: Vec<u8>,
}

impl HdPart {
    /// Encodes one file of a pair: [`HdHalf::file_len`] bytes (what [`HdPart::decode`] read).
    ///
    /// # Errors
    /// Another number of pixels than its half holds, or a pixel over 15 (named by its place in
    /// the half).
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let half = self.half;
        if self.pixels.len() != WIDTH * half.height() {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                "pixels",
                format!(
                    "{} of them, but the {half} half is {WIDTH} x {} = {}",
                    self.pixels.len(),
                    half.height(),
                    WIDTH * half.height()
                ),
            ));
        }
        check_nibbles(&self.pixels, WIDTH, &format!("{half} half, "))?;
        let mut out = vec![0; half.file_len()];
        pack_nibbles(&self.pixels, &mut out);
        Ok(out)
    }
}

impl HdSheet {
    /// Encodes both halves.
    ///
    /// # Errors
    /// As [`HdSheet::encode_half`].
    pub fn encode(&self) -> Result<HdFiles, EncodeError> {
        Ok(HdFiles {
            upper: self.encode_half(HdHalf::Upper)?,
            lower: self.encode_half(HdHalf::Lower)?,
        })
    }

    /// Encodes one half: [`HdHalf::file_len`] bytes.
    ///
    /// # Errors
    /// When the model fits no pair: another number of pixels than 512 x 976, or a pixel over 15
    /// (named by its place on the joined sheet).
    pub fn encode_half(&self, half: HdHalf) -> Result<Vec<u8>, EncodeError> {
        self.check()?;
        let pixels = self.half_pixels(half);
        let mut out = vec![0; half.height() * ROW_BYTES];
        pack_nibbles(pixels, &mut out);
        Ok(out)
    }

    /// Checks that the model fits a pair: 512 x 976 pixels, each 0 to 15.
    ///
    /// # Errors
    /// The first thing that does not fit, as [`HdSheet::encode_half`] says it.
    pub fn check(&self) -> Result<(), EncodeError> {
        if self.pixels.len() != WIDTH * HEIGHT {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                "pixels",
                format!(
                    "{} of them, but an HD pair is {WIDTH} x {HEIGHT} = {}",
                    self.pixels.len(),
                    WIDTH * HEIGHT
                ),
            ));
        }
        check_nibbles(&self.pixels, WIDTH, "")
    }
}
