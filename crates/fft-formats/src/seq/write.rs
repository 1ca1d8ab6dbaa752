//! Encoding SEQ files (formats.md 3.4): header, each slot as the start of its command, the unused
//! tail of the table as 0xFF bytes, the stream length, the stream. Mirrors `read.rs`.

use super::opcode::FIRST_OPCODE;
use super::{Command, SLOT_ENTRIES, STREAM_START, Seq};
use crate::error::EncodeError;

impl Seq {
    /// Encodes the model as a SEQ file.
    ///
    /// # Errors
    /// More than 256 slots, a slot naming a command that does not exist, a frame command with
    /// frame 0xFF (the opcode escape), an opcode below 0xBE, or a stream over 65535 bytes.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        if self.slots.len() > SLOT_ENTRIES {
            return Err(EncodeError::new(
                "slot table",
                format!("{} slots; at most 256 fit", self.slots.len()),
            ));
        }
        let starts = self.command_offsets();
        let stream_len = *starts.last().unwrap_or(&0);
        let stream_len = u16::try_from(stream_len).map_err(|_| {
            EncodeError::new(
                "command stream",
                format!("{stream_len} bytes; at most 65535 fit"),
            )
        })?;
        let mut out = Vec::with_capacity(STREAM_START + usize::from(stream_len));
        out.extend_from_slice(&self.attack_slots_from.to_le_bytes());
        out.extend_from_slice(&self.second_sheet_slots_from.to_le_bytes());
        for (slot, &command) in self.slots.iter().enumerate() {
            let start = starts
                .get(command)
                .filter(|_| command < self.commands.len())
                .ok_or_else(|| {
                    EncodeError::new(
                        format!("slot {slot}"),
                        format!("command {command} does not exist"),
                    )
                })?;
            out.extend_from_slice(&(*start as u32).to_le_bytes());
        }
        out.resize(STREAM_START - 2, 0xFF);
        out.extend_from_slice(&stream_len.to_le_bytes());
        for (index, command) in self.commands.iter().enumerate() {
            match *command {
                Command::Frame { frame: 0xFF, .. } => {
                    return Err(EncodeError::new(
                        format!("command {index}"),
                        "frame 0xFF cannot be written: that byte starts an opcode",
                    ));
                }
                Command::Frame { frame, delay } => out.extend_from_slice(&[frame, delay]),
                Command::Op { code, .. } if code < FIRST_OPCODE => {
                    return Err(EncodeError::new(
                        format!("command {index}"),
                        format!(
                            "opcode 0x{code:02X} is below 0x{FIRST_OPCODE:02X}; no decoder could read it back"
                        ),
                    ));
                }
                Command::Op { code, args } => {
                    out.extend_from_slice(&[0xFF, code]);
                    out.extend_from_slice(args.as_slice());
                }
            }
        }
        Ok(out)
    }
}
