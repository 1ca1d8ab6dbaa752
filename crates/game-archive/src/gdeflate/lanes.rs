//! The 32 lanes' bit buffers over one tile's bytes.
//!
//! Each lane keeps a 64-bit buffer, filled 32 bits at a time from the one input when it holds
//! fewer than 32: the input's words are dealt out in the order the lanes ask for them, so a
//! lane cannot take 64 bits at once (the next word may be another lane's).
//!
//! Every lane is filled after each item it gives (a symbol and its extra bits), so an item
//! always starts with at least 32 bits in its lane, and no item takes more: a literal/length
//! code is at most 15 bits and 16 extra, a distance code 15 and 14 extra, a header field 16.
//! The decoder's loop takes bits without counting them for that reason ([`Lanes::take`]).

use super::LANES;
use super::code::{Code, code_len};

/// Words read past a tile's end, as zeros, before the tile is refused as cut short: each lane
/// may fill once more after the last symbol it reads.
const WORDS_PAST_END: u32 = LANES as u32;

pub(super) struct Lanes<'a> {
    input: &'a [u8],
    next: usize,
    words_past_end: u32,
    buffer: [u64; LANES],
    bits: [u32; LANES],
}

impl<'a> Lanes<'a> {
    /// Every lane filled with its first 32 bits, in lane order.
    pub(super) fn new(input: &'a [u8]) -> Result<Self, String> {
        let mut lanes = Self {
            input,
            next: 0,
            words_past_end: 0,
            buffer: [0; LANES],
            bits: [0; LANES],
        };
        for lane in 0..LANES {
            lanes.fill(lane)?;
        }
        Ok(lanes)
    }

    /// Fills `lane` with the input's next word if it holds fewer than 32 bits.
    #[inline(always)]
    pub(super) fn fill(&mut self, lane: usize) -> Result<(), String> {
        let lane = lane % LANES;
        if self.bits[lane] < 32 {
            let word = match self.input.get(self.next..).and_then(<[u8]>::first_chunk) {
                Some(word) => u32::from_le_bytes(*word),
                None => self.word_at_end()?,
            };
            self.next += 4;
            self.buffer[lane] |= u64::from(word) << self.bits[lane];
            self.bits[lane] += 32;
        }
        Ok(())
    }

    /// The word at the input's end: its last bytes with zeros after them, then zeros, until
    /// more words than a last pass over the lanes could want.
    #[cold]
    fn word_at_end(&mut self) -> Result<u32, String> {
        if let Some(tail) = self.input.get(self.next..).filter(|tail| !tail.is_empty()) {
            let mut word = [0u8; 4];
            word[..tail.len()].copy_from_slice(tail);
            return Ok(u32::from_le_bytes(word));
        }
        self.words_past_end += 1;
        if self.words_past_end > WORDS_PAST_END {
            return Err(format!(
                "its {} bytes end before its last block does",
                self.input.len()
            ));
        }
        Ok(0)
    }

    /// The next `n` bits of `lane` (at most 32), counted: for the headers, which are not the
    /// decoder's hot loop.
    pub(super) fn pop(&mut self, lane: usize, n: u32) -> Result<u32, String> {
        let lane = lane % LANES;
        if self.bits[lane] < n {
            return Err(format!(
                "lane {lane} has {} bits left, {n} are needed",
                self.bits[lane]
            ));
        }
        Ok(self.take(lane, n))
    }

    /// The next `n` bits of `lane` (at most 32), which holds them (the module's note).
    #[inline(always)]
    pub(super) fn take(&mut self, lane: usize, n: u32) -> u32 {
        let lane = lane % LANES;
        let value = (self.buffer[lane] & ((1u64 << n) - 1)) as u32;
        self.buffer[lane] >>= n;
        self.bits[lane] -= n;
        value
    }

    /// The entry of `code` that `lane`'s next bits start with, its bits counted and taken: for
    /// the headers. An entry no code starts with is the caller's to refuse.
    pub(super) fn checked_entry(&mut self, lane: usize, code: &Code) -> Result<u32, String> {
        let lane = lane % LANES;
        let entry = code.lookup(self.buffer[lane]);
        self.pop(lane, code_len(entry))?;
        Ok(entry)
    }

    /// The entry of `code` that `lane`'s next bits start with, its bits taken (none when no
    /// code starts with them: the caller refuses the entry).
    #[inline(always)]
    pub(super) fn entry(&mut self, lane: usize, code: &Code) -> u32 {
        let lane = lane % LANES;
        let entry = code.lookup(self.buffer[lane]);
        let n = code_len(entry);
        self.buffer[lane] >>= n;
        self.bits[lane] -= n;
        entry
    }
}
