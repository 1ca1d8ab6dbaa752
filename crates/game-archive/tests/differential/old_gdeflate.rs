//! The GDeflate decoder as it was before it was made faster (full 15-bit lookup tables, every
//! bit counted, matches copied byte by byte), kept unchanged below this note as the oracle of
//! `tests/gdeflate_differential.rs`: simple enough to check by reading against the format.
//!
//! GDeflate, the DEFLATE variant DirectStorage reads, in the tile-stream layout the archives
//! store (docs/remaster.md "GDeflate"): written from the published format, in safe Rust.
//!
//! A tile stream is an 8-byte header (the codec's id 4 and its complement, the number of tiles,
//! the tile size's index and the last tile's size), a table of one u32 per tile (the first
//! holding the last tile's compressed size, each other its tile's offset after the table), then
//! the tiles. Each tile decodes alone to 64 KiB (the last to what is left).
//!
//! A tile is DEFLATE (RFC 1951), with Deflate64's longer matches and distances, and its bits dealt out to 32 lanes. Each lane keeps a 64-bit
//! buffer filled from the one input, 32 bits at a time: every lane at the start, in lane
//! order, then each lane as the decoder moves past it holding fewer than 32 bits. A block's
//! header, a dynamic block's counts and a stored block's length are lane 0's; the code-length
//! code lengths, the code lengths and a stored block's bytes go round-robin from lane 0; the
//! literals and matches go one per lane per round, a match's distance in the lane's next round,
//! its bytes placed where the match was decoded. After the end-of-block symbol one last pass
//! over the lanes settles the distances still owed.
//!
//! Output is bounded: a tile never writes past its size, a stream past the size its caller
//! states, and every count, length and distance is checked before it is used.

#![allow(dead_code)]

use std::sync::OnceLock;

/// The bytes one tile decodes to (the tile size index 1, the only one the format uses).
pub const TILE_LEN: usize = 1 << 16;

/// The codec id a GDeflate tile stream's header starts with.
const CODEC_ID: u8 = 4;

/// The tile stream's header size.
const HEADER_LEN: usize = 8;

/// The lanes a tile's bits are dealt to.
const LANES: usize = 32;

/// Words read past a tile's end, as zeros, before the tile is refused as cut short: each lane
/// may fill once more after the last symbol it reads.
const WORDS_PAST_END: u32 = LANES as u32;

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
    // Grown tile by tile, each decoded before it is kept: a table claiming many tiles costs
    // nothing until its tiles decode.
    let mut out = Vec::with_capacity(range.len().min(TILE_LEN));
    if range.is_empty() {
        return Ok(out);
    }
    let first = range.start / TILE_LEN;
    let last = (range.end - 1) / TILE_LEN;
    let mut tables = Tables::new();
    let mut tile_out = vec![0u8; TILE_LEN];
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
        let written = &mut tile_out[..tile_len];
        written.fill(0);
        decode_tile(&stream[from..to], written, &mut tables)
            .map_err(|problem| fail(from, format!("tile {tile}: {problem}")))?;
        let tile_start = tile * TILE_LEN;
        let lo = range.start.max(tile_start) - tile_start;
        let hi = range.end.min(tile_start + tile_len) - tile_start;
        out.extend_from_slice(&written[lo..hi]);
    }
    Ok(out)
}

/// The 32 lanes' bit buffers over one tile's bytes.
struct Lanes<'a> {
    input: &'a [u8],
    next: usize,
    words_past_end: u32,
    buffer: [u64; LANES],
    bits: [u32; LANES],
    lane: usize,
}

impl<'a> Lanes<'a> {
    /// Every lane filled with its first 32 bits, in lane order.
    fn new(input: &'a [u8]) -> Result<Self, String> {
        let mut lanes = Self {
            input,
            next: 0,
            words_past_end: 0,
            buffer: [0; LANES],
            bits: [0; LANES],
            lane: 0,
        };
        for _ in 0..LANES {
            lanes.advance()?;
        }
        Ok(lanes)
    }

