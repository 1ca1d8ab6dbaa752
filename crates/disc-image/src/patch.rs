//! Write-back: files of an image replaced in the sectors they already have, as a new image.
//!
//! The rules: a file is replaced only within the sectors its directory record gives it (a file
//! that needs more is refused, with the sizes); the bytes after its new end, to the end of its
//! last sector, become zeros; only sectors whose user data changes are rewritten, each keeping
//! its sync, header and subheader, with its EDC and ECC recomputed (raw images); the directory
//! record's data length is set in both byte orders (and its sector's EDC and ECC recomputed)
//! when the size changes. Nothing else in the image changes. A Form 2 sector is never
//! rewritten. The new image is written to a temporary file beside the output (made only where
//! nothing, not even a link, has its name: `safe_write`), read back and checked, then renamed
//! over the output: a failure or a signal leaves no half-written image.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use faults::Shown;
use safe_write::{Folder, Publish, TemporaryFile};

use crate::disc::{Disc, Entry};
use crate::edc_ecc::{self, RAW_SECTOR, RawKind};
use crate::error::{Error, ErrorKind, ImagePosition};
use crate::expanded::{SLOT_SECTORS, Slot};
use crate::sector::{Layout, SectorForm, USER_DATA};

/// One file to replace: its path in the image and its new bytes.
#[derive(Debug, Clone, Copy)]
pub struct Replacement<'a> {
    pub path: &'a str,
    pub bytes: &'a [u8],
}

/// What a patch does to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub path: String,
    pub old_size: u32,
    pub new_size: u32,
    pub lba: u32,
    /// The sectors the file has (and keeps).
    pub sectors: u64,
    /// The file's sectors rewritten (their user data changed).
    pub rewritten: Vec<u64>,
    /// The directory sector rewritten for the new size, if the size changed.
    pub record_sector: Option<u64>,
    /// For a slot of an expanded image: its name (`01.SPR`), and the sector of `BATTLE.BIN`
    /// rewritten for the new size in the location table, if the size changed.
    pub slot: Option<String>,
    pub table_sector: Option<u64>,
    new_bytes: Vec<u8>,
}

/// A planned patch: the new contents of each sector it rewrites.
#[derive(Debug, Clone)]
pub struct Patch {
    pub(crate) layout: Layout,
    pub(crate) sectors: BTreeMap<u64, Vec<u8>>,
    pub changes: Vec<Change>,
}

impl Patch {
    /// Every sector the patch rewrites, in order.
    pub fn sectors(&self) -> impl Iterator<Item = u64> + '_ {
        self.sectors.keys().copied()
    }

    /// Applies the patch to an image held whole in memory (tests, the fuzz target).
    ///
    /// # Panics
    /// When `image` is shorter than the sectors the patch rewrites (not the image it was
    /// planned for).
    pub fn apply(&self, image: &mut [u8]) {
        for (&lba, bytes) in &self.sectors {
            let at = self.layout.offset(lba) as usize;
            image[at..at + bytes.len()].copy_from_slice(bytes);
        }
    }
}

impl Disc {
    /// Plans the replacement of each file, checking that each fits.
    ///
    /// # Errors
    /// A path that is not a file of the image, given twice, a file that does not fit its
    /// sectors ([`ErrorKind::DoesNotFit`]), a sector of it that is Form 2 or cannot be read.
    pub fn plan_patch(&self, replacements: &[Replacement]) -> Result<Patch, Error> {
        let mut patch = Patch {
            layout: self.layout(),
            sectors: BTreeMap::new(),
            changes: Vec::new(),
        };
        for replacement in replacements {
            let entry = self.find(replacement.path)?;
            if entry.directory {
                return Err(self.error(None, ErrorKind::IsDirectory { path: entry.path }));
            }
            if patch
                .changes
                .iter()
                .any(|c| c.path == entry.path || (c.lba == entry.lba && c.slot.is_some()))
            {
                return Err(self.error(
                    None,
                    ErrorKind::Patch(format!("{} is given twice", entry.path)),
                ));
            }
            let change = self.plan_file(&mut patch, &entry, replacement.bytes)?;
            patch.changes.push(change);
        }
        Ok(patch)
    }

