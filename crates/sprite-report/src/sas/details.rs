//! The verbose listing: the animation table, every sprite with its quads, and the body (blocks, dead
//! frames, unreached bytes) frame by frame with its offset and raw bytes.

use std::fmt::Write as _;

use sas_formats::{BodyItem, Command, Frame, Meanings, SasSet};
use serde::{Serialize, Serializer};

use super::text::hex;
use crate::inspect::Listing;
use crate::plural;

/// The verbose listing: the animation table, every sprite and the body.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Details {
    animation_table: Vec<AnimationRow>,
    sprite_list: Vec<SpriteReport>,
    body: Vec<BodyReport>,
}

/// An animation's four directions; JSON writes the array.
#[derive(Serialize)]
#[serde(transparent)]
struct AnimationRow {
    slots: Vec<SlotReport>,
    /// Where the row is in the file (text only).
    #[serde(skip)]
    offset: usize,
}

#[derive(Serialize)]
struct SlotReport {
    block: Option<usize>,
    mirrored: bool,
    /// Where the block is in the file (text only).
    #[serde(skip)]
    block_offset: Option<usize>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SpriteReport {
    offset: usize,
    sheet: u8,
    center_x: i16,
    center_y: i16,
    quads: Vec<QuadReport>,
}

#[derive(Serialize)]
struct QuadReport {
    x: i16,
    y: i16,
    width: u16,
    height: u16,
    u: u16,
    v: u16,
}

/// A body item at its offset.
#[derive(Serialize)]
#[serde(untagged)]
enum BodyReport {
    /// A block (`kind` `block`) or dead frames (`dead`).
    Frames {
        offset: usize,
        kind: &'static str,
        frames: Vec<FrameReport>,
        /// A block's number and duration (text only).
        #[serde(skip)]
        block: Option<(usize, u16)>,
    },
    /// Bytes no slot reaches and that are not frames.
    Unreached {
        offset: usize,
        unreached: usize,
        /// Their hex (text only).
        #[serde(skip)]
        raw: String,
    },
}

/// A frame: its tick, type, the table's name (or `irregular`) and arguments.
#[derive(Serialize)]
struct FrameReport {
    tick: u16,
    #[serde(rename = "type")]
    kind: u8,
    name: &'static str,
    args: Arguments,
    /// The frame's bytes in hex (text only).
    #[serde(skip)]
    raw: String,
}

/// A frame's arguments by name, in the command's order; JSON writes an object.
struct Arguments(Vec<(&'static str, i64)>);

impl Serialize for Arguments {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, value)| (name, value)))
    }
}

impl Listing for Details {
    fn write_text(&self, text: &mut String) {
        text.push_str("animation table (direction: block at offset, m = mirrored):\n");
        for (a, row) in self.animation_table.iter().enumerate() {
            let cells: Vec<String> = row
                .slots
                .iter()
                .enumerate()
                .map(|(d, slot)| match (slot.block, slot.block_offset) {
                    (Some(b), Some(at)) => format!(
                        "{d}: block {b} at 0x{at:X}{}",
                        if slot.mirrored { " m" } else { "" }
                    ),
                    _ if slot.mirrored => format!("{d}: - (mirror bit set)"),
                    _ => format!("{d}: -"),
                })
                .collect();
            let _ = writeln!(
                text,
                "  animation {a:<3} [0x{:04X}] {}",
                row.offset,
                cells.join(", ")
            );
        }
        text.push_str(
            "sprites (quad: x, y from the position; width x height at u, v on the sheet):\n",
        );
        for (s, sprite) in self.sprite_list.iter().enumerate() {
            let _ = writeln!(
                text,
                "  sprite {s:<3} [0x{:04X}] sheet {}, center ({}, {}), {} quads",
                sprite.offset,
                sprite.sheet,
                sprite.center_x,
                sprite.center_y,
                sprite.quads.len()
            );
            for (q, quad) in sprite.quads.iter().enumerate() {
                let _ = writeln!(
                    text,
                    "    quad {q:<2} x {:>5}, y {:>5}, {} x {} at ({}, {})",
                    quad.x, quad.y, quad.width, quad.height, quad.u, quad.v
                );
            }
        }
        text.push_str(
            "body (frame: tick, type, the table's name, arguments; raw bytes in brackets):\n",
        );
        for item in &self.body {
            match item {
                BodyReport::Unreached {
                    offset,
                    unreached,
                    raw,
                } => {
                    let _ = writeln!(
                        text,
                        "  unreached [0x{offset:04X}] {unreached} bytes: {raw}"
                    );
                }
                BodyReport::Frames {
                    offset,
                    frames,
                    block,
                    ..
                } => {
                    match block {
                        Some((index, duration)) => {
                            let _ = writeln!(
                                text,
                                "  block {index} [0x{offset:04X}] duration {duration}, {} frames",
                                frames.len()
                            );
                        }
                        None => {
                            let _ = writeln!(
                                text,
                                "  dead frames [0x{offset:04X}] {} no slot reaches",
                                plural(frames.len(), "frame")
                            );
                        }
                    }
                    for (f, frame) in frames.iter().enumerate() {
                        let args: Vec<String> = frame
                            .args
                            .0
                            .iter()
                            .map(|(n, v)| format!("{n} {v}"))
                            .collect();
                        let _ = writeln!(
                            text,
                            "    frame {f:<3} tick {:<5} type {:<3} {:<10} {}  [{}]",
                            frame.tick,
                            frame.kind,
                            frame.name,
                            args.join(", "),
                            frame.raw
                        );
                    }
                }
            }
        }
    }
}

