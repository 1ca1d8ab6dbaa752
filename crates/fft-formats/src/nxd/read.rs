//! Decoding NXD tables (docs/formats/nxd.md 7.1-7.2): the headers, then each set's row records and
//! cells, then the list of all rows, each offset checked against the place the layout gives it
//! before it is followed. Mirrors `write.rs`. Counts are checked against the file's length before
//! anything is allocated from them, so a hostile file costs at most a small multiple of its
//! length, and every offset is followed once, forward, so no file makes the reader loop.

use super::record::{FileHeader, RECORD_LEN, RowRecord, SETS_AT, SetRecord, TableHeader};
use super::{Cells, DOUBLE_KEYED, Header, Layout, MAGIC, Row, RowSet, Table, VERSION};
use crate::error::{DecodeError, Error, ErrorKind, FieldPath, PathFrame};
use crate::record;

impl<C: Cells> Table<C> {
    /// Decodes a double-keyed row table whose rows hold cells `C`.
    ///
    /// # Errors
    /// The first rule the bytes break, at its offset: another magic, version or table type; a
    /// count the file cannot hold; an offset past the end, back into the records (rows that
    /// loop), into the rows before (overlapping rows) or leaving a gap; keys that disagree
    /// between the lists; a file cut short; or what `C` refuses in a row.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let file: FileHeader = record::read(bytes, 0, || FieldPath::part("file header"))?;
        check_identity(&file)?;
        let table: TableHeader =
            record::read(bytes, TableHeader::AT, || FieldPath::part("table header"))?;
        let layout = layout_of(&table, bytes.len())?;
        let mut sets = Vec::with_capacity(layout.set_count);
        let mut at = layout.first_rows_at();
        let mut rows_so_far = 0;
        for i in 0..layout.set_count {
            let set_at = SETS_AT + i * RECORD_LEN;
            let path = || FieldPath::index("set", i);
            let set: SetRecord = record::read(bytes, set_at, path)?;
            let records_at = set_at.checked_add(set.rows_offset as usize);
            check_place(
                bytes.len(),
                records_at,
                at,
                set_at,
                path().then_field("rows_offset"),
            )?;
            let count = set.row_count as usize;
            if count > layout.row_count - rows_so_far {
                return Err(Error::decode(
                    ErrorKind::BadLength,
                    set_at + 8,
                    path().then_field("row_count"),
                    format!(
                        "at most {} rows (the table's {} less those of the sets before)",
                        layout.row_count - rows_so_far,
                        layout.row_count
                    ),
                    count,
                ));
            }
            rows_so_far += count;
            let cells_at = at + count * RECORD_LEN;
            let mut rows = Vec::with_capacity(count);
            for j in 0..count {
                let record_at = at + j * RECORD_LEN;
                let path = || path().then_index("row", j);
                let row: RowRecord = record::read(bytes, record_at, path)?;
                if row.key != set.key {
                    return Err(Error::decode(
                        ErrorKind::Mismatch,
                        record_at,
                        path().then_field("key"),
                        format!("the set's key {}", set.key),
                        row.key,
                    ));
                }
                let row_at = cells_at + j * layout.row_len;
                let target = record_at.checked_add_signed(row.offset as isize);
                check_place(
                    bytes.len(),
                    target,
                    row_at,
                    record_at,
                    path().then_field("offset"),
                )?;
                let cells = C::read(bytes, row_at, layout.row_len, path().then_part("cells"))?;
                rows.push(Row {
                    key2: row.key2,
                    cells,
                });
            }
            at = cells_at + count * layout.row_len;
            sets.push(RowSet { key: set.key, rows });
        }
        if rows_so_far != layout.row_count {
            return Err(Error::decode(
                ErrorKind::BadLength,
                TableHeader::AT + 16,
                FieldPath::part("table header").then_field("row_count"),
                format!("the {rows_so_far} rows of the sets"),
                layout.row_count,
            ));
        }
        let table = Self {
            header: header_of(&file, &table),
            sets,
            heap: bytes[layout.heap_at()..].to_vec(),
        };
        check_all_rows(bytes, &table, layout)?;
        Ok(table)
    }
}

/// Refuses another magic, version or table type than those read here.
fn check_identity(file: &FileHeader) -> Result<(), DecodeError> {
    let refuse = |at, field, expected: String, found: String| {
        Err(Error::decode(
            ErrorKind::Unsupported,
            at,
            FieldPath::part("file header").then_field(field),
            expected,
            found,
        ))
    };
    if file.magic.0 != MAGIC {
        return refuse(0, "magic", "NXDF".into(), format!("{:02X?}", file.magic.0));
    }
    if file.version != VERSION {
        return refuse(4, "version", VERSION.to_string(), file.version.to_string());
    }
    if file.table_type != DOUBLE_KEYED {
        return refuse(
            8,
            "table_type",
            format!("{DOUBLE_KEYED} (a double-keyed row table)"),
            file.table_type.to_string(),
        );
    }
    Ok(())
}

