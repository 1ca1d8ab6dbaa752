//! One tile: its DEFLATE blocks, their codes, and the literals and matches dealt to the lanes
//! (the module's parent says how).

use std::sync::OnceLock;

use super::LANES;
use super::code::{Code, entry_kind, extra_bits, kind, payload, value};
use super::lanes::Lanes;

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

/// A literal/length symbol's entry: a byte, the end of the block, or a length's base and
/// extra bits (286 and 287, which DEFLATE lacks, kept to be refused when read).
fn literal_meaning(symbol: usize) -> u32 {
    match symbol {
        0..=255 => payload(kind::VALUE, 0, symbol as u32),
        256 => payload(kind::END_OF_BLOCK, 0, 0),
        _ => match symbol - 257 {
            index @ 0..=28 => payload(
                kind::LENGTH,
                u32::from(LENGTH_EXTRA[index]),
                u32::from(LENGTH_BASE[index]),
            ),
            _ => payload(kind::UNKNOWN_SYMBOL, 0, symbol as u32),
        },
    }
}

/// A distance symbol's entry: its base and extra bits.
fn distance_meaning(symbol: usize) -> u32 {
    match (DISTANCE_BASE.get(symbol), DISTANCE_EXTRA.get(symbol)) {
        (Some(&base), Some(&extra)) => payload(kind::VALUE, u32::from(extra), u32::from(base)),
        _ => payload(kind::UNKNOWN_SYMBOL, 0, symbol as u32),
    }
}

/// A code-length code's symbol, as it is.
fn precode_meaning(symbol: usize) -> u32 {
    payload(kind::VALUE, 0, symbol as u32)
}

/// The codes a tile's blocks are read with, built again for each dynamic block in the same
/// room.
pub(super) struct Tables {
    precode: Code,
    literals: Code,
    distances: Code,
}

impl Tables {
    pub(super) fn new() -> Self {
        Self {
            precode: Code::new("code-length"),
            literals: Code::new("literal/length"),
            distances: Code::new("distance"),
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
        let mut literals = Code::new("literal/length");
        literals
            .build(&lengths, literal_meaning)
            .expect("the fixed code");
        let mut distances = Code::new("distance");
        distances
            .build(&[5; 32], distance_meaning)
            .expect("the fixed code");
        (literals, distances)
    })
}

/// A match a lane owes: its length (0 for none; a match is at least 3 bytes) and where its
/// bytes go. Its distance is read in the lane's next round.
#[derive(Clone, Copy, Default)]
struct Owed {
    len: u32,
    to: u32,
}

/// Decodes one tile into `out`, which it must fill exactly.
pub(super) fn decode_tile(input: &[u8], out: &mut [u8], tables: &mut Tables) -> Result<(), String> {
    let mut lanes = Lanes::new(input)?;
    let mut at = 0usize;
    let mut owed = [Owed::default(); LANES];
    loop {
        let last_block = lanes.pop(0, 1)? == 1;
        let block_kind = lanes.pop(0, 2)?;
        lanes.fill(0)?;
        match block_kind {
            0 => {
                let len = lanes.pop(0, 16)? as usize;
                let Some(stored) = out.get_mut(at..at + len) else {
                    return Err(format!(
                        "a stored block of {len} bytes at byte {at} of {}",
                        out.len()
                    ));
                };
                for (i, byte) in stored.iter_mut().enumerate() {
                    let lane = i % LANES;
                    *byte = lanes.pop(lane, 8)? as u8;
                    lanes.fill(lane)?;
                }
                at += len;
                settle(&mut lanes, len % LANES, &mut owed, out, None)?;
            }
            1 => {
                let (literals, distances) = fixed_codes();
                let end = decode_symbols(&mut lanes, literals, distances, out, &mut at, &mut owed)?;
                settle(&mut lanes, end, &mut owed, out, Some(distances))?;
            }
            2 => {
                read_dynamic_codes(&mut lanes, tables)?;
                let (literals, distances) = (&tables.literals, &tables.distances);
                let end = decode_symbols(&mut lanes, literals, distances, out, &mut at, &mut owed)?;
                settle(&mut lanes, end, &mut owed, out, Some(distances))?;
            }
            _ => return Err("block type 3, which DEFLATE does not have".to_owned()),
        }
        if last_block {
            break;
        }
    }
    if at != out.len() {
        return Err(format!("{at} bytes decoded; the tile holds {}", out.len()));
    }
    Ok(())
}

/// A Huffman block's literals and matches, one per lane per round from lane 0, until the
/// end-of-block symbol: the lane that read it. `at` is where the next literal or match goes.
fn decode_symbols(
    lanes: &mut Lanes<'_>,
    literals: &Code,
    distances: &Code,
    out: &mut [u8],
    at: &mut usize,
    owed: &mut [Owed; LANES],
) -> Result<usize, String> {
    let mut next = *at;
    loop {
        for (lane, lane_owes) in owed.iter_mut().enumerate() {
            let match_owed = *lane_owes;
            if match_owed.len != 0 {
                lane_owes.len = 0;
                copy_match(lanes, lane, distances, out, match_owed)?;
            } else {
                let entry = lanes.entry(lane, literals);
                match entry_kind(entry) {
                    kind::VALUE => {
                        let Some(byte) = out.get_mut(next) else {
                            return Err(format!("more than its {} bytes", out.len()));
                        };
                        *byte = value(entry) as u8;
                        next += 1;
                    }
                    kind::LENGTH => {
                        let len = value(entry) + lanes.take(lane, extra_bits(entry));
                        if len as usize > out.len() - next {
                            return Err(format!(
                                "a match of {len} bytes at byte {next} of {}",
                                out.len()
                            ));
                        }
                        // A tile is at most 64 KiB, so a position fits in 32 bits.
                        *lane_owes = Owed {
                            len,
                            to: next as u32,
                        };
                        next += len as usize;
                    }
                    kind::END_OF_BLOCK => {
                        *at = next;
                        return Ok(lane);
                    }
                    _ => return Err(refusal(entry, literals)),
                }
            }
            lanes.fill(lane)?;
        }
    }
}

