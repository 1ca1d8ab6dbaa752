//! Typed indices, where two index spaces meet in a model: a SEQ's slot table (indexed by slot)
//! holds positions in its command list, which are neither slots nor the byte offsets jumps are
//! measured in. A newtype keeps one from being read as the other.

use std::fmt;

/// A position in [`Seq::commands`](crate::Seq::commands): the `n`th command of the stream, in file
/// order. Not a slot, and not a byte offset ([`Seq::command_offsets`](crate::Seq::command_offsets)
/// turns one into the other).
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CommandIndex(pub usize);

impl CommandIndex {
    /// The position, to index `commands` (or `command_offsets`) with.
    pub const fn index(self) -> usize {
        self.0
    }
}

impl fmt::Display for CommandIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
