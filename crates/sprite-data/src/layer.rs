//! Layer documents: the weapon (WEP1, WEP2) and effect (EFF1) layers a unit's attack starts with
//! `QueueSpriteAnim`, each built from its SHP and SEQ into a document of the same family as the
//! unit's (`schemas/tactics-sprite-layer.schema.json`): cells, frames with their rotation and
//! flags, one sequence per SEQ slot, and the first frame of every weapon type.
//!
//! A layer sequence's frame numbers are relative: for a unit holding weapon type `t`, frame
//! command `f` shows SHP frame `firstFrames[t] + f` (the game adds the first frame of the weapon
//! type the unit holds). The tiles are centred on the stance point of the human unit documents
//! (TYPE1, TYPE2), which start these layers: the SHP anchor both files place tiles around is
//! `anchor` from it, and a frame's rotation turns its tiles about that anchor.

use std::fmt;

use fft_formats::Seq;
use fft_formats::layer::{FirstSection, Layer, WeaponType, rotation_degrees};
use fft_formats::shp::WeaponShp;
use fft_formats::spr::{SheetBlock, WIDTH};
use serde::{Deserialize, Serialize};

use crate::build::NamedBytes;
use crate::build::{frame_tiles, layer_cues};
use crate::canonical::{Layout, Separators, write_laid_out};
use crate::document::{Cell, FrameTile, LayerCue};
use crate::error::Error;
use crate::execution::{End, Program};
use crate::index::{CellId, FrameIndex, RelativeFrame, Slot};
use crate::objects::objects_only;
use crate::profile::Profile;

objects_only!(
    LayerDocument,
    LayerSheet,
    FirstFrame,
    LayerFrame,
    LayerSequence
);

/// The value of `format` in a layer document.
pub const LAYER_FORMAT: &str = "tactics-sprite-layer";
/// The value of `formatVersion`.
pub const LAYER_FORMAT_VERSION: u32 = 1;
/// The weapons sheet's file name.
pub const WEAPONS_SHEET: &str = "WEP.SPR";

/// A layer set: the SHP and SEQ pair a layer document is built from, and the block of the weapons
/// sheet its cells are cut from (a layer document's `kind` field names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LayerSet {
    /// The weapons TYPE1 units hold.
    Wep1,
    /// The weapons TYPE2 units hold.
    Wep2,
    /// The effects (swooshes, sparks) both start.
    Eff1,
}

impl LayerSet {
    /// Every layer set.
    pub const ALL: [Self; 3] = [Self::Wep1, Self::Wep2, Self::Eff1];

    /// The name on the command line and in file names.
    pub fn name(self) -> &'static str {
        match self {
            Self::Wep1 => "wep1",
            Self::Wep2 => "wep2",
            Self::Eff1 => "eff1",
        }
    }

    /// The kind named `name` (case ignored).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// The SHP and SEQ disc names.
    pub fn files(self) -> (&'static str, &'static str) {
        match self {
            Self::Wep1 => ("WEP1.SHP", "WEP1.SEQ"),
            Self::Wep2 => ("WEP2.SHP", "WEP2.SEQ"),
            Self::Eff1 => ("EFF1.SHP", "EFF1.SEQ"),
        }
    }

    /// The layer `QueueSpriteAnim` starts (1 the weapon, 2 the effect) with this kind's files.
    pub fn as_layer(self) -> Layer {
        match self {
            Self::Wep1 | Self::Wep2 => Layer::Weapon,
            Self::Eff1 => Layer::Effect,
        }
    }

    /// `"weapon"` or `"effect"`: the name of [`Self::as_layer`].
    pub fn layer(self) -> &'static str {
        self.as_layer().name()
    }

    /// The block of WEP.SPR the layer's cells are cut from ([`Layer::sheet_block`]).
    pub fn sheet_block(self) -> SheetBlock {
        self.as_layer()
            .sheet_block()
            .expect("the weapon and effect layers each have a block of the weapons sheet")
    }
}

