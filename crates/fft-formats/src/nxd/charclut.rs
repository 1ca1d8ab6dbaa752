//! CharCLUT, the table of `nxd/charclut.nxd` (docs/formats/nxd.md 7.3): the colours the enhanced
//! game draws Ramza's HD sheets with, one row per chapter (first key: 1 = chapter 1, 2 =
//! chapters 2-3, 3 = chapter 4) and variant (second key: 0 = the game's own, 1-3 alternates).
//! Each row's cells point into the heap at a comment and at 16 colours, three bytes each (red,
//! green, blue, 8 bits a channel); the heap is the one place those bytes are kept, so a colour
//! set here is written where it was read.

use binrw::binrw;

use super::{Cells, Table};
use crate::error::{DecodeError, EncodeError, Error, ErrorKind, FieldPath, PathFrame};
use crate::record;

/// Colours in a row: a palette's 16.
pub const COLOURS: usize = 16;
/// The length of a row's colour table in bytes: 16 colours of 3 bytes.
pub const COLOURS_LEN: usize = COLOURS * 3;

/// One colour: red, green, blue, 8 bits each.
pub type Rgb = [u8; 3];

/// The fixed cells of a CharCLUT row, 24 bytes. The two offsets are from the row's start.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClutCells {
    /// `DLCFlags`.
    #[br(err_context(PathFrame::Field("dlc_flags")))]
    pub dlc_flags: u32,
    /// Where the row's comment starts, a string ended by a zero byte.
    #[br(err_context(PathFrame::Field("comment_offset")))]
    pub comment_offset: u32,
    /// Where the row's colours start.
    #[br(err_context(PathFrame::Field("colours_offset")))]
    pub colours_offset: u32,
    /// The colours' length in bytes: [`COLOURS_LEN`].
    #[br(err_context(PathFrame::Field("colours_len")))]
    pub colours_len: u32,
    /// `CharaColorSkinId`.
    #[br(err_context(PathFrame::Field("skin_id")))]
    pub skin_id: u32,
    /// A flag byte of unknown meaning.
    #[br(err_context(PathFrame::Field("flag")))]
    pub flag: u8,
    /// The three bytes that pad the row to 24.
    #[br(err_context(PathFrame::Field("padding")))]
    pub padding: [u8; 3],
}

impl ClutCells {
    /// The row's length in bytes.
    pub const LEN: usize = 24;
}

impl Cells for ClutCells {
    fn read(bytes: &[u8], at: usize, len: usize, path: FieldPath) -> Result<Self, Error> {
        if len != Self::LEN {
            return Err(Error::decode(
                ErrorKind::BadLength,
                at,
                path,
                format!("CharCLUT rows of {} bytes", Self::LEN),
                format!("rows of {len} bytes (what the layout leaves each)"),
            ));
        }
        record::read(bytes, at, || path)
    }

    fn write(&self, out: &mut Vec<u8>) {
        record::write(out, self);
    }

    fn len_bytes(&self) -> usize {
        Self::LEN
    }
}

/// `charclut.nxd`: a double-keyed table of [`ClutCells`] whose every row's comment and colours
/// lie in its heap (checked when decoded, so reading a row cannot fail).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharClut {
    table: Table<ClutCells>,
}

/// One row as a reader sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharClutRow<'a> {
    /// The first key: the chapter (1 = chapter 1, 2 = chapters 2-3, 3 = chapter 4).
    pub key: i32,
    /// The second key: the variant (0 = the game's own).
    pub key2: i32,
    pub cells: &'a ClutCells,
    /// The comment's bytes, without the zero that ends it (empty in the game's file).
    pub comment: &'a [u8],
    pub colours: [Rgb; COLOURS],
}

