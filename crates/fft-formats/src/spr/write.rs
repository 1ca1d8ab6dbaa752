//! Encoding SPR files: the variant's sections in file order, then the padding. Mirrors `read.rs`.

use super::compression::compress;
use super::record::{PaletteRecord, RawRow, check_nibbles};
use super::{Palette, Section, Spr, WIDTH};
use crate::error::{EncodeError, Error, ErrorKind};
use crate::record;

impl Spr {
    /// Encodes the sheet in its variant's layout; the compressed rows use the canonical rules of
    /// [`compress`], which give every retail file back.
    ///
    /// # Errors
    /// When the model does not fit its variant: another number of palettes or pixels than the
    /// layout holds, a pixel over 15, or more padding than memory holds.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        self.check_shape()?;
        let mut out = Vec::with_capacity(self.encoded_len_hint());
        let mut palettes = self.palettes.iter();
        for section in self.variant.sections() {
            match *section {
                Section::Palettes(count) => {
                    write_palettes(&mut out, palettes.by_ref().take(count));
                }
                Section::Raw { first, end } => {
                    write_raw(&mut out, &self.pixels[first * WIDTH..end * WIDTH]);
                }
                Section::Compressed { first, end } => {
                    let stream = compress(&self.pixels[first * WIDTH..end * WIDTH])?;
                    out.extend_from_slice(&stream);
                }
            }
        }
        out.try_reserve(self.padding).map_err(|_| {
            Error::encode(
                ErrorKind::TooLarge,
                "padding",
                format!("{} bytes do not fit in memory", self.padding),
            )
        })?;
        out.resize(out.len() + self.padding, 0);
        Ok(out)
    }

    fn check_shape(&self) -> Result<(), EncodeError> {
        let variant = self.variant;
        if self.palettes.len() != variant.palette_count() {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                "palettes",
                format!(
                    "{} of them, but a {variant} sheet holds {}",
                    self.palettes.len(),
                    variant.palette_count()
                ),
            ));
        }
        let want = WIDTH * variant.height();
        if self.pixels.len() != want {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                "pixels",
                format!(
                    "{} of them, but a {variant} sheet is {WIDTH} x {} = {want}",
                    self.pixels.len(),
                    variant.height()
                ),
            ));
        }
        check_nibbles(&self.pixels, WIDTH, "")
    }

    /// The encoded size when the compressed rows are incompressible.
    fn encoded_len_hint(&self) -> usize {
        2 * self.palettes.len() * super::PALETTE_COLOURS + self.pixels.len() / 2 + self.padding
    }
}

fn write_palettes<'a>(out: &mut Vec<u8>, palettes: impl Iterator<Item = &'a Palette>) {
    for &colours in palettes {
        record::write(out, &PaletteRecord { colours });
    }
}

fn write_raw(out: &mut Vec<u8>, pixels: &[u8]) {
    debug_assert_eq!(pixels.len() % WIDTH, 0);
    for row in pixels.chunks_exact(WIDTH) {
        let pixels = row.try_into().expect("rows of WIDTH pixels");
        record::write(out, &RawRow { pixels });
    }
}
