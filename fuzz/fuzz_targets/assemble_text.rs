//! Any bytes given to the text-form assembler (`fft_formats::text`): no panic; a refusal is one
//! line at a line and column of the text; whatever assembles decodes to the model the text
//! described, and that model's own text assembles to the same bytes.

#![no_main]

use fft_formats::text::{self, Model};
use fft_formats::{Seq, UnitShp, WeaponShp};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let assembly = match text::assemble_bytes(data) {
        Ok(assembly) => assembly,
        Err(error) => {
            assert!(
                error.text_position().is_some(),
                "not a text error: {error:?}"
            );
            let message = error.to_string();
            assert!(!message.contains(['\n', '\r']), "not one line: {message:?}");
            assert!(
                message.len() < 2000,
                "a long error: {} bytes",
                message.len()
            );
            return;
        }
    };
    let bytes = &assembly.bytes;
    let (decoded, written) = match &assembly.model {
        Model::Seq { seq, opcodes } => (
            Seq::decode_with(bytes, opcodes).map(|s| s == *seq),
            seq.to_text(opcodes),
        ),
        Model::UnitShp(shp) => (UnitShp::decode(bytes).map(|s| s == *shp), shp.to_text()),
        Model::WeaponShp(shp) => (WeaponShp::decode(bytes).map(|s| s == *shp), shp.to_text()),
    };
    assert_eq!(
        decoded,
        Ok(true),
        "the bytes do not decode to the text's model"
    );
    let written = written.expect("an assembled model has a text");
    let again = text::assemble(&written).expect("a written text assembles");
    assert!(
        again.bytes == *bytes,
        "the model's own text gives other bytes"
    );
});
