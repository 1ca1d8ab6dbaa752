//! GDeflate, the DEFLATE variant DirectStorage reads, in the tile-stream layout the archives
//! store (docs/remaster.md "GDeflate"): written from the published format, in safe Rust.
//!
//! A tile stream is an 8-byte header (the codec's id 4 and its complement, the number of tiles,
//! the tile size's index and the last tile's size), a table of one u32 per tile (the first
//! holding the last tile's compressed size, each other its tile's offset after the table), then
//! the tiles. Each tile decodes alone to 64 KiB (the last to what is left).
//!
//! A tile is DEFLATE (RFC 1951), with Deflate64's longer matches and distances, and its bits
//! dealt out to 32 lanes. Each lane keeps a 64-bit buffer filled from the one input, 32 bits at
//! a time: every lane at the start, in lane order, then each lane as the decoder moves past it
//! holding fewer than 32 bits. A block's
//! header, a dynamic block's counts and a stored block's length are lane 0's; the code-length
//! code lengths, the code lengths and a stored block's bytes go round-robin from lane 0; the
//! literals and matches go one per lane per round, a match's distance in the lane's next round,
//! its bytes placed where the match was decoded. After the end-of-block symbol one last pass
//! over the lanes settles the distances still owed.
//!
//! Output is bounded: a tile never writes past its size, a stream past the size its caller
//! states, and every count, length and distance is checked before it is used.
//!
//! Here the tile stream; `tile` the blocks and the lanes' symbols, `lanes` the bit buffers,
//! `code` the Huffman codes as two-level lookup tables.

mod code;
mod lanes;
mod tile;

use tile::{Tables, decode_tile};

/// The bytes one tile decodes to (the tile size index 1, the only one the format uses).
pub const TILE_LEN: usize = 1 << 16;

/// The codec id a GDeflate tile stream's header starts with.
const CODEC_ID: u8 = 4;

/// The tile stream's header size.
const HEADER_LEN: usize = 8;

/// The lanes a tile's bits are dealt to.
const LANES: usize = 32;

/// A tile stream or a tile that cannot be decoded: the byte of the stream and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GdeflateError {
    /// The byte of the stream the problem is at (the tile's start for a problem inside it).
    pub offset: usize,
    pub problem: String,
}

impl std::fmt::Display for GdeflateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GDeflate stream, byte {}: {}", self.offset, self.problem)
    }
}

impl std::error::Error for GdeflateError {}

/// A tile stream's header, read and checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileStreamHeader {
    pub tiles: usize,
    /// The bytes the whole stream decodes to.
    pub len: usize,
}

/// Reads a tile stream's header and tile table, checked against the stream's size.
///
/// # Errors
/// Not a GDeflate tile stream, a tile size other than 64 KiB, or a table past the stream.
pub fn read_header(stream: &[u8]) -> Result<TileStreamHeader, GdeflateError> {
    let fail = |offset, problem: String| GdeflateError { offset, problem };
    if stream.len() < HEADER_LEN {
        return Err(fail(
            0,
            format!("{} bytes, shorter than the 8-byte header", stream.len()),
        ));
    }
    if stream[0] != CODEC_ID || stream[1] != CODEC_ID ^ 0xFF {
        return Err(fail(
            0,
            format!(
                "starts {:02X} {:02X}, not the GDeflate id 04 FB",
                stream[0], stream[1]
            ),
        ));
    }
    let tiles = usize::from(u16::from_le_bytes([stream[2], stream[3]]));
    let bits = u32::from_le_bytes([stream[4], stream[5], stream[6], stream[7]]);
    let size_index = bits & 3;
    if size_index != 1 {
        return Err(fail(
            4,
            format!("tile size index {size_index}; only 1 (64 KiB) is known"),
        ));
    }
    let last = (bits >> 2) & 0x3_FFFF;
    if last as usize > TILE_LEN || (tiles == 0 && last != 0) {
        return Err(fail(
            4,
            format!("last tile of {last} bytes, with {tiles} tiles"),
        ));
    }
    let len = match (tiles, last) {
        (0, _) => 0,
        (n, 0) => n * TILE_LEN,
        (n, last) => (n - 1) * TILE_LEN + last as usize,
    };
    if HEADER_LEN + 4 * tiles > stream.len() {
        return Err(fail(
            HEADER_LEN,
            format!(
                "a table of {tiles} tiles runs past the stream's {} bytes",
                stream.len()
            ),
        ));
    }
    Ok(TileStreamHeader { tiles, len })
}

