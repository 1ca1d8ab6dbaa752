//! An opened image: its data track's sectors, its volume, and the files in it by path.

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use faults::Shown;

use crate::cue::{self, MAX_CUE_BYTES};
use crate::edc_ecc::{RAW_SECTOR, RawKind, SYNC};
use crate::error::{Error, ErrorKind, ImagePosition};
use crate::expanded::Expansion;
use crate::iso::{self, FLAG_MULTI_EXTENT, Record, RecordProblem, Volume};
use crate::sector::{DESCRIPTORS_AT, FileStorage, Layout, SectorForm, Storage, USER_DATA, probe};

/// Volume descriptors looked through for the primary one before giving up.
pub const MAX_DESCRIPTORS: u64 = 32;
/// The largest directory read (about 20,000 records; a PlayStation disc's largest holds a few
/// hundred).
pub const MAX_DIRECTORY_BYTES: u64 = 1 << 20;
/// Entries listed in one walk of the whole tree.
pub const MAX_ENTRIES: usize = 200_000;
/// Directory depth (ISO 9660 itself allows 8).
pub const MAX_DEPTH: usize = 32;

/// Where a directory record is: the directory sector and the record's offset in its user data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordAt {
    pub sector: u64,
    pub offset: usize,
}

/// A file or directory in the image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// From the root, `/`-separated, without version suffix: `BATTLE/TYPE1.SEQ`.
    pub path: String,
    pub size: u32,
    /// The first sector.
    pub lba: u32,
    pub directory: bool,
    /// The kind of its first sector, for a non-empty file of a raw image (a Form 2 file holds
    /// XA audio or video, not data this reader reads).
    pub first_sector: Option<RawKind>,
    /// Its directory record; for a slot of an expanded image that the `BATTLE` folder does not
    /// name, its record in `BATTLE.BIN`'s location table.
    pub record: RecordAt,
    /// For a slot of an expanded image, its position in the location table
    /// ([`crate::expanded`]).
    pub slot: Option<usize>,
}

impl Entry {
    /// The sectors the file occupies.
    pub fn sectors(&self) -> u64 {
        u64::from(self.size).div_ceil(USER_DATA as u64)
    }
}

/// The cue sheet an image was opened through.
#[derive(Debug, Clone)]
pub struct CueInfo {
    pub path: PathBuf,
    pub text: String,
    /// The `FILE` line of the data track.
    pub file_line: usize,
    /// How many `FILE`s the cue names.
    pub files: usize,
    /// The data track's number and mode as the cue gives them (`MODE2/2352`).
    pub track: u32,
    pub mode: String,
}

/// An opened disc image.
pub struct Disc {
    image: String,
    data_file: Option<PathBuf>,
    cue: Option<CueInfo>,
    storage: Box<dyn Storage>,
    layout: Layout,
    /// The kind of the volume descriptor's sector, for a raw image.
    kind: Option<RawKind>,
    volume: Volume,
    /// What an expanded image's table and folder say, read at the first name that needs it.
    pub(crate) expansion: OnceLock<Option<Expansion>>,
}

impl std::fmt::Debug for Disc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Disc")
            .field("image", &self.image)
            .field("layout", &self.layout)
            .field("volume", &self.volume.id)
            .finish_non_exhaustive()
    }
}

/// The user data of one sector, and where it starts in the image file.
pub(crate) struct UserData {
    pub(crate) bytes: [u8; USER_DATA],
    pub(crate) at: u64,
}

