//! `disc expand`: a retail image expanded with Shishi Sprite Editor's layout (docs/disc.md
//! "Expanded images"), written as a new image. Each position of the location table is copied,
//! as many bytes as its record gives, into its slot (zeros to 64 KiB); the table is rewritten to
//! the slots, each 65,536 bytes; the `BATTLE` folder keeps every file but the sheets the game
//! numbers (`OTHER.SPR` and `WEP.SPR` stay), and gains the slot names and the SP2 sheets' slot
//! names, sorted as ISO 9660 sorts; it is written over its own sectors when it fits them, else
//! after the last slot; the volume's size is set. A raw image's new sectors get their headers,
//! EDC and ECC in the image's own mode.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

use super::slots::{self, SLOTS};
use super::{BATTLE_BIN, BATTLE_FOLDER, FIRST_SLOT_LBA, LOCATION_RECORD, SLOT_BYTES, SLOT_SECTORS};
use crate::disc::Disc;
use crate::error::{Error, ErrorKind};
use crate::iso::RECORD_FIXED;
use crate::patch::Patch;
use crate::sector::{SectorForm, USER_DATA, raw_sector};

/// What an expansion did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expanded {
    /// The slots written (159).
    pub slots: usize,
    /// The sectors of the new image.
    pub sectors: u64,
    /// Where the `BATTLE` folder is now.
    pub folder_lba: u32,
}

/// A directory record's bytes, and its name.
struct RawRecord {
    name: Vec<u8>,
    bytes: Vec<u8>,
}

fn both32(v: u32) -> [u8; 8] {
    let mut b = [0; 8];
    b[..4].copy_from_slice(&v.to_le_bytes());
    b[4..].copy_from_slice(&v.to_be_bytes());
    b
}

