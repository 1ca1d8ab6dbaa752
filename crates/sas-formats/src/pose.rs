//! What an animation shows over time, and where each quad goes: the draw as the seed describes it
//! (static analysis of the Reborn executable), with the disputed parts taken from a [`Meanings`]
//! table.
//!
//! - Frames run in list order, each at its `time` (a tick); after the last one the animation
//!   lasts until `duration`. Jumps and loops are not followed (one pass through the list).
//! - A sprite frame shows its sprite from its tick on; sprite and position frames set the
//!   animation's position to one of their offset pairs ([`Meanings::position_pair`]).
//! - Each quad goes at the position plus the quad's x, y and covers width x height; the game shows
//!   that at 1/scale. A mirrored direction mirrors the whole pose about x = 0 (horizontally; the
//!   axis is a guess).
//! - At a tick: the last pose that has started; nothing before the first; past the duration the
//!   last pose is held, as a render holds its last picture ([`pose_at`], the line `tactics-sprite
//!   draw` prints for a set and the server's `/api/v1/sas/pose` sends).

use serde_json::{Value, json};

use crate::cells::CellTable;
use crate::command::Command;
use crate::meanings::{Effect, Meanings, PositionPair};
use crate::model::{Block, ByteOrder, Quad, SasSet};

/// The directions an animation has: the four columns of the animation table.
pub const DIRECTIONS: usize = 4;

/// What is shown from tick `start` up to (not including) `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pose {
    pub start: u32,
    pub end: u32,
    /// The sprite shown, none before the first sprite frame.
    pub sprite: Option<u8>,
    /// The animation's position.
    pub x: i32,
    pub y: i32,
}

/// A quad where it is drawn, in texels of the sheet (the game divides by the scale).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedQuad {
    /// Left and top edge.
    pub x: i32,
    pub y: i32,
    /// The sheet rectangle it shows.
    pub quad: Quad,
    /// Drawn mirrored left to right.
    pub mirrored: bool,
}

/// The poses a block shows, in time order. Frames at the same tick count as one change (the last
/// wins); the last pose lasts until `duration`, or ends where it starts if the duration is
/// shorter.
pub fn poses(block: &Block, order: ByteOrder, meanings: &Meanings) -> Vec<Pose> {
    let mut poses: Vec<Pose> = Vec::new();
    let mut current = Pose {
        start: 0,
        end: 0,
        sprite: None,
        x: 0,
        y: 0,
    };
    for frame in &block.frames {
        let command = Command::of(frame, order);
        let effect = meanings.of_command(&command).effect;
        if !matches!(effect, Effect::ShowSprite | Effect::SetPosition) {
            continue;
        }
        let (x, y) = match meanings.position_pair() {
            PositionPair::First => (i32::from(frame.args.x1), i32::from(frame.args.y1)),
            PositionPair::Second => (i32::from(frame.args.x2), i32::from(frame.args.y2)),
        };
        let time = u32::from(frame.time);
        let mut next = Pose {
            start: time.max(current.start),
            end: 0,
            x,
            y,
            ..current
        };
        if effect == Effect::ShowSprite {
            next.sprite = Some(frame.args.sprite);
        }
        match poses.last_mut() {
            // Same tick: this frame replaces the change made there.
            Some(last) if last.start == next.start => *last = next,
            Some(last) => {
                last.end = next.start;
                poses.push(next);
            }
            None => poses.push(next),
        }
        current = next;
    }
    if let Some(last) = poses.last_mut() {
        last.end = u32::from(block.duration).max(last.start);
    }
    poses
}

