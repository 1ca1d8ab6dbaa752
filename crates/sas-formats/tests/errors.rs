//! Bad input gets a positioned error of a kind a caller can match, with the path of the field at
//! fault (offsets worked out from the hand layout of `hand.rs`), and never a panic.
//!
//! The SAS3 fixture, by hand: header 0x00..0x10, animation table 0x10..0x40 (3 rows), sprite
//! table 0x40..0x50 (count 3, offsets 0x50, 0x6E, 0x80), sprites 0x50..0x92, block A 0x92..0xC0,
//! a dead frame 0xC0..0xCE, block B 0xCE..0xEE, block C 0xEE..0x18C (11 frames of 14 bytes), 4
//! bytes of padding: 0x190 bytes. The container: count at 4, offsets at 8, 0x0C, 0x10, the total
//! size (0x270) at 0x14, ids at 0x18..0x24, the zero word at 0x24, entries from 0x30.

use sas_formats::{ByteOrder, Error, ErrorKind, Pakd, PathFrame, Quad, SasSet, Sprite, Version};
use test_support::sas;

fn v3() -> Vec<u8> {
    sas::set_v3(ByteOrder::Little).encode().unwrap()
}

fn decode_error(bytes: &[u8]) -> Error {
    SasSet::decode(bytes).unwrap_err()
}

fn encode_error(set: &SasSet) -> Error {
    set.encode().unwrap_err()
}

// ---- decoding: SAS sets ----

