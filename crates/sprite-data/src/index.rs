//! Typed indices, where two index spaces meet: a profile names SEQ slots, the document's
//! animations name positions in its `sequences` list, and a sequence carries both (`seq` its
//! position, `raw` its slot); a frame's tiles name cells; a sequence's `frames` name frames of
//! the document, which a unit in water shows `waterOffset` further on, and a layer sequence's
//! name frames counted from a weapon type's first frame. Each is a newtype so that one cannot be
//! passed for the other; each serializes as the bare number, so the document's bytes do not
//! change.
//!
//! A position in a sequence's `frames` (a pose's `index`) stays a plain `usize`: it only ever
//! indexes that sequence's per-frame lists (`frames`, `ticks`, `fb`, `du`), and with the frames
//! typed it can no longer be taken for one.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A slot of a SEQ's slot table, `0..`[`SLOT_ENTRIES`](fft_formats::seq::SLOT_ENTRIES): what a
/// profile's animations name, what [`Program::execute`](crate::execution::Program::execute)
/// runs, a sequence's `raw`, and a layer cue's `slot` (a slot of the weapon's or effect's SEQ).
/// Not a position in the document's `sequences`: slots that show no frame, or alias an earlier
/// slot, have no sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Slot(pub u32);

/// A position in the document's `sequences`: a sequence's `seq`, an animation's `front` and
/// `back`, the sequence a pose plays. Not a [`Slot`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SequenceIndex(pub u32);

impl Slot {
    /// The slot as a position in the SEQ's slot table ([`fft_formats::Seq::slots`]).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl SequenceIndex {
    /// The position, to index `sequences` with.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for SequenceIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A cell's id: its position in the document's `cells`, what a frame tile's `cellId` names.
/// Not a frame index, though a frame is a list of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CellId(pub u32);

impl CellId {
    /// The position, to index `cells` with.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for CellId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A position in a document's `frames`: in a unit document, what a sequence's `frames` and
/// `idleFrames` name (a main frame, `0..waterOffset`) and what a pose draws (its `shp`, the water
/// offset added for a unit in water, [`FrameIndex::in_water`]); in a layer document, a weapon
/// type's first frame and the frame a layer pose draws ([`RelativeFrame::from_first`]). Not a
/// position in a sequence's `frames` list, which is a plain `usize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FrameIndex(pub u32);

impl FrameIndex {
    /// The position, to index `frames` with.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The water copy of this main frame, what a unit standing in water shows instead:
    /// `frame + waterOffset` (the document's `waterOffset`, its number of main frames). `None`
    /// past `u32::MAX`, which no document has.
    #[must_use]
    pub fn in_water(self, water_offset: u32) -> Option<FrameIndex> {
        self.0.checked_add(water_offset).map(FrameIndex)
    }
}

impl fmt::Display for FrameIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A layer sequence's frame number: counted from the first frame of the weapon type the unit
/// holds, as the game counts it (it adds that first frame when it draws). Not a position in the
/// layer document's `frames` until [`RelativeFrame::from_first`] adds the first frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RelativeFrame(pub u32);

impl RelativeFrame {
    /// The layer document's frame this is for a weapon type whose first frame is `first`:
    /// `first + self` (`firstFrames[weapon] + frame`). `None` past `u32::MAX`.
    #[must_use]
    pub fn from_first(self, first: FrameIndex) -> Option<FrameIndex> {
        first.0.checked_add(self.0).map(FrameIndex)
    }
}

impl fmt::Display for RelativeFrame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
