//! Decoding SEQ files, in the order of formats.md 3.1-3.2: header, slot table, stream length, the
//! command stream decoded left to right, then each slot bound to the command it points at.

use super::{Command, OpArgs, OpcodeTable, SLOT_ENTRIES, STREAM_START, Seq, UNUSED_SLOT};
use crate::bytes::{u16_at, u32_at};
use crate::error::DecodeError;

const SLOT_TABLE: usize = 4;
const STREAM_LEN_AT: usize = 0x404;

impl Seq {
    /// Decodes a SEQ file with the retail opcode table.
    ///
    /// # Errors
    /// The first structural rule of formats.md 3.1-3.2 the bytes break, with its offset.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        Self::decode_with(bytes, &OpcodeTable::retail())
    }

    /// Decodes a SEQ file with another opcode table (a modded game's).
    ///
    /// # Errors
    /// As [`Seq::decode`]; an opcode the table lacks is an error at its offset.
    pub fn decode_with(bytes: &[u8], table: &OpcodeTable) -> Result<Self, DecodeError> {
        let attack_slots_from = u16_at(bytes, 0, || "header AA".into())?;
        let second_sheet_slots_from = u16_at(bytes, 2, || "header BB".into())?;
        let slot_offsets = read_slot_table(bytes)?;
        let stream_len = usize::from(u16_at(bytes, STREAM_LEN_AT, || "stream length L".into())?);
        let stream_end = STREAM_START + stream_len;
        if bytes.len() != stream_end {
            return Err(DecodeError::new(
                STREAM_LEN_AT,
                "stream length L",
                format!(
                    "0x{:X} (file size 0x{:X} less 0x406)",
                    bytes.len().saturating_sub(STREAM_START),
                    bytes.len()
                ),
                format!("0x{stream_len:X}"),
            ));
        }
        let (commands, starts) = read_commands(&bytes[STREAM_START..], table)?;
        let slots = slot_offsets
            .iter()
            .enumerate()
            .map(|(slot, &offset)| bind_slot(slot, offset, &starts, stream_len))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            attack_slots_from,
            second_sheet_slots_from,
            slots,
            commands,
        })
    }
}

/// The used slots' offsets: every entry up to the first unused one, after which all are unused.
fn read_slot_table(bytes: &[u8]) -> Result<Vec<u32>, DecodeError> {
    let mut offsets = Vec::with_capacity(SLOT_ENTRIES);
    let mut unused_from = None;
    for slot in 0..SLOT_ENTRIES {
        let at = SLOT_TABLE + 4 * slot;
        let offset = u32_at(bytes, at, || format!("slot {slot}"))?;
        match (unused_from, offset == UNUSED_SLOT) {
            (None, false) => offsets.push(offset),
            (None, true) => unused_from = Some(slot),
            (Some(_), true) => {}
            (Some(first), false) => {
                return Err(DecodeError::new(
                    at,
                    format!("slot {slot}"),
                    format!(
                        "0xFFFFFFFF (every slot after the first unused one, slot {first}, is unused)"
                    ),
                    format!("0x{offset:X}"),
                ));
            }
        }
    }
    Ok(offsets)
}

/// Decodes the stream left to right. Returns the commands and each one's start offset.
fn read_commands(
    stream: &[u8],
    table: &OpcodeTable,
) -> Result<(Vec<Command>, Vec<usize>), DecodeError> {
    let mut commands = Vec::with_capacity(stream.len() / 2);
    let mut starts = Vec::with_capacity(stream.len() / 2);
    let mut pos = 0;
    while pos < stream.len() {
        let at = STREAM_START + pos;
        let rest = &stream[pos..];
        let (command, len) = match rest {
            [0xFF, code, ..] => {
                let op = table.get(*code).ok_or_else(|| {
                    DecodeError::new(
                        at + 1,
                        format!("opcode of the command at stream offset 0x{pos:X}"),
                        "a known opcode (0xBE to 0xFF)",
                        format!("0x{code:02X}"),
                    )
                })?;
                let len = usize::from(op.len);
                let args = rest.get(2..len).ok_or_else(|| {
                    DecodeError::new(
                        at,
                        format!("{} at stream offset 0x{pos:X}", op.name),
                        format!("{len} bytes inside the stream"),
                        format!("{} bytes before the stream ends", rest.len()),
                    )
                })?;
                let args = OpArgs::new(args)
                    .map_err(|e| DecodeError::new(at, op.name, "a shorter opcode", e))?;
                (Command::Op { code: *code, args }, len)
            }
            [frame, delay, ..] => (
                Command::Frame {
                    frame: *frame,
                    delay: *delay,
                },
                2,
            ),
            _ => {
                return Err(DecodeError::new(
                    at,
                    format!("command at stream offset 0x{pos:X}"),
                    "2 bytes (a frame command or an opcode) inside the stream",
                    "1 byte before the stream ends",
                ));
            }
        };
        commands.push(command);
        starts.push(pos);
        pos += len;
    }
    Ok((commands, starts))
}

fn bind_slot(
    slot: usize,
    offset: u32,
    starts: &[usize],
    stream_len: usize,
) -> Result<usize, DecodeError> {
    let found = usize::try_from(offset)
        .ok()
        .and_then(|o| starts.binary_search(&o).ok());
    found.ok_or_else(|| {
        let what = if usize::try_from(offset).is_ok_and(|o| o < stream_len) {
            format!("0x{offset:X}, inside a command")
        } else {
            format!("0x{offset:X}, past the stream's 0x{stream_len:X} bytes")
        };
        DecodeError::new(
            SLOT_TABLE + 4 * slot,
            format!("slot {slot}"),
            "the start offset of a command",
            what,
        )
    })
}
