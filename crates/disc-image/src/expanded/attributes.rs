//! `BATTLE.BIN`'s sprite attribute table (docs/disc.md "Sprite attributes"): at byte 0x2D748, one
//! record of 4 bytes for each position of the location table ([`super::slots`]): the SHP kind,
//! the SEQ kind, whether the unit flies, its height. The game draws a sheet with the SHP and SEQ
//! its record names, so an image that holds `BATTLE.BIN` says each sheet's kind itself.

use super::BATTLE_BIN;
use super::slots::{self, SLOTS};
use crate::disc::Disc;
use crate::error::{Error, ErrorKind};

/// The attribute table's offset in `BATTLE.BIN`.
pub const ATTRIBUTE_TABLE_AT: u64 = 0x2D748;
/// The bytes of one record.
pub const ATTRIBUTE_RECORD: u64 = 4;

/// The kinds a record names, by number (Shishi Sprite Editor's numbering; 4 is unnamed there).
pub const KINDS: [Option<&str>; 8] = [
    Some("TYPE1"),
    Some("TYPE2"),
    Some("CYOKO"),
    Some("MON"),
    None,
    Some("RUKA"),
    Some("ARUTE"),
    Some("KANZEN"),
];

/// One record of the attribute table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpriteAttributes {
    /// The position in the table (and in the location table).
    pub position: usize,
    pub shp: u8,
    pub seq: u8,
    pub flying: bool,
    pub height: u8,
}

/// A kind by its number: `TYPE1`, or `kind 4` where no name is known.
pub fn kind_name(kind: u8) -> String {
    match KINDS.get(usize::from(kind)).copied().flatten() {
        Some(name) => name.to_owned(),
        None => format!("kind {kind}"),
    }
}

impl Disc {
    /// The attribute record of the sheet `name` (`RAMUZA.SPR`, or a slot name `01.SPR`), from
    /// `BATTLE.BIN` at the image's root; `None` for a name the table does not number or an image
    /// without `BATTLE.BIN`.
    ///
    /// # Errors
    /// A `BATTLE.BIN` too short for the table, or that cannot be read.
    pub fn sprite_attributes(&self, name: &str) -> Result<Option<SpriteAttributes>, Error> {
        let bare = name.rsplit(['/', '\\']).next().unwrap_or(name);
        let Some(position) = slots::position_of(bare).or_else(|| slots::position_of_sprite(bare))
        else {
            return Ok(None);
        };
        let bin = match self.find_in_directory(BATTLE_BIN) {
            Ok(entry) if !entry.directory => entry,
            Ok(_) => return Ok(None),
            Err(error) if matches!(error.kind, ErrorKind::NotFound { .. }) => return Ok(None),
            Err(error) => return Err(error),
        };
        let table = self.read_part(
            &bin,
            ATTRIBUTE_TABLE_AT,
            SLOTS as u64 * ATTRIBUTE_RECORD,
            "the sprite attribute table",
        )?;
        let record = &table[position * ATTRIBUTE_RECORD as usize..][..ATTRIBUTE_RECORD as usize];
        Ok(Some(SpriteAttributes {
            position,
            shp: record[0],
            seq: record[1],
            flying: record[2] != 0,
            height: record[3],
        }))
    }
}
