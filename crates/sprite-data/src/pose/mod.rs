//! The draw algorithm `poseAt` of the format description ("The Draw Algorithm", "Camera Step",
//! "The Screen"), in Rust, over a [`Document`] as built or as read back from JSON: what a
//! renderer draws for an animation, a view and a tick.
//!
//! - [`view`]: facings, [`camera_step`], [`view_of`], patterns, back and mirrored views;
//! - this module: [`find_animation`], [`pose_at`], the idle branch [`idle_pose`], and [`Motion`],
//!   which is either;
//! - [`events`]: [`events_between`], the events a player crosses;
//! - [`screen`]: the 2D move and the 3D placement;
//! - [`layers`]: the pose with the weapon and effect layers;
//! - [`draw`]: one [`DrawRequest`] (an animation, view, tick, water, weapon) checked against a
//!   document once and drawn, what `tactics-sprite draw` and the server's draw endpoint answer.
//!
//! Decisions the pseudo-code leaves open, each argued where it is made: the frame at a tick
//! ([`frame_index_at`]), the `loop` that wraps the clock ([`pose_at`]), the depth `order` of a tile
//! ([`PoseTile::order`]), the events interval ([`events`]), the world facings
//! ([`view::FACING_X`]) and water on the idle branch ([`idle_pose`]).

pub mod draw;
pub mod events;
pub mod layers;
pub mod names;
pub mod screen;
pub mod view;

use serde::{Serialize, Serializer};

use crate::document::{Animation, Cell, Document, FrameTile, Sequence};
use crate::error::{Error, ErrorKind};
use crate::index::{CellId, FrameIndex, SequenceIndex};

pub use draw::{DrawRequest, Drawn, ResolvedDraw};
pub use events::{EventCrossing, EventsBetween, events_at_start, events_between};
pub use screen::{
    PIXEL_HEIGHT, PIXEL_WIDTH, Placement3d, TextureRect, cell_texture_rect, du_screen, fb_world,
    move_2d, place_3d, texture_v, tile_center_in_group,
};
pub use view::{FACING_X, FACING_Z, Facing, PATTERNS, View, ViewOutOfRange, camera_step, view_of};

/// The name that takes the idle branch ([`Motion::Idle`]), the document's.
pub use crate::document::IDLE;

/// A tick, checked: ticks count up from 0.
pub(crate) fn check_tick(tick: i64) -> Result<u64, Error> {
    u64::try_from(tick).map_err(|_| ErrorKind::NegativeTick { tick }.into())
}

/// What to draw at one moment: `poseAt`'s result. Serialized, it is the JSON object
/// `tactics-sprite draw` prints (`fb` and `du`, the unmirrored moves, stay out of it).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pose {
    /// The animation's name, or [`IDLE`].
    pub animation: String,
    pub view: View,
    pub tick: u64,
    /// Whether the water frames were asked for.
    pub water: bool,
    /// The view plays the back sequence.
    pub back: bool,
    /// The view draws the sequence flipped left for right.
    pub mirrored: bool,
    /// The index of the sequence played (into `sequences`); `None` on the idle branch.
    pub sequence: Option<SequenceIndex>,
    /// That sequence's name, such as `Swing High Fwd`.
    pub name: Option<String>,
    /// The position in the sequence's `frames` shown at this tick.
    pub index: Option<usize>,
    /// The frame drawn, a position in the document's `frames`: the sequence's frame at `index`
    /// (or the idle frame), its water copy for a unit in water.
    pub shp: FrameIndex,
    /// The 2D move: `fb · (mirrored ? 1 : -1)` and `du`, pixels to add to every tile on a flat
    /// stage.
    pub move_x: i64,
    pub move_y: i64,
    /// The sequence's accumulated forward and down moves at this frame, before any mirror (0 where
    /// absent), for a 3D renderer ([`place_3d`]).
    #[serde(skip)]
    pub fb: i32,
    #[serde(skip)]
    pub du: i32,
    /// The frame's tiles in draw order, back to front.
    pub tiles: Vec<PoseTile>,
}