impl Disc {
    /// Opens an image: a cue sheet (told from its bytes), whose data track's file is read, or a
    /// data file of raw or cooked sectors (told from its bytes).
    ///
    /// # Errors
    /// An unreadable file; a cue sheet that does not parse, names a missing file or no data
    /// track this reader reads; an image that is not ISO 9660 in either sector form; a volume
    /// descriptor or root directory that is not sound. Each error names the image, and the
    /// sector and byte when it has them.
    pub fn open(path: &Path) -> Result<Self, Error> {
        let shown = Shown(&path).to_string();
        let io = |e| Error::new(&shown, None, ErrorKind::Io(e));
        let storage = FileStorage::new(File::open(path).map_err(io)?).map_err(io)?;
        if storage.len() <= MAX_CUE_BYTES as u64 {
            let mut bytes = vec![0u8; storage.len() as usize];
            storage.read_at(0, &mut bytes).map_err(io)?;
            if cue::looks_like_cue(&bytes) {
                return Self::open_cue(path, &String::from_utf8_lossy(&bytes));
            }
        }
        Self::from_storage(shown, Some(path.to_owned()), None, Box::new(storage), None)
    }

    /// An image held in memory (tests, the fuzz target): raw or cooked sectors, told from the
    /// bytes. `name` is what errors call it.
    ///
    /// # Errors
    /// As [`Disc::open`], but for cue sheets.
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> Result<Self, Error> {
        Self::from_storage(name.to_owned(), None, None, Box::new(bytes), None)
    }

    /// An image read through `storage` (raw or cooked sectors, told from the bytes), which
    /// fetches what is asked of it: a web page's file, read a slice at a time. `name` is what
    /// errors call it.
    ///
    /// # Errors
    /// As [`Disc::from_bytes`]; a read `storage` refuses is the image's I/O error.
    pub fn from_storage_named(name: &str, storage: Box<dyn Storage>) -> Result<Self, Error> {
        Self::from_storage(name.to_owned(), None, None, storage, None)
    }

    fn open_cue(cue_path: &Path, text: &str) -> Result<Self, Error> {
        let shown = Shown(&cue_path).to_string();
        let sheet = cue::parse(text).map_err(|(line, problem)| {
            Error::new(&shown, None, ErrorKind::Cue { line, problem })
        })?;
        let data = sheet
            .data_track()
            .map_err(|why| Error::new(&shown, None, ErrorKind::CueTrack(why)))?;
        let data_path = cue::resolve(cue_path, &data.file.name);
        if !data_path.is_file() {
            return Err(Error::new(
                &shown,
                None,
                ErrorKind::CueFileMissing {
                    line: data.file.line,
                    name: data.file.name.clone(),
                    looked: data_path,
                },
            ));
        }
        let data_shown = Shown(&data_path).to_string();
        let io = |e| Error::new(&data_shown, None, ErrorKind::Io(e));
        let storage = FileStorage::new(File::open(&data_path).map_err(io)?).map_err(io)?;
        let form = if data.sector_size == 2048 {
            SectorForm::Cooked
        } else {
            SectorForm::Raw
        };
        let mode = match &data.track.mode {
            cue::TrackMode::Data { mode, sector_size } => format!("MODE{mode}/{sector_size}"),
            other => format!("{other:?}"),
        };
        let info = CueInfo {
            path: cue_path.to_owned(),
            text: text.to_owned(),
            file_line: data.file.line,
            files: sheet.files.len(),
            track: data.track.number,
            mode,
        };
        Self::from_storage(
            data_shown,
            Some(data_path),
            Some(info),
            Box::new(storage),
            Some(form),
        )
    }

