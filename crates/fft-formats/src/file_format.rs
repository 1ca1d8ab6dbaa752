//! Telling which format a file is in from its structure alone, and the round-trip check that the
//! tests, the CLI and the fuzz targets share.

use std::fmt;

use crate::error::Error;
use crate::hd::{HdHalf, HdPart};
use crate::nxd::{self, RawCells, Table};
use crate::seq::Seq;
use crate::shp::{UnitShp, WeaponShp};
use crate::spr::Spr;

/// The formats this crate decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileFormat {
    /// A unit SHP (TYPE1, TYPE2, CYOKO, MON, OTHER, ARUTE, KANZEN).
    UnitShp,
    /// A weapon or effect SHP (WEP1, WEP2, EFF1, EFF2).
    WeaponShp,
    /// A SEQ file.
    Seq,
    /// A sprite sheet of any layout (standard, short, tall, SP2, OTHER).
    Spr,
    /// One file of the remaster's HD sheet pair (`tex_N.bin`), told from its size alone: it has
    /// no header ([`crate::hd`]).
    HdHalf,
    /// One of the remaster's NXD tables (`nxd/*.nxd`), a double-keyed row table, told by its
    /// magic ([`crate::nxd`]; `charclut.nxd` holds Ramza's colours).
    Nxd,
}

impl FileFormat {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::UnitShp => "unit-shp",
            Self::WeaponShp => "weapon-shp",
            Self::Seq => "seq",
            Self::Spr => "spr",
            Self::HdHalf => "hd-half",
            Self::Nxd => "nxd",
        }
    }

    /// The kind in words, as an error says what a file is: "a SEQ file (animation bytecode)".
    pub fn in_words(self) -> &'static str {
        match self {
            Self::Seq => "a SEQ file (animation bytecode)",
            Self::UnitShp => "a unit SHP file (frames)",
            Self::WeaponShp => "a weapon or effect SHP file (frames)",
            Self::Spr => "an SPR sprite sheet",
            Self::HdHalf => "a half of the remaster's HD sheet (tex_N.bin)",
            Self::Nxd => "an NXD table of the remaster (nxd/*.nxd)",
        }
    }

    /// Decodes `bytes` as this kind and encodes the result again.
    fn decode_and_encode(self, bytes: &[u8]) -> Result<Vec<u8>, Error> {
        fn both<T>(
            decoded: Result<T, Error>,
            encode: impl FnOnce(&T) -> Result<Vec<u8>, Error>,
        ) -> Result<Vec<u8>, Error> {
            let model = decoded?;
            encode(&model).map_err(|e| Error::NotReEncodable(Box::new(e)))
        }
        match self {
            Self::UnitShp => both(UnitShp::decode(bytes), UnitShp::encode),
            Self::WeaponShp => both(WeaponShp::decode(bytes), WeaponShp::encode),
            Self::Seq => both(Seq::decode(bytes), Seq::encode),
            Self::Spr => both(Spr::decode(bytes), Spr::encode),
            Self::HdHalf => both(HdPart::decode(bytes), HdPart::encode),
            Self::Nxd => both(Table::<RawCells>::decode(bytes), Table::encode),
        }
    }
}

impl fmt::Display for FileFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An NXD table by its magic, which no other kind starts with on any real file; else the kind
/// whose size identity the file satisfies (SEQ: `0x406 + L`; unit SHP: `0x40A +
/// main_len`, plus the water section; weapon SHP: `0x846 + len`), or `None` when no kind fits.
/// The identities are cheap and, on real files, never hold for two kinds at once; decoding then
/// checks everything else. A file that fits none of them is a sheet when it decodes as one
/// ([`Spr::detect`]: its size, and for compressed sheets a stream that gives exactly its rows),
/// else a half of an HD pair when it has one of their two sizes ([`HdHalf::of_len`]; no other
/// kind's identity holds at those sizes on any real file).
pub fn detect_format(bytes: &[u8]) -> Option<FileFormat> {
    use crate::seq::record::{STREAM_AT, STREAM_LEN_AT};
    use crate::shp::layout;

    let u16_at = |at: usize| {
        bytes
            .get(at..at + 2)
            .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])))
    };
    let u32_at = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    if bytes.starts_with(&nxd::MAGIC) {
        return Some(FileFormat::Nxd);
    }
    let size = bytes.len();
    if u16_at(STREAM_LEN_AT).is_some_and(|l| STREAM_AT + l == size) {
        return Some(FileFormat::Seq);
    }
    let main_len_at = layout::unit_block_len_at(layout::UNIT_MAIN_TABLE_AT);
    if let (Some(water_ptr), Some(main_len)) = (u32_at(layout::WATER_PTR_AT), u16_at(main_len_at)) {
        let main_end = layout::block_at(main_len_at) + main_len;
        let unit = if water_ptr == layout::NO_WATER {
            main_end == size
        } else {
            let water_len_at = layout::unit_block_len_at(water_ptr);
            water_ptr == main_end
                && u16_at(water_len_at).is_some_and(|w| layout::block_at(water_len_at) + w == size)
        };
        if unit {
            return Some(FileFormat::UnitShp);
        }
    }
    if u16_at(layout::WEAPON_BLOCK_LEN_AT).is_some_and(|l| layout::WEAPON_BLOCK_AT + l == size) {
        return Some(FileFormat::WeaponShp);
    }
    if Spr::detect(bytes).is_some() {
        return Some(FileFormat::Spr);
    }
    if HdHalf::of_len(size).is_some() {
        return Some(FileFormat::HdHalf);
    }
    None
}

/// What decoding and re-encoding one file gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundTrip {
    /// The encoder wrote the same bytes.
    Identical,
    /// The encoder wrote other bytes; `first_difference` is the first offset where they differ
    /// (or the shorter length).
    Different {
        first_difference: usize,
        encoded_len: usize,
    },
}

/// Why a round trip could not be completed: the bytes did not decode ([`Error::is_decode`]), or
/// their model did not encode again ([`Error::NotReEncodable`]).
pub type RoundTripError = Error;

/// Decodes `bytes` as `kind`, encodes the model again and compares the bytes.
///
/// # Errors
/// When the bytes do not decode, or the model does not encode.
pub fn round_trip(kind: FileFormat, bytes: &[u8]) -> Result<RoundTrip, RoundTripError> {
    let encoded = kind.decode_and_encode(bytes)?;
    if encoded == bytes {
        return Ok(RoundTrip::Identical);
    }
    let first_difference = encoded
        .iter()
        .zip(bytes)
        .position(|(a, b)| a != b)
        .unwrap_or(encoded.len().min(bytes.len()));
    Ok(RoundTrip::Different {
        first_difference,
        encoded_len: encoded.len(),
    })
}
