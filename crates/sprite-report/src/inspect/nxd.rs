//! `inspect` on one of the remaster's NXD tables (docs/formats/nxd.md): its table type and
//! category, its sets and rows, and every row. A CharCLUT table (`charclut.nxd`, Ramza's colours)
//! lists each row's keys, cells and 16 colours (`RRGGBB`); another table each row's keys and the
//! length of its cells, whose columns this project does not know.

use std::fmt::Write as _;

use faults::Shown;
use fft_formats::nxd::{CharClut, RawCells, Table};
use serde::Serialize;

use crate::Result;
use crate::error::Error;
use crate::inspect::{Identity, Listing, Report, section};

section! {
    pub struct Header {
        /// `CharCLUT` when its rows decode as CharCLUT's, else `unknown`.
        table: &'static str,
        category: u64,
        base_row_id: u64,
    }
}

section! {
    pub struct Counts {
        sets: usize,
        rows: usize,
        /// The bytes after the row lists that the rows point at.
        data_bytes: usize,
    }
}

/// One row: its keys, and for CharCLUT its cells and colours.
#[derive(Serialize)]
pub struct Row {
    key: i32,
    key2: i32,
    /// The cells' length in bytes, for a table whose columns are not known.
    #[serde(skip_serializing_if = "Option::is_none")]
    cells_bytes: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dlc_flags: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skin_id: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    flag: Option<u8>,
    /// The comment as the file holds it (lossy UTF-8).
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<String>,
    /// The 16 colours as `RRGGBB`.
    #[serde(skip_serializing_if = "Option::is_none")]
    colours: Option<Vec<String>>,
}

/// Every row, in file order (always listed: a table is its rows).
#[derive(Serialize)]
pub struct Rows {
    rows: Vec<Row>,
}

impl Listing for Rows {
    fn write_text(&self, text: &mut String) {
        let _ = writeln!(text, "rows");
        for row in &self.rows {
            let _ = write!(text, "  ({}, {})", row.key, row.key2);
            if let Some(len) = row.cells_bytes {
                let _ = write!(text, "  {len} bytes of cells");
            }
            if let (Some(dlc), Some(skin), Some(flag)) = (row.dlc_flags, row.skin_id, row.flag) {
                let _ = write!(text, "  dlc_flags {dlc}  skin_id {skin}  flag {flag}");
            }
            if let Some(comment) = row.comment.as_deref().filter(|c| !c.is_empty()) {
                let _ = write!(text, "  comment {}", Shown(&comment));
            }
            if let Some(colours) = &row.colours {
                let _ = write!(text, "  {}", colours.join(" "));
            }
            let _ = writeln!(text);
        }
    }
}

/// The report on the NXD table `bytes`: as CharCLUT when its rows decode so, else as a table
/// of rows of unknown columns.
///
/// # Errors
/// The bytes do not decode as a double-keyed table (the decoder's words, at its offset).
pub fn report(identity: Identity, bytes: &[u8]) -> Result<Report<Header, Counts, Rows>> {
    let table = Table::<RawCells>::decode(bytes)
        .map_err(|error| Error::file(Shown(&identity.file).to_string(), error))?;
    let clut = CharClut::decode(bytes).ok();
    let rows = match &clut {
        Some(clut) => clut
            .rows()
            .map(|row| Row {
                key: row.key,
                key2: row.key2,
                cells_bytes: None,
                dlc_flags: Some(row.cells.dlc_flags),
                skin_id: Some(row.cells.skin_id),
                flag: Some(row.cells.flag),
                comment: Some(String::from_utf8_lossy(row.comment).into_owned()),
                colours: Some(
                    row.colours
                        .iter()
                        .map(|[r, g, b]| format!("{r:02X}{g:02X}{b:02X}"))
                        .collect(),
                ),
            })
            .collect(),
        None => table
            .rows()
            .map(|(key, row, _)| Row {
                key,
                key2: row.key2,
                cells_bytes: Some(row.cells.0.len()),
                dlc_flags: None,
                skin_id: None,
                flag: None,
                comment: None,
                colours: None,
            })
            .collect(),
    };
    Ok(Report {
        identity,
        header: Header {
            table: if clut.is_some() {
                "CharCLUT"
            } else {
                "unknown"
            },
            category: u64::from(table.header.category),
            base_row_id: u64::from(table.header.base_row_id),
        },
        counts: Counts {
            sets: table.sets.len(),
            rows: table.row_count(),
            data_bytes: table.heap.len(),
        },
        listing: Some(Rows { rows }),
    })
}
