//! `inspect` on SAS files and `pakd` containers: what the file is, its counts, the frame types it
//! uses and what each table says they mean; with `--verbose` every slot, sprite, quad and frame
//! with its offset and raw bytes, so that someone with the game can check the meanings.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use sas_formats::{BodyItem, Command, Frame, Meanings, Pakd, SasSet};
use serde_json::{Map, Value, json};

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
) -> Option<anyhow::Result<ExitCode>> {
    let kind = super::sniff(path)?;
    Some(run(path, kind, options, json, verbose))
}

fn run(
    path: &Path,
    kind: Sniffed,
    options: &SasOptions,
    json: bool,
    verbose: bool,
) -> anyhow::Result<ExitCode> {
    let meanings = options.table();
    let report = match (kind, options.entry) {
        (Sniffed::Pakd, None) => {
            let bytes = read_input(path)?;
            let pakd = Pakd::decode(&bytes).with_context(|| path.display().to_string())?;
            container(path, &bytes, &pakd)
        }
        _ => {
            let loaded = load_set(path, options.entry)?;
            set_report(&loaded.name, &loaded.bytes, &loaded.set, &meanings, verbose)
        }
    };
    let text = if json {
        let mut text = serde_json::to_string_pretty(&Value::Object(report.json))?;
        text.push('\n');
        text
    } else {
        report.text
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(stdout_error)?;
    out.flush().map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// The same content as text lines and as one JSON object.
#[derive(Default)]
struct Report {
    text: String,
    json: Map<String, Value>,
}

impl Report {
    fn field(&mut self, key: &str, text: impl std::fmt::Display, json: Value) {
        let _ = writeln!(self.text, "{key:<11} {text}");
        self.json.insert(key.to_owned(), json);
    }

    fn line(&mut self, text: impl std::fmt::Display) {
        let _ = writeln!(self.text, "{text}");
    }
}

fn container(path: &Path, bytes: &[u8], pakd: &Pakd) -> Report {
    let mut r = Report::default();
    r.field("file", path.display(), json!(path.display().to_string()));
    r.field(
        "format",
        format!(
            "pakd container ({}), {} bytes",
            pakd.byte_order.name(),
            bytes.len()
        ),
        json!("pakd"),
    );
    r.field(
        "byteOrder",
        pakd.byte_order.name(),
        json!(pakd.byte_order.name()),
    );
    r.field(
        "ids",
        if pakd.ids.is_some() {
            "yes (directory << 16 | file)"
        } else {
            "none"
        },
        json!(pakd.ids.is_some()),
    );
    let header_len = bytes.len()
        - pakd.trailing.len()
        - pakd.entries.iter().map(|e| e.bytes.len()).sum::<usize>();
    let mut offset = header_len;
    let mut entries = Vec::new();
    r.field("entries", pakd.entries.len(), json!(pakd.entries.len()));
    for (index, entry) in pakd.entries.iter().enumerate() {
        let id = pakd.ids.as_ref().map(|ids| ids[index]);
        let kind = entry.kind();
        let id_text = id.map_or(String::new(), |id| {
            format!(" id 0x{id:08X} ({}/{})", id >> 16, id & 0xFFFF)
        });
        r.line(format!(
            "  entry {index:<3} at 0x{offset:06X}, {:>7} bytes{id_text}: {kind}",
            entry.bytes.len()
        ));
        entries.push(json!({
            "index": index,
            "offset": offset,
            "size": entry.bytes.len(),
            "id": id,
            "kind": kind.to_string(),
        }));
        offset += entry.bytes.len();
    }
    r.json.insert("entryList".into(), Value::Array(entries));
    if !pakd.trailing.is_empty() {
        r.field(
            "trailing",
            format!("{} bytes after the total size", pakd.trailing.len()),
            json!(pakd.trailing.len()),
        );
    }
    r.line(
        "(inspect FILE --entry N shows one SAS entry; extract FILE --out DIR writes the entries)",
    );
    r
}

fn set_report(
    name: &str,
    bytes: &[u8],
    set: &SasSet,
    meanings: &Meanings,
    verbose: bool,
) -> Report {
    let mut r = Report::default();
    let order = set.byte_order;
    let layout = set.layout();
    r.field("file", name, json!(name));
    r.field(
        "format",
        format!("{} ({}), {} bytes", set.version, order.name(), bytes.len()),
        json!(set.version.name()),
    );
    r.field("byteOrder", order.name(), json!(order.name()));
    r.field(
        "scale",
        format!("{} (the game draws quads at 1/scale)", set.scale),
        json!(set.scale),
    );
    r.field(
        "unknown",
        format!(
            "{} (the header's last u32; meaning unknown)",
            set.unknown_count
        ),
        json!(set.unknown_count),
    );
    let slots: Vec<_> = set
        .animations
        .iter()
        .flatten()
        .filter(|s| s.block.is_some())
        .collect();
    let mirrored = slots.iter().filter(|s| s.mirrored).count();
    let mut uses = BTreeMap::new();
    for slot in &slots {
        *uses.entry(slot.block).or_insert(0) += 1;
    }
    let shared = uses.values().filter(|&&n| n > 1).count();
    r.field(
        "animations",
        format!(
            "{} ({} directions used, {mirrored} mirrored; {shared} blocks played by several directions)",
            set.animations.len(),
            slots.len()
        ),
        json!({"count": set.animations.len(), "directionsUsed": slots.len(), "mirrored": mirrored, "sharedBlocks": shared}),
    );
    let quads: usize = set.sprites.iter().map(|s| s.quads.len()).sum();
    r.field(
        "sprites",
        format!(
            "{} ({quads} quads), table at 0x{:X}",
            set.sprites.len(),
            layout.sprite_table
        ),
        json!({"count": set.sprites.len(), "quads": quads, "tableOffset": layout.sprite_table}),
    );
    let frames: usize = set.blocks().map(|b| b.frames.len()).sum();
    r.field(
        "blocks",
        format!("{} ({frames} frames)", set.blocks().count()),
        json!({"count": set.blocks().count(), "frames": frames}),
    );
    let gaps = set
        .body
        .iter()
        .filter(|i| !matches!(i, BodyItem::Block(_)))
        .count();
    let unreached: usize = set
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
    r.field(
        "dead",
        format!(
            "{} in {} between blocks, no slot reaches them; {unreached} other unreached bytes",
            plural(set.dead_frame_count(), "frame"),
            plural(gaps, "gap")
        ),
        json!({"frames": set.dead_frame_count(), "gaps": gaps, "unreachedBytes": unreached}),
    );
    let zero = set.trailing.iter().all(|&b| b == 0);
    r.field(
        "trailing",
        format!(
            "{} bytes{} after the last block at 0x{:X}{}",
            set.trailing.len(),
            if zero { "" } else { " (not all zero)" },
            layout.end,
            if !set.trailing.is_empty() && zero && bytes.len() % 16 == 0 {
                " (an entry's padding to 16 bytes)"
            } else {
                ""
            }
        ),
        json!({"bytes": set.trailing.len(), "allZero": zero}),
    );
    r.field(
        "meanings",
        format!(
            "{} (type 8 = {}, type 9 = {}; --meanings {} for the other reading)",
            meanings.name,
            meanings.of(8).name,
            meanings.of(9).name,
            if meanings.name == "seed" {
                "gibbed"
            } else {
                "seed"
            }
        ),
        json!(meanings.name),
    );
    frame_types(&mut r, set, meanings);
    limits(&mut r, set);
    if verbose {
        details(&mut r, bytes, set, meanings);
    }
    r
}

/// What the game would read differently from the file: sprite frames past the sprite table (it
/// reads past it) and blocks of over 127 frames (their count reads as negative).
fn limits(r: &mut Report, set: &SasSet) {
    let past_table = set
        .blocks()
        .flat_map(|b| &b.frames)
        .filter(|f| {
            matches!(Command::of(f, set.byte_order), Command::Sprite { sprite, .. }
                if usize::from(sprite) >= set.sprites.len())
        })
        .count();
    let long_blocks = set.blocks().filter(|b| b.frames.len() > 127).count();
    r.json.insert(
        "limits".into(),
        json!({"spriteFramesPastTable": past_table, "blocksOver127Frames": long_blocks}),
    );
    if past_table > 0 {
        r.line(format!(
            "note: {} show a sprite past the sprite table (the game reads past it)",
            plural(past_table, "frame")
        ));
    }
    if long_blocks > 0 {
        let which = if long_blocks == 1 {
            "1 block has".to_owned()
        } else {
            format!("{long_blocks} blocks have")
        };
        r.line(format!(
            "note: {which} over 127 frames (the game reads the count as negative)"
        ));
    }
}

/// Per frame type: how many frames, its name, whether settled, and the values of one-value
/// types (what a user matches against sound or flag tables).
fn frame_types(r: &mut Report, set: &SasSet, meanings: &Meanings) {
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
    let mut json_types = Vec::new();
    r.line("frame types (frames in blocks):");
    for (kind, (count, irregular, values)) in by_type {
        let meaning = meanings.of(kind);
        let shown: Vec<String> = values.iter().take(24).map(i64::to_string).collect();
        let more = if values.len() > 24 { ", ..." } else { "" };
        r.line(format!(
            "  type {kind:<3} {:<10} {:<10}{}{}{}",
            meaning.name,
            plural(count, "frame"),
            if meaning.settled {
                ""
            } else {
                "  (meaning not settled)"
            },
            if irregular > 0 {
                format!("; {irregular} irregular (a type no reader knows, or fields set that the type does not use)")
            } else {
                String::new()
            },
            if values.is_empty() {
                String::new()
            } else {
                format!("; values {}{more}", shown.join(", "))
            },
        ));
        json_types.push(json!({
            "type": kind, "name": meaning.name, "settled": meaning.settled,
            "frames": count, "irregular": irregular, "values": values,
        }));
    }
    r.json.insert("frameTypes".into(), Value::Array(json_types));
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

fn frame_text(frame: &Frame, set: &SasSet, meanings: &Meanings) -> (String, Value) {
    let command = Command::of(frame, set.byte_order);
    let meaning = meanings.of_command(&command);
    let args: Vec<String> = command
        .arguments()
        .iter()
        .map(|(n, v)| format!("{n} {v}"))
        .collect();
    let name = if let Command::Irregular { .. } = command {
        "irregular"
    } else {
        meaning.name
    };
    (
        format!(
            "tick {:<5} type {:<3} {name:<10} {}",
            frame.time,
            frame.kind,
            args.join(", ")
        ),
        json!({"tick": frame.time, "type": frame.kind, "name": name,
               "args": command.arguments().into_iter().map(|(n, v)| (n.to_owned(), Value::from(v))).collect::<Map<_, _>>()}),
    )
}

fn details(r: &mut Report, bytes: &[u8], set: &SasSet, meanings: &Meanings) {
    let layout = set.layout();
    let version = set.version;
    let header = version.header_len();
    let block_offsets: Vec<usize> = set
        .body
        .iter()
        .zip(&layout.body)
        .filter(|(i, _)| matches!(i, BodyItem::Block(_)))
        .map(|(_, &o)| o)
        .collect();
    r.line("animation table (direction: block at offset, m = mirrored):");
    let mut json_animations = Vec::new();
    for (a, row) in set.animations.iter().enumerate() {
        let at = header + 16 * a;
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(d, slot)| match slot.block {
                Some(b) => format!(
                    "{d}: block {b} at 0x{:X}{}",
                    block_offsets[b],
                    if slot.mirrored { " m" } else { "" }
                ),
                None if slot.mirrored => format!("{d}: - (mirror bit set)"),
                None => format!("{d}: -"),
            })
            .collect();
        r.line(format!(
            "  animation {a:<3} [0x{at:04X}] {}",
            cells.join(", ")
        ));
        json_animations.push(json!(
            row.iter()
                .map(|s| json!({"block": s.block, "mirrored": s.mirrored}))
                .collect::<Vec<_>>()
        ));
    }
    r.line("sprites (quad: x, y from the position; width x height at u, v on the sheet):");
    let mut json_sprites = Vec::new();
    for (s, (sprite, &at)) in set.sprites.iter().zip(&layout.sprites).enumerate() {
        r.line(format!(
            "  sprite {s:<3} [0x{at:04X}] sheet {}, center ({}, {}), {} quads",
            sprite.sheet,
            sprite.center_x,
            sprite.center_y,
            sprite.quads.len()
        ));
        for (q, quad) in sprite.quads.iter().enumerate() {
            r.line(format!(
                "    quad {q:<2} x {:>5}, y {:>5}, {} x {} at ({}, {})",
                quad.x, quad.y, quad.width, quad.height, quad.u, quad.v
            ));
        }
        json_sprites.push(json!({
            "offset": at, "sheet": sprite.sheet, "centerX": sprite.center_x, "centerY": sprite.center_y,
            "quads": sprite.quads.iter().map(|q| json!({"x": q.x, "y": q.y, "width": q.width, "height": q.height, "u": q.u, "v": q.v})).collect::<Vec<_>>(),
        }));
    }
    r.line("body (frame: tick, type, the table's name, arguments; raw bytes in brackets):");
    let frame_len = version.frame_len();
    let mut json_body = Vec::new();
    let mut block_index = 0;
    for (item, &at) in set.body.iter().zip(&layout.body) {
        let (frames, first) = match item {
            BodyItem::Block(block) => {
                r.line(format!(
                    "  block {block_index} [0x{at:04X}] duration {}, {} frames",
                    block.duration,
                    block.frames.len()
                ));
                block_index += 1;
                (&block.frames[..], at + 4)
            }
            BodyItem::DeadFrames(frames) => {
                r.line(format!(
                    "  dead frames [0x{at:04X}] {} no slot reaches",
                    plural(frames.len(), "frame")
                ));
                (&frames[..], at)
            }
            BodyItem::Unreached(data) => {
                r.line(format!(
                    "  unreached [0x{at:04X}] {} bytes: {}",
                    data.len(),
                    hex(data)
                ));
                json_body.push(json!({"offset": at, "unreached": data.len()}));
                continue;
            }
        };
        let mut json_frames = Vec::new();
        for (f, frame) in frames.iter().enumerate() {
            let offset = first + f * frame_len;
            let (text, value) = frame_text(frame, set, meanings);
            let raw = bytes
                .get(offset..offset + frame_len)
                .map(hex)
                .unwrap_or_default();
            r.line(format!("    frame {f:<3} {text}  [{raw}]"));
            json_frames.push(value);
        }
        json_body.push(json!({
            "offset": at,
            "kind": if matches!(item, BodyItem::Block(_)) { "block" } else { "dead" },
            "frames": json_frames,
        }));
    }
    r.json
        .insert("animationTable".into(), Value::Array(json_animations));
    r.json
        .insert("spriteList".into(), Value::Array(json_sprites));
    r.json.insert("body".into(), Value::Array(json_body));
}
