//! `inspect` on an SPR sheet (or an SP2 sheet, or the OTHER sheet): its variant, image size,
//! palette count, padding, the unit kind that draws it (by its name); opaque pixels and the colour indices used; when verbose, every
//! palette as raw 16-bit words.

use std::fmt::Write as _;

use fft_formats::spr::{Palette, Spr, WIDTH};
use serde::Serialize;
use sprite_inputs::names::sheet_kind::kind_of_sheet;

use crate::inspect::{Identity, Listing, Numbers, Report, section};

section! {
    pub struct Header {
        variant: String,
        width: usize,
        height: usize,
        palettes: usize,
        padding: usize,
        /// The unit kind that draws the sheet, by its name (`sprite_inputs::names::sheet_kind`):
        /// left out for a name the table gives no kind.
        #[serde(skip_serializing_if = "Option::is_none")]
        unit_kind: Option<&'static str>,
    }
}

section! {
    pub struct Counts {
        pixels: usize,
        /// Pixels of an index other than 0 (transparent).
        opaque_pixels: usize,
        /// The palette indices (0-15) some pixel uses.
        indices_used: Numbers,
    }
}

/// The verbose listing: `"palettes": [[...16 words], ...]`, the raw 16-bit colour words (5 bits each of
/// red, green, blue; bit 15 STP).
#[derive(Serialize)]
pub struct Palettes {
    palettes: Vec<Palette>,
}

impl Listing for Palettes {
    fn write_text(&self, text: &mut String) {
        for (i, palette) in self.palettes.iter().enumerate() {
            let words: Vec<String> = palette.iter().map(|w| format!("{w:04X}")).collect();
            let _ = writeln!(text, "palette {i:2}: {}", words.join(" "));
        }
    }
}

/// The report on `sheet`.
pub fn report(identity: Identity, sheet: &Spr, verbose: bool) -> Report<Header, Counts, Palettes> {
    let unit_kind = kind_of_sheet(&identity.file);
    let mut used = [false; 16];
    for &index in &sheet.pixels {
        used[usize::from(index & 0x0F)] = true;
    }
    Report {
        identity,
        header: Header {
            variant: sheet.variant.to_string(),
            width: WIDTH,
            height: sheet.height(),
            palettes: sheet.palettes.len(),
            padding: sheet.padding,
            unit_kind,
        },
        counts: Counts {
            pixels: sheet.pixels.len(),
            opaque_pixels: sheet.pixels.iter().filter(|&&p| p != 0).count(),
            indices_used: Numbers((0..16).filter(|&i| used[i]).map(|i| i as u64).collect()),
        },
        listing: verbose.then(|| Palettes {
            palettes: sheet.palettes.clone(),
        }),
    }
}
