//! The document `tactics-sprite-data.json` as Rust types (docs/format.md),
//! field for field and in the contract's key order, so that serializing a value writes the keys
//! in canonical order and a document read back from JSON is the same value.

use fft_formats::layer::Layer;
use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::index::{CellId, FrameIndex, SequenceIndex, Slot};
use crate::objects::objects_only;

objects_only!(
    Document,
    Sheet,
    Stage,
    Cell,
    Sequence,
    PriorityCue,
    StartCue,
    Animation
);

/// The value of `format`.
pub const FORMAT: &str = "tactics-sprite-data";
/// The value of `formatVersion`: the version of the document's shape.
pub const FORMAT_VERSION: u32 = 1;
/// Width and height of every sheet, in pixels (a standard SPR sheet).
pub const SHEET_SIZE: (u32, u32) = (
    fft_formats::spr::SHEET_SIZE.0 as u32,
    fft_formats::spr::SHEET_SIZE.1 as u32,
);
/// `heldItemScale`: world units per unit of the site's held-item models.
pub const HELD_ITEM_SCALE: f64 = 4.5;
/// The animation name that asks for the idle frames (`idleFrames`), which have no sequence pair
/// (docs/format.md "Idle").
pub const IDLE: &str = "Idle";

/// A whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "camelCase", deny_unknown_fields)]
pub struct Document {
    pub format: String,
    pub format_version: u32,
    pub version: String,
    pub notice: String,
    pub sheet: Sheet,
    /// Extension: the second sheet (SP2) that sequences with `sheet: 1` draw their lower half
    /// from; present only when some sequence has `sheet: 1` (MON).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub sp2: Option<Sheet>,
    pub stage: Stage,
    /// The number of main frames: frame `f`'s water copy is `f + waterOffset`
    /// ([`FrameIndex::in_water`]).
    pub water_offset: u32,
    /// Per view, the main frame a unit standing idle shows.
    pub idle_frames: Vec<FrameIndex>,
    /// Extension: per view, 1 where the idle frame is drawn mirrored (the SHP has no mirrored
    /// copy of that pose); absent when every view has its own frame.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub idle_flip: Option<Vec<u8>>,
    pub cells: Vec<Cell>,
    pub frames: Vec<Vec<FrameTile>>,
    pub sequences: Vec<Sequence>,
    pub animations: Vec<Animation>,
    #[serde(deserialize_with = "present_or_null")]
    pub hands: Option<serde_json::Value>,
    #[serde(deserialize_with = "present_or_null")]
    pub holds: Option<serde_json::Value>,
    pub held_item_scale: f64,
}

/// The sprite sheet the cells are cut from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Sheet {
    pub file: String,
    pub width: u32,
    pub height: u32,
}

/// Where the stance point is on the reference canvas, and the clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "camelCase", deny_unknown_fields)]
pub struct Stage {
    pub origin_column: i32,
    pub stance_row: i32,
    pub stance_width: u32,
    pub stance_height: u32,
    pub ticks_per_second: u32,
}

/// A distinct sheet rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Cell {
    pub id: CellId,
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

/// One tile of a frame: `[cellId, u, v]`, or `[cellId, u, v, 1]` when mirrored in place. `(u, v)`
/// is the tile's centre from the stance point, +u right, +v down. Extension: a tile with the
/// SHP's vertical-flip bit (CYOKO) is `[cellId, u, v, flip, 1]`, `flip` 0 or 1, so that a reader
/// of the 4-element form still mirrors it right and only misses the vertical flip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameTile {
    pub cell: CellId,
    pub u: i32,
    pub v: i32,
    pub flip: bool,
    /// Drawn upside down in place (the SHP tile's vertical-flip bit).
    pub flip_y: bool,
}

/// One kept SEQ slot, executed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Sequence {
    /// Its position in `sequences`.
    pub seq: SequenceIndex,
    /// The SEQ slot it was executed from.
    pub raw: Slot,
    pub name: String,
    #[serde(rename = "loop")]
    pub looping: bool,
    /// The main frames it shows, one per step; `ticks`, `fb`, `du`, `rl` and `flip` have one
    /// entry per step too.
    pub frames: Vec<FrameIndex>,
    pub ticks: Vec<u32>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub fb: Option<Vec<i32>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub du: Option<Vec<i32>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub rl: Option<Vec<i32>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub flip: Option<Vec<u8>>,
    /// Extension: `1` for a slot that draws from the second sheet (MON.SEQ slots from header
    /// `BB` on): every cell with `y >= 256` comes from `sp2` at `y - 256`; absent otherwise.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub sheet: Option<u8>,
    pub events: Vec<SequenceEvent>,
    /// Extension: the layer cues the slot carries (TYPE1 and TYPE2 attacks: the weapon and the
    /// effect it starts, the draw order it sets), in execution order; absent when none.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub layers: Option<Vec<LayerCue>>,
}

