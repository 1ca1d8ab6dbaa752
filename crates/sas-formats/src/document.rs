//! The JSON document of a SAS set, for renderers: the sheet rectangles as cells, the sprites as
//! frames made of cells, each animation block as a sequence of timed steps (with the poses they
//! show and the events they carry), and each animation's directions pointing at sequences,
//! mirrored or not. Its JSON Schema is `schemas/sas-set.schema.json`.
//!
//! Every value read from the file is given raw; what a step means (its `name`, `event`,
//! `settled`) comes from the [`Meanings`] table named in the document.

use serde_json::{Map, Value, json};

use crate::command::Command;
use crate::meanings::{Meanings, PositionPair};
use crate::model::{ByteOrder, SasSet};
use crate::pose::poses;

/// The document's `cells` (defined apart, as the pose line names them too).
pub use crate::cells::CellTable;

/// The document's `format` value.
pub const FORMAT: &str = "tactics-sas-set";
/// The document's `formatVersion`.
pub const FORMAT_VERSION: u64 = 1;

/// The document's bytes as `tactics-sprite build --sas` writes them: pretty JSON and a newline.
pub fn to_bytes(set: &SasSet, meanings: &Meanings, sheet_file: Option<&str>) -> Vec<u8> {
    // A document is numbers, strings and booleans: nothing serde_json can refuse.
    let mut bytes =
        serde_json::to_vec_pretty(&build(set, meanings, sheet_file)).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

/// Builds the document of `set`, reading frame types with `meanings`.
pub fn build(set: &SasSet, meanings: &Meanings, sheet_file: Option<&str>) -> Value {
    let cells = CellTable::of(set);
    let frames: Vec<Value> = set
        .sprites
        .iter()
        .map(|sprite| {
            let quads: Vec<Value> = sprite
                .quads
                .iter()
                .map(|q| json!({"cell": cells.index_of(q), "x": q.x, "y": q.y}))
                .collect();
            json!({
                "sheet": sprite.sheet,
                "centerX": sprite.center_x,
                "centerY": sprite.center_y,
                "quads": quads,
            })
        })
        .collect();
    let cells: Vec<Value> = cells
        .cells()
        .iter()
        .map(|c| json!({"u": c.u, "v": c.v, "width": c.width, "height": c.height}))
        .collect();
    let sequences: Vec<Value> = set
        .blocks()
        .map(|block| {
            let steps: Vec<Value> = block
                .frames
                .iter()
                .map(|frame| step(frame, set.byte_order, meanings))
                .collect();
            let shown: Vec<Value> = poses(block, set.byte_order, meanings)
                .iter()
                .map(|p| {
                    json!({"start": p.start, "end": p.end, "frame": p.sprite, "x": p.x, "y": p.y})
                })
                .collect();
            json!({"duration": block.duration, "steps": steps, "poses": shown})
        })
        .collect();
    let animations: Vec<Value> = set
        .animations
        .iter()
        .map(|row| {
            let directions: Vec<Value> = row
                .iter()
                .map(|slot| match slot.block {
                    Some(block) => json!({"sequence": block, "mirrored": slot.mirrored}),
                    None => Value::Null,
                })
                .collect();
            json!({ "directions": directions })
        })
        .collect();
    json!({
        "format": FORMAT,
        "formatVersion": FORMAT_VERSION,
        "source": {
            "magic": set.version.name(),
            "byteOrder": match set.byte_order { ByteOrder::Little => "little", ByteOrder::Big => "big" },
            "scale": set.scale,
            "unknownCount": set.unknown_count,
            "deadFrames": set.dead_frame_count(),
        },
        "sheet": {"file": sheet_file},
        "meanings": meanings.name,
        "position": match meanings.position_pair() {
            PositionPair::First => "x1y1",
            PositionPair::Second => "x2y2",
        },
        "cells": cells,
        "frames": frames,
        "sequences": sequences,
        "animations": animations,
    })
}

/// One frame as a step: its tick, type, the table's name for it, its raw arguments, and the
/// event it carries if the table says it is one.
fn step(frame: &crate::model::Frame, order: ByteOrder, meanings: &Meanings) -> Value {
    let command = Command::of(frame, order);
    let meaning = meanings.of_command(&command);
    let mut object = Map::new();
    object.insert("tick".into(), frame.time.into());
    object.insert("type".into(), frame.kind.into());
    object.insert("name".into(), meaning.name.into());
    object.insert("settled".into(), meaning.settled.into());
    let arguments = match command {
        // No type's reading applies: every field, raw (type 2's reading is all of them, but the
        // reserved byte and the tail).
        Command::Irregular { .. } => {
            let mut all = vec![("reserved", i64::from(frame.reserved))];
            all.extend(Command::Type2(frame.args).arguments());
            all.push(("tail", frame.args.tail.into()));
            all
        }
        _ => command.arguments(),
    };
    let args: Map<String, Value> = arguments
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value.into()))
        .collect();
    object.insert("args".into(), args.into());
    if let Command::Irregular { .. } = command {
        object.insert("irregular".into(), true.into());
    }
    if let Some(event) = meaning.event() {
        object.insert("event".into(), event.into());
    }
    object.into()
}
