//! GDeflate: arbitrary bytes decoded as a tile stream (never a panic, never more than the size
//! asked), and the same bytes compressed by Microsoft's reference code and decoded back equal.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if bytes.len() < 2 {
        return;
    }
    let asked = usize::from(u16::from_le_bytes([bytes[0], bytes[1]])) * 16;
    if let Ok(out) = game_archive::gdeflate::decode(&bytes[2..], asked) {
        assert_eq!(out.len(), asked);
    }
    let level = bytes[0] % 13;
    let stream = test_support::pac::gdeflate_stream(bytes, level);
    let back = game_archive::gdeflate::decode(&stream, bytes.len())
        .unwrap_or_else(|e| panic!("the reference's stream does not decode: {e}"));
    assert!(back == bytes, "the reference's stream decodes to other bytes");
});