impl CharClut {
    /// Decodes `charclut.nxd`.
    ///
    /// # Errors
    /// What [`Table::decode`] refuses; rows of another length than 24 bytes; a colour table of
    /// another length than 48 bytes; a comment or colour table outside the heap, or a comment
    /// with no zero byte before the end of the file.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let table = Table::<ClutCells>::decode(bytes)?;
        let heap_at = table.heap_at();
        for (k, (key, row, row_at)) in table.rows().enumerate() {
            let path = || FieldPath::index("row", k).then_part(format!("({key}, {})", row.key2));
            let cells = &row.cells;
            if cells.colours_len as usize != COLOURS_LEN {
                return Err(Error::decode(
                    ErrorKind::BadLength,
                    row_at + 12,
                    path().then_field("colours_len"),
                    format!("{COLOURS_LEN} bytes ({COLOURS} colours of 3 bytes)"),
                    cells.colours_len,
                ));
            }
            let heap = |offset: u32, len: usize, field| {
                let at = row_at
                    .checked_add(offset as usize)
                    .filter(|at| *at >= heap_at);
                match at.and_then(|at| Some(at - heap_at..(at - heap_at).checked_add(len)?)) {
                    Some(range) if range.end <= table.heap.len() => Ok(range),
                    _ => Err(Error::decode(
                        ErrorKind::BadPointer,
                        row_at,
                        path().then_field(field),
                        format!(
                            "{len} bytes in the data after the row lists (0x{heap_at:X}-0x{:X})",
                            heap_at + table.heap.len()
                        ),
                        format!(
                            "offset 0x{offset:X} from the row, at 0x{:X}",
                            row_at as u64 + u64::from(offset)
                        ),
                    )),
                }
            };
            heap(cells.colours_offset, COLOURS_LEN, "colours_offset")?;
            let comment = heap(cells.comment_offset, 1, "comment_offset")?;
            if !table.heap[comment.start..].contains(&0) {
                return Err(Error::decode(
                    ErrorKind::UnexpectedEnd,
                    heap_at + comment.start,
                    path().then_part("comment"),
                    "a string ended by a zero byte",
                    "no zero byte before the end of the file",
                ));
            }
        }
        Ok(Self { table })
    }

    /// Encodes the file again: the bytes it was decoded from, with any colours set since.
    ///
    /// # Errors
    /// Never for a decoded file ([`Table::encode`]).
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        self.table.encode()
    }

    /// The container, for the rows' order and cells.
    pub fn table(&self) -> &Table<ClutCells> {
        &self.table
    }

    /// Every row in file order.
    pub fn rows(&self) -> impl Iterator<Item = CharClutRow<'_>> {
        self.table
            .rows()
            .map(|(key, row, row_at)| self.view(key, row.key2, &row.cells, row_at))
    }

    /// The row with these keys, if the file has it.
    pub fn row(&self, key: i32, key2: i32) -> Option<CharClutRow<'_>> {
        self.rows().find(|row| (row.key, row.key2) == (key, key2))
    }

    /// Sets the colours of the row with these keys, in place. Returns `false`, changing nothing,
    /// when the file has no such row: rows are never added.
    #[must_use]
    pub fn set_colours(&mut self, key: i32, key2: i32, colours: &[Rgb; COLOURS]) -> bool {
        let heap_at = self.table.heap_at();
        let Some(at) = self
            .table
            .rows()
            .find(|(k, row, _)| (*k, row.key2) == (key, key2))
            .map(|(_, row, row_at)| row_at + row.cells.colours_offset as usize - heap_at)
        else {
            return false;
        };
        let stored = self.table.heap[at..at + COLOURS_LEN].chunks_exact_mut(3);
        for (bytes, colour) in stored.zip(colours) {
            bytes.copy_from_slice(colour);
        }
        true
    }

    fn view<'a>(
        &'a self,
        key: i32,
        key2: i32,
        cells: &'a ClutCells,
        row_at: usize,
    ) -> CharClutRow<'a> {
        let heap = &self.table.heap;
        let heap_at = self.table.heap_at();
        let colours_at = row_at + cells.colours_offset as usize - heap_at;
        let mut colours = [[0; 3]; COLOURS];
        for (colour, bytes) in colours
            .iter_mut()
            .zip(heap[colours_at..colours_at + COLOURS_LEN].chunks_exact(3))
        {
            colour.copy_from_slice(bytes);
        }
        let comment_at = row_at + cells.comment_offset as usize - heap_at;
        let comment = &heap[comment_at..];
        let comment = &comment[..comment
            .iter()
            .position(|b| *b == 0)
            .unwrap_or(comment.len())];
        CharClutRow {
            key,
            key2,
            cells,
            comment,
            colours,
        }
    }
}

/// A colour word of an SPR palette (5 bits a channel, red lowest) as the enhanced game widens it
/// for CharCLUT: each channel times 8, so that its low three bits are zero. (The renderer's own
/// widening of SPR colours, `spr::colour_rgba`, spreads them over 0-255 instead.)
pub fn rgb_of_word(word: u16) -> Rgb {
    let channel = |shift: u16| (((word >> shift) & 0x1F) as u8) << 3;
    [channel(0), channel(5), channel(10)]
}

/// A CharCLUT colour as a colour word of an SPR palette: each channel's top 5 bits, the low three
/// dropped (exact for the game's colours, whose low bits are zero), STP clear.
pub fn word_of_rgb([r, g, b]: Rgb) -> u16 {
    let channel = |c: u8| u16::from(c >> 3);
    channel(r) | (channel(g) << 5) | (channel(b) << 10)
}
