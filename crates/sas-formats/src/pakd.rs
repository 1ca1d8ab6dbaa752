//! `pakd` containers: a header of entry offsets (and optionally ids), then the entries back to
//! back. An entry has no size field; it runs to the next entry's offset, padding included, so the
//! model keeps each entry's bytes as stored and a rebuild gives back the container byte for byte.
//!
//! Layout (Gibbed's `PackFile` reader; the magic read as a u32 gives the byte order):
//!
//! | offset | field |
//! |---|---|
//! | 0x00 | magic `pakd` (`dkap` when big-endian) |
//! | 0x04 | u32 entry count *n* |
//! | 0x08 | u32 offset of each entry, from the container's start |
//! | 0x08 + 4n | u32 total size: where the last entry ends |
//! | 0x0C + 4n | u32 id of each entry (`directory << 16 \| file`), only when the first entry leaves room |
//! | then | u32 zero, and padding up to the first entry (to 16 bytes) |

pub mod manifest;

use std::fmt;

use crate::error::{DecodeError, EncodeError, Error, ErrorKind, FieldPath};
use crate::model::{ByteOrder, Version};
use crate::read::Reader;
use crate::records::Word;
use crate::write::Writer;

/// SAS sets are small, but the `pakd` containers around them hold a whole data file's entries
/// (tens of megabytes): a reader refuses input longer than this before reading it whole.
pub const MAX_CONTAINER_LEN: u64 = 512 << 20;

/// A whole container.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pakd {
    pub byte_order: ByteOrder,
    pub entries: Vec<Entry>,
    /// The entry ids, when the header has them.
    pub ids: Option<Vec<u32>>,
    /// The bytes between the header's zero word and the first entry (zeros in a padded header).
    pub header_padding: Vec<u8>,
    /// Bytes after the total size.
    pub trailing: Vec<u8>,
}

/// One entry: its bytes as stored, up to the next entry (its padding included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub bytes: Vec<u8>,
}

/// What an entry holds, from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// A SAS set.
    Sas(Version, ByteOrder),
    /// A nested container.
    Pakd(ByteOrder),
    /// An `ashg`-compressed entry: its header's sizes and scheme version. Not unpacked.
    Compressed {
        version: u8,
        packed: u32,
        unpacked: u32,
    },
    /// Something else, with its magic when the first four bytes are printable.
    Other(Option<[u8; 4]>),
    /// No bytes.
    Empty,
}

impl fmt::Display for EntryKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Sas(version, order) => write!(f, "{version} ({})", order.name()),
            Self::Pakd(order) => write!(f, "pakd ({})", order.name()),
            Self::Compressed {
                version,
                packed,
                unpacked,
            } => write!(
                f,
                "ashg-compressed (scheme {version}, {packed} -> {unpacked} bytes)"
            ),
            Self::Other(Some(magic)) => write!(f, "other ({})", String::from_utf8_lossy(magic)),
            Self::Other(None) => f.write_str("other"),
            Self::Empty => f.write_str("empty"),
        }
    }
}

/// The byte order a container's magic announces.
pub fn byte_order_of(bytes: &[u8]) -> Option<ByteOrder> {
    match bytes.get(..4)? {
        b"pakd" => Some(ByteOrder::Little),
        b"dkap" => Some(ByteOrder::Big),
        _ => None,
    }
}

/// `len` rounded up to a multiple of 16.
fn align16(len: usize) -> usize {
    len.div_ceil(16) * 16
}

impl Entry {
    /// What the entry holds.
    pub fn kind(&self) -> EntryKind {
        let bytes = &self.bytes;
        if bytes.is_empty() {
            return EntryKind::Empty;
        }
        if let Some((version, order)) = Version::from_magic(bytes) {
            return EntryKind::Sas(version, order);
        }
        if let Some(order) = byte_order_of(bytes) {
            return EntryKind::Pakd(order);
        }
        if bytes.starts_with(b"ashg") && bytes.len() >= 0x10 {
            let word = |at: usize| {
                u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
            };
            return EntryKind::Compressed {
                version: bytes[0x0C],
                packed: word(4),
                unpacked: word(8),
            };
        }
        let magic = bytes
            .get(..4)
            .filter(|m| m.iter().all(|b| b.is_ascii_graphic()))
            .map(|m| [m[0], m[1], m[2], m[3]]);
        EntryKind::Other(magic)
    }

