//! `inspect` on SAS files and `pakd` containers: what the file is, its counts, the frame types it
//! uses and what each table says they mean; with `--verbose` every slot, sprite, quad and frame
//! with its offset and raw bytes, so that someone with the game can check the meanings.
//!
//! Each report is one model: serde writes it as JSON (fields marked `skip` are facts only the
//! text's sentences use), and its `text` method writes the same values as lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use anyhow::Context;
use sas_formats::{BodyItem, Command, Frame, Meanings, Pakd, SasSet};
use serde::{Serialize, Serializer};

use super::super::stdout_error;
use super::{SasOptions, Sniffed, load_set, read_input};

/// Inspects `path` if it is a SAS file or a container: `None` when it is neither.
///
/// # Errors
/// An unreadable or undecodable file, or stdout that cannot be written.
pub fn dispatch(
    path: &Path,
    options: &SasOptions,
    json: bool,
    verbose: bool,
) -> Option<anyhow::Result<()>> {
    let kind = super::sniff(path)?;
    Some(run(path, kind, options, json, verbose))
}

fn run(
    path: &Path,
    kind: Sniffed,
    options: &SasOptions,
    json: bool,
    verbose: bool,
) -> anyhow::Result<()> {
    let meanings = options.table();
    let text = match (kind, options.entry) {
        (Sniffed::Pakd, None) => {
            let bytes = read_input(path)?;
            let pakd = Pakd::decode(&bytes).with_context(|| path.display().to_string())?;
            render(&Container::new(path, &bytes, &pakd), json, Container::text)?
        }
        _ => {
            let loaded = load_set(path, options.entry)?;
            let report =
                SetReport::new(&loaded.name, &loaded.bytes, &loaded.set, &meanings, verbose);
            render(&report, json, SetReport::text)?
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(stdout_error)?;
    out.flush().map_err(stdout_error)?;
    Ok(())
}

/// `report` as pretty-printed JSON (`json`) or as its text.
fn render<T: Serialize>(
    report: &T,
    json: bool,
    text: impl FnOnce(&T) -> String,
) -> serde_json::Result<String> {
    if json {
        let mut out = serde_json::to_string_pretty(report)?;
        out.push('\n');
        Ok(out)
    } else {
        Ok(text(report))
    }
}

/// A `key  value` line of the text, the values in one column.
fn field(text: &mut String, key: &str, value: impl std::fmt::Display) {
    let _ = writeln!(text, "{key:<11} {value}");
}

/// A pakd container: its entries, where each is and what it holds.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Container {
    file: String,
    /// `pakd`.
    format: &'static str,
    byte_order: &'static str,
    /// Whether it has an id table.
    ids: bool,
    entries: usize,
    entry_list: Vec<EntryReport>,
    /// Bytes after the total size, when there are any.
    #[serde(skip_serializing_if = "Option::is_none")]
    trailing: Option<usize>,
    /// The container's size in bytes (text only).
    #[serde(skip)]
    size: usize,
}

#[derive(Serialize)]
struct EntryReport {
    index: usize,
    offset: usize,
    size: usize,
    id: Option<u32>,
    kind: String,
}

impl Container {
    fn new(path: &Path, bytes: &[u8], pakd: &Pakd) -> Self {
        let header_len = bytes.len()
            - pakd.trailing.len()
            - pakd.entries.iter().map(|e| e.bytes.len()).sum::<usize>();
        let mut offset = header_len;
        let mut entry_list = Vec::with_capacity(pakd.entries.len());
        for (index, entry) in pakd.entries.iter().enumerate() {
            entry_list.push(EntryReport {
                index,
                offset,
                size: entry.bytes.len(),
                id: pakd.ids.as_ref().map(|ids| ids[index]),
                kind: entry.kind().to_string(),
            });
            offset += entry.bytes.len();
        }
        Self {
            file: path.display().to_string(),
            format: "pakd",
            byte_order: pakd.byte_order.name(),
            ids: pakd.ids.is_some(),
            entries: pakd.entries.len(),
            entry_list,
            trailing: (!pakd.trailing.is_empty()).then_some(pakd.trailing.len()),
            size: bytes.len(),
        }
    }

    fn text(&self) -> String {
        let mut text = String::new();
        field(&mut text, "file", &self.file);
        field(
            &mut text,
            "format",
            format!("pakd container ({}), {} bytes", self.byte_order, self.size),
        );
        field(&mut text, "byteOrder", self.byte_order);
        field(
            &mut text,
            "ids",
            if self.ids {
                "yes (directory << 16 | file)"
            } else {
                "none"
            },
        );
        field(&mut text, "entries", self.entries);
        for entry in &self.entry_list {
            let id = entry.id.map_or(String::new(), |id| {
                format!(" id 0x{id:08X} ({}/{})", id >> 16, id & 0xFFFF)
            });
            let _ = writeln!(
                text,
                "  entry {:<3} at 0x{:06X}, {:>7} bytes{id}: {}",
                entry.index, entry.offset, entry.size, entry.kind
            );
        }
        if let Some(trailing) = self.trailing {
            field(
                &mut text,
                "trailing",
                format!("{trailing} bytes after the total size"),
            );
        }
        text.push_str(
            "(inspect FILE --entry N shows one SAS entry; extract FILE --out DIR writes the entries)\n",
        );
        text
    }
}

/// A SAS set: what it is, its counts, its frame types, what the game would read differently and,
/// with `--verbose`, every table.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SetReport {
    file: String,
    /// The version's name.
    format: &'static str,
    byte_order: &'static str,
    scale: i8,
    /// The header's last u32.
    unknown: u32,
    animations: AnimationCounts,
    sprites: SpriteCounts,
    blocks: BlockCounts,
    dead: DeadCounts,
    trailing: Trailing,
    /// The `--meanings` table's name.
    meanings: &'static str,
    frame_types: Vec<FrameType>,
    limits: Limits,
    #[serde(flatten)]
    details: Option<Details>,
    /// `SAS3 (little-endian), 400 bytes` (text only).
    #[serde(skip)]
    described: String,
    /// What the table calls types 8 and 9, which the two tables read differently (text only).
    #[serde(skip)]
    types_8_9: (&'static str, &'static str),
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AnimationCounts {
    count: usize,
    directions_used: usize,
    mirrored: usize,
    /// Blocks that several directions play.
    shared_blocks: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SpriteCounts {
    count: usize,
    quads: usize,
    table_offset: usize,
}

#[derive(Serialize)]
struct BlockCounts {
    count: usize,
    frames: usize,
}

/// What no slot reaches: dead frames between blocks, and other bytes.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DeadCounts {
    frames: usize,
    gaps: usize,
    unreached_bytes: usize,
}

/// The bytes after the last block.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Trailing {
    bytes: usize,
    all_zero: bool,
    /// Where the last block ends (text only).
    #[serde(skip)]
    end: usize,
    /// Whether they pad the file to 16 bytes (text only).
    #[serde(skip)]
    padding: bool,
}

