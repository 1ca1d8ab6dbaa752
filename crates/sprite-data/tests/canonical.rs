//! The canonical bytes are written by serde through a layout-aware formatter
//! (`sprite_data::canonical`). Three independent checks hold it: every shipped document (unit
//! and layer) read back and written again gives the same bytes; a second writer here, built on
//! `serde_json::Value` and the contract's layout rules, gives the same bytes too; and two tiny
//! documents, one of each family, give bytes written out by hand from the contract, so that a
//! list laid out on one line (or a one-line value spread over lines) fails even if the shipped
//! documents were regenerated with the same mistake.

use std::io::{self, Write};

use pretty_assertions::assert_eq;
use serde::Serialize;
use serde_json::json;
use serde_json::ser::{Formatter, Serializer};
use sprite_data::document::{
    Animation, Cell, Document, FrameTile, LayerCue, PriorityCue, Sequence, SequenceEvent, Sheet,
    Stage, StartCue,
};
use sprite_data::layer::{FirstFrame, LayerDocument, LayerFrame, LayerSequence, LayerSheet};
use sprite_data::{CellId, FrameIndex, RelativeFrame, SequenceIndex, Slot, to_canonical_bytes};
use test_support::{assert_same_text, repo_root};

fn shipped(folder: &str) -> Vec<(String, String)> {
    let dir = repo_root().join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 2,
        "the shipped documents are in {}",
        dir.display()
    );
    files
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn shipped_documents_read_back_and_written_again_are_the_same_bytes() {
    for (name, text) in shipped("fixtures/documents") {
        let document: Document =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_same_text(
            &name,
            &text,
            &String::from_utf8(to_canonical_bytes(&document)).unwrap(),
        );
    }
}

#[test]
fn shipped_layer_documents_read_back_and_written_again_are_the_same_bytes() {
    for (name, text) in shipped("fixtures/layers") {
        let document: LayerDocument =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_same_text(
            &name,
            &text,
            &String::from_utf8(document.to_bytes()).unwrap(),
        );
    }
}

#[test]
fn the_canonical_writer_agrees_with_one_built_on_json_values() {
    for (name, text) in shipped("fixtures/documents") {
        let document: Document = serde_json::from_str(&text).unwrap();
        let written = String::from_utf8(to_canonical_bytes(&document)).unwrap();
        assert_same_text(
            &format!("{name} (value writer)"),
            &value_writer(&document, UNIT_LISTS, Inside::Spaced),
            &written,
        );
    }
}

#[test]
fn the_layer_writer_agrees_with_one_built_on_json_values() {
    for (name, text) in shipped("fixtures/layers") {
        let document: LayerDocument = serde_json::from_str(&text).unwrap();
        let written = String::from_utf8(document.to_bytes()).unwrap();
        assert_same_text(
            &format!("{name} (value writer)"),
            &value_writer(&document, LAYER_LISTS, Inside::Compact),
            &written,
        );
    }
}

/// The values docs/derivation.md "Canonical bytes" puts one element (or entry) per line.
const UNIT_LISTS: &[&str] = &[
    "cells",
    "frames",
    "sequences",
    "animations",
    "hands",
    "holds",
];
/// The same for the layer documents (docs/derivation.md, "Layer documents").
const LAYER_LISTS: &[&str] = &["firstFrames", "cells", "frames", "sequences"];

#[derive(Clone, Copy)]
enum Inside {
    /// `", "` and `": "`.
    Spaced,
    /// `","` and `":"`.
    Compact,
}

/// The layout rules, applied to the document as a `serde_json::Value`: top-level keys one per
/// line in the types' order, a non-empty `listed` value one element (or entry) per line,
/// everything else on one line with `inside`'s separators.
fn value_writer(document: &impl Serialize, listed: &[&str], inside: Inside) -> String {
    let value = serde_json::to_value(document).unwrap();
    let top = value.as_object().unwrap();
    let mut out = Vec::new();
    out.extend_from_slice(b"{\n");
    for (i, (key, value)) in top.iter().enumerate() {
        write!(out, "  \"{key}\": ").unwrap();
        match value {
            serde_json::Value::Array(items)
                if listed.contains(&key.as_str()) && !items.is_empty() =>
            {
                out.extend_from_slice(b"[\n");
                for (j, item) in items.iter().enumerate() {
                    out.extend_from_slice(b"    ");
                    one_line(&mut out, item, inside);
                    out.extend_from_slice(if j + 1 < items.len() { b",\n" } else { b"\n" });
                }
                out.extend_from_slice(b"  ]");
            }
            serde_json::Value::Object(map) if listed.contains(&key.as_str()) && !map.is_empty() => {
                out.extend_from_slice(b"{\n");
                for (j, (k, v)) in map.iter().enumerate() {
                    out.extend_from_slice(b"    ");
                    one_line(&mut out, k, inside);
                    out.extend_from_slice(b": ");
                    one_line(&mut out, v, inside);
                    out.extend_from_slice(if j + 1 < map.len() { b",\n" } else { b"\n" });
                }
                out.extend_from_slice(b"  }");
            }
            _ => one_line(&mut out, value, inside),
        }
        out.extend_from_slice(if i + 1 < top.len() { b",\n" } else { b"\n" });
    }
    out.extend_from_slice(b"}\n");
    String::from_utf8(out).unwrap()
}

