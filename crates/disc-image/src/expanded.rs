//! Images "expanded" for bigger sprites (docs/disc.md "Expanded images"): every sprite sheet of
//! the `BATTLE` folder moved to a slot of 64 KiB of its own past the retail image's end, slot
//! `i` at sector 219,250 + 32 `i`; the folder's sheet names replaced by slot names (`00.SPR` to
//! `9E.SPR`, the SP2 sheets `8D.SP2`, `9A_2.SP2`, ...); and `BATTLE.BIN`'s sprite location table
//! (0x2DCD4, 159 records of a u32 sector and a u32 size, little-endian), which the game reads,
//! rewritten to the slots.
//!
//! An image is expanded when its `BATTLE` folder holds slot names or its location table points
//! at the slots. A slot is then the sprite its table position names ([`slots`]), so a sheet is
//! found by its retail name (`RAMUZA.SPR` is slot 01) as well as by its slot name. Where the
//! table and the folder disagree, the table is read, as the game reads it, and
//! [`Expansion::disagreement`] says so in one line. A table or folder that cannot be a sound
//! expansion (a slot past the image's end, two slots overlapping, a slot over 64 KiB, a slot
//! name the table lacks) is refused with one error naming the image, the slot and what is wrong.

pub mod attributes;
pub mod slots;
pub mod write;

use crate::disc::{Disc, Entry, RecordAt};
use crate::error::{Error, ErrorKind, ImagePosition};
use crate::sector::USER_DATA;

pub use slots::{SLOT_SPRITES, SLOTS};

/// The folder the sprite files are in.
pub const BATTLE_FOLDER: &str = "BATTLE";
/// The file holding the location table, at the root of the image.
pub const BATTLE_BIN: &str = "BATTLE.BIN";
/// The location table's offset in `BATTLE.BIN`.
pub const LOCATION_TABLE_AT: u64 = 0x2DCD4;
/// The bytes of one record of the location table: a u32 sector, a u32 size.
pub const LOCATION_RECORD: u64 = 8;
/// The bytes of a slot.
pub const SLOT_BYTES: u32 = 1 << 16;
/// The sectors of a slot.
pub const SLOT_SECTORS: u32 = SLOT_BYTES / USER_DATA as u32;
/// The first slot's sector: the retail image ends before it.
pub const FIRST_SLOT_LBA: u32 = 219_250;

/// One record of the location table: where the game reads a sprite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    pub sector: u32,
    pub size: u32,
}

/// Where a record of the location table is in the image: its sector and its offset in that
/// sector's user data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableAt {
    pub sector: u64,
    pub offset: usize,
}

/// One slot of an expanded image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The position in the location table.
    pub position: usize,
    /// The slot's name in the `BATTLE` folder: `01.SPR`.
    pub name: String,
    /// The retail sprite the position names: `RAMUZA.SPR`.
    pub sprite: Option<String>,
    /// Where the game reads it: the table's record, else the folder's.
    pub lba: u32,
    pub size: u32,
    /// The table's record, when the image holds `BATTLE.BIN`.
    pub table: Option<TableAt>,
    /// The folder's record, when it names the slot.
    pub record: Option<RecordAt>,
}

impl Slot {
    /// The slot as a file of the image, under the path `path`.
    pub(crate) fn entry(&self, path: String) -> Entry {
        Entry {
            path,
            size: self.size,
            lba: self.lba,
            directory: false,
            first_sector: None,
            record: self.record.unwrap_or(RecordAt {
                sector: self.table.map_or(0, |t| t.sector),
                offset: self.table.map_or(0, |t| t.offset),
            }),
            slot: Some(self.position),
        }
    }
}

/// What an expanded image's table and folder say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expansion {
    /// Every slot, by position: the table's records (a record of size 0 is no slot), or, with no
    /// `BATTLE.BIN`, the folder's slot names.
    pub slots: Vec<Slot>,
    /// One line when the table and the folder disagree (the table is read).
    pub disagreement: Option<String>,
    /// The SP2 sheets the folder names by slot: the slot name and the retail one.
    pub sp2: Vec<(String, String)>,
}

