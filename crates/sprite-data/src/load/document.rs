//! Stage 4 for a unit's document: the schema's ranges and the rules it cannot state, part by part
//! (the top level and its sheets, cells, frames, sequences, animations, and the overlays the
//! site carries).

use std::collections::HashSet;

use crate::document::{Cell, Document, FrameTile, HELD_ITEM_SCALE};
use crate::error::Error;
#[cfg(doc)]
use crate::error::ErrorKind;
use crate::limits::{
    MAX_ANIMATIONS, MAX_CELLS, MAX_FRAME_TILES, MAX_MAIN_FRAMES, MAX_TICKS_PER_SECOND,
};

use super::parts::{check_main_frame, check_tile_of};
use super::printable::printable;
use super::problems::Problems;
use super::sequences::check_sequences;

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