#[test]
fn bad_magic_is_reported_at_0() {
    let error = decode_error(b"SAS9abcdefgh");
    assert!(
        matches!(
            error,
            Error::Decode {
                kind: ErrorKind::BadMagic,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(error.offset(), Some(0));
    assert_eq!(error.path().frames(), [PathFrame::Field("magic")]);
    assert_eq!(
        error.to_string(),
        "at byte 0x0000: magic: expected \"SAS3\" or \"SAS\\0\" (or reversed, big-endian), \
         found [53, 41, 53, 39]"
    );
}

#[test]
fn a_set_in_the_other_byte_order_than_its_container_is_refused() {
    let error = SasSet::decode_as(&v3(), ByteOrder::Big).unwrap_err();
    assert_eq!(
        error.kind(),
        ErrorKind::ByteOrderMismatch {
            expected: ByteOrder::Big,
            found: ByteOrder::Little
        }
    );
    assert_eq!(
        error.to_string(),
        "at byte 0x0000: magic: expected the SAS3 magic of a big-endian file, found the \
         little-endian one"
    );
}

#[test]
fn nonzero_header_bytes_after_the_scale_are_refused() {
    let mut bytes = v3();
    bytes[6] = 1;
    let error = decode_error(&bytes);
    assert_eq!(error.kind(), ErrorKind::NonZeroReserved);
    assert_eq!(error.offset(), Some(5));
    assert_eq!(
        error.path().frames(),
        [
            PathFrame::Part("header".into()),
            PathFrame::Field("bytes 5..8 (after the scale)")
        ]
    );
    assert_eq!(error.found(), "[00, 01, 00]");
}

#[test]
fn a_truncated_block_names_it() {
    // Block C starts at 0xEE with 11 frames of 14 bytes: its frames need 154 bytes from 0xF2, the
    // file cut at 0x150 has 0x5E = 94 of them.
    let bytes = &v3()[..0x150];
    let error = decode_error(bytes);
    assert_eq!(
        error.kind(),
        ErrorKind::UnexpectedEnd {
            wanted: 154,
            left: 94
        }
    );
    assert_eq!(error.offset(), Some(0xF2));
    assert_eq!(
        error.path().frames(),
        [
            PathFrame::Index("block", 2),
            PathFrame::Field("frames"),
            PathFrame::Records { count: 11, len: 14 }
        ]
    );
    assert_eq!(
        error.to_string(),
        "at byte 0x00F2: block 2 frames (11 x 14 bytes): expected 154 more bytes, found end of \
         file after 94 bytes"
    );
}

#[test]
fn a_truncated_quad_names_its_sprite() {
    // Sprite 0 (0x50) has a 6-byte head and two quads of 12 bytes at 0x56 and 0x62; the quads
    // table needs 24 bytes from 0x56. Cut at 0x60, 10 are left.
    let error = decode_error(&v3()[..0x60]);
    assert_eq!(
        error.kind(),
        ErrorKind::UnexpectedEnd {
            wanted: 24,
            left: 10
        }
    );
    assert_eq!(error.offset(), Some(0x56));
    assert_eq!(error.field(), "sprite 0, quads (2 x 12 bytes)");
}

#[test]
fn a_sprite_offset_out_of_sequence_is_refused() {
    let mut bytes = v3();
    // Sprite 1's offset (at 0x48) must be 0x6E, where sprite 0 ends.
    bytes[0x48] = 0x70;
    let error = decode_error(&bytes);
    assert_eq!(error.kind(), ErrorKind::BadOffset { found: 0x70 });
    assert_eq!(error.offset(), Some(0x48));
    assert_eq!(
        error.path().frames(),
        [
            PathFrame::Part("sprite table".into()),
            PathFrame::Index("sprite", 1)
        ]
    );
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
    let error = decode_error(&bytes);
    assert_eq!(error.kind(), ErrorKind::BadOffset { found: 0x80 });
    assert_eq!(error.offset(), Some(0x30));
    assert_eq!(
        error.path().frames(),
        [
            PathFrame::Part("animation table".into()),
            PathFrame::Index("animation", 2),
            PathFrame::Index("direction", 0)
        ]
    );
    assert_eq!(
        error.to_string(),
        "at byte 0x0030: animation table, animation 2, direction 0: expected a block offset in \
         the animations (0x92..0x190), times 2 plus the mirror bit, found 0x00000100 (offset 0x80)"
    );
}

#[test]
fn a_slot_into_another_block_is_refused() {
    let mut bytes = v3();
    // Point animation 2 at block A's second frame (0x92 + 4 + 14 = 0xA4): it overlaps A, which
    // ends at 0xC0.
    bytes[0x30..0x34].copy_from_slice(&(0xA4u32 << 1).to_le_bytes());
    let error = decode_error(&bytes);
    assert_eq!(error.kind(), ErrorKind::BadOffset { found: 0xA4 });
    assert_eq!(error.offset(), Some(0xA4));
    assert_eq!(
        error.to_string(),
        "at byte 0x00A4: animation 2, direction 0: block: expected a block starting at or after \
         0xC0, where the previous one ends, found a block inside the previous one"
    );
}

#[test]
fn a_bad_sprite_table_offset_is_refused() {
    let mut bytes = v3();
    bytes[8] = 0x41; // not 0x10 + 16 x n
    let error = decode_error(&bytes);
    assert_eq!(error.kind(), ErrorKind::BadOffset { found: 0x41 });
    assert_eq!(error.offset(), Some(8));
    assert_eq!(error.field(), "sprite_table_offset");
}

#[test]
fn a_huge_count_is_refused_before_allocating() {
    let mut bytes = v3();
    // The sprite count at 0x40: u32::MAX offsets of 4 bytes from 0x44, where 0x190 - 0x44 = 332
    // bytes are left.
    bytes[0x40..0x44].copy_from_slice(&u32::MAX.to_le_bytes());
    let error = decode_error(&bytes);
    assert_eq!(
        error.kind(),
        ErrorKind::UnexpectedEnd {
            wanted: 4 * u32::MAX as usize,
            left: 332
        }
    );
    assert_eq!(error.offset(), Some(0x44));
    assert_eq!(error.field(), "sprite table offsets (4294967295 x 4 bytes)");
    let mut pakd = sas::container().encode().unwrap();
    pakd[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    let error = Pakd::decode(&pakd).unwrap_err();
    assert_eq!(error.offset(), Some(8));
    assert!(
        matches!(error.kind(), ErrorKind::UnexpectedEnd { left: 0x268, .. }),
        "{error:?}"
    );
}

// ---- decoding: containers ----

#[test]
fn a_compressed_container_is_named_as_such() {
    let error = Pakd::decode(&sas::COMPRESSED_ENTRY).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Compressed);
    assert_eq!(error.offset(), Some(0));
    assert!(
        error.found().contains("the whole container is compressed"),
        "{error}"
    );
    let error = Pakd::decode(b"PAKD\0\0\0\0").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::BadMagic);
}

#[test]
fn a_pakd_header_without_its_zero_word_is_refused() {
    let mut pakd = sas::container().encode().unwrap();
    // 3 entries with ids: the zero word is at 0x0C + 4 x 3 + 4 x 3 = 0x24.
    pakd[0x24] = 1;
    let error = Pakd::decode(&pakd).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::NonZeroReserved);
    assert_eq!(error.offset(), Some(0x24));
    assert_eq!(
        error.to_string(),
        "at byte 0x0024: header end: expected a zero u32, found 0x00000001"
    );
}

#[test]
fn an_entry_offset_past_the_total_size_is_refused() {
    // Found by the decode_pakd fuzz target: entry 1's offset (at 0x0C) past the file made entry
    // 0 run past it.
    let mut pakd = sas::container().encode().unwrap();
    pakd[0x0C..0x10].copy_from_slice(&0xFF00_01C0u32.to_le_bytes());
    let error = Pakd::decode(&pakd).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::BadOffset { found: 0xFF00_01C0 });
    assert_eq!(error.offset(), Some(0x0C));
    assert_eq!(error.field(), "entry 1 offset");
    assert_eq!(
        error.path().frames(),
        [PathFrame::Index("entry", 1), PathFrame::Field("offset")]
    );
}

