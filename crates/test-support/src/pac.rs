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

/// A file of a synthetic archive.
#[derive(Debug, Clone)]
pub struct PacEntry {
    /// The stored name (the one hashed).
    pub name: String,
    pub data: Vec<u8>,
}

/// An archive to write.
#[derive(Debug, Clone, Default)]
pub struct PacBuilder {
    folder: String,
    encrypted: bool,
    entries: Vec<PacEntry>,
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
    pub fn file(mut self, name: &str, data: &[u8]) -> Self {
        self.entries.push(PacEntry {
            name: name.to_owned(),
            data: data.to_vec(),
        });
        self
    }

    /// The archive's bytes.
    pub fn build(&self) -> Vec<u8> {
        let count = self.entries.len();
        let strings_at = entry_at(count);
        let mut strings = Vec::new();
        let mut name_offsets = Vec::new();
        for entry in &self.entries {
            name_offsets.push(strings_at + strings.len());
            strings.extend_from_slice(entry.name.as_bytes());
            strings.push(0);
        }
        let toc_len = strings_at + strings.len();
        let mut out = vec![0u8; toc_len];
        let mut data_at = toc_len;
        for (index, entry) in self.entries.iter().enumerate() {
            let at = entry_at(index);
            let len = entry.data.len() as u64;
            put(&mut out, at, &(len as u32).to_le_bytes());
            put(&mut out, at + 0x08, &len.to_le_bytes());
            put(&mut out, at + 0x10, &(data_at as u64).to_le_bytes());
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
            data_at += entry.data.len();
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
        out[0x0D] = u8::from(self.encrypted);
        put(&mut out, 0x18, &folder);
        put(&mut out, 0x120, &(strings_at as u64).to_le_bytes());
        put(&mut out, 0x128, &(strings.len() as u64).to_le_bytes());
        put(&mut out, strings_at, &strings);
        for entry in &self.entries {
            out.extend_from_slice(&entry.data);
        }
        let total = out.len() as u64;
        put(&mut out, 0x10, &total.to_le_bytes());
        out
    }
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
