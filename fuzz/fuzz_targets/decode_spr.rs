//! Any bytes given to the sprite-sheet decoder: no panic, no hang, and a decoded sheet encodes to
//! a sheet that decodes to the same model (the canonical encoder may normalise a compressed run
//! written a longer way, so the bytes themselves need not match).

#![no_main]

use fft_formats::spr::Spr;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(sheet) = Spr::decode(data) {
        let encoded = sheet.encode().expect("a decoded sheet encodes");
        let again = Spr::decode_as(&encoded, sheet.variant).expect("an encoded sheet decodes");
        assert!(again == sheet, "re-encoding changed the sheet");
    }
});
