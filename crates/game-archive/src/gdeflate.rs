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
mod parallel;
mod tile;

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

/// A tile stream whose header and table were read and checked against the size its caller
/// states: where each tile's bytes are, and what each decodes to.
#[derive(Debug, Clone, Copy)]
pub struct TileStream<'a> {
    stream: &'a [u8],
    header: TileStreamHeader,
}

impl<'a> TileStream<'a> {
    /// Reads the header of `stream`, which must decode to exactly `expected_len` bytes.
    ///
    /// # Errors
    /// As [`read_header`], or the header states another size.
    pub fn open(stream: &'a [u8], expected_len: usize) -> Result<Self, GdeflateError> {
        let header = read_header(stream)?;
        if header.len != expected_len {
            return Err(GdeflateError {
                offset: 2,
                problem: format!("decodes to {} bytes; {expected_len} are stated", header.len),
            });
        }
        Ok(Self { stream, header })
    }

    /// The bytes the whole stream decodes to.
    pub fn len(&self) -> usize {
        self.header.len
    }

    /// Whether the stream decodes to nothing.
    pub fn is_empty(&self) -> bool {
        self.header.len == 0
    }

    /// The bytes tile `tile` decodes to (64 KiB, the last tile what is left).
    pub fn tile_len(&self, tile: usize) -> usize {
        (self.header.len - tile * TILE_LEN).min(TILE_LEN)
    }

    /// Where tile `tile`'s compressed bytes start, and the bytes, its table entries checked
    /// against the stream.
    fn tile_input(&self, tile: usize) -> Result<(usize, &'a [u8]), GdeflateError> {
        let stream = self.stream;
        let table = HEADER_LEN;
        let data = table + 4 * self.header.tiles;
        let pointer = |i: usize| -> usize {
            let at = table + 4 * i;
            u32::from_le_bytes([stream[at], stream[at + 1], stream[at + 2], stream[at + 3]])
                as usize
        };
        let start = if tile == 0 { 0 } else { pointer(tile) };
        let end = if tile + 1 < self.header.tiles {
            pointer(tile + 1)
        } else {
            start.saturating_add(pointer(0))
        };
        let fail = |problem| GdeflateError {
            offset: table + 4 * tile,
            problem,
        };
        let (Some(from), Some(to)) = (data.checked_add(start), data.checked_add(end)) else {
            return Err(fail(format!("tile {tile}'s offset overflows")));
        };
        if from > to || to > stream.len() {
            return Err(fail(format!(
                "tile {tile} spans bytes {from}..{to}, past the stream's {} bytes",
                stream.len()
            )));
        }
        Ok((from, &stream[from..to]))
    }

    /// Decodes each tile of `tiles` into the room beside it (zeroed, exactly the tile's size),
    /// the tiles shared out among threads (the `parallel` module). The result is the one
    /// decoding them in order would give: every tile decoded, or the first one's error (a table
    /// entry that is wrong, or bits that are not GDeflate), the tiles before it decoded.
    ///
    /// # Errors
    /// As said; the error's offset is its table entry's, or its tile's first byte.
    pub fn decode_tiles(&self, tiles: &mut [(usize, &mut [u8])]) -> Result<(), GdeflateError> {
        let mut jobs = Vec::with_capacity(tiles.len());
        let mut starts = Vec::with_capacity(tiles.len());
        let mut table_error = None;
        for (tile, out) in tiles.iter_mut() {
            match self.tile_input(*tile) {
                Ok((start, input)) => {
                    starts.push(start);
                    jobs.push(parallel::Job {
                        tile: *tile,
                        input,
                        out: &mut out[..],
                    });
                }
                Err(error) => {
                    table_error = Some(error);
                    break;
                }
            }
        }
        parallel::decode_jobs(&mut jobs).map_err(|failure| GdeflateError {
            offset: starts[failure.job],
            problem: format!("tile {}: {}", jobs[failure.job].tile, failure.problem),
        })?;
        table_error.map_or(Ok(()), Err)
    }
}

/// Decodes a whole tile stream that must decode to exactly `expected_len` bytes.
///
/// # Errors
/// As [`decode_range`].
pub fn decode(stream: &[u8], expected_len: usize) -> Result<Vec<u8>, GdeflateError> {
    decode_range(stream, expected_len, 0..expected_len)
}

/// The tiles decoded at a time: the output grows by at most this much before a tile is known to
/// decode (a table claiming many tiles costs nothing until its tiles decode), and each batch is
/// shared out among the threads.
const TILES_AT_A_TIME: usize = 32;

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
    let tiles = TileStream::open(stream, expected_len)?;
    if range.start > range.end || range.end > expected_len {
        return Err(GdeflateError {
            offset: 0,
            problem: format!(
                "bytes {}..{} asked of {expected_len}",
                range.start, range.end
            ),
        });
    }
    let mut out = Vec::with_capacity(range.len().min(TILE_LEN));
    if range.is_empty() {
        return Ok(out);
    }
    let first = range.start / TILE_LEN;
    let last = (range.end - 1) / TILE_LEN;
    // The part of tile `tile` the range keeps.
    let kept = |tile: usize| {
        let start = tile * TILE_LEN;
        let end = start + tiles.tile_len(tile);
        range.start.max(start) - start..range.end.min(end) - start
    };
    let (mut head, mut tail) = (Vec::new(), Vec::new());
    for batch_start in (first..=last).step_by(TILES_AT_A_TIME) {
        let batch = batch_start..(batch_start + TILES_AT_A_TIME).min(last + 1);
        let at = out.len();
        let batch_len: usize = batch.clone().map(|tile| kept(tile).len()).sum();
        // Zeros first, whichever the room: a match may read bytes another lane's match has
        // yet to write, and reads them as zeros. A tile wholly in the range decodes in place;
        // one cut by the range's ends (the first and the last) into a tile of its own.
        out.resize(at + batch_len, 0);
        let whole = |tile: usize| kept(tile).len() == tiles.tile_len(tile);
        let mut rooms = Vec::with_capacity(batch.len());
        if batch.contains(&first) && !whole(first) {
            head.resize(tiles.tile_len(first), 0);
            rooms.push((first, &mut head[..]));
        }
        let mut rest = &mut out[at..];
        for tile in batch.clone() {
            let (room, after) = std::mem::take(&mut rest).split_at_mut(kept(tile).len());
            rest = after;
            if whole(tile) {
                rooms.push((tile, room));
            }
        }
        if last != first && batch.contains(&last) && !whole(last) {
            tail.resize(tiles.tile_len(last), 0);
            rooms.push((last, &mut tail[..]));
        }
        tiles.decode_tiles(&mut rooms)?;
        drop(rooms);
        // The cut tiles' kept parts, into their places.
        if batch.contains(&first) && !whole(first) {
            let part = kept(first);
            out[at..at + part.len()].copy_from_slice(&head[part]);
        }
        if last != first && batch.contains(&last) && !whole(last) {
            let part = kept(last);
            let end = out.len();
            out[end - part.len()..].copy_from_slice(&tail[part]);
        }
    }
    Ok(out)
}