/// One tile of a pose.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PoseTile {
    /// Its cell, an index into `cells`.
    pub cell: CellId,
    /// The tile's top left from the stance point: `(mirrored ? -u : u) - w/2`, `v - h/2`. Whole in
    /// any document the builder writes (cells are whole multiples of 2 wide and tall).
    #[serde(serialize_with = "whole_as_integer")]
    pub x: f64,
    #[serde(serialize_with = "whole_as_integer")]
    pub y: f64,
    pub w: u32,
    pub h: u32,
    /// Draw the cell flipped left for right: `mirrored != reversed`.
    pub flip_x: bool,
    /// Draw the cell upside down: the frame tile's vertical flip (the document's 5-element tile
    /// extension; CYOKO). Mirroring never changes it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub flip_y: bool,
    /// The sheet the cell is read from: 0 for `sheet`, at the cell's `(x, y)`; 1 for `sp2`, at
    /// `(x, y - 256)`, for a cell of the lower half (`y >= 256`) in a sequence with `sheet: 1`
    /// (MON's SP2 slots: the game loads the SP2 where the sheet's lower half was).
    #[serde(skip_serializing_if = "is_zero")]
    pub sheet: u8,
    /// The depth: the tile's position in draw order, 0 the furthest back and drawn first, each
    /// later tile in front of the ones before. It is the tile's position in the frame's list,
    /// which the document already keeps back to front (a frame lists "its tiles back to front").
    pub order: usize,
}

impl PoseTile {
    /// The frame tile `tile` of `cell`, `order`th in its frame's list (back to front), placed from
    /// the stance point as the unit's and the layers' tiles are: mirrored, `u` changes sign and
    /// the cell is flipped left for right once more.
    pub(crate) fn place(
        tile: &FrameTile,
        cell: &Cell,
        order: usize,
        mirrored: bool,
        sheet: u8,
    ) -> PoseTile {
        let u = f64::from(tile.u);
        PoseTile {
            cell: tile.cell,
            x: (if mirrored { -u } else { u }) - f64::from(cell.w) / 2.0,
            y: f64::from(tile.v) - f64::from(cell.h) / 2.0,
            w: cell.w,
            h: cell.h,
            flip_x: mirrored != tile.flip,
            flip_y: tile.flip_y,
            sheet,
            order,
        }
    }

    /// The tile's centre from the stance point, `(x + w/2, y + h/2)`: `(±u, v)`.
    pub fn center(&self) -> (f64, f64) {
        (
            self.x + f64::from(self.w) / 2.0,
            self.y + f64::from(self.h) / 2.0,
        )
    }
}

fn is_zero(value: &u8) -> bool {
    *value == 0
}

/// Writes a whole number as a JSON integer, as JavaScript would print it (`-12`, not `-12.0`).
fn whole_as_integer<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.fract() == 0.0 && value.abs() < 9_007_199_254_740_992.0 {
        serializer.serialize_i64(*value as i64)
    } else {
        serializer.serialize_f64(*value)
    }
}

/// The animation named `name`.
///
/// # Errors
/// [`ErrorKind::UnknownAnimation`], with the document's animation names nearest to `name`.
pub fn find_animation<'a>(doc: &'a Document, name: &str) -> Result<&'a Animation, Error> {
    doc.animation(name)
        .ok_or_else(|| unknown_animation(name, animation_names(doc).collect(), false))
}

/// The document's animation names, in its order.
fn animation_names(doc: &Document) -> impl Iterator<Item = &str> {
    doc.animations.iter().map(|a| a.name.as_str())
}

/// [`ErrorKind::UnknownAnimation`] for `name`, looked up among `names` (with [`IDLE`] first when
/// `idle`, which is not counted as an animation): the suggestions are chosen here, once, not each
/// time the error is shown.
fn unknown_animation(name: &str, names: Vec<&str>, idle: bool) -> Error {
    ErrorKind::UnknownAnimation {
        name: name.into(),
        nearest: names::nearest(name, &names)
            .into_iter()
            .map(str::to_owned)
            .collect(),
        animations: names.len() - usize::from(idle),
        idle,
    }
    .into()
}

/// What a unit can be drawn doing: an animation, or standing idle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motion<'a> {
    Idle,
    Animation(&'a Animation),
}

impl<'a> Motion<'a> {
    /// The motion named `name`: the document's animation of that name, else the idle branch for
    /// [`IDLE`].
    ///
    /// # Errors
    /// [`ErrorKind::UnknownAnimation`], with the names nearest to `name` among `Idle` and the
    /// document's animation names.
    pub fn find(doc: &'a Document, name: &str) -> Result<Motion<'a>, Error> {
        if let Some(animation) = doc.animation(name) {
            Ok(Motion::Animation(animation))
        } else if name.eq_ignore_ascii_case(IDLE) {
            Ok(Motion::Idle)
        } else {
            let names = std::iter::once(IDLE).chain(animation_names(doc)).collect();
            Err(unknown_animation(name, names, true))
        }
    }

    /// The motion's name.
    pub fn name(&self) -> &'a str {
        match self {
            Motion::Idle => IDLE,
            Motion::Animation(animation) => &animation.name,
        }
    }

