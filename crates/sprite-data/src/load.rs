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

use std::collections::HashSet;
use std::fmt::Display;
use std::fs::File;
use std::io::Read;
use std::path::Path;

use fft_formats::layer::Layer;
use serde::Deserialize;

use crate::document::{
    Cell, Document, FORMAT, FORMAT_VERSION, FrameTile, HELD_ITEM_SCALE, LayerCue, Sequence,
};
use crate::error::{Error, ErrorKind};
use crate::execution::End;
use crate::index::FrameIndex;
use crate::layer::{
    LAYER_FORMAT, LAYER_FORMAT_VERSION, LayerDocument, LayerSequence, LayerSet, end_name,
};
use crate::limits::{
    MAX_ANIMATIONS, MAX_CELLS, MAX_DOCUMENT_BYTES, MAX_FRAME_TILES, MAX_LAYER_CUES,
    MAX_LAYER_FRAMES, MAX_MAIN_FRAMES, MAX_MOVE, MAX_REPORTED_PROBLEMS, MAX_SEQUENCE_EVENTS,
    MAX_SEQUENCE_FRAMES, MAX_SEQUENCES, MAX_TICKS_PER_SECOND, MAX_TILE_OFFSET,
    MAX_TOTAL_SEQUENCE_FRAMES,
};

/// Reads and checks a document file: its length first (refused unread past
/// [`MAX_DOCUMENT_BYTES`]), then as [`parse_document`].
///
/// # Errors
/// An [`Error`] in the context of the path.
pub fn load_document(path: &Path) -> Result<Document, Error> {
    let origin = path.display().to_string();
    let bytes = read_capped(path, &origin)?;
    parse_document(&bytes, &origin)
}

/// [`load_document`], keeping the file's bytes too (a server sends them as they are).
///
/// # Errors
/// As [`load_document`].
pub fn load_document_with_bytes(path: &Path) -> Result<(Vec<u8>, Document), Error> {
    let origin = path.display().to_string();
    let bytes = read_capped(path, &origin)?;
    let doc = parse_document(&bytes, &origin)?;
    Ok((bytes, doc))
}

/// A document file's bytes, its length checked against [`MAX_DOCUMENT_BYTES`] before it is read.
fn read_capped(path: &Path, origin: &str) -> Result<Vec<u8>, Error> {
    let fail = |kind: ErrorKind| kind.in_context(origin);
    let file = File::open(path).map_err(|e| fail(ErrorKind::Read(e)))?;
    let len = file.metadata().map_err(|e| fail(ErrorKind::Read(e)))?.len();
    if len > MAX_DOCUMENT_BYTES {
        return Err(fail(ErrorKind::DocumentTooLarge { len }));
    }
    // The length can change under us (a growing file, a device): read one byte past the cap.
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(MAX_DOCUMENT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(ErrorKind::Read(e)))?;
    Ok(bytes)
}

/// Reads and checks a layer document file (`--weapon-data`, `--effect-data`): the same four
/// stages as [`load_document`], with the layer format's rules ([`check_layer_document`]).
///
/// # Errors
/// An [`Error`] in the context of the path.
pub fn load_layer_document(path: &Path) -> Result<LayerDocument, Error> {
    let origin = path.display().to_string();
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

/// The first three stages: size, format (`format`, `formatVersion`, which `stated` reads off a
/// parsed document) and shape.
///
/// The text is parsed once when it is a document of `format`: [`probe_format`], a second pass
/// that reads only those two fields, runs only when the typed parse fails or finds another
/// format, so that what the file plainly is (another format, not JSON) is said before how its
/// shape misfits.
fn parse_shape<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    origin: &str,
    format: &'static str,
    version: u32,
    stated: impl Fn(&T) -> (&str, u32),
) -> Result<T, Error> {
    let fail = |kind: ErrorKind| kind.in_context(origin);
    if bytes.len() as u64 > MAX_DOCUMENT_BYTES {
        return Err(fail(ErrorKind::DocumentTooLarge {
            len: bytes.len() as u64,
        }));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let parsed = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = printable(&json_pointer(e.path()));
        let inner = e.into_inner();
        if inner.is_data() {
            ErrorKind::Shape {
                path,
                message: printable(&inner.to_string()),
            }
        } else {
            ErrorKind::NotJson(printable(&inner.to_string()))
        }
    });
    let parsed = parsed.and_then(|doc: T| {
        deserializer
            .end()
            .map(|()| doc)
            .map_err(|e| ErrorKind::NotJson(printable(&e.to_string())))
    });
    match parsed {
        Ok(doc) if stated(&doc) == (format, version) => Ok(doc),
        // Another format, or no document: the probe says which, before any misfit of the shape.
        Ok(_) => Err(fail(
            probe_format(bytes, format, version).expect_err("the probe sees the other format"),
        )),
        Err(misfit) => {
            probe_format(bytes, format, version).map_err(fail)?;
            Err(fail(misfit))
        }
    }
}

