//! An archive opened: its table of contents read once, then any entry's data read on demand,
//! bounded by that entry's size and checked against its CRC-32.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use crate::error::{Error, ErrorKind};
use crate::gdeflate::{self, GdeflateError};
use crate::layout::{HEADER_LEN, MAX_ENTRY_LEN, PART_LEN};
use crate::shared_chunk::{ChunkCache, GROUP_TILES, tiles_of};
use crate::toc::{ChunkRecord, Entry, Storage, TableOfContents, read_preamble, read_toc};

/// A `.pac` archive: its table of contents, and the file its data is read from.
#[derive(Debug)]
pub struct Archive<R> {
    name: String,
    reader: R,
    len: u64,
    toc: TableOfContents,
    /// The shared chunk last read from, kept for the next file of the same chunk.
    chunk: Option<ChunkCache>,
    /// The shared chunks' tiles decoded so far.
    chunk_tiles_decoded: u64,
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
            chunk_tiles_decoded: 0,
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

    /// The shared chunks' tiles this archive has decoded so far: what reading its files has
    /// cost (a file read in the archive's order after the one before decodes no tile twice).
    pub fn chunk_tiles_decoded(&self) -> u64 {
        self.chunk_tiles_decoded
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
            Storage::SharedChunk => {
                let chunk = self.chunk_of(entry).map_err(fail)?;
                let mut data = Vec::new();
                self.read_chunk_files(&chunk, std::slice::from_ref(entry), &mut |_, bytes| {
                    data = bytes;
                    Ok::<(), Error>(())
                })?;
                return Ok(data);
            }
            Storage::MultipleChunks => self.read_parts(entry).map_err(fail)?,
        };
        self.checked(entry, data)
    }

    /// The data of each of `entries`, in order, handed to `each` as it is read, its CRC-32
    /// checked; the first error (the archive's, or `each`'s) ends it. The same bytes and the
    /// same error as [`Archive::read`] of each in turn, but the files of one shared chunk listed
    /// next to each other are read together: the tiles they need decoded once for all of them,
    /// several at a time on several threads.
    ///
    /// # Errors
    /// As [`Archive::extract`], for the first entry that fails; or `each`'s.
    pub fn read_each<E: From<Error>>(
        &mut self,
        entries: &[Entry],
        mut each: impl FnMut(&Entry, Vec<u8>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut i = 0;
        while i < entries.len() {
            match self.chunk_group(&entries[i..]) {
                Some((chunk, n)) => {
                    self.read_chunk_files(&chunk, &entries[i..i + n], &mut each)?;
                    i += n;
                }
                None => {
                    let data = self.read(&entries[i])?;
                    each(&entries[i], data)?;
                    i += 1;
                }
            }
        }
        Ok(())
    }

    /// `data` if it matches `entry`'s CRC-32.
    fn checked(&self, entry: &Entry, data: Vec<u8>) -> Result<Vec<u8>, Error> {
        let computed = crc32fast::hash(&data);
        if computed != entry.crc32 {
            return Err(Error::new(
                &self.name,
                ErrorKind::Crc {
                    stored: entry.crc32,
                    computed,
                },
            )
            .entry(entry.path.clone())
            .at(entry.entry_offset));
        }
        Ok(data)
    }

    /// The shared chunk `entry` is a slice of, its record found and the slice held to it.
    fn chunk_of(&self, entry: &Entry) -> Result<ChunkRecord, ErrorKind> {
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
        Ok(chunk)
    }

    /// The files at the start of `entries` that can be read together: slices of one shared
    /// chunk that are whole within it, needing no more than [`GROUP_TILES`] tiles in all (or
    /// one file alone). `None` when the first is not such a file: it is read alone, and refused
    /// alone if it is wrong.
    fn chunk_group(&self, entries: &[Entry]) -> Option<(ChunkRecord, usize)> {
        let readable =
            |entry: &Entry| entry.storage == Storage::SharedChunk && entry.len <= MAX_ENTRY_LEN;
        let first = entries.first().filter(|entry| readable(entry))?;
        let chunk = self.chunk_of(first).ok()?;
        let mut tiles: Vec<usize> = tiles_of(&slice_range(first)).collect();
        let mut n = 1;
        for entry in &entries[1..] {
            if !readable(entry)
                || entry.chunk_record != chunk.record_offset
                || self.chunk_of(entry).is_err()
            {
                break;
            }
            let more: Vec<usize> = tiles_of(&slice_range(entry))
                .filter(|tile| !tiles.contains(tile))
                .collect();
            if tiles.len() + more.len() > GROUP_TILES {
                break;
            }
            tiles.extend(more);
            n += 1;
        }
        Some((chunk, n))
    }

    /// Files of `chunk`, each held to it: the chunk's compressed bytes read (checked against
    /// the archive's size) unless they are kept from the file before, the tiles holding the
    /// files decoded once, and each file cut from them, checked and handed to `each` in order.
    /// When a tile cannot be decoded, the files are read one by one, so that the ones before
    /// it are handed over and it is refused as reading it alone would refuse it.
    fn read_chunk_files<E: From<Error>>(
        &mut self,
        chunk: &ChunkRecord,
        files: &[Entry],
        each: &mut impl FnMut(&Entry, Vec<u8>) -> Result<(), E>,
    ) -> Result<(), E> {
        let name = self.name.clone();
        let fail = |entry: &Entry, kind| {
            Error::new(&name, kind)
                .entry(entry.path.clone())
                .at(entry.entry_offset)
        };
        let at = chunk.data_offset;
        let mut cache = match self.chunk.take() {
            Some(cache) if cache.record == chunk.record_offset => cache,
            _ => {
                let stream = self
                    .read_span(at, u64::from(chunk.stored_len))
                    .map_err(|kind| fail(&files[0], kind))?;
                ChunkCache::new(chunk.record_offset, stream)
            }
        };
        let ranges: Vec<_> = files.iter().map(slice_range).collect();
        for (i, file) in files.iter().enumerate() {
            let data = match cache.cut(chunk.len as usize, &ranges[i..]) {
                Ok((data, decoded)) => {
                    self.chunk_tiles_decoded += decoded as u64;
                    data
                }
                Err(error) => {
                    self.chunk = Some(cache);
                    if let [file] = files {
                        return Err(fail(file, gdeflate_error(at, error)).into());
                    }
                    // One by one from this file on: a tile decoded ahead for a later file
                    // may be the one that failed, and this file is not refused for it.
                    for file in &files[i..] {
                        let data = self.read(file)?;
                        each(file, data)?;
                    }
                    return Ok(());
                }
            };
            let result = self
                .checked(file, data)
                .map_err(E::from)
                .and_then(|data| each(file, data));
            if result.is_err() {
                self.chunk = Some(cache);
                return result;
            }
        }
        // The tile the last file ends in, where the next file of the chunk starts.
        if let Some(range) = ranges.iter().rev().find(|range| !range.is_empty()) {
            cache.keep_only((range.end - 1) / gdeflate::TILE_LEN);
        }
        self.chunk = Some(cache);
        Ok(())
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
        // `len` is within the archive's size, itself held under the entry limit above. Read
        // into room of its size, in one read as a rule (reading a `take` to its end reads
        // 8 KiB, then twice as much each time: nine reads for a chunk of 2.5 MB).
        let mut data = vec![0; len as usize];
        let mut got = 0;
        while got < data.len() {
            match self.reader.read(&mut data[got..]) {
                Ok(0) => {
                    return Err(ErrorKind::DataPastEnd {
                        start,
                        end,
                        len: start + got as u64,
                    });
                }
                Ok(n) => got += n,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => return Err(ErrorKind::Io(error)),
            }
        }
        Ok(data)
    }
}

/// The bytes of its shared chunk's output a file is, once it is held to the chunk (whose size
/// is within the entry limit).
fn slice_range(entry: &Entry) -> std::ops::Range<usize> {
    entry.data_offset as usize..(entry.data_offset + entry.len) as usize
}

/// A GDeflate stream's error as the archive's: its byte in the archive, and what is wrong.
fn gdeflate_error(stream_at: u64, error: GdeflateError) -> ErrorKind {
    ErrorKind::Gdeflate {
        at: stream_at + error.offset as u64,
        problem: error.problem,
    }
}