impl Disc {
    /// Writes this image expanded to `out` (a temporary file beside it, read back and checked,
    /// then renamed over it).
    ///
    /// # Errors
    /// An image already expanded, without a `BATTLE` folder or `BATTLE.BIN`, whose table gives a
    /// sprite over 64 KiB or past the image's end, that already reaches the first slot's sector;
    /// a write that fails (nothing is left behind).
    pub fn write_expanded(&self, out: &Path) -> Result<Expanded, Error> {
        let refuse = |why: String| self.error(None, ErrorKind::Expansion(why));
        if self.expansion()?.is_some() {
            return Err(refuse("the image is already expanded".into()));
        }
        let Some(table) = self.location_table()? else {
            return Err(refuse(format!(
                "no {BATTLE_BIN} at the image's root: its sprite location table is what the game \
                 reads a sheet's slot from"
            )));
        };
        let battle = self.find_in_directory(BATTLE_FOLDER)?;
        if !battle.directory {
            return Err(refuse(format!("{BATTLE_FOLDER} is a file, not a folder")));
        }
        let slot_lba = |position: usize| FIRST_SLOT_LBA + position as u32 * SLOT_SECTORS;
        let end = u64::from(slot_lba(SLOTS));
        // The slots may lie in sectors the image already has, where no file is.
        for entry in self.list()? {
            let (from, to) = (u64::from(entry.lba), u64::from(entry.lba) + entry.sectors());
            if !entry.directory && entry.size > 0 && from < end && to > u64::from(FIRST_SLOT_LBA) {
                return Err(refuse(format!(
                    "{} is at sectors {from}..{to}, where the slots go ({FIRST_SLOT_LBA}..{end})",
                    entry.path
                )));
            }
        }
        // The slots, read as each table record gives them.
        let mut slot_bytes = vec![0u8; SLOTS * SLOT_BYTES as usize];
        for (position, (location, _)) in table.iter().enumerate() {
            if location.size > SLOT_BYTES {
                return Err(refuse(format!(
                    "{BATTLE_BIN}'s sprite location table gives position {position:02X} {} \
                     bytes, over the {SLOT_BYTES} bytes of a slot",
                    location.size
                )));
            }
            let entry = crate::disc::Entry {
                path: format!("{BATTLE_BIN} position {position:02X}"),
                size: location.size,
                lba: location.sector,
                directory: false,
                first_sector: None,
                record: battle.record,
                slot: None,
            };
            let bytes = self.read(&entry, u64::from(SLOT_BYTES))?;
            let at = position * SLOT_BYTES as usize;
            slot_bytes[at..at + bytes.len()].copy_from_slice(&bytes);
        }
        // The folder's new records.
        let records = self.raw_records(&battle)?;
        let (dot, rest) = records.split_at(2.min(records.len()));
        let like = rest.first().map_or(&dot[0], |r| r);
        let mut kept: Vec<RawRecord> = Vec::new();
        for record in rest {
            let name = String::from_utf8_lossy(&record.name).to_ascii_uppercase();
            let bare = name.split(';').next().unwrap_or(&name);
            if let Some(slot_name) = slots::sp2_slot_name(bare) {
                kept.push(renamed(record, &format!("{slot_name};1"), None));
            } else if slots::position_of_sprite(bare).is_none() {
                kept.push(RawRecord {
                    name: record.name.clone(),
                    bytes: record.bytes.clone(),
                });
            }
        }
        for position in 0..SLOTS {
            let name = format!("{};1", slots::slot_name(position));
            kept.push(renamed(like, &name, Some((slot_lba(position), SLOT_BYTES))));
        }
        kept.sort_by(|a, b| a.name.cmp(&b.name));
        let mut folder: Vec<u8> = Vec::new();
        for record in dot
            .iter()
            .map(|r| &r.bytes)
            .chain(kept.iter().map(|r| &r.bytes))
        {
            let used = folder.len() % USER_DATA;
            if used + record.len() > USER_DATA {
                folder.resize(folder.len() + USER_DATA - used, 0);
            }
            folder.extend_from_slice(record);
        }
        folder.resize(folder.len().div_ceil(USER_DATA) * USER_DATA, 0);
        let in_place = folder.len() as u64 <= battle.sectors() * USER_DATA as u64;
        let after = end.max(self.layout().sectors);
        let folder_lba = if in_place { battle.lba } else { after as u32 };
        let total = if in_place {
            after
        } else {
            after + (folder.len() / USER_DATA) as u64
        };
        folder[2..10].copy_from_slice(&both32(folder_lba));
        let folder_len = folder.len() as u32;
        folder[10..18].copy_from_slice(&both32(folder_len));

        // The sectors of the image that change.
        let mut patch = Patch {
            layout: self.layout(),
            sectors: BTreeMap::new(),
            changes: Vec::new(),
        };
        let what = "the expansion";
        self.set_user_data(&mut patch, 16, 80, &both32(total as u32), what)?;
        let root = battle.record;
        self.set_user_data(
            &mut patch,
            root.sector,
            root.offset + 2,
            &both32(folder_lba),
            what,
        )?;
        let size = both32(folder_len);
        self.set_user_data(&mut patch, root.sector, root.offset + 10, &size, what)?;
        for (position, (_, at)) in table.iter().enumerate() {
            let mut record = [0u8; LOCATION_RECORD as usize];
            record[..4].copy_from_slice(&slot_lba(position).to_le_bytes());
            record[4..].copy_from_slice(&SLOT_BYTES.to_le_bytes());
            self.set_user_data_spanning(&mut patch, at.sector, at.offset, &record, what)?;
        }
        if in_place {
            for i in 0..battle.sectors() {
                let from = (i as usize * USER_DATA).min(folder.len());
                let mut data = [0u8; USER_DATA];
                let to = (from + USER_DATA).min(folder.len());
                data[..to - from].copy_from_slice(&folder[from..to]);
                self.set_user_data(&mut patch, u64::from(battle.lba) + i, 0, &data, what)?;
            }
        }
        let appended = |lba: u64| -> &[u8] {
            if (u64::from(FIRST_SLOT_LBA)..end).contains(&lba) {
                let at = (lba - u64::from(FIRST_SLOT_LBA)) as usize * USER_DATA;
                &slot_bytes[at..at + USER_DATA]
            } else if !in_place && lba >= u64::from(folder_lba) {
                let at = (lba - u64::from(folder_lba)) as usize * USER_DATA;
                &folder[at..at + USER_DATA]
            } else {
                &[]
            }
        };
        // Slots in sectors the image already has are rewritten in place.
        for lba in u64::from(FIRST_SLOT_LBA)..end.min(self.layout().sectors) {
            self.set_user_data(&mut patch, lba, 0, appended(lba), what)?;
        }
        self.write_grown(&patch, total, &appended, out)?;
        let written = Disc::open(out)?;
        let check = |why: &str| written.error(None, ErrorKind::Expansion(why.to_owned()));
        let expansion = written
            .expansion()?
            .ok_or_else(|| check("the written image does not read as expanded"))?;
        for slot in &expansion.slots {
            let bytes = written.read(&slot.entry(slot.name.clone()), u64::from(SLOT_BYTES))?;
            let at = slot.position * SLOT_BYTES as usize;
            if bytes[..] != slot_bytes[at..at + SLOT_BYTES as usize] {
                return Err(check(&format!("slot {} reads back other bytes", slot.name)));
            }
        }
        Ok(Expanded {
            slots: SLOTS,
            sectors: total,
            folder_lba,
        })
    }

