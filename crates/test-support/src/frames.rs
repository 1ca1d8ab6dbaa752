//! A unit's frames as a source other than the built document describes them: FFTorama's
//! `frame_data_<kind>.txt` for the retail kinds, the hand-written model of [`crate::demo`] for the
//! demo. Each tile keeps the SHP's own terms (its top-left corner from the anchor, its size, where
//! it is on the sheet, its flips), so a test can say where a tile must be drawn without the
//! document's `u`, `v` and without the placement formula under test.

use fft_formats::shp::Frame;

use crate::fftorama::{cfg_integer, read_frame_data};

/// A tile as the SHP lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShpTile {
    /// Left edge, in pixels right of the anchor.
    pub dx: i32,
    /// Top edge, in pixels below the anchor.
    pub dy: i32,
    pub w: u32,
    pub h: u32,
    /// The top-left pixel of its rectangle on the 256 x 488 sheet (rows of the lower half +256).
    pub sheet: (u32, u32),
    pub flip_x: bool,
    pub flip_y: bool,
}

/// Every frame of a unit in the document's numbering: main frames, then the water frames
/// (`waterOffset` later); each frame's tiles front-most first, as the SHP lists them.
#[derive(Debug, Clone)]
pub struct ShpFrames(pub Vec<Vec<ShpTile>>);

impl ShpFrames {
    /// A retail kind's frames as FFTorama's `FrameData/frame_data_<kind>.txt` lists them, the
    /// sheet rows of frames from the `attack_start_index` of its `<kind>_shp.cfg` on moved to the
    /// lower half (FFTorama prints them within the half), or `None` after a SKIPPED line without
    /// FFTorama's tables (see [`crate::fftorama_tables`]).
    pub fn fftorama(test: &str, kind: &str) -> Option<Self> {
        let fftorama = crate::fftorama_tables(test)?;
        let frame_data = fftorama.join(format!("FrameData/frame_data_{kind}.txt"));
        let (main, water) = read_frame_data(&frame_data);
        let lower_half_from = cfg_integer(
            &fftorama.join(format!("FrameData/{kind}_shp.cfg")),
            "attack_start_index",
        );
        let frames = main.iter().chain(&water).map(|row| {
            let half = if row.frame_id as i64 >= lower_half_from {
                256
            } else {
                0
            };
            row.tiles
                .iter()
                .map(|t| ShpTile {
                    dx: t.shift_x,
                    dy: t.shift_y,
                    w: t.w,
                    h: t.h,
                    sheet: (t.x, t.y + half),
                    flip_x: t.flip_x,
                    flip_y: t.flip_y,
                })
                .collect()
        });
        Some(Self(frames.collect()))
    }

    /// The demo's frames as its hand-written model ([`crate::demo::demo_shp`]) states them.
    pub fn demo() -> Self {
        let shp = crate::demo::demo_shp();
        let water = shp.water.as_ref().expect("the demo has water frames");
        let frames = shp.main.iter().enumerate().chain(water.iter().enumerate());
        Self(
            frames
                .map(|(index, frame): (usize, &Frame)| {
                    frame
                        .tiles
                        .iter()
                        .map(|t| {
                            let rect = t.sheet_rect(shp.in_lower_half(index));
                            ShpTile {
                                dx: t.dx.into(),
                                dy: t.dy.into(),
                                w: rect.w,
                                h: rect.h,
                                sheet: (rect.x, rect.y),
                                flip_x: t.flip_x,
                                flip_y: t.flip_y,
                            }
                        })
                        .collect()
                })
                .collect(),
        )
    }

    /// Frame `shp`'s tiles, front-most first.
    ///
    /// # Panics
    /// When the unit has no frame `shp`.
    pub fn frame(&self, shp: usize) -> &[ShpTile] {
        &self.0[shp]
    }
}
