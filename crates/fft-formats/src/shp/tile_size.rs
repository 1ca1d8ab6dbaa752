//! The game's tile size table (docs/formats/shp.md 2.4): the one place that maps a 4-bit size code
//! to a width and height in pixels.

/// `(width, height)` in pixels for each size code. Codes 12 and 13 are out of order on purpose:
/// that is the game's own table (it sits at 0x2D6C8 in BATTLE.BIN), so it must not be sorted.
pub const TILE_SIZES: [(u8, u8); 16] = [
    (8, 8),
    (16, 8),
    (16, 16),
    (16, 24),
    (24, 8),
    (24, 16),
    (24, 24),
    (32, 8),
    (32, 16),
    (32, 24),
    (32, 32),
    (32, 40),
    (48, 16),
    (40, 32),
    (48, 48),
    (56, 56),
];

/// The size code of a `width x height` tile, if the table has one.
pub fn size_code(width: u32, height: u32) -> Option<u8> {
    TILE_SIZES
        .iter()
        .position(|&(w, h)| u32::from(w) == width && u32::from(h) == height)
        .and_then(|code| u8::try_from(code).ok())
}
