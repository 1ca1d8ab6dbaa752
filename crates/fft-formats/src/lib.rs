//! Lossless codecs for the sprite files of Final Fantasy Tactics (PlayStation): SHP (how each
//! frame is assembled from sheet rectangles), SEQ (the animation bytecode) and SPR (the sprite
//! sheets the rectangles are cut from), the remaster's HD sheets ([`hd`]: the same sheets at twice
//! the size, docs/remaster.md), and the editable text forms of SEQ and SHP files
//! ([`text`], docs/text-forms.md), and the remaster's NXD tables ([`nxd`]: Ramza's colours,
//! docs/formats/nxd.md).
//!
//! Every `decode` checks the structural rules of docs/formats/README.md and returns the first
//! violation with its byte offset; every `encode` gives back the original bytes for any decoded
//! file. No input makes a decoder panic or allocate more than a small multiple of its length.

pub mod error;
pub mod file_format;
pub mod hd;
pub mod index;
pub mod layer;
pub mod nxd;
mod record;
pub mod seq;
pub mod shp;
pub mod spr;
pub mod text;
pub mod weapon_graphics;

pub use error::{DecodeError, EncodeError, Error, ErrorKind, FieldPath, PathFrame};
pub use file_format::{FileFormat, RoundTrip, RoundTripError, detect_format, round_trip};
pub use index::CommandIndex;
pub use seq::{Command, OpArgs, Opcode, OpcodeTable, Seq};
pub use shp::{Frame, SheetRect, Tile, UnitShp, WeaponShp};
