//! A disc image read in place: the page holds the user's image as a `File` and reads a slice of
//! it when asked, so a 700 MB image is never in memory whole. The module cannot wait for the
//! browser's asynchronous reads, so the reading goes in steps: [`DiscReading::step`] goes as far
//! as the bytes fetched so far take it and, at the first it lacks, stops and says which
//! ([`Step::Need`]); the page reads that slice, gives it ([`DiscReading::feed`]) and steps again.
//! Each file read is handed out at once ([`Step::File`]), for the set of files to keep, and each
//! step resumes where the last stopped (the image opened, its `BATTLE` folder listed, the files
//! read so far), so no work is done twice but the one read that lacked its bytes.
//!
//! What is kept of the image is bounded ([`MAX_HELD`]): the slices given, the oldest dropped
//! first, and all of them once a file is read. A file's sectors are asked for whole (one slice),
//! the directories' a read-ahead at a time.

use std::io;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use disc_image::{Disc, Entry, Storage};
use sprite_inputs::locate::sprite_files_in;
use sprite_inputs::read::MAX_INPUT_LEN;
use sprite_wasm::error::chain;

/// The folder whose sprite files are read, as `disc extract` reads it.
pub const BATTLE_FOLDER: &str = "BATTLE";
/// The most bytes of the image held at once: a file's sectors, at most [`MAX_INPUT_LEN`] of user
/// data in raw 2352-byte sectors (4.6 MiB), and the directories read beside it.
pub const MAX_HELD: usize = 8 << 20;
/// The least asked for at once: reads of a directory's sectors come a slice of this at a time.
pub const READ_AHEAD: u64 = 64 << 10;
/// The most slices asked for in one reading: an image whose folders would take more is refused
/// rather than read for ever.
pub const MAX_SLICES: usize = 10_000;

/// What a step came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The bytes `len` from `offset` of the image are needed: read them and [`DiscReading::feed`].
    Need { offset: u64, len: u64 },
    /// A sprite file of the folder, read: its name (`IMAGE:BATTLE/NAME`) and bytes.
    File { name: String, bytes: Vec<u8> },
    /// Every sprite file of the folder has been handed out.
    Done,
}

/// The slices of the image given so far, and the first one asked for and lacking.
#[derive(Debug, Default)]
struct Held {
    slices: Vec<(u64, Vec<u8>)>,
    bytes: usize,
    lacking: Option<(u64, u64)>,
}

/// The image as `disc_image` reads it: from the slices held; a read of bytes not held fails, and
/// the first such read is noted for the page to fetch.
#[derive(Debug)]
struct Slices {
    len: u64,
    held: Mutex<Held>,
}

impl Slices {
    fn held(&self) -> MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The slices as the disc reads them, shared with the reading that feeds them.
struct Reader(Arc<Slices>);

impl Storage for Reader {
    fn len(&self) -> u64 {
        self.0.len
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        let len = self.0.len;
        let end = offset
            .checked_add(buf.len() as u64)
            .filter(|&end| end <= len)
            .ok_or(io::ErrorKind::UnexpectedEof)?;
        let mut held = self.0.held();
        let mut at = offset;
        while at < end {
            let found = held
                .slices
                .iter()
                .find(|(start, bytes)| *start <= at && at < start + bytes.len() as u64);
            let Some((start, bytes)) = found else {
                if held.lacking.is_none() {
                    let want = (end - at).max(READ_AHEAD).min(len - at);
                    held.lacking = Some((at, want));
                }
                return Err(io::Error::new(
                    io::ErrorKind::WouldBlock,
                    "not read from the image yet",
                ));
            };
            let from = (at - start) as usize;
            let n = (bytes.len() - from).min((end - at) as usize);
            let into = (at - offset) as usize;
            buf[into..into + n].copy_from_slice(&bytes[from..from + n]);
            at += n as u64;
        }
        Ok(())
    }
}

/// One image being read into a set of files.
#[derive(Debug)]
pub struct DiscReading {
    name: String,
    slices: Arc<Slices>,
    disc: Option<Disc>,
    /// The files to read, once the folder is listed; `next` of them read so far.
    entries: Option<Vec<Entry>>,
    next: usize,
    asked: usize,
}

impl DiscReading {
    /// The image `name` (as errors call it), `len` bytes long, to be read.
    pub fn new(name: &str, len: u64) -> DiscReading {
        DiscReading {
            name: name.to_owned(),
            slices: Arc::new(Slices {
                len,
                held: Mutex::new(Held::default()),
            }),
            disc: None,
            entries: None,
            next: 0,
            asked: 0,
        }
    }

