//! Encoding SHP files (docs/formats/shp.md 2.7): tables of exactly their fixed size, the u16 length
//! after each, the records back to back, no padding. The records are the binrw declarations of
//! `record.rs`, written in the order `read.rs` reads them.

use super::record::{
    BlockLength, FrameHead, NO_WATER, Pointer, Pointers, TileRecord, UnitHeader, WeaponHeader,
};
use super::{Frame, UNIT_TABLE_ENTRIES, UnitShp, WEAPON_TABLE_ENTRIES, WeaponShp};
use crate::error::{EncodeError, Error, ErrorKind, FieldPath};
use crate::record::{self, Raw};

impl UnitShp {
    /// Encodes the model as a unit SHP.
    ///
    /// # Errors
    /// When a rule of docs/formats/shp.md 2.7 cannot be met: a field out of its bit range, 0 or
    /// more than 8 tiles, more than 256 frames, a block over 65535 bytes, water and main tables of
    /// different lengths.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        if let Some(water) = &self.water
            && water.len() != self.main.len()
        {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                "water table",
                format!(
                    "{} frames, but the main table has {}",
                    water.len(),
                    self.main.len()
                ),
            ));
        }
        let mut out = Vec::with_capacity(self.encoded_len_hint());
        let mut head = UnitHeader {
            water_ptr: NO_WATER,
            lower_half_from: self.lower_half_from,
            extra: self.extra,
        };
        record::write(&mut out, &head);
        write_table::<UNIT_TABLE_ENTRIES>(&mut out, &self.main, "main table")?;
        if let Some(water) = &self.water {
            head.water_ptr = u32::try_from(out.len())
                .map_err(|_| Error::encode(ErrorKind::TooLarge, "file", "over 4 GiB"))?;
            write_table::<UNIT_TABLE_ENTRIES>(&mut out, water, "water table")?;
            let mut header = Vec::with_capacity(UnitHeader::LEN);
            record::write(&mut header, &head);
            out[..UnitHeader::LEN].copy_from_slice(&header);
        }
        Ok(out)
    }

    fn encoded_len_hint(&self) -> usize {
        let block = |frames: &[Frame]| {
            Pointers::<UNIT_TABLE_ENTRIES>::LEN
                + BlockLength::LEN
                + frames.iter().map(Frame::record_len).sum::<usize>()
        };
        UnitHeader::LEN + block(&self.main) + self.water.as_deref().map_or(0, block)
    }
}

impl WeaponShp {
    /// Encodes the model as a weapon/effect SHP.
    ///
    /// # Errors
    /// As for [`UnitShp::encode`], with 512 frames at most.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let mut out = Vec::with_capacity(
            super::WEAPON_FIRST_SECTION_LEN
                + Pointers::<WEAPON_TABLE_ENTRIES>::LEN
                + BlockLength::LEN
                + self.frames.iter().map(Frame::record_len).sum::<usize>(),
        );
        record::write(
            &mut out,
            &WeaponHeader {
                first_section: Raw(self.first_section),
            },
        );
        write_table::<WEAPON_TABLE_ENTRIES>(&mut out, &self.frames, "frame table")?;
        Ok(out)
    }
}

fn write_table<const N: usize>(
    out: &mut Vec<u8>,
    frames: &[Frame],
    table: &'static str,
) -> Result<(), EncodeError> {
    if frames.is_empty() {
        return Err(Error::encode(
            ErrorKind::Empty,
            table,
            "no frames; a table holds at least frame 0",
        ));
    }
    if frames.len() > N {
        return Err(Error::encode(
            ErrorKind::TooMany,
            table,
            format!("{} frames, at most {N} fit", frames.len()),
        ));
    }
    let mut pointers = [Pointer { offset: 0 }; N];
    let mut pos = 0usize;
    for (pointer, frame) in pointers.iter_mut().zip(frames) {
        pointer.offset = pos as u32;
        pos += frame.record_len();
    }
    let len = u16::try_from(pos).map_err(|_| {
        Error::encode(
            ErrorKind::TooLarge,
            table,
            format!("a data block of {pos} bytes; at most 65535 fit"),
        )
    })?;
    for pointer in &pointers {
        record::write(out, pointer);
    }
    record::write(out, &BlockLength { len });
    for (index, frame) in frames.iter().enumerate() {
        write_frame(out, frame, || {
            FieldPath::part(table).then_index("frame", index)
        })?;
    }
    Ok(())
}

fn write_frame(
    out: &mut Vec<u8>,
    frame: &Frame,
    what: impl Fn() -> FieldPath,
) -> Result<(), EncodeError> {
    let head =
        FrameHead::new(frame.rotation, frame.flags, frame.tiles.len()).map_err(|problem| {
            let kind = if frame.tiles.is_empty() {
                ErrorKind::Empty
            } else if frame.tiles.len() > super::MAX_TILES_PER_FRAME {
                ErrorKind::TooMany
            } else {
                ErrorKind::OutOfRange
            };
            Error::encode(kind, what(), problem)
        })?;
    record::write(out, &head);
    for (t, tile) in frame.tiles.iter().enumerate() {
        let tile = TileRecord::try_from(tile).map_err(|problem| {
            Error::encode(ErrorKind::OutOfRange, what().then_index("tile", t), problem)
        })?;
        record::write(out, &tile);
    }
    Ok(())
}
