//! Synthetic `.pac` archives for the archive reader's tests, written from the layout in
//! docs/remaster.md ("The archives' layout") and sharing no code with the reader: a header of
//! 0x400 bytes, 0x38-byte entries, the string table, then each file's bytes. A test builds one,
//! then damages the bytes at the offsets this module names to see each refusal.

/// The Ivalice Chronicles' key for the folder name and the string table (the layout's).
pub const KEY: [u8; 8] = [0xE6, 0x12, 0xD6, 0x54, 0x9A, 0x8F, 0x4C, 0x53];

/// Where entry `index` starts.
pub fn entry_at(index: usize) -> usize {
    0x400 + index * 0x38
}

/// How a synthetic archive stores a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PacStorage {
    /// As it is.
    Stored,
    /// One GDeflate tile stream of its own (storage mode 1).
    Gdeflate,
    /// A slice of shared chunk N (storage mode 3).
    Chunk(usize),
    /// Several GDeflate streams of 512 KiB each, with a table of their offsets (storage mode 2).
    Parts,
}

/// A file of a synthetic archive.
#[derive(Debug, Clone)]
pub struct PacEntry {
    /// The stored name (the one hashed).
    pub name: String,
    pub data: Vec<u8>,
    pub storage: PacStorage,
}

/// An archive to write.
#[derive(Debug, Clone, Default)]
pub struct PacBuilder {
    folder: String,
    encrypted: bool,
    entries: Vec<PacEntry>,
    chunks: usize,
}

