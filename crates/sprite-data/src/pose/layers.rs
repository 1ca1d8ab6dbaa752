//! `poseAt` with the weapon and effect layers: what a unit holding a weapon type draws beside its
//! own tiles at a view and a tick, and in which order.
//!
//! The unit's sequence carries the layer cues (the document's `layers` extension). At a moment
//! `elapsed` into the sequence (wrapped as [`pose_at`] wraps it):
//!
//! - the draw order is the one the last `SetLayerPriority` cue at or before `elapsed` selected
//!   (front-most first; before any cue, row 0 of the table: unit, weapon, effect, text);
//! - a layer shows the slot of the last `QueueSpriteAnim` cue that started it at or before
//!   `elapsed`, from the cue's tick on: the weapon layer (1) from the unit's cues, the effect layer
//!   (2) from the unit's cues and from the cues of the weapon slot playing (at the weapon's start
//!   plus the cue's tick). The slot plays its frames tick for tick; past its end, a slot that ends
//!   with `EndAnimation` is hidden, one that loops wraps, any other keeps its last frame;
//! - the layer's frame `f` is SHP frame `firstFrames[weapon] + f` of its document, its tiles
//!   placed as a unit frame's (mirrored in a mirrored view) and moved with the unit; the frame
//!   turns by its `degrees` clockwise about the document's `anchor` (anticlockwise in a mirrored
//!   view, the mirror image of the turn).
//!
//! The text layer (damage numbers) is never drawn.

use fft_formats::layer::{LAYER_ORDERS, Layer, WeaponType};
use serde::Serialize;

use crate::document::{Animation, Document, LayerCue, Sequence};
use crate::error::Error;
use crate::execution::End;
use crate::index::{FrameIndex, Slot};
use crate::layer::{LayerDocument, LayerSequence, end_name};

use super::{
    Pose, PoseTile, View, elapsed, frame_index_at, played, pose_at, sum_ticks, total_ticks,
};

/// The layers a unit is drawn with: its weapon type and the two layer documents (either may be
/// left out; a layer without its document is not drawn).
#[derive(Debug, Clone, Copy)]
pub struct Layers<'a> {
    pub weapon_type: WeaponType,
    pub weapon: Option<&'a LayerDocument>,
    pub effect: Option<&'a LayerDocument>,
}

impl<'a> Layers<'a> {
    /// The document drawn for `layer`, if given; `None` for the unit and the text.
    fn document(&self, layer: Layer) -> Option<&'a LayerDocument> {
        match layer {
            Layer::Weapon => self.weapon,
            Layer::Effect => self.effect,
            Layer::Unit | Layer::Text => None,
        }
    }
}

/// A pose with its layers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LayeredPose {
    #[serde(flatten)]
    pub unit: Pose,
    /// The weapon type drawn.
    pub weapon_type: String,
    /// The draw order in force, front-most first (the four layers of the game's table).
    pub layer_order: Vec<String>,
    /// The layers showing a frame, in draw order back to front (the unit is not among them: it
    /// sits where `layerOrder` puts it).
    pub layers: Vec<LayerPose>,
}

/// What one layer draws.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LayerPose {
    /// `"weapon"` or `"effect"`.
    pub layer: String,
    /// The layer SEQ slot playing, and the unit tick it started at.
    pub slot: Slot,
    pub started: u64,
    /// The position in the slot's frames.
    pub index: usize,
    /// The layer SHP frame drawn: `firstFrames[weapon] + frame`
    /// ([`RelativeFrame::from_first`](crate::index::RelativeFrame::from_first)).
    pub shp: FrameIndex,
    /// The turn as drawn, degrees clockwise on screen (negative in a mirrored view), about
    /// (`pivotX`, `pivotY`) from the stance point, the unit's move not included.
    pub degrees: f64,
    pub pivot_x: i64,
    pub pivot_y: i64,
    /// The frame record's flags (bit 0 semi-transparency, bits 5-6 the blend mode).
    pub flags: u32,
    /// The tiles before the turn, back to front, placed as a unit frame's (add `moveX`, `moveY`).
    pub tiles: Vec<PoseTile>,
}

