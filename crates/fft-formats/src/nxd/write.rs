//! Encoding NXD tables (docs/formats/nxd.md 7.1-7.2): the headers, each set's row records and cells,
//! the list of all rows, then the heap, every offset computed from the one layout. Mirrors
//! `read.rs`.

use super::record::{FileHeader, RECORD_LEN, RowRecord, SETS_AT, SetRecord, TableHeader};
use super::{Cells, DOUBLE_KEYED, MAGIC, Table, VERSION};
use crate::error::{EncodeError, Error, ErrorKind};
use crate::record::{self, Raw};

impl<C: Cells> Table<C> {
    /// Encodes the table: what [`Table::decode`] read, for any table it gave.
    ///
    /// # Errors
    /// Rows of different lengths (the layout has one), or more sets, rows or bytes than the
    /// format's 32-bit fields hold.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        let layout = self.layout();
        if let Some((key, row, _)) = self
            .rows()
            .find(|(_, row, _)| row.cells.len_bytes() != layout.row_len)
        {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                format!("row ({key}, {})", row.key2),
                format!(
                    "{} bytes of cells, but the first row has {}",
                    row.cells.len_bytes(),
                    layout.row_len
                ),
            ));
        }
        let too_large = || {
            Error::encode(
                ErrorKind::TooLarge,
                "table",
                "more than a 32-bit offset or count holds",
            )
        };
        let word = |value: usize| u32::try_from(value).map_err(|_| too_large());
        let signed = |value: isize| i32::try_from(value).map_err(|_| too_large());
        word(layout.heap_at() + self.heap.len())?;

        let header = &self.header;
        let mut out = Vec::with_capacity(layout.heap_at() + self.heap.len());
        record::write(
            &mut out,
            &FileHeader {
                magic: Raw(MAGIC),
                version: VERSION,
                table_type: DOUBLE_KEYED,
                category: header.category,
                uses_base_row_id: header.uses_base_row_id,
                padding: header.padding,
                base_row_id: header.base_row_id,
                reserved: Raw(header.reserved),
            },
        );
        record::write(
            &mut out,
            &TableHeader {
                header_len: TableHeader::LEN as u32,
                set_count: word(layout.set_count)?,
                unknown: header.table_unknown,
                all_rows_offset: word(layout.all_rows_at())?,
                row_count: word(layout.row_count)?,
                reserved: Raw(header.table_reserved),
            },
        );
        let mut at = layout.first_rows_at();
        for (i, set) in self.sets.iter().enumerate() {
            let set_at = SETS_AT + i * RECORD_LEN;
            record::write(
                &mut out,
                &SetRecord {
                    key: set.key,
                    rows_offset: word(at - set_at)?,
                    row_count: word(set.rows.len())?,
                },
            );
            at += set.rows.len() * (RECORD_LEN + layout.row_len);
        }
        for set in &self.sets {
            let records_at = out.len();
            let cells_at = records_at + set.rows.len() * RECORD_LEN;
            for (j, row) in set.rows.iter().enumerate() {
                let record_at = records_at + j * RECORD_LEN;
                let row_at = cells_at + j * layout.row_len;
                record::write(
                    &mut out,
                    &RowRecord {
                        key: set.key,
                        key2: row.key2,
                        offset: signed((row_at - record_at) as isize)?,
                    },
                );
            }
            for row in &set.rows {
                row.cells.write(&mut out);
            }
        }
        let all_rows_at = out.len();
        for (k, (key, row, row_at)) in self.rows().enumerate() {
            let record_at = all_rows_at + k * RECORD_LEN;
            record::write(
                &mut out,
                &RowRecord {
                    key,
                    key2: row.key2,
                    offset: signed(row_at as isize - record_at as isize)?,
                },
            );
        }
        out.extend_from_slice(&self.heap);
        debug_assert_eq!(all_rows_at, layout.all_rows_at());
        Ok(out)
    }
}
