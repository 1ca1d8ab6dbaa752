//! Decoding SHP files, in the order of docs/formats/shp.md. The records come from the binrw
//! declarations of `record.rs`; every pointer and length is checked against the bytes before it
//! is followed, so no input can make the decoder allocate more than the tables' fixed sizes
//! allow.

use super::record::{
    BlockLength, FrameHead, NO_WATER, Pointer, Pointers, TileRecord, UnitHeader, WeaponHeader,
};
use super::{
    Frame, MAX_TILES_PER_FRAME, UNIT_TABLE_ENTRIES, UnitShp, WEAPON_TABLE_ENTRIES, WeaponShp,
    layout,
};
use crate::error::{DecodeError, Error, ErrorKind, FieldPath, PathFrame};
use crate::record;

/// The path of a unit SHP header field.
fn header(field: &'static str) -> FieldPath {
    FieldPath::part("header").then(PathFrame::Field(field))
}

impl UnitShp {
    /// Decodes a unit SHP.
    ///
    /// # Errors
    /// The first structural rule of docs/formats/shp.md 2.1-2.3 the bytes break, with its offset.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let head: UnitHeader = record::read(bytes, 0, || FieldPath::part("header"))?;
        let (main, main_end) =
            read_table::<UNIT_TABLE_ENTRIES>(bytes, UnitHeader::LEN, "main table")?;
        let water = if head.water_ptr == NO_WATER {
            expect_end(bytes, main_end)?;
            None
        } else {
            if usize::try_from(head.water_ptr).ok() != Some(main_end) {
                return Err(Error::decode(
                    ErrorKind::BadPointer,
                    UnitHeader::WATER_PTR_AT,
                    header("water_ptr"),
                    format!("8 (no water section) or 0x{main_end:X} (the end of the main block)"),
                    format!("0x{:X}", head.water_ptr),
                ));
            }
            let (water, water_end) =
                read_table::<UNIT_TABLE_ENTRIES>(bytes, main_end, "water table")?;
            if water.len() != main.len() {
                return Err(Error::decode(
                    ErrorKind::BadLength,
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
            lower_half_from: head.lower_half_from,
            extra: head.extra,
            main,
            water,
        })
    }
}

impl WeaponShp {
    /// Decodes a weapon or effect SHP.
    ///
    /// # Errors
    /// The first structural rule of docs/formats/shp.md 2.6 the bytes break, with its offset.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let head: WeaponHeader = record::read(bytes, 0, || FieldPath::part("first section"))?;
        let (frames, end) = read_table::<WEAPON_TABLE_ENTRIES>(
            bytes,
            super::WEAPON_FIRST_SECTION_LEN,
            "frame table",
        )?;
        expect_end(bytes, end)?;
        Ok(Self {
            first_section: head.first_section.0,
            frames,
        })
    }
}

fn expect_end(bytes: &[u8], end: usize) -> Result<(), DecodeError> {
    if bytes.len() == end {
        Ok(())
    } else {
        Err(Error::decode(
            ErrorKind::TrailingBytes,
            end,
            "end of file",
            format!("the file to end at 0x{end:X}"),
            format!("{} more bytes", bytes.len().saturating_sub(end)),
        ))
    }
}

/// Reads a table of `N` pointers at `table_at`, the block length after it and the records of the
/// block, which must lie back to back in index order. Returns the frames and the offset just past
/// the block.
fn read_table<const N: usize>(
    bytes: &[u8],
    table_at: usize,
    table: &'static str,
) -> Result<(Vec<Frame>, usize), DecodeError> {
    let len_at = table_at + Pointers::<N>::LEN;
    let path = || FieldPath::part(table);
    let block_len = usize::from(record::read::<BlockLength>(bytes, len_at, path)?.len);
    let block_at = len_at + BlockLength::LEN;
    let block_end = block_at + block_len;
    if block_end > bytes.len() {
        return Err(Error::decode(
            ErrorKind::BadLength,
            len_at,
            path().then_part("block length"),
            format!(
                "at most {} (the bytes left in the file)",
                bytes.len().saturating_sub(block_at)
            ),
            block_len,
        ));
    }
    if block_len == 0 {
        return Err(Error::decode(
            ErrorKind::BadLength,
            len_at,
            path().then_part("block length"),
            "at least one frame record",
            0,
        ));
    }
    // Each pointer is read when it is checked, as the records are walked.
    let pointer = |index: usize| -> Result<u32, DecodeError> {
        let at = table_at + Pointer::LEN * index;
        let entry: Pointer = record::read(bytes, at, || path().then_index("pointer", index))?;
        Ok(entry.offset)
    };
    let pointer_error = |index: usize, expected: String, found: u32| {
        Error::decode(
            ErrorKind::BadPointer,
            table_at + Pointer::LEN * index,
            path().then_index("pointer", index),
            expected,
            format!("0x{found:X}"),
        )
    };
    let mut frames = Vec::new();
    let mut pos = 0;
    while pos < block_len {
        let index = frames.len();
        if index == N {
            return Err(Error::decode(
                ErrorKind::BadLength,
                block_at + pos,
                path().then_part("data block"),
                format!("no bytes after the {N}th frame record"),
                format!("{} more bytes", block_len - pos),
            ));
        }
        let stored = pointer(index)?;
        if usize::try_from(stored).ok() != Some(pos) {
            return Err(pointer_error(
                index,
                format!("0x{pos:X} (records back to back in index order)"),
                stored,
            ));
        }
        let frame = read_frame(bytes, block_at + pos, block_end, || {
            path().then_index("frame", index)
        })?;
        pos += frame.record_len();
        frames.push(frame);
    }
    for index in frames.len()..N {
        let stored = pointer(index)?;
        if stored != 0 {
            return Err(pointer_error(
                index,
                format!("0 (the table ends after frame {})", frames.len() - 1),
                stored,
            ));
        }
    }
    Ok((frames, block_end))
}

fn read_frame(
    bytes: &[u8],
    at: usize,
    block_end: usize,
    frame: impl Fn() -> FieldPath,
) -> Result<Frame, DecodeError> {
    let head: FrameHead = record::read(bytes, at, &frame)?;
    let count = head.tile_count();
    let end = layout::tile_at(at, count);
    if end > block_end {
        return Err(Error::decode(
            ErrorKind::BadLength,
            at,
            frame().then_part("record header"),
            format!("a record of {count} tiles to fit before the block ends at 0x{block_end:X}"),
            format!("one ending at 0x{end:X}"),
        ));
    }
    debug_assert!(count <= MAX_TILES_PER_FRAME);
    let mut tiles = Vec::with_capacity(count);
    for t in 0..count {
        let tile_at = layout::tile_at(at, t);
        let tile: TileRecord = record::read(bytes, tile_at, || frame().then_index("tile", t))?;
        tiles.push(tile.into());
    }
    Ok(Frame {
        rotation: head.rotation(),
        flags: head.flags,
        tiles,
    })
}
