//! The checks both kinds of document share, or that a document's parts share: a main frame index,
//! a tile, a sequence's layer cues.

use fft_formats::layer::Layer;

use crate::document::{Document, FrameTile, LayerCue};
use crate::index::FrameIndex;
use crate::limits::{MAX_LAYER_CUES, MAX_TILE_OFFSET};

use super::problems::Problems;

/// A frame index as sequences and idle frames give it: a main frame, so that its water copy
/// (`+ waterOffset`) is a frame too.
pub(super) fn check_main_frame(doc: &Document, path: &str, frame: FrameIndex, p: &mut Problems) {
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

/// A tile of a document with `cells` cells: its cell in range, its offsets within the limit.
pub(super) fn check_tile_of(cells: usize, path: &str, tile: &FrameTile, p: &mut Problems) {
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
        check_offset(format!("{path}/{k}"), value, p);
    }
}

/// An offset from the stance point (a tile's, a layer's anchor) within [`MAX_TILE_OFFSET`].
pub(super) fn check_offset(path: String, value: i32, p: &mut Problems) {
    if value.unsigned_abs() > MAX_TILE_OFFSET.unsigned_abs() {
        p.add(
            path,
            format!(
                "{value} pixels from the stance point, over the limit of ±{MAX_TILE_OFFSET} \
                 (MAX_TILE_OFFSET)"
            ),
        );
    }
}

/// A sequence's `layers` cues (unit or layer document): the schema's ranges (bytes, the order's
/// names and length, at least one cue when present), at most [`MAX_LAYER_CUES`], and every cue
/// within the sequence's `total` ticks, as events are.
pub(super) fn check_cues(path: &str, cues: Option<&[LayerCue]>, total: u64, p: &mut Problems) {
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