/// A layer cue of a sequence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LayerCue {
    /// `SetLayerPriority`.
    Priority(PriorityCue),
    /// `QueueSpriteAnim`.
    Start(StartCue),
}

/// `{"tick", "priority", "order"}`: from `tick` on, the layers are drawn in `order`, front-most
/// first (`SetLayerPriority priority`, row `priority` of the game's layer order table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct PriorityCue {
    pub tick: u32,
    pub priority: u32,
    pub order: Vec<String>,
}

/// `{"tick", "layer", "slot"}`: at `tick`, slot `slot` of layer `layer`'s SEQ starts (1 the
/// weapon: WEP1 for TYPE1 units, WEP2 for TYPE2; 2 the effect: EFF1), and plays tick for tick
/// beside the unit's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct StartCue {
    pub tick: u32,
    pub layer: u32,
    pub slot: Slot,
}

impl StartCue {
    /// The layer the cue starts ([`Layer::from_queue_arg`]); `None` for a number that names none.
    pub fn started_layer(&self) -> Option<Layer> {
        u8::try_from(self.layer)
            .ok()
            .and_then(Layer::from_queue_arg)
    }
}

/// `[tick, label]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SequenceEvent(pub u32, pub String);

/// A named front/back pair of sequences.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "camelCase", deny_unknown_fields)]
pub struct Animation {
    pub name: String,
    pub category: String,
    pub front: SequenceIndex,
    pub back: SequenceIndex,
    #[serde(rename = "loop")]
    pub looping: bool,
    #[serde(deserialize_with = "present_or_null")]
    pub hit_tick: Option<u32>,
    pub water: bool,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "absent_not_null"
    )]
    pub mode: Option<String>,
}

/// A field the document always writes, `null` when empty: serde reads a missing `Option` as
/// `None`, so without this a document missing `hands`, `holds` or `hitTick` would load.
fn present_or_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(deserializer)
}

/// An extension field: absent or a value, never `null` (the schema gives each one type; serde
/// alone would read `null` as absent).
pub(crate) fn absent_not_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

impl Serialize for FrameTile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let len = match (self.flip, self.flip_y) {
            (_, true) => 5,
            (true, false) => 4,
            (false, false) => 3,
        };
        let mut seq = serializer.serialize_seq(Some(len))?;
        seq.serialize_element(&self.cell)?;
        seq.serialize_element(&self.u)?;
        seq.serialize_element(&self.v)?;
        if self.flip || self.flip_y {
            seq.serialize_element(&u8::from(self.flip))?;
        }
        if self.flip_y {
            seq.serialize_element(&1u8)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for FrameTile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TileVisitor;
        impl<'de> Visitor<'de> for TileVisitor {
            type Value = FrameTile;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("[cellId, u, v], [cellId, u, v, 1] or [cellId, u, v, 0 or 1, 1]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<FrameTile, A::Error> {
                let cell = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let u = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                let v = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(2, &self))?;
                let flip = seq.next_element::<u8>()?;
                let flip_y = seq.next_element::<u8>()?;
                let (flip, flip_y) = match (flip, flip_y) {
                    (None, _) => (false, false),
                    (Some(1), None) => (true, false),
                    (Some(f @ (0 | 1)), Some(1)) => (f == 1, true),
                    (Some(other), None) => {
                        return Err(de::Error::invalid_value(
                            de::Unexpected::Unsigned(other.into()),
                            &"1 (a mirrored tile)",
                        ));
                    }
                    (Some(_), Some(_)) => {
                        return Err(de::Error::invalid_value(
                            de::Unexpected::Other("a 5-element tile"),
                            &"[cellId, u, v, 0 or 1, 1] (a tile flipped upside down)",
                        ));
                    }
                };
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(6, &self));
                }
                Ok(FrameTile {
                    cell,
                    u,
                    v,
                    flip,
                    flip_y,
                })
            }
        }
        deserializer.deserialize_seq(TileVisitor)
    }
}

impl Document {
    /// The animation with this name, if any.
    pub fn animation(&self, name: &str) -> Option<&Animation> {
        // The exact name first; else the one name equal to it in any case ("swing high").
        self.animations.iter().find(|a| a.name == name).or_else(|| {
            let mut same = self
                .animations
                .iter()
                .filter(|a| a.name.eq_ignore_ascii_case(name));
            let first = same.next();
            first.filter(|_| same.next().is_none())
        })
    }

    /// Whether some sequence draws from the second sheet (`"sheet": 1`), so that drawing the
    /// document needs its `sp2`.
    pub fn draws_from_sp2(&self) -> bool {
        self.sequences.iter().any(Sequence::draws_from_sp2)
    }
}

impl Sequence {
    /// Whether the sequence's lower-half cells come from the second sheet (`"sheet": 1`).
    pub fn draws_from_sp2(&self) -> bool {
        self.sheet == Some(1)
    }
}