impl LayeredPose {
    /// Every drawn part back to front: `None` for the unit, `Some(i)` for `layers[i]`.
    pub fn draw_order(&self) -> Vec<Option<usize>> {
        self.layer_order
            .iter()
            .rev()
            .filter_map(|name| {
                if name == Layer::Unit.name() {
                    Some(None)
                } else {
                    self.layers.iter().position(|l| &l.layer == name).map(Some)
                }
            })
            .collect()
    }
}

/// `poseAt` with the layers.
///
/// # Errors
/// As [`pose_at`]'s.
pub fn pose_with_layers(
    doc: &Document,
    animation: &Animation,
    view: View,
    tick: i64,
    water: bool,
    layers: &Layers,
) -> Result<LayeredPose, Error> {
    let unit = pose_at(doc, animation, view, tick, water)?;
    add_layers(doc, animation, unit, layers)
}

/// `unit`, the pose [`pose_at`] gave for `animation`, with the layers it starts.
///
/// # Errors
/// As [`pose_at`]'s.
pub(crate) fn add_layers(
    doc: &Document,
    animation: &Animation,
    unit: Pose,
    layers: &Layers,
) -> Result<LayeredPose, Error> {
    let sequence = played(doc, animation, unit.view)?;
    let elapsed = elapsed(animation, sequence, unit.tick);
    let state = LayerState::at(sequence, elapsed, layers);
    let mut drawn = Vec::new();
    for (layer, start) in [(Layer::Weapon, state.weapon), (Layer::Effect, state.effect)] {
        let (name, doc) = (layer.name(), layers.document(layer));
        let (Some(layer_doc), Some((slot, started))) = (doc, start) else {
            continue;
        };
        if let Some(pose) = layer_pose(
            name,
            layer_doc,
            layers.weapon_type,
            slot,
            started,
            elapsed,
            unit.mirrored,
        ) {
            drawn.push(pose);
        }
    }
    let order = state.order;
    drawn.sort_by_key(|l| std::cmp::Reverse(order.iter().position(|n| *n == l.layer)));
    Ok(LayeredPose {
        unit,
        weapon_type: layers.weapon_type.name().into(),
        layer_order: order.iter().map(|s| (*s).to_owned()).collect(),
        layers: drawn,
    })
}

/// The ticks (from the sequence's start) at which `animation`'s picture at `view` can change:
/// its own frames' starts (a last held frame's included) and the starts of every layer frame
/// that shows before the sequence's end. Sorted, without repeats.
pub fn change_ticks(
    doc: &Document,
    animation: &Animation,
    view: View,
    layers: &Layers,
) -> Vec<u64> {
    let Ok(sequence) = played(doc, animation, view) else {
        return Vec::new();
    };
    let total = total_ticks(sequence);
    let unit_starts: Vec<u64> = sequence
        .ticks
        .iter()
        .scan(0u64, |at, t| {
            let start = *at;
            *at += u64::from(*t);
            Some(start)
        })
        .collect();
    let mut ticks = Vec::new();
    // Every layer start the sequence can reach, with the frame starts that follow it.
    let mut starts: Vec<(Option<&LayerDocument>, Slot, u64)> = Vec::new();
    for cue in sequence.layers.iter().flatten() {
        if let LayerCue::Start(c) = cue {
            let layer = c.started_layer();
            starts.push((
                layer.and_then(|l| layers.document(l)),
                c.slot,
                u64::from(c.tick),
            ));
            if layer == Some(Layer::Weapon) {
                starts.extend(
                    effect_starts(layers, c.slot, u64::from(c.tick))
                        .map(|(slot, at)| (layers.effect, slot, at)),
                );
            }
        }
    }
    for (doc, slot, start) in starts {
        let Some(s) = doc.and_then(|d| d.sequences.get(slot.index())) else {
            continue;
        };
        let mut at = start;
        ticks.push(at);
        for t in &s.ticks {
            at += u64::from(*t);
            ticks.push(at);
        }
    }
    // A layer frame that would start after the unit's sequence ends is never seen.
    ticks.retain(|t| *t < total);
    ticks.extend(unit_starts);
    ticks.sort_unstable();
    ticks.dedup();
    ticks
}

/// The cues in force at `elapsed`.
struct LayerState {
    order: Vec<&'static str>,
    weapon: Option<(Slot, u64)>,
    effect: Option<(Slot, u64)>,
}

