//! "The Screen": where a pose's tiles and moves go, on a flat 2D stage and in a 3D scene.
//!
//! In 2D a pose is already placed: draw each tile at `(x, y)` from the stance point plus
//! `(moveX, moveY)`, times a whole number. In 3D the unit's group sits at the stance point and
//! turns with the camera; a tactical camera looks down, so a sprite pixel is 0.75 wide and 0.9
//! tall there, and the sequence's forward move is a move in the world, along the facing.

use crate::document::{Cell, Sheet};

use super::Pose;
use super::view::Facing;

/// World units per sprite pixel across.
pub const PIXEL_WIDTH: f64 = 0.75;
/// World units per sprite pixel up: pixels are 1.2 times taller than wide.
pub const PIXEL_HEIGHT: f64 = 0.9;

/// A tile centre `(cx, cy)` in pixels from the stance point (+y down) to the unit's group:
/// `(cx · 0.75, -cy · 0.9)`.
pub fn tile_center_in_group(cx: f64, cy: f64) -> [f64; 2] {
    [cx * PIXEL_WIDTH, -cy * PIXEL_HEIGHT]
}

/// The texture coordinate of sheet row `y`: `v = 1 - y / height`, counting up from the bottom of
/// the sheet.
pub fn texture_v(y: f64, sheet_height: f64) -> f64 {
    1.0 - y / sheet_height
}

/// A cell's rectangle in texture coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextureRect {
    /// `x / width` and `(x + w) / width`.
    pub left: f64,
    pub right: f64,
    /// `1 - y / height`, the top edge, and `1 - (y + h) / height`, the bottom (the smaller).
    pub top: f64,
    pub bottom: f64,
}

/// Where `cell` is on the sheet's texture. A flipped tile swaps `left` and `right`.
pub fn cell_texture_rect(sheet: &Sheet, cell: &Cell) -> TextureRect {
    let (width, height) = (f64::from(sheet.width), f64::from(sheet.height));
    TextureRect {
        left: f64::from(cell.x) / width,
        right: (f64::from(cell.x) + f64::from(cell.w)) / width,
        top: texture_v(f64::from(cell.y), height),
        bottom: texture_v(f64::from(cell.y) + f64::from(cell.h), height),
    }
}

/// The sequence's forward move `fb` as a world vector: `(FACING_X, 0, FACING_Z) · fb · 0.75`.
pub fn fb_world(facing: Facing, fb: f64) -> [f64; 3] {
    facing.direction().map(|c| c * fb * PIXEL_WIDTH)
}

/// The sequence's down move `du` as a screen-vertical offset in the group: `-du · 0.9`.
pub fn du_screen(du: f64) -> f64 {
    -du * PIXEL_HEIGHT
}

/// The 2D move: `moveX = fb · (mirrored ? 1 : -1)`, `moveY = du`, 0 where the list is absent.
/// A forward move shows as screen left on patterns 1 and 2 and right on the mirrored 0 and 3.
pub fn move_2d(fb: i32, du: i32, mirrored: bool) -> (i64, i64) {
    let fb = i64::from(fb);
    (if mirrored { fb } else { -fb }, i64::from(du))
}

/// A pose placed in 3D.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement3d {
    /// The world offset of the whole unit, from `fb` along the facing.
    pub world: [f64; 3],
    /// Each tile's centre in the group, in draw order, with `du` already added.
    pub tiles: Vec<[f64; 2]>,
}

/// Places `pose` for a unit facing `facing`: every tile's centre scaled into the group and moved
/// down by `du`, and `fb` sent along the facing. (The pose already carries the view's mirror.)
pub fn place_3d(pose: &Pose, facing: Facing) -> Placement3d {
    let down = du_screen(f64::from(pose.du));
    Placement3d {
        world: fb_world(facing, f64::from(pose.fb)),
        tiles: pose
            .tiles
            .iter()
            .map(|t| {
                let (cx, cy) = t.center();
                let [gx, gy] = tile_center_in_group(cx, cy);
                [gx, gy + down]
            })
            .collect(),
    }
}