    fn plan_file(&self, patch: &mut Patch, entry: &Entry, bytes: &[u8]) -> Result<Change, Error> {
        let slot = match entry.slot {
            Some(position) => self.expansion()?.and_then(|e| e.slot(position)).cloned(),
            None => None,
        };
        let new = bytes.len() as u64;
        let new_sectors = new.div_ceil(USER_DATA as u64);
        let sectors = match &slot {
            Some(slot) => self.slot_room(slot)?,
            None => entry.sectors(),
        };
        if let Some(slot) = &slot
            && new_sectors > sectors
        {
            return Err(self.error(
                None,
                ErrorKind::DoesNotFitSlot {
                    path: entry.path.clone(),
                    slot: slot.name.clone(),
                    new,
                    room: sectors * USER_DATA as u64,
                    old: u64::from(entry.size),
                },
            ));
        }
        if new_sectors > sectors {
            return Err(self.error(
                None,
                ErrorKind::DoesNotFit {
                    path: entry.path.clone(),
                    new,
                    new_sectors,
                    old: u64::from(entry.size),
                    sectors,
                    room: sectors * USER_DATA as u64,
                },
            ));
        }
        let mut rewritten = Vec::new();
        for i in 0..sectors {
            let lba = u64::from(entry.lba) + i;
            let mut data = [0u8; USER_DATA];
            let from = (i as usize * USER_DATA).min(bytes.len());
            let to = (from + USER_DATA).min(bytes.len());
            data[..to - from].copy_from_slice(&bytes[from..to]);
            if self.set_user_data(patch, lba, 0, &data, &entry.path)? {
                rewritten.push(lba);
            }
        }
        // Data length at bytes 10..14 (little-endian) and 14..18 (big-endian) of the record.
        let size = new as u32;
        let mut field = [0u8; 8];
        field[..4].copy_from_slice(&size.to_le_bytes());
        field[4..].copy_from_slice(&size.to_be_bytes());
        let (record, table) = match &slot {
            Some(slot) => (slot.record, slot.table),
            None => (Some(entry.record), None),
        };
        let mut record_sector = None;
        if let Some(record) = record
            && self.set_user_data(
                patch,
                record.sector,
                record.offset + 10,
                &field,
                &entry.path,
            )?
        {
            record_sector = Some(record.sector);
        }
        // The table's record: a u32 sector, then the u32 size (little-endian).
        let mut table_sector = None;
        if let Some(at) = table
            && self.set_user_data_spanning(
                patch,
                at.sector,
                at.offset + 4,
                &field[..4],
                &entry.path,
            )?
        {
            table_sector = Some(at.sector);
        }
        Ok(Change {
            path: entry.path.clone(),
            old_size: entry.size,
            new_size: new as u32,
            lba: entry.lba,
            sectors,
            rewritten,
            record_sector,
            slot: slot.map(|s| s.name),
            table_sector,
            new_bytes: bytes.to_vec(),
        })
    }

    /// The sectors a slot may fill: 32 (64 KiB), fewer where the next slot or the image's end
    /// comes first.
    fn slot_room(&self, slot: &Slot) -> Result<u64, Error> {
        let start = u64::from(slot.lba);
        let next = self
            .expansion()?
            .into_iter()
            .flat_map(|e| e.slots.iter())
            .map(|s| u64::from(s.lba))
            .filter(|&lba| lba > start)
            .min()
            .unwrap_or(u64::MAX);
        Ok((start + u64::from(SLOT_SECTORS))
            .min(next)
            .min(self.layout().sectors)
            .saturating_sub(start))
    }

    /// [`Disc::set_user_data`] for bytes that may run on into the next sector (a record of
    /// `BATTLE.BIN`'s location table may straddle two); whether any user data changed.
    pub(crate) fn set_user_data_spanning(
        &self,
        patch: &mut Patch,
        lba: u64,
        offset: usize,
        bytes: &[u8],
        path: &str,
    ) -> Result<bool, Error> {
        let (mut lba, mut offset, mut rest) =
            (lba + (offset / USER_DATA) as u64, offset % USER_DATA, bytes);
        let mut changed = false;
        while !rest.is_empty() {
            let n = (USER_DATA - offset).min(rest.len());
            changed |= self.set_user_data(patch, lba, offset, &rest[..n], path)?;
            (lba, offset, rest) = (lba + 1, 0, &rest[n..]);
        }
        Ok(changed)
    }

    /// Puts `bytes` at `offset` of sector `lba`'s user data in the patch (over what the patch
    /// already holds for it), recomputing EDC and ECC; whether the user data changed.
    pub(crate) fn set_user_data(
        &self,
        patch: &mut Patch,
        lba: u64,
        offset: usize,
        bytes: &[u8],
        path: &str,
    ) -> Result<bool, Error> {
        let mut sector = match patch.sectors.get(&lba) {
            Some(sector) => sector.clone(),
            None => self.stored_sector(lba)?,
        };
        let (start, kind) = match self.layout().form {
            SectorForm::Cooked => (0, None),
            SectorForm::Raw => {
                let raw: &[u8; RAW_SECTOR] = sector.as_slice().try_into().expect("a raw sector");
                let kind = RawKind::of(raw).expect("stored_sector checks the mode");
                if kind == RawKind::Mode2Form2 {
                    return Err(self.error(
                        Some(ImagePosition {
                            sector: lba,
                            byte: self.layout().offset(lba) + 18,
                        }),
                        ErrorKind::Form2 {
                            what: format!("{path} (to be rewritten)"),
                        },
                    ));
                }
                (kind.user_data().start, Some(kind))
            }
        };
        let target = &mut sector[start + offset..start + offset + bytes.len()];
        if target == bytes {
            return Ok(false);
        }
        target.copy_from_slice(bytes);
        if let Some(kind) = kind {
            let raw: &mut [u8; RAW_SECTOR] =
                sector.as_mut_slice().try_into().expect("a raw sector");
            edc_ecc::encode(raw, kind);
        }
        patch.sectors.insert(lba, sector);
        Ok(true)
    }

