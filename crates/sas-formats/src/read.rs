//! Decoding: bounds-checked record reads, and the walk through a SAS file in its layout's order.

use std::collections::BTreeMap;
use std::io::Cursor;

use binrw::BinRead;

use crate::error::{DecodeError, Error, ErrorKind, FieldPath, PathFrame};
use crate::model::{
    Block, BodyItem, ByteOrder, Frame, FrameArgs, Quad, SasSet, Slot, Sprite, Version,
};
use crate::records::{
    BlockHead, FrameV0, FrameV3, HeaderV0, HeaderV3, QuadV0, QuadV3, Record, SlotRow, SpriteHeadV0,
    SpriteHeadV3, Word,
};

/// Bytes in a byte order, read record by record.
pub(crate) struct Reader<'a> {
    pub bytes: &'a [u8],
    pub order: ByteOrder,
}

impl Reader<'_> {
    /// Reads record `T` at `offset`, or says that the file ends before the record `path` names.
    pub fn record<T>(&self, offset: usize, path: impl Fn() -> FieldPath) -> Result<T, DecodeError>
    where
        T: Record + for<'b> BinRead<Args<'b> = ()>,
    {
        let slice = self.slice(offset, T::LEN, &path)?;
        // The slice has exactly the record's size and no record validates a value, so binrw
        // cannot fail here; an error would still be reported, not unwrapped.
        T::read_options(&mut Cursor::new(slice), self.order.binrw(), ()).map_err(|error| {
            Error::decode(
                ErrorKind::UnexpectedEnd {
                    wanted: T::LEN,
                    left: slice.len(),
                },
                offset,
                path(),
                format!("{} bytes", T::LEN),
                error,
            )
        })
    }

    /// `len` bytes at `offset`, or an error naming `path` where the file ends.
    pub fn slice(
        &self,
        offset: usize,
        len: usize,
        path: impl FnOnce() -> FieldPath,
    ) -> Result<&[u8], DecodeError> {
        let end = offset.checked_add(len);
        match end.and_then(|end| self.bytes.get(offset..end)) {
            Some(slice) => Ok(slice),
            // A read that starts past the end is reported where the file ends, so that an error
            // offset always lies in the file.
            None if offset > self.bytes.len() => Err(Error::decode(
                ErrorKind::UnexpectedEnd {
                    wanted: len,
                    left: 0,
                },
                self.bytes.len(),
                path().then(PathFrame::At(offset)),
                format!("{len} bytes there"),
                format!("the end of the file at 0x{:X}", self.bytes.len()),
            )),
            None => {
                let left = self.bytes.len() - offset;
                Err(Error::decode(
                    ErrorKind::UnexpectedEnd { wanted: len, left },
                    offset,
                    path(),
                    format!("{len} more bytes"),
                    format!("end of file after {left} bytes"),
                ))
            }
        }
    }

    /// Checks that `count` records of `len` bytes fit from `offset` before any is allocated.
    pub fn fits(
        &self,
        offset: usize,
        count: usize,
        len: usize,
        path: impl FnOnce() -> FieldPath,
    ) -> Result<(), DecodeError> {
        let total = count.saturating_mul(len);
        self.slice(offset, total, || {
            path().then(PathFrame::Records { count, len })
        })
        .map(drop)
    }
}