/// The two fields that say what a JSON file is; every other field is skipped unread.
#[derive(Deserialize)]
struct Probe {
    format: Option<serde_json::Value>,
    #[serde(rename = "formatVersion")]
    format_version: Option<serde_json::Value>,
}

/// What a file that is not JSON plainly is, in words (a picture, a game file), for the error.
fn what_the_bytes_are(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some("a PNG picture");
    }
    if bytes.starts_with(b"GIF8") {
        return Some("a GIF picture");
    }
    fft_formats::detect_format(bytes).map(fft_formats::FileFormat::in_words)
}

fn probe_format(bytes: &[u8], format: &'static str, version: u32) -> Result<(), ErrorKind> {
    let other = |why: String| ErrorKind::OtherFormat { format, why };
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'{') {
        return Err(
            match serde_json::from_slice::<serde::de::IgnoredAny>(bytes) {
                Ok(_) => other("the top level is not a JSON object".into()),
                Err(e) => match what_the_bytes_are(bytes) {
                    Some(what) => other(format!("this is {what}")),
                    None => ErrorKind::NotJson(printable(&e.to_string())),
                },
            },
        );
    }
    let probe: Probe = serde_json::from_slice(bytes).map_err(|e| {
        if e.is_data() {
            other(printable(&format!(
                "the top level is not a JSON object ({e})"
            )))
        } else {
            ErrorKind::NotJson(printable(&e.to_string()))
        }
    })?;
    match probe.format {
        Some(serde_json::Value::String(found)) if found == format => {}
        Some(serde_json::Value::String(found)) => {
            let shown: String = found.chars().take(64).collect();
            return Err(other(format!(
                "its \"format\" is {shown:?}, not {format:?}"
            )));
        }
        Some(_) => {
            return Err(other(format!(
                "its \"format\" is not the string {format:?}"
            )));
        }
        None => {
            return Err(other(format!("it has no \"format\": {format:?}")));
        }
    }
    match probe.format_version {
        Some(found) if found.as_u64() == Some(u64::from(version)) => Ok(()),
        Some(serde_json::Value::Number(found)) => Err(other(format!(
            "formatVersion {found}; this tool reads formatVersion {version}"
        ))),
        _ => Err(other(format!("it has no \"formatVersion\": {version}"))),
    }
}

/// The longest piece of document text (a key, a value) an error repeats, in characters.
const MAX_ECHOED: usize = 400;

/// Text from the document made safe to print on one line: control characters (newlines, terminal
/// escapes) written as escapes, and cut to [`MAX_ECHOED`] characters, since serde's messages repeat
/// a misfit key or value whole.
fn printable(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_ECHOED {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `serde_path_to_error`'s path as a JSON Pointer (`/sequences/4/frames/2`).
fn json_pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        pointer.push('/');
        match segment {
            Segment::Seq { index } => pointer.push_str(&index.to_string()),
            Segment::Map { key } => pointer.push_str(&key.replace('~', "~0").replace('/', "~1")),
            Segment::Enum { variant } => pointer.push_str(variant),
            Segment::Unknown => pointer.push('?'),
        }
    }
    if pointer.is_empty() {
        pointer.push('/');
    }
    pointer
}

/// The problems found, the first few written out.
#[derive(Debug, Default)]
struct Problems {
    listed: Vec<String>,
    more: usize,
}

impl Problems {
    fn add(&mut self, path: impl Display, message: impl Display) {
        if self.listed.len() < MAX_REPORTED_PROBLEMS {
            self.listed.push(format!("{path}: {message}"));
        } else {
            self.more += 1;
        }
    }

    /// `field` must be at most `limit`, named `name` in [`crate::limits`].
    fn at_most(&mut self, path: impl Display, what: &str, value: usize, limit: usize, name: &str) {
        if value > limit {
            self.add(
                path,
                format!("{value} {what}, over the limit of {limit} ({name})"),
            );
        }
    }

    fn into_result(self) -> Result<(), Error> {
        if self.listed.is_empty() {
            Ok(())
        } else {
            Err(ErrorKind::InvalidDocument {
                problems: self.listed,
                more: self.more,
            }
            .into())
        }
    }
}

/// The event labels a sequence carries.
const EVENT_LABELS: [&str; 2] = ["PlaySound", "PostGenericAttack"];

/// The items a `holds` entry may hold (the schema's `hold.item`).
const HOLD_ITEMS: [&str; 9] = [
    "rifle", "sword", "katana", "spear", "shield", "harp", "tome", "marble", "stone",
];

/// Checks a parsed document against the schema's ranges and the rules a schema cannot state.
/// Runs in time linear in the document.
///
/// # Errors
/// [`ErrorKind::InvalidDocument`], listing the first problems with their JSON paths.
pub fn check_document(doc: &Document) -> Result<(), Error> {
    let mut p = Problems::default();
    check_top(doc, &mut p);
    check_cells(doc, &mut p);
    check_frames(doc, &mut p);
    check_sequences(doc, &mut p);
    check_animations(doc, &mut p);
    check_overlays(doc, &mut p);
    p.into_result()
}

