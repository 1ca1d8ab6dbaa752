//! The inputs layer: every game file and input the command line, the server and `cargo xtask`
//! read is found and read through here, and said the same way whichever tool reads it.
//!
//! - [`read`]: capped reads, and [`read::InputFile`] (a file's name in messages and its bytes);
//! - [`sniff`]: what a file is from its bytes, in words; the kind a command decodes a file as;
//! - [`names`]: the game's file names, the one rule (disc name, remaster name, path; any case);
//! - [`retail`]: the retail files' digests and the one verdict on a file's bytes;
//! - [`locate`]: where game files come from (folders, a disc image, layered) and finding one;
//! - [`documents`]: documents, layer documents and profiles read from files, through the cap;
//! - [`pair`]: the SHP and SEQ a build reads, read in one place (given by path or found by name);
//! - [`build`]: the build as the tools run it, with each input's provenance;
//! - [`layers`]: the weapon and effect layer documents, found beside a document or built;
//! - [`sas`]: Tactics Ogre's SAS sets, from a file or a container's entries;
//! - [`sheets`]: the sheets a document is drawn from, the weapons sheet, a SAS set's sheet;
//! - [`hd`]: the remaster's HD sheets, a `tex_N.bin` pair and the SPR it takes its colours from;
//! - [`charclut`], [`ramza_palette`]: Ramza's colours (`charclut.nxd`), found, and his SPR's
//!   palette carried into them;
//! - [`kind_document`]: the document of the kind that draws a sheet, when none is given;
//! - [`catalog`]: what a server serves, built from a request of paths;
//! - [`watch`]: the files a load read, polled, and the load run again when they change;
//! - [`loader`]: where the remaster's mod loader reads files, and the bounded walk that finds them;
//! - [`mod_folder`]: a mod of the remaster's sprite files, made, filled, checked and listed;
//! - [`error`]: the one error, with whose fault it is ([`faults::Faulty`]).

pub mod build;
pub mod catalog;
pub mod charclut;
pub mod documents;
pub mod error;
pub mod game;
pub mod hd;
pub mod kind_document;
pub mod layers;
pub mod loader;
pub mod locate;
pub mod mod_folder;
pub mod names;
pub mod pair;
pub mod ramza_palette;
pub mod read;
pub mod retail;
pub mod sas;
pub mod sheets;
pub mod sniff;
pub mod watch;

pub use error::{Error, ErrorKind, Result};
pub use locate::{Originals, Place};
pub use names::GameName;
pub use read::InputFile;