fn one_line(out: &mut Vec<u8>, value: &impl Serialize, inside: Inside) {
    match inside {
        Inside::Spaced => value
            .serialize(&mut Serializer::with_formatter(out, Spaced))
            .unwrap(),
        Inside::Compact => serde_json::to_writer(out, value).unwrap(),
    }
}

struct Spaced;

impl Formatter for Spaced {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}

/// A unit document with one of everything the layout distinguishes: both extensions at the top
/// (`sp2`, `idleFlip`), a frame with no tile and tiles of 3, 4 and 5 elements, a sequence with
/// every optional key, a `null` `hitTick`, an object overlay and a `null` one, and a string to
/// escape.
fn tiny_document() -> Document {
    let tile = |cell, u, v, flip, flip_y| FrameTile {
        cell: CellId(cell),
        u,
        v,
        flip,
        flip_y,
    };
    Document {
        format: "tactics-sprite-data".into(),
        format_version: 1,
        version: "0.1.0".into(),
        notice: "a \"quoted\" notice".into(),
        sheet: Sheet {
            file: "A.SPR".into(),
            width: 256,
            height: 488,
        },
        sp2: Some(Sheet {
            file: "A.SP2".into(),
            width: 256,
            height: 256,
        }),
        stage: Stage {
            origin_column: 53,
            stance_row: -1,
            stance_width: 32,
            stance_height: 40,
            ticks_per_second: 60,
        },
        water_offset: 182,
        idle_frames: [3, 2].map(FrameIndex).to_vec(),
        idle_flip: Some(vec![0, 1]),
        cells: vec![
            Cell {
                id: CellId(0),
                x: 240,
                y: 176,
                w: 8,
                h: 8,
            },
            Cell {
                id: CellId(1),
                x: 0,
                y: 0,
                w: 32,
                h: 40,
            },
        ],
        frames: vec![
            vec![tile(0, -4, -20, false, false), tile(1, 2, 3, true, false)],
            vec![],
            vec![tile(1, 0, 10, false, true)],
        ],
        sequences: vec![Sequence {
            seq: SequenceIndex(0),
            raw: Slot(7),
            name: "Walk".into(),
            looping: true,
            frames: [0, 2].map(FrameIndex).to_vec(),
            ticks: vec![10, 20],
            fb: Some(vec![-2, 0]),
            du: Some(vec![0, 1]),
            rl: Some(vec![3, -3]),
            flip: Some(vec![0, 1]),
            sheet: Some(1),
            events: vec![SequenceEvent(5, "hit".into())],
            layers: Some(vec![
                LayerCue::Priority(PriorityCue {
                    tick: 0,
                    priority: 2,
                    order: vec!["unit".into(), "weapon".into()],
                }),
                LayerCue::Start(StartCue {
                    tick: 3,
                    layer: 1,
                    slot: Slot(4),
                }),
            ]),
        }],
        animations: vec![
            Animation {
                name: "Walk".into(),
                category: "Move".into(),
                front: SequenceIndex(0),
                back: SequenceIndex(0),
                looping: true,
                hit_tick: None,
                water: false,
                mode: Some("walk".into()),
            },
            Animation {
                name: "Hit".into(),
                category: "Attack".into(),
                front: SequenceIndex(0),
                back: SequenceIndex(0),
                looping: false,
                hit_tick: Some(18),
                water: true,
                mode: None,
            },
        ],
        hands: Some(json!({"1": [1, 2], "2": {"a": 1}})),
        holds: None,
        held_item_scale: 4.5,
    }
}

/// [`tiny_document`]'s bytes, written by hand from docs/derivation.md "Canonical bytes".
const TINY_DOCUMENT: &str = r#"{
  "format": "tactics-sprite-data",
  "formatVersion": 1,
  "version": "0.1.0",
  "notice": "a \"quoted\" notice",
  "sheet": {"file": "A.SPR", "width": 256, "height": 488},
  "sp2": {"file": "A.SP2", "width": 256, "height": 256},
  "stage": {"originColumn": 53, "stanceRow": -1, "stanceWidth": 32, "stanceHeight": 40, "ticksPerSecond": 60},
  "waterOffset": 182,
  "idleFrames": [3, 2],
  "idleFlip": [0, 1],
  "cells": [
    {"id": 0, "x": 240, "y": 176, "w": 8, "h": 8},
    {"id": 1, "x": 0, "y": 0, "w": 32, "h": 40}
  ],
  "frames": [
    [[0, -4, -20], [1, 2, 3, 1]],
    [],
    [[1, 0, 10, 0, 1]]
  ],
  "sequences": [
    {"seq": 0, "raw": 7, "name": "Walk", "loop": true, "frames": [0, 2], "ticks": [10, 20], "fb": [-2, 0], "du": [0, 1], "rl": [3, -3], "flip": [0, 1], "sheet": 1, "events": [[5, "hit"]], "layers": [{"tick": 0, "priority": 2, "order": ["unit", "weapon"]}, {"tick": 3, "layer": 1, "slot": 4}]}
  ],
  "animations": [
    {"name": "Walk", "category": "Move", "front": 0, "back": 0, "loop": true, "hitTick": null, "water": false, "mode": "walk"},
    {"name": "Hit", "category": "Attack", "front": 0, "back": 0, "loop": false, "hitTick": 18, "water": true}
  ],
  "hands": {
    "1": [1, 2],
    "2": {"a": 1}
  },
  "holds": null,
  "heldItemScale": 4.5
}
"#;