impl SasSet {
    /// Decodes a SAS file in the byte order its magic announces (`SAS3` / `SAS\0` little-endian,
    /// the reversed magic big-endian).
    ///
    /// # Errors
    /// The first structural violation, with its byte offset.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let Some((_, order)) = Version::from_magic(bytes) else {
            return Err(bad_magic(bytes));
        };
        Self::decode_as(bytes, order)
    }

    /// Decodes a SAS file in `order` (a container's), whose magic must be stored in that order.
    ///
    /// # Errors
    /// The first structural violation, with its byte offset.
    pub fn decode_as(bytes: &[u8], order: ByteOrder) -> Result<Self, DecodeError> {
        let version = match Version::from_magic(bytes) {
            Some((version, found)) if found == order => version,
            Some((version, found)) => {
                return Err(Error::decode(
                    ErrorKind::ByteOrderMismatch {
                        expected: order,
                        found,
                    },
                    0,
                    FieldPath::field("magic"),
                    format!("the {} magic of a {} file", version, order.name()),
                    format!("the {} one", found.name()),
                ));
            }
            None => return Err(bad_magic(bytes)),
        };
        let reader = Reader { bytes, order };
        let (scale, sprite_table, unknown_count) = read_header(&reader, version)?;
        let animations = read_animation_table(&reader, version, sprite_table)?;
        let (sprites, body_start) = read_sprites(&reader, version, sprite_table)?;
        let (body, trailing, slots) = read_body(&reader, version, &animations, body_start)?;
        Ok(Self {
            version,
            byte_order: order,
            scale,
            unknown_count,
            animations: slots,
            sprites,
            body,
            trailing,
        })
    }
}

fn bad_magic(bytes: &[u8]) -> DecodeError {
    let head = &bytes[..bytes.len().min(4)];
    Error::decode(
        ErrorKind::BadMagic,
        0,
        FieldPath::field("magic"),
        "\"SAS3\" or \"SAS\\0\" (or reversed, big-endian)",
        format!("{head:02X?}"),
    )
}

/// Scale, sprite table offset and the unknown count; checks the reserved bytes.
fn read_header(reader: &Reader, version: Version) -> Result<(i8, usize, u32), DecodeError> {
    let (scale, sprite_table, unknown_count) = match version {
        Version::V3 => {
            let header: HeaderV3 = reader.record(4, || FieldPath::part("header"))?;
            if header.reserved != [0; 3] {
                return Err(Error::decode(
                    ErrorKind::NonZeroReserved,
                    5,
                    FieldPath::part("header").then_field("bytes 5..8 (after the scale)"),
                    "zero",
                    format!("{:02X?}", header.reserved),
                ));
            }
            (
                header.scale,
                header.sprite_table_offset,
                header.unknown_count,
            )
        }
        Version::V0 => {
            let header: HeaderV0 = reader.record(4, || FieldPath::part("header"))?;
            (1, header.sprite_table_offset, header.unknown_count)
        }
    };
    let header_len = version.header_len();
    let sprite_table = sprite_table as usize;
    let field_at = if version == Version::V3 { 8 } else { 4 };
    if sprite_table < header_len
        || sprite_table > reader.bytes.len()
        || (sprite_table - header_len) % 16 != 0
    {
        return Err(Error::decode(
            ErrorKind::BadOffset {
                found: sprite_table,
            },
            field_at,
            FieldPath::field("sprite_table_offset"),
            format!(
                "0x{header_len:X} + 16 x animations, within the file (0x{:X} bytes)",
                reader.bytes.len()
            ),
            format!("0x{sprite_table:X}"),
        ));
    }
    Ok((scale, sprite_table, unknown_count))
}

/// The raw slot values, per animation.
fn read_animation_table(
    reader: &Reader,
    version: Version,
    sprite_table: usize,
) -> Result<Vec<[u32; 4]>, DecodeError> {
    let start = version.header_len();
    (start..sprite_table)
        .step_by(16)
        .enumerate()
        .map(|(a, offset)| {
            reader
                .record::<SlotRow>(offset, || {
                    FieldPath::part("animation table").then_index("animation", a)
                })
                .map(|row| row.values)
        })
        .collect()
}

