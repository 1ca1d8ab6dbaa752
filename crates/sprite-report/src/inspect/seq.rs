//! `inspect` on a SEQ file: the header (`AA`, `BB`, `L`), slots used, distinct slot offsets,
//! commands, frame commands and opcodes; when verbose, every slot with the commands of its
//! storage segment.

use std::fmt::Write as _;

use fft_formats::seq::STREAM_START;
use fft_formats::{Command, OpcodeTable, Seq};
use serde::Serialize;

use crate::inspect::{Hex, Identity, Listing, Report, section};
use crate::seq_command;

section! {
    /// The header, named as the format description names it.
    #[allow(non_snake_case)]
    pub struct Header {
        /// The first slot of the attack range.
        AA: Hex,
        /// 0xFF for none; in MON the first slot drawn from the SP2 sheet.
        BB: Hex,
        /// The command stream's length in bytes.
        L: Hex,
    }
}

section! {
    pub struct Counts {
        slots_used: usize,
        distinct_offsets: usize,
        commands: usize,
        frame_commands: usize,
        opcodes: usize,
    }
}

/// The verbose listing: every slot with the commands of its storage segment: from the slot's offset up to
/// the next larger distinct slot offset, or the stream's end (`L`). Slots that share an offset
/// list the same commands.
#[derive(Serialize)]
pub struct Slots {
    slots: Vec<SlotEntry>,
}

#[derive(Serialize)]
struct SlotEntry {
    slot: usize,
    /// Offsets count from the start of the command stream.
    offset: usize,
    segment_end: usize,
    commands: Vec<CommandEntry>,
}

/// A command at its offset: JSON writes a frame as `offset, frame, delay` and an opcode as
/// `offset, opcode, name, args`.
#[derive(Serialize)]
#[serde(untagged)]
enum CommandEntry {
    Frame {
        offset: usize,
        frame: u8,
        delay: u8,
    },
    Op {
        offset: usize,
        opcode: u8,
        /// What the opcode table calls it.
        name: &'static str,
        args: Vec<u8>,
    },
}

impl CommandEntry {
    fn new(offset: usize, command: &Command, table: &OpcodeTable) -> Self {
        match *command {
            Command::Frame { frame, delay } => Self::Frame {
                offset,
                frame,
                delay,
            },
            Command::Op { code, args } => Self::Op {
                offset,
                opcode: code,
                name: table.name(code),
                args: args.as_slice().to_vec(),
            },
        }
    }

    fn offset(&self) -> usize {
        match *self {
            Self::Frame { offset, .. } | Self::Op { offset, .. } => offset,
        }
    }

    /// The command's bytes in hex: `05 03`, `FF C2 01`.
    fn raw(&self) -> String {
        match self {
            Self::Frame { frame, delay, .. } => format!("{frame:02X} {delay:02X}"),
            Self::Op { opcode, args, .. } => {
                let mut raw = format!("FF {opcode:02X}");
                for byte in args {
                    let _ = write!(raw, " {byte:02X}");
                }
                raw
            }
        }
    }

    /// What it does, in words: `frame 5, delay 3`, or the opcode's name and argument bytes
    /// ([`seq_command`]).
    fn what(&self) -> String {
        match self {
            Self::Frame { frame, delay, .. } => seq_command::listed_frame(*frame, *delay),
            Self::Op { name, args, .. } => seq_command::opcode(name, args),
        }
    }
}

impl Listing for Slots {
    fn write_text(&self, text: &mut String) {
        let _ = writeln!(
            text,
            "slots (each: the commands of its storage segment, from its offset up to the next \
             larger distinct slot offset or L; offsets from the start of the stream, file byte \
             0x{STREAM_START:X})"
        );
        for slot in &self.slots {
            let count = slot.commands.len();
            let _ = writeln!(
                text,
                "  slot {}  segment 0x{:04X}..0x{:04X}  {count} command{}",
                slot.slot,
                slot.offset,
                slot.segment_end,
                if count == 1 { "" } else { "s" }
            );
            for command in &slot.commands {
                let _ = writeln!(
                    text,
                    "    0x{:04X}  {:<14}  {}",
                    command.offset(),
                    command.raw(),
                    command.what()
                );
            }
        }
    }
}

/// The report on `seq`, decoded with `table`.
pub fn report(
    identity: Identity,
    seq: &Seq,
    table: &OpcodeTable,
    verbose: bool,
) -> Report<Header, Counts, Slots> {
    let offsets = seq.command_offsets();
    let frames = seq
        .commands
        .iter()
        .filter(|c| matches!(c, Command::Frame { .. }))
        .count();
    Report {
        identity,
        header: Header {
            AA: Hex(seq.attack_slots_from.into()),
            BB: Hex(seq.second_sheet_slots_from.into()),
            L: Hex(offsets.last().copied().unwrap_or(0) as u64),
        },
        counts: Counts {
            slots_used: seq.slots.len(),
            distinct_offsets: seq.distinct_slot_offsets(),
            commands: seq.commands.len(),
            frame_commands: frames,
            opcodes: seq.commands.len() - frames,
        },
        listing: verbose.then(|| Slots {
            slots: slots(seq, table, &offsets),
        }),
    }
}

/// Every slot whose offset starts a command, with the commands of its segment.
fn slots(seq: &Seq, table: &OpcodeTable, offsets: &[usize]) -> Vec<SlotEntry> {
    let mut slots = Vec::with_capacity(seq.slots.len());
    for (slot, segment) in seq.slot_segments().into_iter().enumerate() {
        let Some(&offset) = offsets.get(segment.start) else {
            continue;
        };
        let last = segment.end;
        let commands = segment
            .map(|i| CommandEntry::new(offsets[i], &seq.commands[i], table))
            .collect();
        slots.push(SlotEntry {
            slot,
            offset,
            segment_end: offsets[last],
            commands,
        });
    }
    slots
}
