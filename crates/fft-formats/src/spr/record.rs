//! The fixed records of an SPR file, each declared once with binrw: a palette of 16 colour words
//! and a raw row of 4 bpp pixels (two a byte, the low nibble left, as the PlayStation GPU reads
//! 4-bit textures). The decoder and the encoder both go through them.

use binrw::binrw;

use super::{PALETTE_COLOURS, Palette, ROW_BYTES, WIDTH};
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
    for (pair, byte) in pixels.chunks_exact_mut(2).zip(stored) {
        pair[0] = byte & 0x0F;
        pair[1] = byte >> 4;
    }
    pixels
}

/// One stored byte from each two pixels, the first in the low nibble.
fn pack(pixels: &[u8; WIDTH]) -> [u8; ROW_BYTES] {
    let mut stored = [0; ROW_BYTES];
    for (byte, pair) in stored.iter_mut().zip(pixels.chunks_exact(2)) {
        *byte = pair[0] | (pair[1] << 4);
    }
    stored
}