    /// The raw bytes of each record of a folder, with its identifier.
    fn raw_records(&self, folder: &crate::disc::Entry) -> Result<Vec<RawRecord>, Error> {
        let mut out = Vec::new();
        for i in 0..folder.sectors() {
            let data = self.user_data(u64::from(folder.lba) + i, &folder.path)?;
            let mut at = 0;
            while at < USER_DATA && data.bytes[at] != 0 {
                let len = usize::from(data.bytes[at]);
                let name_len = usize::from(data.bytes[at + 32]);
                if len < RECORD_FIXED + 1 || at + len > USER_DATA || RECORD_FIXED + name_len > len {
                    break;
                }
                out.push(RawRecord {
                    name: data.bytes[at + 33..at + 33 + name_len].to_vec(),
                    bytes: data.bytes[at..at + len].to_vec(),
                });
                at += len;
            }
        }
        Ok(out)
    }

    /// Writes the image with `patch` applied and grown to `total` sectors, the sectors past
    /// its end holding `appended(lba)` (zeros where it gives none), through a temporary file
    /// renamed over `out`.
    fn write_grown<'a>(
        &self,
        patch: &Patch,
        total: u64,
        appended: &dyn Fn(u64) -> &'a [u8],
        out: &Path,
    ) -> Result<(), Error> {
        let layout = self.layout();
        let raw_kind = self.raw_kind();
        let grow = |file: &mut File| {
            let end = layout.offset(layout.sectors);
            file.set_len(end)?;
            file.seek(SeekFrom::Start(end))?;
            let mut writer = std::io::BufWriter::new(&mut *file);
            for lba in layout.sectors..total {
                let data = appended(lba);
                match (layout.form, raw_kind) {
                    (SectorForm::Raw, Some(kind)) => {
                        writer.write_all(&raw_sector(data, lba, kind))?
                    }
                    _ => {
                        let mut cooked = [0u8; USER_DATA];
                        cooked[..data.len()].copy_from_slice(data);
                        writer.write_all(&cooked)?
                    }
                }
            }
            writer.flush()
        };
        self.write_through_copy(patch, out, grow, |_| Ok(()))
    }
}

/// `record` under the name `name` (a new length and identifier, the same dates and flags, its XA
/// system use area), pointing at `extent` when given.
fn renamed(record: &RawRecord, name: &str, extent: Option<(u32, u32)>) -> RawRecord {
    let old = &record.bytes;
    let old_name = usize::from(old[32]);
    // A PlayStation record's system use area is its 14-byte XA record (attributes, "XA"), kept
    // as Shishi Sprite Editor keeps it; any other (Rock Ridge's alternate name) would misname
    // the record, and is left out.
    let system_use = &old[(RECORD_FIXED + old_name + (old_name + 1) % 2).min(old.len())..];
    let system_use = match system_use {
        xa if xa.len() == 14 && &xa[6..8] == b"XA" => xa,
        _ => &[],
    };
    let len = RECORD_FIXED + name.len() + (name.len() + 1) % 2 + system_use.len();
    let mut bytes = vec![0u8; len];
    bytes[..RECORD_FIXED].copy_from_slice(&old[..RECORD_FIXED]);
    bytes[0] = len as u8;
    if let Some((lba, size)) = extent {
        bytes[2..10].copy_from_slice(&both32(lba));
        bytes[10..18].copy_from_slice(&both32(size));
    }
    bytes[32] = name.len() as u8;
    bytes[33..33 + name.len()].copy_from_slice(name.as_bytes());
    bytes[len - system_use.len()..].copy_from_slice(system_use);
    RawRecord {
        name: name.as_bytes().to_vec(),
        bytes,
    }
}
