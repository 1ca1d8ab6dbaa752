//! Any model the encoders accept decodes back to the same model: unit SHPs, weapon SHPs, and
//! SEQs that `Seq::encode_with` accepts for the retail table (it refuses opcodes whose argument
//! length that table would not read back). A model the encoder accepts but the decoder cannot
//! read back is a bug in one of them.

#![no_main]

use arbitrary::Arbitrary;
use fft_formats::{OpcodeTable, Seq, UnitShp, WeaponShp};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Arbitrary)]
enum Model {
    Unit(UnitShp),
    Weapon(WeaponShp),
    Seq(Seq),
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
        if let Ok(bytes) = seq.encode_with(&OpcodeTable::retail()) {
            let back =
                Seq::decode(&bytes).unwrap_or_else(|e| panic!("encoded SEQ does not decode: {e}"));
            assert_eq!(back, seq);
        }
    }
});