fn check_top(doc: &Document, p: &mut Problems) {
    if !is_semver(&doc.version) {
        p.add(
            "/version",
            format!("{:?} is not a semver version", doc.version),
        );
    }
    if doc.notice.is_empty() {
        p.add(
            "/notice",
            "empty; the copyright notice travels with the data",
        );
    }
    check_sheet("/sheet", &doc.sheet, &[256, 488], p);
    if let Some(sp2) = &doc.sp2 {
        check_sheet("/sp2", sp2, &[256], p);
        if !doc.draws_from_sp2() {
            p.add("/sp2", "present, but no sequence has \"sheet\": 1");
        }
    }
    let stage = &doc.stage;
    if stage.origin_column < 0 {
        p.add(
            "/stage/originColumn",
            format!("{} is negative", stage.origin_column),
        );
    }
    if stage.stance_row < 0 {
        p.add(
            "/stage/stanceRow",
            format!("{} is negative", stage.stance_row),
        );
    }
    if stage.stance_width == 0 {
        p.add("/stage/stanceWidth", "0; a standing box is at least 1 wide");
    }
    if stage.stance_height == 0 {
        p.add(
            "/stage/stanceHeight",
            "0; a standing box is at least 1 tall",
        );
    }
    if !(1..=MAX_TICKS_PER_SECOND).contains(&stage.ticks_per_second) {
        p.add(
            "/stage/ticksPerSecond",
            format!(
                "{} is outside 1..={MAX_TICKS_PER_SECOND} (MAX_TICKS_PER_SECOND)",
                stage.ticks_per_second
            ),
        );
    }
    if !(1..=MAX_MAIN_FRAMES).contains(&doc.water_offset) {
        p.add(
            "/waterOffset",
            format!(
                "{} is outside 1..={MAX_MAIN_FRAMES} (MAX_MAIN_FRAMES), the number of main frames",
                doc.water_offset
            ),
        );
    }
    if doc.idle_frames.len() != 8 {
        p.add(
            "/idleFrames",
            format!("{} entries; one per view 0..7 is 8", doc.idle_frames.len()),
        );
    }
    for (view, &frame) in doc.idle_frames.iter().enumerate().take(8) {
        check_main_frame(doc, &format!("/idleFrames/{view}"), frame, p);
    }
    if let Some(flips) = &doc.idle_flip {
        if flips.len() != 8 {
            p.add(
                "/idleFlip",
                format!("{} entries; one per view 0..7 is 8", flips.len()),
            );
        }
        for (view, &flip) in flips.iter().enumerate().take(8) {
            if flip > 1 {
                p.add(
                    format!("/idleFlip/{view}"),
                    format!("{flip}; each entry is 0 or 1"),
                );
            }
        }
        if !flips.contains(&1) {
            p.add("/idleFlip", "all 0; leave it out when no view is mirrored");
        }
    }
    if doc.held_item_scale != HELD_ITEM_SCALE {
        p.add(
            "/heldItemScale",
            format!("{}, not {HELD_ITEM_SCALE}", doc.held_item_scale),
        );
    }
}

fn check_sheet(path: &str, sheet: &crate::document::Sheet, heights: &[u32], p: &mut Problems) {
    if sheet.file.is_empty() {
        p.add(format!("{path}/file"), "empty");
    }
    if sheet.width != 256 {
        p.add(
            format!("{path}/width"),
            format!("{}; sheets are 256 wide", sheet.width),
        );
    }
    if !heights.contains(&sheet.height) {
        p.add(
            format!("{path}/height"),
            format!("{}; this sheet is {heights:?} tall", sheet.height),
        );
    }
}

/// A frame index as sequences and idle frames give it: a main frame, so that its water copy
/// (`+ waterOffset`) is a frame too.
fn check_main_frame(doc: &Document, path: &str, frame: FrameIndex, p: &mut Problems) {
    if frame.0 >= doc.water_offset {
        p.add(
            path,
            format!(
                "frame {frame} is not a main frame (waterOffset {}: main frames 0..{})",
                doc.water_offset,
                doc.water_offset.saturating_sub(1)
            ),
        );
    }
}

fn check_cells(doc: &Document, p: &mut Problems) {
    if doc.cells.is_empty() {
        p.add("/cells", "empty; a document has at least one cell");
    }
    p.at_most("/cells", "cells", doc.cells.len(), MAX_CELLS, "MAX_CELLS");
    for (i, cell) in doc.cells.iter().enumerate().take(MAX_CELLS + 1) {
        check_cell(doc, i, cell, p);
    }
}

