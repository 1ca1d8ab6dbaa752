//! Encoding SEQ files (docs/formats/seq.md 3.4): the header, each slot as the start of its command,
//! the unused tail of the table, the stream length (the binrw records of `record.rs`), then the
//! stream. Mirrors `read.rs`.

use super::record::{Header, STREAM_AT, SlotEntry, StreamLength};
use super::stream::OPCODE_ESCAPE;
use super::{Command, FIRST_OPCODE, OpcodeTable, SLOT_ENTRIES, Seq, UNUSED_SLOT};
use crate::error::{EncodeError, Error, ErrorKind, FieldPath};
use crate::record;

impl Seq {
    /// Encodes the model as a SEQ file, whatever opcode table will read it: any opcode from 0xBE
    /// on is written with the argument bytes the model holds. [`Seq::encode_with`] also checks
    /// that a given table reads the same commands back.
    ///
    /// # Errors
    /// More than 256 slots, a slot naming a command that does not exist, a frame command with
    /// frame 0xFF (the opcode escape), an opcode below 0xBE, or a stream over 65535 bytes.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        if self.slots.len() > SLOT_ENTRIES {
            return Err(Error::encode(
                ErrorKind::TooMany,
                "slot table",
                format!("{} slots; at most 256 fit", self.slots.len()),
            ));
        }
        let starts = self.command_offsets();
        let stream_len = *starts.last().unwrap_or(&0);
        let stream_len = u16::try_from(stream_len).map_err(|_| {
            Error::encode(
                ErrorKind::TooLarge,
                "command stream",
                format!("{stream_len} bytes; at most 65535 fit"),
            )
        })?;
        let mut out = Vec::with_capacity(STREAM_AT + usize::from(stream_len));
        record::write(
            &mut out,
            &Header {
                attack_slots_from: self.attack_slots_from,
                second_sheet_slots_from: self.second_sheet_slots_from,
            },
        );
        let mut table = [SlotEntry {
            offset: UNUSED_SLOT,
        }; SLOT_ENTRIES];
        for (slot, (&command, entry)) in self.slots.iter().zip(&mut table).enumerate() {
            let start = starts
                .get(command.index())
                .filter(|_| command.index() < self.commands.len())
                .ok_or_else(|| {
                    Error::encode(
                        ErrorKind::NoSuchCommand,
                        FieldPath::index("slot", slot),
                        format!("command {command} does not exist"),
                    )
                })?;
            entry.offset = *start as u32;
        }
        for entry in &table {
            record::write(&mut out, entry);
        }
        record::write(&mut out, &StreamLength { len: stream_len });
        for (index, command) in self.commands.iter().enumerate() {
            match *command {
                Command::Frame {
                    frame: OPCODE_ESCAPE,
                    ..
                } => {
                    return Err(Error::encode(
                        ErrorKind::OutOfRange,
                        FieldPath::index("command", index),
                        "frame 0xFF cannot be written: that byte starts an opcode",
                    ));
                }
                Command::Op { code, .. } if code < FIRST_OPCODE => {
                    return Err(Error::encode(
                        ErrorKind::OutOfRange,
                        FieldPath::index("command", index),
                        format!(
                            "opcode 0x{code:02X} is below 0x{FIRST_OPCODE:02X}; no decoder could read it back"
                        ),
                    ));
                }
                Command::Frame { .. } | Command::Op { .. } => command.write_bytes(&mut out),
            }
        }
        Ok(out)
    }

    /// Encodes the model as a SEQ file that `table` reads back as the same model: as
    /// [`Seq::encode`], and every opcode must be in the table with as many argument bytes as the
    /// table gives it. Mirrors [`Seq::decode_with`].
    ///
    /// # Errors
    /// As [`Seq::encode`]; [`ErrorKind::NotReadBack`] for an opcode the table lacks or one whose
    /// arguments have another length than the table's.
    pub fn encode_with(&self, table: &OpcodeTable) -> Result<Vec<u8>, EncodeError> {
        for (index, command) in self.commands.iter().enumerate() {
            let Command::Op { code, args } = command else {
                continue;
            };
            let refuse = |problem: String| {
                Error::encode(
                    ErrorKind::NotReadBack,
                    FieldPath::index("command", index),
                    problem,
                )
            };
            match table.get(*code) {
                None if *code >= FIRST_OPCODE => {
                    return Err(refuse(format!(
                        "opcode 0x{code:02X} is not in the table; it would not be read back"
                    )));
                }
                Some(opcode) if opcode.arg_len() != args.as_slice().len() => {
                    return Err(refuse(format!(
                        "{} (0x{code:02X}) has {} argument bytes, but the table reads {}",
                        opcode.name,
                        args.as_slice().len(),
                        opcode.arg_len()
                    )));
                }
                // A code below 0xBE is refused by `encode`, with its own words.
                _ => {}
            }
        }
        self.encode()
    }
}