impl fmt::Display for LayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A layer document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "camelCase", deny_unknown_fields)]
pub struct LayerDocument {
    pub format: String,
    pub format_version: u32,
    pub version: String,
    pub notice: String,
    /// `"weapon"` or `"effect"`.
    pub layer: String,
    /// `"wep1"`, `"wep2"` or `"eff1"`.
    pub kind: String,
    pub sheet: LayerSheet,
    /// The SHP anchor from the stance point, `[u, v]`: the pivot a frame's rotation turns about.
    pub anchor: [i32; 2],
    /// Per weapon type, the SHP frame its frame 0 is.
    pub first_frames: Vec<FirstFrame>,
    pub cells: Vec<Cell>,
    pub frames: Vec<LayerFrame>,
    /// One per SEQ slot, `sequences[i].slot == i`.
    pub sequences: Vec<LayerSequence>,
}

/// The block of the weapons sheet the cells are cut from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct LayerSheet {
    pub file: String,
    pub width: u32,
    pub height: u32,
    /// The block's first image row in the sheet file: cell `(x, y)` is at `(x, y + top)`.
    pub top: u32,
    /// The block's first palette in the sheet file.
    pub palette: u32,
}

/// `{"weapon", "entry", "frame"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct FirstFrame {
    /// The weapon type's name ([`WeaponType::name`]).
    pub weapon: String,
    /// Its entry in the SHP's first-frame list (its item type).
    pub entry: u32,
    /// Its frame 0, a position in the document's `frames`.
    pub frame: FrameIndex,
}

/// One SHP frame of a layer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct LayerFrame {
    /// The rotation index (0-31; 0 none).
    pub rotation: u32,
    /// The turn it selects, degrees clockwise on screen about `anchor` (0 for an index past the
    /// game's 26-entry table).
    pub degrees: f64,
    /// Byte 1 of the record: bit 0 semi-transparency, bits 5-6 the blend mode (EFF1: 0x21,
    /// additive).
    pub flags: u32,
    /// Back to front, as in the unit documents.
    pub tiles: Vec<FrameTile>,
}

/// One SEQ slot, executed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct LayerSequence {
    /// The slot it was executed from, which is also its position in `sequences`.
    pub slot: Slot,
    /// Frame numbers relative to the weapon type's first frame.
    pub frames: Vec<RelativeFrame>,
    pub ticks: Vec<u32>,
    /// How it ends: `EndAnimation` hides the layer, `PauseAnimation` and a `hold` (delay 0) keep
    /// the last frame, `HoldWeapon` jumps back (taken as keeping the last frame), `loop` starts
    /// again, `segmentEnd` runs off its bytes.
    pub end: String,
    /// The cues it executes (WEP1/WEP2: the effect it starts).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::document::absent_not_null"
    )]
    pub layers: Option<Vec<LayerCue>>,
}

impl LayerDocument {
    /// The first frame of `weapon`, if the document lists it.
    pub fn first_frame(&self, weapon: WeaponType) -> Option<FrameIndex> {
        self.first_frames
            .iter()
            .find(|f| f.weapon == weapon.name())
            .map(|f| f.frame)
    }

    /// The document's bytes ([`LAYER_LAYOUT`]): one top-level key per line, one element per line
    /// in the lists, compact inside a line, a final newline. The same document always gives the
    /// same bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        write_laid_out(&mut out, self, &LAYER_LAYOUT)
            .expect("a layer document serializes to a Vec");
        out
    }
}

/// The layout of a layer document: its four lists one element per line, compact inside a line.
pub const LAYER_LAYOUT: Layout = Layout {
    listed: &["firstFrames", "cells", "frames", "sequences"],
    within_line: Separators::Compact,
};