/// The sprites, and where the body starts (after the last sprite).
fn read_sprites(
    reader: &Reader,
    version: Version,
    table: usize,
) -> Result<(Vec<Sprite>, usize), DecodeError> {
    let sprite_table = || FieldPath::part("sprite table");
    let Word(count) = reader.record(table, || sprite_table().then_field("count"))?;
    let count = count as usize;
    reader.fits(table + 4, count, 4, || sprite_table().then_field("offsets"))?;
    let mut position = table + 4 + 4 * count;
    let mut sprites = Vec::with_capacity(count);
    for index in 0..count {
        let entry = table + 4 + 4 * index;
        let path = || sprite_table().then_index("sprite", index);
        let Word(offset) = reader.record(entry, path)?;
        if offset as usize != position {
            return Err(Error::decode(
                ErrorKind::BadOffset {
                    found: offset as usize,
                },
                entry,
                path(),
                format!("0x{position:X} (sprites follow the table back to back, in table order)"),
                format!("0x{offset:X}"),
            ));
        }
        let (sprite, end) = read_sprite(reader, version, position, index)?;
        sprites.push(sprite);
        position = end;
    }
    Ok((sprites, position))
}

fn read_sprite(
    reader: &Reader,
    version: Version,
    at: usize,
    index: usize,
) -> Result<(Sprite, usize), DecodeError> {
    let sprite = || FieldPath::index("sprite", index);
    let (mut model, count) = match version {
        Version::V3 => {
            let head: SpriteHeadV3 = reader.record(at, sprite)?;
            let sprite = Sprite {
                sheet: head.sheet,
                center_x: head.center_x,
                center_y: head.center_y,
                quads: Vec::new(),
            };
            (sprite, head.quad_count)
        }
        Version::V0 => {
            let head: SpriteHeadV0 = reader.record(at, sprite)?;
            let sprite = Sprite {
                sheet: head.sheet,
                center_x: head.center_x.into(),
                center_y: head.center_y.into(),
                quads: Vec::new(),
            };
            (sprite, head.quad_count)
        }
    };
    let first = at + version.sprite_head_len();
    let len = version.quad_len();
    reader.fits(first, count.into(), len, || sprite().then_part("quads"))?;
    for q in 0..usize::from(count) {
        let offset = first + q * len;
        let path = || sprite().then_index("quad", q);
        let quad = match version {
            Version::V3 => {
                let r: QuadV3 = reader.record(offset, path)?;
                Quad {
                    x: r.x,
                    y: r.y,
                    width: r.width,
                    height: r.height,
                    u: r.u,
                    v: r.v,
                }
            }
            Version::V0 => {
                let r: QuadV0 = reader.record(offset, path)?;
                Quad {
                    x: r.x.into(),
                    y: r.y.into(),
                    width: r.width.into(),
                    height: r.height.into(),
                    u: r.u,
                    v: r.v,
                }
            }
        };
        model.quads.push(quad);
    }
    Ok((model, first + usize::from(count) * len))
}

