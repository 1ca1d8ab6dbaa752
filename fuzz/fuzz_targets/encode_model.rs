//! Any model the encoders accept decodes back to the same model: unit SHPs, weapon SHPs, and
//! SEQs whose opcodes have the retail table's lengths. A model the encoder accepts but the
//! decoder cannot read back is a bug in one of them.

#![no_main]

use arbitrary::Arbitrary;
use fft_formats::{Command, OpcodeTable, Seq, UnitShp, WeaponShp};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Arbitrary)]
enum Model {
    Unit(UnitShp),
    Weapon(WeaponShp),
    Seq(Seq),
}

/// Whether every opcode of the model has the length the retail table gives it, so that the
/// decoder must read back the same command boundaries.
fn fits_retail_table(seq: &Seq) -> bool {
    let table = OpcodeTable::retail();
    seq.commands.iter().all(|command| match command {
        Command::Frame { .. } => true,
        Command::Op { code, args } => table
            .get(*code)
            .is_some_and(|op| usize::from(op.len) == 2 + args.as_slice().len()),
    })
}

fuzz_target!(|model: Model| match model {
    Model::Unit(shp) => {
        if let Ok(bytes) = shp.encode() {
            let back = UnitShp::decode(&bytes)
                .unwrap_or_else(|e| panic!("encoded unit SHP does not decode: {e}"));
            assert_eq!(back, shp);
        }
    }
    Model::Weapon(shp) => {
        if let Ok(bytes) = shp.encode() {
            let back = WeaponShp::decode(&bytes)
                .unwrap_or_else(|e| panic!("encoded weapon SHP does not decode: {e}"));
            assert_eq!(back, shp);
        }
    }
    Model::Seq(seq) => {
        if let Ok(bytes) = seq.encode()
            && fits_retail_table(&seq)
        {
            let back =
                Seq::decode(&bytes).unwrap_or_else(|e| panic!("encoded SEQ does not decode: {e}"));
            assert_eq!(back, seq);
        }
    }
});
