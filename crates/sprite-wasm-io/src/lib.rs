//! The page's second WebAssembly module, fetched only when it is used, so that the first
//! (`sprite-wasm`: decoding, building, drawing) stays within its size: a disc image read in place
//! a slice at a time ([`disc`]), a mod made in memory by `mod add`'s code and packed as a
//! zip ([`mods`], [`zip`]), the text forms `disasm` writes and `asm` reads ([`text_forms`]), and
//! `sheet import` ([`sheets`]), and `export-aseprite` ([`aseprite`]). It holds no set of files of its own: the page hands each file read
//! from a disc to the first module, and the first module's edits to this one for a mod.
//!
//! What JavaScript calls is [`abi`], as the first module's: plain exported functions (named
//! `io_`, so that both link into one native test), memory passed as a pointer and a length.

pub mod abi;
pub mod aseprite;
pub mod disc;
pub mod mods;
pub mod sheets;
pub mod text_forms;
pub mod zip;