fn check_cell(doc: &Document, i: usize, cell: &Cell, p: &mut Problems) {
    let path = format!("/cells/{i}");
    if cell.id.index() != i {
        p.add(
            format!("{path}/id"),
            format!("{}; a cell's id is its position, {i}", cell.id),
        );
    }
    if cell.x > 248 || cell.x % 8 != 0 {
        p.add(
            format!("{path}/x"),
            format!("{}; a multiple of 8 up to 248", cell.x),
        );
    }
    if cell.y > 480 || cell.y % 8 != 0 {
        p.add(
            format!("{path}/y"),
            format!("{}; a multiple of 8 up to 480", cell.y),
        );
    }
    let is_tile_size = fft_formats::shp::TILE_SIZES
        .iter()
        .any(|&(w, h)| (u32::from(w), u32::from(h)) == (cell.w, cell.h));
    if !is_tile_size {
        p.add(
            &path,
            format!("{} x {} is not an SHP tile size", cell.w, cell.h),
        );
    } else if u64::from(cell.x) + u64::from(cell.w) > u64::from(doc.sheet.width)
        || u64::from(cell.y) + u64::from(cell.h) > u64::from(doc.sheet.height)
    {
        p.add(
            &path,
            format!(
                "{} x {} at ({}, {}) reaches past the {} x {} sheet",
                cell.w, cell.h, cell.x, cell.y, doc.sheet.width, doc.sheet.height
            ),
        );
    }
}

fn check_frames(doc: &Document, p: &mut Problems) {
    let expected = 2 * doc.water_offset as usize;
    if doc.frames.len() != expected {
        p.add(
            "/frames",
            format!(
                "{} frames; waterOffset {} says {} main frames and as many water copies, {expected}",
                doc.frames.len(),
                doc.water_offset,
                doc.water_offset
            ),
        );
    }
    for (f, frame) in doc
        .frames
        .iter()
        .enumerate()
        .take(2 * MAX_MAIN_FRAMES as usize + 1)
    {
        if frame.is_empty() || frame.len() > MAX_FRAME_TILES {
            p.add(
                format!("/frames/{f}"),
                format!("{} tiles; a frame has 1 to {MAX_FRAME_TILES}", frame.len()),
            );
        }
        for (t, tile) in frame.iter().enumerate().take(MAX_FRAME_TILES + 1) {
            check_tile(doc, &format!("/frames/{f}/{t}"), tile, p);
        }
    }
}

fn check_tile(doc: &Document, path: &str, tile: &FrameTile, p: &mut Problems) {
    check_tile_of(doc.cells.len(), path, tile, p);
}

/// A tile of a document with `cells` cells: its cell in range, its offsets within the limit.
fn check_tile_of(cells: usize, path: &str, tile: &FrameTile, p: &mut Problems) {
    if tile.cell.index() >= cells {
        p.add(
            format!("{path}/0"),
            format!(
                "cell {} is not in cells 0..{}",
                tile.cell,
                cells.saturating_sub(1)
            ),
        );
    }
    for (k, value) in [(1, tile.u), (2, tile.v)] {
        if value.unsigned_abs() > MAX_TILE_OFFSET.unsigned_abs() {
            p.add(
                format!("{path}/{k}"),
                format!(
                    "{value} pixels from the stance point, over the limit of ±{MAX_TILE_OFFSET} \
                     (MAX_TILE_OFFSET)"
                ),
            );
        }
    }
}

fn check_sequences(doc: &Document, p: &mut Problems) {
    p.at_most(
        "/sequences",
        "sequences",
        doc.sequences.len(),
        MAX_SEQUENCES,
        "MAX_SEQUENCES",
    );
    let total: usize = doc.sequences.iter().map(|s| s.frames.len()).sum();
    p.at_most(
        "/sequences",
        "frames in all sequences",
        total,
        MAX_TOTAL_SEQUENCE_FRAMES,
        "MAX_TOTAL_SEQUENCE_FRAMES",
    );
    for (i, sequence) in doc.sequences.iter().enumerate().take(MAX_SEQUENCES + 1) {
        check_sequence(doc, i, sequence, p);
    }
    if doc.draws_from_sp2() && doc.sp2.is_none() {
        p.add(
            "/sp2",
            "missing, but some sequence has \"sheet\": 1 (draws from a second sheet)",
        );
    }
}

