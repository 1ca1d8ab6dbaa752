//! Canonical Huffman codes as two-level lookup tables: a main table on the next 10 bits, and
//! for the longer codes that share a 10-bit start, a subtable on the bits after it. Each entry
//! packs what the decoder needs into one `u32` (the code's length, what the symbol is, its
//! extra bits and base value), so that a symbol costs one or two loads and no further table.
//!
//! Why two levels: a single table on 15 bits has 32,768 entries to fill for every dynamic block
//! (two codes a block, several blocks a tile), a fifth of a tile's decoding time when it was
//! tried, while most codes are 10 bits or shorter and the longer ones are rare.

/// The bits the main table is indexed by.
const MAIN_BITS: u32 = 10;
const MAIN_LEN: usize = 1 << MAIN_BITS;
const MAIN_MASK: u64 = MAIN_LEN as u64 - 1;

/// The longest code DEFLATE has.
const MAX_LEN: usize = 15;

// An entry: bits 0..4 the bits its code takes (for a subtable pointer, the subtable's index
// bits), 4..8 its kind, 8..13 the extra bits after the code, 16..32 its value (a literal's
// byte, a length's or distance's base, a pointer's subtable offset, a symbol DEFLATE lacks).
const LEN_MASK: u32 = 0xF;
const KIND_MASK: u32 = 0xF0;
const EXTRA_SHIFT: u32 = 8;
const EXTRA_MASK: u32 = 0x1F;
const VALUE_SHIFT: u32 = 16;

/// What an entry's symbol means to the decoder.
pub(super) mod kind {
    /// A literal byte, a code length (the code-length code's symbols) or a distance.
    pub const VALUE: u32 = 0x00;
    /// A match length: the base plus the extra bits.
    pub const LENGTH: u32 = 0x10;
    pub const END_OF_BLOCK: u32 = 0x20;
    /// A symbol of the code that DEFLATE does not have (literal/length 286 and 287).
    pub const UNKNOWN_SYMBOL: u32 = 0x30;
    /// Bits no code starts with (an incomplete code's unused entries).
    pub const NO_CODE: u32 = 0x40;
}

/// A main table's entry pointing at a subtable (never seen outside this module).
const SUBTABLE: u32 = 0x50;

/// An entry for bits no code starts with: it takes no bits.
const NO_CODE_ENTRY: u32 = kind::NO_CODE;

/// The kind, extra bits and value of each symbol of a code, without its length.
pub(super) type Meaning = fn(usize) -> u32;

/// An entry's payload: its kind, extra bits and value.
pub(super) const fn payload(kind: u32, extra: u32, value: u32) -> u32 {
    kind | (extra << EXTRA_SHIFT) | (value << VALUE_SHIFT)
}

/// The bits an entry's code takes from the lane.
#[inline(always)]
pub(super) fn code_len(entry: u32) -> u32 {
    entry & LEN_MASK
}

#[inline(always)]
pub(super) fn entry_kind(entry: u32) -> u32 {
    entry & KIND_MASK
}

#[inline(always)]
pub(super) fn extra_bits(entry: u32) -> u32 {
    (entry >> EXTRA_SHIFT) & EXTRA_MASK
}

#[inline(always)]
pub(super) fn value(entry: u32) -> u32 {
    entry >> VALUE_SHIFT
}

/// A canonical Huffman code's decode tables (RFC 1951 3.2.2), codes read first bit lowest.
pub(super) struct Code {
    pub(super) name: &'static str,
    main: Box<[u32; MAIN_LEN]>,
    sub: Vec<u32>,
}

impl Code {
    /// An empty code (every entry refused), to be built.
    pub(super) fn new(name: &'static str) -> Self {
        Self {
            name,
            main: Box::new([NO_CODE_ENTRY; MAIN_LEN]),
            sub: Vec::new(),
        }
    }

    /// The code of `lengths` (each 0 to 15), each symbol's entry from `meaning`; refused if
    /// over-subscribed. An incomplete code is kept, its unused entries refused when read.
    pub(super) fn build(&mut self, lengths: &[u8], meaning: Meaning) -> Result<(), String> {
        let mut counts = [0u32; MAX_LEN + 1];
        for &len in lengths {
            counts[usize::from(len) & MAX_LEN] += 1;
        }
        counts[0] = 0;
        let mut room: i64 = 1;
        for &count in &counts[1..] {
            room = room * 2 - i64::from(count);
            if room < 0 {
                return Err(format!(
                    "the {} code's lengths are over-subscribed",
                    self.name
                ));
            }
        }
        let mut next = [0u32; MAX_LEN + 1];
        let mut code = 0;
        for len in 1..=MAX_LEN {
            code = (code + counts[len - 1]) << 1;
            next[len] = code;
        }
        // Each symbol's code, bits reversed (the first bit read lowest), and for each 10-bit
        // start the longest code beginning with it.
        let mut reversed = [0u16; 320];
        let mut longest = [0u8; MAIN_LEN];
        let long_codes: u32 = counts[MAIN_BITS as usize + 1..].iter().sum();
        for (symbol, &len) in lengths.iter().enumerate() {
            if len == 0 {
                continue;
            }
            let len = usize::from(len) & MAX_LEN;
            let bits = next[len].reverse_bits() >> (32 - len);
            next[len] += 1;
            reversed[symbol] = bits as u16;
            if len > MAIN_BITS as usize {
                let start = bits as usize & (MAIN_LEN - 1);
                longest[start] = longest[start].max(len as u8);
            }
        }
        self.main.fill(NO_CODE_ENTRY);
        self.sub.clear();
        if long_codes > 0 {
            for (start, &len) in longest.iter().enumerate() {
                if len == 0 {
                    continue;
                }
                let sub_bits = u32::from(len) - MAIN_BITS;
                let offset = self.sub.len();
                self.sub.resize(offset + (1 << sub_bits), NO_CODE_ENTRY);
                self.main[start] = SUBTABLE | sub_bits | ((offset as u32) << VALUE_SHIFT);
            }
        }
        for (symbol, &len) in lengths.iter().enumerate() {
            if len == 0 {
                continue;
            }
            let len = u32::from(len) & MAX_LEN as u32;
            let bits = usize::from(reversed[symbol]);
            let entry = meaning(symbol) | len;
            if len <= MAIN_BITS {
                for slot in self.main.iter_mut().skip(bits).step_by(1 << len) {
                    *slot = entry;
                }
            } else {
                let pointer = self.main[bits & (MAIN_LEN - 1)];
                let offset = value(pointer) as usize;
                let size = 1usize << code_len(pointer);
                let table = &mut self.sub[offset..offset + size];
                for slot in table
                    .iter_mut()
                    .skip(bits >> MAIN_BITS)
                    .step_by(1 << (len - MAIN_BITS))
                {
                    *slot = entry;
                }
            }
        }
        Ok(())
    }

    /// The entry of the code that `bits` (the lane's buffer, next bit lowest) start with.
    #[inline(always)]
    pub(super) fn lookup(&self, bits: u64) -> u32 {
        let entry = self.main[(bits & MAIN_MASK) as usize];
        if entry_kind(entry) != SUBTABLE {
            return entry;
        }
        let index = value(entry) as usize
            + ((bits >> MAIN_BITS) as usize & ((1usize << code_len(entry)) - 1));
        self.sub.get(index).copied().unwrap_or(NO_CODE_ENTRY)
    }
}