impl Expansion {
    /// The slot at `position`.
    pub fn slot(&self, position: usize) -> Option<&Slot> {
        self.slots.iter().find(|s| s.position == position)
    }

    /// The retail name of a file the `BATTLE` folder names by slot (`01.SPR` is `RAMUZA.SPR`,
    /// `8D.SP2` is `ARLI2.SP2`).
    pub fn retail_name(&self, slot_name: &str) -> Option<String> {
        if let Some(position) = slots::position_of(slot_name) {
            return SLOT_SPRITES
                .get(position)
                .copied()
                .flatten()
                .map(|s| format!("{s}.SPR"));
        }
        slots::sp2_retail_name(slot_name)
    }
}

impl Disc {
    /// What the image's expansion says, or `None` for an image that is not expanded (read once,
    /// then kept).
    ///
    /// # Errors
    /// A `BATTLE` folder or `BATTLE.BIN` that cannot be read; a table or folder that is not a
    /// sound expansion: a slot past the image's end, two overlapping, one over 64 KiB, a slot
    /// name the table lacks.
    pub fn expansion(&self) -> Result<Option<&Expansion>, Error> {
        if let Some(read) = self.expansion.get() {
            return Ok(read.as_ref());
        }
        let read = self.read_expansion()?;
        Ok(self.expansion.get_or_init(|| read).as_ref())
    }

    fn read_expansion(&self) -> Result<Option<Expansion>, Error> {
        let folder = match self.find_in_directory(BATTLE_FOLDER) {
            Ok(entry) if entry.directory => self.directory_entries(&entry)?,
            Ok(_) => Vec::new(),
            Err(error) if matches!(error.kind, ErrorKind::NotFound { .. }) => Vec::new(),
            Err(error) => return Err(error),
        };
        let named: Vec<(usize, &Entry)> = folder
            .iter()
            .filter_map(|e| {
                let name = e.path.rsplit('/').next()?;
                Some((slots::position_of(name)?, e))
            })
            .collect();
        let table = self.location_table()?;
        let table_expanded = table
            .as_ref()
            .is_some_and(|t| t.iter().any(|(l, _)| l.sector >= FIRST_SLOT_LBA));
        if named.is_empty() && !table_expanded {
            return Ok(None);
        }
        let sp2 = folder
            .iter()
            .filter_map(|e| {
                let name = e.path.rsplit('/').next()?;
                Some((name.to_owned(), slots::sp2_retail_name(name)?))
            })
            .collect();
        let slots = match &table {
            Some(table) => self.slots_of_table(table, &named)?,
            None => self.slots_of_folder(&named)?,
        };
        self.check_slots(&slots)?;
        let disagreement = table
            .as_ref()
            .and_then(|_| self.disagreement(&slots, &named));
        Ok(Some(Expansion {
            slots,
            disagreement,
            sp2,
        }))
    }

    /// The location table's records and where each is, when the image holds `BATTLE.BIN`.
    fn location_table(&self) -> Result<Option<Vec<(Location, TableAt)>>, Error> {
        let bin = match self.find_in_directory(BATTLE_BIN) {
            Ok(entry) if !entry.directory => entry,
            Ok(_) => return Ok(None),
            Err(error) if matches!(error.kind, ErrorKind::NotFound { .. }) => return Ok(None),
            Err(error) => return Err(error),
        };
        let len = SLOTS as u64 * LOCATION_RECORD;
        let bytes = self.read_part(&bin, LOCATION_TABLE_AT, len, "the sprite location table")?;
        Ok(Some(
            bytes
                .chunks_exact(LOCATION_RECORD as usize)
                .enumerate()
                .map(|(i, record)| {
                    let word = |at: usize| {
                        u32::from_le_bytes([
                            record[at],
                            record[at + 1],
                            record[at + 2],
                            record[at + 3],
                        ])
                    };
                    let at = LOCATION_TABLE_AT + i as u64 * LOCATION_RECORD;
                    (
                        Location {
                            sector: word(0),
                            size: word(4),
                        },
                        TableAt {
                            sector: u64::from(bin.lba) + at / USER_DATA as u64,
                            offset: (at % USER_DATA as u64) as usize,
                        },
                    )
                })
                .collect(),
        ))
    }