    /// [`pose_at`] or [`idle_pose`].
    ///
    /// # Errors
    /// As theirs.
    pub fn pose(&self, doc: &Document, view: View, tick: i64, water: bool) -> Result<Pose, Error> {
        match self {
            Motion::Idle => idle_pose(doc, view, tick, water),
            Motion::Animation(animation) => pose_at(doc, animation, view, tick, water),
        }
    }
}

/// The sequence `animation` plays at `view`: its back one in a back view, else its front one.
///
/// # Errors
/// [`ErrorKind::SequenceMissing`] when the document has no such sequence.
pub(crate) fn played<'a>(
    doc: &'a Document,
    animation: &Animation,
    view: View,
) -> Result<&'a Sequence, Error> {
    let index = played_index(animation, view);
    doc.sequences.get(index.index()).ok_or_else(|| {
        ErrorKind::SequenceMissing {
            animation: animation.name.clone(),
            sequence: index,
            count: doc.sequences.len(),
        }
        .into()
    })
}

/// The index of the sequence `animation` plays at `view`.
fn played_index(animation: &Animation, view: View) -> SequenceIndex {
    if view.is_back() {
        animation.back
    } else {
        animation.front
    }
}

/// The ticks `tick` is into `sequence` as `animation` plays it: wrapped when the animation loops
/// (see [`pose_at`]), else as is.
pub(crate) fn elapsed(animation: &Animation, sequence: &Sequence, tick: u64) -> u64 {
    let total = total_ticks(sequence);
    if animation.looping && total > 0 {
        tick % total
    } else {
        tick
    }
}

/// A sequence's length in ticks, `sum(ticks)`.
pub fn total_ticks(sequence: &Sequence) -> u64 {
    sum_ticks(&sequence.ticks)
}

/// A list of delays added up, `sum(ticks)` (a unit's sequence or a layer's).
fn sum_ticks(ticks: &[u32]) -> u64 {
    ticks.iter().map(|&t| u64::from(t)).sum()
}

/// The position in `ticks` (a sequence's delays) shown at `elapsed` ticks into it: the first `i`
/// with `elapsed < ticks[0] + ... + ticks[i]`, else the last (`None` only for no frames).
///
/// The description's `sum(entry.ticks[0..i])` is read as *including* `ticks[i]`: frame `i` shows
/// from the tick its predecessors end to the tick it ends. Its own numbers need that: Swing High
/// Fwd's delays 4 2 8 2 2 14 2 4 end at 4, 6, 14, 16, 18, 32, so tick 18 is frame 5, the first
/// tick of the frame that lands the hit, and its `PostGenericAttack` is at 18, the sum of the
/// delays of the five frames before it. Without `ticks[i]` tick 0 would already show frame 1 and
/// every frame would show one place late (tick 18 would be frame 6). A last delay of 0 is never
/// reached, so that frame holds, as the description says it does.
pub fn frame_index_at(ticks: &[u32], elapsed: u64) -> Option<usize> {
    let mut end = 0u64;
    for (i, &delay) in ticks.iter().enumerate() {
        end += u64::from(delay);
        if elapsed < end {
            return Some(i);
        }
    }
    ticks.len().checked_sub(1)
}

/// `poseAt(animation, view, tick, water)`: the frame `animation` shows in `view` at `tick`,
/// placed.
///
/// `elapsed = loop and total > 0 ? tick % total : tick`, where `loop` is the animation's own
/// (the pseudo-code writes `entry.ticks` but a bare `loop`, and an animation's `loop` is its front
/// sequence's; the back sequence always agrees in TYPE1, which a test checks). A sequence that does
/// not loop holds its last frame past its end.
///
/// # Errors
/// [`ErrorKind::NegativeTick`]; a document whose animation, sequence, frame or cell references
/// do not resolve, or whose `ticks`, `fb` or `du` are not as long as the `frames`.
pub fn pose_at(
    doc: &Document,
    animation: &Animation,
    view: View,
    tick: i64,
    water: bool,
) -> Result<Pose, Error> {
    let tick = check_tick(tick)?;
    let mirrored = view.is_mirrored();
    let entry = played(doc, animation, view)?;
    check_lengths(entry)?;

    let elapsed = elapsed(animation, entry, tick);
    let index = frame_index_at(&entry.ticks, elapsed).ok_or(ErrorKind::EmptySequence {
        sequence: entry.seq,
    })?;
    let shp = water_frame(doc, entry.frames[index], water)?;
    let fb = entry.fb.as_ref().map_or(0, |fb| fb[index]);
    let du = entry.du.as_ref().map_or(0, |du| du[index]);
    let (move_x, move_y) = move_2d(fb, du, mirrored);
    Ok(Pose {
        animation: animation.name.clone(),
        view,
        tick,
        water,
        back: view.is_back(),
        mirrored,
        sequence: Some(played_index(animation, view)),
        name: Some(entry.name.clone()),
        index: Some(index),
        shp,
        move_x,
        move_y,
        fb,
        du,
        tiles: place_tiles(doc, shp, mirrored, entry.draws_from_sp2())?,
    })
}