fn check_sequence(doc: &Document, i: usize, s: &Sequence, p: &mut Problems) {
    let path = format!("/sequences/{i}");
    if s.seq.index() != i {
        p.add(
            format!("{path}/seq"),
            format!("{}; a sequence's seq is its position, {i}", s.seq),
        );
    }
    if s.raw.index() >= fft_formats::seq::SLOT_ENTRIES {
        p.add(
            format!("{path}/raw"),
            format!(
                "{}; a SEQ slot is 0..{}",
                s.raw,
                fft_formats::seq::SLOT_ENTRIES - 1
            ),
        );
    }
    if s.name.is_empty() {
        p.add(format!("{path}/name"), "empty");
    }
    let frames = s.frames.len();
    if frames == 0 {
        p.add(
            format!("{path}/frames"),
            "empty; a sequence shows at least one frame",
        );
    }
    p.at_most(
        format!("{path}/frames"),
        "frames",
        frames,
        MAX_SEQUENCE_FRAMES,
        "MAX_SEQUENCE_FRAMES",
    );
    for (k, &frame) in s.frames.iter().enumerate().take(MAX_SEQUENCE_FRAMES + 1) {
        check_main_frame(doc, &format!("{path}/frames/{k}"), frame, p);
    }
    let mut same_length = |list: &str, len: Option<usize>| {
        if let Some(len) = len.filter(|&len| len != frames) {
            p.add(
                format!("{path}/{list}"),
                format!("{len} entries for the sequence's {frames} frames"),
            );
        }
    };
    same_length("ticks", Some(s.ticks.len()));
    same_length("fb", s.fb.as_ref().map(Vec::len));
    same_length("du", s.du.as_ref().map(Vec::len));
    same_length("rl", s.rl.as_ref().map(Vec::len));
    same_length("flip", s.flip.as_ref().map(Vec::len));
    if let Some((k, &delay)) = s.ticks.iter().enumerate().find(|(_, t)| **t > 255) {
        p.add(
            format!("{path}/ticks/{k}"),
            format!("{delay}; a delay is a byte, 0..255"),
        );
    }
    match (&s.fb, &s.du) {
        (Some(fb), Some(du)) => {
            if fb.iter().chain(du).all(|&m| m == 0) {
                p.add(format!("{path}/fb"), "fb and du are all 0; leave both out");
            }
        }
        (Some(_), None) => p.add(format!("{path}/du"), "missing; fb and du come together"),
        (None, Some(_)) => p.add(format!("{path}/fb"), "missing; fb and du come together"),
        (None, None) => {}
    }
    for (list, values) in [("fb", &s.fb), ("du", &s.du), ("rl", &s.rl)] {
        let Some(values) = values else { continue };
        if let Some((k, &m)) = values
            .iter()
            .enumerate()
            .find(|(_, m)| m.unsigned_abs() > MAX_MOVE.unsigned_abs())
        {
            p.add(
                format!("{path}/{list}/{k}"),
                format!("a move of {m} pixels, over the limit of ±{MAX_MOVE} (MAX_MOVE)"),
            );
        }
    }
    if s.rl.as_ref().is_some_and(|rl| rl.iter().all(|&m| m == 0)) {
        p.add(format!("{path}/rl"), "all 0; leave it out");
    }
    if let Some(flip) = &s.flip {
        if let Some((k, &f)) = flip.iter().enumerate().find(|(_, f)| **f > 1) {
            p.add(
                format!("{path}/flip/{k}"),
                format!("{f}; each entry is 0 or 1"),
            );
        }
        if !flip.contains(&1) {
            p.add(format!("{path}/flip"), "all 0; leave it out");
        }
    }
    if let Some(sheet) = s.sheet.filter(|&sheet| sheet != 1) {
        p.add(
            format!("{path}/sheet"),
            format!("{sheet}; present only as 1"),
        );
    }
    p.at_most(
        format!("{path}/events"),
        "events",
        s.events.len(),
        MAX_SEQUENCE_EVENTS,
        "MAX_SEQUENCE_EVENTS",
    );
    let total: u64 = s.ticks.iter().map(|&t| u64::from(t)).sum();
    check_cues(&path, s.layers.as_deref(), total, p);
    for (k, event) in s.events.iter().enumerate().take(MAX_SEQUENCE_EVENTS + 1) {
        if !EVENT_LABELS.contains(&event.1.as_str()) {
            let shown: String = event.1.chars().take(64).collect();
            p.add(
                format!("{path}/events/{k}/1"),
                format!("{shown:?} is not an event; PlaySound or PostGenericAttack"),
            );
        }
        if u64::from(event.0) > total {
            p.add(
                format!("{path}/events/{k}/0"),
                format!("tick {} is past the sequence's {total} ticks", event.0),
            );
        }
    }
}

