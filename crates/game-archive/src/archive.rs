//! An archive opened: its table of contents read once, then any entry's data read on demand,
//! bounded by that entry's size and checked against its CRC-32.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use crate::error::{Error, ErrorKind};
use crate::gdeflate::{self, GdeflateError};
use crate::layout::{HEADER_LEN, MAX_ENTRY_LEN, PART_LEN};
use crate::toc::{Entry, Storage, TableOfContents, read_preamble, read_toc};

/// A `.pac` archive: its table of contents, and the file its data is read from.
#[derive(Debug)]
pub struct Archive<R> {
    name: String,
    reader: R,
    len: u64,
    toc: TableOfContents,
    /// The shared chunk last read from, kept for the next file of the same chunk.
    chunk: Option<ChunkCache>,
}

/// A shared chunk's compressed bytes and the tile last decoded (its number and bytes): the
/// files of a chunk are read one after another (the unit files, extracted in order), and each
/// would otherwise read the whole chunk again and decode the tile it shares with the one before.
/// It holds no more than one file's read did: the chunk's stored bytes and one 64 KiB tile.
#[derive(Debug)]
struct ChunkCache {
    record: u64,
    stream: Vec<u8>,
    tile: Option<(usize, Vec<u8>)>,
}

impl ChunkCache {
    /// Bytes `range` of the chunk, which decodes to `len` bytes: each tile holding them decoded
    /// (the one kept, if it is one of them, not again), and the last kept.
    fn slice(
        &mut self,
        len: usize,
        range: std::ops::Range<usize>,
    ) -> Result<Vec<u8>, GdeflateError> {
        use gdeflate::TILE_LEN;
        if range.is_empty() {
            return gdeflate::decode_range(&self.stream, len, range);
        }
        let mut out = Vec::with_capacity(range.len());
        let last = (range.end - 1) / TILE_LEN;
        for tile in range.start / TILE_LEN..=last {
            let start = tile * TILE_LEN;
            let end = (start + TILE_LEN).min(len);
            let wanted = range.start.max(start) - start..range.end.min(end) - start;
            match &self.tile {
                Some((kept, bytes)) if *kept == tile => out.extend_from_slice(&bytes[wanted]),
                _ => {
                    let bytes = gdeflate::decode_range(&self.stream, len, start..end)?;
                    out.extend_from_slice(&bytes[wanted]);
                    if tile == last {
                        self.tile = Some((tile, bytes));
                    }
                }
            }
        }
        Ok(out)
    }
}

impl Archive<File> {
    /// Opens the archive at `path` and reads its table of contents (no entry's data).
    ///
    /// # Errors
    /// The file cannot be read, is not an archive, or its table of contents is damaged.
    pub fn open(path: &Path) -> Result<Self, Error> {
        let name = path.display().to_string();
        let io = |error| Error::new(&name, ErrorKind::Io(error));
        let file = File::open(path).map_err(io)?;
        let file_name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        Self::from_reader(&name, &file_name, file)
    }
}

impl<R: Read + Seek> Archive<R> {
    /// Reads the table of contents of the archive `reader` holds. `name` is how messages name
    /// it; `file_name`, the archive's file name, gives its language (`0002.en.pac`).
    ///
    /// # Errors
    /// The reader fails, or the bytes are not an archive or a damaged one.
    pub fn from_reader(name: &str, file_name: &str, mut reader: R) -> Result<Self, Error> {
        let io = |error| Error::new(name, ErrorKind::Io(error));
        let len = reader.seek(SeekFrom::End(0)).map_err(io)?;
        reader.seek(SeekFrom::Start(0)).map_err(io)?;
        let mut head = Vec::with_capacity(HEADER_LEN as usize);
        (&mut reader)
            .take(HEADER_LEN)
            .read_to_end(&mut head)
            .map_err(io)?;
        let preamble = read_preamble(name, &head, len)?;
        // The table of contents' size was held to the file's size and the reader's limit.
        let mut toc = head;
        (&mut reader)
            .take(preamble.toc_len - HEADER_LEN)
            .read_to_end(&mut toc)
            .map_err(io)?;
        if (toc.len() as u64) < preamble.toc_len {
            return Err(Error::new(
                name,
                ErrorKind::TooShort {
                    len: toc.len() as u64,
                },
            ));
        }
        let toc = read_toc(name, file_name, toc)?;
        Ok(Self {
            name: name.to_owned(),
            reader,
            len,
            toc,
            chunk: None,
        })
    }

