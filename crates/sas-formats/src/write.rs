//! Encoding: the parts in file order, offsets computed from their sizes.

use std::io::Cursor;

use binrw::BinWrite;

use crate::error::{EncodeError, Error, ErrorKind, FieldPath};
use crate::model::{BodyItem, ByteOrder, Frame, SasSet, Sprite, Version};
use crate::records::{
    BlockHead, FrameV0, FrameV3, HeaderV0, HeaderV3, QuadV0, QuadV3, SlotRow, SpriteHeadV0,
    SpriteHeadV3, Word,
};

/// Bytes being written in a byte order.
pub(crate) struct Writer {
    pub bytes: Vec<u8>,
    pub order: ByteOrder,
}

impl Writer {
    pub fn put<T>(&mut self, record: &T)
    where
        T: for<'b> BinWrite<Args<'b> = ()>,
    {
        let mut cursor = Cursor::new(&mut self.bytes);
        cursor.set_position(cursor.get_ref().len() as u64);
        // Writing to a Vec cannot fail.
        record
            .write_options(&mut cursor, self.order.binrw(), ())
            .expect("writing a record to memory");
    }
}

/// A value converted to a narrower field, or an error naming it (`field` of the part `path`).
fn narrow<T: TryFrom<i64>>(
    value: i64,
    path: impl FnOnce() -> FieldPath,
    field: &str,
    range: &str,
) -> Result<T, EncodeError> {
    T::try_from(value).map_err(|_| {
        Error::encode(
            ErrorKind::OutOfRange { value },
            path(),
            format!("{field} {value} does not fit {range}"),
        )
    })
}

/// A file offset as a u32.
fn offset32(offset: usize, what: &'static str) -> Result<u32, EncodeError> {
    u32::try_from(offset).map_err(|_| {
        Error::encode(
            ErrorKind::TooLarge,
            FieldPath::part(what),
            "the file would pass 4 GiB",
        )
    })
}

/// The path of a slot.
fn slot_path(animation: usize, direction: usize) -> FieldPath {
    FieldPath::index("animation", animation).then_index("direction", direction)
}

/// Where each part of a set lies in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// The sprite table (right after the animation table).
    pub sprite_table: usize,
    /// Each sprite.
    pub sprites: Vec<usize>,
    /// Each body item (block, dead frames, unreached bytes).
    pub body: Vec<usize>,
    /// Each block, in body order (what the animation table points at).
    pub blocks: Vec<usize>,
    /// Where the last body item ends (the trailing bytes start).
    pub end: usize,
}

impl SasSet {
    /// Where each part lies: the order of the parts and their sizes decide it.
    pub fn layout(&self) -> Layout {
        let version = self.version;
        let sprite_table = version.header_len() + 16 * self.animations.len();
        let mut position = sprite_table + 4 + 4 * self.sprites.len();
        let mut sprites = Vec::with_capacity(self.sprites.len());
        for sprite in &self.sprites {
            sprites.push(position);
            position += version.sprite_head_len() + version.quad_len() * sprite.quads.len();
        }
        let mut body = Vec::with_capacity(self.body.len());
        let mut blocks = Vec::new();
        for item in &self.body {
            body.push(position);
            position += match item {
                BodyItem::Block(block) => {
                    blocks.push(position);
                    4 + version.frame_len() * block.frames.len()
                }
                BodyItem::DeadFrames(frames) => version.frame_len() * frames.len(),
                BodyItem::Unreached(bytes) => bytes.len(),
            };
        }
        Layout {
            sprite_table,
            sprites,
            body,
            blocks,
            end: position,
        }
    }

    /// Encodes the set: for any decoded file, its original bytes.
    ///
    /// # Errors
    /// A value that does not fit its field (a `SAS\0` quad wider than 255, more than 255 quads in
    /// a sprite, ...), a slot naming a block that does not exist, or a block that no slot names
    /// (it would read back as dead frames).
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let version = self.version;
        let block_count = self.blocks().count();
        let mut named = vec![false; block_count];
        for (a, row) in self.animations.iter().enumerate() {
            for (d, slot) in row.iter().enumerate() {
                if let Some(block) = slot.block {
                    *named.get_mut(block).ok_or_else(|| {
                        Error::encode(
                            ErrorKind::NoSuchBlock {
                                block,
                                blocks: block_count,
                            },
                            slot_path(a, d),
                            format!("block {block} does not exist ({block_count} blocks)"),
                        )
                    })? = true;
                }
            }
        }
        if let Some(block) = named.iter().position(|n| !n) {
            return Err(Error::encode(
                ErrorKind::UnplayedBlock { block },
                FieldPath::index("block", block),
                "no slot plays it; store its frames as dead frames instead",
            ));
        }
        if version == Version::V0 && self.scale != 1 {
            return Err(Error::encode(
                ErrorKind::NotInVersion { version },
                FieldPath::part("header"),
                format!("a SAS\\0 has no scale (1), not {}", self.scale),
            ));
        }

        let layout = self.layout();
        let sprite_table = layout.sprite_table;
        let sprite_offsets = layout
            .sprites
            .iter()
            .map(|&offset| offset32(offset, "sprite table"))
            .collect::<Result<Vec<_>, _>>()?;
        let block_offsets = &layout.blocks;
        let position = layout.end;

