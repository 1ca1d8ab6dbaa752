//! SHP, the frame-assembly files (docs/formats/shp.md): each frame is a list of rectangles cut
//! from the unit's sprite sheet and placed around the unit's anchor.
//!
//! Two layouts share the frame record: unit SHPs ([`UnitShp`]: a main table, an optional water
//! table, a lower-half rule) and weapon/effect SHPs ([`WeaponShp`]: one 512-entry table after a
//! 0x44-byte section of disputed meaning).

mod read;
mod record;
mod tile_size;
mod write;

pub use tile_size::{TILE_SIZES, size_code};

use crate::error::{EncodeError, Error, ErrorKind};

/// Pointer entries in a unit SHP frame table.
pub const UNIT_TABLE_ENTRIES: usize = 256;
/// Pointer entries in a weapon/effect SHP frame table.
pub const WEAPON_TABLE_ENTRIES: usize = 512;
/// Size of the first section of a weapon/effect SHP, kept as raw bytes.
pub const WEAPON_FIRST_SECTION_LEN: usize = 0x44;
/// The most tiles one frame record can hold (a 3-bit count minus one).
pub const MAX_TILES_PER_FRAME: usize = 8;
/// Rows in each half of the sheet: frames at or above `lower_half_from` add this to every `y`.
pub const HALF_HEIGHT: u32 = 256;

/// Whether sheet row `y` lies in the lower half of the sheet, the half that frames from
/// `lower_half_from` on draw from (and that an SP2 sheet replaces).
pub fn in_lower_half_row(y: u32) -> bool {
    y >= HALF_HEIGHT
}

/// A unit SHP: TYPE1, TYPE2, CYOKO, MON, OTHER, ARUTE, KANZEN.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitShp {
    /// First frame index whose tiles come from the lower half of the sheet (TYPE1: 84).
    pub lower_half_from: u16,
    /// Header u16 at 0x006, unused by units (0xFF; MON 0x2B). Kept verbatim.
    pub extra: u16,
    /// The main frame table.
    pub main: Vec<Frame>,
    /// The water frame table, indexed by the same frame ids; `None` when the file has none.
    pub water: Option<Vec<Frame>>,
}

/// A weapon or effect SHP: WEP1, WEP2, EFF1, EFF2.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeaponShp {
    /// The 0x44-byte first section (per weapon type, a first frame index; where the list starts
    /// is disputed between tools, so the bytes are kept as they are).
    pub first_section: [u8; WEAPON_FIRST_SECTION_LEN],
    /// The frames, in index order.
    pub frames: Vec<Frame>,
}

/// One frame record: `2 + 4 * tiles` bytes.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// Rotation index, bits 3-7 of byte 0 (0 in unit files; weapons and effects use it).
    pub rotation: u8,
    /// Byte 1: bit 0 semi-transparency, bits 5-6 blend mode, the rest unknown. Kept verbatim.
    pub flags: u8,
    /// Tiles in file order: the first is the front-most, so draw them in reverse.
    pub tiles: Vec<Tile>,
}

/// One tile record: a sheet rectangle on the 8-pixel grid placed at `(dx, dy)` from the anchor.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tile {
    /// Left edge in pixels from the anchor, +x right.
    pub dx: i8,
    /// Top edge in pixels from the anchor, +y down.
    pub dy: i8,
    /// Sheet column in 8-pixel units (5 bits).
    pub column: u8,
    /// Sheet row in 8-pixel units within the frame's half (5 bits).
    pub row: u8,
    /// Index into [`TILE_SIZES`] (4 bits).
    pub size_code: u8,
    /// Mirror the tile horizontally in place.
    pub flip_x: bool,
    /// Mirror the tile vertically in place (unused in unit files).
    pub flip_y: bool,
}

/// A rectangle of the 256 x 488 sheet, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SheetRect {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

