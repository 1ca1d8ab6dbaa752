//! The fixed records of an NXD file (docs/formats/nxd.md 7.1-7.2), each declared once with binrw: the
//! file header, the double-keyed table's header, a set record and a row record. The decoder and
//! the encoder both go through them.

use binrw::binrw;

use crate::error::PathFrame;
use crate::record::Raw;

/// The file header, 0x20 bytes: the magic, the version and the kind of table.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct FileHeader {
    #[br(err_context(PathFrame::Field("magic")))]
    pub magic: Raw<4>,
    #[br(err_context(PathFrame::Field("version")))]
    pub version: u32,
    #[br(err_context(PathFrame::Field("table_type")))]
    pub table_type: u8,
    #[br(err_context(PathFrame::Field("category")))]
    pub category: u8,
    #[br(err_context(PathFrame::Field("uses_base_row_id")))]
    pub uses_base_row_id: u8,
    #[br(err_context(PathFrame::Field("padding")))]
    pub padding: u8,
    #[br(err_context(PathFrame::Field("base_row_id")))]
    pub base_row_id: u32,
    #[br(err_context(PathFrame::Field("reserved")))]
    pub reserved: Raw<16>,
}

impl FileHeader {
    /// Its size: where the table's header starts.
    pub const LEN: usize = 0x20;
}

/// The double-keyed table's header, 0x1C bytes: how many sets and rows, and where the list of
/// all rows is.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct TableHeader {
    #[br(err_context(PathFrame::Field("header_len")))]
    pub header_len: u32,
    #[br(err_context(PathFrame::Field("set_count")))]
    pub set_count: u32,
    #[br(err_context(PathFrame::Field("unknown")))]
    pub unknown: u32,
    #[br(err_context(PathFrame::Field("all_rows_offset")))]
    pub all_rows_offset: u32,
    #[br(err_context(PathFrame::Field("row_count")))]
    pub row_count: u32,
    #[br(err_context(PathFrame::Field("reserved")))]
    pub reserved: Raw<8>,
}

impl TableHeader {
    /// Its size, which its first field repeats.
    pub const LEN: usize = 0x1C;
    /// Where it starts: after the file header.
    pub const AT: usize = FileHeader::LEN;
}

/// One set: its key, where its row records are (from this record) and how many.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetRecord {
    #[br(err_context(PathFrame::Field("key")))]
    pub key: i32,
    #[br(err_context(PathFrame::Field("rows_offset")))]
    pub rows_offset: u32,
    #[br(err_context(PathFrame::Field("row_count")))]
    pub row_count: u32,
}

/// One row record, in a set's list or in the list of all rows: the row's two keys and where its
/// cells are, from this record (negative in the list of all rows, which follows the rows).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowRecord {
    #[br(err_context(PathFrame::Field("key")))]
    pub key: i32,
    #[br(err_context(PathFrame::Field("key2")))]
    pub key2: i32,
    #[br(err_context(PathFrame::Field("offset")))]
    pub offset: i32,
}

/// The size of a set record and of a row record alike.
pub(crate) const RECORD_LEN: usize = 12;
/// Where the set records start: after both headers.
pub(crate) const SETS_AT: usize = TableHeader::AT + TableHeader::LEN;