fn frame_report(frame: &Frame, raw: String, set: &SasSet, meanings: &Meanings) -> FrameReport {
    let command = Command::of(frame, set.byte_order);
    let name = if let Command::Irregular { .. } = command {
        "irregular"
    } else {
        meanings.of_command(&command).name
    };
    FrameReport {
        tick: frame.time,
        kind: frame.kind,
        name,
        args: Arguments(command.arguments()),
        raw,
    }
}

pub fn details(bytes: &[u8], set: &SasSet, meanings: &Meanings) -> Details {
    let layout = set.layout();
    let version = set.version;
    let header = version.header_len();
    let block_offsets = &layout.blocks;
    let animation_table = set
        .animations
        .iter()
        .enumerate()
        .map(|(a, row)| AnimationRow {
            slots: row
                .iter()
                .map(|slot| SlotReport {
                    block: slot.block,
                    mirrored: slot.mirrored,
                    block_offset: slot.block.map(|b| block_offsets[b]),
                })
                .collect(),
            offset: header + 16 * a,
        })
        .collect();
    let sprite_list = set
        .sprites
        .iter()
        .zip(&layout.sprites)
        .map(|(sprite, &offset)| SpriteReport {
            offset,
            sheet: sprite.sheet,
            center_x: sprite.center_x,
            center_y: sprite.center_y,
            quads: sprite
                .quads
                .iter()
                .map(|q| QuadReport {
                    x: q.x,
                    y: q.y,
                    width: q.width,
                    height: q.height,
                    u: q.u,
                    v: q.v,
                })
                .collect(),
        })
        .collect();
    let frame_len = version.frame_len();
    let mut body = Vec::with_capacity(set.body.len());
    let mut block_index = 0;
    for (item, &offset) in set.body.iter().zip(&layout.body) {
        let (frames, first, block) = match item {
            BodyItem::Block(b) => {
                block_index += 1;
                (
                    &b.frames[..],
                    offset + 4,
                    Some((block_index - 1, b.duration)),
                )
            }
            BodyItem::DeadFrames(frames) => (&frames[..], offset, None),
            BodyItem::Unreached(data) => {
                body.push(BodyReport::Unreached {
                    offset,
                    unreached: data.len(),
                    raw: hex(data),
                });
                continue;
            }
        };
        let frames = frames
            .iter()
            .enumerate()
            .map(|(f, frame)| {
                let at = first + f * frame_len;
                let raw = bytes.get(at..at + frame_len).map(hex).unwrap_or_default();
                frame_report(frame, raw, set, meanings)
            })
            .collect();
        body.push(BodyReport::Frames {
            offset,
            kind: if block.is_some() { "block" } else { "dead" },
            frames,
            block,
        });
    }
    Details {
        animation_table,
        sprite_list,
        body,
    }
}
