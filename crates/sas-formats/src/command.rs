//! A frame's arguments read by its type: which fields the type uses, with their raw values. The
//! names are Gibbed's where his reader has one, or the type number where the meaning is disputed
//! or unknown; what a type *does* is not here but in [`crate::Meanings`].
//!
//! The fields a type uses are those Gibbed's reader accepts as non-zero for it (every other field
//! must be zero there). A frame that breaks that, or whose type his reader refuses (4, 5, 6, 13,
//! above 14), reads as [`Command::Irregular`] and keeps its bytes in the [`Frame`].

use crate::model::{ByteOrder, Frame, FrameArgs};

/// A frame's type-specific arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Type 0 (Gibbed `Sprite`): show a sprite; unknown5 is zero.
    Sprite {
        sprite: u8,
        x1: i8,
        y1: i8,
        unknown2: u8,
        x2: i16,
        y2: i16,
    },
    /// Type 1 (Gibbed `Position`): the two offset pairs, no sprite.
    Position { x1: i8, y1: i8, x2: i16, y2: i16 },
    /// Type 2: every field may be set (Gibbed checks none).
    Type2(FrameArgs),
    /// Type 3: both pairs and unknown5.
    Type3 {
        x1: i8,
        y1: i8,
        x2: i16,
        y2: i16,
        unknown5: i16,
    },
    /// Type 7 (Gibbed `LoopEnd`): no arguments.
    Type7,
    /// Type 8: a u16 at bytes 4..6. Disputed: a sound effect id (the seed) or a loop start's
    /// frame index (Gibbed).
    Type8 { value: u16 },
    /// Type 9: a u16 at bytes 4..6. Disputed: a loop (the seed) or a flag index (Gibbed).
    Type9 { value: u16 },
    /// Type 10: one byte at 4.
    Type10 { value: u8 },
    /// Type 11 (Gibbed `GoTo`): a u16 frame index at bytes 4..6.
    Type11 { frame: u16 },
    /// Type 12: both pairs.
    Type12 { x1: i8, y1: i8, x2: i16, y2: i16 },
    /// Type 14: one byte at 4.
    Type14 { value: u8 },
    /// A type no reader knows, or fields set that the type does not use: see the frame's bytes.
    Irregular { kind: u8 },
}

impl Command {
    /// Reads a frame's arguments by its type; `order` is the file's (for the u16 at bytes 4..6).
    pub fn of(frame: &Frame, order: ByteOrder) -> Self {
        let a = frame.args;
        let irregular = Self::Irregular { kind: frame.kind };
        if frame.reserved != 0 || a.tail != 0 {
            return irregular;
        }
        // The fields a type uses; `rest` are those it must leave zero.
        let only = |command: Self, rest: &[i64]| {
            if rest.iter().all(|&v| v == 0) {
                command
            } else {
                irregular
            }
        };
        let (s, x1, y1, u2) = (
            i64::from(a.sprite),
            i64::from(a.x1),
            i64::from(a.y1),
            i64::from(a.unknown2),
        );
        let (x2, y2, u5) = (i64::from(a.x2), i64::from(a.y2), i64::from(a.unknown5));
        match frame.kind {
            0 => only(
                Self::Sprite {
                    sprite: a.sprite,
                    x1: a.x1,
                    y1: a.y1,
                    unknown2: a.unknown2,
                    x2: a.x2,
                    y2: a.y2,
                },
                &[u5],
            ),
            1 => only(
                Self::Position {
                    x1: a.x1,
                    y1: a.y1,
                    x2: a.x2,
                    y2: a.y2,
                },
                &[s, u2, u5],
            ),
            2 => Self::Type2(a),
            3 => only(
                Self::Type3 {
                    x1: a.x1,
                    y1: a.y1,
                    x2: a.x2,
                    y2: a.y2,
                    unknown5: a.unknown5,
                },
                &[s, u2],
            ),
            7 => only(Self::Type7, &[s, x1, y1, u2, x2, y2, u5]),
            8 => only(
                Self::Type8 {
                    value: a.index(order),
                },
                &[y1, u2, x2, y2, u5],
            ),
            9 => only(
                Self::Type9 {
                    value: a.index(order),
                },
                &[y1, u2, x2, y2, u5],
            ),
            10 => only(Self::Type10 { value: a.sprite }, &[x1, y1, u2, x2, y2, u5]),
            11 => only(
                Self::Type11 {
                    frame: a.index(order),
                },
                &[y1, u2, x2, y2, u5],
            ),
            12 => only(
                Self::Type12 {
                    x1: a.x1,
                    y1: a.y1,
                    x2: a.x2,
                    y2: a.y2,
                },
                &[s, u2, u5],
            ),
            14 => only(Self::Type14 { value: a.sprite }, &[x1, y1, u2, x2, y2, u5]),
            _ => irregular,
        }
    }

