//! Pictures of sprite data: a sheet decoded to a PNG, any frame or animation of a
//! `tactics-sprite-data.json` document drawn from a sheet (as `poseAt` places it) to a PNG strip,
//! an animated PNG or a GIF, a contact sheet of every frame, and an export in the shape of
//! Aseprite's sprite-sheet JSON for 2D engines.
//!
//! - [`sheet`]: SPR or PNG sheets in, RGBA pictures out; SPR to an indexed PNG, the portrait; the
//!   remaster's HD pairs, drawn at twice the size ([`sheet::SheetScale`]);
//! - [`compose`]: the document's fixed [`compose::Canvas`] and the [`compose::Renderer`];
//! - [`layers`]: a unit drawn with its weapon and effect layers, a frame turned as [`turn`] says;
//! - [`layout`]: strips and the contact sheet, with a tiny digit font;
//! - [`encode`]: PNG, APNG (exact tick delays) and GIF (carried centiseconds);
//! - [`request`] and [`render`]: the one render entry point, a request checked once against its
//!   document and drawn to its file, with or without the weapon and effect layers;
//! - [`cancel`]: a render stopped at its next frame once nobody waits for it (a server's);
//! - [`aseprite`]: the atlas and its JSON;
//! - [`spr_png`]: sheet pictures back into SPR files, and a picture that carries every palette;
//! - [`hd_png`]: the same for the remaster's HD pairs (docs/remaster.md);
//! - [`sas`]: Tactics Ogre's SAS sets drawn from a PNG sheet, pose by pose;
//! - [`demo_sheet`]: the synthetic demo unit's sheet, painted here (`fixtures/demo/demo.png`).

pub mod aseprite;
pub mod cancel;
pub mod compose;
pub mod demo_sheet;
pub mod encode;
pub mod error;
pub mod hd_png;
pub mod image;
pub mod layers;
pub mod layout;
pub mod render;
pub mod request;
pub mod sas;
pub mod sheet;
pub mod spr_png;
pub mod turn;

pub use cancel::{Cancel, CancelOnDrop};
pub use compose::{AnimationFrame, Canvas, Renderer};
pub use error::RenderError;
pub use image::{Background, Image, Rgba};
pub use render::{RenderFailure, Rendered, TileSources};
pub use request::{CheckedRender, CheckedRequest, Format, RenderRequest, RequestFault, Subject};
