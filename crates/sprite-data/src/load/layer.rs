//! Stage 4 for a layer document (`--weapon-data`, `--effect-data`): the layer schema's ranges and
//! the rules it cannot state.

use crate::error::Error;
#[cfg(doc)]
use crate::error::ErrorKind;
use crate::execution::End;
use crate::layer::{LayerDocument, LayerSequence, LayerSet, end_name};
use crate::limits::{
    MAX_CELLS, MAX_FRAME_TILES, MAX_LAYER_FRAMES, MAX_SEQUENCE_FRAMES, MAX_SEQUENCES,
};

use super::parts::{check_cues, check_offset, check_tile_of};
use super::printable::printable;
use super::problems::Problems;

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
    let kind = check_top(doc, &mut p);
    check_sheet(doc, kind, &mut p);
    check_placement(doc, &mut p);
    check_cells(doc, &mut p);
    check_frames(doc, &mut p);
    check_sequences(doc, &mut p);
    p.into_result()
}

/// The version, the notice, and the kind with its layer; returns the kind when it is one.
fn check_top(doc: &LayerDocument, p: &mut Problems) -> Option<LayerSet> {
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
    kind
}

/// The sheet: a 256 x 256 block of the weapons sheet, at the weapon's or the effect's place, and
/// at `kind`'s own when it names one.
fn check_sheet(doc: &LayerDocument, kind: Option<LayerSet>, p: &mut Problems) {
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
}

/// Where the layer is drawn from: the anchor within the tile offset limit, and each weapon type's
/// first frame.
fn check_placement(doc: &LayerDocument, p: &mut Problems) {
    for (k, &value) in doc.anchor.iter().enumerate() {
        check_offset(format!("/anchor/{k}"), value, p);
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
}

/// The cells: ids equal to positions, rectangles on the 8-pixel grid within the 256 x 256 block.
fn check_cells(doc: &LayerDocument, p: &mut Problems) {
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
}

/// The frames: rotation, turn and flags in range, 1 to [`MAX_FRAME_TILES`] tiles on cells that
/// exist.
fn check_frames(doc: &LayerDocument, p: &mut Problems) {
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
            check_tile_of(doc.cells.len(), &format!("{path}/tiles/{t}"), tile, p);
        }
    }
}

fn check_sequences(doc: &LayerDocument, p: &mut Problems) {
    p.at_most(
        "/sequences",
        "sequences",
        doc.sequences.len(),
        MAX_SEQUENCES,
        "MAX_SEQUENCES",
    );
    for (i, s) in doc.sequences.iter().enumerate().take(MAX_SEQUENCES + 1) {
        check_layer_sequence(i, s, p);
    }
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
