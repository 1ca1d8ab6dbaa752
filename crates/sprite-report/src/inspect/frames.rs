//! The verbose frame listing of SHP files (unit, weapon and effect): every frame with its
//! tiles, each tile's offset from the anchor and its rectangle on the sheet. One model, written
//! as JSON by serde and as text by [`FrameTable::write_text`].

use std::fmt::Write as _;

use fft_formats::Frame;
use serde::Serialize;

/// One table of frames, in file order; JSON writes it as an array.
#[derive(Serialize)]
#[serde(transparent)]
pub struct FrameTable(Vec<FrameEntry>);

/// A frame as the listing shows it.
#[derive(Serialize)]
struct FrameEntry {
    index: usize,
    /// Unit files only: whether the frame draws from the lower half of the sheet (its tiles'
    /// sheet `y` then counts 256 more). Weapon and effect sheets have no such rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_half: Option<bool>,
    rotation: u8,
    flags: u8,
    /// Front-most first, as stored.
    tiles: Vec<TileEntry>,
}

/// A tile: its top left from the anchor, and where it is on the sheet, in pixels.
#[derive(Serialize)]
struct TileEntry {
    dx: i8,
    dy: i8,
    x: u32,
    y: u32,
    w: u32,
    h: u32,
    flip_x: bool,
    flip_y: bool,
}

impl FrameTable {
    /// The listing of `frames`; `lower_half(i)` is `Some` for unit files (whether frame `i` draws
    /// from the lower half of the sheet) and `None` for weapon and effect files.
    pub fn new(frames: &[Frame], lower_half: impl Fn(usize) -> Option<bool>) -> Self {
        let entries = frames.iter().enumerate().map(|(index, frame)| {
            let half = lower_half(index);
            let tiles = frame
                .tiles
                .iter()
                .map(|tile| {
                    let rect = tile.sheet_rect(half.unwrap_or(false));
                    TileEntry {
                        dx: tile.dx,
                        dy: tile.dy,
                        x: rect.x,
                        y: rect.y,
                        w: rect.w,
                        h: rect.h,
                        flip_x: tile.flip_x,
                        flip_y: tile.flip_y,
                    }
                })
                .collect();
            FrameEntry {
                index,
                lower_half: half,
                rotation: frame.rotation,
                flags: frame.flags,
                tiles,
            }
        });
        Self(entries.collect())
    }

    /// A heading (`main frames ...`, or `frames ...` when the file has one table, `table` `None`),
    /// then one line per frame and one per tile, front-most first.
    pub fn write_text(&self, table: Option<&str>, text: &mut String) {
        let table = table.map(|name| format!("{name} ")).unwrap_or_default();
        let _ = writeln!(
            text,
            "{table}frames (tiles front-most first; sheet x, y in pixels)"
        );
        for frame in &self.0 {
            let count = frame.tiles.len();
            let _ = write!(
                text,
                "  frame {}: {count} tile{}",
                frame.index,
                if count == 1 { "" } else { "s" }
            );
            if frame.lower_half == Some(true) {
                text.push_str(", lower half");
            }
            if frame.rotation != 0 {
                let _ = write!(text, ", rotation {}", frame.rotation);
            }
            if frame.flags != 0 {
                let _ = write!(text, ", flags 0x{:02X}", frame.flags);
            }
            text.push('\n');
            for tile in &frame.tiles {
                let _ = write!(
                    text,
                    "    dx {:>4}  dy {:>4}  sheet ({:>3}, {:>3})  {}x{}",
                    tile.dx, tile.dy, tile.x, tile.y, tile.w, tile.h
                );
                if tile.flip_x {
                    text.push_str("  flip-x");
                }
                if tile.flip_y {
                    text.push_str("  flip-y");
                }
                text.push('\n');
            }
        }
    }
}
