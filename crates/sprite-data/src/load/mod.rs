//! The one way to read a document: every command and crate that reads a `tactics-sprite-data.json`
//! goes through [`load_document`] (a file) or [`parse_document`] (bytes), so that what is refused
//! never depends on which command reads it or which part of it that command touches.
//!
//! Four stages, each before the next can cost anything:
//!
//! 1. **Size**: a file over [`MAX_DOCUMENT_BYTES`] is refused by its length, before it is read.
//! 2. **Format**: the top level must be an object whose `format` is `"tactics-sprite-data"` and
//!    whose `formatVersion` is 1, so that another JSON file (an Aseprite export, a
//!    `package.json`) is named as such instead of failing on its first field.
//! 3. **Shape**: the typed [`Document`] (unknown fields refused, every number in its type), with
//!    the JSON path of the first misfit (`serde_path_to_error`). JSON nesting is limited by
//!    `serde_json` (128 levels), so a deep document cannot exhaust the stack.
//! 4. **Rules** ([`check_document`]): the JSON Schema's value ranges
//!    (`schemas/tactics-sprite-data.schema.json`), written here in code, and the rules it cannot
//!    state: every index in range (cells of tiles, frames of sequences and idle frames, water
//!    frames, sequences of animations), ids equal to positions, per-frame lists as long as
//!    `frames`, events within their sequence, and every count and size within
//!    [`crate::limits`]. The error lists the first [`MAX_REPORTED_PROBLEMS`] with their JSON
//!    paths (`/sequences/102/fb/3`) and counts the rest.
//!
//! A document that loads is safe for every command: `poseAt` resolves every reference at every
//! view and tick, and every picture of it fits [`crate::limits::MAX_CANVAS_SIDE`].
//!
//! Why the schema's rules are code and not a JSON Schema validator at run time: a validator
//! (`jsonschema`, without its HTTP resolver) brings 46 crates (two regex engines, big
//! numbers, a URI parser) into the CLI and the server for checks that are a few lines each, and it
//! cannot state the rules that matter most here (indices, lengths, totals), so they would be code
//! anyway. The schema stays the published description; the tests hold the two together (every
//! document the loader accepts passes the schema, and each schema rule has a document the loader
//! refuses), and so does the document fuzz target.
//!
//! Each stage is a module: `file` reads a file under the size cap, `shape` parses the text into
//! its type (with `probe` saying what a file that is no document is, and `printable` making the
//! text an error echoes safe), and the rules are `document` (with `sequences`) for a unit's
//! document and `layer` for a layer document, both listing into `problems` and sharing the checks
//! of `parts`.

mod document;
mod file;
mod layer;
mod parts;
mod printable;
mod probe;
mod problems;
mod sequences;
mod shape;

use std::path::Path;

use faults::Shown;

pub use document::check_document;
pub use layer::check_layer_document;

use crate::document::{Document, FORMAT, FORMAT_VERSION};
use crate::error::Error;
#[cfg(doc)]
use crate::error::ErrorKind;
use crate::layer::{LAYER_FORMAT, LAYER_FORMAT_VERSION, LayerDocument};
#[cfg(doc)]
use crate::limits::{MAX_DOCUMENT_BYTES, MAX_REPORTED_PROBLEMS};
use file::read_capped;
use shape::parse_shape;

/// Reads and checks a document file: its length first (refused unread past
/// [`MAX_DOCUMENT_BYTES`]), then as [`parse_document`].
///
/// # Errors
/// An [`Error`] in the context of the path.
pub fn load_document(path: &Path) -> Result<Document, Error> {
    let origin = Shown(&path).to_string();
    let bytes = read_capped(path, &origin)?;
    parse_document(&bytes, &origin)
}

/// [`load_document`], keeping the file's bytes too (a server sends them as they are).
///
/// # Errors
/// As [`load_document`].
pub fn load_document_with_bytes(path: &Path) -> Result<(Vec<u8>, Document), Error> {
    let origin = Shown(&path).to_string();
    let bytes = read_capped(path, &origin)?;
    let doc = parse_document(&bytes, &origin)?;
    Ok((bytes, doc))
}

/// A document file's bytes as every loader here reads them, for a caller that looks at them
/// before it chooses the loader (`check` and `diff` read the `format` a file states): refused
/// unread past [`MAX_DOCUMENT_BYTES`], and read one byte past the cap when its length changes
/// under us, so that parsing refuses the bytes as too large exactly as loading the file would.
///
/// # Errors
/// [`ErrorKind::Read`] or
/// [`ErrorKind::DocumentTooLarge`] in the context of the path.
pub fn read_document_bytes(path: &Path) -> Result<Vec<u8>, Error> {
    read_capped(path, &Shown(&path).to_string())
}

/// Reads and checks a layer document file (`--weapon-data`, `--effect-data`): the same four
/// stages as [`load_document`], with the layer format's rules ([`check_layer_document`]).
///
/// # Errors
/// An [`Error`] in the context of the path.
pub fn load_layer_document(path: &Path) -> Result<LayerDocument, Error> {
    let origin = Shown(&path).to_string();
    let bytes = read_capped(path, &origin)?;
    parse_layer_document(&bytes, &origin)
}

/// Checks a layer document given as bytes; `origin` names it in the error.
///
/// # Errors
/// In the context of `origin`: too long ([`ErrorKind::DocumentTooLarge`]), not JSON
/// ([`ErrorKind::NotJson`]), another format ([`ErrorKind::OtherFormat`]), a misfit of the shape
/// ([`ErrorKind::Shape`]), or broken rules ([`ErrorKind::InvalidDocument`]).
pub fn parse_layer_document(bytes: &[u8], origin: &str) -> Result<LayerDocument, Error> {
    let doc: LayerDocument = parse_shape(
        bytes,
        origin,
        LAYER_FORMAT,
        LAYER_FORMAT_VERSION,
        |d: &LayerDocument| (d.format.as_str(), d.format_version),
    )?;
    check_layer_document(&doc).map_err(|error| error.in_context(origin))?;
    Ok(doc)
}

/// Checks a document given as bytes; `origin` names it in the error.
///
/// # Errors
/// In the context of `origin`: too long ([`ErrorKind::DocumentTooLarge`]), not JSON
/// ([`ErrorKind::NotJson`]), another format ([`ErrorKind::OtherFormat`]), a misfit of the shape
/// ([`ErrorKind::Shape`]), or broken rules ([`ErrorKind::InvalidDocument`]).
pub fn parse_document(bytes: &[u8], origin: &str) -> Result<Document, Error> {
    let doc: Document = parse_shape(bytes, origin, FORMAT, FORMAT_VERSION, |d: &Document| {
        (d.format.as_str(), d.format_version)
    })?;
    check_document(&doc).map_err(|error| error.in_context(origin))?;
    Ok(doc)
}
