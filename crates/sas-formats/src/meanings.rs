//! What each frame type does: the interpretation, kept apart from the bytes so that it can be
//! swapped when someone with the game settles a question. Two tables are built in, because the
//! two sources disagree on types 8 and 9:
//!
//! - [`Meanings::from_executable`]: type 8 plays a sound effect (its u16 is the sound id), type 9 loops
//!   (static analysis of the Reborn executable: type 8 calls into the sound code);
//! - [`Meanings::gibbed`]: type 8 starts a loop (its u16 a frame index), type 9 sets a flag
//!   (the names in Gibbed's `SequenceFile` reader).
//!
//! Both agree on what the draw needs: type 0 shows a sprite, type 1 moves it. Which of a frame's
//! two offset pairs is the animation's position is not settled by either; both tables take the
//! wide pair (x2, y2), see [`Meanings::position_pair`].

use crate::command::Command;

/// What a frame type does when it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Shows the frame's sprite from now on, at the frame's position.
    ShowSprite,
    /// Moves the animation's position; the shown sprite stays.
    SetPosition,
    /// An event for the game (a sound, a loop mark, a flag): drawn as nothing, listed in documents
    /// under the row's name.
    Event,
    /// Jumps to a frame (a loop back).
    Jump,
    /// Nothing anyone has explained.
    Unknown,
}

/// One row of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meaning {
    /// A short name for reports and documents.
    pub name: &'static str,
    pub effect: Effect,
    /// Whether the two sources agree on it (and the game's code reads that way).
    pub settled: bool,
}

impl Meaning {
    /// The event a frame of this type is listed under in documents and renders: the row's name
    /// for an [`Effect::Event`], `jump` for a [`Effect::Jump`]; `None` for what is drawn.
    pub fn event(&self) -> Option<&'static str> {
        match self.effect {
            Effect::Event => Some(self.name),
            Effect::Jump => Some("jump"),
            _ => None,
        }
    }
}

/// Which of a frame's offset pairs places the sprite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionPair {
    /// x1, y1 (bytes 5 and 6, signed bytes).
    First,
    /// x2, y2 (bytes 8..12 of a SAS3, s16).
    Second,
}

/// An interpretation table for frame types 0..=14 (others are unknown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meanings {
    /// The table's name (`seed`, `gibbed`).
    pub name: &'static str,
    rows: [Meaning; 15],
    position: PositionPair,
}

const UNKNOWN: Meaning = Meaning {
    name: "unknown",
    effect: Effect::Unknown,
    settled: false,
};

/// The rows both tables share: all but 8 and 9.
const fn common() -> [Meaning; 15] {
    let mut rows = [UNKNOWN; 15];
    rows[0] = Meaning {
        name: "sprite",
        effect: Effect::ShowSprite,
        settled: true,
    };
    rows[1] = Meaning {
        name: "position",
        effect: Effect::SetPosition,
        settled: true,
    };
    rows[2] = Meaning {
        name: "type2",
        ..UNKNOWN
    };
    rows[3] = Meaning {
        name: "type3",
        ..UNKNOWN
    };
    rows[7] = Meaning {
        name: "loopEnd",
        effect: Effect::Event,
        settled: false,
    };
    rows[10] = Meaning {
        name: "type10",
        ..UNKNOWN
    };
    rows[11] = Meaning {
        name: "goto",
        effect: Effect::Jump,
        settled: false,
    };
    rows[12] = Meaning {
        name: "type12",
        ..UNKNOWN
    };
    rows[14] = Meaning {
        name: "type14",
        ..UNKNOWN
    };
    rows
}

impl Meanings {
    /// The reading from the Reborn executable (its static analysis, the first reading this
    /// project had: `seed` on the command line): 8 plays a sound, 9 loops.
    pub fn from_executable() -> Self {
        let mut rows = common();
        rows[8] = Meaning {
            name: "sound",
            effect: Effect::Event,
            settled: false,
        };
        rows[9] = Meaning {
            name: "loop",
            effect: Effect::Event,
            settled: false,
        };
        Self {
            name: "seed",
            rows,
            position: PositionPair::Second,
        }
    }

    /// Gibbed's reading: 8 starts a loop, 9 sets a flag.
    pub fn gibbed() -> Self {
        let mut rows = common();
        rows[8] = Meaning {
            name: "loopStart",
            effect: Effect::Event,
            settled: false,
        };
        rows[9] = Meaning {
            name: "flag",
            effect: Effect::Event,
            settled: false,
        };
        Self {
            name: "gibbed",
            rows,
            position: PositionPair::Second,
        }
    }

    /// The row of frame type `kind`.
    pub fn of(&self, kind: u8) -> Meaning {
        self.rows.get(usize::from(kind)).copied().unwrap_or(UNKNOWN)
    }

    /// The row of a command; an irregular frame is unknown whatever its type.
    pub fn of_command(&self, command: &Command) -> Meaning {
        match command {
            Command::Irregular { .. } => UNKNOWN,
            other => self.of(other.kind()),
        }
    }

    /// Which pair of a sprite or position frame is the animation's position.
    pub fn position_pair(&self) -> PositionPair {
        self.position
    }

    /// This table with another position pair.
    #[must_use]
    pub fn with_position_pair(mut self, pair: PositionPair) -> Self {
        self.position = pair;
        self
    }
}
