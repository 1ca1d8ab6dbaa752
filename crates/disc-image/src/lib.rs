//! The files of a CD-ROM image, read and written back: the disc a player owns, as a `.bin` with
//! or without its `.cue`, an `.img` or an `.iso`.
//!
//! - Sectors ([`sector`]): raw 2352-byte sectors (Mode 1, Mode 2 Form 1; Form 2 sectors are
//!   recognised and never read as data) or cooked 2048-byte ones, told from the bytes (the
//!   sync pattern, and "CD001" at sector 16), not from the file name. A cue sheet, also told
//!   from its bytes, names the data file and its track's mode ([`cue`]).
//! - ISO 9660 ([`Disc`]): the primary volume descriptor, files by path (any case, `;1`
//!   optional), a listing with sizes and first sectors, a file's bytes.
//! - Write-back ([`patch`]): a file replaced within its sectors, EDC and ECC recomputed
//!   ([`edc_ecc`]), the directory record's size updated, written as a new image atomically;
//!   where the new image goes, and its cue sheet ([`outputs`]).
//!
//! Every read is bounded (a directory's size, the entries of a walk, the depth, the volume
//! descriptors looked at, the bytes of a file read) and every field is checked before it is
//! used: a bad image gives one [`Error`] naming the image, the sector and the byte.
//!
//! No ISO 9660 crate is used: the ones published read cooked 2048-byte images only, or hide the
//! positions of directory records that a patch must rewrite (see `docs/disc.md`).

pub mod cue;
pub mod disc;
pub mod edc_ecc;
pub mod error;
pub mod expanded;
mod iso;
pub mod master;
pub mod outputs;
pub mod patch;
pub mod sector;

pub use disc::{Disc, Entry};
pub use edc_ecc::RawKind;
pub use error::{Error, ErrorKind, ImagePosition};
pub use master::IsoWriter;
pub use outputs::{OutputRefusal, PatchOutputs, PatchTarget};
pub use patch::{Change, Patch, Replacement};
pub use sector::{SectorForm, Storage, cooked_to_raw};
