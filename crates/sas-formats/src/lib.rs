//! Lossless codecs for the sprite animation sets of Tactics Ogre: `SAS3` (Reborn) and `SAS\0`
//! (the PSP's version 0), and the `pakd` containers they are stored in.
//!
//! A set is a sheet's rectangles (quads) grouped into sprites, and animations: timed lists of
//! frames in up to four directions, where a direction may reuse another's frames mirrored.
//!
//! The codec keeps every byte: dead frames in the gaps between animations, animation blocks shared
//! by several directions, and the zero padding that follows an entry, so that `encode(decode(b))
//! == b` for any file that decodes. What a field *means* is kept apart from its bytes: frames decode
//! to [`Command`]s carrying their raw arguments, and the disputed meanings live in a swappable
//! [`Meanings`] table. No retail file was available; every layout here comes from one public
//! reader and is tested on files our own encoder makes.
//!
//! Every `decode` returns the first violation with its byte offset, its [`ErrorKind`] and the path
//! of the field being read ([`FieldPath`]: `block 2, frame 3`); no input makes a decoder panic or
//! allocate more than a small multiple of its length.

pub mod cells;
pub mod command;
pub mod document;
pub mod error;
pub mod meanings;
pub mod model;
pub mod pakd;
pub mod pose;
mod read;
mod records;
mod write;

pub use write::Layout;

pub use command::Command;
pub use error::{DecodeError, EncodeError, Error, ErrorKind, FieldPath, PathFrame};
pub use meanings::{Effect, Meaning, Meanings};
pub use model::{
    Block, BodyItem, ByteOrder, Frame, FrameArgs, Quad, SasSet, Slot, Sprite, Version,
};
pub use pakd::{Entry, EntryKind, Pakd};

/// Whether `bytes` start like a SAS set (either magic, either byte order).
pub fn is_sas(bytes: &[u8]) -> bool {
    model::Version::from_magic(bytes).is_some()
}

/// Whether `bytes` start like a `pakd` container (either byte order).
pub fn is_pakd(bytes: &[u8]) -> bool {
    pakd::byte_order_of(bytes).is_some()
}