    /// Writes the patched image to `out` (which may be this image's own data file: then it is
    /// replaced, atomically too): the data file copied to a temporary file beside `out`, the
    /// patch written into it, the copy opened again and each replaced file read back and each
    /// rewritten raw sector's EDC and ECC checked, then renamed over `out`.
    ///
    /// # Errors
    /// An image held in memory (no file to copy), a copy or write that fails (the temporary
    /// file is removed), a read-back that differs.
    pub fn write_patched(&self, patch: &Patch, out: &Path) -> Result<(), Error> {
        self.write_through_copy(patch, out, |_| Ok(()), |temp| verify(temp, patch))
    }

    /// The one way a changed image is written: the data file copied to a temporary file beside
    /// `out` (removed when this returns early, or on a signal the program handles), `patch`'s
    /// sectors written into it, then `grow` (what follows the copy's end, if anything), the copy
    /// synced, `check`ed, and renamed over `out`.
    pub(crate) fn write_through_copy(
        &self,
        patch: &Patch,
        out: &Path,
        grow: impl FnOnce(&mut File) -> std::io::Result<()>,
        check: impl FnOnce(&Path) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let Some(source) = self.data_file() else {
            return Err(self.error(
                None,
                ErrorKind::Patch("an image held in memory has no file to copy".into()),
            ));
        };
        let dir = match out.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
            _ => PathBuf::from("."),
        };
        let write_error = |path: &Path, error| {
            self.error(
                None,
                ErrorKind::Write {
                    path: path.to_owned(),
                    error,
                },
            )
        };
        std::fs::create_dir_all(&dir).map_err(|e| write_error(&dir, e))?;
        let file_name = out.file_name().ok_or_else(|| {
            self.error(
                None,
                ErrorKind::Patch(format!("{} names no file", Shown(&out))),
            )
        })?;
        let folder = Folder::open(&dir).map_err(|e| write_error(&dir, e))?;
        let mut temporary =
            TemporaryFile::create(&folder, file_name).map_err(|e| write_error(&dir, e))?;
        let temp = dir.join(temporary.name());
        let file = temporary.file();
        File::open(source)
            .and_then(|mut source| std::io::copy(&mut source, file))
            .map_err(|e| write_error(&temp, e))?;
        for (&lba, bytes) in &patch.sectors {
            file.seek(SeekFrom::Start(patch.layout.offset(lba)))
                .and_then(|_| file.write_all(bytes))
                .map_err(|e| write_error(&temp, e))?;
        }
        grow(file).map_err(|e| write_error(&temp, e))?;
        file.sync_all().map_err(|e| write_error(&temp, e))?;
        check(&temp)?;
        temporary
            .publish(file_name, Publish::Replace)
            .map_err(|e| write_error(out, e))
    }
}

/// Opens the written copy and checks it: each replaced file reads back as given, and each
/// rewritten raw sector's EDC and ECC are right.
fn verify(written: &Path, patch: &Patch) -> Result<(), Error> {
    let disc = Disc::open(written)?;
    for change in &patch.changes {
        let back = disc.read_path(&change.path, u64::from(u32::MAX))?;
        if back != change.new_bytes {
            return Err(disc.error(
                None,
                ErrorKind::Patch(format!(
                    "{} reads back other bytes than were written",
                    change.path
                )),
            ));
        }
    }
    if disc.layout().form == SectorForm::Raw {
        let file = File::open(written).map_err(|e| disc.error(None, ErrorKind::Io(e)))?;
        drop(file);
        for lba in patch.sectors() {
            let sector = disc.raw_sector(lba, "rewritten sector")?;
            if !edc_ecc::check(&sector).is_some_and(edc_ecc::Check::ok) {
                return Err(disc.error(
                    Some(ImagePosition {
                        sector: lba,
                        byte: disc.layout().offset(lba),
                    }),
                    ErrorKind::Patch("a rewritten sector's EDC or ECC does not check".into()),
                ));
            }
        }
    }
    Ok(())
}
