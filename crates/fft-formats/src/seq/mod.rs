//! SEQ, the animation bytecode files (docs/formats/seq.md): a slot table pointing into one flat
//! stream of frame commands and opcodes.
//!
//! The model keeps every byte: the two header values, the slot table exactly as stored (aliased
//! slots, MON's backward pointers), and the command list with raw argument bytes, dead bytes
//! included. What the commands mean when executed is the builder's business, not this module's.

use std::ops::Range;

use crate::index::CommandIndex;

pub mod opcode;
mod read;
pub(crate) mod record;
mod stream;
mod write;

pub use opcode::{FIRST_OPCODE, MAX_OPCODE_ARGS, Opcode, OpcodeTable};
pub use stream::OPCODE_ESCAPE;

/// Offset of the command stream from the start of the file; slot offsets count from here.
pub const STREAM_START: usize = record::STREAM_AT;
/// Offset of header `AA` ([`Seq::attack_slots_from`]).
pub const ATTACK_SLOTS_FROM_AT: usize = record::Header::ATTACK_SLOTS_FROM_AT;
/// Offset of header `BB` ([`Seq::second_sheet_slots_from`]).
pub const SECOND_SHEET_SLOTS_FROM_AT: usize = record::Header::SECOND_SHEET_SLOTS_FROM_AT;
/// Entries in the slot table.
pub const SLOT_ENTRIES: usize = 256;
/// The slot table value of an unused slot.
pub const UNUSED_SLOT: u32 = 0xFFFF_FFFF;
/// Header `BB` meaning "no slot draws from a second sheet" (every retail SEQ but MON's).
pub const NO_SECOND_SHEET: u16 = 0xFF;

/// A decoded SEQ file.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seq {
    /// Header `AA`: first slot of the attack range (game logic; TYPE1 0x78). Kept verbatim.
    pub attack_slots_from: u16,
    /// Header `BB`: 0xFF for none; in MON the first slot that draws from the SP2 sheet.
    pub second_sheet_slots_from: u16,
    /// For each used slot, in slot order, its first command. Several slots may share one
    /// command; the order is the file's and is never sorted.
    pub slots: Vec<CommandIndex>,
    /// The command stream, in file order.
    pub commands: Vec<Command>,
}

/// One command of the stream.
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// `[frame] [delay]`: show SHP frame `frame` for `delay` ticks of 1/60 s; delay 0 holds it.
    Frame { frame: u8, delay: u8 },
    /// `FF code args...`, with the argument bytes as stored.
    Op { code: u8, args: OpArgs },
}

/// The raw argument bytes of an opcode (at most [`MAX_OPCODE_ARGS`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct OpArgs {
    len: u8,
    bytes: [u8; MAX_OPCODE_ARGS],
}

impl OpArgs {
    /// Arguments from raw bytes.
    ///
    /// # Errors
    /// When there are more than [`MAX_OPCODE_ARGS`] bytes.
    pub fn new(args: &[u8]) -> Result<Self, crate::error::EncodeError> {
        let mut bytes = [0; MAX_OPCODE_ARGS];
        bytes
            .get_mut(..args.len())
            .ok_or_else(|| {
                crate::error::Error::encode(
                    crate::error::ErrorKind::TooMany,
                    "opcode arguments",
                    format!("{} bytes; at most {MAX_OPCODE_ARGS}", args.len()),
                )
            })?
            .copy_from_slice(args);
        Ok(Self {
            len: args.len() as u8,
            bytes,
        })
    }

    /// The bytes.
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// Argument `i` read as a signed byte (jumps, moves, offsets), or 0 when absent.
    pub fn signed(&self, i: usize) -> i8 {
        self.as_slice().get(i).map_or(0, |b| *b as i8)
    }

    /// Argument `i` as an unsigned byte, or 0 when absent.
    pub fn unsigned(&self, i: usize) -> u8 {
        self.as_slice().get(i).copied().unwrap_or(0)
    }
}

/// Arguments of any length a command can hold, for the fuzz targets.
#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for OpArgs {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let len = u.int_in_range(0..=MAX_OPCODE_ARGS)?;
        let bytes: Vec<u8> = (0..len)
            .map(|_| u.arbitrary())
            .collect::<arbitrary::Result<_>>()?;
        Ok(Self::new(&bytes).expect("at most MAX_OPCODE_ARGS bytes"))
    }
}

impl std::fmt::Debug for OpArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Command {
    /// An opcode command from raw argument bytes.
    ///
    /// # Errors
    /// When there are more argument bytes than a command can hold.
    pub fn op(code: u8, args: &[u8]) -> Result<Self, crate::error::EncodeError> {
        Ok(Self::Op {
            code,
            args: OpArgs::new(args)?,
        })
    }

    /// Encoded length in bytes.
    pub fn len(&self) -> usize {
        match self {
            Self::Frame { .. } => 2,
            Self::Op { args, .. } => 2 + args.as_slice().len(),
        }
    }

    /// Appends the command's bytes as the stream holds them: `frame delay`, or `FF code` and the
    /// argument bytes. Nothing is checked here; [`Seq::encode`] refuses what no decoder would
    /// read back.
    pub fn write_bytes(&self, out: &mut Vec<u8>) {
        match *self {
            Self::Frame { frame, delay } => out.extend_from_slice(&[frame, delay]),
            Self::Op { code, args } => {
                out.extend_from_slice(&[OPCODE_ESCAPE, code]);
                out.extend_from_slice(args.as_slice());
            }
        }
    }

    /// Never true: every command has at least two bytes. (Clippy asks for it beside `len`.)
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl Seq {
    /// The byte offset of each command from the start of the stream, plus one past the last: the
    /// stream length. Jump arguments are measured in these bytes.
    pub fn command_offsets(&self) -> Vec<usize> {
        let mut offsets = Vec::with_capacity(self.commands.len() + 1);
        let mut pos = 0;
        offsets.push(0);
        for command in &self.commands {
            pos += command.len();
            offsets.push(pos);
        }
        offsets
    }

    /// The storage segments, in stream order: for each distinct slot start, the commands from it
    /// up to the next larger distinct slot start, or to the end of the stream
    /// (docs/formats/seq.md 3.3). Several slots may share a segment; commands before the first slot
    /// start belong to none.
    pub fn segments(&self) -> Vec<Range<usize>> {
        let mut starts: Vec<usize> = self.slots.iter().map(|c| c.index()).collect();
        starts.sort_unstable();
        starts.dedup();
        let ends = starts.iter().skip(1).copied().chain([self.commands.len()]);
        starts
            .iter()
            .zip(ends)
            .map(|(&start, end)| start..end)
            .collect()
    }

    /// Each slot's storage segment, in slot order: the one of [`Seq::segments`] its first command
    /// starts.
    pub fn slot_segments(&self) -> Vec<Range<usize>> {
        let segments = self.segments();
        self.slots
            .iter()
            .map(|first| {
                // Every slot start begins a segment; the fallback is for completeness only.
                let at = segments.partition_point(|segment| segment.start < first.index());
                segments
                    .get(at)
                    .cloned()
                    .unwrap_or(first.index()..first.index())
            })
            .collect()
    }

    /// The number of distinct slot offsets (storage segments).
    pub fn distinct_slot_offsets(&self) -> usize {
        self.segments().len()
    }

    /// The first slot that draws from the second sheet (the SP2; header `BB`), or `None` when
    /// `BB` is [`NO_SECOND_SHEET`].
    pub fn second_sheet_from(&self) -> Option<u16> {
        (self.second_sheet_slots_from != NO_SECOND_SHEET).then_some(self.second_sheet_slots_from)
    }
}
