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

use crate::command::Command;
use crate::meanings::{Effect, Meanings, PositionPair};
use crate::model::{Block, ByteOrder, Quad, SasSet};

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
pub fn bounds(placed: &[Vec<PlacedQuad>]) -> Option<(i32, i32, i32, i32)> {
    placed
        .iter()
        .flatten()
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