/// Builds the layer document of `kind` from its SHP and SEQ (named for messages). `human` is the profile of the
/// unit documents that start the layer (TYPE1's: both human kinds share its stage), which places
/// the SHP anchor from the stance point; `notice` and `version` are written as given.
///
/// # Errors
/// When a file does not decode, or a slot does not end within the execution bound.
pub fn build_layer(
    kind: LayerSet,
    shp_source: NamedBytes,
    seq_source: NamedBytes,
    human: &Profile,
) -> Result<LayerDocument, Error> {
    let (shp_name, seq_name) = kind.files();
    let shp =
        WeaponShp::decode(shp_source.bytes).map_err(|error| shp_source.decode_error(error))?;
    let seq = Seq::decode(seq_source.bytes).map_err(|error| seq_source.decode_error(error))?;
    let anchor = [
        human.stage.anchor_column - human.stage.origin_column,
        human.stage.anchor_row - human.stage.stance_row,
    ];
    let section = FirstSection::decode(&shp.first_section);
    let first_frames = WeaponType::ALL
        .iter()
        .map(|t| FirstFrame {
            weapon: t.name().into(),
            entry: t.entry().into(),
            frame: FrameIndex(section.first_frame(*t).into()),
        })
        .collect();
    let (cells, frames) = cells_and_frames(&shp, anchor);
    let program = Program::new(&seq);
    let sequences = (0..seq.slots.len())
        .map(|slot| {
            let slot = Slot(slot as u32);
            let timeline = program
                .execute(slot)
                .map_err(|error| error.in_context(kind))?;
            Ok(LayerSequence {
                slot,
                frames: timeline
                    .frames
                    .iter()
                    .map(|f| RelativeFrame(f.frame as u32))
                    .collect(),
                ticks: timeline
                    .frames
                    .iter()
                    .map(|f| u32::from(f.delay_ticks))
                    .collect(),
                end: end_name(timeline.end).into(),
                layers: layer_cues(&timeline.cues),
            })
        })
        .collect::<Result<_, Error>>()?;
    let block = kind.sheet_block();
    Ok(LayerDocument {
        format: LAYER_FORMAT.into(),
        format_version: LAYER_FORMAT_VERSION,
        version: env!("CARGO_PKG_VERSION").into(),
        notice: human.notice.replace(
            &format!("{} and {}", human.shp, human.seq),
            &format!("{shp_name} and {seq_name}"),
        ),
        layer: kind.layer().into(),
        kind: kind.name().into(),
        sheet: LayerSheet {
            file: WEAPONS_SHEET.into(),
            width: WIDTH as u32,
            height: block.height() as u32,
            top: block.first_row as u32,
            palette: block.first_palette as u32,
        },
        anchor,
        first_frames,
        cells,
        frames,
        sequences,
    })
}

/// The name a layer sequence's `end` carries.
pub fn end_name(end: End) -> &'static str {
    match end {
        End::Loop => "loop",
        End::Pause => "PauseAnimation",
        End::EndAnimation => "EndAnimation",
        End::C2 => "C2",
        End::HoldWeapon => "HoldWeapon",
        End::Hold => "hold",
        End::SegmentEnd => "segmentEnd",
    }
}

/// Every frame's tiles back to front, centred on the stance point; cells in order of first use.
fn cells_and_frames(shp: &WeaponShp, anchor: [i32; 2]) -> (Vec<Cell>, Vec<LayerFrame>) {
    let mut cells: Vec<Cell> = Vec::new();
    let frames = shp
        .frames
        .iter()
        .map(|frame| {
            let tiles = frame_tiles(frame, false, anchor, |_, rect| {
                let id = match cells
                    .iter()
                    .position(|c| (c.x, c.y, c.w, c.h) == (rect.x, rect.y, rect.w, rect.h))
                {
                    Some(i) => i,
                    None => {
                        cells.push(Cell {
                            id: CellId(cells.len() as u32),
                            x: rect.x,
                            y: rect.y,
                            w: rect.w,
                            h: rect.h,
                        });
                        cells.len() - 1
                    }
                };
                CellId(id as u32)
            });
            LayerFrame {
                rotation: frame.rotation.into(),
                degrees: rotation_degrees(frame.rotation).unwrap_or(0.0),
                flags: frame.flags.into(),
                tiles,
            }
        })
        .collect();
    (cells, frames)
}

/// The file a layer document is written to beside the unit documents of `build-data --all`.
pub fn layer_file(kind: LayerSet) -> String {
    format!("{kind}.tactics-sprite-layer.json")
}