#[test]
fn entries_out_of_order_are_refused() {
    // Entry 2 (at 0x10) before entry 1's start 0x1C0.
    let mut pakd = sas::container().encode().unwrap();
    pakd[0x10..0x14].copy_from_slice(&0x100u32.to_le_bytes());
    let error = Pakd::decode(&pakd).unwrap_err();
    // Entry 1 is checked first: it starts at 0x1C0, after where it would end (entry 2's offset).
    assert_eq!(error.kind(), ErrorKind::BadOffset { found: 0x1C0 });
    assert_eq!(
        error.to_string(),
        "at byte 0x000C: entry 1 offset: expected 0x1C0..=0x100 (entries in order, after the \
         header, within the total size), found 0x1C0"
    );
}

#[test]
fn a_total_size_past_the_file_or_before_the_header_end_is_refused() {
    let mut pakd = sas::container().encode().unwrap();
    pakd[0x14..0x18].copy_from_slice(&0x280u32.to_le_bytes());
    let error = Pakd::decode(&pakd).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::BadTotalSize { found: 0x280 });
    assert_eq!(
        error.to_string(),
        "at byte 0x0014: total size: expected at most the file's 0x270 bytes, found 0x280"
    );
    // No entries: the header is magic, count 0, total size, zero word (0x10 bytes), so a total
    // size of 8 ends inside it.
    let empty = [b"pakd".as_slice(), &[0; 4], &8u32.to_le_bytes(), &[0; 4]].concat();
    let error = Pakd::decode(&empty).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::BadTotalSize { found: 8 });
    assert_eq!(
        error.to_string(),
        "at byte 0x0008: total size: expected at least the header's end 0x10, found 0x8"
    );
}

// ---- encoding ----

