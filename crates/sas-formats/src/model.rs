//! The model of a SAS set: every field of the file, nothing interpreted. Offsets are not stored;
//! they follow from the order of the parts, which is the file's order (header, animation table,
//! sprite table, sprites, then the body: animation blocks and the dead data between them).

use std::fmt;

/// Which layout: the 4th byte of the magic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// `SAS\0`, the PSP's: 12-byte header, 8-byte quads, 12-byte frames.
    V0,
    /// `SAS3`, Reborn's: 16-byte header with a scale, 12-byte quads, 14-byte frames.
    V3,
}

/// The byte order of every multi-byte field (and of the magic, read as a u32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    Little,
    Big,
}

impl ByteOrder {
    pub fn name(self) -> &'static str {
        match self {
            Self::Little => "little-endian",
            Self::Big => "big-endian",
        }
    }

    pub(crate) fn binrw(self) -> binrw::Endian {
        match self {
            Self::Little => binrw::Endian::Little,
            Self::Big => binrw::Endian::Big,
        }
    }
}

impl Version {
    /// The magic as stored in a little-endian file.
    pub fn magic(self) -> [u8; 4] {
        match self {
            Self::V0 => *b"SAS\0",
            Self::V3 => *b"SAS3",
        }
    }

    /// The magic as this byte order stores it: the u32 of the little-endian magic, so reversed in
    /// a big-endian file.
    pub fn magic_in(self, order: ByteOrder) -> [u8; 4] {
        let mut magic = self.magic();
        if order == ByteOrder::Big {
            magic.reverse();
        }
        magic
    }

    /// The version and byte order a file's first four bytes announce.
    pub fn from_magic(bytes: &[u8]) -> Option<(Self, ByteOrder)> {
        let head = bytes.get(..4)?;
        [Self::V3, Self::V0].into_iter().find_map(|version| {
            [ByteOrder::Little, ByteOrder::Big]
                .into_iter()
                .find(|&order| head == version.magic_in(order))
                .map(|order| (version, order))
        })
    }

    /// Header bytes: the animation table starts here.
    pub fn header_len(self) -> usize {
        match self {
            Self::V0 => 12,
            Self::V3 => 16,
        }
    }

    /// Bytes of one quad record.
    pub fn quad_len(self) -> usize {
        match self {
            Self::V0 => 8,
            Self::V3 => 12,
        }
    }

    /// Bytes of a sprite record before its quads.
    pub fn sprite_head_len(self) -> usize {
        match self {
            Self::V0 => 4,
            Self::V3 => 6,
        }
    }

    /// Bytes of one frame record.
    pub fn frame_len(self) -> usize {
        match self {
            Self::V0 => 12,
            Self::V3 => 14,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::V0 => "SAS\\0",
            Self::V3 => "SAS3",
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A whole SAS file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SasSet {
    pub version: Version,
    pub byte_order: ByteOrder,
    /// Header byte 4 of a `SAS3` (signed); quads are drawn at 1/scale. A `SAS\0` has none: 1.
    pub scale: i8,
    /// The header's last u32, meaning unknown (Gibbed's `unknownCount`).
    pub unknown_count: u32,
    /// The animation table: per animation, one slot per direction.
    pub animations: Vec<[Slot; 4]>,
    /// The sprite table's sprites, in index order.
    pub sprites: Vec<Sprite>,
    /// What follows the sprites: animation blocks in offset order and the dead data between them.
    pub body: Vec<BodyItem>,
    /// Bytes after the last block: the zero padding of a `pakd` entry, or nothing.
    pub trailing: Vec<u8>,
}

/// One direction of one animation: `offset << 1 | mirrored` in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Slot {
    /// Which block it plays (an index among the body's blocks), or none (offset 0).
    pub block: Option<usize>,
    /// The low bit: the block is drawn mirrored.
    pub mirrored: bool,
}

/// A sprite: one pose made of quads.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sprite {
    /// Gibbed's `sheet_index` (which sheet or page the quads are cut from; not settled).
    pub sheet: u8,
    /// Gibbed's `center_x` / `center_y` (s16 in `SAS3`, s8 in `SAS\0`); not used by the draw.
    pub center_x: i16,
    pub center_y: i16,
    pub quads: Vec<Quad>,
}

/// A textured rectangle: where it goes (`x`, `y`, relative to the animation's position) and what
/// it shows (`width` x `height` texels at `u`, `v` on the sheet). In `SAS\0` x, y are s8 and width,
/// height u8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Quad {
    pub x: i16,
    pub y: i16,
    pub width: u16,
    pub height: u16,
    pub u: u16,
    pub v: u16,
}

/// A part of the body, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BodyItem {
    /// An animation block some slot points at.
    Block(Block),
    /// Frames between blocks that no slot reaches (kept for a byte-identical rebuild).
    DeadFrames(Vec<Frame>),
    /// Bytes between blocks that are not a whole number of frames.
    Unreached(Vec<u8>),
}

/// An animation block: the frames one or more slots play.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Block {
    /// How long the animation lasts, in ticks (after the last frame it holds until this).
    pub duration: u16,
    pub frames: Vec<Frame>,
}

/// A frame record, every byte kept. `kind` is the frame type; the arguments mean different
/// things by type ([`crate::Command`] reads them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Frame {
    /// The tick the frame runs at.
    pub time: u16,
    pub kind: u8,
    /// Byte 3, zero in every file Gibbed's reader accepts.
    pub reserved: u8,
    pub args: FrameArgs,
}

/// A frame's argument fields by Gibbed's names. `SAS3` stores them in this order (bytes 4..14);
/// `SAS\0` stores sprite, x1, y1, unknown5, x2, y2, unknown2, tail as bytes (x2, y2 unsigned).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FrameArgs {
    pub sprite: u8,
    pub x1: i8,
    pub y1: i8,
    pub unknown2: u8,
    pub x2: i16,
    pub y2: i16,
    pub unknown5: i16,
    /// `SAS\0` only: the frame's last byte (zero in the files).
    pub tail: u8,
}

impl FrameArgs {
    /// Bytes 4 and 5 as one u16 in `order` (types 8, 9 and 11 use them so).
    pub fn index(&self, order: ByteOrder) -> u16 {
        let bytes = [self.sprite, self.x1.to_le_bytes()[0]];
        match order {
            ByteOrder::Little => u16::from_le_bytes(bytes),
            ByteOrder::Big => u16::from_be_bytes(bytes),
        }
    }

    /// Arguments whose bytes 4 and 5 hold `value` as a u16 in `order`, the rest zero.
    pub fn with_index(value: u16, order: ByteOrder) -> Self {
        let [sprite, x1] = match order {
            ByteOrder::Little => value.to_le_bytes(),
            ByteOrder::Big => value.to_be_bytes(),
        };
        Self {
            sprite,
            x1: i8::from_le_bytes([x1]),
            ..Self::default()
        }
    }
}

impl SasSet {
    /// The body's blocks in order; a slot's `block` indexes this.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.body.iter().filter_map(|item| match item {
            BodyItem::Block(block) => Some(block),
            _ => None,
        })
    }

    /// The block a slot plays.
    pub fn block(&self, index: usize) -> Option<&Block> {
        self.blocks().nth(index)
    }

    /// Frames that no slot reaches, in all gaps.
    pub fn dead_frame_count(&self) -> usize {
        self.body
            .iter()
            .map(|item| match item {
                BodyItem::DeadFrames(frames) => frames.len(),
                _ => 0,
            })
            .sum()
    }
}
