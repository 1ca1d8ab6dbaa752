//! Decoding SHP files, in the order of formats.md section 2. Every pointer and length is checked
//! against the bytes before it is followed, so no input can make the decoder allocate more than
//! the tables' fixed sizes allow.

use super::{
    Frame, MAX_TILES_PER_FRAME, Tile, UNIT_TABLE_ENTRIES, UnitShp, WEAPON_FIRST_SECTION_LEN,
    WEAPON_TABLE_ENTRIES, WeaponShp,
};
use crate::bytes::{array, u8_at, u16_at, u32_at};
use crate::error::DecodeError;

/// `water_ptr` value meaning "no water section".
pub(super) const NO_WATER: u32 = 8;
/// Where the unit SHP main table starts.
pub(super) const UNIT_MAIN_TABLE: usize = 8;
/// Where the weapon/effect SHP table starts.
pub(super) const WEAPON_TABLE: usize = WEAPON_FIRST_SECTION_LEN;

impl UnitShp {
    /// Decodes a unit SHP.
    ///
    /// # Errors
    /// The first structural rule of formats.md 2.1-2.3 the bytes break, with its offset.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let water_ptr = u32_at(bytes, 0, || "header water_ptr".into())?;
        let lower_half_from = u16_at(bytes, 4, || "header lower_half_from".into())?;
        let extra = u16_at(bytes, 6, || "header extra".into())?;
        let (main, main_end) =
            read_table(bytes, UNIT_MAIN_TABLE, UNIT_TABLE_ENTRIES, "main table")?;
        let water = if water_ptr == NO_WATER {
            expect_end(bytes, main_end)?;
            None
        } else {
            if usize::try_from(water_ptr).ok() != Some(main_end) {
                return Err(DecodeError::new(
                    0,
                    "header water_ptr",
                    format!("8 (no water section) or 0x{main_end:X} (the end of the main block)"),
                    format!("0x{water_ptr:X}"),
                ));
            }
            let (water, water_end) =
                read_table(bytes, main_end, UNIT_TABLE_ENTRIES, "water table")?;
            if water.len() != main.len() {
                return Err(DecodeError::new(
                    main_end,
                    "water table",
                    format!("{} frames, as many as the main table", main.len()),
                    format!("{} frames", water.len()),
                ));
            }
            expect_end(bytes, water_end)?;
            Some(water)
        };
        Ok(Self {
            lower_half_from,
            extra,
            main,
            water,
        })
    }
}

impl WeaponShp {
    /// Decodes a weapon or effect SHP.
    ///
    /// # Errors
    /// The first structural rule of formats.md 2.6 the bytes break, with its offset.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let first_section = array(bytes, 0, || "first section".into())?;
        let (frames, end) = read_table(bytes, WEAPON_TABLE, WEAPON_TABLE_ENTRIES, "frame table")?;
        expect_end(bytes, end)?;
        Ok(Self {
            first_section,
            frames,
        })
    }
}

fn expect_end(bytes: &[u8], end: usize) -> Result<(), DecodeError> {
    if bytes.len() == end {
        Ok(())
    } else {
        Err(DecodeError::new(
            end,
            "end of file",
            format!("the file to end at 0x{end:X}"),
            format!("{} more bytes", bytes.len().saturating_sub(end)),
        ))
    }
}

/// Reads a pointer table of `entries` u32, the u16 block length after it and the records of the
/// block, which must lie back to back in index order. Returns the frames and the offset just past
/// the block.
fn read_table(
    bytes: &[u8],
    table_at: usize,
    entries: usize,
    table: &'static str,
) -> Result<(Vec<Frame>, usize), DecodeError> {
    let pointer = |i: usize| u32_at(bytes, table_at + 4 * i, || format!("{table}, pointer {i}"));
    let len_at = table_at + 4 * entries;
    let block_len = usize::from(u16_at(bytes, len_at, || format!("{table}, block length"))?);
    let block_at = len_at + 2;
    let block_end = block_at + block_len;
    if block_end > bytes.len() {
        return Err(DecodeError::new(
            len_at,
            format!("{table}, block length"),
            format!(
                "at most {} (the bytes left in the file)",
                bytes.len().saturating_sub(block_at)
            ),
            block_len,
        ));
    }
    if block_len == 0 {
        return Err(DecodeError::new(
            len_at,
            format!("{table}, block length"),
            "at least one frame record",
            0,
        ));
    }
    let mut frames = Vec::new();
    let mut pos = 0;
    while pos < block_len {
        let index = frames.len();
        if index == entries {
            return Err(DecodeError::new(
                block_at + pos,
                format!("{table}, data block"),
                format!("no bytes after the {entries}th frame record"),
                format!("{} more bytes", block_len - pos),
            ));
        }
        let stored = pointer(index)?;
        if usize::try_from(stored).ok() != Some(pos) {
            return Err(DecodeError::new(
                table_at + 4 * index,
                format!("{table}, pointer {index}"),
                format!("0x{pos:X} (records back to back in index order)"),
                format!("0x{stored:X}"),
            ));
        }
        let frame = read_frame(bytes, block_at + pos, block_end, || {
            format!("{table}, frame {index}")
        })?;
        pos += frame.record_len();
        frames.push(frame);
    }
    for index in frames.len()..entries {
        let stored = pointer(index)?;
        if stored != 0 {
            return Err(DecodeError::new(
                table_at + 4 * index,
                format!("{table}, pointer {index}"),
                format!("0 (the table ends after frame {})", frames.len() - 1),
                format!("0x{stored:X}"),
            ));
        }
    }
    Ok((frames, block_end))
}

fn read_frame(
    bytes: &[u8],
    at: usize,
    block_end: usize,
    frame: impl Fn() -> String,
) -> Result<Frame, DecodeError> {
    let head = u8_at(bytes, at, || format!("{}, record header", frame()))?;
    let flags = u8_at(bytes, at + 1, || format!("{}, record flags", frame()))?;
    let count = usize::from(head & 0x07) + 1;
    let end = at + 2 + 4 * count;
    if end > block_end {
        return Err(DecodeError::new(
            at,
            format!("{}, record header", frame()),
            format!("a record of {count} tiles to fit before the block ends at 0x{block_end:X}"),
            format!("one ending at 0x{end:X}"),
        ));
    }
    debug_assert!(count <= MAX_TILES_PER_FRAME);
    let mut tiles = Vec::with_capacity(count);
    for t in 0..count {
        let tile_at = at + 2 + 4 * t;
        let [dx, dy, lo, hi] = array(bytes, tile_at, || format!("{}, tile {t}", frame()))?;
        tiles.push(Tile::from_record(dx, dy, u16::from_le_bytes([lo, hi])));
    }
    Ok(Frame {
        rotation: head >> 3,
        flags,
        tiles,
    })
}

impl Tile {
    fn from_record(dx: u8, dy: u8, word: u16) -> Self {
        Self {
            dx: dx as i8,
            dy: dy as i8,
            column: (word & 0x1F) as u8,
            row: ((word >> 5) & 0x1F) as u8,
            size_code: ((word >> 10) & 0x0F) as u8,
            flip_x: word & 0x4000 != 0,
            flip_y: word & 0x8000 != 0,
        }
    }
}