/// Why an entry that is not a symbol of the block was read.
#[cold]
fn refusal(entry: u32, code: &Code) -> String {
    if entry_kind(entry) == kind::NO_CODE {
        format!("bits that no {} code starts with", code.name)
    } else if code.name == "distance" {
        format!(
            "distance symbol {}, which DEFLATE does not have",
            value(entry)
        )
    } else {
        format!(
            "length symbol {}, which DEFLATE does not have",
            value(entry)
        )
    }
}

/// The last pass of a block: each lane in turn from `from`, its owed match copied.
fn settle(
    lanes: &mut Lanes<'_>,
    from: usize,
    owed: &mut [Owed; LANES],
    out: &mut [u8],
    distances: Option<&Code>,
) -> Result<(), String> {
    for k in 0..LANES {
        let lane = (from + k) % LANES;
        let match_owed = owed[lane];
        if match_owed.len != 0 {
            owed[lane].len = 0;
            let distances = distances.ok_or("a match owed across a stored block")?;
            copy_match(lanes, lane, distances, out, match_owed)?;
        }
        lanes.fill(lane)?;
    }
    Ok(())
}

/// Reads a distance from `lane` and copies the owed match's bytes from that far back.
#[inline(always)]
fn copy_match(
    lanes: &mut Lanes<'_>,
    lane: usize,
    distances: &Code,
    out: &mut [u8],
    owed: Owed,
) -> Result<(), String> {
    let entry = lanes.entry(lane, distances);
    if entry_kind(entry) != kind::VALUE {
        return Err(refusal(entry, distances));
    }
    let distance = (value(entry) + lanes.take(lane, extra_bits(entry))) as usize;
    let (to, len) = (owed.to as usize, owed.len as usize);
    let Some(from) = to.checked_sub(distance) else {
        return Err(format!(
            "a match at byte {to} reaches {distance} bytes back"
        ));
    };
    copy_back(out, from, to, len);
    Ok(())
}

/// `out[to..to + len]` made what a byte-by-byte copy from `from` (before `to`) would make:
/// where the two overlap, the bytes between `from` and `to` repeated.
#[inline(always)]
fn copy_back(out: &mut [u8], from: usize, to: usize, len: usize) {
    let distance = to - from;
    if distance >= len {
        out.copy_within(from..from + len, to);
        return;
    }
    let (before, after) = out.split_at_mut(to);
    let target = &mut after[..len];
    if distance == 1 {
        target.fill(before[from]);
        return;
    }
    // The pattern once, then doubled: what is written so far is a whole number of patterns.
    target[..distance].copy_from_slice(&before[from..]);
    let mut done = distance;
    while done < len {
        let n = done.min(len - done);
        let (written, rest) = target.split_at_mut(done);
        rest[..n].copy_from_slice(&written[..n]);
        done += n;
    }
}

/// A dynamic block's codes (RFC 1951 3.2.7), their counts from lane 0, the code-length code's
/// lengths and then the code lengths round-robin from lane 0.
fn read_dynamic_codes(lanes: &mut Lanes<'_>, tables: &mut Tables) -> Result<(), String> {
    let literal_count = lanes.pop(0, 5)? as usize + 257;
    let distance_count = lanes.pop(0, 5)? as usize + 1;
    let precode_count = lanes.pop(0, 4)? as usize + 4;
    lanes.fill(0)?;
    let mut precode_lengths = [0u8; 19];
    for (lane, &symbol) in PRECODE_ORDER[..precode_count].iter().enumerate() {
        precode_lengths[symbol] = lanes.pop(lane, 3)? as u8;
        lanes.fill(lane)?;
    }
    tables.precode.build(&precode_lengths, precode_meaning)?;
    let total = literal_count + distance_count;
    let mut lengths = [0u8; 288 + 32];
    let mut i = 0;
    let mut lane = 0;
    while i < total {
        let entry = lanes.checked_entry(lane, &tables.precode)?;
        if entry_kind(entry) != kind::VALUE {
            return Err(refusal(entry, &tables.precode));
        }
        let (length, repeat) = match value(entry) {
            symbol @ 0..=15 => (symbol as u8, 1),
            16 => {
                let previous = *lengths[..i]
                    .last()
                    .ok_or("a repeat of the previous length before any length")?;
                (previous, 3 + lanes.pop(lane, 2)? as usize)
            }
            17 => (0, 3 + lanes.pop(lane, 3)? as usize),
            _ => (0, 11 + lanes.pop(lane, 7)? as usize),
        };
        if i + repeat > total {
            return Err(format!("code lengths run past the {total} stated"));
        }
        lengths[i..i + repeat].fill(length);
        i += repeat;
        lanes.fill(lane)?;
        lane = (lane + 1) % LANES;
    }
    tables
        .literals
        .build(&lengths[..literal_count], literal_meaning)?;
    tables
        .distances
        .build(&lengths[literal_count..total], distance_meaning)?;
    Ok(())
}