        let mut out = Writer {
            bytes: Vec::with_capacity(position + self.trailing.len()),
            order: self.byte_order,
        };
        out.bytes.extend(version.magic_in(self.byte_order));
        let table = offset32(sprite_table, "animation table")?;
        match version {
            Version::V3 => out.put(&HeaderV3 {
                scale: self.scale,
                reserved: [0; 3],
                sprite_table_offset: table,
                unknown_count: self.unknown_count,
            }),
            Version::V0 => out.put(&HeaderV0 {
                sprite_table_offset: table,
                unknown_count: self.unknown_count,
            }),
        }
        for (a, row) in self.animations.iter().enumerate() {
            let mut values = [0; 4];
            for (d, slot) in row.iter().enumerate() {
                let offset = slot.block.map_or(0, |b| block_offsets[b]);
                if offset > (u32::MAX >> 1) as usize {
                    return Err(Error::encode(
                        ErrorKind::TooLarge,
                        slot_path(a, d),
                        "the block lies past 2 GiB, beyond what offset << 1 holds",
                    ));
                }
                values[d] = (offset as u32) << 1 | u32::from(slot.mirrored);
            }
            out.put(&SlotRow { values });
        }
        out.put(&Word(offset32(self.sprites.len(), "sprite count")?));
        for &offset in &sprite_offsets {
            out.put(&Word(offset));
        }
        for (index, sprite) in self.sprites.iter().enumerate() {
            write_sprite(&mut out, version, sprite, index)?;
        }
        let mut block_index = 0;
        for item in &self.body {
            match item {
                BodyItem::Block(block) => {
                    let path = || FieldPath::index("block", block_index);
                    let frame_count =
                        narrow(block.frames.len() as i64, path, "frame count", "u16")?;
                    out.put(&BlockHead {
                        frame_count,
                        duration: block.duration,
                    });
                    for (f, frame) in block.frames.iter().enumerate() {
                        write_frame(&mut out, version, frame, || path().then_index("frame", f))?;
                    }
                    block_index += 1;
                }
                BodyItem::DeadFrames(frames) => {
                    for frame in frames {
                        write_frame(&mut out, version, frame, || FieldPath::part("dead frame"))?;
                    }
                }
                BodyItem::Unreached(bytes) => out.bytes.extend_from_slice(bytes),
            }
        }
        out.bytes.extend_from_slice(&self.trailing);
        Ok(out.bytes)
    }
}

fn write_sprite(
    out: &mut Writer,
    version: Version,
    sprite: &Sprite,
    index: usize,
) -> Result<(), EncodeError> {
    let path = || FieldPath::index("sprite", index);
    let quad_count: u8 = narrow(sprite.quads.len() as i64, path, "quad count", "u8")?;
    match version {
        Version::V3 => out.put(&SpriteHeadV3 {
            sheet: sprite.sheet,
            quad_count,
            center_x: sprite.center_x,
            center_y: sprite.center_y,
        }),
        Version::V0 => out.put(&SpriteHeadV0 {
            sheet: sprite.sheet,
            center_x: narrow(sprite.center_x.into(), path, "center_x", "s8")?,
            center_y: narrow(sprite.center_y.into(), path, "center_y", "s8")?,
            quad_count,
        }),
    }
    for (q, quad) in sprite.quads.iter().enumerate() {
        let what = || path().then_index("quad", q);
        match version {
            Version::V3 => out.put(&QuadV3 {
                x: quad.x,
                y: quad.y,
                width: quad.width,
                height: quad.height,
                u: quad.u,
                v: quad.v,
            }),
            Version::V0 => out.put(&QuadV0 {
                x: narrow(quad.x.into(), what, "x", "s8")?,
                y: narrow(quad.y.into(), what, "y", "s8")?,
                width: narrow(quad.width.into(), what, "width", "u8")?,
                height: narrow(quad.height.into(), what, "height", "u8")?,
                u: quad.u,
                v: quad.v,
            }),
        }
    }
    Ok(())
}

fn write_frame(
    out: &mut Writer,
    version: Version,
    frame: &Frame,
    what: impl Fn() -> FieldPath,
) -> Result<(), EncodeError> {
    let a = &frame.args;
    match version {
        Version::V3 => {
            if a.tail != 0 {
                return Err(Error::encode(
                    ErrorKind::NotInVersion { version },
                    what(),
                    "a SAS3 frame has no tail byte (SAS\\0 only)",
                ));
            }
            out.put(&FrameV3 {
                time: frame.time,
                kind: frame.kind,
                reserved: frame.reserved,
                sprite: a.sprite,
                x1: a.x1,
                y1: a.y1,
                unknown2: a.unknown2,
                x2: a.x2,
                y2: a.y2,
                unknown5: a.unknown5,
            });
        }
        Version::V0 => out.put(&FrameV0 {
            time: frame.time,
            kind: frame.kind,
            reserved: frame.reserved,
            sprite: a.sprite,
            x1: a.x1,
            y1: a.y1,
            unknown5: narrow(a.unknown5.into(), &what, "unknown5", "u8")?,
            x2: narrow(a.x2.into(), &what, "x2", "u8 (0..255 in SAS\\0)")?,
            y2: narrow(a.y2.into(), &what, "y2", "u8 (0..255 in SAS\\0)")?,
            unknown2: a.unknown2,
            tail: a.tail,
        }),
    }
    Ok(())
}