    /// Fills the current lane if it holds fewer than 32 bits.
    fn fill(&mut self) -> Result<(), String> {
        let lane = self.lane;
        if self.bits[lane] < 32 {
            let word = match self.input.get(self.next..self.next + 4) {
                Some(word) => u32::from_le_bytes([word[0], word[1], word[2], word[3]]),
                None if self.next < self.input.len() => {
                    let mut word = [0u8; 4];
                    let tail = &self.input[self.next..];
                    word[..tail.len()].copy_from_slice(tail);
                    u32::from_le_bytes(word)
                }
                None => {
                    self.words_past_end += 1;
                    if self.words_past_end > WORDS_PAST_END {
                        return Err(format!(
                            "its {} bytes end before its last block does",
                            self.input.len()
                        ));
                    }
                    0
                }
            };
            self.next += 4;
            self.buffer[lane] |= u64::from(word) << self.bits[lane];
            self.bits[lane] += 32;
        }
        Ok(())
    }

    /// Fills the current lane as needed and moves to the next.
    fn advance(&mut self) -> Result<(), String> {
        self.fill()?;
        self.lane = (self.lane + 1) % LANES;
        Ok(())
    }

    fn peek(&self, n: u32) -> u32 {
        (self.buffer[self.lane] & ((1u64 << n) - 1)) as u32
    }

    fn remove(&mut self, n: u32) -> Result<(), String> {
        let lane = self.lane;
        if self.bits[lane] < n {
            return Err(format!(
                "lane {lane} has {} bits left, {n} are needed",
                self.bits[lane]
            ));
        }
        self.buffer[lane] >>= n;
        self.bits[lane] -= n;
        Ok(())
    }

    fn pop(&mut self, n: u32) -> Result<u32, String> {
        let value = self.peek(n);
        self.remove(n)?;
        Ok(value)
    }

    /// The next symbol of `code` from the current lane.
    fn symbol(&mut self, code: &Code) -> Result<u16, String> {
        let entry = code.table[self.peek(code.max_len) as usize];
        if entry == INVALID {
            return Err(format!("bits that no {} code starts with", code.name));
        }
        self.remove(u32::from(entry & 0xF))?;
        Ok(entry >> 4)
    }
}

/// A table entry no code reaches.
const INVALID: u16 = u16::MAX;

/// A canonical Huffman code as a lookup table on the next `max_len` bits (read first-bit
/// lowest): each entry the symbol << 4 | its length.
struct Code {
    name: &'static str,
    max_len: u32,
    table: Vec<u16>,
}

impl Code {
    /// The code of `lengths` (RFC 1951 3.2.2), refused if over-subscribed; an incomplete code is
    /// kept, its unused entries refused when read.
    fn build(name: &'static str, lengths: &[u8], max_len: u32) -> Result<Self, String> {
        let mut counts = [0u32; 16];
        for &len in lengths {
            counts[usize::from(len)] += 1;
        }
        counts[0] = 0;
        let mut room: i64 = 1;
        for &count in &counts[1..] {
            room = room * 2 - i64::from(count);
            if room < 0 {
                return Err(format!("the {name} code's lengths are over-subscribed"));
            }
        }
        let mut next = [0u32; 16];
        let mut code = 0;
        for len in 1..=15 {
            code = (code + counts[len - 1]) << 1;
            next[len] = code;
        }
        let mut table = vec![INVALID; 1 << max_len];
        for (symbol, &len) in lengths.iter().enumerate() {
            if len == 0 {
                continue;
            }
            let len = u32::from(len);
            let code = next[len as usize];
            next[len as usize] += 1;
            let reversed = code.reverse_bits() >> (32 - len);
            let entry = ((symbol as u16) << 4) | len as u16;
            let mut index = reversed as usize;
            while index < table.len() {
                table[index] = entry;
                index += 1 << len;
            }
        }
        Ok(Self {
            name,
            max_len,
            table,
        })
    }
}