    /// The entry's bytes to extract, or why they are refused: a compressed entry's scheme is not
    /// settled (no file to test it on), so it is not unpacked.
    ///
    /// # Errors
    /// The entry is `ashg`-compressed.
    pub fn contents(&self) -> Result<&[u8], String> {
        match self.kind() {
            EntryKind::Compressed { version, .. } => Err(format!(
                "the entry is ashg-compressed (scheme {version}); its decompression is not settled \
                 (no file was available to test it on), so it is not unpacked"
            )),
            _ => Ok(&self.bytes),
        }
    }
}

/// The error of a container with another number of ids than of entries.
fn id_count(ids: usize, entries: usize) -> EncodeError {
    Error::encode(
        ErrorKind::IdCount { ids, entries },
        FieldPath::part("ids"),
        "one id per entry",
    )
}

/// Whether the header holds entry ids. An id-less header is `16 + 4n` bytes padded to 16, one
/// with ids `16 + 8n` padded to 16; when both pad to the same size the sizes cannot tell, and the
/// word where an id-less header has its zero decides (an id there is not zero). Either reading
/// keeps every byte, so a rebuild is identical whichever is taken.
fn has_ids(reader: &Reader, count: usize, first: usize) -> Result<bool, DecodeError> {
    if count == 0 || first < 16 + 8 * count {
        return Ok(false);
    }
    if first > align16(16 + 4 * count) {
        return Ok(true);
    }
    let Word(word) = reader.record(12 + 4 * count, || FieldPath::part("header end"))?;
    Ok(word != 0)
}

