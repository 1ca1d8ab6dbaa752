//! Typed indices, where two index spaces meet: a profile names SEQ slots, the document's
//! animations name positions in its `sequences` list, and a sequence carries both (`seq` its
//! position, `raw` its slot); a frame's tiles name cells. Each is a newtype so that one cannot be
//! passed for the other; each serializes as the bare number, so the document's bytes do not
//! change.

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