/// The quads of `pose` where they are drawn, back to front in record order; `mirrored` is the
/// slot's bit. A sprite index past the sprite table (the game reads past it) places nothing.
pub fn place(set: &SasSet, pose: &Pose, mirrored: bool) -> Vec<PlacedQuad> {
    let Some(sprite) = pose.sprite.and_then(|s| set.sprites.get(usize::from(s))) else {
        return Vec::new();
    };
    sprite
        .quads
        .iter()
        .map(|quad| {
            let left = pose.x + i32::from(quad.x);
            let x = if mirrored {
                -(left + i32::from(quad.width))
            } else {
                left
            };
            PlacedQuad {
                x,
                y: pose.y + i32::from(quad.y),
                quad: *quad,
                mirrored,
            }
        })
        .collect()
}

/// The smallest box `(left, top, right, bottom)` holding every quad of every pose, or `None`
/// when nothing is drawn.
pub fn bounds<'a>(
    placed: impl IntoIterator<Item = &'a PlacedQuad>,
) -> Option<(i32, i32, i32, i32)> {
    placed
        .into_iter()
        .map(|p| {
            (
                p.x,
                p.y,
                p.x + i32::from(p.quad.width),
                p.y + i32::from(p.quad.height),
            )
        })
        .reduce(|a, b| (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3)))
}

/// One direction of one animation: the block it plays, mirrored or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnimationSlot<'s> {
    pub animation: usize,
    pub direction: usize,
    /// The block's index among the set's blocks (the document's `sequence`).
    pub sequence: usize,
    pub block: &'s Block,
    pub mirrored: bool,
}

/// Why an animation cannot be drawn in a direction: the request's fault (an animation or a
/// direction the set does not have), but for [`PoseFault::MissingSequence`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoseFault {
    #[error("animation {animation}: the set has {}", numbered("animations", *count))]
    NoAnimation { animation: usize, count: usize },
    #[error("direction {direction}: an animation has directions 0..3")]
    DirectionOutOfRange { direction: usize },
    #[error(
        "animation {animation} has nothing in direction {direction} (it has directions: {})",
        listed(present)
    )]
    NoDirection {
        animation: usize,
        direction: usize,
        /// The directions that play something.
        present: Vec<usize>,
    },
    /// A slot that plays a block the set does not have (no decoded set has one).
    #[error(
        "animation {animation} direction {direction} plays sequence {sequence}, which the set does not have"
    )]
    MissingSequence {
        animation: usize,
        direction: usize,
        sequence: usize,
    },
}

/// An animation or direction the set does not have is the request's, as naming what the set
/// lacks; a direction past 3 is the request's, as not valid; a slot playing a block the set lacks
/// is the file's.
impl faults::Faulty for PoseFault {
    fn fault(&self) -> faults::Fault {
        match self {
            PoseFault::NoAnimation { .. } | PoseFault::NoDirection { .. } => faults::Fault::NoSuch,
            PoseFault::DirectionOutOfRange { .. } => faults::Fault::Input,
            PoseFault::MissingSequence { .. } => faults::Fault::File,
        }
    }

    fn concerns(&self) -> Option<faults::Concern> {
        match self {
            PoseFault::NoAnimation { .. } => Some(faults::Concern::Parameter("animation")),
            PoseFault::NoDirection { .. } | PoseFault::DirectionOutOfRange { .. } => {
                Some(faults::Concern::Parameter("direction"))
            }
            PoseFault::MissingSequence { .. } => None,
        }
    }
}

/// `animations 0..N`, or `no animations`.
fn numbered(what: &str, count: usize) -> String {
    match count {
        0 => format!("no {what}"),
        n => format!("{what} 0..{}", n - 1),
    }
}