impl PacBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    /// The folder every name is under (`nxd`).
    pub fn folder(mut self, folder: &str) -> Self {
        self.folder = folder.to_owned();
        self
    }

    /// XOR the folder name and the string table, as the game's own archives are.
    pub fn encrypted(mut self) -> Self {
        self.encrypted = true;
        self
    }

    /// A file stored as it is.
    pub fn file(self, name: &str, data: &[u8]) -> Self {
        self.stored_as(name, data, PacStorage::Stored)
    }

    /// A file stored as `storage` says.
    pub fn stored_as(mut self, name: &str, data: &[u8], storage: PacStorage) -> Self {
        if let PacStorage::Chunk(n) = storage {
            self.chunks = self.chunks.max(n + 1);
        }
        self.entries.push(PacEntry {
            name: name.to_owned(),
            data: data.to_vec(),
            storage,
        });
        self
    }

    /// The archive's bytes: header, entries, chunk records, string table, then the data (each
    /// shared chunk's one stream, then each file's).
    pub fn build(&self) -> Vec<u8> {
        let count = self.entries.len();
        let chunk_table_at = entry_at(count);
        let strings_at = chunk_table_at + self.chunks * 0x18;
        let mut strings = Vec::new();
        let mut name_offsets = Vec::new();
        for entry in &self.entries {
            name_offsets.push(strings_at + strings.len());
            strings.extend_from_slice(entry.name.as_bytes());
            strings.push(0);
        }
        let toc_len = strings_at + strings.len();
        let mut out = vec![0u8; toc_len];
        let mut data = Vec::new();

        // Each shared chunk: its files' bytes one after another, compressed as one stream.
        let mut place_in_chunk = vec![0usize; count];
        for chunk in 0..self.chunks {
            let mut plain = Vec::new();
            for (index, entry) in self.entries.iter().enumerate() {
                if entry.storage == PacStorage::Chunk(chunk) {
                    place_in_chunk[index] = plain.len();
                    plain.extend_from_slice(&entry.data);
                }
            }
            let stream = compressed(&plain);
            let files = self
                .entries
                .iter()
                .filter(|e| e.storage == PacStorage::Chunk(chunk))
                .count();
            let record = chunk_table_at + chunk * 0x18;
            put(
                &mut out,
                record,
                &((toc_len + data.len()) as u64).to_le_bytes(),
            );
            put(
                &mut out,
                record + 0x08,
                &(stream.len() as u32).to_le_bytes(),
            );
            put(&mut out, record + 0x0C, &(plain.len() as u32).to_le_bytes());
            put(&mut out, record + 0x14, &(chunk as u16).to_le_bytes());
            put(&mut out, record + 0x16, &(files as u16).to_le_bytes());
            data.extend_from_slice(&stream);
        }

        for (index, entry) in self.entries.iter().enumerate() {
            let at = entry_at(index);
            let len = entry.data.len() as u64;
            let (stored_len, data_offset, mode, record) = match entry.storage {
                PacStorage::Stored => {
                    let offset = toc_len + data.len();
                    data.extend_from_slice(&entry.data);
                    (len as u32, offset as u64, None, 0)
                }
                PacStorage::Gdeflate => {
                    let offset = toc_len + data.len();
                    let stream = compressed(&entry.data);
                    data.extend_from_slice(&stream);
                    (stream.len() as u32, offset as u64, Some(1u8), 0)
                }
                PacStorage::Parts => {
                    let offset = toc_len + data.len();
                    let mut streams = Vec::new();
                    let mut offsets = Vec::new();
                    for part in entry.data.chunks(0x80000) {
                        offsets.push(streams.len() as u32);
                        streams.extend_from_slice(&compressed(part));
                    }
                    data.extend_from_slice(&streams);
                    // The parts' table after them: its count, a word, each part's offset.
                    let table = toc_len + data.len();
                    data.extend_from_slice(&(offsets.len() as u32).to_le_bytes());
                    let last = entry.data.len() - (offsets.len() - 1) * 0x80000;
                    data.extend_from_slice(&(3u32 << 24 | last as u32).to_le_bytes());
                    for o in &offsets {
                        data.extend_from_slice(&o.to_le_bytes());
                    }
                    (streams.len() as u32, offset as u64, Some(2u8), table as u64)
                }
                PacStorage::Chunk(chunk) => (
                    0,
                    place_in_chunk[index] as u64,
                    Some(3u8),
                    (chunk_table_at + chunk * 0x18) as u64,
                ),
            };
            put(&mut out, at, &stored_len.to_le_bytes());
            if let Some(mode) = mode {
                out[at + 0x04] = 1;
                out[at + 0x05] = mode;
            }
            put(&mut out, at + 0x08, &len.to_le_bytes());
            put(&mut out, at + 0x10, &data_offset.to_le_bytes());
            put(&mut out, at + 0x18, &record.to_le_bytes());
            put(
                &mut out,
                at + 0x20,
                &(name_offsets[index] as u64).to_le_bytes(),
            );
            put(
                &mut out,
                at + 0x28,
                &fnv1(entry.name.as_bytes()).to_le_bytes(),
            );
            put(&mut out, at + 0x2C, &crc32(&entry.data).to_le_bytes());
            if mode == Some(3) {
                put(&mut out, at + 0x34, &0x18u32.to_le_bytes());
            }
        }
        let mut folder = [0u8; 0x100];
        folder[..self.folder.len()].copy_from_slice(self.folder.as_bytes());
        if self.encrypted {
            xor(&mut folder);
            xor(&mut strings);
        }
        put(&mut out, 0, b"PACK");
        put(&mut out, 0x04, &(toc_len as u32).to_le_bytes());
        put(&mut out, 0x08, &(count as u32).to_le_bytes());
        out[0x0C] = u8::from(self.chunks > 0);
        out[0x0D] = u8::from(self.encrypted);
        put(&mut out, 0x0E, &(self.chunks as u16).to_le_bytes());
        put(&mut out, 0x18, &folder);
        if self.chunks > 0 {
            put(&mut out, 0x118, &(chunk_table_at as u64).to_le_bytes());
        }
        put(&mut out, 0x120, &(strings_at as u64).to_le_bytes());
        put(&mut out, 0x128, &(strings.len() as u64).to_le_bytes());
        put(&mut out, strings_at, &strings);
        out.extend_from_slice(&data);
        let total = out.len() as u64;
        put(&mut out, 0x10, &total.to_le_bytes());
        out
    }
}

/// `data` as a GDeflate tile stream, by the reference code.
#[cfg(feature = "gdeflate")]
fn compressed(data: &[u8]) -> Vec<u8> {
    gdeflate_stream(data, 9)
}

/// Without the reference code there is no compressed archive to build.
#[cfg(not(feature = "gdeflate"))]
fn compressed(_: &[u8]) -> Vec<u8> {
    panic!("compressed synthetic archives need test-support's feature gdeflate");
}

/// Overwrites `bytes[at..]` with `value`.
pub fn put(bytes: &mut [u8], at: usize, value: &[u8]) {
    bytes[at..at + value.len()].copy_from_slice(value);
}

/// FNV-1, 32 bits: for each byte, multiply by the prime, then XOR.
pub fn fnv1(bytes: &[u8]) -> u32 {
    let mut hash: u32 = 0x811C_9DC5;
    for &byte in bytes {
        hash = hash.wrapping_mul(0x0100_0193) ^ u32::from(byte);
    }
    hash
}

