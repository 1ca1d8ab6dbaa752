//! ISO 9660 (ECMA-119) structures: the primary volume descriptor and directory records, parsed
//! from sector bytes with every field checked before it is used.

/// A both-endian field's two copies, little-endian then big-endian.
fn both_u32(bytes: &[u8], at: usize) -> (u32, u32) {
    let le = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let be = u32::from_be_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]);
    (le, be)
}

fn both_u16(bytes: &[u8], at: usize) -> (u16, u16) {
    let le = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let be = u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]);
    (le, be)
}

/// A field whose two copies disagree: its name and both values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Disagreement {
    pub field: &'static str,
    /// Offset of the field in the bytes parsed.
    pub offset: usize,
    pub le: u32,
    pub be: u32,
}

/// A directory record's flags bit: a directory.
pub const FLAG_DIRECTORY: u8 = 0x02;
/// A directory record's flags bit: not the file's last extent.
pub const FLAG_MULTI_EXTENT: u8 = 0x80;
/// The fixed part of a directory record, before its identifier.
pub const RECORD_FIXED: usize = 33;

/// One directory record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    /// The record's own length (byte 0).
    pub len: usize,
    pub lba: u32,
    pub size: u32,
    pub flags: u8,
    pub unit_size: u8,
    pub interleave_gap: u8,
    pub identifier: Vec<u8>,
}

/// What is wrong with a record, for the caller to place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RecordProblem {
    Malformed(String),
    Disagrees(Disagreement),
}

impl Record {
    /// The record at the start of `bytes` (the rest of its sector), or `None` for a zero length
    /// byte (the sector's records end there).
    pub fn parse(bytes: &[u8]) -> Result<Option<Self>, RecordProblem> {
        let Some(&len) = bytes.first() else {
            return Ok(None);
        };
        let len = usize::from(len);
        if len == 0 {
            return Ok(None);
        }
        if len < RECORD_FIXED + 1 || len > bytes.len() {
            return Err(RecordProblem::Malformed(format!(
                "a directory record {len} bytes long (at least {} with its name, and at most the \
                 {} bytes left in its sector)",
                RECORD_FIXED + 1,
                bytes.len()
            )));
        }
        let name_len = usize::from(bytes[32]);
        if RECORD_FIXED + name_len > len || name_len == 0 {
            return Err(RecordProblem::Malformed(format!(
                "a directory record of {len} bytes with a name of {name_len} bytes"
            )));
        }
        let check = |field: &'static str, offset: usize, (le, be): (u32, u32)| {
            if le == be {
                Ok(le)
            } else {
                Err(RecordProblem::Disagrees(Disagreement {
                    field,
                    offset,
                    le,
                    be,
                }))
            }
        };
        let lba = check("extent", 2, both_u32(bytes, 2))?;
        let size = check("data length", 10, both_u32(bytes, 10))?;
        Ok(Some(Self {
            len,
            lba,
            size,
            flags: bytes[25],
            unit_size: bytes[26],
            interleave_gap: bytes[27],
            identifier: bytes[33..33 + name_len].to_vec(),
        }))
    }

    pub fn is_directory(&self) -> bool {
        self.flags & FLAG_DIRECTORY != 0
    }

    /// The record of the directory itself (identifier 0) or its parent (1).
    pub fn is_self_or_parent(&self) -> bool {
        matches!(self.identifier.as_slice(), [0] | [1])
    }

    /// The name as a path component: the identifier without its `;1` version and the `.` of a
    /// name without extension; bytes outside printable ASCII, and `/`, shown escaped (`\x00`,
    /// `\x2f`), so that a path of these names splits at its `/` into them. A name that would
    /// be empty or only dots (which a path cannot hold as a component) is the whole identifier,
    /// each byte escaped.
    pub fn name(&self) -> String {
        let whole = self.identifier.as_slice();
        let id = match whole.iter().rposition(|&b| b == b';') {
            Some(at) if !self.is_directory() => &whole[..at],
            _ => whole,
        };
        let id = id.strip_suffix(b".").unwrap_or(id);
        if id.iter().all(|&b| b == b'.') {
            return whole.iter().map(|b| format!("\\x{b:02x}")).collect();
        }
        id.iter()
            .map(|&b| match b {
                b'/' => "\\x2f".to_owned(),
                b => std::ascii::escape_default(b).map(char::from).collect(),
            })
            .collect()
    }
}

/// Bytes 0x00..0x06 of a volume descriptor: its type and "CD001".
pub(crate) fn descriptor_type(sector: &[u8]) -> Option<u8> {
    (&sector[1..6] == b"CD001").then_some(sector[0])
}

/// A volume descriptor's type: the primary one.
pub const PRIMARY: u8 = 1;
/// A volume descriptor's type: the end of the set.
pub const TERMINATOR: u8 = 255;

/// What the primary volume descriptor says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Volume {
    pub id: String,
    /// Sectors in the volume.
    pub space: u32,
    pub(crate) root: Record,
}

/// Parses a primary volume descriptor, or says what is wrong and at which byte of it.
pub(crate) fn parse_primary(sector: &[u8]) -> Result<Volume, (usize, String)> {
    let (block_le, block_be) = both_u16(sector, 128);
    if block_le != block_be || block_le != 2048 {
        return Err((
            128,
            format!(
                "the primary volume descriptor's logical block size is {block_le} \
                 (big-endian copy {block_be}); this reader reads 2048-byte blocks"
            ),
        ));
    }
    let (space, space_be) = both_u32(sector, 80);
    if space != space_be {
        return Err((
            80,
            format!(
                "the volume space size's two copies disagree (little-endian {space}, \
                 big-endian {space_be})"
            ),
        ));
    }
    let root = match Record::parse(&sector[156..190]) {
        Ok(Some(root)) if root.is_directory() => root,
        Ok(Some(_)) => return Err((156, "the root directory record is not a directory".into())),
        Ok(None) => return Err((156, "the root directory record is empty".into())),
        Err(RecordProblem::Malformed(why)) => return Err((156, format!("root directory: {why}"))),
        Err(RecordProblem::Disagrees(d)) => {
            return Err((
                156 + d.offset,
                format!(
                    "root directory record: the {}'s two copies disagree (little-endian {}, \
                     big-endian {})",
                    d.field, d.le, d.be
                ),
            ));
        }
    };
    let id = String::from_utf8_lossy(&sector[40..72])
        .trim_end()
        .to_owned();
    Ok(Volume { id, space, root })
}
