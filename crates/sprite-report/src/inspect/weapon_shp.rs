//! `inspect` on a weapon or effect SHP: the 0x44-byte first section as u16 values and as each
//! weapon type's first frame, frames and tiles; when verbose, every frame.

use fft_formats::WeaponShp;
use fft_formats::layer::{FirstSection, WeaponType};
use serde::Serialize;

use super::frames::FrameTable;
use crate::inspect::{Identity, Listing, Numbers, Report, section};

section! {
    pub struct Header {
        /// Little-endian u16 values, as stored.
        first_section: Numbers,
        /// The first section read as fields (`fft_formats::layer`): each weapon type's first
        /// frame, `sword 0, ...`.
        first_frames: String,
    }
}

section! {
    pub struct Counts {
        frames: usize,
        tiles: usize,
    }
}

/// The verbose listing: `"frames": [...]`.
#[derive(Serialize)]
pub struct Frames {
    frames: FrameTable,
}

impl Listing for Frames {
    fn write_text(&self, text: &mut String) {
        self.frames.write_text(None, text);
    }
}

/// The report on `shp`.
pub fn report(
    identity: Identity,
    shp: &WeaponShp,
    verbose: bool,
) -> Report<Header, Counts, Frames> {
    let first_section = shp
        .first_section
        .chunks_exact(2)
        .map(|b| u64::from(u16::from_le_bytes([b[0], b[1]])))
        .collect();
    let fields = FirstSection::decode(&shp.first_section);
    let first_frames = WeaponType::ALL
        .iter()
        .map(|t| format!("{t} {}", fields.first_frame(*t)))
        .collect::<Vec<_>>()
        .join(", ");
    Report {
        identity,
        header: Header {
            first_section: Numbers(first_section),
            first_frames,
        },
        counts: Counts {
            frames: shp.frames.len(),
            tiles: shp.frames.iter().map(|f| f.tiles.len()).sum(),
        },
        // Weapon and effect sheets have no lower-half rule.
        listing: verbose.then(|| Frames {
            frames: FrameTable::new(&shp.frames, |_| None),
        }),
    }
}