/// CRC-32 (IEEE 802.3, reflected, zlib's), bit by bit from the polynomial.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The layout's XOR: whole words with the key, then a tail of 4, 2 and 1 bytes each from the
/// key's first byte.
fn xor(region: &mut [u8]) {
    let whole = region.len() / 8 * 8;
    let (words, tail) = region.split_at_mut(whole);
    for (i, byte) in words.iter_mut().enumerate() {
        *byte ^= KEY[i % 8];
    }
    let mut start = 0;
    for width in [4, 2, 1] {
        if tail.len() - start >= width {
            for i in 0..width {
                tail[start + i] ^= KEY[i];
            }
            start += width;
        }
    }
}

/// `data` compressed by Microsoft's GDeflate reference code into 64 KiB pages, wrapped in the
/// tile-stream layout: the header (id 4, its complement, the tile count, tile size index 1, the
/// last tile's size), the table (the last tile's compressed size first, then each other tile's
/// offset after the table), then the pages.
#[cfg(feature = "gdeflate")]
pub fn gdeflate_stream(data: &[u8], level: u8) -> Vec<u8> {
    use gdeflate::{CompressionLevel as L, Compressor};
    const TILE: usize = 1 << 16;
    let level = [
        L::None,
        L::Level1,
        L::Level2,
        L::Level3,
        L::Level4,
        L::Level5,
        L::Level6,
        L::Level7,
        L::Level8,
        L::Level9,
        L::Level10,
        L::Level11,
        L::Level12,
    ][usize::from(level.min(12))];
    let mut compressor = Compressor::new(level).expect("the reference compressor");
    let (pages, sizes): (Vec<u8>, Vec<u32>) = if data.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let result = compressor.compress(data, TILE).expect("compresses");
        let sizes = result.tiles.iter().map(|t| t.compressed_size).collect();
        (result.bytes, sizes)
    };
    let tiles = sizes.len();
    let last = data.len() % TILE;
    let mut out = vec![4u8, 0xFB];
    out.extend_from_slice(&(tiles as u16).to_le_bytes());
    out.extend_from_slice(&(1u32 | ((last as u32) << 2)).to_le_bytes());
    let mut offset = 0u32;
    for (i, size) in sizes.iter().enumerate() {
        let pointer = if i == 0 {
            *sizes.last().unwrap()
        } else {
            offset
        };
        out.extend_from_slice(&pointer.to_le_bytes());
        offset += size;
    }
    out.extend_from_slice(&pages);
    out
}

/// An entry of a synthetic `g2d.dat`.
#[derive(Debug, Clone)]
pub enum G2dSpec {
    /// No data (length 0 in the index).
    Empty,
    /// A zlib entry (type 2) holding these bytes.
    Zlib(Vec<u8>),
    /// An entry of another type, its bytes as they are.
    Other(u32, Vec<u8>),
}

/// A `g2d.dat` written from its layout: `YOX\0`, 0, the index's offset and the entry count;
/// the entries from 0x800, each aligned to 0x800, each `YOX\0`, its type, its decoded size
/// and 0 before its data; then the index, 16 bytes an entry (offset, length with the entry's
/// header, 8 bytes of zeros).
pub fn g2d_dat(entries: &[G2dSpec]) -> Vec<u8> {
    let mut out = vec![0u8; 0x800];
    let mut index = Vec::new();
    for entry in entries {
        let (kind, decoded, body) = match entry {
            G2dSpec::Empty => {
                index.extend_from_slice(&[0u8; 16]);
                continue;
            }
            G2dSpec::Zlib(data) => (
                2u32,
                data.len(),
                miniz_oxide::deflate::compress_to_vec_zlib(data, 6),
            ),
            G2dSpec::Other(kind, data) => (*kind, data.len(), data.clone()),
        };
        let at = out.len();
        out.extend_from_slice(b"YOX\0");
        out.extend_from_slice(&kind.to_le_bytes());
        out.extend_from_slice(&(decoded as u32).to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&body);
        let len = out.len() - at;
        out.resize(out.len().div_ceil(0x800) * 0x800, 0);
        index.extend_from_slice(&(at as u32).to_le_bytes());
        index.extend_from_slice(&(len as u32).to_le_bytes());
        index.extend_from_slice(&[0u8; 8]);
    }
    let index_at = out.len();
    out.extend_from_slice(&index);
    put(&mut out, 0, b"YOX\0");
    put(&mut out, 0x08, &(index_at as u32).to_le_bytes());
    put(&mut out, 0x0C, &(entries.len() as u32).to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checks_match_their_published_values() {
        // CRC-32 of "123456789" is CBF43926 (the standard check value).
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        // FNV-1 32 of "a" is 050C5D7E (the FNV reference's test vectors).
        assert_eq!(fnv1(b"a"), 0x050C_5D7E);
    }
}