/// One frame type: how many frames, what the table calls it, whether that is settled, and the
/// values of a one-value type (what a user matches against sound or flag tables).
#[derive(Serialize)]
struct FrameType {
    #[serde(rename = "type")]
    kind: u8,
    name: &'static str,
    settled: bool,
    frames: usize,
    irregular: usize,
    values: BTreeSet<i64>,
}

/// What the game would read differently from the file: sprite frames past the sprite table (it
/// reads past it) and blocks of over 127 frames (their count reads as negative).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Limits {
    sprite_frames_past_table: usize,
    blocks_over127_frames: usize,
}

/// `--verbose`: the animation table, every sprite and the body.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Details {
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

impl SetReport {
    fn new(name: &str, bytes: &[u8], set: &SasSet, meanings: &Meanings, verbose: bool) -> Self {
        let order = set.byte_order;
        let layout = set.layout();
        let slots: Vec<_> = set
            .animations
            .iter()
            .flatten()
            .filter(|s| s.block.is_some())
            .collect();
        let mut uses = BTreeMap::new();
        for slot in &slots {
            *uses.entry(slot.block).or_insert(0) += 1;
        }
        let gaps = set
            .body
            .iter()
            .filter(|i| !matches!(i, BodyItem::Block(_)))
            .count();
        let unreached_bytes: usize = set
            .body
            .iter()
            .map(|i| {
                if let BodyItem::Unreached(b) = i {
                    b.len()
                } else {
                    0
                }
            })
            .sum();
        let all_zero = set.trailing.iter().all(|&b| b == 0);
        Self {
            file: name.to_owned(),
            format: set.version.name(),
            byte_order: order.name(),
            scale: set.scale,
            unknown: set.unknown_count,
            animations: AnimationCounts {
                count: set.animations.len(),
                directions_used: slots.len(),
                mirrored: slots.iter().filter(|s| s.mirrored).count(),
                shared_blocks: uses.values().filter(|&&n| n > 1).count(),
            },
            sprites: SpriteCounts {
                count: set.sprites.len(),
                quads: set.sprites.iter().map(|s| s.quads.len()).sum(),
                table_offset: layout.sprite_table,
            },
            blocks: BlockCounts {
                count: set.blocks().count(),
                frames: set.blocks().map(|b| b.frames.len()).sum(),
            },
            dead: DeadCounts {
                frames: set.dead_frame_count(),
                gaps,
                unreached_bytes,
            },
            trailing: Trailing {
                bytes: set.trailing.len(),
                all_zero,
                end: layout.end,
                padding: !set.trailing.is_empty() && all_zero && bytes.len() % 16 == 0,
            },
            meanings: meanings.name,
            frame_types: frame_types(set, meanings),
            limits: limits(set),
            details: verbose.then(|| details(bytes, set, meanings)),
            described: format!("{} ({}), {} bytes", set.version, order.name(), bytes.len()),
            types_8_9: (meanings.of(8).name, meanings.of(9).name),
        }
    }

