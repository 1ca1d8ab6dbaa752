//! The table of contents: the header, the file entries, the shared chunks' records and the
//! string table, read from the archive's first bytes (its stated size, checked against the file
//! first), the XOR undone, every name checked against its hash (docs/remaster.md "The archives'
//! layout").

use std::collections::HashMap;

use crate::error::{Error, ErrorKind};
use crate::layout::{self, CHUNK_RECORD_LEN, ENTRY_LEN, HEADER_LEN, KEY, chunk, entry, header};
use crate::name::{game_path, name_hash};
use crate::xor::xor_region;

/// How an entry's data is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// The bytes as they are.
    Stored,
    /// One GDeflate stream of its own.
    Gdeflate,
    /// Several GDeflate streams, one after another (the largest files).
    MultipleChunks,
    /// A slice of a GDeflate chunk several entries share.
    SharedChunk,
}

impl Storage {
    /// The mode's name as the listing shows it.
    pub fn name(self) -> &'static str {
        match self {
            Storage::Stored => "stored",
            Storage::Gdeflate => "gdeflate",
            Storage::MultipleChunks => "gdeflate chunks",
            Storage::SharedChunk => "shared chunk",
        }
    }
}

/// One file of the archive, as its entry describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its position in the entry table.
    pub index: usize,
    /// The byte of the archive its entry starts at.
    pub entry_offset: u64,
    /// Its game path: the archive's folder, the stored name, the pack's language, lowercase.
    pub path: String,
    /// The name as stored (the one the hash is of).
    pub stored_name: String,
    pub storage: Storage,
    /// The bytes its data takes in the archive (compressed, when it is).
    pub stored_len: u32,
    /// Its size once extracted.
    pub len: u64,
    /// Where its data starts: in the archive, or in its shared chunk once decompressed.
    pub data_offset: u64,
    /// Its chunk record's offset (shared and multiple chunks).
    pub chunk_record: u64,
    /// The CRC-32 of its extracted data.
    pub crc32: u32,
}

/// A GDeflate chunk several entries share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChunkRecord {
    /// The byte of the archive its record starts at.
    pub record_offset: u64,
    pub data_offset: u64,
    pub stored_len: u32,
    pub len: u32,
    pub index: u16,
    pub file_count: u16,
}

/// The table of contents, read and checked.
#[derive(Debug, Clone)]
pub struct TableOfContents {
    /// The folder every entry is under (empty when the names are full paths).
    pub folder: String,
    /// Whether the folder and the names were XORed.
    pub encrypted: bool,
    /// The pack's language, from its file name.
    pub language: Option<&'static str>,
    pub toc_len: u64,
    pub entries: Vec<Entry>,
    pub chunks: Vec<ChunkRecord>,
    by_path: HashMap<String, usize>,
}

impl TableOfContents {
    /// The entry at `path` (any case, either slash).
    pub fn find(&self, path: &str) -> Option<&Entry> {
        self.by_path
            .get(&crate::name::normalise(path))
            .map(|&index| &self.entries[index])
    }
}

/// The header's first fields, read before the table of contents is: its size says how much
/// to read.
pub(crate) struct Preamble {
    pub toc_len: u64,
}

/// Checks the fixed header's magic and the stated sizes against the file's `actual_len`.
pub(crate) fn read_preamble(
    archive: &str,
    head: &[u8],
    actual_len: u64,
) -> Result<Preamble, Error> {
    if actual_len < HEADER_LEN || head.len() < HEADER_LEN as usize {
        return Err(Error::new(archive, ErrorKind::TooShort { len: actual_len }));
    }
    if u32_at(head, header::MAGIC) != layout::MAGIC {
        let found = [head[0], head[1], head[2], head[3]];
        return Err(Error::new(archive, ErrorKind::NotAnArchive { found }).at(0));
    }
    let stated = u64_at(head, header::ARCHIVE_LEN);
    if stated > actual_len {
        return Err(Error::new(
            archive,
            ErrorKind::StatedLen {
                stated,
                actual: actual_len,
            },
        )
        .at(header::ARCHIVE_LEN as u64));
    }
    let toc_len = u64::from(u32_at(head, header::TOC_LEN));
    let limit = actual_len.min(layout::MAX_TOC_LEN);
    if toc_len < HEADER_LEN || toc_len > limit {
        return Err(Error::new(
            archive,
            ErrorKind::TocLen {
                stated: toc_len,
                limit,
                max: layout::MAX_TOC_LEN,
            },
        )
        .at(header::TOC_LEN as u64));
    }
    Ok(Preamble { toc_len })
}