/// The literal/length and distance codes of the block being read.
struct Tables {
    literals: Option<Code>,
    distances: Option<Code>,
}

impl Tables {
    fn new() -> Self {
        Self {
            literals: None,
            distances: None,
        }
    }
}

/// The fixed codes of a static block (RFC 1951 3.2.6), built once.
fn fixed_codes() -> &'static (Code, Code) {
    static FIXED: OnceLock<(Code, Code)> = OnceLock::new();
    FIXED.get_or_init(|| {
        let mut lengths = [0u8; 288];
        lengths[..144].fill(8);
        lengths[144..256].fill(9);
        lengths[256..280].fill(7);
        lengths[280..].fill(8);
        let literals = Code::build("literal/length", &lengths, 15).expect("the fixed code");
        let distances = Code::build("distance", &[5; 32], 15).expect("the fixed code");
        (literals, distances)
    })
}

// GDeflate takes its lengths and distances from Deflate64: length symbol 285 is 3 plus 16 extra
// bits (not 258), and distance symbols 30 and 31 reach 64 KiB back (docs/remaster.md "GDeflate").
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 3,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 16,
];
const DISTANCE_BASE: [u16; 32] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577, 32769, 49153,
];
const DISTANCE_EXTRA: [u8; 32] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13, 14, 14,
];

/// The order the code-length code's lengths are stored in (RFC 1951 3.2.7).
const PRECODE_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// Decodes one tile into `out`, which it must fill exactly.
fn decode_tile(input: &[u8], out: &mut [u8], tables: &mut Tables) -> Result<(), String> {
    let mut lanes = Lanes::new(input)?;
    let mut at = 0usize;
    // A match each lane owes: its length and where its bytes go.
    let mut owed: [Option<(usize, usize)>; LANES] = [None; LANES];
    loop {
        lanes.lane = 0;
        let last_block = lanes.pop(1)? == 1;
        let kind = lanes.pop(2)?;
        lanes.fill()?;
        let fixed;
        let (literals, distances) = match kind {
            0 => {
                let len = lanes.pop(16)? as usize;
                if len > out.len() - at {
                    return Err(format!(
                        "a stored block of {len} bytes at byte {at} of {}",
                        out.len()
                    ));
                }
                for _ in 0..len {
                    out[at] = lanes.pop(8)? as u8;
                    at += 1;
                    lanes.advance()?;
                }
                settle(&mut lanes, &mut owed, out, None)?;
                if last_block {
                    break;
                }
                continue;
            }
            1 => {
                fixed = fixed_codes();
                (&fixed.0, &fixed.1)
            }
            2 => {
                read_dynamic_codes(&mut lanes, tables)?;
                (
                    tables.literals.as_ref().expect("just read"),
                    tables.distances.as_ref().expect("just read"),
                )
            }
            _ => return Err("block type 3, which DEFLATE does not have".to_owned()),
        };
        lanes.lane = 0;
        loop {
            let lane = lanes.lane;
            if let Some((len, to)) = owed[lane] {
                copy_match(&mut lanes, distances, out, len, to)?;
                owed[lane] = None;
            } else {
                let symbol = lanes.symbol(literals)?;
                if symbol < 256 {
                    if at == out.len() {
                        return Err(format!("more than its {} bytes", out.len()));
                    }
                    out[at] = symbol as u8;
                    at += 1;
                } else if symbol == 256 {
                    break;
                } else {
                    let index = usize::from(symbol - 257);
                    let (Some(&base), Some(&extra)) =
                        (LENGTH_BASE.get(index), LENGTH_EXTRA.get(index))
                    else {
                        return Err(format!(
                            "length symbol {symbol}, which DEFLATE does not have"
                        ));
                    };
                    let len = usize::from(base) + lanes.pop(u32::from(extra))? as usize;
                    if len > out.len() - at {
                        return Err(format!(
                            "a match of {len} bytes at byte {at} of {}",
                            out.len()
                        ));
                    }
                    owed[lane] = Some((len, at));
                    at += len;
                }
            }
            lanes.advance()?;
        }
        settle(&mut lanes, &mut owed, out, Some(distances))?;
        if last_block {
            break;
        }
    }
    if at != out.len() {
        return Err(format!("{at} bytes decoded; the tile holds {}", out.len()));
    }
    Ok(())
}