    /// The frame type.
    pub fn kind(&self) -> u8 {
        match self {
            Self::Sprite { .. } => 0,
            Self::Position { .. } => 1,
            Self::Type2(_) => 2,
            Self::Type3 { .. } => 3,
            Self::Type7 => 7,
            Self::Type8 { .. } => 8,
            Self::Type9 { .. } => 9,
            Self::Type10 { .. } => 10,
            Self::Type11 { .. } => 11,
            Self::Type12 { .. } => 12,
            Self::Type14 { .. } => 14,
            Self::Irregular { kind } => *kind,
        }
    }

    /// The frame that runs this command at `time`, in a file of byte order `order`. An
    /// `Irregular` command has no arguments of its own: its frame has all fields zero.
    pub fn to_frame(&self, time: u16, order: ByteOrder) -> Frame {
        let args = match *self {
            Self::Sprite {
                sprite,
                x1,
                y1,
                unknown2,
                x2,
                y2,
            } => FrameArgs {
                sprite,
                x1,
                y1,
                unknown2,
                x2,
                y2,
                ..FrameArgs::default()
            },
            Self::Position { x1, y1, x2, y2 } | Self::Type12 { x1, y1, x2, y2 } => FrameArgs {
                x1,
                y1,
                x2,
                y2,
                ..FrameArgs::default()
            },
            Self::Type2(args) => args,
            Self::Type3 {
                x1,
                y1,
                x2,
                y2,
                unknown5,
            } => FrameArgs {
                x1,
                y1,
                x2,
                y2,
                unknown5,
                ..FrameArgs::default()
            },
            Self::Type8 { value } | Self::Type9 { value } | Self::Type11 { frame: value } => {
                FrameArgs::with_index(value, order)
            }
            Self::Type10 { value } | Self::Type14 { value } => FrameArgs {
                sprite: value,
                ..FrameArgs::default()
            },
            Self::Type7 | Self::Irregular { .. } => FrameArgs::default(),
        };
        Frame {
            time,
            kind: self.kind(),
            reserved: 0,
            args,
        }
    }

    /// The arguments as (name, value) pairs, in field order, for reports and documents.
    pub fn arguments(&self) -> Vec<(&'static str, i64)> {
        match *self {
            Self::Sprite {
                sprite,
                x1,
                y1,
                unknown2,
                x2,
                y2,
            } => vec![
                ("sprite", sprite.into()),
                ("x1", x1.into()),
                ("y1", y1.into()),
                ("unknown2", unknown2.into()),
                ("x2", x2.into()),
                ("y2", y2.into()),
            ],
            Self::Position { x1, y1, x2, y2 } | Self::Type12 { x1, y1, x2, y2 } => vec![
                ("x1", x1.into()),
                ("y1", y1.into()),
                ("x2", x2.into()),
                ("y2", y2.into()),
            ],
            Self::Type2(a) => vec![
                ("sprite", a.sprite.into()),
                ("x1", a.x1.into()),
                ("y1", a.y1.into()),
                ("unknown2", a.unknown2.into()),
                ("x2", a.x2.into()),
                ("y2", a.y2.into()),
                ("unknown5", a.unknown5.into()),
            ],
            Self::Type3 {
                x1,
                y1,
                x2,
                y2,
                unknown5,
            } => vec![
                ("x1", x1.into()),
                ("y1", y1.into()),
                ("x2", x2.into()),
                ("y2", y2.into()),
                ("unknown5", unknown5.into()),
            ],
            Self::Type8 { value } | Self::Type9 { value } => vec![("value", value.into())],
            Self::Type10 { value } | Self::Type14 { value } => vec![("value", value.into())],
            Self::Type11 { frame } => vec![("frame", frame.into())],
            Self::Type7 | Self::Irregular { .. } => Vec::new(),
        }
    }
}
