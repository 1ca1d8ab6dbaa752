//! The byte layout of a `.pac` archive (docs/remaster.md "The archives' layout"): the fixed
//! header, the file entries after it, the shared chunks' records, and the limits this reader
//! holds an archive to. Every integer is little-endian.

/// "PACK" read as a little-endian u32, the archive's first four bytes.
pub const MAGIC: u32 = u32::from_le_bytes(*b"PACK");

/// The fixed header's size: the file entries start here.
pub const HEADER_LEN: u64 = 0x400;

/// One file entry's size.
pub const ENTRY_LEN: u64 = 0x38;

/// One shared chunk's record in the chunk table.
pub const CHUNK_RECORD_LEN: u64 = 0x18;

/// The header's fields: where each starts.
pub mod header {
    pub const MAGIC: usize = 0x00;
    /// The table of contents' size: header, entries, chunk records and string table.
    pub const TOC_LEN: usize = 0x04;
    pub const FILE_COUNT: usize = 0x08;
    pub const USES_CHUNKS: usize = 0x0C;
    pub const ENCRYPTED: usize = 0x0D;
    pub const CHUNK_COUNT: usize = 0x0E;
    /// The archive's size as it states it.
    pub const ARCHIVE_LEN: usize = 0x10;
    /// The folder every entry's name is under, zero-terminated, XORed when encrypted.
    pub const FOLDER: usize = 0x18;
    pub const FOLDER_LEN: usize = 0x100;
    pub const CHUNK_TABLE: usize = 0x118;
    pub const STRING_TABLE: usize = 0x120;
    pub const STRING_TABLE_LEN: usize = 0x128;
}

/// A file entry's fields, from the entry's start.
pub mod entry {
    pub const STORED_LEN: usize = 0x00;
    pub const COMPRESSED: usize = 0x04;
    pub const STORAGE: usize = 0x05;
    pub const LEN: usize = 0x08;
    pub const DATA_OFFSET: usize = 0x10;
    /// The chunk record's offset (shared and multiple chunks), or the path's length + 1 for an
    /// empty file.
    pub const CHUNK_RECORD: usize = 0x18;
    pub const NAME_OFFSET: usize = 0x20;
    pub const NAME_HASH: usize = 0x28;
    pub const CRC32: usize = 0x2C;
    pub const EMPTY: usize = 0x30;
    pub const CHUNK_HEADER_LEN: usize = 0x34;
}

/// A shared chunk's record's fields.
pub mod chunk {
    pub const DATA_OFFSET: usize = 0x00;
    pub const STORED_LEN: usize = 0x08;
    pub const LEN: usize = 0x0C;
    pub const INDEX: usize = 0x14;
    pub const FILE_COUNT: usize = 0x16;
}

/// The bytes each part of a file stored in several GDeflate streams decodes to (the last part,
/// what is left).
pub const PART_LEN: u64 = 0x80000;

/// The key the game's archives XOR their folder name and string table with: the one for
/// The Ivalice Chronicles, published with the community's reader of this format (MIT). Only
/// names are hidden this way; no file's data is.
pub const KEY: u64 = 0x534C_8F9A_54D6_12E6;

/// The largest table of contents read: 64 MiB, over a million entries. The game's largest
/// archives list a few thousand.
pub const MAX_TOC_LEN: u64 = 64 << 20;

/// The largest entry extracted: 256 MiB. `g2d.dat`, the largest file the tools read, is about
/// 14 MB; a size stated past this is refused before anything is allocated for it.
pub const MAX_ENTRY_LEN: u64 = 256 << 20;

/// The languages a pack's name can carry (`0002.en.pac`); a file from such a pack is named
/// with the language before its extension (`battle_bin.en.bin`).
pub const LANGUAGES: [&str; 14] = [
    "ar", "cs", "ct", "de", "en", "es", "fr", "it", "ja", "ko", "ls", "pb", "pl", "ru",
];
