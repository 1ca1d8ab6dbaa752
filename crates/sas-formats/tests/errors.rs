//! Bad input gets a positioned error (offsets worked out from the hand layout of `hand.rs`), and
//! never a panic.

use sas_formats::synthetic;
use sas_formats::{ByteOrder, Error, Pakd, SasSet};

fn v3() -> Vec<u8> {
    synthetic::set_v3(ByteOrder::Little).encode().unwrap()
}

#[test]
fn bad_magic_is_reported_at_0() {
    let error = SasSet::decode(b"SAS9abcdefgh").unwrap_err();
    assert!(
        matches!(error, Error::Decode { offset: 0, .. }),
        "{error:?}"
    );
    assert_eq!(error.offset(), Some(0));
    assert_eq!(error.field(), "magic");
}

#[test]
fn a_model_no_file_can_hold_is_an_encode_error() {
    // Three entries and one id: the header holds one id per entry.
    let mut container = synthetic::container();
    container.ids = Some(vec![7]);
    let error = container.encode().unwrap_err();
    assert!(
        matches!(&error, Error::Encode { what, .. } if what == "ids"),
        "{error:?}"
    );
    assert_eq!(error.offset(), None);
    assert_eq!(error.to_string(), "ids: one id per entry");
    let error = Pakd::pack(ByteOrder::Little, &[b"a", b"b"], Some(vec![1])).unwrap_err();
    assert!(!error.is_decode());
}

#[test]
fn a_truncated_block_names_it() {
    // Block C starts at 0xEE with 11 frames of 14 bytes: its frames need 0xF2..0x18C.
    let bytes = &v3()[..0x150];
    let error = SasSet::decode(bytes).unwrap_err();
    assert_eq!(error.offset(), Some(0xF2));
    assert!(error.field().contains("block 2 frames"), "{error}");
}

#[test]
fn a_sprite_offset_out_of_sequence_is_refused() {
    let mut bytes = v3();
    // Sprite 1's offset (at 0x48) must be 0x6E, where sprite 0 ends.
    bytes[0x48] = 0x70;
    let error = SasSet::decode(&bytes).unwrap_err();
    assert_eq!(error.offset(), Some(0x48));
    assert_eq!(
        error.expected(),
        "0x6E (sprites follow the table back to back, in table order)"
    );
}

#[test]
fn a_slot_into_the_sprites_is_refused() {
    let mut bytes = v3();
    // Animation 2, direction 0 is at 0x30; 0x80 << 1 points at sprite 2, before the body (0x92).
    bytes[0x30..0x34].copy_from_slice(&0x100u32.to_le_bytes());
    let error = SasSet::decode(&bytes).unwrap_err();
    assert_eq!(error.offset(), Some(0x30));
    assert!(
        error.field().contains("animation 2, direction 0"),
        "{error}"
    );
}

#[test]
fn a_slot_into_another_block_is_refused() {
    let mut bytes = v3();
    // Point animation 2 at block A's second frame (0x92 + 4 + 14 = 0xA4): it overlaps A.
    bytes[0x30..0x34].copy_from_slice(&(0xA4u32 << 1).to_le_bytes());
    let error = SasSet::decode(&bytes).unwrap_err();
    assert_eq!(error.offset(), Some(0xA4));
}

#[test]
fn a_bad_sprite_table_offset_is_refused() {
    let mut bytes = v3();
    bytes[8] = 0x41; // not 0x10 + 16 x n
    let error = SasSet::decode(&bytes).unwrap_err();
    assert_eq!(error.offset(), Some(8));
}

#[test]
fn every_prefix_of_the_fixtures_fails_cleanly_or_round_trips() {
    for bytes in [v3(), synthetic::set_v0().encode().unwrap()] {
        for len in 0..bytes.len() {
            if let Ok(set) = SasSet::decode(&bytes[..len]) {
                assert_eq!(set.encode().unwrap(), &bytes[..len]);
            }
        }
    }
    let pakd = synthetic::container().encode().unwrap();
    for len in 0..pakd.len() {
        if let Ok(container) = Pakd::decode(&pakd[..len]) {
            assert_eq!(container.encode().unwrap(), &pakd[..len]);
        }
    }
}

#[test]
fn a_huge_count_is_refused_before_allocating() {
    let mut bytes = v3();
    // The sprite count at 0x40.
    bytes[0x40..0x44].copy_from_slice(&u32::MAX.to_le_bytes());
    let error = SasSet::decode(&bytes).unwrap_err();
    assert_eq!(error.offset(), Some(0x44));
    let mut pakd = synthetic::container().encode().unwrap();
    pakd[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(Pakd::decode(&pakd).unwrap_err().offset(), Some(8));
}

#[test]
fn a_pakd_header_without_its_zero_word_is_refused() {
    let mut pakd = synthetic::container().encode().unwrap();
    // 3 entries with ids: the zero word is at 0x0C + 4 x 3 + 4 x 3 = 0x24.
    pakd[0x24] = 1;
    let error = Pakd::decode(&pakd).unwrap_err();
    assert_eq!(error.offset(), Some(0x24));
}

#[test]
fn an_entry_offset_past_the_total_size_is_refused() {
    // Found by the decode_pakd fuzz target: entry 1's offset (at 0x0C) past the file made entry
    // 0 run past it.
    let mut pakd = synthetic::container().encode().unwrap();
    pakd[0x0C..0x10].copy_from_slice(&0xFF00_01C0u32.to_le_bytes());
    let error = Pakd::decode(&pakd).unwrap_err();
    assert_eq!(error.offset(), Some(0x0C));
    assert_eq!(error.field(), "entry 1 offset");
}
