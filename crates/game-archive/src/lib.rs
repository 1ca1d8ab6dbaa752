//! The `.pac` archives of Final Fantasy Tactics: The Ivalice Chronicles, read where the user's
//! install keeps them (`data/enhanced/*.pac`), with nothing unpacked first.
//!
//! - The table of contents ([`toc`]): the 1024-byte header, the 56-byte file entries, the
//!   shared chunks' records and the string table, read once from the archive's first bytes.
//!   The folder name and the string table of the game's own archives are XORed with a key of
//!   this game's ([`xor`], [`layout::KEY`]); every name is checked against the FNV-1 hash its
//!   entry holds ([`name`]), which is how a damaged table or a wrong key shows.
//! - An entry's data ([`Archive`]): read on demand, bounded by that entry's size (never by a
//!   size the archive states for itself), its CRC-32 checked.
//!
//! - An install ([`Install`]): the game's archives of a folder, in the order the game reads them,
//!   the mod loader's and mods' archives left out, each game path found in the archive that wins
//!   it.
//!
//! Listing reads no entry's data. Every field is checked before it is used: a bad archive gives
//! one [`Error`] naming the archive, the entry and the byte. The layout is described in
//! docs/remaster.md ("The archives' layout").

pub mod archive;
pub mod error;
pub mod g2d;
pub mod gdeflate;
pub mod install;
pub mod layout;
pub mod name;
mod shared_chunk;
pub mod toc;
pub mod xor;

pub use archive::Archive;
pub use error::{Error, ErrorKind};
pub use install::{Install, LeftOut};
pub use toc::{ChunkRecord, Entry, Storage, TableOfContents};
