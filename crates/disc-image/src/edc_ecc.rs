//! The error detection and correction fields of a raw 2352-byte CD-ROM sector (ECMA-130, 14.3
//! and Annex A; CD-ROM XA for Mode 2): the EDC, a 32-bit CRC, and the two Reed-Solomon product
//! code parities P and Q over GF(2^8). A drive checks them on every read, so a sector whose user
//! data changes must have them recomputed, or the game reads a bad sector.
//!
//! Sector layouts (byte offsets in the 2352-byte sector):
//!
//! | form | sync | header | subheader | user data | EDC | ... | P | Q |
//! |---|---|---|---|---|---|---|---|---|
//! | Mode 1 | 0..12 | 12..16 | - | 16..2064 | 2064..2068 over 0..2064 | 8 zero bytes | 2076..2248 | 2248..2352 |
//! | Mode 2 Form 1 | 0..12 | 12..16 | 16..24 (twice the same 4) | 24..2072 | 2072..2076 over 16..2072 | - | 2076..2248 | 2248..2352 |
//! | Mode 2 Form 2 | 0..12 | 12..16 | 16..24 | 24..2348 | 2348..2352 over 16..2348, or 0 | - | - | - |
//!
//! P and Q cover bytes 12..2076 (P) and 12..2248 (Q) taken as 16-bit words, each byte plane of
//! the words its own code. For Mode 2 Form 1 the four header bytes count as zero (so that the
//! parities do not depend on the sector's address).

/// Bytes in a raw sector.
pub const RAW_SECTOR: usize = 2352;
/// The sync pattern that opens every raw data sector.
pub const SYNC: [u8; 12] = [
    0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0,
];

/// Where the parities start, and how long the data they cover (from the header) is.
const HEADER: usize = 12;
const P_AT: usize = 2076;
const Q_AT: usize = 2248;

/// The EDC polynomial (x^16 + x^15 + x^2 + 1)(x^16 + x^2 + x + 1), bit-reversed for a CRC that
/// shifts right (the EDC's first bit is the least significant bit of the first byte).
const EDC_POLY_REFLECTED: u32 = 0xD801_8001;

const EDC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ EDC_POLY_REFLECTED
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
};

/// The EDC of `bytes`: the CRC with initial value 0 and no final inversion, stored
/// little-endian after the bytes it covers.
pub fn edc(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0, |crc, &b| {
        EDC_TABLE[((crc ^ u32::from(b)) & 0xFF) as usize] ^ (crc >> 8)
    })
}

/// GF(2^8) with the field polynomial x^8 + x^4 + x^3 + x^2 + 1 and the primitive element
/// alpha = x (2): the exponent and logarithm tables.
struct Field {
    exp: [u8; 512],
    log: [u8; 256],
}

const FIELD: Field = {
    let mut exp = [0u8; 512];
    let mut log = [0u8; 256];
    let mut x: u16 = 1;
    let mut i = 0;
    while i < 255 {
        exp[i] = x as u8;
        exp[i + 255] = x as u8;
        log[x as usize] = i as u8;
        x <<= 1;
        if x & 0x100 != 0 {
            x ^= 0x11D;
        }
        i += 1;
    }
    Field { exp, log }
};

fn mul(a: u8, b: u8) -> u8 {
    if a == 0 || b == 0 {
        return 0;
    }
    FIELD.exp[FIELD.log[a as usize] as usize + FIELD.log[b as usize] as usize]
}

/// 1 / (alpha + 1).
const INV_ALPHA_PLUS_1: u8 = {
    // alpha + 1 = 3; its inverse is alpha^(255 - log 3).
    let log3 = FIELD.log[3] as usize;
    FIELD.exp[255 - log3]
};