    /// The archive as messages name it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The archive file's size in bytes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the archive file is empty (never, once opened: it has a header).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The table of contents: the folder, whether the names were XORed, the language.
    pub fn toc(&self) -> &TableOfContents {
        &self.toc
    }

    /// Every entry, in the table's order.
    pub fn entries(&self) -> &[Entry] {
        &self.toc.entries
    }

    /// The entry at a game path (any case, either slash).
    pub fn find(&self, path: &str) -> Option<&Entry> {
        self.toc.find(path)
    }

    /// The data of the entry at `path`, its CRC-32 checked.
    ///
    /// # Errors
    /// No such entry, or its data cannot be read, lies past the archive's end, is larger than
    /// the reader's limit, cannot be decoded, or does not match its CRC-32.
    pub fn extract(&mut self, path: &str) -> Result<Vec<u8>, Error> {
        let entry = self.find(path).cloned().ok_or_else(|| {
            Error::new(
                &self.name,
                ErrorKind::NotFound {
                    path: path.to_owned(),
                },
            )
        })?;
        self.read(&entry)
    }

    /// The data of `entry` (one of [`Archive::entries`]), its CRC-32 checked.
    ///
    /// # Errors
    /// As [`Archive::extract`].
    pub fn read(&mut self, entry: &Entry) -> Result<Vec<u8>, Error> {
        let name = self.name.clone();
        let fail = |kind| {
            Error::new(&name, kind)
                .entry(entry.path.clone())
                .at(entry.entry_offset)
        };
        if entry.len > MAX_ENTRY_LEN {
            return Err(fail(ErrorKind::TooLarge {
                len: entry.len,
                limit: MAX_ENTRY_LEN,
            }));
        }
        // Within the entry limit just checked.
        let len = entry.len as usize;
        let data = match entry.storage {
            Storage::Stored => self.read_span(entry.data_offset, entry.len).map_err(fail)?,
            Storage::Gdeflate => {
                let at = entry.data_offset;
                let stream = self
                    .read_span(at, u64::from(entry.stored_len))
                    .map_err(fail)?;
                gdeflate::decode(&stream, len).map_err(|e| fail(gdeflate_error(at, e)))?
            }
            Storage::SharedChunk => self.read_from_chunk(entry).map_err(fail)?,
            Storage::MultipleChunks => self.read_parts(entry).map_err(fail)?,
        };
        let computed = crc32fast::hash(&data);
        if computed != entry.crc32 {
            return Err(fail(ErrorKind::Crc {
                stored: entry.crc32,
                computed,
            }));
        }
        Ok(data)
    }