/// `0, 2`, or `none`.
fn listed(numbers: &[usize]) -> String {
    if numbers.is_empty() {
        return "none".to_owned();
    }
    numbers
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Animation `animation` of `set` in direction `direction`.
///
/// # Errors
/// A [`PoseFault`]: an animation past the table, a direction past 3, a direction that plays
/// nothing (naming those that do).
pub fn slot(
    set: &SasSet,
    animation: usize,
    direction: usize,
) -> Result<AnimationSlot<'_>, PoseFault> {
    let row = set
        .animations
        .get(animation)
        .ok_or(PoseFault::NoAnimation {
            animation,
            count: set.animations.len(),
        })?;
    let slot = row
        .get(direction)
        .ok_or(PoseFault::DirectionOutOfRange { direction })?;
    let Some(sequence) = slot.block else {
        return Err(PoseFault::NoDirection {
            animation,
            direction,
            present: (0..DIRECTIONS)
                .filter(|&d| row[d].block.is_some())
                .collect(),
        });
    };
    let block = set.block(sequence).ok_or(PoseFault::MissingSequence {
        animation,
        direction,
        sequence,
    })?;
    Ok(AnimationSlot {
        animation,
        direction,
        sequence,
        block,
        mirrored: slot.mirrored,
    })
}

/// What an animation shows in one direction at one tick, and where its quads go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoseAt {
    pub animation: usize,
    pub direction: usize,
    /// The tick asked for, from the animation's start.
    pub tick: u64,
    /// The block played (the document's sequence) and whether it is mirrored.
    pub sequence: usize,
    pub mirrored: bool,
    /// The block's duration in ticks.
    pub duration: u16,
    /// Which of the block's [`poses`] is shown; `None` before the first (nothing is drawn then,
    /// and `pose` is the stretch up to the first, showing no sprite at (0, 0)).
    pub index: Option<usize>,
    pub pose: Pose,
    /// The pose's quads where they are drawn, back to front ([`place`]).
    pub quads: Vec<PlacedQuad>,
}

/// What animation `animation` shows in direction `direction` at `tick`, its frame types read
/// with `meanings`: the last pose started by then, held past the duration.
///
/// # Errors
/// A [`PoseFault`], as [`slot`]'s.
pub fn pose_at(
    set: &SasSet,
    meanings: &Meanings,
    animation: usize,
    direction: usize,
    tick: u64,
) -> Result<PoseAt, PoseFault> {
    let slot = slot(set, animation, direction)?;
    let shown = poses(slot.block, set.byte_order, meanings);
    let index = shown.iter().rposition(|p| u64::from(p.start) <= tick);
    let pose = match index {
        Some(i) => shown[i],
        None => Pose {
            start: 0,
            end: shown
                .first()
                .map_or(u32::from(slot.block.duration), |p| p.start),
            sprite: None,
            x: 0,
            y: 0,
        },
    };
    Ok(PoseAt {
        animation,
        direction,
        tick,
        sequence: slot.sequence,
        mirrored: slot.mirrored,
        duration: slot.block.duration,
        index,
        quads: place(set, &pose, slot.mirrored),
        pose,
    })
}

impl PoseAt {
    /// The one JSON object, without its newline, that `tactics-sprite draw` prints for a SAS set
    /// and `/api/v1/sas/pose` sends: the request, the sequence and the pose shown (`frame` is the
    /// sprite, as the document's poses name it), and each quad with the document's `cell` (from
    /// `cells`, the set's [`CellTable`]), its top left, size, sheet rectangle and `flipX`.
    pub fn to_json_line(&self, cells: &CellTable) -> String {
        let quads: Vec<Value> = self
            .quads
            .iter()
            .map(|q| {
                json!({
                    "cell": cells.index_of(&q.quad),
                    "x": q.x,
                    "y": q.y,
                    "width": q.quad.width,
                    "height": q.quad.height,
                    "u": q.quad.u,
                    "v": q.quad.v,
                    "flipX": q.mirrored,
                })
            })
            .collect();
        json!({
            "animation": self.animation,
            "direction": self.direction,
            "tick": self.tick,
            "sequence": self.sequence,
            "mirrored": self.mirrored,
            "duration": self.duration,
            "index": self.index,
            "start": self.pose.start,
            "end": self.pose.end,
            "frame": self.pose.sprite,
            "x": self.pose.x,
            "y": self.pose.y,
            "quads": quads,
        })
        .to_string()
    }
}
