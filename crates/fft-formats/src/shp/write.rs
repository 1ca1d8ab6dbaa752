//! Encoding SHP files (formats.md 2.7): tables of exactly their fixed size, the u16 length after
//! each, the records back to back, no padding. Mirrors `read.rs`.

use super::read::{NO_WATER, UNIT_MAIN_TABLE};
use super::{
    Frame, MAX_TILES_PER_FRAME, Tile, UNIT_TABLE_ENTRIES, UnitShp, WEAPON_TABLE_ENTRIES, WeaponShp,
};
use crate::error::EncodeError;

impl UnitShp {
    /// Encodes the model as a unit SHP.
    ///
    /// # Errors
    /// When a rule of formats.md 2.7 cannot be met: a field out of its bit range, 0 or more than
    /// 8 tiles, more than 256 frames, a block over 65535 bytes, water and main tables of
    /// different lengths.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        if let Some(water) = &self.water
            && water.len() != self.main.len()
        {
            return Err(EncodeError::new(
                "water table",
                format!(
                    "{} frames, but the main table has {}",
                    water.len(),
                    self.main.len()
                ),
            ));
        }
        let mut out = Vec::with_capacity(self.encoded_len_hint());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&self.lower_half_from.to_le_bytes());
        out.extend_from_slice(&self.extra.to_le_bytes());
        debug_assert_eq!(out.len(), UNIT_MAIN_TABLE);
        write_table(&mut out, &self.main, UNIT_TABLE_ENTRIES, "main table")?;
        let water_ptr = match &self.water {
            None => NO_WATER,
            Some(water) => {
                let at =
                    u32::try_from(out.len()).map_err(|_| EncodeError::new("file", "over 4 GiB"))?;
                write_table(&mut out, water, UNIT_TABLE_ENTRIES, "water table")?;
                at
            }
        };
        out[0..4].copy_from_slice(&water_ptr.to_le_bytes());
        Ok(out)
    }

    fn encoded_len_hint(&self) -> usize {
        let block = |frames: &[Frame]| {
            4 * UNIT_TABLE_ENTRIES + 2 + frames.iter().map(Frame::record_len).sum::<usize>()
        };
        8 + block(&self.main) + self.water.as_deref().map_or(0, block)
    }
}

impl WeaponShp {
    /// Encodes the model as a weapon/effect SHP.
    ///
    /// # Errors
    /// As for [`UnitShp::encode`], with 512 frames at most.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let mut out =
            Vec::with_capacity(0x846 + self.frames.iter().map(Frame::record_len).sum::<usize>());
        out.extend_from_slice(&self.first_section);
        write_table(&mut out, &self.frames, WEAPON_TABLE_ENTRIES, "frame table")?;
        Ok(out)
    }
}

fn write_table(
    out: &mut Vec<u8>,
    frames: &[Frame],
    entries: usize,
    table: &str,
) -> Result<(), EncodeError> {
    if frames.is_empty() {
        return Err(EncodeError::new(
            table,
            "no frames; a table holds at least frame 0",
        ));
    }
    if frames.len() > entries {
        return Err(EncodeError::new(
            table,
            format!("{} frames, at most {entries} fit", frames.len()),
        ));
    }
    let mut pos = 0usize;
    for index in 0..entries {
        let pointer = if index < frames.len() { pos } else { 0 };
        out.extend_from_slice(&(pointer as u32).to_le_bytes());
        if let Some(frame) = frames.get(index) {
            pos += frame.record_len();
        }
    }
    let block_len = u16::try_from(pos).map_err(|_| {
        EncodeError::new(
            table,
            format!("a data block of {pos} bytes; at most 65535 fit"),
        )
    })?;
    out.extend_from_slice(&block_len.to_le_bytes());
    for (index, frame) in frames.iter().enumerate() {
        write_frame(out, frame, || format!("{table}, frame {index}"))?;
    }
    Ok(())
}

fn write_frame(
    out: &mut Vec<u8>,
    frame: &Frame,
    what: impl Fn() -> String,
) -> Result<(), EncodeError> {
    let count = frame.tiles.len();
    if !(1..=MAX_TILES_PER_FRAME).contains(&count) {
        return Err(EncodeError::new(
            what(),
            format!("{count} tiles; a frame holds 1 to 8"),
        ));
    }
    if frame.rotation > 0x1F {
        return Err(EncodeError::new(
            what(),
            format!("rotation {} does not fit in 5 bits", frame.rotation),
        ));
    }
    out.push((frame.rotation << 3) | (count as u8 - 1));
    out.push(frame.flags);
    for (t, tile) in frame.tiles.iter().enumerate() {
        let word = tile
            .record_word()
            .map_err(|problem| EncodeError::new(format!("{}, tile {t}", what()), problem))?;
        out.push(tile.dx as u8);
        out.push(tile.dy as u8);
        out.extend_from_slice(&word.to_le_bytes());
    }
    Ok(())
}

impl Tile {
    fn record_word(&self) -> Result<u16, String> {
        if self.column > 0x1F {
            return Err(format!("column {} does not fit in 5 bits", self.column));
        }
        if self.row > 0x1F {
            return Err(format!("row {} does not fit in 5 bits", self.row));
        }
        if self.size_code > 0x0F {
            return Err(format!(
                "size code {} is not in the size table",
                self.size_code
            ));
        }
        Ok(u16::from(self.column)
            | u16::from(self.row) << 5
            | u16::from(self.size_code) << 10
            | u16::from(self.flip_x) << 14
            | u16::from(self.flip_y) << 15)
    }
}
