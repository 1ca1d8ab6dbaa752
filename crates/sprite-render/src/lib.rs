//! Pictures of sprite data: a sheet decoded to a PNG, any frame or animation of a
//! `tactics-sprite-data.json` document drawn from a sheet (as `poseAt` places it) to a PNG strip,
//! an animated PNG or a GIF, a contact sheet of every frame, and an export in the shape of
//! Aseprite's sprite-sheet JSON for 2D engines.
//!
//! - [`sheet`]: SPR or PNG sheets in, RGBA pictures out; SPR to an indexed PNG, the portrait;
//! - [`compose`]: the document's fixed [`compose::Canvas`] and the [`compose::Renderer`];
//! - [`layers`]: a unit drawn with its weapon and effect layers;
//! - [`layout`]: strips and the contact sheet, with a tiny digit font;
//! - [`encode`]: PNG, APNG (exact tick delays) and GIF (carried centiseconds);
//! - [`aseprite`]: the atlas and its JSON;
//! - [`spr_png`]: sheet pictures back into SPR files, and a picture that carries every palette;
//! - [`demo_sheet`]: the synthetic demo unit's sheet, painted here (`fixtures/demo/demo.png`).

pub mod aseprite;
pub mod compose;
pub mod demo_sheet;
pub mod encode;
pub mod error;
pub mod image;
pub mod layers;
pub mod layout;
pub mod sheet;
pub mod spr_png;

pub use compose::{AnimationFrame, Canvas, Renderer};
pub use error::RenderError;
pub use image::{Image, Rgba};

/// A background: transparent, or an opaque colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Background {
    Transparent,
    Colour(Rgba),
}

impl Background {
    /// `image` on this background.
    pub fn apply(self, image: &Image) -> Image {
        match self {
            Background::Transparent => image.clone(),
            Background::Colour(colour) => image.on_background(colour),
        }
    }
}

impl std::str::FromStr for Background {
    type Err = String;

    /// `transparent`, or `#RRGGBB` (the `#` optional).
    fn from_str(s: &str) -> Result<Self, String> {
        if s.eq_ignore_ascii_case("transparent") {
            return Ok(Background::Transparent);
        }
        let hex = s.strip_prefix('#').unwrap_or(s);
        if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits");
            return Ok(Background::Colour([
                channel(0),
                channel(2),
                channel(4),
                255,
            ]));
        }
        Err(format!(
            "{s:?} is neither `transparent` nor a colour #RRGGBB"
        ))
    }
}