    fn text(&self) -> String {
        let mut text = String::new();
        let t = &mut text;
        field(t, "file", &self.file);
        field(t, "format", &self.described);
        field(t, "byteOrder", self.byte_order);
        field(
            t,
            "scale",
            format!("{} (the game draws quads at 1/scale)", self.scale),
        );
        field(
            t,
            "unknown",
            format!("{} (the header's last u32; meaning unknown)", self.unknown),
        );
        let a = &self.animations;
        field(
            t,
            "animations",
            format!(
                "{} ({} directions used, {} mirrored; {} blocks played by several directions)",
                a.count, a.directions_used, a.mirrored, a.shared_blocks
            ),
        );
        let s = &self.sprites;
        field(
            t,
            "sprites",
            format!(
                "{} ({} quads), table at 0x{:X}",
                s.count, s.quads, s.table_offset
            ),
        );
        field(
            t,
            "blocks",
            format!("{} ({} frames)", self.blocks.count, self.blocks.frames),
        );
        let d = &self.dead;
        field(
            t,
            "dead",
            format!(
                "{} in {} between blocks, no slot reaches them; {} other unreached bytes",
                plural(d.frames, "frame"),
                plural(d.gaps, "gap"),
                d.unreached_bytes
            ),
        );
        let tr = &self.trailing;
        field(
            t,
            "trailing",
            format!(
                "{} bytes{} after the last block at 0x{:X}{}",
                tr.bytes,
                if tr.all_zero { "" } else { " (not all zero)" },
                tr.end,
                if tr.padding {
                    " (an entry's padding to 16 bytes)"
                } else {
                    ""
                }
            ),
        );
        field(
            t,
            "meanings",
            format!(
                "{} (type 8 = {}, type 9 = {}; --meanings {} for the other reading)",
                self.meanings,
                self.types_8_9.0,
                self.types_8_9.1,
                if self.meanings == "seed" {
                    "gibbed"
                } else {
                    "seed"
                }
            ),
        );
        t.push_str("frame types (frames in blocks):\n");
        for ty in &self.frame_types {
            ty.write_text(t);
        }
        self.limits.write_text(t);
        if let Some(details) = &self.details {
            details.write_text(t);
        }
        text
    }
}

impl FrameType {
    fn write_text(&self, text: &mut String) {
        let shown: Vec<String> = self.values.iter().take(24).map(i64::to_string).collect();
        let more = if self.values.len() > 24 { ", ..." } else { "" };
        let _ = writeln!(
            text,
            "  type {:<3} {:<10} {:<10}{}{}{}",
            self.kind,
            self.name,
            plural(self.frames, "frame"),
            if self.settled {
                ""
            } else {
                "  (meaning not settled)"
            },
            if self.irregular > 0 {
                format!(
                    "; {} irregular (a type no reader knows, or fields set that the type does not use)",
                    self.irregular
                )
            } else {
                String::new()
            },
            if self.values.is_empty() {
                String::new()
            } else {
                format!("; values {}{more}", shown.join(", "))
            },
        );
    }
}

impl Limits {
    /// A note for each limit some frame or block passes.
    fn write_text(&self, text: &mut String) {
        let past_table = self.sprite_frames_past_table;
        if past_table > 0 {
            let _ = writeln!(
                text,
                "note: {} show a sprite past the sprite table (the game reads past it)",
                plural(past_table, "frame")
            );
        }
        let long_blocks = self.blocks_over127_frames;
        if long_blocks > 0 {
            let which = if long_blocks == 1 {
                "1 block has".to_owned()
            } else {
                format!("{long_blocks} blocks have")
            };
            let _ = writeln!(
                text,
                "note: {which} over 127 frames (the game reads the count as negative)"
            );
        }
    }
}

impl Details {
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

fn limits(set: &SasSet) -> Limits {
    Limits {
        sprite_frames_past_table: set
            .blocks()
            .flat_map(|b| &b.frames)
            .filter(|f| {
                matches!(Command::of(f, set.byte_order), Command::Sprite { sprite, .. }
                    if usize::from(sprite) >= set.sprites.len())
            })
            .count(),
        blocks_over127_frames: set.blocks().filter(|b| b.frames.len() > 127).count(),
    }
}

fn frame_types(set: &SasSet, meanings: &Meanings) -> Vec<FrameType> {
    let mut by_type: BTreeMap<u8, (usize, usize, BTreeSet<i64>)> = BTreeMap::new();
    for frame in set.blocks().flat_map(|b| &b.frames) {
        let command = Command::of(frame, set.byte_order);
        let entry = by_type.entry(frame.kind).or_default();
        entry.0 += 1;
        if let Command::Irregular { .. } = command {
            entry.1 += 1;
        }
        if let [(_, value)] = command.arguments().as_slice() {
            entry.2.insert(*value);
        }
    }
    by_type
        .into_iter()
        .map(|(kind, (frames, irregular, values))| {
            let meaning = meanings.of(kind);
            FrameType {
                kind,
                name: meaning.name,
                settled: meaning.settled,
                frames,
                irregular,
                values,
            }
        })
        .collect()
}

/// `1 frame`, `2 frames`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
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

fn details(bytes: &[u8], set: &SasSet, meanings: &Meanings) -> Details {
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
