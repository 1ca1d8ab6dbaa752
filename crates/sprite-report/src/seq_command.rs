//! How the reports word one SEQ command, in one place. There are three wordings of a command in
//! the project, each on purpose:
//!
//! - the text form (`fft_formats::text`, what `disasm` writes and `asm` reads back): `Frame 9 8`,
//!   `MoveUnitFB -2`, `Wait L3 2`, each argument as its kind reads (signed, unsigned, a jump's
//!   label), because it is a language that assembles to the same bytes;
//! - `inspect`'s listing (`listed`): `frame 5, delay 3`, `frame 5, delay 0 (hold)`, beside the
//!   command's raw bytes, for a person reading the slot;
//! - `diff`'s lines ([`compact`]): `frame 86 delay 4`, with no comma, because a line sets the two
//!   sides as `A ..., B ...` and a comma inside one side would read as the separator.
//!
//! An opcode reads the same in the last two: the opcode table's name, then each argument byte in
//! hex ([`opcode`]).

use std::fmt::Write as _;

use fft_formats::{Command, OpcodeTable};

/// An opcode command in words: `PlaySound 03`, the name `table` gives it, then each argument
/// byte as two hex digits.
pub fn opcode(name: &str, args: &[u8]) -> String {
    let mut text = name.to_owned();
    for byte in args {
        let _ = write!(text, " {byte:02X}");
    }
    text
}

/// A frame command as `inspect`'s listing words it: `frame 5, delay 3`, and a delay of 0 as the
/// hold it is.
pub fn listed_frame(frame: u8, delay: u8) -> String {
    if delay == 0 {
        format!("frame {frame}, delay 0 (hold)")
    } else {
        format!("frame {frame}, delay {delay}")
    }
}

/// A command as `diff`'s lines word it: `frame 86 delay 4`, `PlaySound 03`.
pub fn compact(command: &Command, table: &OpcodeTable) -> String {
    match *command {
        Command::Frame { frame, delay } => format!("frame {frame} delay {delay}"),
        Command::Op { code, args } => opcode(table.name(code), args.as_slice()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-written: the frame forms of the module's list, and an opcode's bytes in hex.
    #[test]
    fn each_wording_reads_as_the_module_says() {
        assert_eq!(opcode("PlaySound", &[0x03]), "PlaySound 03");
        assert_eq!(opcode("Wait", &[0x0A, 0xFF]), "Wait 0A FF");
        assert_eq!(listed_frame(5, 3), "frame 5, delay 3");
        assert_eq!(listed_frame(5, 0), "frame 5, delay 0 (hold)");
        let frame = Command::Frame {
            frame: 86,
            delay: 4,
        };
        assert_eq!(compact(&frame, &OpcodeTable::retail()), "frame 86 delay 4");
    }
}
