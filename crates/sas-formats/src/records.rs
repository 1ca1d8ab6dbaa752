//! The fixed-size records of both layouts, declared once with binrw. Their byte order is given
//! when they are read or written (the file's), so one declaration serves both orders. Each record
//! knows its size, so the reader checks the bounds first and binrw never runs out of bytes.

use binrw::{BinRead, BinWrite};

/// A record of a fixed size.
pub(crate) trait Record {
    const LEN: usize;
}

/// `SAS3` header after the magic: bytes 4..16.
#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct HeaderV3 {
    pub scale: i8,
    pub reserved: [u8; 3],
    pub sprite_table_offset: u32,
    pub unknown_count: u32,
}

impl Record for HeaderV3 {
    const LEN: usize = 12;
}

/// `SAS\0` header after the magic: bytes 4..12.
#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct HeaderV0 {
    pub sprite_table_offset: u32,
    pub unknown_count: u32,
}

impl Record for HeaderV0 {
    const LEN: usize = 8;
}

/// One row of the animation table.
#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct SlotRow {
    pub values: [u32; 4],
}

impl Record for SlotRow {
    const LEN: usize = 16;
}

/// A u32 (counts and offsets of the tables).
#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct Word(pub u32);

impl Record for Word {
    const LEN: usize = 4;
}

#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct SpriteHeadV3 {
    pub sheet: u8,
    pub quad_count: u8,
    pub center_x: i16,
    pub center_y: i16,
}

impl Record for SpriteHeadV3 {
    const LEN: usize = 6;
}

#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct SpriteHeadV0 {
    pub sheet: u8,
    pub center_x: i8,
    pub center_y: i8,
    pub quad_count: u8,
}

impl Record for SpriteHeadV0 {
    const LEN: usize = 4;
}

#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct QuadV3 {
    pub x: i16,
    pub y: i16,
    pub width: u16,
    pub height: u16,
    pub u: u16,
    pub v: u16,
}

impl Record for QuadV3 {
    const LEN: usize = 12;
}

#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct QuadV0 {
    pub x: i8,
    pub y: i8,
    pub width: u8,
    pub height: u8,
    pub u: u16,
    pub v: u16,
}

impl Record for QuadV0 {
    const LEN: usize = 8;
}

/// An animation block's head: frame count and duration.
#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct BlockHead {
    pub frame_count: u16,
    pub duration: u16,
}

impl Record for BlockHead {
    const LEN: usize = 4;
}

#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct FrameV3 {
    pub time: u16,
    pub kind: u8,
    pub reserved: u8,
    pub sprite: u8,
    pub x1: i8,
    pub y1: i8,
    pub unknown2: u8,
    pub x2: i16,
    pub y2: i16,
    pub unknown5: i16,
}

impl Record for FrameV3 {
    const LEN: usize = 14;
}

/// `SAS\0` frame: unknown2 and unknown5 swap places and everything after y1 is a byte.
#[derive(BinRead, BinWrite, Debug, Clone, Copy)]
pub(crate) struct FrameV0 {
    pub time: u16,
    pub kind: u8,
    pub reserved: u8,
    pub sprite: u8,
    pub x1: i8,
    pub y1: i8,
    pub unknown5: u8,
    pub x2: u8,
    pub y2: u8,
    pub unknown2: u8,
    pub tail: u8,
}

impl Record for FrameV0 {
    const LEN: usize = 12;
}