/// The body (blocks at the slots' distinct offsets, in offset order, and the gaps between them),
/// the bytes after the last block, and the slots pointing at block indices.
#[allow(clippy::type_complexity)]
fn read_body(
    reader: &Reader,
    version: Version,
    raw_slots: &[[u32; 4]],
    body_start: usize,
) -> Result<(Vec<BodyItem>, Vec<u8>, Vec<[Slot; 4]>), DecodeError> {
    let header_len = version.header_len();
    // Distinct block offsets, each with the first slot that names it (for error messages).
    let mut offsets: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for (a, row) in raw_slots.iter().enumerate() {
        for (d, &value) in row.iter().enumerate() {
            let offset = (value >> 1) as usize;
            if offset == 0 {
                continue;
            }
            if offset < body_start || offset >= reader.bytes.len() {
                return Err(Error::decode(
                    ErrorKind::BadOffset { found: offset },
                    header_len + 16 * a + 4 * d,
                    FieldPath::part("animation table")
                        .then_index("animation", a)
                        .then_index("direction", d),
                    format!(
                        "a block offset in the animations (0x{body_start:X}..0x{:X}), times 2 plus the mirror bit",
                        reader.bytes.len()
                    ),
                    format!("0x{value:08X} (offset 0x{offset:X})"),
                ));
            }
            offsets.entry(offset).or_insert((a, d));
        }
    }
    let mut body = Vec::new();
    let mut index_of = BTreeMap::new();
    let mut position = body_start;
    for (&offset, &(a, d)) in &offsets {
        if offset < position {
            return Err(Error::decode(
                ErrorKind::BadOffset { found: offset },
                offset,
                FieldPath::index("animation", a)
                    .then_index("direction", d)
                    .then(PathFrame::Target("block")),
                format!("a block starting at or after 0x{position:X}, where the previous one ends"),
                "a block inside the previous one".to_owned(),
            ));
        }
        if offset > position {
            body.push(gap(reader, version, position, offset)?);
        }
        let (block, end) = read_block(reader, version, offset, index_of.len())?;
        index_of.insert(offset, index_of.len());
        body.push(BodyItem::Block(block));
        position = end;
    }
    let trailing = reader.bytes[position..].to_vec();
    let slots = raw_slots
        .iter()
        .map(|row| {
            row.map(|value| Slot {
                block: index_of.get(&((value >> 1) as usize)).copied(),
                mirrored: value & 1 == 1,
            })
        })
        .collect();
    Ok((body, trailing, slots))
}

/// The dead data between two blocks: frames when it is a whole number of them.
fn gap(
    reader: &Reader,
    version: Version,
    start: usize,
    end: usize,
) -> Result<BodyItem, DecodeError> {
    let len = version.frame_len();
    if (end - start) % len != 0 {
        return Ok(BodyItem::Unreached(reader.bytes[start..end].to_vec()));
    }
    (start..end)
        .step_by(len)
        .map(|at| {
            read_frame(reader, version, at, || {
                FieldPath::part("dead frame").then(PathFrame::At(at))
            })
        })
        .collect::<Result<_, _>>()
        .map(BodyItem::DeadFrames)
}

fn read_block(
    reader: &Reader,
    version: Version,
    at: usize,
    index: usize,
) -> Result<(Block, usize), DecodeError> {
    let block = || FieldPath::index("block", index);
    let head: BlockHead = reader.record(at, || block().then_field("head"))?;
    let count = usize::from(head.frame_count);
    let len = version.frame_len();
    reader.fits(at + 4, count, len, || block().then_field("frames"))?;
    let frames = (0..count)
        .map(|f| {
            read_frame(reader, version, at + 4 + f * len, || {
                block().then_index("frame", f)
            })
        })
        .collect::<Result<_, _>>()?;
    Ok((
        Block {
            duration: head.duration,
            frames,
        },
        at + 4 + count * len,
    ))
}

fn read_frame(
    reader: &Reader,
    version: Version,
    at: usize,
    path: impl Fn() -> FieldPath,
) -> Result<Frame, DecodeError> {
    Ok(match version {
        Version::V3 => {
            let r: FrameV3 = reader.record(at, path)?;
            Frame {
                time: r.time,
                kind: r.kind,
                reserved: r.reserved,
                args: FrameArgs {
                    sprite: r.sprite,
                    x1: r.x1,
                    y1: r.y1,
                    unknown2: r.unknown2,
                    x2: r.x2,
                    y2: r.y2,
                    unknown5: r.unknown5,
                    tail: 0,
                },
            }
        }
        Version::V0 => {
            let r: FrameV0 = reader.record(at, path)?;
            Frame {
                time: r.time,
                kind: r.kind,
                reserved: r.reserved,
                args: FrameArgs {
                    sprite: r.sprite,
                    x1: r.x1,
                    y1: r.y1,
                    unknown2: r.unknown2,
                    x2: r.x2.into(),
                    y2: r.y2.into(),
                    unknown5: r.unknown5.into(),
                    tail: r.tail,
                },
            }
        }
    })
}
