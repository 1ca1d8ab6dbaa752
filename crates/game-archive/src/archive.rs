//! An archive opened: its table of contents read once, then any entry's data read on demand,
//! bounded by that entry's size and checked against its CRC-32.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use crate::error::{Error, ErrorKind};
use crate::layout::{HEADER_LEN, MAX_ENTRY_LEN};
use crate::toc::{Entry, Storage, TableOfContents, read_preamble, read_toc};

/// A `.pac` archive: its table of contents, and the file its data is read from.
#[derive(Debug)]
pub struct Archive<R> {
    name: String,
    reader: R,
    len: u64,
    toc: TableOfContents,
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
        let data = match entry.storage {
            Storage::Stored => self.read_span(entry.data_offset, entry.len).map_err(fail)?,
            other => {
                return Err(fail(ErrorKind::Unsupported {
                    storage: other.name(),
                }));
            }
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
