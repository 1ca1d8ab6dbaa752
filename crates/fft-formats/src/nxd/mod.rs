//! The remaster's NXD tables (docs/formats/nxd.md): a container of rows keyed by two numbers,
//! of which the enhanced game's `nxd/charclut.nxd` (Ramza's colours, [`CharClut`]) is the one this
//! project reads.
//!
//! A file is a header, a list of sets (one per first key), each set's row records followed by
//! its rows' fixed cells, a list of all rows again, and then the data the cells point at
//! (strings and arrays; here called the heap). Every offset is relative to the record that holds
//! it, and the layout has one shape: each part follows the one before with no gap, so the model
//! keeps no offsets. [`Table`] is the container with the cells of one row type ([`Cells`]);
//! `read.rs` checks every offset against where the layout puts it before anything is read or
//! allocated from it, and `write.rs` lays the same parts out again, so encoding a decoded file
//! gives its bytes back. Rows are never added or removed here: the heap's bytes keep their
//! places, and the cells' offsets into it stay true.

mod charclut;
mod read;
mod record;
mod write;

pub use charclut::{
    COLOURS, COLOURS_LEN, CharClut, CharClutRow, ClutCells, Rgb, rgb_of_word, word_of_rgb,
};

use crate::error::{Error, FieldPath};

/// The four bytes an NXD file starts with.
pub const MAGIC: [u8; 4] = *b"NXDF";
/// The only version there is.
pub const VERSION: u32 = 1;
/// The table type of a double-keyed row table, the only one read here.
pub const DOUBLE_KEYED: u8 = 2;

/// The header's values that the layout does not derive: kept so that every byte has a home.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The table's category (3 in charclut.nxd).
    pub category: u8,
    /// Whether the rows count from a base row id (0 in charclut.nxd).
    pub uses_base_row_id: u8,
    /// The byte after it, 0.
    pub padding: u8,
    /// The base row id.
    pub base_row_id: u32,
    /// 16 bytes after the file header's fields, zero.
    pub reserved: [u8; 16],
    /// The table header's third word, 0.
    pub table_unknown: u32,
    /// 8 bytes at the end of the table header, zero.
    pub table_reserved: [u8; 8],
}

/// A double-keyed row table: its sets in file order, and the heap after the list of all rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table<C> {
    pub header: Header,
    pub sets: Vec<RowSet<C>>,
    /// The bytes after the list of all rows, to the end of the file: the strings and arrays the
    /// cells point at.
    pub heap: Vec<u8>,
}

/// The rows that share a first key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowSet<C> {
    pub key: i32,
    pub rows: Vec<Row<C>>,
}

/// One row: its second key and its fixed cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row<C> {
    pub key2: i32,
    pub cells: C,
}

/// The fixed cells of one row type, read and written whole.
pub trait Cells: Sized {
    /// Reads the cells of a row of `len` bytes at `at` in `bytes` (the layout gives `len`, the
    /// same for every row; `path` names the row).
    ///
    /// # Errors
    /// A row length the type does not have, or cells it refuses.
    fn read(bytes: &[u8], at: usize, len: usize, path: FieldPath) -> Result<Self, Error>;
    /// Appends the cells: exactly as many bytes as were read.
    fn write(&self, out: &mut Vec<u8>);
    /// The cells' length in bytes.
    fn len_bytes(&self) -> usize;
}

/// The cells of a row whose columns are not known: its bytes as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawCells(pub Vec<u8>);

impl Cells for RawCells {
    fn read(bytes: &[u8], at: usize, len: usize, path: FieldPath) -> Result<Self, Error> {
        match at.checked_add(len).and_then(|end| bytes.get(at..end)) {
            Some(cells) => Ok(Self(cells.to_vec())),
            None => Err(crate::record::cut_short(bytes.len(), at, len, path)),
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0);
    }

    fn len_bytes(&self) -> usize {
        self.0.len()
    }
}

/// Where each part of a table lies, from its counts and its row length: the one layout both
/// directions follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layout {
    pub set_count: usize,
    pub row_count: usize,
    pub row_len: usize,
}

impl Layout {
    /// Where the first set's row records start: after the set records.
    pub fn first_rows_at(self) -> usize {
        record::SETS_AT + self.set_count * record::RECORD_LEN
    }

    /// Where the list of all rows starts: after every set's records and rows.
    pub fn all_rows_at(self) -> usize {
        self.first_rows_at() + self.row_count * (record::RECORD_LEN + self.row_len)
    }

    /// Where the heap starts: after the list of all rows.
    pub fn heap_at(self) -> usize {
        self.all_rows_at() + self.row_count * record::RECORD_LEN
    }
}

impl<C: Cells> Table<C> {
    /// The rows in file order with their first key and the offset of their cells in the file.
    pub fn rows(&self) -> impl Iterator<Item = (i32, &Row<C>, usize)> {
        let row_len = self.row_len();
        let mut at = Layout {
            set_count: self.sets.len(),
            row_count: 0,
            row_len,
        }
        .first_rows_at();
        self.sets.iter().flat_map(move |set| {
            let rows_at = at + set.rows.len() * record::RECORD_LEN;
            at = rows_at + set.rows.len() * row_len;
            set.rows
                .iter()
                .enumerate()
                .map(move |(j, row)| (set.key, row, rows_at + j * row_len))
        })
    }

    /// How many rows in all sets.
    pub fn row_count(&self) -> usize {
        self.sets.iter().map(|set| set.rows.len()).sum()
    }

    /// Where the heap starts in the file.
    pub fn heap_at(&self) -> usize {
        self.layout().heap_at()
    }

    /// The first row's length (every row's, in a table that encodes).
    fn row_len(&self) -> usize {
        self.sets
            .iter()
            .flat_map(|set| set.rows.first())
            .next()
            .map_or(0, |row| row.cells.len_bytes())
    }

    fn layout(&self) -> Layout {
        Layout {
            set_count: self.sets.len(),
            row_count: self.row_count(),
            row_len: self.row_len(),
        }
    }
}