    fn from_storage(
        image: String,
        data_file: Option<PathBuf>,
        cue: Option<CueInfo>,
        storage: Box<dyn Storage>,
        expected: Option<SectorForm>,
    ) -> Result<Self, Error> {
        let len = storage.len();
        let form = if probe(storage.as_ref(), 0, SectorForm::Raw) {
            SectorForm::Raw
        } else if probe(storage.as_ref(), 0, SectorForm::Cooked) {
            SectorForm::Cooked
        } else {
            return Err(Error::new(&image, None, ErrorKind::NotIso9660 { len }));
        };
        if let (Some(expected), Some(info)) = (expected, &cue)
            && expected != form
        {
            let found = match form {
                SectorForm::Raw => "raw 2352-byte sectors (the sync pattern opens it)",
                SectorForm::Cooked => "cooked 2048-byte sectors (no sync pattern)",
            };
            return Err(Error::new(
                &image,
                None,
                ErrorKind::CueTrack(format!(
                    "{} says track {} is {}, but the file holds {found}",
                    Shown(&info.path),
                    info.track,
                    info.mode
                )),
            ));
        }
        let layout = Layout {
            form,
            start: 0,
            sectors: len / form.sector_size(),
        };
        let mut disc = Self {
            image,
            data_file,
            cue,
            storage,
            layout,
            kind: None,
            volume: Volume {
                id: String::new(),
                space: 0,
                root: Record {
                    len: 0,
                    lba: 0,
                    size: 0,
                    flags: 0,
                    unit_size: 0,
                    interleave_gap: 0,
                    identifier: Vec::new(),
                },
            },
            expansion: OnceLock::new(),
        };
        if form == SectorForm::Raw {
            disc.kind = RawKind::of(&disc.raw_sector(DESCRIPTORS_AT, "volume descriptor")?);
        }
        disc.volume = disc.primary_volume()?;
        let root = disc.volume.root.clone();
        let at = disc.at(DESCRIPTORS_AT, 156);
        disc.check_extent("the root directory", &root, at)?;
        Ok(disc)
    }

    /// The image as errors name it: the data file (or the name given to [`Disc::from_bytes`]).
    pub fn image(&self) -> &str {
        &self.image
    }

    /// The data file, when the image was opened from one.
    pub fn data_file(&self) -> Option<&Path> {
        self.data_file.as_deref()
    }

    /// The cue sheet, when the image was opened through one.
    pub fn cue(&self) -> Option<&CueInfo> {
        self.cue.as_ref()
    }