#[test]
fn a_tiny_document_is_laid_out_as_the_contract_writes_it() {
    let written = String::from_utf8(to_canonical_bytes(&tiny_document())).unwrap();
    assert_eq!(written, TINY_DOCUMENT);
}

#[test]
fn empty_lists_and_overlays_stay_on_their_key_line() {
    let mut document = tiny_document();
    document.sp2 = None;
    document.idle_flip = None;
    document.cells.clear();
    document.frames.clear();
    document.sequences.clear();
    document.animations.clear();
    document.hands = Some(json!({}));
    let written = String::from_utf8(to_canonical_bytes(&document)).unwrap();
    assert_eq!(
        written,
        r#"{
  "format": "tactics-sprite-data",
  "formatVersion": 1,
  "version": "0.1.0",
  "notice": "a \"quoted\" notice",
  "sheet": {"file": "A.SPR", "width": 256, "height": 488},
  "stage": {"originColumn": 53, "stanceRow": -1, "stanceWidth": 32, "stanceHeight": 40, "ticksPerSecond": 60},
  "waterOffset": 182,
  "idleFrames": [3, 2],
  "cells": [],
  "frames": [],
  "sequences": [],
  "animations": [],
  "hands": {},
  "holds": null,
  "heldItemScale": 4.5
}
"#
    );
}

#[test]
fn a_tiny_layer_document_is_laid_out_compactly() {
    let document = LayerDocument {
        format: "tactics-sprite-layer".into(),
        format_version: 1,
        version: "0.1.0".into(),
        notice: "n".into(),
        layer: "effect".into(),
        kind: "eff1".into(),
        sheet: LayerSheet {
            file: "WEP.SPR".into(),
            width: 256,
            height: 144,
            top: 256,
            palette: 8,
        },
        anchor: [0, 15],
        first_frames: vec![
            FirstFrame {
                weapon: "knife".into(),
                entry: 1,
                frame: FrameIndex(0),
            },
            FirstFrame {
                weapon: "sword".into(),
                entry: 3,
                frame: FrameIndex(40),
            },
        ],
        cells: vec![Cell {
            id: CellId(0),
            x: 0,
            y: 72,
            w: 16,
            h: 16,
        }],
        frames: vec![LayerFrame {
            rotation: 3,
            degrees: 42.1875,
            flags: 33,
            tiles: vec![FrameTile {
                cell: CellId(0),
                u: -8,
                v: 7,
                flip: true,
                flip_y: false,
            }],
        }],
        sequences: vec![
            LayerSequence {
                slot: Slot(0),
                frames: [8, 6].map(RelativeFrame).to_vec(),
                ticks: vec![4, 2],
                end: "EndAnimation".into(),
                layers: Some(vec![LayerCue::Start(StartCue {
                    tick: 16,
                    layer: 2,
                    slot: Slot(0),
                })]),
            },
            LayerSequence {
                slot: Slot(1),
                frames: vec![],
                ticks: vec![],
                end: "segmentEnd".into(),
                layers: None,
            },
        ],
    };
    let written = String::from_utf8(document.to_bytes()).unwrap();
    assert_eq!(
        written,
        r#"{
  "format": "tactics-sprite-layer",
  "formatVersion": 1,
  "version": "0.1.0",
  "notice": "n",
  "layer": "effect",
  "kind": "eff1",
  "sheet": {"file":"WEP.SPR","width":256,"height":144,"top":256,"palette":8},
  "anchor": [0,15],
  "firstFrames": [
    {"weapon":"knife","entry":1,"frame":0},
    {"weapon":"sword","entry":3,"frame":40}
  ],
  "cells": [
    {"id":0,"x":0,"y":72,"w":16,"h":16}
  ],
  "frames": [
    {"rotation":3,"degrees":42.1875,"flags":33,"tiles":[[0,-8,7,1]]}
  ],
  "sequences": [
    {"slot":0,"frames":[8,6],"ticks":[4,2],"end":"EndAnimation","layers":[{"tick":16,"layer":2,"slot":0}]},
    {"slot":1,"frames":[],"ticks":[],"end":"segmentEnd"}
  ]
}
"#
    );
}
