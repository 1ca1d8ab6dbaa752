//! The fixed records of SHP files (docs/formats/shp.md 2.1-2.6), each declared once with binrw: the
//! decoder and the encoder both read and write through these declarations, and the bit fields
//! of the frame header and the tile word are mapped once, here.

use binrw::binrw;

use super::Tile;
use crate::error::PathFrame;
use crate::record::{Bits, Raw};

/// The unit SHP header (docs/formats/shp.md 2.1), at byte 0.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct UnitHeader {
    /// Where the water section starts, or [`NO_WATER`].
    #[br(err_context(PathFrame::Field("water_ptr")))]
    pub water_ptr: u32,
    #[br(err_context(PathFrame::Field("lower_half_from")))]
    pub lower_half_from: u16,
    #[br(err_context(PathFrame::Field("extra")))]
    pub extra: u16,
}

/// `water_ptr` value meaning "no water section".
pub(crate) const NO_WATER: u32 = 8;

impl UnitHeader {
    /// Offset of `water_ptr`.
    pub const WATER_PTR_AT: usize = 0;
    /// Offset of `lower_half_from`.
    pub const LOWER_HALF_FROM_AT: usize = 4;
    /// Offset of `extra`.
    pub const EXTRA_AT: usize = 6;
    /// The header's size: where the main table starts.
    pub const LEN: usize = 8;
}

/// The first section of a weapon/effect SHP (docs/formats/shp.md 2.6), kept as raw bytes.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct WeaponHeader {
    pub first_section: Raw<{ super::WEAPON_FIRST_SECTION_LEN }>,
}

/// One entry of a frame table: a frame's offset in the data block, or 0 after the last frame.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pointer {
    pub offset: u32,
}

impl Pointer {
    /// Its size in bytes.
    pub const LEN: usize = 4;
}

/// A frame table's `N` pointers.
pub(crate) struct Pointers<const N: usize>;

impl<const N: usize> Pointers<N> {
    /// The table's size in bytes: where its block length is stored, from the table's start.
    pub const LEN: usize = Pointer::LEN * N;
}

/// The u16 length of a table's data block, right after its pointers.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct BlockLength {
    #[br(err_context(PathFrame::Part("block length".into())))]
    pub len: u16,
}

impl BlockLength {
    /// Its size in bytes.
    pub const LEN: usize = 2;
}

/// The first two bytes of a frame record: the tile count and rotation, and the flags.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct FrameHead {
    #[br(err_context(PathFrame::Part("record header".into())))]
    pub head: u8,
    #[br(err_context(PathFrame::Part("record flags".into())))]
    pub flags: u8,
}

/// Bits 0-2 of the record header: the tile count less one.
const TILE_COUNT_LESS_ONE: Bits = Bits { shift: 0, width: 3 };
/// Bits 3-7 of the record header: the rotation index.
const ROTATION: Bits = Bits { shift: 3, width: 5 };

impl FrameHead {
    /// Its size in bytes: where the first tile record starts.
    pub const LEN: usize = 2;

    /// How many tile records follow (1 to 8).
    pub fn tile_count(self) -> usize {
        TILE_COUNT_LESS_ONE.get(self.head.into()) as usize + 1
    }

    /// The rotation index.
    pub fn rotation(self) -> u8 {
        ROTATION.get(self.head.into()) as u8
    }

    /// The header of a record with `tiles` tiles, or why there is none.
    pub fn new(rotation: u8, flags: u8, tiles: usize) -> Result<Self, String> {
        let count = tiles
            .checked_sub(1)
            .and_then(|less_one| TILE_COUNT_LESS_ONE.put(u32::try_from(less_one).ok()?))
            .ok_or_else(|| format!("{tiles} tiles; a frame holds 1 to 8"))?;
        let rotation = ROTATION.put(rotation.into()).ok_or_else(|| {
            format!(
                "rotation {rotation} does not fit in {} bits",
                ROTATION.width
            )
        })?;
        Ok(Self {
            head: (count | rotation) as u8,
            flags,
        })
    }
}

/// One tile record: a little-endian u32 whose bit fields are the offset from the anchor and the
/// tile word (docs/formats/shp.md 2.5): `dx` and `dy` in the low bytes, then column, row, size code
/// and the two flips.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct TileRecord {
    pub record: u32,
}

impl TileRecord {
    /// Its size in bytes.
    pub const LEN: usize = 4;
}

const DX: Bits = Bits { shift: 0, width: 8 };
const DY: Bits = Bits { shift: 8, width: 8 };
const COLUMN: Bits = Bits {
    shift: 16,
    width: 5,
};
const ROW: Bits = Bits {
    shift: 21,
    width: 5,
};
const SIZE_CODE: Bits = Bits {
    shift: 26,
    width: 4,
};
const FLIP_X: Bits = Bits {
    shift: 30,
    width: 1,
};
const FLIP_Y: Bits = Bits {
    shift: 31,
    width: 1,
};

impl From<TileRecord> for Tile {
    fn from(TileRecord { record }: TileRecord) -> Self {
        Self {
            dx: DX.get(record) as u8 as i8,
            dy: DY.get(record) as u8 as i8,
            column: COLUMN.get(record) as u8,
            row: ROW.get(record) as u8,
            size_code: SIZE_CODE.get(record) as u8,
            flip_x: FLIP_X.get(record) != 0,
            flip_y: FLIP_Y.get(record) != 0,
        }
    }
}

impl TryFrom<&Tile> for TileRecord {
    type Error = String;

    /// The record of a tile, or which field does not fit its bits.
    fn try_from(tile: &Tile) -> Result<Self, String> {
        let column = COLUMN.put(tile.column.into()).ok_or_else(|| {
            format!(
                "column {} does not fit in {} bits",
                tile.column, COLUMN.width
            )
        })?;
        let row = ROW
            .put(tile.row.into())
            .ok_or_else(|| format!("row {} does not fit in {} bits", tile.row, ROW.width))?;
        let size_code = SIZE_CODE
            .put(tile.size_code.into())
            .ok_or_else(|| format!("size code {} is not in the size table", tile.size_code))?;
        // Every i8 and bool fits its field.
        let fits = |field: Bits, value: u32| field.put(value).unwrap_or(0);
        let record = fits(DX, u32::from(tile.dx as u8))
            | fits(DY, u32::from(tile.dy as u8))
            | column
            | row
            | size_code
            | fits(FLIP_X, tile.flip_x.into())
            | fits(FLIP_Y, tile.flip_y.into());
        Ok(Self { record })
    }
}