/// A sequence's `layers` cues (unit or layer document): the schema's ranges (bytes, the order's
/// names and length, at least one cue when present), at most [`MAX_LAYER_CUES`], and every cue
/// within the sequence's `total` ticks, as events are.
fn check_cues(path: &str, cues: Option<&[LayerCue]>, total: u64, p: &mut Problems) {
    let Some(cues) = cues else { return };
    if cues.is_empty() {
        p.add(format!("{path}/layers"), "empty; leave it out");
    }
    p.at_most(
        format!("{path}/layers"),
        "layer cues",
        cues.len(),
        MAX_LAYER_CUES,
        "MAX_LAYER_CUES",
    );
    for (k, cue) in cues.iter().enumerate().take(MAX_LAYER_CUES + 1) {
        let at = format!("{path}/layers/{k}");
        let tick = match cue {
            LayerCue::Priority(c) => {
                if c.priority > 255 {
                    p.add(
                        format!("{at}/priority"),
                        format!("{}; a priority is a byte, 0..255", c.priority),
                    );
                }
                // The layer names an order may list (the schema's enum).
                let names = Layer::ALL.map(Layer::name);
                if c.order.len() > names.len() {
                    p.add(
                        format!("{at}/order"),
                        format!("{} layers; an order names at most 4", c.order.len()),
                    );
                }
                for (n, name) in c.order.iter().enumerate().take(names.len() + 1) {
                    if !names.contains(&name.as_str()) {
                        let shown: String = name.chars().take(64).collect();
                        p.add(
                            format!("{at}/order/{n}"),
                            format!("{shown:?} is not a layer; one of {names:?}"),
                        );
                    }
                }
                c.tick
            }
            LayerCue::Start(c) => {
                for (field, value, what) in
                    [("layer", c.layer, "a layer"), ("slot", c.slot.0, "a slot")]
                {
                    if value > 255 {
                        p.add(
                            format!("{at}/{field}"),
                            format!("{value}; {what} is a byte, 0..255"),
                        );
                    }
                }
                c.tick
            }
        };
        if u64::from(tick) > total {
            p.add(
                format!("{at}/tick"),
                format!("tick {tick} is past the sequence's {total} ticks"),
            );
        }
    }
}

fn check_animations(doc: &Document, p: &mut Problems) {
    p.at_most(
        "/animations",
        "animations",
        doc.animations.len(),
        MAX_ANIMATIONS,
        "MAX_ANIMATIONS",
    );
    let mut names = HashSet::new();
    for (i, a) in doc.animations.iter().enumerate().take(MAX_ANIMATIONS + 1) {
        let path = format!("/animations/{i}");
        if a.name.is_empty() {
            p.add(format!("{path}/name"), "empty");
        } else if !names.insert(a.name.as_str()) {
            let shown: String = a.name.chars().take(64).collect();
            p.add(format!("{path}/name"), format!("{shown:?} is named twice"));
        }
        if a.category.is_empty() {
            p.add(format!("{path}/category"), "empty");
        }
        if a.mode.as_ref().is_some_and(String::is_empty) {
            p.add(format!("{path}/mode"), "empty; leave it out");
        }
        for (field, index) in [("front", a.front), ("back", a.back)] {
            if index.index() >= doc.sequences.len() {
                p.add(
                    format!("{path}/{field}"),
                    format!(
                        "sequence {index} is not in sequences 0..{}",
                        doc.sequences.len().saturating_sub(1)
                    ),
                );
            }
        }
    }
}

/// `hands` and `holds`: carried for the site's own sheet; no command draws them, so only their
/// outline is checked (the schema's keys and the fields a reader keys on).
fn check_overlays(doc: &Document, p: &mut Problems) {
    use serde_json::Value;
    match &doc.hands {
        None => {}
        Some(Value::Object(hands)) => {
            for (key, hand) in hands {
                let decimal = !key.is_empty()
                    && key.bytes().all(|b| b.is_ascii_digit())
                    && (key == "0" || !key.starts_with('0'));
                let path = printable(&format!(
                    "/hands/{}",
                    key.replace('~', "~0").replace('/', "~1")
                ));
                if !decimal {
                    p.add(&path, "a hands key is a cell id in decimal");
                }
                let triple = hand
                    .as_array()
                    .is_some_and(|h| h.len() == 3 && h.iter().all(Value::is_number));
                if !triple {
                    p.add(&path, "a hand is [x, y, degrees]");
                }
            }
        }
        Some(_) => p.add("/hands", "neither null nor an object"),
    }
    match &doc.holds {
        None => {}
        Some(Value::Object(holds)) => {
            for (key, hold) in holds {
                let path = printable(&format!(
                    "/holds/{}",
                    key.replace('~', "~0").replace('/', "~1")
                ));
                if key.is_empty() {
                    p.add(&path, "a holds key is an animation name");
                }
                let item = hold.get("item").and_then(Value::as_str);
                if !item.is_some_and(|item| HOLD_ITEMS.contains(&item)) {
                    p.add(format!("{path}/item"), format!("one of {HOLD_ITEMS:?}"));
                }
                for side in ["front", "back"] {
                    if let Some(end) = hold.get(side)
                        && !matches!(end.as_str(), Some("first" | "last"))
                    {
                        p.add(format!("{path}/{side}"), "\"first\" or \"last\"");
                    }
                }
            }
        }
        Some(_) => p.add("/holds", "neither null nor an object"),
    }
}

