//! Any bytes given to the SEQ decoder, with the retail and the "animation rewrite" opcode
//! tables: no panic, and whatever decodes encodes back to the same bytes.

#![no_main]

use fft_formats::{FileFormat, OpcodeTable, RoundTrip, Seq, round_trip};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match round_trip(FileFormat::Seq, data) {
        Ok(RoundTrip::Identical) => {}
        Err(e) if e.is_decode() => {}
        other => panic!("seq: decoded, but the round trip gave {other:?}"),
    }
    let rewrite = OpcodeTable::animation_rewrite();
    if let Ok(seq) = Seq::decode_with(data, &rewrite) {
        let encoded = seq.encode_with(&rewrite).expect("a decoded SEQ encodes");
        assert!(
            encoded == data,
            "seq (animation rewrite table): other bytes"
        );
    }
});