impl LayerState {
    fn at(sequence: &Sequence, elapsed: u64, layers: &Layers) -> Self {
        let mut order: Vec<&'static str> = LAYER_ORDERS[0].map(Layer::name).to_vec();
        let mut weapon: Option<(Slot, u64)> = None;
        // The effect's latest start, from the unit's cues or the weapon slot's.
        let mut effect: Option<(Slot, u64)> = None;
        let mut start_effect = |slot: Slot, at: u64| {
            if at <= elapsed && effect.is_none_or(|(_, t)| at >= t) {
                effect = Some((slot, at));
            }
        };
        for cue in sequence.layers.iter().flatten() {
            match cue {
                LayerCue::Priority(p) if u64::from(p.tick) <= elapsed => {
                    order = order_names(&p.order);
                }
                LayerCue::Start(c) if u64::from(c.tick) <= elapsed => match c.started_layer() {
                    Some(Layer::Weapon) => weapon = Some((c.slot, u64::from(c.tick))),
                    Some(Layer::Effect) => start_effect(c.slot, u64::from(c.tick)),
                    _ => {}
                },
                _ => {}
            }
        }
        if let Some((slot, started)) = weapon {
            for (slot, at) in effect_starts(layers, slot, started) {
                start_effect(slot, at);
            }
        }
        Self {
            order,
            weapon,
            effect,
        }
    }
}

/// The effects the weapon slot `weapon_slot`, started at `started`, starts: each effect slot with
/// the tick it starts at (the weapon's start plus its cue's tick). None when no weapon document
/// is given or it has no such slot.
fn effect_starts<'a>(
    layers: &Layers<'a>,
    weapon_slot: Slot,
    started: u64,
) -> impl Iterator<Item = (Slot, u64)> + 'a {
    layers
        .weapon
        .and_then(|d| d.sequences.get(weapon_slot.index()))
        .into_iter()
        .flat_map(|s| s.layers.iter().flatten())
        .filter_map(move |cue| match cue {
            LayerCue::Start(c) if c.started_layer() == Some(Layer::Effect) => {
                Some((c.slot, started + u64::from(c.tick)))
            }
            _ => None,
        })
}

/// The layer names of an order, as the static names the pose uses.
fn order_names(order: &[String]) -> Vec<&'static str> {
    order
        .iter()
        .filter_map(|n| Layer::ALL.into_iter().map(Layer::name).find(|k| k == n))
        .collect()
}

/// The frame a layer slot shows `elapsed - started` ticks in, or `None` when it shows none.
fn layer_frame(sequence: &LayerSequence, local: u64) -> Option<usize> {
    let total = sum_ticks(&sequence.ticks);
    let end = End::ALL.into_iter().find(|&e| end_name(e) == sequence.end);
    let local = match end {
        Some(End::Loop) if total > 0 => local % total,
        Some(End::EndAnimation) if local >= total => return None,
        _ => local,
    };
    frame_index_at(&sequence.ticks, local)
}

fn layer_pose(
    name: &str,
    doc: &LayerDocument,
    weapon: WeaponType,
    slot: Slot,
    started: u64,
    elapsed: u64,
    mirrored: bool,
) -> Option<LayerPose> {
    let sequence = doc.sequences.get(slot.index())?;
    let index = layer_frame(sequence, elapsed.checked_sub(started)?)?;
    let shp = sequence.frames[index].from_first(doc.first_frame(weapon)?)?;
    let frame = doc.frames.get(shp.index())?;
    let tiles = frame
        .tiles
        .iter()
        .enumerate()
        .map(|(order, tile)| {
            let cell = doc.cells.get(tile.cell.index())?;
            Some(PoseTile::place(tile, cell, order, mirrored, 0))
        })
        .collect::<Option<Vec<_>>>()?;
    let pivot_u = i64::from(doc.anchor[0]);
    Some(LayerPose {
        layer: name.into(),
        slot,
        started,
        index,
        shp,
        degrees: if mirrored {
            -frame.degrees
        } else {
            frame.degrees
        },
        pivot_x: if mirrored { -pivot_u } else { pivot_u },
        pivot_y: i64::from(doc.anchor[1]),
        flags: frame.flags,
        tiles,
    })
}
