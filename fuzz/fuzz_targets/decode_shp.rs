//! Any bytes given to the unit and the weapon SHP decoders: no panic, and whatever decodes
//! encodes back to the same bytes (the shared `round_trip` check).

#![no_main]

use fft_formats::{FileFormat, RoundTrip, round_trip};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for kind in [FileFormat::UnitShp, FileFormat::WeaponShp] {
        match round_trip(kind, data) {
            Ok(RoundTrip::Identical) => {}
            Err(e) if e.is_decode() => {}
            other => panic!("{kind}: decoded, but the round trip gave {other:?}"),
        }
    }
    let _ = fft_formats::detect_format(data);
});