    /// A file inside a shared chunk: the chunk's compressed bytes read (checked against the
    /// archive's size) unless they are kept from the file before, and only the tiles holding the
    /// file decoded ([`ChunkCache`]).
    fn read_from_chunk(&mut self, entry: &Entry) -> Result<Vec<u8>, ErrorKind> {
        let chunk = self
            .toc
            .chunks
            .iter()
            .find(|chunk| chunk.record_offset == entry.chunk_record)
            .cloned()
            .ok_or(ErrorKind::NoChunkRecord {
                record: entry.chunk_record,
            })?;
        let chunk_len = u64::from(chunk.len);
        let end = entry.data_offset.saturating_add(entry.len);
        if end > chunk_len {
            return Err(ErrorKind::PastChunk {
                start: entry.data_offset,
                end,
                len: chunk_len,
            });
        }
        if chunk_len > MAX_ENTRY_LEN {
            return Err(ErrorKind::TooLarge {
                len: chunk_len,
                limit: MAX_ENTRY_LEN,
            });
        }
        let at = chunk.data_offset;
        let mut cache = match self.chunk.take() {
            Some(cache) if cache.record == chunk.record_offset => cache,
            _ => ChunkCache {
                record: chunk.record_offset,
                stream: self.read_span(at, u64::from(chunk.stored_len))?,
                tile: None,
            },
        };
        // Both within the chunk, itself within the entry limit.
        let range = entry.data_offset as usize..end as usize;
        let data = cache.slice(chunk.len as usize, range);
        self.chunk = Some(cache);
        data.map_err(|e| gdeflate_error(at, e))
    }

    /// A file stored in several GDeflate streams: its parts' table (their count, a word, then
    /// each part's offset from the file's data), each part decoded to 512 KiB (the last to what
    /// is left). The count must be the one the file's size gives.
    fn read_parts(&mut self, entry: &Entry) -> Result<Vec<u8>, ErrorKind> {
        let table = entry.chunk_record;
        let fail = |problem: String| ErrorKind::Parts { table, problem };
        let parts = entry.len.div_ceil(PART_LEN);
        let head = self.read_span(table, 8)?;
        let stated = u64::from(u32::from_le_bytes([head[0], head[1], head[2], head[3]]));
        if stated != parts {
            return Err(fail(format!(
                "{stated} parts stated; a file of {} bytes has {parts}",
                entry.len
            )));
        }
        let offsets: Vec<u64> = self
            .read_span(table + 8, 4 * parts)?
            .chunks_exact(4)
            .map(|w| u64::from(u32::from_le_bytes([w[0], w[1], w[2], w[3]])))
            .collect();
        // Grown part by part, each decoded before it is kept.
        let mut out = Vec::with_capacity(entry.len.min(PART_LEN) as usize);
        for (i, &start) in offsets.iter().enumerate() {
            let end = offsets
                .get(i + 1)
                .copied()
                .unwrap_or(u64::from(entry.stored_len));
            if start > end {
                return Err(fail(format!("part {i} runs from {start} back to {end}")));
            }
            let at = entry.data_offset.saturating_add(start);
            let stream = self.read_span(at, end - start)?;
            let part_len = (entry.len - out.len() as u64).min(PART_LEN) as usize;
            let part = gdeflate::decode(&stream, part_len).map_err(|e| gdeflate_error(at, e))?;
            out.extend_from_slice(&part);
        }
        Ok(out)
    }

    /// `len` bytes of the archive from `start`, refused before anything is allocated when they
    /// lie past its end.
    fn read_span(&mut self, start: u64, len: u64) -> Result<Vec<u8>, ErrorKind> {
        let end = start.saturating_add(len);
        if end > self.len {
            return Err(ErrorKind::DataPastEnd {
                start,
                end,
                len: self.len,
            });
        }
        self.reader
            .seek(SeekFrom::Start(start))
            .map_err(ErrorKind::Io)?;
        // `len` is within the archive's size, itself held under the entry limit above.
        let mut data = Vec::with_capacity(len as usize);
        (&mut self.reader)
            .take(len)
            .read_to_end(&mut data)
            .map_err(ErrorKind::Io)?;
        if (data.len() as u64) < len {
            return Err(ErrorKind::DataPastEnd {
                start,
                end,
                len: start + data.len() as u64,
            });
        }
        Ok(data)
    }
}

/// A GDeflate stream's error as the archive's: its byte in the archive, and what is wrong.
fn gdeflate_error(stream_at: u64, error: GdeflateError) -> ErrorKind {
    ErrorKind::Gdeflate {
        at: stream_at + error.offset as u64,
        problem: error.problem,
    }
}