/// Decodes a whole tile stream that must decode to exactly `expected_len` bytes.
///
/// # Errors
/// As [`decode_range`].
pub fn decode(stream: &[u8], expected_len: usize) -> Result<Vec<u8>, GdeflateError> {
    decode_range(stream, expected_len, 0..expected_len)
}

/// The bytes `range` of a tile stream's output, decoding only the tiles that hold them: a
/// file inside a shared chunk costs its own size (and at most two tiles more), never the
/// chunk's. The stream must decode to `expected_len` bytes in all.
///
/// # Errors
/// A header or table that is not a tile stream's or states another size, a range past it, a
/// tile whose bits are not GDeflate, or a tile that decodes to more or less than its size.
pub fn decode_range(
    stream: &[u8],
    expected_len: usize,
    range: std::ops::Range<usize>,
) -> Result<Vec<u8>, GdeflateError> {
    let header = read_header(stream)?;
    let fail = |offset, problem: String| GdeflateError { offset, problem };
    if header.len != expected_len {
        return Err(fail(
            2,
            format!("decodes to {} bytes; {expected_len} are stated", header.len),
        ));
    }
    if range.start > range.end || range.end > expected_len {
        return Err(fail(
            0,
            format!(
                "bytes {}..{} asked of {expected_len}",
                range.start, range.end
            ),
        ));
    }
    let table = HEADER_LEN;
    let data = table + 4 * header.tiles;
    let pointer = |i: usize| -> usize {
        let at = table + 4 * i;
        u32::from_le_bytes([stream[at], stream[at + 1], stream[at + 2], stream[at + 3]]) as usize
    };
    // Grown tile by tile as each decodes: a table claiming many tiles costs nothing until its
    // tiles decode. A tile wholly in the range decodes in place; one cut by the range's ends
    // decodes into a tile of its own, of which the range's part is kept.
    let mut out = Vec::with_capacity(range.len().min(TILE_LEN));
    if range.is_empty() {
        return Ok(out);
    }
    let first = range.start / TILE_LEN;
    let last = (range.end - 1) / TILE_LEN;
    let mut tables = Tables::new();
    let mut part_tile = Vec::new();
    for tile in first..=last {
        let start = if tile == 0 { 0 } else { pointer(tile) };
        let end = if tile + 1 < header.tiles {
            pointer(tile + 1)
        } else {
            start.saturating_add(pointer(0))
        };
        let (Some(from), Some(to)) = (data.checked_add(start), data.checked_add(end)) else {
            return Err(fail(
                table + 4 * tile,
                format!("tile {tile}'s offset overflows"),
            ));
        };
        if from > to || to > stream.len() {
            return Err(fail(
                table + 4 * tile,
                format!(
                    "tile {tile} spans bytes {from}..{to}, past the stream's {} bytes",
                    stream.len()
                ),
            ));
        }
        let tile_len = (expected_len - tile * TILE_LEN).min(TILE_LEN);
        let tile_start = tile * TILE_LEN;
        let lo = range.start.max(tile_start) - tile_start;
        let hi = range.end.min(tile_start + tile_len) - tile_start;
        // Zeros first, whichever the room: a match may read bytes another lane's match has yet
        // to write, and reads them as zeros.
        let decoded = if (lo, hi) == (0, tile_len) {
            let at = out.len();
            out.resize(at + tile_len, 0);
            decode_tile(&stream[from..to], &mut out[at..], &mut tables)
        } else {
            part_tile.clear();
            part_tile.resize(tile_len, 0);
            decode_tile(&stream[from..to], &mut part_tile, &mut tables)
                .map(|()| out.extend_from_slice(&part_tile[lo..hi]))
        };
        decoded.map_err(|problem| fail(from, format!("tile {tile}: {problem}")))?;
    }
    Ok(out)
}