impl Tile {
    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        let (w, h) = TILE_SIZES[usize::from(self.size_code & 0x0F)];
        (u32::from(w), u32::from(h))
    }

    /// Where the tile's pixels are on the sheet. `in_lower_half` is
    /// `frame_index >= lower_half_from`; no tile bit selects the half.
    pub fn sheet_rect(&self, in_lower_half: bool) -> SheetRect {
        let (w, h) = self.size();
        SheetRect {
            x: u32::from(self.column) * 8,
            y: u32::from(self.row) * 8 + if in_lower_half { HALF_HEIGHT } else { 0 },
            w,
            h,
        }
    }

    /// A tile cut from `rect` of the sheet, for a frame in the lower half or not.
    ///
    /// # Errors
    /// When the rectangle is off the 8-pixel grid, of a size the game's table lacks, or in the
    /// other half of the sheet than the frame draws from.
    pub fn from_sheet_rect(
        dx: i8,
        dy: i8,
        rect: SheetRect,
        in_lower_half: bool,
        flip_x: bool,
    ) -> Result<Self, EncodeError> {
        let refuse = |problem: String| {
            Error::encode(
                ErrorKind::NotOnSheet,
                format!("tile at sheet ({}, {})", rect.x, rect.y),
                problem,
            )
        };
        let size_code = size_code(rect.w, rect.h)
            .ok_or_else(|| refuse(format!("no size code for {}x{}", rect.w, rect.h)))?;
        let half_top = if in_lower_half { HALF_HEIGHT } else { 0 };
        let y_in_half = rect
            .y
            .checked_sub(half_top)
            .filter(|y| *y < HALF_HEIGHT)
            .ok_or_else(|| {
                refuse(format!(
                    "the frame draws from the {} half of the sheet (rows {}..{})",
                    if in_lower_half { "lower" } else { "top" },
                    half_top,
                    half_top + HALF_HEIGHT
                ))
            })?;
        if rect.x % 8 != 0 || y_in_half % 8 != 0 {
            return Err(refuse("not on the 8-pixel grid".into()));
        }
        let column = u8::try_from(rect.x / 8)
            .ok()
            .filter(|c| *c < 32)
            .ok_or_else(|| refuse("x beyond column 31 (248 px)".into()))?;
        Ok(Self {
            dx,
            dy,
            column,
            row: u8::try_from(y_in_half / 8).unwrap_or(u8::MAX),
            size_code,
            flip_x,
            flip_y: false,
        })
    }
}

/// Where the tables and records of each SHP layout lie, from the record declarations: what
/// [`crate::detect_format`] checks a file's size against, and where a report (`diff`) finds a
/// record of a decoded file (records lie back to back in index order after their table).
pub mod layout {
    use super::record::{BlockLength, FrameHead, Pointers, TileRecord, UnitHeader};
    use super::{UNIT_TABLE_ENTRIES, WEAPON_FIRST_SECTION_LEN, WEAPON_TABLE_ENTRIES};

    /// Offset of `water_ptr` in a unit SHP.
    pub const WATER_PTR_AT: usize = UnitHeader::WATER_PTR_AT;
    /// `water_ptr` meaning "no water section": the main table's own offset.
    pub const NO_WATER: usize = super::record::NO_WATER as usize;
    /// Where a unit SHP's main table starts.
    pub const UNIT_MAIN_TABLE_AT: usize = UnitHeader::LEN;
    /// Where a weapon SHP's table starts.
    pub const WEAPON_TABLE_AT: usize = WEAPON_FIRST_SECTION_LEN;

    /// Where the block length of a unit table starting at `table_at` is stored.
    pub const fn unit_block_len_at(table_at: usize) -> usize {
        table_at + Pointers::<UNIT_TABLE_ENTRIES>::LEN
    }

    /// Where the block length of the weapon table is stored.
    pub const WEAPON_BLOCK_LEN_AT: usize = WEAPON_TABLE_AT + Pointers::<WEAPON_TABLE_ENTRIES>::LEN;

    /// Where a block starts, from where its length is stored.
    pub const fn block_at(block_len_at: usize) -> usize {
        block_len_at + BlockLength::LEN
    }

    /// Where the first record of a unit table starting at `table_at` lies.
    pub const fn unit_block_at(table_at: usize) -> usize {
        block_at(unit_block_len_at(table_at))
    }

    /// Where the first record of the weapon table lies.
    pub const WEAPON_BLOCK_AT: usize = block_at(WEAPON_BLOCK_LEN_AT);

    /// Offset of `lower_half_from` in a unit SHP header.
    pub const LOWER_HALF_FROM_AT: usize = UnitHeader::LOWER_HALF_FROM_AT;
    /// Offset of `extra` in a unit SHP header.
    pub const EXTRA_AT: usize = UnitHeader::EXTRA_AT;

    /// Where tile `tile` of the frame record at `record_at` lies.
    pub const fn tile_at(record_at: usize, tile: usize) -> usize {
        record_at + FrameHead::LEN + TileRecord::LEN * tile
    }
}

impl Frame {
    /// Encoded length of the record in bytes.
    pub fn record_len(&self) -> usize {
        layout::tile_at(0, self.tiles.len())
    }
}

impl UnitShp {
    /// Number of frame ids (the main table's length; the water table has the same).
    pub fn frame_count(&self) -> usize {
        self.main.len()
    }

    /// Whether frame `index` draws from the lower half of the sheet.
    pub fn in_lower_half(&self, index: usize) -> bool {
        index >= usize::from(self.lower_half_from)
    }
}
