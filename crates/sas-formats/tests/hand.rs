//! The synthetic sets against bytes and poses worked out by hand from the layouts (header,
//! animation table, sprite table, sprites, blocks; sizes 16/12/6/12/14 for SAS3, 12/8/4/8/12 for
//! SAS\0). The expected values below are written from the layout tables in the comments, not
//! from the encoder's output; the committed fixtures must equal them too.

use pretty_assertions::assert_eq;
use sas_formats::pose::{Pose, poses};
use sas_formats::{BodyItem, ByteOrder, Command, EntryKind, Meanings, Pakd, SasSet, Version};
use test_support::sas::{self, COMPRESSED_ENTRY};

/// Bytes from hex pairs separated by spaces, `|` or newlines.
fn hex(text: &str) -> Vec<u8> {
    text.split(|c: char| c.is_whitespace() || c == '|')
        .filter(|s| !s.is_empty())
        .map(|s| u8::from_str_radix(s, 16).expect("a hex byte"))
        .collect()
}

/// The SAS3 set, little-endian, by hand.
///
/// Layout: header 0x10 bytes; 3 animations x 16 = 0x30, so the sprite table is at 0x40; the
/// table is a count and 3 offsets (0x10 bytes), so sprite 0 starts at 0x50. Sprite 0 is 6 + 2 x 12
/// = 30 bytes (0x50..0x6E), sprites 1 and 2 are 6 + 12 = 18 (0x6E..0x80, 0x80..0x92). Block A
/// is 4 + 3 x 14 = 46 bytes (0x92..0xC0), the dead frame 14 (0xC0..0xCE), block B 4 + 2 x 14 =
/// 32 (0xCE..0xEE), block C 4 + 11 x 14 = 158 (0xEE..0x18C). As a pakd entry it is padded to
/// align16(0x18C + 1) = 0x190: 4 zero bytes.
///
/// Slots are offset << 1 | mirrored: A 0x92 -> 0x124 (mirrored 0x125), B 0xCE -> 0x19C (0x19D),
/// C 0xEE -> 0x1DC.
fn v3_le_by_hand() -> Vec<u8> {
    hex("
        53 41 53 33 | 02 | 00 00 00 | 40 00 00 00 | 00 00 00 00
        24 01 00 00 | 25 01 00 00 | 9C 01 00 00 | 00 00 00 00
        9C 01 00 00 | 9D 01 00 00 | 00 00 00 00 | 00 00 00 00
        DC 01 00 00 | 00 00 00 00 | 00 00 00 00 | 00 00 00 00
        03 00 00 00 | 50 00 00 00 | 6E 00 00 00 | 80 00 00 00

        00 02 | 00 00 | 00 00
        F8 FF | F0 FF | 08 00 | 10 00 | 00 00 | 00 00
        00 00 | F0 FF | 08 00 | 10 00 | 08 00 | 00 00
        00 01 | 00 00 | 00 00
        FC FF | F8 FF | 08 00 | 08 00 | 10 00 | 00 00
        00 01 | 00 00 | 00 00
        00 00 | 00 00 | 04 00 | 04 00 | 18 00 | 08 00

        03 00 | 18 00
        00 00 | 00 | 00 | 00 | 01 | FE | 03 | 00 00 | 00 00 | 00 00
        08 00 | 01 | 00 | 00 | 00 | 00 | 00 | 02 00 | FF FF | 00 00
        10 00 | 00 | 00 | 01 | 00 | 00 | 00 | 01 00 | 01 00 | 00 00

        04 00 | 00 | 00 | 01 | 00 | 00 | 00 | 00 00 | 00 00 | 00 00

        02 00 | 0A 00
        00 00 | 00 | 00 | 02 | 00 | 00 | 00 | FD FF | 04 00 | 00 00
        05 00 | 00 | 00 | 01 | 00 | 00 | 00 | 00 00 | 00 00 | 00 00

        0B 00 | 1E 00
        00 00 | 00 | 00 | 00 | 00 | 00 | 00 | 00 00 | 00 00 | 00 00
        02 00 | 02 | 00 | 05 | FF | 02 | 07 | 2C 01 | D4 FE | 09 00
        03 00 | 03 | 00 | 00 | 03 | FD | 00 | EC FF | 14 00 | FF FF
        04 00 | 08 | 00 | 02 | 01 | 00 | 00 | 00 00 | 00 00 | 00 00
        05 00 | 09 | 00 | 03 | 02 | 00 | 00 | 00 00 | 00 00 | 00 00
        06 00 | 0A | 00 | 07 | 00 | 00 | 00 | 00 00 | 00 00 | 00 00
        07 00 | 0C | 00 | 00 | 01 | 01 | 00 | 02 00 | 02 00 | 00 00
        08 00 | 0E | 00 | 09 | 00 | 00 | 00 | 00 00 | 00 00 | 00 00
        09 00 | 07 | 00 | 00 | 00 | 00 | 00 | 00 00 | 00 00 | 00 00
        0A 00 | 0B | 00 | 00 | 00 | 00 | 00 | 00 00 | 00 00 | 00 00
        0B 00 | 0D | 00 | 00 | 00 | 00 | 00 | 00 00 | 00 00 | 00 00

        00 00 00 00
    ")
}

/// The SAS\0 set by hand (PSP layout, little-endian).
///
/// Header 0x0C bytes; 2 animations x 16 = 0x20, so the sprite table is at 0x2C; a count and 2
/// offsets (0x0C bytes) put sprite 0 at 0x38. Sprites are 4 + 8 = 12 bytes (0x38..0x44,
/// 0x44..0x50). Block A is 4 + 2 x 12 = 28 bytes (0x50..0x6C), the dead frame 12 (0x6C..0x78),
/// block B 4 + 12 = 16 (0x78..0x88); padding to align16(0x89) = 0x90 is 8 bytes. Slots: A 0x50 ->
/// 0xA0 (mirrored 0xA1), B 0x78 -> 0xF0.
///
/// A sprite is sheet, center_x, center_y, quad count (count last); a quad is s8 x, s8 y, u8 w,
/// u8 h, u16 u, u16 v; a frame is u16 time, type, 0, sprite, x1, y1, unknown5, x2, y2,
/// unknown2, tail.
fn v0_by_hand() -> Vec<u8> {
    hex("
        53 41 53 00 | 2C 00 00 00 | 00 00 00 00
        A0 00 00 00 | A1 00 00 00 | 00 00 00 00 | 00 00 00 00
        A0 00 00 00 | 00 00 00 00 | F0 00 00 00 | 00 00 00 00
        02 00 00 00 | 38 00 00 00 | 44 00 00 00
        00 | 01 | FF | 01 | F8 | F0 | 08 | 10 | 00 00 | 00 00
        00 | 00 | 00 | 01 | FC | F8 | 08 | 08 | 10 00 | 00 00
        02 00 | 0C 00
        00 00 | 00 | 00 | 00 | 00 | 00 | 00 | 00 | 00 | 00 | 00
        06 00 | 08 | 00 | 05 | 00 | 00 | 00 | 00 | 00 | 00 | 00
        03 00 | 01 | 00 | 00 | 00 | 00 | 00 | 01 | 02 | 00 | 00
        01 00 | 04 00
        00 00 | 00 | 00 | 01 | FF | 01 | 00 | 02 | 03 | 04 | 00
        00 00 00 00 00 00 00 00
    ")
}

#[test]
fn sas3_encodes_to_the_hand_layout_and_back() {
    let expected = v3_le_by_hand();
    let set = sas::set_v3(ByteOrder::Little);
    let bytes = set.encode().unwrap();
    assert_eq!(
        bytes.len(),
        0x190,
        "0x18C bytes of layout, padded to align16(0x18C + 1)"
    );
    assert_eq!(bytes, expected);
    assert_eq!(SasSet::decode(&expected).unwrap(), set);
    assert_eq!(
        std::fs::read(test_support::fixtures::sas("synthetic.sas3")).unwrap(),
        expected
    );
}

#[test]
fn sas0_encodes_to_the_hand_layout_and_back() {
    let expected = v0_by_hand();
    let set = sas::set_v0();
    let bytes = set.encode().unwrap();
    assert_eq!(
        bytes.len(),
        0x90,
        "0x88 bytes of layout, padded to align16(0x89)"
    );
    assert_eq!(bytes, expected);
    let decoded = SasSet::decode(&expected).unwrap();
    assert_eq!(decoded.version, Version::V0);
    assert_eq!(decoded.scale, 1);
    assert_eq!(decoded, set);
    assert_eq!(
        std::fs::read(test_support::fixtures::sas("synthetic-psp.sas")).unwrap(),
        expected
    );
}

#[test]
fn big_endian_sas3_reverses_every_multibyte_field() {
    let bytes = sas::set_v3(ByteOrder::Big).encode().unwrap();
    // Same layout, so the same length and offsets; magic read as a u32 is reversed.
    assert_eq!(bytes.len(), 0x190);
    assert_eq!(&bytes[0..4], b"3SAS");
    assert_eq!(
        &bytes[4..16],
        hex("02 00 00 00 | 00 00 00 40 | 00 00 00 00")
    );
    // Animation 0: A, A mirrored, B, none.
    assert_eq!(
        &bytes[0x10..0x20],
        hex("00 00 01 24 00 00 01 25 00 00 01 9C 00 00 00 00")
    );
    // Sprite 0's first quad: -8, -16, 8, 16, 0, 0 as big-endian u16s.
    assert_eq!(
        &bytes[0x56..0x62],
        hex("FF F8 FF F0 00 08 00 10 00 00 00 00")
    );
    // Block C's type-8 frame (0xEE + 4 + 3 x 14 = 0x11C): value 0x0102 at bytes 4..6 in the
    // file's order is 01 02.
    assert_eq!(
        &bytes[0x11C..0x12A],
        hex("00 04 08 00 01 02 00 00 00 00 00 00 00 00")
    );
    let decoded = SasSet::decode(&bytes).unwrap();
    assert_eq!(decoded, sas::set_v3(ByteOrder::Big));
    let frame = match &decoded.body[3] {
        BodyItem::Block(c) => c.frames[3],
        other => panic!("block C expected, found {other:?}"),
    };
    assert_eq!(
        Command::of(&frame, ByteOrder::Big),
        Command::Type8 { value: 0x0102 }
    );
    // Read in the wrong order, the magic says so.
    let error = SasSet::decode_as(&bytes, ByteOrder::Little).unwrap_err();
    assert_eq!(error.offset(), Some(0));
}

#[test]
fn every_frame_type_decodes_to_its_command_with_raw_arguments() {
    let set = SasSet::decode(&v3_le_by_hand()).unwrap();
    let c = set.block(2).unwrap();
    let commands: Vec<Command> = c
        .frames
        .iter()
        .map(|f| Command::of(f, ByteOrder::Little))
        .collect();
    // Read from the hand bytes of block C above, field by field.
    assert_eq!(
        commands,
        vec![
            Command::Sprite {
                sprite: 0,
                x1: 0,
                y1: 0,
                unknown2: 0,
                x2: 0,
                y2: 0
            },
            Command::Type2(sas_formats::FrameArgs {
                sprite: 5,
                x1: -1,
                y1: 2,
                unknown2: 7,
                x2: 0x012C,
                y2: -0x012C,
                unknown5: 9,
                tail: 0
            }),
            Command::Type3 {
                x1: 3,
                y1: -3,
                x2: -20,
                y2: 20,
                unknown5: -1
            },
            Command::Type8 { value: 0x0102 },
            Command::Type9 { value: 0x0203 },
            Command::Type10 { value: 7 },
            Command::Type12 {
                x1: 1,
                y1: 1,
                x2: 2,
                y2: 2
            },
            Command::Type14 { value: 9 },
            Command::Type7,
            Command::Type11 { frame: 0 },
            Command::Irregular { kind: 13 },
        ]
    );
    // Block A's frames: sprite 0 with x1 1, y1 -2 (0xFE), unknown2 3; a move to (2, -1).
    let a = set.block(0).unwrap();
    assert_eq!(
        Command::of(&a.frames[0], ByteOrder::Little),
        Command::Sprite {
            sprite: 0,
            x1: 1,
            y1: -2,
            unknown2: 3,
            x2: 0,
            y2: 0
        }
    );
    assert_eq!(
        Command::of(&a.frames[1], ByteOrder::Little),
        Command::Position {
            x1: 0,
            y1: 0,
            x2: 2,
            y2: -1
        }
    );
}

#[test]
fn a_used_field_outside_the_type_reads_as_irregular_and_still_round_trips() {
    let mut bytes = v3_le_by_hand();
    // Block C's type-8 frame is at 0x11C; its y1 (byte 6) must be zero for a type 8.
    bytes[0x11C + 6] = 0x55;
    let set = SasSet::decode(&bytes).unwrap();
    let frame = set.block(2).unwrap().frames[3];
    assert_eq!(
        Command::of(&frame, ByteOrder::Little),
        Command::Irregular { kind: 8 }
    );
    assert_eq!(set.encode().unwrap(), bytes);
}

#[test]
fn the_two_tables_disagree_on_types_8_and_9_only() {
    let (seed, gibbed) = (Meanings::from_executable(), Meanings::gibbed());
    assert_eq!(seed.of(8).name, "sound");
    assert_eq!(seed.of(9).name, "loop");
    assert_eq!(gibbed.of(8).name, "loopStart");
    assert_eq!(gibbed.of(9).name, "flag");
    for kind in (0..=20).filter(|k| ![8, 9].contains(k)) {
        assert_eq!(seed.of(kind), gibbed.of(kind), "type {kind}");
    }
    assert!(seed.of(0).settled && seed.of(1).settled && !seed.of(8).settled);
}

#[test]
fn mirrored_and_shared_slots_point_at_one_block() {
    let set = SasSet::decode(&v3_le_by_hand()).unwrap();
    // anim 0: A, A mirrored, B; anim 1: B, B mirrored; anim 2: C.
    let blocks: Vec<Vec<(Option<usize>, bool)>> = set
        .animations
        .iter()
        .map(|row| row.iter().map(|s| (s.block, s.mirrored)).collect())
        .collect();
    assert_eq!(
        blocks,
        vec![
            vec![
                (Some(0), false),
                (Some(0), true),
                (Some(1), false),
                (None, false)
            ],
            vec![
                (Some(1), false),
                (Some(1), true),
                (None, false),
                (None, false)
            ],
            vec![
                (Some(2), false),
                (None, false),
                (None, false),
                (None, false)
            ],
        ]
    );
    assert_eq!(set.blocks().count(), 3, "a shared block is stored once");
    assert_eq!(set.dead_frame_count(), 1);
    assert_eq!(set.trailing, vec![0; 4]);
}

fn pose(start: u32, end: u32, sprite: u8, x: i32, y: i32) -> Pose {
    Pose {
        start,
        end,
        sprite: Some(sprite),
        x,
        y,
    }
}

#[test]
fn poses_follow_the_frames_by_hand() {
    let set = sas::set_v3(ByteOrder::Little);
    for meanings in [Meanings::from_executable(), Meanings::gibbed()] {
        // A: sprite 0 at (0, 0) from tick 0; moved to (2, -1) at 8; sprite 1 at (1, 1) from 16
        // until the duration, 24.
        assert_eq!(
            poses(set.block(0).unwrap(), ByteOrder::Little, &meanings),
            vec![
                pose(0, 8, 0, 0, 0),
                pose(8, 16, 0, 2, -1),
                pose(16, 24, 1, 1, 1)
            ]
        );
        // B: sprite 2 at (-3, 4) for ticks 0..5, sprite 1 at (0, 0) for 5..10.
        assert_eq!(
            poses(set.block(1).unwrap(), ByteOrder::Little, &meanings),
            vec![pose(0, 5, 2, -3, 4), pose(5, 10, 1, 0, 0)]
        );
        // C: only its first frame draws; the rest are events or unknown: sprite 0 for 0..30.
        assert_eq!(
            poses(set.block(2).unwrap(), ByteOrder::Little, &meanings),
            vec![pose(0, 30, 0, 0, 0)]
        );
    }
}

#[test]
fn placed_quads_of_a_mirrored_direction_by_hand() {
    use sas_formats::pose::place;
    let set = sas::set_v3(ByteOrder::Little);
    // Pose (2, -1) showing sprite 0: quad 0 spans x -6..2, quad 1 x 2..10, y -17..-1. Mirrored
    // about x = 0: quad 0 spans -2..6, quad 1 -10..-2.
    let p = pose(8, 16, 0, 2, -1);
    let xs = |mirrored| -> Vec<(i32, i32)> {
        place(&set, &p, mirrored)
            .iter()
            .map(|q| (q.x, q.y))
            .collect()
    };
    assert_eq!(xs(false), vec![(-6, -17), (2, -17)]);
    assert_eq!(xs(true), vec![(-2, -17), (-10, -17)]);
}

/// The container by hand: 3 entries with ids, so the header is 16 + 4 x 3 + 4 x 3 = 40 bytes,
/// padded to 48 (0x30). Entry 0 (the SAS3, 0x18C bytes padded to 0x190) runs 0x30..0x1C0, entry 1
/// (the SAS\0, 0x88 padded to 0x90) 0x1C0..0x250, entry 2 (16 bytes padded to align16(17) = 32)
/// 0x250..0x270, the total size.
#[test]
fn pakd_packs_to_the_hand_layout_and_back() {
    let mut expected = hex("
        70 61 6B 64 | 03 00 00 00 | 30 00 00 00 | C0 01 00 00
        50 02 00 00 | 70 02 00 00 | 00 00 01 00 | 01 00 01 00
        02 00 01 00 | 00 00 00 00 | 00 00 00 00 00 00 00 00
    ");
    expected.extend(v3_le_by_hand());
    expected.extend(v0_by_hand());
    expected.extend(COMPRESSED_ENTRY);
    expected.extend([0; 16]);
    let pakd = sas::container();
    let bytes = pakd.encode().unwrap();
    assert_eq!(bytes.len(), 0x270, "the end of entry 2");
    assert_eq!(bytes, expected);
    let decoded = Pakd::decode(&expected).unwrap();
    assert_eq!(decoded, pakd);
    assert_eq!(decoded.ids, Some(vec![0x1_0000, 0x1_0001, 0x1_0002]));
    let kinds: Vec<EntryKind> = decoded.entries.iter().map(|e| e.kind()).collect();
    assert_eq!(
        kinds,
        vec![
            EntryKind::Sas(Version::V3, ByteOrder::Little),
            EntryKind::Sas(Version::V0, ByteOrder::Little),
            EntryKind::Compressed {
                version: 2,
                packed: 0x10,
                unpacked: 0x20
            },
        ]
    );
    // Entries keep their padding, so an extracted SAS is the standalone file.
    assert_eq!(decoded.entries[0].contents().unwrap(), v3_le_by_hand());
    let refusal = decoded.entries[2].contents().unwrap_err();
    assert!(refusal.contains("ashg-compressed"), "{refusal}");
    assert_eq!(
        std::fs::read(test_support::fixtures::sas("synthetic.pakd")).unwrap(),
        expected
    );
}

#[test]
fn big_endian_pakd_round_trips() {
    let v3 = sas::set_v3(ByteOrder::Big).encode().unwrap();
    let pakd = Pakd::pack(ByteOrder::Big, &[&v3[..0x18C]], None).unwrap();
    let bytes = pakd.encode().unwrap();
    // No ids: header 16 + 4 = 20, padded to 32; the entry 0x20..0x1B0.
    assert_eq!(
        &bytes[..0x14],
        hex("64 6B 61 70 00 00 00 01 00 00 00 20 00 00 01 B0 00 00 00 00")
    );
    let decoded = Pakd::decode(&bytes).unwrap();
    assert_eq!(decoded, pakd);
    assert_eq!(decoded.ids, None);
    let entry = SasSet::decode_as(&decoded.entries[0].bytes, ByteOrder::Big).unwrap();
    assert_eq!(entry, sas::set_v3(ByteOrder::Big));
}

#[test]
fn big_endian_sas0_keeps_its_byte_fields_and_swaps_the_rest() {
    let mut set = sas::set_v0();
    set.byte_order = ByteOrder::Big;
    let bytes = set.encode().unwrap();
    // Same layout as by hand above: 0x90 bytes, magic reversed, the sprite table offset 0x2C and
    // the slots as big-endian u32s; sprite 0's quad keeps its byte fields and swaps u, v.
    assert_eq!(bytes.len(), 0x90);
    assert_eq!(
        &bytes[..0x14],
        hex("00 53 41 53 | 00 00 00 2C | 00 00 00 00 | 00 00 00 A0 | 00 00 00 A1")
    );
    assert_eq!(&bytes[0x3C..0x44], hex("F8 F0 08 10 00 00 00 00"));
    // Block A's head at 0x50: 2 frames, duration 12.
    assert_eq!(&bytes[0x50..0x54], hex("00 02 00 0C"));
    assert_eq!(SasSet::decode(&bytes).unwrap(), set);
    // The type-8 frame was made with the little-endian index 5 (byte 4 = 5, byte 5 = 0); read
    // big-endian, bytes 4..6 are the u16 0x0500.
    let frame = set.block(0).unwrap().frames[1];
    assert_eq!(
        Command::of(&frame, ByteOrder::Big),
        Command::Type8 { value: 0x0500 }
    );
}
