//! Decoding SEQ files, in the order of docs/formats/seq.md 3.1-3.2: header, slot table, stream
//! length (the binrw records of `record.rs`), the command stream parsed left to right
//! (`stream.rs`), then each slot bound to the command it points at.

use super::record::{Header, SLOT_TABLE_AT, STREAM_AT, STREAM_LEN_AT, SlotEntry, StreamLength};
use super::stream::{self, StreamError};
use super::{FIRST_OPCODE, OpcodeTable, SLOT_ENTRIES, Seq, UNUSED_SLOT};
use crate::error::{DecodeError, Error, ErrorKind, FieldPath, PathFrame};
use crate::index::CommandIndex;
use crate::record;

impl Seq {
    /// Decodes a SEQ file with the retail opcode table.
    ///
    /// # Errors
    /// The first structural rule of docs/formats/seq.md 3.1-3.2 the bytes break, with its offset.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        Self::decode_with(bytes, &OpcodeTable::retail())
    }

    /// Decodes a SEQ file with another opcode table (a modded game's).
    ///
    /// # Errors
    /// As [`Seq::decode`]; an opcode the table lacks is an error at its offset.
    pub fn decode_with(bytes: &[u8], table: &OpcodeTable) -> Result<Self, DecodeError> {
        let header: Header = record::read(bytes, 0, || FieldPath::part("header"))?;
        let slot_offsets = read_slot_table(bytes)?;
        let stream_len = record::read::<StreamLength>(bytes, STREAM_LEN_AT, FieldPath::default)?;
        let stream_len = usize::from(stream_len.len);
        let stream_end = STREAM_AT + stream_len;
        if bytes.len() != stream_end {
            return Err(Error::decode(
                ErrorKind::BadLength,
                STREAM_LEN_AT,
                "stream length L",
                format!(
                    "0x{:X} (file size 0x{:X} less 0x{STREAM_AT:X})",
                    bytes.len().saturating_sub(STREAM_AT),
                    bytes.len()
                ),
                format!("0x{stream_len:X}"),
            ));
        }
        let stream = &bytes[STREAM_AT..];
        let (commands, starts) =
            stream::commands(table, stream).map_err(|e| stream_error(e, stream.len()))?;
        let slots = slot_offsets
            .iter()
            .enumerate()
            .map(|(slot, &offset)| bind_slot(slot, offset, &starts, stream_len))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            attack_slots_from: header.attack_slots_from,
            second_sheet_slots_from: header.second_sheet_slots_from,
            slots,
            commands,
        })
    }
}

/// The used slots' offsets: every entry up to the first unused one, after which all are unused.
fn read_slot_table(bytes: &[u8]) -> Result<Vec<u32>, DecodeError> {
    // Entry by entry, so that the first entry at fault, cut short or not, is the one reported.
    let entry = |slot: usize| -> Result<u32, DecodeError> {
        let at = SLOT_TABLE_AT + SlotEntry::LEN * slot;
        let entry: SlotEntry = record::read(bytes, at, || FieldPath::index("slot", slot))?;
        Ok(entry.offset)
    };
    let mut offsets = Vec::with_capacity(SLOT_ENTRIES);
    let mut unused_from = None;
    for slot in 0..SLOT_ENTRIES {
        let at = SLOT_TABLE_AT + SlotEntry::LEN * slot;
        let offset = entry(slot)?;
        match (unused_from, offset == UNUSED_SLOT) {
            (None, false) => offsets.push(offset),
            (None, true) => unused_from = Some(slot),
            (Some(_), true) => {}
            (Some(first), false) => {
                return Err(Error::decode(
                    ErrorKind::SlotAfterUnused,
                    at,
                    FieldPath::index("slot", slot),
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

/// The error for a stream of `len` bytes that stopped parsing.
fn stream_error(error: StreamError, len: usize) -> Error {
    let command_at = |left: usize| len - left;
    match error {
        StreamError::UnknownOpcode { code, left } => {
            let pos = command_at(left);
            Error::decode(
                ErrorKind::UnknownOpcode,
                STREAM_AT + pos + 1,
                FieldPath::part("opcode of the command").then(PathFrame::StreamOffset(pos)),
                format!("a known opcode (0x{FIRST_OPCODE:02X} to 0xFF)"),
                format!("0x{code:02X}"),
            )
        }
        StreamError::CutOpcode { opcode, left } => {
            let pos = command_at(left);
            Error::decode(
                ErrorKind::UnexpectedEnd,
                STREAM_AT + pos,
                FieldPath::part(opcode.name).then(PathFrame::StreamOffset(pos)),
                format!("{} bytes inside the stream", opcode.len),
                format!("{left} bytes before the stream ends"),
            )
        }
        StreamError::CutCommand { left } | StreamError::Nom { left } => {
            let pos = command_at(left);
            Error::decode(
                ErrorKind::UnexpectedEnd,
                STREAM_AT + pos,
                FieldPath::part("command").then(PathFrame::StreamOffset(pos)),
                "2 bytes (a frame command or an opcode) inside the stream",
                "1 byte before the stream ends",
            )
        }
    }
}

fn bind_slot(
    slot: usize,
    offset: u32,
    starts: &[usize],
    stream_len: usize,
) -> Result<CommandIndex, DecodeError> {
    let found = usize::try_from(offset)
        .ok()
        .and_then(|o| starts.binary_search(&o).ok())
        .map(CommandIndex);
    found.ok_or_else(|| {
        let what = if usize::try_from(offset).is_ok_and(|o| o < stream_len) {
            format!("0x{offset:X}, inside a command")
        } else {
            format!("0x{offset:X}, past the stream's 0x{stream_len:X} bytes")
        };
        Error::decode(
            ErrorKind::BadPointer,
            SLOT_TABLE_AT + SlotEntry::LEN * slot,
            FieldPath::index("slot", slot),
            "the start offset of a command",
            what,
        )
    })
}