/// The two parity bytes of one codeword whose data bytes are `data` (in codeword order): the
/// code's check matrix is [1 1 ... 1; alpha^(n-1) ... alpha 1] over the n = data + 2 bytes,
/// parity last. With A = sum of the data and B = sum of d_i alpha^(n-1-i), the parities p0
/// (weight alpha) and p1 (weight 1) solve p0 + p1 = A and alpha p0 + p1 = B.
fn parity(data: impl Iterator<Item = u8>) -> (u8, u8) {
    // Horner: h = sum d_i alpha^(m-1-i) for m data bytes; B = h alpha^2.
    let (sum, horner) = data.fold((0u8, 0u8), |(sum, h), d| (sum ^ d, mul(h, 2) ^ d));
    let b = mul(horner, 4);
    let p0 = mul(sum ^ b, INV_ALPHA_PLUS_1);
    (p0, sum ^ p0)
}

/// Computes P (86 codewords of 24 + 2 bytes, down the columns of a 24 x 43 array of words) and
/// then Q (52 codewords of 43 + 2, along its diagonals, P included) into `sector`, reading the
/// header as zero when `zero_header` (Mode 2 Form 1).
fn write_parities(sector: &mut [u8; RAW_SECTOR], zero_header: bool) {
    let saved: [u8; 4] = [sector[12], sector[13], sector[14], sector[15]];
    if zero_header {
        sector[12..16].fill(0);
    }
    // P: codeword `major` (plane major & 1 of word column major / 2) takes rows 0..24.
    for major in 0..86 {
        let base = HEADER + (major / 2) * 2 + (major & 1);
        let (p0, p1) = parity((0..24).map(|row| sector[base + row * 86]));
        sector[P_AT + major] = p0;
        sector[P_AT + 86 + major] = p1;
    }
    // Q: codeword `major` starts at word 43 * (major / 2) and steps 44 words, modulo the 26 x 43
    // words (1118) of data and P.
    for major in 0..52 {
        let start = (major / 2) * 86 + (major & 1);
        let (q0, q1) = parity((0..43).map(|k| sector[HEADER + (start + k * 88) % 2236]));
        sector[Q_AT + major] = q0;
        sector[Q_AT + 52 + major] = q1;
    }
    sector[12..16].copy_from_slice(&saved);
}

/// Which kind of raw data sector, by its mode byte and (Mode 2) subheader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawKind {
    Mode1,
    Mode2Form1,
    Mode2Form2,
}

impl RawKind {
    /// The kind of a raw sector: byte 15 is the mode; in Mode 2, bit 5 of the submode (byte 18)
    /// chooses Form 2. `None` for another mode byte.
    pub fn of(sector: &[u8; RAW_SECTOR]) -> Option<Self> {
        match sector[15] {
            1 => Some(Self::Mode1),
            2 if sector[18] & 0x20 != 0 => Some(Self::Mode2Form2),
            2 => Some(Self::Mode2Form1),
            _ => None,
        }
    }

    /// Where the user data is, and how long.
    pub fn user_data(self) -> std::ops::Range<usize> {
        match self {
            Self::Mode1 => 16..2064,
            Self::Mode2Form1 => 24..2072,
            Self::Mode2Form2 => 24..2348,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Mode1 => "Mode 1",
            Self::Mode2Form1 => "Mode 2 Form 1",
            Self::Mode2Form2 => "Mode 2 Form 2",
        }
    }
}

/// Recomputes the EDC (and, but for Form 2, P and Q) of a raw sector of `kind` from its sync,
/// header, subheader and user data, which are left as they are. Mode 1's 8 reserved bytes are
/// set to zero.
pub fn encode(sector: &mut [u8; RAW_SECTOR], kind: RawKind) {
    match kind {
        RawKind::Mode1 => {
            let sum = edc(&sector[..2064]);
            sector[2064..2068].copy_from_slice(&sum.to_le_bytes());
            sector[2068..2076].fill(0);
            write_parities(sector, false);
        }
        RawKind::Mode2Form1 => {
            let sum = edc(&sector[16..2072]);
            sector[2072..2076].copy_from_slice(&sum.to_le_bytes());
            write_parities(sector, true);
        }
        RawKind::Mode2Form2 => {
            let sum = edc(&sector[16..2348]);
            sector[2348..2352].copy_from_slice(&sum.to_le_bytes());
        }
    }
}

