//! The report on a SAS set: what it is, its counts, its frame types, what the game would read
//! differently and, when verbose, every table.

use std::collections::BTreeMap;

use sas_formats::{BodyItem, Meanings, SasSet};
use serde::Serialize;

use super::details::{Details, details};
use super::frame_types::{FrameTypes, Limits, frame_types, limits};
use super::text::write_section;
use crate::inspect::{FieldText, Listing, section};
use crate::plural;

section! {
    /// What the set is and what it holds: one line each in the text.
    #[allow(non_snake_case)]
    pub struct Summary {
        file: String,
        format: Format,
        byteOrder: &'static str,
        scale: Scale,
        unknown: Unknown,
        animations: AnimationCounts,
        sprites: SpriteCounts,
        blocks: BlockCounts,
        dead: DeadCounts,
        trailing: Trailing,
        meanings: MeaningsUsed,
    }
}

/// A SAS set: the summary, the frame types, the limits the game reads past and, when verbose,
/// the tables.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SetReport {
    #[serde(flatten)]
    summary: Summary,
    frame_types: FrameTypes,
    limits: Limits,
    #[serde(flatten)]
    details: Option<Details>,
}

/// The version's name in JSON; the text adds the byte order and the size: `SAS3 (little-endian),
/// 400 bytes`.
#[derive(Serialize)]
#[serde(transparent)]
struct Format {
    name: &'static str,
    #[serde(skip)]
    byte_order: &'static str,
    #[serde(skip)]
    size: usize,
}

impl FieldText for Format {
    fn text(&self) -> Option<String> {
        Some(format!(
            "{} ({}), {} bytes",
            self.name, self.byte_order, self.size
        ))
    }
}

/// The header's scale.
#[derive(Serialize)]
#[serde(transparent)]
struct Scale(i8);

impl FieldText for Scale {
    fn text(&self) -> Option<String> {
        Some(format!("{} (the game draws quads at 1/scale)", self.0))
    }
}

/// The header's last u32.
#[derive(Serialize)]
#[serde(transparent)]
struct Unknown(u32);

impl FieldText for Unknown {
    fn text(&self) -> Option<String> {
        Some(format!(
            "{} (the header's last u32; meaning unknown)",
            self.0
        ))
    }
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

impl FieldText for AnimationCounts {
    fn text(&self) -> Option<String> {
        Some(format!(
            "{} ({} directions used, {} mirrored; {} blocks played by several directions)",
            self.count, self.directions_used, self.mirrored, self.shared_blocks
        ))
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SpriteCounts {
    count: usize,
    quads: usize,
    table_offset: usize,
}

impl FieldText for SpriteCounts {
    fn text(&self) -> Option<String> {
        Some(format!(
            "{} ({} quads), table at 0x{:X}",
            self.count, self.quads, self.table_offset
        ))
    }
}

#[derive(Serialize)]
struct BlockCounts {
    count: usize,
    frames: usize,
}

impl FieldText for BlockCounts {
    fn text(&self) -> Option<String> {
        Some(format!("{} ({} frames)", self.count, self.frames))
    }
}

/// What no slot reaches: dead frames between blocks, and other bytes.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DeadCounts {
    frames: usize,
    gaps: usize,
    unreached_bytes: usize,
}

impl FieldText for DeadCounts {
    fn text(&self) -> Option<String> {
        Some(format!(
            "{} in {} between blocks, no slot reaches them; {} other unreached bytes",
            plural(self.frames, "frame"),
            plural(self.gaps, "gap"),
            self.unreached_bytes
        ))
    }
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

impl FieldText for Trailing {
    fn text(&self) -> Option<String> {
        Some(format!(
            "{} bytes{} after the last block at 0x{:X}{}",
            self.bytes,
            if self.all_zero { "" } else { " (not all zero)" },
            self.end,
            if self.padding {
                " (an entry's padding to 16 bytes)"
            } else {
                ""
            }
        ))
    }
}

/// The meanings table's name in JSON; the text adds what it calls types 8 and 9, which the
/// two tables read differently, and how to ask for the other one.
#[derive(Serialize)]
#[serde(transparent)]
struct MeaningsUsed {
    name: &'static str,
    #[serde(skip)]
    types_8_9: (&'static str, &'static str),
    /// The front end's words for reading with the other table (`--meanings gibbed`).
    #[serde(skip)]
    other_reading: String,
}

impl FieldText for MeaningsUsed {
    fn text(&self) -> Option<String> {
        Some(format!(
            "{} (type 8 = {}, type 9 = {}; {} for the other reading)",
            self.name, self.types_8_9.0, self.types_8_9.1, self.other_reading
        ))
    }
}

/// The name of the table that reads types 8 and 9 the other way than the table `name`.
fn other_table(name: &str) -> &'static str {
    if name == "seed" { "gibbed" } else { "seed" }
}

impl SetReport {
    /// The report on `set` (`bytes`, named `name`), its frame types read with `meanings`, and
    /// its tables when `verbose`; `ask_for_table` words how the front end asks for a meanings
    /// table by its name (the text names the other reading that way).
    pub fn new(
        name: &str,
        bytes: &[u8],
        set: &SasSet,
        meanings: &Meanings,
        verbose: bool,
        ask_for_table: impl Fn(&str) -> String,
    ) -> Self {
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
        let summary = Summary {
            file: name.to_owned(),
            format: Format {
                name: set.version.name(),
                byte_order: order.name(),
                size: bytes.len(),
            },
            byteOrder: order.name(),
            scale: Scale(set.scale),
            unknown: Unknown(set.unknown_count),
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
            meanings: MeaningsUsed {
                name: meanings.name,
                types_8_9: (meanings.of(8).name, meanings.of(9).name),
                other_reading: ask_for_table(other_table(meanings.name)),
            },
        };
        Self {
            summary,
            frame_types: frame_types(set, meanings),
            limits: limits(set),
            details: verbose.then(|| details(bytes, set, meanings)),
        }
    }

    /// The summary's lines, the frame types, a note for each limit passed, and the tables.
    pub fn text(&self) -> String {
        let mut text = String::new();
        write_section(&mut text, &self.summary);
        self.frame_types.write_text(&mut text);
        self.limits.write_text(&mut text);
        if let Some(details) = &self.details {
            details.write_text(&mut text);
        }
        text
    }
}