#[test]
fn a_container_of_other_ids_than_entries_is_an_encode_error() {
    // Three entries and one id: the header holds one id per entry.
    let mut container = sas::container();
    container.ids = Some(vec![7]);
    let error = container.encode().unwrap_err();
    assert!(
        matches!(
            &error,
            Error::Encode {
                kind: ErrorKind::IdCount { ids: 1, entries: 3 },
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(error.offset(), None);
    assert_eq!(error.to_string(), "ids: one id per entry");
    let error = Pakd::pack(ByteOrder::Little, &[b"a", b"b"], Some(vec![1])).unwrap_err();
    assert!(!error.is_decode());
    assert_eq!(error.kind(), ErrorKind::IdCount { ids: 1, entries: 2 });
}

#[test]
fn a_slot_naming_a_missing_block_is_refused() {
    let mut set = sas::set_v3(ByteOrder::Little);
    set.animations[1][0].block = Some(9);
    let error = encode_error(&set);
    assert_eq!(
        error.kind(),
        ErrorKind::NoSuchBlock {
            block: 9,
            blocks: 3
        }
    );
    assert_eq!(
        error.to_string(),
        "animation 1, direction 0: block 9 does not exist (3 blocks)"
    );
}

#[test]
fn a_block_no_slot_plays_is_refused() {
    // Block C is animation 2's only slot.
    let mut set = sas::set_v3(ByteOrder::Little);
    set.animations[2][0].block = None;
    let error = encode_error(&set);
    assert_eq!(error.kind(), ErrorKind::UnplayedBlock { block: 2 });
    assert_eq!(error.path().frames(), [PathFrame::Index("block", 2)]);
}

#[test]
fn fields_the_version_lacks_are_refused() {
    let mut v0 = sas::set_v0();
    v0.scale = 2;
    let error = encode_error(&v0);
    assert_eq!(
        error.kind(),
        ErrorKind::NotInVersion {
            version: Version::V0
        }
    );
    assert_eq!(
        error.to_string(),
        "header: a SAS\\0 has no scale (1), not 2"
    );
    let mut v3 = sas::set_v3(ByteOrder::Little);
    let sas_formats::BodyItem::Block(block) = &mut v3.body[0] else {
        panic!("the body starts with block A");
    };
    block.frames[1].args.tail = 1;
    let error = encode_error(&v3);
    assert_eq!(
        error.kind(),
        ErrorKind::NotInVersion {
            version: Version::V3
        }
    );
    assert_eq!(
        error.to_string(),
        "block 0, frame 1: a SAS3 frame has no tail byte (SAS\\0 only)"
    );
}

#[test]
fn values_past_the_psp_layout_are_refused() {
    let mut v0 = sas::set_v0();
    v0.sprites[1].quads[0].width = 300;
    let error = encode_error(&v0);
    assert_eq!(error.kind(), ErrorKind::OutOfRange { value: 300 });
    assert_eq!(
        error.to_string(),
        "sprite 1, quad 0: width 300 does not fit u8"
    );
    let mut v0 = sas::set_v0();
    v0.sprites[0].center_x = -200;
    assert_eq!(
        encode_error(&v0).to_string(),
        "sprite 0: center_x -200 does not fit s8"
    );
    let mut v3 = sas::set_v3(ByteOrder::Little);
    v3.sprites.push(Sprite {
        quads: vec![Quad::default(); 256],
        ..Sprite::default()
    });
    let error = encode_error(&v3);
    assert_eq!(error.kind(), ErrorKind::OutOfRange { value: 256 });
    assert_eq!(
        error.to_string(),
        "sprite 3: quad count 256 does not fit u8"
    );
}

// ---- any damage ----

#[test]
fn every_prefix_of_the_fixtures_fails_cleanly_or_round_trips() {
    for bytes in [v3(), sas::set_v0().encode().unwrap()] {
        for len in 0..bytes.len() {
            match SasSet::decode(&bytes[..len]) {
                Ok(set) => assert_eq!(set.encode().unwrap(), &bytes[..len]),
                // A prefix is a file cut short: a read past its end, a table or a slot past it,
                // or no magic at all.
                Err(error) => assert!(
                    matches!(
                        error.kind(),
                        ErrorKind::UnexpectedEnd { .. }
                            | ErrorKind::BadOffset { .. }
                            | ErrorKind::BadMagic
                    ) && error.offset().is_some_and(|at| at <= len),
                    "{len}: {error:?}"
                ),
            }
        }
    }
    let pakd = sas::container().encode().unwrap();
    for len in 0..pakd.len() {
        match Pakd::decode(&pakd[..len]) {
            Ok(container) => assert_eq!(container.encode().unwrap(), &pakd[..len]),
            Err(error) => assert!(
                matches!(
                    error.kind(),
                    ErrorKind::UnexpectedEnd { .. }
                        | ErrorKind::BadTotalSize { .. }
                        | ErrorKind::BadOffset { .. }
                        | ErrorKind::BadMagic
                ) && error.offset().is_some_and(|at| at <= len),
                "{len}: {error:?}"
            ),
        }
    }
}

#[test]
fn every_byte_changed_fails_cleanly_or_round_trips() {
    // Each byte of each fixture set to a few values that break counts, offsets and magic: the
    // result decodes and encodes back to itself, or is refused with a decoding error inside the
    // file whose message is one line.
    let sets = [v3(), sas::set_v0().encode().unwrap()];
    let pakd = sas::container().encode().unwrap();
    let mut refused = std::collections::HashSet::new();
    for (bytes, is_pakd) in sets.iter().map(|b| (b, false)).chain([(&pakd, true)]) {
        for at in 0..bytes.len() {
            for value in [0x00, 0x01, 0x7F, 0x80, 0xFF, bytes[at] ^ 0x10] {
                let mut changed = bytes.clone();
                changed[at] = value;
                let result = if is_pakd {
                    Pakd::decode(&changed).and_then(|p| p.encode())
                } else {
                    SasSet::decode(&changed).and_then(|s| s.encode())
                };
                match result {
                    Ok(encoded) => assert_eq!(encoded, changed, "byte 0x{at:X} = {value:02X}"),
                    Err(error) => {
                        assert!(error.is_decode(), "{error:?}");
                        assert!(error.offset().is_some_and(|o| o <= changed.len()));
                        assert!(!error.to_string().contains('\n'), "{error}");
                        refused.insert(std::mem::discriminant(&error.kind()));
                    }
                }
            }
        }
    }
    // Magic, byte order aside, every kind of decoding error: the damage reaches each check.
    let kinds = [
        ErrorKind::BadMagic,
        ErrorKind::UnexpectedEnd { wanted: 0, left: 0 },
        ErrorKind::NonZeroReserved,
        ErrorKind::BadOffset { found: 0 },
        ErrorKind::BadTotalSize { found: 0 },
    ];
    for kind in kinds {
        assert!(refused.contains(&std::mem::discriminant(&kind)), "{kind:?}");
    }
}
