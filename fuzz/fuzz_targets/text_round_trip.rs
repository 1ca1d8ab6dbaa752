//! Any bytes given to the SEQ (both opcode tables), unit SHP and weapon SHP decoders: whatever
//! decodes, disassembled (`fft_formats::text`) and assembled again, gives back the same bytes.

#![no_main]

use fft_formats::text;
use fft_formats::{FileFormat, OpcodeTable};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let tables = [OpcodeTable::retail(), OpcodeTable::animation_rewrite()];
    let cases = [
        (FileFormat::Seq, &tables[0]),
        (FileFormat::Seq, &tables[1]),
        (FileFormat::UnitShp, &tables[0]),
        (FileFormat::WeaponShp, &tables[0]),
    ];
    for (format, opcodes) in cases {
        let Ok(written) = text::disassemble(data, format, opcodes) else {
            continue;
        };
        let assembly = text::assemble(&written).unwrap_or_else(|e| {
            panic!(
                "{format} ({}): its text does not assemble: {e}",
                opcodes.table_name()
            )
        });
        assert!(
            assembly.bytes == data,
            "{format} ({}): its text assembles to other bytes",
            opcodes.table_name()
        );
    }
});
