//! `system/ffto/g2d.dat`, the container the HD art is kept in (docs/remaster.md "g2d.dat"):
//! a header naming the index, the index's 16-byte rows (an entry's offset and length), and
//! each entry a 16-byte header (its type, 2 for zlib, and its decoded size) before its data.
//! The HD sheets' `tex_N.bin` is entry N, zlib-decoded.

/// The path of the container in the game's archives.
pub const G2D_PATH: &str = "system/ffto/g2d.dat";

/// The folder the mod loader reads loose tex files from: `tex_N.bin` there is entry N.
pub const TEX_FOLDER: &str = "system/ffto/g2d/";

const MAGIC: &[u8; 4] = b"YOX\0";
const HEADER_LEN: usize = 0x10;
const INDEX_ROW_LEN: usize = 0x10;
const ENTRY_HEADER_LEN: usize = 0x10;

/// The entry type of a zlib stream.
pub const ZLIB: u32 = 2;

/// The largest entry decoded: 16 MiB (the HD sheets' halves are 128 KiB and 116 KiB).
pub const MAX_DECODED_LEN: usize = 16 << 20;

/// One entry of the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct G2dEntry {
    pub index: usize,
    pub offset: usize,
    /// Its length in the container, its 16-byte header included (0 for an empty entry).
    pub len: usize,
}

/// The container's index, read and checked against its bytes.
#[derive(Debug, Clone)]
pub struct G2d<'a> {
    bytes: &'a [u8],
    entries: Vec<G2dEntry>,
}

/// What is wrong with the container or one of its entries, and the byte it is at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct G2dError {
    pub offset: usize,
    pub problem: String,
}

impl std::fmt::Display for G2dError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{G2D_PATH}, byte {}: {}", self.offset, self.problem)
    }
}

impl std::error::Error for G2dError {}

fn fail(offset: usize, problem: String) -> G2dError {
    G2dError { offset, problem }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

impl<'a> G2d<'a> {
    /// Reads the header and the index; each entry's range is checked against the container.
    ///
    /// # Errors
    /// Not a container, an index past its end, an entry outside it.
    pub fn read(bytes: &'a [u8]) -> Result<Self, G2dError> {
        if bytes.len() < HEADER_LEN || &bytes[..4] != MAGIC {
            return Err(fail(
                0,
                "not a g2d.dat: it does not start \"YOX\\0\"".to_owned(),
            ));
        }
        let index_at = u32_at(bytes, 0x08) as usize;
        let count = u32_at(bytes, 0x0C) as usize;
        let index_end = count
            .checked_mul(INDEX_ROW_LEN)
            .and_then(|len| len.checked_add(index_at))
            .filter(|&end| end <= bytes.len())
            .ok_or_else(|| {
                fail(
                    0x08,
                    format!(
                        "an index of {count} entries at byte {index_at} runs past the {} bytes",
                        bytes.len()
                    ),
                )
            })?;
        let entries = (0..count)
            .map(|index| {
                let row = index_at + index * INDEX_ROW_LEN;
                let offset = u32_at(bytes, row) as usize;
                let len = u32_at(bytes, row + 4) as usize;
                if len > 0 && (offset.saturating_add(len) > bytes.len() || len < ENTRY_HEADER_LEN) {
                    return Err(fail(
                        row,
                        format!(
                            "entry {index} spans bytes {offset}..{}, outside the {} bytes",
                            offset.saturating_add(len),
                            bytes.len()
                        ),
                    ));
                }
                Ok(G2dEntry { index, offset, len })
            })
            .collect::<Result<Vec<_>, _>>()?;
        debug_assert!(index_end <= bytes.len());
        Ok(Self { bytes, entries })
    }

    /// The index's entries.
    pub fn entries(&self) -> &[G2dEntry] {
        &self.entries
    }

    /// Whether entry `n` is there and a zlib entry (its header read, nothing decoded).
    pub fn is_zlib(&self, n: usize) -> bool {
        self.entries.get(n).is_some_and(|entry| {
            entry.len > 0
                && &self.bytes[entry.offset..entry.offset + 4] == MAGIC
                && u32_at(self.bytes, entry.offset + 4) == ZLIB
        })
    }

    /// Entry `n`'s decoded bytes: `tex_N.bin`.
    ///
    /// # Errors
    /// No such entry, an empty one, one of another type than zlib, a bad header, or a zlib
    /// stream that does not decode to the size its header states.
    pub fn decode(&self, n: usize) -> Result<Vec<u8>, G2dError> {
        let entry = self.entries.get(n).ok_or_else(|| {
            fail(
                0x0C,
                format!("no entry {n}: the index has {}", self.entries.len()),
            )
        })?;
        if entry.len == 0 {
            return Err(fail(entry.offset, format!("entry {n} is empty")));
        }
        let data = &self.bytes[entry.offset..entry.offset + entry.len];
        if &data[..4] != MAGIC {
            return Err(fail(
                entry.offset,
                format!("entry {n} does not start \"YOX\\0\""),
            ));
        }
        let kind = u32_at(data, 4);
        if kind != ZLIB {
            return Err(fail(
                entry.offset + 4,
                format!("entry {n} is of type {kind}; only zlib entries (type 2) are read"),
            ));
        }
        let stated = u32_at(data, 8) as usize;
        if stated > MAX_DECODED_LEN {
            return Err(fail(
                entry.offset + 8,
                format!("entry {n} states {stated} bytes, over the limit of {MAX_DECODED_LEN}"),
            ));
        }
        let stream = &data[ENTRY_HEADER_LEN..];
        let decoded = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(stream, stated)
            .map_err(|e| {
                fail(
                    entry.offset + ENTRY_HEADER_LEN,
                    format!(
                        "entry {n}'s zlib stream does not decode to its {stated} bytes ({:?})",
                        e.status
                    ),
                )
            })?;
        if decoded.len() != stated {
            return Err(fail(
                entry.offset + 8,
                format!(
                    "entry {n} decodes to {} bytes; its header states {stated}",
                    decoded.len()
                ),
            ));
        }
        Ok(decoded)
    }
}

/// The entry number of a tex file's game path (`system/ffto/g2d/tex_992.bin` is 992), if it is one.
pub fn tex_entry(path: &str) -> Option<usize> {
    let name = crate::name::normalise(path);
    let number = name
        .strip_prefix(TEX_FOLDER)?
        .strip_prefix("tex_")?
        .strip_suffix(".bin")?;
    if number.is_empty() || number.len() > 5 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    number.parse().ok()
}