/// What a check of a raw sector's fields found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Check {
    pub kind: RawKind,
    pub edc: bool,
    /// P and Q both right (always true for Form 2, which has none).
    pub ecc: bool,
}

impl Check {
    pub fn ok(self) -> bool {
        self.edc && self.ecc
    }
}

/// Checks a raw sector's EDC and parities against its contents. A Form 2 sector whose EDC is 0
/// passes: CD-ROM XA lets a Form 2 sector leave its EDC out. `None` when the sector is no data
/// sector (no sync, or a mode other than 1 and 2).
pub fn check(sector: &[u8; RAW_SECTOR]) -> Option<Check> {
    if sector[..12] != SYNC {
        return None;
    }
    let kind = RawKind::of(sector)?;
    let mut expected = *sector;
    encode(&mut expected, kind);
    let (edc_at, ecc_ok) = match kind {
        RawKind::Mode1 => (2064..2068, expected[2068..] == sector[2068..]),
        RawKind::Mode2Form1 => (2072..2076, expected[P_AT..] == sector[P_AT..]),
        RawKind::Mode2Form2 => (2348..2352, true),
    };
    let stored_edc = &sector[edc_at.clone()];
    let edc_ok = stored_edc == &expected[edc_at]
        || (kind == RawKind::Mode2Form2 && stored_edc == [0, 0, 0, 0]);
    Some(Check {
        kind,
        edc: edc_ok,
        ecc: ecc_ok,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edc_of_a_crc_followed_by_itself_is_zero() {
        // The CRC property, independent of the table: appending the little-endian CRC of a
        // message gives a message whose CRC is 0.
        let message: Vec<u8> = (0..2064u32).map(|i| (i * 7 + 3) as u8).collect();
        let mut whole = message.clone();
        whole.extend_from_slice(&edc(&message).to_le_bytes());
        assert_eq!(edc(&whole), 0);
        assert_ne!(edc(&message), 0);
    }

    #[test]
    fn the_field_tables_invert_each_other() {
        for a in 1..=255u8 {
            assert_eq!(FIELD.exp[FIELD.log[a as usize] as usize], a);
        }
        assert_eq!(mul(3, INV_ALPHA_PLUS_1), 1);
    }

    #[test]
    fn every_p_and_q_codeword_has_zero_syndromes() {
        // The check matrix by hand: for each codeword, sum c_i = 0 and sum c_i alpha^(n-1-i) = 0.
        let mut sector = [0u8; RAW_SECTOR];
        sector[..12].copy_from_slice(&SYNC);
        sector[12..16].copy_from_slice(&[0x00, 0x02, 0x17, 0x01]);
        for (i, b) in sector[16..2064].iter_mut().enumerate() {
            *b = (i * 31 + 5) as u8;
        }
        encode(&mut sector, RawKind::Mode1);
        let syndromes = |codeword: &[u8]| {
            let n = codeword.len();
            let s0 = codeword.iter().fold(0, |s, &c| s ^ c);
            let s1 = codeword
                .iter()
                .enumerate()
                .fold(0, |s, (i, &c)| s ^ mul(c, FIELD.exp[(n - 1 - i) % 255]));
            (s0, s1)
        };
        for major in 0..86 {
            let base = 12 + (major / 2) * 2 + (major & 1);
            let mut word: Vec<u8> = (0..24).map(|r| sector[base + r * 86]).collect();
            word.extend([sector[P_AT + major], sector[P_AT + 86 + major]]);
            assert_eq!(syndromes(&word), (0, 0), "P codeword {major}");
        }
        for major in 0..52 {
            let start = (major / 2) * 86 + (major & 1);
            let mut word: Vec<u8> = (0..43)
                .map(|k| sector[12 + (start + k * 88) % 2236])
                .collect();
            word.extend([sector[Q_AT + major], sector[Q_AT + 52 + major]]);
            assert_eq!(syndromes(&word), (0, 0), "Q codeword {major}");
        }
        assert!(check(&sector).is_some_and(Check::ok));
        sector[100] ^= 1;
        let found = check(&sector).expect("a data sector");
        assert!(!found.edc && !found.ecc);
    }
}