/// The last pass of a block: each lane in turn from the current one, its owed match copied.
fn settle(
    lanes: &mut Lanes<'_>,
    owed: &mut [Option<(usize, usize)>; LANES],
    out: &mut [u8],
    distances: Option<&Code>,
) -> Result<(), String> {
    for _ in 0..LANES {
        if let Some((len, to)) = owed[lanes.lane].take() {
            let distances = distances.ok_or("a match owed across a stored block")?;
            copy_match(lanes, distances, out, len, to)?;
        }
        lanes.advance()?;
    }
    Ok(())
}

/// Reads a distance from the current lane and copies `len` bytes from that far back to `to`.
fn copy_match(
    lanes: &mut Lanes<'_>,
    distances: &Code,
    out: &mut [u8],
    len: usize,
    to: usize,
) -> Result<(), String> {
    let symbol = usize::from(lanes.symbol(distances)?);
    let (Some(&base), Some(&extra)) = (DISTANCE_BASE.get(symbol), DISTANCE_EXTRA.get(symbol))
    else {
        return Err(format!(
            "distance symbol {symbol}, which DEFLATE does not have"
        ));
    };
    let distance = usize::from(base) + lanes.pop(u32::from(extra))? as usize;
    if distance > to {
        return Err(format!(
            "a match at byte {to} reaches {distance} bytes back"
        ));
    }
    for k in to..to + len {
        out[k] = out[k - distance];
    }
    Ok(())
}

/// A dynamic block's codes (RFC 1951 3.2.7), their counts from lane 0, the code-length code's
/// lengths and then the code lengths round-robin from lane 0.
fn read_dynamic_codes(lanes: &mut Lanes<'_>, tables: &mut Tables) -> Result<(), String> {
    let literal_count = lanes.pop(5)? as usize + 257;
    let distance_count = lanes.pop(5)? as usize + 1;
    let precode_count = lanes.pop(4)? as usize + 4;
    lanes.fill()?;
    let mut precode_lengths = [0u8; 19];
    for &symbol in &PRECODE_ORDER[..precode_count] {
        precode_lengths[symbol] = lanes.pop(3)? as u8;
        lanes.advance()?;
    }
    let precode = Code::build("code-length", &precode_lengths, 7)?;
    lanes.lane = 0;
    let total = literal_count + distance_count;
    let mut lengths = [0u8; 288 + 32];
    let mut i = 0;
    while i < total {
        let symbol = lanes.symbol(&precode)?;
        let (value, repeat) = match symbol {
            0..=15 => (symbol as u8, 1),
            16 => {
                let previous = *lengths[..i]
                    .last()
                    .ok_or("a repeat of the previous length before any length")?;
                (previous, 3 + lanes.pop(2)? as usize)
            }
            17 => (0, 3 + lanes.pop(3)? as usize),
            _ => (0, 11 + lanes.pop(7)? as usize),
        };
        if i + repeat > total {
            return Err(format!("code lengths run past the {total} stated"));
        }
        lengths[i..i + repeat].fill(value);
        i += repeat;
        lanes.advance()?;
    }
    tables.literals = Some(Code::build(
        "literal/length",
        &lengths[..literal_count],
        15,
    )?);
    tables.distances = Some(Code::build("distance", &lengths[literal_count..total], 15)?);
    Ok(())
}
