//! What a set's frames use: each frame type with what the meanings table calls it, and the
//! limits past which the game reads the file differently from its bytes.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use sas_formats::{Command, Meanings, SasSet};
use serde::Serialize;

use crate::inspect::Listing;
use crate::plural;

/// The frame types used in blocks, by type; JSON writes the array.
#[derive(Serialize)]
#[serde(transparent)]
pub struct FrameTypes(Vec<FrameType>);

/// One frame type: how many frames, what the table calls it, whether that is settled, and the
/// values of a one-value type (what a user matches against sound or flag tables).
#[derive(Serialize)]
pub struct FrameType {
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
pub struct Limits {
    sprite_frames_past_table: usize,
    blocks_over127_frames: usize,
}

impl Listing for FrameTypes {
    fn write_text(&self, text: &mut String) {
        text.push_str("frame types (frames in blocks):\n");
        for ty in &self.0 {
            ty.write_text(text);
        }
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

impl Listing for Limits {
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

/// How many frames and blocks pass each limit.
pub fn limits(set: &SasSet) -> Limits {
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

/// Each frame type the blocks use, in type order.
pub fn frame_types(set: &SasSet, meanings: &Meanings) -> FrameTypes {
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
    let types = by_type
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
        .collect();
    FrameTypes(types)
}