/// Checks a parsed layer document against its schema's ranges
/// (`schemas/tactics-sprite-layer.schema.json`) and the rules it cannot state: ids and slots equal
/// to positions, tiles' cells in range, `ticks` as long as `frames`, cues within their slot, and
/// the counts and offsets within [`crate::limits`]. A layer frame a weapon type's first frame
/// points past is allowed (the retail files have them: nothing is drawn there).
///
/// # Errors
/// [`ErrorKind::InvalidDocument`], listing the first problems with their JSON paths.
pub fn check_layer_document(doc: &LayerDocument) -> Result<(), Error> {
    let mut p = Problems::default();
    if doc.version.is_empty() {
        p.add("/version", "empty");
    }
    if doc.notice.is_empty() {
        p.add(
            "/notice",
            "empty; the copyright notice travels with the data",
        );
    }
    let kind = LayerSet::from_name(&doc.kind);
    match kind {
        None => {
            let shown: String = doc.kind.chars().take(64).collect();
            p.add("/kind", format!("{shown:?}; one of wep1, wep2, eff1"));
        }
        Some(kind) if kind.layer() != doc.layer => p.add(
            "/layer",
            format!(
                "{:?}; kind {kind} is the {} layer",
                printable(&doc.layer),
                kind.layer()
            ),
        ),
        Some(_) => {}
    }
    let sheet = &doc.sheet;
    if sheet.file.is_empty() {
        p.add("/sheet/file", "empty");
    }
    if (sheet.width, sheet.height) != (256, 256) {
        p.add(
            "/sheet",
            format!(
                "{} x {}; a block of the weapons sheet is 256 x 256",
                sheet.width, sheet.height
            ),
        );
    }
    // Where a layer's block may start: the weapon's and the effect's blocks of the weapons sheet.
    let blocks: Vec<(u32, u32)> = [LayerSet::Wep1, LayerSet::Eff1]
        .map(|kind| {
            let block = kind.sheet_block();
            (block.first_row as u32, block.first_palette as u32)
        })
        .to_vec();
    let tops: Vec<u32> = blocks.iter().map(|&(top, _)| top).collect();
    let palettes: Vec<u32> = blocks.iter().map(|&(_, palette)| palette).collect();
    if let Some(kind) = kind {
        let block = kind.sheet_block();
        let (top, palette) = (block.first_row as u32, block.first_palette as u32);
        if (sheet.top, sheet.palette) != (top, palette)
            && tops.contains(&sheet.top)
            && palettes.contains(&sheet.palette)
        {
            p.add(
                "/sheet",
                format!(
                    "top {} and palette {}; kind {kind} has its block at top {top}, palette {palette}",
                    sheet.top, sheet.palette
                ),
            );
        }
    }
    if !tops.contains(&sheet.top) {
        p.add("/sheet/top", format!("{}; one of {tops:?}", sheet.top));
    }
    if !palettes.contains(&sheet.palette) {
        p.add(
            "/sheet/palette",
            format!("{}; one of {palettes:?}", sheet.palette),
        );
    }
    for (k, value) in doc.anchor.iter().enumerate() {
        if value.unsigned_abs() > MAX_TILE_OFFSET.unsigned_abs() {
            p.add(
                format!("/anchor/{k}"),
                format!(
                    "{value} pixels from the stance point, over the limit of ±{MAX_TILE_OFFSET} \
                     (MAX_TILE_OFFSET)"
                ),
            );
        }
    }
    let types = fft_formats::layer::WeaponType::ALL;
    if doc.first_frames.len() != types.len() {
        p.add(
            "/firstFrames",
            format!(
                "{} entries; one per weapon type is {}",
                doc.first_frames.len(),
                types.len()
            ),
        );
    }
    for (k, first) in doc.first_frames.iter().enumerate().take(types.len() + 1) {
        if !types.iter().any(|t| t.name() == first.weapon) {
            let shown: String = first.weapon.chars().take(64).collect();
            p.add(
                format!("/firstFrames/{k}/weapon"),
                format!("{shown:?} is not a weapon type"),
            );
        }
        if !(1..=31).contains(&first.entry) {
            p.add(
                format!("/firstFrames/{k}/entry"),
                format!("{}; 1..31", first.entry),
            );
        }
        if first.frame.index() >= MAX_LAYER_FRAMES {
            p.add(
                format!("/firstFrames/{k}/frame"),
                format!(
                    "{}; an SHP frame is 0..{}",
                    first.frame,
                    MAX_LAYER_FRAMES - 1
                ),
            );
        }
    }
    p.at_most("/cells", "cells", doc.cells.len(), MAX_CELLS, "MAX_CELLS");
    for (i, cell) in doc.cells.iter().enumerate().take(MAX_CELLS + 1) {
        let path = format!("/cells/{i}");
        if cell.id.index() != i {
            p.add(
                format!("{path}/id"),
                format!("{}; a cell's id is its position, {i}", cell.id),
            );
        }
        let side = |v: u32| (8..=56).contains(&v) && v % 8 == 0;
        if cell.x % 8 != 0 || cell.y % 8 != 0 || !side(cell.w) || !side(cell.h) {
            p.add(
                &path,
                format!(
                    "{} x {} at ({}, {}); multiples of 8, sides 8..56",
                    cell.w, cell.h, cell.x, cell.y
                ),
            );
        } else if u64::from(cell.x) + u64::from(cell.w) > 256
            || u64::from(cell.y) + u64::from(cell.h) > 256
        {
            p.add(
                &path,
                format!(
                    "{} x {} at ({}, {}) reaches past the 256 x 256 block",
                    cell.w, cell.h, cell.x, cell.y
                ),
            );
        }
    }
    p.at_most(
        "/frames",
        "frames",
        doc.frames.len(),
        MAX_LAYER_FRAMES,
        "MAX_LAYER_FRAMES",
    );
    for (f, frame) in doc.frames.iter().enumerate().take(MAX_LAYER_FRAMES + 1) {
        let path = format!("/frames/{f}");
        if frame.rotation > 31 {
            p.add(
                format!("{path}/rotation"),
                format!("{}; 0..31", frame.rotation),
            );
        }
        if !(0.0..180.0).contains(&frame.degrees) {
            p.add(
                format!("{path}/degrees"),
                format!("{}; a turn is 0 up to 180 degrees", frame.degrees),
            );
        }
        if frame.flags > 255 {
            p.add(
                format!("{path}/flags"),
                format!("{}; a byte, 0..255", frame.flags),
            );
        }
        if frame.tiles.is_empty() || frame.tiles.len() > MAX_FRAME_TILES {
            p.add(
                format!("{path}/tiles"),
                format!(
                    "{} tiles; a frame has 1 to {MAX_FRAME_TILES}",
                    frame.tiles.len()
                ),
            );
        }
        for (t, tile) in frame.tiles.iter().enumerate().take(MAX_FRAME_TILES + 1) {
            check_tile_of(doc.cells.len(), &format!("{path}/tiles/{t}"), tile, &mut p);
        }
    }
    p.at_most(
        "/sequences",
        "sequences",
        doc.sequences.len(),
        MAX_SEQUENCES,
        "MAX_SEQUENCES",
    );
    for (i, s) in doc.sequences.iter().enumerate().take(MAX_SEQUENCES + 1) {
        check_layer_sequence(i, s, &mut p);
    }
    p.into_result()
}