/// The idle branch: `shp = idleFrames[view]`, not mirrored (the idle frames carry their own
/// flips), no move, no sequence; `tick` is checked and kept but moves nothing. The extension
/// `idleFlip` (kinds whose SHP has no mirrored copy of a standing pose: OTHER, ARUTE, KANZEN)
/// mirrors the views it marks 1, as a mirrored view is drawn.
///
/// `water` adds `waterOffset` as it does for a sequence's frame. The pseudo-code's idle line does
/// not mention water, but the water table holds a copy of every frame, idle frames included (their
/// flips are there too), and a unit standing in water stands in its water frames.
///
/// # Errors
/// [`ErrorKind::NegativeTick`]; an `idleFrames` without this view, or a frame or cell that does
/// not resolve.
pub fn idle_pose(doc: &Document, view: View, tick: i64, water: bool) -> Result<Pose, Error> {
    let tick = check_tick(tick)?;
    let frame =
        *doc.idle_frames
            .get(usize::from(view.number()))
            .ok_or(ErrorKind::IdleFrameMissing {
                view,
                count: doc.idle_frames.len(),
            })?;
    let shp = water_frame(doc, frame, water)?;
    let mirrored = doc
        .idle_flip
        .as_ref()
        .and_then(|flips| flips.get(usize::from(view.number())))
        .is_some_and(|&flip| flip == 1);
    Ok(Pose {
        animation: IDLE.into(),
        view,
        tick,
        water,
        back: view.is_back(),
        mirrored,
        sequence: None,
        name: None,
        index: None,
        shp,
        move_x: 0,
        move_y: 0,
        fb: 0,
        du: 0,
        tiles: place_tiles(doc, shp, mirrored, false)?,
    })
}

fn check_lengths(entry: &Sequence) -> Result<(), Error> {
    let frames = entry.frames.len();
    if frames == 0 {
        return Err(ErrorKind::EmptySequence {
            sequence: entry.seq,
        }
        .into());
    }
    let lists = [
        ("ticks", Some(entry.ticks.len())),
        ("fb", entry.fb.as_ref().map(Vec::len)),
        ("du", entry.du.as_ref().map(Vec::len)),
    ];
    for (list, len) in lists {
        if let Some(len) = len.filter(|&len| len != frames) {
            return Err(ErrorKind::LengthMismatch {
                sequence: entry.seq,
                list,
                len,
                frames,
            }
            .into());
        }
    }
    Ok(())
}

/// `frame + (water ? waterOffset : 0)`, checked to be a frame of the document.
fn water_frame(doc: &Document, frame: FrameIndex, water: bool) -> Result<FrameIndex, Error> {
    let shown = if water {
        frame.in_water(doc.water_offset)
    } else {
        Some(frame)
    };
    shown
        .filter(|shp| shp.index() < doc.frames.len())
        .ok_or_else(|| {
            let water_offset = if water { doc.water_offset } else { 0 };
            ErrorKind::FrameMissing {
                shp: u64::from(frame.0) + u64::from(water_offset),
                count: doc.frames.len(),
            }
            .into()
        })
}

/// `for each [id, u, v, reversed] in frames[shp], in order`: frame `shp`'s tiles placed for a
/// view that is (`mirrored`) or is not mirrored, with no move; `second_sheet` for a sequence with
/// `sheet: 1`. Renderers that draw a bare frame (no sequence) place its tiles with this too.
///
/// # Errors
/// A frame or a cell the document does not have.
pub fn place_tiles(
    doc: &Document,
    shp: FrameIndex,
    mirrored: bool,
    second_sheet: bool,
) -> Result<Vec<PoseTile>, Error> {
    let frame = doc.frames.get(shp.index()).ok_or(ErrorKind::FrameMissing {
        shp: shp.0.into(),
        count: doc.frames.len(),
    })?;
    frame
        .iter()
        .enumerate()
        .map(|(order, tile)| {
            let cell = cell(doc, tile.cell).ok_or(ErrorKind::CellMissing {
                shp,
                tile: order,
                cell: tile.cell,
                count: doc.cells.len(),
            })?;
            let sheet = u8::from(second_sheet && fft_formats::shp::in_lower_half_row(cell.y));
            Ok(PoseTile::place(tile, cell, order, mirrored, sheet))
        })
        .collect()
}

/// `cells[id]`, which must carry that id.
fn cell(doc: &Document, id: CellId) -> Option<&Cell> {
    doc.cells.get(id.index()).filter(|c| c.id == id)
}
