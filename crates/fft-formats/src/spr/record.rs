//! The fixed records of an SPR file, each declared once with binrw: a palette of 16 colour words
//! and a raw row of 4 bpp pixels (two a byte, the low nibble left, as the PlayStation GPU reads
//! 4-bit textures). The decoder and the encoder both go through them.

use binrw::binrw;

use super::{PALETTE_COLOURS, Palette, ROW_BYTES, WIDTH};
use crate::error::{Error, ErrorKind};
use crate::record::Raw;

/// One stored palette.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct PaletteRecord {
    pub colours: Palette,
}

/// One raw image row, as palette indices in screen order.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawRow {
    #[br(map = |stored: Raw<ROW_BYTES>| unpack(stored.0))]
    #[bw(map = |pixels: &[u8; WIDTH]| Raw(pack(pixels)))]
    pub pixels: [u8; WIDTH],
}

const _: () = assert!(PALETTE_COLOURS == 16 && 2 * ROW_BYTES == WIDTH);

/// Two pixels from each stored byte, the low nibble first.
fn unpack(stored: [u8; ROW_BYTES]) -> [u8; WIDTH] {
    let mut pixels = [0; WIDTH];
    unpack_nibbles(&stored, &mut pixels);
    pixels
}

/// One stored byte from each two pixels, the first in the low nibble.
fn pack(pixels: &[u8; WIDTH]) -> [u8; ROW_BYTES] {
    let mut stored = [0; ROW_BYTES];
    pack_nibbles(pixels, &mut stored);
    stored
}

/// The pixels of 4 bpp bytes, two a byte, the low nibble the left pixel: the PlayStation's order,
/// which the remaster's HD sheets keep (docs/remaster.md "The format"). `pixels` holds twice as
/// many as `stored`; extra pixels are left as they are.
pub(crate) fn unpack_nibbles(stored: &[u8], pixels: &mut [u8]) {
    for (pair, byte) in pixels.chunks_exact_mut(2).zip(stored) {
        pair[0] = byte & 0x0F;
        pair[1] = byte >> 4;
    }
}

/// Every pixel fits [`pack_nibbles`] (an index of 0-15), else the first that does not, named by
/// its place in rows of `width` after `within` (`"upper half, "`, or `""` for a whole sheet).
pub(crate) fn check_nibbles(pixels: &[u8], width: usize, within: &str) -> Result<(), Error> {
    match pixels.iter().position(|v| *v > 0x0F) {
        None => Ok(()),
        Some(i) => Err(Error::encode(
            ErrorKind::OutOfRange,
            format!("{within}pixel ({}, {})", i % width, i / width),
            format!("palette index {} does not fit in 4 bits", pixels[i]),
        )),
    }
}

/// 4 bpp bytes from pixels, the first of each two in the low nibble (the inverse of
/// [`unpack_nibbles`]; pixels are 0-15, as [`check_nibbles`] holds the encoders to).
pub(crate) fn pack_nibbles(pixels: &[u8], stored: &mut [u8]) {
    for (byte, pair) in stored.iter_mut().zip(pixels.chunks_exact(2)) {
        *byte = pair[0] | (pair[1] << 4);
    }
}
