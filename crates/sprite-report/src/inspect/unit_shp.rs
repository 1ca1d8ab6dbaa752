//! `inspect` on a unit SHP: the header (`water_ptr`, `lower_half_from`, `extra`), frames and tiles
//! per table (main, water), frames in the lower half of the sheet; when verbose, both tables'
//! frames.

use fft_formats::{Frame, UnitShp};
use serde::Serialize;

use super::frames::FrameTable;
use crate::inspect::{FieldText, Hex, Identity, Listing, Report, section};

section! {
    /// The header as stored.
    pub struct Header {
        /// The stored value: the model derives it (it is where the main block ends).
        water_ptr: Hex,
        lower_half_from: u16,
        extra: Hex,
    }
}

section! {
    pub struct Counts {
        main_frames: usize,
        water_frames: WaterCount,
        main_tiles: usize,
        water_tiles: WaterCount,
        frames_in_lower_half: usize,
    }
}

/// A count in the water table, which some files do not have: `null` in JSON, and the text says
/// why.
#[derive(Serialize)]
#[serde(transparent)]
struct WaterCount(Option<usize>);

impl FieldText for WaterCount {
    fn text(&self) -> Option<String> {
        Some(self.0.map_or_else(
            || "none (no water section)".to_owned(),
            |count| count.to_string(),
        ))
    }
}

/// The verbose listing: `"frames": {"main": [...], "water": [...] or null}`.
#[derive(Serialize)]
pub struct Frames {
    frames: Tables,
}

#[derive(Serialize)]
struct Tables {
    main: FrameTable,
    water: Option<FrameTable>,
}

impl Listing for Frames {
    fn write_text(&self, text: &mut String) {
        self.frames.main.write_text(Some("main"), text);
        if let Some(water) = &self.frames.water {
            water.write_text(Some("water"), text);
        }
    }
}

/// The report on `shp`, decoded from `bytes`.
pub fn report(
    identity: Identity,
    bytes: &[u8],
    shp: &UnitShp,
    verbose: bool,
) -> Report<Header, Counts, Frames> {
    let water_ptr = bytes.get(..4).map_or(0, |b| {
        u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    });
    let tiles = |frames: &[Frame]| frames.iter().map(|f| f.tiles.len()).sum::<usize>();
    let lower_half = |index: usize| Some(shp.in_lower_half(index));
    Report {
        identity,
        header: Header {
            water_ptr: Hex(water_ptr),
            lower_half_from: shp.lower_half_from,
            extra: Hex(shp.extra.into()),
        },
        counts: Counts {
            main_frames: shp.main.len(),
            water_frames: WaterCount(shp.water.as_ref().map(Vec::len)),
            main_tiles: tiles(&shp.main),
            water_tiles: WaterCount(shp.water.as_deref().map(tiles)),
            frames_in_lower_half: shp
                .main
                .len()
                .saturating_sub(usize::from(shp.lower_half_from)),
        },
        listing: verbose.then(|| Frames {
            frames: Tables {
                main: FrameTable::new(&shp.main, lower_half),
                water: shp
                    .water
                    .as_deref()
                    .map(|water| FrameTable::new(water, lower_half)),
            },
        }),
    }
}