fn check_layer_sequence(i: usize, s: &LayerSequence, p: &mut Problems) {
    let path = format!("/sequences/{i}");
    if s.slot.index() != i {
        p.add(
            format!("{path}/slot"),
            format!("{}; a sequence's slot is its position, {i}", s.slot),
        );
    }
    p.at_most(
        format!("{path}/frames"),
        "frames",
        s.frames.len(),
        MAX_SEQUENCE_FRAMES,
        "MAX_SEQUENCE_FRAMES",
    );
    if s.ticks.len() != s.frames.len() {
        p.add(
            format!("{path}/ticks"),
            format!(
                "{} entries for the sequence's {} frames",
                s.ticks.len(),
                s.frames.len()
            ),
        );
    }
    let mut bytes = |list: &str, values: &mut dyn Iterator<Item = u32>| {
        if let Some((k, v)) = values.enumerate().find(|(_, v)| *v > 255) {
            p.add(format!("{path}/{list}/{k}"), format!("{v}; a byte, 0..255"));
        }
    };
    bytes("frames", &mut s.frames.iter().map(|f| f.0));
    bytes("ticks", &mut s.ticks.iter().copied());
    // The slot ends a layer sequence may have (the layer schema's `end`).
    let ends = End::ALL.map(end_name);
    if !ends.contains(&s.end.as_str()) {
        let shown: String = s.end.chars().take(64).collect();
        p.add(format!("{path}/end"), format!("{shown:?}; one of {ends:?}"));
    }
    let total: u64 = s.ticks.iter().map(|&t| u64::from(t)).sum();
    check_cues(&path, s.layers.as_deref(), total, p);
}

/// Whether `text` is a semver version (`1.2.3`, `1.2.3-rc.1+build.5`), as the schema's pattern.
fn is_semver(text: &str) -> bool {
    let (rest, build) = match text.split_once('+') {
        Some((rest, build)) => (rest, Some(build)),
        None => (text, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (rest, None),
    };
    let numeric = |part: &str| {
        !part.is_empty()
            && part.bytes().all(|b| b.is_ascii_digit())
            && (part == "0" || !part.starts_with('0'))
    };
    let ident = |part: &str| {
        !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| numeric(p))
        && pre.is_none_or(|pre| {
            pre.split('.')
                .all(|id| ident(id) && (numeric(id) || !id.bytes().all(|b| b.is_ascii_digit())))
        })
        && build.is_none_or(|build| build.split('.').all(ident))
}