    fn slots_of_table(
        &self,
        table: &[(Location, TableAt)],
        named: &[(usize, &Entry)],
    ) -> Result<Vec<Slot>, Error> {
        for (position, entry) in named {
            if table.get(*position).is_none_or(|(l, _)| l.size == 0) {
                return Err(self.error(
                    self.record_position(entry.record),
                    ErrorKind::Expansion(format!(
                        "{}: slot {position:02X} is named in the folder, but {BATTLE_BIN}'s \
                         sprite location table {}",
                        entry.path,
                        if *position < SLOTS {
                            "gives it no sector (size 0)".to_owned()
                        } else {
                            format!("holds {SLOTS} slots, 00 to {:02X}", SLOTS - 1)
                        }
                    )),
                ));
            }
        }
        Ok(table
            .iter()
            .enumerate()
            .filter(|(_, (location, _))| location.size != 0)
            .map(|(position, (location, at))| Slot {
                position,
                name: slots::slot_name(position),
                sprite: SLOT_SPRITES[position].map(|s| format!("{s}.SPR")),
                lba: location.sector,
                size: location.size,
                table: Some(*at),
                record: named
                    .iter()
                    .find(|(p, _)| *p == position)
                    .map(|(_, e)| e.record),
            })
            .collect())
    }

    fn slots_of_folder(&self, named: &[(usize, &Entry)]) -> Result<Vec<Slot>, Error> {
        let mut slots = Vec::new();
        for (position, entry) in named {
            let Some(sprite) = SLOT_SPRITES.get(*position) else {
                return Err(self.error(
                    self.record_position(entry.record),
                    ErrorKind::Expansion(format!(
                        "{}: slot {position:02X} is past the {SLOTS} slots of an expanded image \
                         (00 to {:02X})",
                        entry.path,
                        SLOTS - 1
                    )),
                ));
            };
            slots.push(Slot {
                position: *position,
                name: slots::slot_name(*position),
                sprite: sprite.map(|s| format!("{s}.SPR")),
                lba: entry.lba,
                size: entry.size,
                table: None,
                record: Some(entry.record),
            });
        }
        slots.sort_by_key(|s| s.position);
        Ok(slots)
    }

