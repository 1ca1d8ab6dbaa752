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
//!
//! A [`View`], 0..7, is an index too, into `idleFrames` (`idleFlip`) and into the draw
//! algorithm's table of [`PATTERNS`]; unlike the others it is checked when made, so that it is
//! always one of the eight.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Declares an index type over `u32`, serialized and printed as the bare number; with `indexes`,
/// also its `index()`, the `usize` that indexes the list it names.
macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
    ($(#[$doc:meta])* $name:ident, indexes $list:literal) => {
        index_type!($(#[$doc])* $name);

        impl $name {
            #[doc = concat!("The position, to index ", $list, " with.")]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

index_type!(
    /// A slot of a SEQ's slot table, `0..`[`SLOT_ENTRIES`](fft_formats::seq::SLOT_ENTRIES):
    /// what a profile's animations name, what
    /// [`Program::execute`](crate::execution::Program::execute) runs, a sequence's `raw`, and a
    /// layer cue's `slot` (a slot of the weapon's or effect's SEQ). Not a position in the
    /// document's `sequences`: slots that show no frame, or alias an earlier slot, have no
    /// sequence.
    Slot,
    indexes "[`fft_formats::Seq::slots`]"
);

index_type!(
    /// A position in the document's `sequences`: a sequence's `seq`, an animation's `front` and
    /// `back`, the sequence a pose plays. Not a [`Slot`].
    SequenceIndex,
    indexes "`sequences`"
);

index_type!(
    /// A cell's id: its position in the document's `cells`, what a frame tile's `cellId` names.
    /// Not a frame index, though a frame is a list of them.
    CellId,
    indexes "`cells`"
);

index_type!(
    /// A position in a document's `frames`: in a unit document, what a sequence's `frames`
    /// and `idleFrames` name (a main frame, `0..waterOffset`) and what a pose draws (its `shp`,
    /// the water offset added for a unit in water, [`FrameIndex::in_water`]); in a layer
    /// document, a weapon type's first frame and the frame a layer pose draws
    /// ([`RelativeFrame::from_first`]). Not a position in a sequence's `frames` list, which is a
    /// plain `usize`.
    FrameIndex,
    indexes "`frames`"
);

impl FrameIndex {
    /// The water copy of this main frame, what a unit standing in water shows instead:
    /// `frame + waterOffset` (the document's `waterOffset`, its number of main frames). `None`
    /// past `u32::MAX`, which no document has.
    #[must_use]
    pub fn in_water(self, water_offset: u32) -> Option<FrameIndex> {
        self.0.checked_add(water_offset).map(FrameIndex)
    }
}

index_type!(
    /// A layer sequence's frame number: counted from the first frame of the weapon type the
    /// unit holds, as the game counts it (it adds that first frame when it draws). Not a position
    /// in the layer document's `frames` until [`RelativeFrame::from_first`] adds the first frame.
    RelativeFrame
);

impl RelativeFrame {
    /// The layer document's frame this is for a weapon type whose first frame is `first`:
    /// `first + self` (`firstFrames[weapon] + frame`). `None` past `u32::MAX`.
    #[must_use]
    pub fn from_first(self, first: FrameIndex) -> Option<FrameIndex> {
        first.0.checked_add(self.0).map(FrameIndex)
    }
}

/// `pattern = [0, 1, 1, 2, 2, 3, 3, 0][view]`: 0 and 1 face the camera, 2 and 3 face away, 0 and
/// 3 are the mirrors of 1 and 2.
pub const PATTERNS: [u8; 8] = [0, 1, 1, 2, 2, 3, 3, 0];

/// A view, 0..7: a facing seen from a camera step
/// ([`view_of`](crate::pose::view::view_of)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct View(u8);

impl View {
    /// Views 0..7.
    pub const ALL: [View; 8] = [
        View(0),
        View(1),
        View(2),
        View(3),
        View(4),
        View(5),
        View(6),
        View(7),
    ];

    /// The view with this number.
    ///
    /// # Errors
    /// [`ViewOutOfRange`] unless `0 <= view <= 7`.
    pub fn new(view: i64) -> Result<View, ViewOutOfRange> {
        u8::try_from(view)
            .ok()
            .filter(|&v| v < 8)
            .map(View)
            .ok_or(ViewOutOfRange { view })
    }

    /// The view's number, 0..7.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The view's pattern, 0..3, from [`PATTERNS`].
    pub fn pattern(self) -> u8 {
        PATTERNS[usize::from(self.0)]
    }

    /// `back = pattern >= 2`: the view plays the animation's back sequence.
    pub fn is_back(self) -> bool {
        self.pattern() >= 2
    }

    /// `mirrored = pattern == 0 or pattern == 3`: the view draws its sequence flipped left for
    /// right.
    pub fn is_mirrored(self) -> bool {
        matches!(self.pattern(), 0 | 3)
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A number that is no view, outside 0..7: the fact
/// [`ErrorKind::ViewOutOfRange`](crate::ErrorKind::ViewOutOfRange) reports, and its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewOutOfRange {
    pub view: i64,
}

impl fmt::Display for ViewOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "view {} is out of range: views are 0..7", self.view)
    }
}

impl std::error::Error for ViewOutOfRange {}