/// Reads the table of contents from its bytes (`toc`, the archive's first `toc_len` bytes, as
/// [`read_preamble`] allowed), `file_name` giving the pack's language.
pub(crate) fn read_toc(
    archive: &str,
    file_name: &str,
    mut toc: Vec<u8>,
) -> Result<TableOfContents, Error> {
    let toc_len = toc.len() as u64;
    let fail = |kind: ErrorKind| Error::new(archive, kind);
    let inside = |what: String, start: u64, len: u64, at: usize| -> Result<(), Error> {
        let end = start.saturating_add(len);
        if end > toc_len || start > toc_len {
            return Err(fail(ErrorKind::OutsideToc {
                what,
                start,
                end,
                toc_len,
            })
            .at(at as u64));
        }
        Ok(())
    };

    let file_count = u64::from(u32_at(&toc, header::FILE_COUNT));
    let encrypted = toc[header::ENCRYPTED] != 0;
    let chunk_count = u64::from(u16_at(&toc, header::CHUNK_COUNT));
    inside(
        format!("the {file_count} file entries"),
        HEADER_LEN,
        file_count * ENTRY_LEN,
        header::FILE_COUNT,
    )?;
    let chunk_table = u64_at(&toc, header::CHUNK_TABLE);
    if chunk_count > 0 {
        inside(
            format!("the {chunk_count} chunk records"),
            chunk_table,
            chunk_count * CHUNK_RECORD_LEN,
            header::CHUNK_TABLE,
        )?;
    }
    let strings_start = u64_at(&toc, header::STRING_TABLE);
    let strings_len = u64_at(&toc, header::STRING_TABLE_LEN);
    inside(
        "the string table".to_owned(),
        strings_start,
        strings_len,
        header::STRING_TABLE,
    )?;
    // Both checked against the table of contents' length, itself a `usize` in memory.
    let strings = strings_start as usize..(strings_start + strings_len) as usize;

    if encrypted {
        xor_region(
            &mut toc[header::FOLDER..header::FOLDER + header::FOLDER_LEN],
            KEY,
        );
        xor_region(&mut toc[strings.clone()], KEY);
    }
    let folder_field = &toc[header::FOLDER..header::FOLDER + header::FOLDER_LEN];
    let folder = folder_field
        .iter()
        .position(|&b| b == 0)
        .and_then(|end| std::str::from_utf8(&folder_field[..end]).ok())
        .ok_or_else(|| fail(ErrorKind::FolderNotText).at(header::FOLDER as u64))?
        .to_owned();
    let language = crate::name::language_of(file_name);

    let mut entries = Vec::with_capacity(file_count as usize);
    let mut by_path = HashMap::with_capacity(file_count as usize);
    for index in 0..file_count as usize {
        let at = HEADER_LEN as usize + index * ENTRY_LEN as usize;
        let record = &toc[at..at + ENTRY_LEN as usize];
        let in_entry = |e: Error| e.entry(format!("#{index}"));
        let name_offset = u64_at(record, entry::NAME_OFFSET);
        let stored_name = read_name(&toc, strings.clone(), name_offset)
            .map_err(|kind| in_entry(fail(kind).at(at as u64 + entry::NAME_OFFSET as u64)))?;
        let computed = name_hash(stored_name.as_bytes());
        let stored = u32_at(record, entry::NAME_HASH);
        if computed != stored {
            return Err(in_entry(
                fail(ErrorKind::NameHash {
                    name: stored_name,
                    stored,
                    computed,
                })
                .at(at as u64 + entry::NAME_HASH as u64),
            ));
        }
        let path = game_path(&folder, &stored_name, language);
        let storage = match (record[entry::COMPRESSED], record[entry::STORAGE]) {
            (0, _) => Storage::Stored,
            (_, 1) => Storage::Gdeflate,
            (_, 2) => Storage::MultipleChunks,
            (_, 3) => Storage::SharedChunk,
            (_, other) => {
                return Err(fail(ErrorKind::UnknownStorage(other))
                    .entry(path)
                    .at(at as u64 + entry::STORAGE as u64));
            }
        };
        if let Some(&first) = by_path.get(&path) {
            return Err(fail(ErrorKind::DuplicatePath {
                path: path.clone(),
                first,
            })
            .entry(format!("#{index}"))
            .at(at as u64 + entry::NAME_OFFSET as u64));
        }
        by_path.insert(path.clone(), index);
        entries.push(Entry {
            index,
            entry_offset: at as u64,
            path,
            stored_name,
            storage,
            stored_len: u32_at(record, entry::STORED_LEN),
            len: u64_at(record, entry::LEN),
            data_offset: u64_at(record, entry::DATA_OFFSET),
            chunk_record: u64_at(record, entry::CHUNK_RECORD),
            crc32: u32_at(record, entry::CRC32),
        });
    }

    let chunks = (0..chunk_count)
        .map(|i| {
            let at = (chunk_table + i * CHUNK_RECORD_LEN) as usize;
            let record = &toc[at..at + CHUNK_RECORD_LEN as usize];
            ChunkRecord {
                record_offset: at as u64,
                data_offset: u64_at(record, chunk::DATA_OFFSET),
                stored_len: u32_at(record, chunk::STORED_LEN),
                len: u32_at(record, chunk::LEN),
                index: u16_at(record, chunk::INDEX),
                file_count: u16_at(record, chunk::FILE_COUNT),
            }
        })
        .collect();

    Ok(TableOfContents {
        folder,
        encrypted,
        language,
        toc_len,
        entries,
        chunks,
        by_path,
    })
}

/// The zero-terminated UTF-8 name at `offset`, which must lie in the string table.
fn read_name(
    toc: &[u8],
    strings: std::ops::Range<usize>,
    offset: u64,
) -> Result<String, ErrorKind> {
    let start = usize::try_from(offset)
        .ok()
        .filter(|start| strings.contains(start))
        .ok_or(ErrorKind::NameOutsideStrings {
            offset,
            start: strings.start as u64,
            end: strings.end as u64,
        })?;
    let table = &toc[start..strings.end];
    let end = table
        .iter()
        .position(|&b| b == 0)
        .ok_or(ErrorKind::NameNotTerminated { offset })?;
    std::str::from_utf8(&table[..end])
        .map(str::to_owned)
        .map_err(|_| ErrorKind::NameNotText { offset })
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}