    /// The image's bytes from `offset`, as a [`Step::Need`] asked. A slice not asked for, or
    /// longer than [`MAX_HELD`], is refused; the oldest slices make room for it.
    ///
    /// # Errors
    /// A slice that is not the one asked for.
    pub fn feed(&mut self, offset: u64, bytes: Vec<u8>) -> Result<(), String> {
        let mut held = self.slices.held();
        if held.lacking != Some((offset, bytes.len() as u64)) {
            return Err(format!(
                "{}: {} bytes at {offset} given, but {}",
                faults::Shown(&self.name),
                bytes.len(),
                match held.lacking {
                    Some((at, len)) => format!("{len} bytes at {at} were asked for"),
                    None => "none were asked for".to_owned(),
                }
            ));
        }
        held.lacking = None;
        while held.bytes + bytes.len() > MAX_HELD && !held.slices.is_empty() {
            let (_, dropped) = held.slices.remove(0);
            held.bytes -= dropped.len();
        }
        held.bytes += bytes.len();
        held.slices.push((offset, bytes));
        Ok(())
    }

    /// The bytes of the image held now (for the page's figures and the tests' bounds).
    pub fn held_bytes(&self) -> usize {
        self.slices.held().bytes
    }

    /// Goes on reading: the image opened, its `BATTLE` folder's sprite files listed (`disc
    /// extract`'s), and the next one read ([`Step::File`]), unless a read lacks bytes
    /// ([`Step::Need`]) or all are read ([`Step::Done`]).
    ///
    /// # Errors
    /// The image's own, in one line naming it (not ISO 9660, a directory that is not sound, no
    /// `BATTLE` folder, a file over 4 MiB), or an image that asks for more than [`MAX_SLICES`]
    /// slices.
    pub fn step(&mut self) -> Result<Step, String> {
        match self.go_on() {
            Ok(step) => Ok(step),
            Err(error) => match self.slices.held().lacking {
                Some((offset, len)) => {
                    self.asked += 1;
                    if self.asked > MAX_SLICES {
                        return Err(format!(
                            "{}: reading its {BATTLE_FOLDER} folder asked for more than \
                             {MAX_SLICES} slices of the image; it is not read",
                            faults::Shown(&self.name)
                        ));
                    }
                    Ok(Step::Need { offset, len })
                }
                None => Err(error),
            },
        }
    }

    /// [`DiscReading::step`] until a read lacks bytes: an error then is the lack, not the image's.
    fn go_on(&mut self) -> Result<Step, String> {
        if self.disc.is_none() {
            let storage = Box::new(Reader(Arc::clone(&self.slices)));
            let disc = Disc::from_storage_named(&self.name, storage).map_err(|e| chain(&e))?;
            self.disc = Some(disc);
        }
        let Some(disc) = &self.disc else {
            unreachable!("opened above")
        };
        if self.entries.is_none() {
            let folder = disc.find(BATTLE_FOLDER).map_err(|e| chain(&e))?;
            if !folder.directory {
                return Err(format!(
                    "{}: {BATTLE_FOLDER} is a file, not a folder",
                    disc.image()
                ));
            }
            let entries = sprite_files_in(disc, &folder).map_err(|e| chain(&e))?;
            if entries.is_empty() {
                return Err(format!(
                    "{}: no sprite file in {BATTLE_FOLDER}",
                    disc.image()
                ));
            }
            self.entries = Some(entries);
        }
        let entries = self.entries.as_deref().unwrap_or_default();
        let Some(entry) = entries.get(self.next) else {
            return Ok(Step::Done);
        };
        if u64::from(entry.size) <= MAX_INPUT_LEN {
            self.ask_for_whole(disc, entry);
        }
        let bytes = disc.read(entry, MAX_INPUT_LEN).map_err(|e| chain(&e))?;
        let name = format!("{}:{}", disc.image(), entry.path);
        self.next += 1;
        let mut held = self.slices.held();
        held.slices.clear();
        held.bytes = 0;
        Ok(Step::File { name, bytes })
    }

    /// Notes a file's sectors as one slice to fetch, when any of them is not held, so that its
    /// read asks once instead of a sector at a time.
    fn ask_for_whole(&self, disc: &Disc, entry: &Entry) {
        let layout = disc.layout();
        let start = layout.offset(u64::from(entry.lba));
        let end = layout
            .offset(u64::from(entry.lba) + entry.sectors())
            .min(self.slices.len);
        if start >= end {
            return;
        }
        let mut held = self.slices.held();
        let whole = held
            .slices
            .iter()
            .any(|(at, bytes)| *at <= start && end <= at + bytes.len() as u64);
        if !whole && held.lacking.is_none() {
            // Dropped first: the file's slice takes the room of everything held.
            held.slices.clear();
            held.bytes = 0;
            held.lacking = Some((start, end - start));
        }
    }
}
