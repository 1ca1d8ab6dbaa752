//! The fixed records of a SEQ file (docs/formats/seq.md 3.1), each declared once with binrw: the
//! header, a slot table entry and the stream length. The decoder and the encoder both go through
//! them.

use binrw::binrw;

use crate::error::PathFrame;

/// The header: `AA` and `BB`.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Header {
    #[br(err_context(PathFrame::Field("AA")))]
    pub attack_slots_from: u16,
    #[br(err_context(PathFrame::Field("BB")))]
    pub second_sheet_slots_from: u16,
}

impl Header {
    /// Its size: where the slot table starts.
    pub const LEN: usize = 4;
    /// Offset of `AA`.
    pub const ATTACK_SLOTS_FROM_AT: usize = 0;
    /// Offset of `BB`.
    pub const SECOND_SHEET_SLOTS_FROM_AT: usize = 2;
}

/// One slot table entry: the slot's offset in the stream, or [`super::UNUSED_SLOT`].
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct SlotEntry {
    pub offset: u32,
}

impl SlotEntry {
    /// Its size in bytes.
    pub const LEN: usize = 4;
}

/// The stream length `L`, after the slot table.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct StreamLength {
    #[br(err_context(PathFrame::Part("stream length L".into())))]
    pub len: u16,
}

/// Where the slot table starts.
pub(crate) const SLOT_TABLE_AT: usize = Header::LEN;
/// Where `L` is stored: after the 256 slot entries.
pub(crate) const STREAM_LEN_AT: usize = SLOT_TABLE_AT + super::SLOT_ENTRIES * SlotEntry::LEN;
/// Where the stream starts: after `L`.
pub(crate) const STREAM_AT: usize = STREAM_LEN_AT + 2;
