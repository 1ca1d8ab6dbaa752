//! Builds `tactics-sprite-data.json`, the document web and 3D renderers draw a unit from, out of a
//! decoded SHP + SEQ pair and a sheet profile, exactly as docs/derivation.md derives each field.
//!
//! The pieces stand alone: [`execution`] turns a SEQ slot into a timeline with no JSON in sight,
//! [`profile`] reads the per-kind facts, [`build`](mod@build) assembles the [`document`], and [`canonical`]
//! writes its one true byte form.

pub mod build;
pub mod canonical;
pub mod compare;
pub mod demo;
pub mod document;
pub mod error;
pub mod execution;
pub mod index;
pub mod layer;
pub mod limits;
pub mod listing;
pub mod load;
mod objects;
pub mod output;
pub mod pose;
pub mod profile;
pub mod target;
pub mod weapon;

pub use build::{BuildInput, Built, NamedBytes, Overlays, build, build_document};
pub use canonical::{to_canonical_bytes, write_canonical};
pub use document::Document;
pub use error::{Error, ErrorKind, Fault};
pub use index::{CellId, FrameIndex, RelativeFrame, SequenceIndex, Slot, View};
pub use load::{parse_document, parse_layer_document};
pub use profile::Profile;