    /// The kind of a raw image's sectors (its volume descriptor's).
    pub fn raw_kind(&self) -> Option<RawKind> {
        self.kind
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    pub fn volume_id(&self) -> &str {
        &self.volume.id
    }

    /// The sector form in words: `raw 2352-byte sectors, Mode 2 Form 1` or `cooked 2048-byte
    /// sectors`.
    pub fn describe(&self) -> String {
        match (self.layout.form, self.kind) {
            (SectorForm::Raw, Some(kind)) => format!("raw 2352-byte sectors, {}", kind.name()),
            (SectorForm::Raw, None) => "raw 2352-byte sectors".to_owned(),
            (SectorForm::Cooked, _) => "cooked 2048-byte sectors".to_owned(),
        }
    }

    /// Where byte `offset` of sector `lba`'s user data is.
    pub(crate) fn at(&self, lba: u64, offset: usize) -> Option<ImagePosition> {
        let data_start = match self.kind {
            Some(kind) => kind.user_data().start as u64,
            None => 0,
        };
        Some(ImagePosition {
            sector: lba,
            byte: self.layout.offset(lba) + data_start + offset as u64,
        })
    }

    pub(crate) fn error(&self, at: Option<ImagePosition>, kind: ErrorKind) -> Error {
        Error::new(&self.image, at, kind)
    }

    fn past_end(&self, lba: u64, what: &str) -> Error {
        self.error(
            Some(ImagePosition {
                sector: lba,
                byte: self.layout.offset(lba),
            }),
            ErrorKind::PastEnd {
                what: what.to_owned(),
                needed: lba,
                sectors: self.layout.sectors,
                sector_size: self.layout.form.sector_size(),
            },
        )
    }

    /// A whole raw sector.
    pub(crate) fn raw_sector(&self, lba: u64, what: &str) -> Result<[u8; RAW_SECTOR], Error> {
        if lba >= self.layout.sectors {
            return Err(self.past_end(lba, what));
        }
        let at = Some(ImagePosition {
            sector: lba,
            byte: self.layout.offset(lba),
        });
        let mut sector = [0u8; RAW_SECTOR];
        self.storage
            .read_at(self.layout.offset(lba), &mut sector)
            .map_err(|e| self.error(at, ErrorKind::Io(e)))?;
        if sector[..12] != SYNC {
            return Err(self.error(at, ErrorKind::NoSync));
        }
        if RawKind::of(&sector).is_none() {
            let at = at.map(|a| ImagePosition {
                byte: a.byte + 15,
                ..a
            });
            return Err(self.error(at, ErrorKind::UnknownMode(sector[15])));
        }
        Ok(sector)
    }

    /// A sector's 2048 bytes of user data, refusing a Form 2 sector (`what` says what was read).
    pub(crate) fn user_data(&self, lba: u64, what: &str) -> Result<UserData, Error> {
        match self.layout.form {
            SectorForm::Cooked => {
                if lba >= self.layout.sectors {
                    return Err(self.past_end(lba, what));
                }
                let at = self.layout.offset(lba);
                let mut bytes = [0u8; USER_DATA];
                self.storage.read_at(at, &mut bytes).map_err(|e| {
                    self.error(
                        Some(ImagePosition {
                            sector: lba,
                            byte: at,
                        }),
                        ErrorKind::Io(e),
                    )
                })?;
                Ok(UserData { bytes, at })
            }
            SectorForm::Raw => {
                let sector = self.raw_sector(lba, what)?;
                let kind = RawKind::of(&sector).expect("raw_sector checks the mode");
                if kind == RawKind::Mode2Form2 {
                    return Err(self.error(
                        Some(ImagePosition {
                            sector: lba,
                            byte: self.layout.offset(lba) + 18,
                        }),
                        ErrorKind::Form2 {
                            what: what.to_owned(),
                        },
                    ));
                }
                let range = kind.user_data();
                let mut bytes = [0u8; USER_DATA];
                bytes.copy_from_slice(&sector[range.start..range.start + USER_DATA]);
                Ok(UserData {
                    bytes,
                    at: self.layout.offset(lba) + range.start as u64,
                })
            }
        }
    }

    fn primary_volume(&self) -> Result<Volume, Error> {
        for lba in DESCRIPTORS_AT..DESCRIPTORS_AT + MAX_DESCRIPTORS {
            let data = self.user_data(lba, "volume descriptor")?;
            let here = |offset: u64| {
                Some(ImagePosition {
                    sector: lba,
                    byte: data.at + offset,
                })
            };
            match iso::descriptor_type(&data.bytes) {
                None => {
                    return Err(self.error(
                        here(1),
                        ErrorKind::Descriptor(
                            "no volume descriptor here (no \"CD001\"), and no primary one came \
                             before it"
                                .into(),
                        ),
                    ));
                }
                Some(iso::PRIMARY) => {
                    return iso::parse_primary(&data.bytes).map_err(|(offset, why)| {
                        self.error(here(offset as u64), ErrorKind::Descriptor(why))
                    });
                }
                Some(iso::TERMINATOR) => {
                    return Err(self.error(
                        here(0),
                        ErrorKind::Descriptor(
                            "the volume descriptor set ends with no primary volume descriptor"
                                .into(),
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        Err(self.error(
            None,
            ErrorKind::Limit {
                what: "volume descriptors before the primary one".into(),
                value: MAX_DESCRIPTORS + 1,
                limit: MAX_DESCRIPTORS,
            },
        ))
    }

    /// Refuses a record whose extent passes the end of the image.
    fn check_extent(
        &self,
        what: &str,
        record: &Record,
        at: Option<ImagePosition>,
    ) -> Result<(), Error> {
        let lba = u64::from(record.lba);
        let end = lba + u64::from(record.size).div_ceil(USER_DATA as u64);
        if end > self.layout.sectors {
            return Err(self.error(
                at,
                ErrorKind::ExtentPastEnd {
                    what: what.to_owned(),
                    lba,
                    end,
                    size: u64::from(record.size),
                    sectors: self.layout.sectors,
                },
            ));
        }
        Ok(())
    }

    /// The records of a directory, each with where it is, checked: within the image, no
    /// multi-extent or interleaved file.
    fn read_directory(&self, dir: &Record, path: &str) -> Result<Vec<(Record, RecordAt)>, Error> {
        let shown = if path.is_empty() {
            "the root directory"
        } else {
            path
        };
        let size = u64::from(dir.size);
        if size > MAX_DIRECTORY_BYTES {
            return Err(self.error(
                None,
                ErrorKind::Limit {
                    what: format!("{shown}: directory size in bytes"),
                    value: size,
                    limit: MAX_DIRECTORY_BYTES,
                },
            ));
        }
        let mut records = Vec::new();
        for i in 0..size.div_ceil(USER_DATA as u64) {
            let lba = u64::from(dir.lba) + i;
            let data = self.user_data(lba, &format!("directory {shown}"))?;
            let limit = (size - i * USER_DATA as u64).min(USER_DATA as u64) as usize;
            let mut offset = 0;
            while offset < limit {
                let at = Some(ImagePosition {
                    sector: lba,
                    byte: data.at + offset as u64,
                });
                let record = match Record::parse(&data.bytes[offset..limit]) {
                    Ok(Some(record)) => record,
                    Ok(None) => break,
                    Err(RecordProblem::Malformed(why)) => {
                        return Err(self.error(at, ErrorKind::Record(format!("{shown}: {why}"))));
                    }
                    Err(RecordProblem::Disagrees(d)) => {
                        return Err(self.error(
                            Some(ImagePosition {
                                sector: lba,
                                byte: data.at + (offset + d.offset) as u64,
                            }),
                            ErrorKind::BothEndian {
                                field: format!("{shown}: a record's {}", d.field),
                                le: d.le,
                                be: d.be,
                            },
                        ));
                    }
                };
                let here = RecordAt {
                    sector: lba,
                    offset,
                };
                offset += record.len;
                if record.is_self_or_parent() {
                    continue;
                }
                let name = join(path, &record.name());
                if record.flags & FLAG_MULTI_EXTENT != 0 {
                    return Err(self.error(
                        at,
                        ErrorKind::Record(format!(
                            "{name}: a file in several extents, which this reader does not read"
                        )),
                    ));
                }
                if record.unit_size != 0 || record.interleave_gap != 0 {
                    return Err(self.error(
                        at,
                        ErrorKind::Record(format!(
                            "{name}: an interleaved file (unit size {}, gap {}), which this \
                             reader does not read",
                            record.unit_size, record.interleave_gap
                        )),
                    ));
                }
                self.check_extent(&name, &record, at)?;
                records.push((record, here));
            }
        }
        Ok(records)
    }

    fn entry(&self, record: &Record, path: String, at: RecordAt) -> Entry {
        let first_sector =
            (self.layout.form == SectorForm::Raw && !record.is_directory() && record.size > 0)
                .then(|| self.raw_sector(u64::from(record.lba), &path).ok())
                .flatten()
                .as_ref()
                .and_then(RawKind::of);
        Entry {
            path,
            size: record.size,
            lba: record.lba,
            directory: record.is_directory(),
            first_sector,
            record: at,
            slot: None,
        }
    }

    /// Every file and directory, depth first in directory order.
    ///
    /// # Errors
    /// A directory that cannot be read, a record that is not sound or points past the end, a
    /// directory loop, or more than [`MAX_ENTRIES`] entries or [`MAX_DEPTH`] levels.
    pub fn list(&self) -> Result<Vec<Entry>, Error> {
        let mut entries = Vec::new();
        let mut seen: HashMap<u32, String> = HashMap::new();
        seen.insert(self.volume.root.lba, "the root directory".to_owned());
        self.walk(&self.volume.root.clone(), "", 0, &mut seen, &mut entries)?;
        Ok(entries)
    }

    fn walk(
        &self,
        dir: &Record,
        path: &str,
        depth: usize,
        seen: &mut HashMap<u32, String>,
        entries: &mut Vec<Entry>,
    ) -> Result<(), Error> {
        if depth >= MAX_DEPTH {
            return Err(self.error(
                None,
                ErrorKind::Limit {
                    what: format!("{path}: directory depth"),
                    value: depth as u64 + 1,
                    limit: MAX_DEPTH as u64,
                },
            ));
        }
        for (record, at) in self.read_directory(dir, path)? {
            if entries.len() >= MAX_ENTRIES {
                return Err(self.error(
                    None,
                    ErrorKind::Limit {
                        what: "entries in the image".into(),
                        value: MAX_ENTRIES as u64 + 1,
                        limit: MAX_ENTRIES as u64,
                    },
                ));
            }
            let name = join(path, &record.name());
            entries.push(self.entry(&record, name.clone(), at));
            if record.is_directory() {
                if let Some(first) = seen.get(&record.lba) {
                    return Err(self.error(
                        self.at(at.sector, at.offset),
                        ErrorKind::DirectoryLoop {
                            path: name,
                            lba: u64::from(record.lba),
                            first: first.clone(),
                        },
                    ));
                }
                seen.insert(record.lba, name.clone());
                self.walk(&record, &name, depth + 1, seen, entries)?;
            }
        }
        Ok(())
    }

    /// The file or directory at `path` (`/`-separated from the root, any case, `;1` optional):
    /// each component is a name as [`Disc::list`] gives it, so every listed path is found. In an
    /// expanded image ([`crate::expanded`]), a sprite sheet of the `BATTLE` folder is its slot,
    /// found by its retail name (`BATTLE/RAMUZA.SPR`) or its slot name (`BATTLE/01.SPR`), where
    /// the location table puts it.
    ///
    /// # Errors
    /// No such path, a component that is a file, or a directory that cannot be read; in an
    /// expanded image, asked for a sprite sheet, an expansion that is not sound
    /// ([`Disc::expansion`]).
    pub fn find(&self, path: &str) -> Result<Entry, Error> {
        let wanted = components(path);
        if let Some(slot) = self.find_slot(&wanted)? {
            return Ok(slot);
        }
        self.find_in_directory(path)
    }

    /// [`Disc::find`] by the directory records alone.
    pub(crate) fn find_in_directory(&self, path: &str) -> Result<Entry, Error> {
        let wanted = components(path);
        let not_found = |hint: String| {
            self.error(
                None,
                ErrorKind::NotFound {
                    path: wanted.join("/"),
                    hint,
                },
            )
        };
        if wanted.len() > MAX_DEPTH {
            return Err(not_found(format!(" (deeper than {MAX_DEPTH} levels)")));
        }
        let mut dir = self.volume.root.clone();
        let mut dir_path = String::new();
        for (i, component) in wanted.iter().enumerate() {
            let bare = component.split(';').next().unwrap_or(component);
            let bare = bare.strip_suffix('.').unwrap_or(bare);
            // The name as listed (a directory keeps a `;`), else without its version.
            let records = self.read_directory(&dir, &dir_path)?;
            let found = [*component, bare].iter().find_map(|wanted| {
                records
                    .iter()
                    .find(|(r, _)| r.name().eq_ignore_ascii_case(wanted))
                    .cloned()
            });
            let Some((record, at)) = found else {
                let hint = match dir_path.as_str() {
                    "" if i + 1 < wanted.len() => format!(" (no folder {bare} at the root)"),
                    "" => String::new(),
                    parent => format!(" ({parent} holds no {bare})"),
                };
                return Err(not_found(hint));
            };
            let path_here = join(&dir_path, &record.name());
            if i + 1 == wanted.len() {
                return Ok(self.entry(&record, path_here, at));
            }
            if !record.is_directory() {
                return Err(self.error(
                    None,
                    ErrorKind::NotDirectory {
                        path: wanted.join("/"),
                        parent: path_here,
                    },
                ));
            }
            dir = record;
            dir_path = path_here;
        }
        Err(not_found(" (the root is a directory)".into()))
    }

    /// A file's bytes, refusing one over `max` bytes before it is read.
    ///
    /// # Errors
    /// A directory, a file over `max`, a sector that cannot be read or is Form 2.
    pub fn read(&self, entry: &Entry, max: u64) -> Result<Vec<u8>, Error> {
        if entry.directory {
            return Err(self.error(
                None,
                ErrorKind::IsDirectory {
                    path: entry.path.clone(),
                },
            ));
        }
        let size = u64::from(entry.size);
        if size > max {
            return Err(self.error(
                self.at(entry.record.sector, entry.record.offset + 10),
                ErrorKind::Limit {
                    what: format!("{}: file size in bytes", entry.path),
                    value: size,
                    limit: max,
                },
            ));
        }
        let mut bytes = Vec::with_capacity(size as usize);
        for i in 0..entry.sectors() {
            let data = self.user_data(u64::from(entry.lba) + i, &entry.path)?;
            let n = (size - bytes.len() as u64).min(USER_DATA as u64) as usize;
            bytes.extend_from_slice(&data.bytes[..n]);
        }
        Ok(bytes)
    }

    /// `len` bytes of a file from byte `offset` (a table in a large file), refusing a range
    /// past the file's end.
    pub(crate) fn read_part(
        &self,
        entry: &Entry,
        offset: u64,
        len: u64,
        what: &str,
    ) -> Result<Vec<u8>, Error> {
        let end = offset + len;
        if entry.directory || end > u64::from(entry.size) {
            return Err(self.error(
                self.at(entry.record.sector, entry.record.offset + 10),
                ErrorKind::Expansion(format!(
                    "{}: {} bytes, too short for {what} (bytes 0x{offset:X}..0x{end:X})",
                    entry.path, entry.size
                )),
            ));
        }
        let mut bytes = Vec::with_capacity(len as usize);
        let first = offset / USER_DATA as u64;
        for i in first..end.div_ceil(USER_DATA as u64) {
            let data = self.user_data(u64::from(entry.lba) + i, &entry.path)?;
            let from = (offset.max(i * USER_DATA as u64) - i * USER_DATA as u64) as usize;
            let to = (end.min((i + 1) * USER_DATA as u64) - i * USER_DATA as u64) as usize;
            bytes.extend_from_slice(&data.bytes[from..to]);
        }
        Ok(bytes)
    }

    /// The files and folders directly in the folder `entry`, in directory order (one folder's
    /// records read, not the whole tree's).
    ///
    /// # Errors
    /// A directory that cannot be read, or a record that is not sound.
    pub fn directory_entries(&self, entry: &Entry) -> Result<Vec<Entry>, Error> {
        let record = Record {
            len: 0,
            lba: entry.lba,
            size: entry.size,
            flags: iso::FLAG_DIRECTORY,
            unit_size: 0,
            interleave_gap: 0,
            identifier: Vec::new(),
        };
        Ok(self
            .read_directory(&record, &entry.path)?
            .into_iter()
            .map(|(record, at)| {
                let path = join(&entry.path, &record.name());
                self.entry(&record, path, at)
            })
            .collect())
    }

    /// [`Disc::find`], then [`Disc::read`].
    ///
    /// # Errors
    /// As those.
    pub fn read_path(&self, path: &str, max: u64) -> Result<Vec<u8>, Error> {
        let entry = self.find(path)?;
        self.read(&entry, max)
    }

    /// The raw or cooked bytes of a sector as stored (for patching and checks).
    pub(crate) fn stored_sector(&self, lba: u64) -> Result<Vec<u8>, Error> {
        match self.layout.form {
            SectorForm::Raw => Ok(self.raw_sector(lba, "sector")?.to_vec()),
            SectorForm::Cooked => Ok(self.user_data(lba, "sector")?.bytes.to_vec()),
        }
    }
}

/// A path's components, without empty ones and `.`.
fn components(path: &str) -> Vec<&str> {
    path.split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect()
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_owned()
    } else {
        format!("{dir}/{name}")
    }
}