/// The layout the table header's counts give, each count checked against the file's length
/// first: the row length is what is left between the records, shared out among the rows.
fn layout_of(table: &TableHeader, len: usize) -> Result<Layout, DecodeError> {
    let path = || FieldPath::part("table header");
    if table.header_len as usize != TableHeader::LEN {
        return Err(Error::decode(
            ErrorKind::BadLength,
            TableHeader::AT,
            path().then_field("header_len"),
            format!("0x{:X}", TableHeader::LEN),
            format!("0x{:X}", table.header_len),
        ));
    }
    let room = len.saturating_sub(SETS_AT) / RECORD_LEN;
    let set_count = table.set_count as usize;
    if set_count > room {
        return Err(count_error(
            TableHeader::AT + 4,
            "set_count",
            room,
            set_count,
            len,
        ));
    }
    // Each row has a record in its set and one in the list of all rows.
    let row_room = (room - set_count) / 2;
    let row_count = table.row_count as usize;
    if row_count > row_room {
        return Err(count_error(
            TableHeader::AT + 16,
            "row_count",
            row_room,
            row_count,
            len,
        ));
    }
    let bare = Layout {
        set_count,
        row_count,
        row_len: 0,
    };
    let all_rows_at = table.all_rows_offset as usize;
    let cells_len = all_rows_at.checked_sub(bare.all_rows_at());
    let row_len = match (cells_len, row_count) {
        (Some(0), 0) => Some(0),
        (Some(cells_len), 1..) if cells_len % row_count == 0 => Some(cells_len / row_count),
        _ => None,
    };
    let layout = row_len.map(|row_len| Layout {
        set_count,
        row_count,
        row_len,
    });
    match layout {
        Some(layout) if layout.heap_at() <= len => Ok(layout),
        _ => Err(Error::decode(
            ErrorKind::BadPointer,
            TableHeader::AT + 12,
            path().then_field("all_rows_offset"),
            format!(
                "an offset after the {set_count} set records and {row_count} row records (0x{:X}) \
                 that leaves the same length for every row and room for the list of all rows in \
                 0x{len:X} bytes",
                bare.all_rows_at()
            ),
            format!("0x{all_rows_at:X}"),
        )),
    }
}

/// A count the file cannot hold: `room` is the most it could.
fn count_error(at: usize, field: &'static str, room: usize, count: usize, len: usize) -> Error {
    Error::decode(
        ErrorKind::BadLength,
        at,
        FieldPath::part("table header").then_field(field),
        format!("at most {room} (what 0x{len:X} bytes hold at {RECORD_LEN} bytes a record)"),
        count,
    )
}

/// Refuses an offset (`target`, `None` when it overflows) that is not `expected`, the place the
/// layout gives what it points at; the record holding it is at `record_at`. Says which way it is
/// wrong: past the end, back into the records before (rows that loop), into the rows before
/// (overlapping rows), or past a gap.
fn check_place(
    len: usize,
    target: Option<usize>,
    expected: usize,
    record_at: usize,
    path: FieldPath,
) -> Result<(), DecodeError> {
    let found = match target {
        Some(at) if at == expected => return Ok(()),
        None => "an offset outside the file".to_string(),
        Some(at) if at >= len => format!("0x{at:X}, past the end of the file (0x{len:X} bytes)"),
        Some(at) if at <= record_at => {
            format!("0x{at:X}, at or before its own record: the rows would loop")
        }
        Some(at) if at < expected => format!("0x{at:X}, overlapping the rows before it"),
        Some(at) => format!("0x{at:X}, leaving a gap of {} bytes", at - expected),
    };
    Err(Error::decode(
        ErrorKind::BadPointer,
        record_at,
        path,
        format!("0x{expected:X}, right after the records and rows before"),
        found,
    ))
}

/// Holds the list of all rows to the sets': the same keys in the same order, each pointing at
/// the same cells.
fn check_all_rows<C: Cells>(bytes: &[u8], table: &Table<C>, layout: Layout) -> Result<(), Error> {
    for (k, (key, row, row_at)) in table.rows().enumerate() {
        let record_at = layout.all_rows_at() + k * RECORD_LEN;
        let path = || FieldPath::part("all rows").then(PathFrame::Index("row", k));
        let listed: RowRecord = record::read(bytes, record_at, path)?;
        if (listed.key, listed.key2) != (key, row.key2) {
            return Err(Error::decode(
                ErrorKind::Mismatch,
                record_at,
                path(),
                format!("the keys ({key}, {}) of the sets' row {k}", row.key2),
                format!("({}, {})", listed.key, listed.key2),
            ));
        }
        let target = record_at.checked_add_signed(listed.offset as isize);
        if target != Some(row_at) {
            return Err(Error::decode(
                ErrorKind::BadPointer,
                record_at + 8,
                path().then_field("offset"),
                format!("the row's cells at 0x{row_at:X}"),
                target.map_or_else(
                    || "an offset outside the file".into(),
                    |at| format!("0x{at:X}"),
                ),
            ));
        }
    }
    Ok(())
}

/// The header values the layout does not derive.
fn header_of(file: &FileHeader, table: &TableHeader) -> Header {
    Header {
        category: file.category,
        uses_base_row_id: file.uses_base_row_id,
        padding: file.padding,
        base_row_id: file.base_row_id,
        reserved: file.reserved.0,
        table_unknown: table.unknown,
        table_reserved: table.reserved.0,
    }
}