    /// Each slot within the image and within 64 KiB, and no two overlapping.
    fn check_slots(&self, slots: &[Slot]) -> Result<(), Error> {
        let at = |slot: &Slot| match (slot.table, slot.record) {
            (Some(t), _) => self.at(t.sector, t.offset),
            (None, Some(r)) => self.record_position(r),
            (None, None) => None,
        };
        let from = |slot: &Slot| match slot.table {
            Some(_) => format!("{BATTLE_BIN}'s sprite location table"),
            None => format!("the {BATTLE_FOLDER} folder"),
        };
        for slot in slots {
            if slot.size > SLOT_BYTES {
                return Err(self.error(
                    at(slot),
                    ErrorKind::Expansion(format!(
                        "slot {} ({}): {} gives it {} bytes, over the {SLOT_BYTES} bytes of a slot",
                        slot.name,
                        slot.sprite.as_deref().unwrap_or("no retail sprite"),
                        from(slot),
                        slot.size
                    )),
                ));
            }
            let end = u64::from(slot.lba) + u64::from(slot.size).div_ceil(USER_DATA as u64);
            if end > self.layout().sectors {
                return Err(self.error(
                    at(slot),
                    ErrorKind::Expansion(format!(
                        "slot {} ({}): {} puts it at sectors {}..{end} ({} bytes), past the \
                         image's end at sector {}",
                        slot.name,
                        slot.sprite.as_deref().unwrap_or("no retail sprite"),
                        from(slot),
                        slot.lba,
                        slot.size,
                        self.layout().sectors
                    )),
                ));
            }
        }
        let mut by_sector: Vec<&Slot> = slots.iter().collect();
        by_sector.sort_by_key(|s| (s.lba, s.position));
        for pair in by_sector.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let a_end = u64::from(a.lba) + u64::from(a.size).div_ceil(USER_DATA as u64);
            if u64::from(b.lba) < a_end {
                return Err(self.error(
                    at(b),
                    ErrorKind::Expansion(format!(
                        "slots {} and {} overlap: {} puts {} at sectors {}..{a_end} and {} at \
                         sector {}",
                        a.name,
                        b.name,
                        from(b),
                        a.name,
                        a.lba,
                        b.name,
                        b.lba
                    )),
                ));
            }
        }
        Ok(())
    }

    /// The one line saying where the table and the folder disagree, if they do.
    fn disagreement(&self, slots: &[Slot], named: &[(usize, &Entry)]) -> Option<String> {
        let differing: Vec<String> = named
            .iter()
            .filter_map(|(position, entry)| {
                let slot = slots.iter().find(|s| s.position == *position)?;
                (slot.lba != entry.lba || slot.size != entry.size).then(|| {
                    format!(
                        "{}: the table gives sector {}, {} bytes; the folder sector {}, {} bytes",
                        slot.name, slot.lba, slot.size, entry.lba, entry.size
                    )
                })
            })
            .collect();
        let first = differing.first()?;
        let more = match differing.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        Some(format!(
            "{}: {BATTLE_BIN}'s sprite location table and the {BATTLE_FOLDER} folder disagree on \
             {} slot{} ({first}{more}); the table is read, as the game reads it",
            self.image(),
            differing.len(),
            if differing.len() == 1 { "" } else { "s" },
        ))
    }

    /// The slot a `BATTLE` file name gives in an expanded image: a retail sprite name
    /// (`RAMUZA.SPR`) or a slot name (`01.SPR`), as the file to read; an SP2 sheet's retail name
    /// (`ARLI2.SP2`) as its slot name's path; `None` for any other name or image.
    pub(crate) fn find_slot(&self, wanted: &[&str]) -> Result<Option<Entry>, Error> {
        let [folder, name] = wanted else {
            return Ok(None);
        };
        let upper = name.to_ascii_uppercase();
        let bare = upper.split(';').next().unwrap_or(&upper);
        if !folder.eq_ignore_ascii_case(BATTLE_FOLDER)
            || !(bare.ends_with(".SPR") || bare.ends_with(".SP2"))
        {
            return Ok(None);
        }
        let Some(expansion) = self.expansion()? else {
            return Ok(None);
        };
        let path = format!("{BATTLE_FOLDER}/{bare}");
        if let Some(position) = slots::position_of(bare).or_else(|| slots::position_of_sprite(bare))
        {
            return Ok(expansion.slot(position).map(|slot| slot.entry(path)));
        }
        match slots::sp2_slot_name(bare) {
            Some(slot_name) => {
                match self.find_in_directory(&format!("{BATTLE_FOLDER}/{slot_name}")) {
                    Ok(entry) => Ok(Some(Entry { path, ..entry })),
                    Err(error) if matches!(error.kind, ErrorKind::NotFound { .. }) => Ok(None),
                    Err(error) => Err(error),
                }
            }
            None => Ok(None),
        }
    }

    fn record_position(&self, record: RecordAt) -> Option<ImagePosition> {
        self.at(record.sector, record.offset)
    }
}