impl Pakd {
    /// Decodes a container in the byte order its magic announces.
    ///
    /// # Errors
    /// The first structural violation, with its byte offset.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let Some(order) = byte_order_of(bytes) else {
            let (kind, found) = if bytes.starts_with(b"ashg") {
                (
                    ErrorKind::Compressed,
                    "\"ashg\": the whole container is compressed, which is not unpacked here"
                        .to_owned(),
                )
            } else {
                (
                    ErrorKind::BadMagic,
                    format!("{:02X?}", &bytes[..bytes.len().min(4)]),
                )
            };
            return Err(Error::decode(
                kind,
                0,
                FieldPath::field("magic"),
                "\"pakd\" (or \"dkap\", big-endian)",
                found,
            ));
        };
        let reader = Reader { bytes, order };
        let Word(count) = reader.record(4, || FieldPath::field("entry count"))?;
        let count = count as usize;
        reader.fits(8, count, 4, || FieldPath::part("entry offsets"))?;
        let offset_of = |i: usize| FieldPath::index("entry", i).then_field("offset");
        let offsets = (0..count)
            .map(|i| {
                reader
                    .record::<Word>(8 + 4 * i, || offset_of(i))
                    .map(|w| w.0 as usize)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let total_at = 8 + 4 * count;
        let total_size = || FieldPath::field("total size");
        let Word(total) = reader.record(total_at, total_size)?;
        let total = total as usize;
        let first = offsets.first().copied().unwrap_or(total);
        let with_ids = has_ids(&reader, count, first)?;
        let ids = if with_ids {
            let ids = (0..count)
                .map(|i| {
                    reader
                        .record::<Word>(total_at + 4 + 4 * i, || {
                            FieldPath::index("entry", i).then_field("id")
                        })
                        .map(|w| w.0)
                })
                .collect::<Result<Vec<_>, _>>()?;
            Some(ids)
        } else {
            None
        };
        let zero_at = total_at + 4 + if with_ids { 4 * count } else { 0 };
        let header_end = || FieldPath::part("header end");
        let Word(zero) = reader.record(zero_at, header_end)?;
        if zero != 0 {
            return Err(Error::decode(
                ErrorKind::NonZeroReserved,
                zero_at,
                header_end(),
                "a zero u32",
                format!("0x{zero:08X}"),
            ));
        }
        let header_end = zero_at + 4;
        if total > bytes.len() {
            return Err(Error::decode(
                ErrorKind::BadTotalSize { found: total },
                total_at,
                total_size(),
                format!("at most the file's 0x{:X} bytes", bytes.len()),
                format!("0x{total:X}"),
            ));
        }
        let mut ends = offsets.iter().skip(1).copied().chain([total]);
        let mut previous = header_end;
        let mut entries = Vec::with_capacity(count);
        for (i, &offset) in offsets.iter().enumerate() {
            let end = ends.next().unwrap_or(total);
            // Each entry ends where the next starts, the last at the total size.
            let bound = end.min(total);
            if offset < previous || offset > bound {
                return Err(Error::decode(
                    ErrorKind::BadOffset { found: offset },
                    8 + 4 * i,
                    offset_of(i),
                    format!(
                        "0x{previous:X}..=0x{bound:X} (entries in order, after the header, within the total size)"
                    ),
                    format!("0x{offset:X}"),
                ));
            }
            if end > total {
                return Err(Error::decode(
                    ErrorKind::BadOffset { found: end },
                    8 + 4 * (i + 1),
                    offset_of(i + 1),
                    format!("at most the total size 0x{total:X}"),
                    format!("0x{end:X}"),
                ));
            }
            entries.push(Entry {
                bytes: bytes[offset..end].to_vec(),
            });
            previous = end;
        }
        if first < header_end || first > total {
            return Err(Error::decode(
                ErrorKind::BadTotalSize { found: total },
                total_at,
                total_size(),
                format!("at least the header's end 0x{header_end:X}"),
                format!("0x{total:X}"),
            ));
        }
        Ok(Self {
            byte_order: order,
            entries,
            ids,
            header_padding: bytes[header_end..first].to_vec(),
            trailing: bytes[total..].to_vec(),
        })
    }

    /// A container of `contents` laid out as the game's are: the header padded to 16 bytes, each
    /// entry followed by 1..=16 zero bytes up to `align16(len + 1)`.
    ///
    /// # Errors
    /// `ids` has another length than `contents`.
    pub fn pack(
        order: ByteOrder,
        contents: &[&[u8]],
        ids: Option<Vec<u32>>,
    ) -> Result<Self, EncodeError> {
        if let Some(ids) = ids.as_ref().filter(|ids| ids.len() != contents.len()) {
            return Err(id_count(ids.len(), contents.len()));
        }
        let count = contents.len();
        let header = 16 + 4 * count + if ids.is_some() { 4 * count } else { 0 };
        let entries = contents
            .iter()
            .map(|content| {
                let mut bytes = content.to_vec();
                bytes.resize(align16(content.len() + 1), 0);
                Entry { bytes }
            })
            .collect();
        Ok(Self {
            byte_order: order,
            entries,
            ids,
            header_padding: vec![0; align16(header) - header],
            trailing: Vec::new(),
        })
    }

    /// Encodes the container: for any decoded one, its original bytes.
    ///
    /// # Errors
    /// Ids of another count than the entries, or a container past 4 GiB.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let count = self.entries.len();
        if let Some(ids) = self.ids.as_ref().filter(|ids| ids.len() != count) {
            return Err(id_count(ids.len(), count));
        }
        let too_big = || {
            Error::encode(
                ErrorKind::TooLarge,
                FieldPath::part("container"),
                "it would pass 4 GiB",
            )
        };
        let header = 16 + 4 * count + self.ids.as_ref().map_or(0, |_| 4 * count);
        let mut position = header + self.header_padding.len();
        let mut offsets = Vec::with_capacity(count);
        for entry in &self.entries {
            offsets.push(u32::try_from(position).map_err(|_| too_big())?);
            position += entry.bytes.len();
        }
        let mut out = Writer {
            bytes: Vec::with_capacity(position + self.trailing.len()),
            order: self.byte_order,
        };
        out.bytes.extend(match self.byte_order {
            ByteOrder::Little => b"pakd",
            ByteOrder::Big => b"dkap",
        });
        out.put(&Word(u32::try_from(count).map_err(|_| too_big())?));
        for &offset in &offsets {
            out.put(&Word(offset));
        }
        out.put(&Word(u32::try_from(position).map_err(|_| too_big())?));
        for &id in self.ids.iter().flatten() {
            out.put(&Word(id));
        }
        out.put(&Word(0));
        out.bytes.extend_from_slice(&self.header_padding);
        for entry in &self.entries {
            out.bytes.extend_from_slice(&entry.bytes);
        }
        out.bytes.extend_from_slice(&self.trailing);
        Ok(out.bytes)
    }
}
