//! The synthetic demo unit (`test_support::demo`) and its committed fixtures in `fixtures/demo/`.
//!
//! The expected bytes and offsets here are worked out by hand from the model's description in
//! `demo.rs` and the layouts of formats.md, not copied from the encoder's output.

use std::path::PathBuf;

use fft_formats::{FileKind, RoundTrip, Seq, UnitShp, detect_kind, round_trip};
use pretty_assertions::assert_eq;
use test_support::demo::{demo_seq, demo_shp};

fn fixture(name: &str) -> PathBuf {
    test_support::repo_root().join("fixtures/demo").join(name)
}

/// 16 bytes a line with the offset in front, so that a mismatch shows where it is.
fn hex_dump(bytes: &[u8]) -> String {
    bytes
        .chunks(16)
        .enumerate()
        .map(|(i, line)| {
            let hex: Vec<String> = line.iter().map(|b| format!("{b:02X}")).collect();
            format!("{:04X}: {}\n", i * 16, hex.join(" "))
        })
        .collect()
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

#[test]
fn demo_fixture_matches_model() {
    let files = [
        (
            "DEMO.SHP",
            demo_shp().encode().expect("the demo SHP encodes"),
        ),
        (
            "DEMO.SEQ",
            demo_seq().encode().expect("the demo SEQ encodes"),
        ),
    ];
    for (name, expected) in files {
        let path = fixture(name);
        let stored = std::fs::read(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; `cargo xtask bless` writes it from the model",
                path.display()
            )
        });
        assert_eq!(
            hex_dump(&stored),
            hex_dump(&expected),
            "{name} is stale: the model in demo.rs encodes differently (left: the file). \
             If the model changed on purpose, regenerate it with `cargo xtask bless`"
        );
    }
}

#[test]
fn demo_fixtures_decode_to_the_model() {
    let shp = std::fs::read(fixture("DEMO.SHP")).expect("fixtures/demo/DEMO.SHP");
    let seq = std::fs::read(fixture("DEMO.SEQ")).expect("fixtures/demo/DEMO.SEQ");
    assert_eq!(UnitShp::decode(&shp), Ok(demo_shp()));
    assert_eq!(Seq::decode(&seq), Ok(demo_seq()));
    assert_eq!(detect_kind(&shp), Some(FileKind::UnitShp));
    assert_eq!(detect_kind(&seq), Some(FileKind::Seq));
    assert_eq!(
        round_trip(FileKind::UnitShp, &shp),
        Ok(RoundTrip::Identical)
    );
    assert_eq!(round_trip(FileKind::Seq, &seq), Ok(RoundTrip::Identical));
}

/// Sizes, pointers and records of the demo SHP, computed by hand from the frame list in demo.rs
/// (tile counts main 1,1x8,2,3,2,3,1,1,2,2,2,3; water 1,2x8,3,4,3,4,2,2,3,3,3,4).
#[test]
fn demo_shp_layout_by_hand() {
    let bytes = demo_shp().encode().expect("the demo SHP encodes");
    let main_len = 6 + 8 * 6 + 10 + 14 + 10 + 14 + 6 + 6 + 10 + 10 + 10 + 14;
    let water_len = 6 + 8 * 10 + 14 + 18 + 14 + 18 + 10 + 10 + 14 + 14 + 14 + 18;
    assert_eq!((main_len, water_len), (158, 230));
    assert_eq!(bytes.len(), 8 + 0x400 + 2 + 158 + 0x400 + 2 + 230);
    assert_eq!(u32_at(&bytes, 0), 0x40A + 158, "water_ptr");
    assert_eq!(u16_at(&bytes, 4), 15, "lower_half_from");
    assert_eq!(u16_at(&bytes, 6), 0xFF, "extra");
    assert_eq!(u16_at(&bytes, 0x408), 158, "main_len");
    let main_ptrs: Vec<u32> = (0..20).map(|i| u32_at(&bytes, 8 + 4 * i)).collect();
    let expected_ptrs = [
        0, 6, 12, 18, 24, 30, 36, 42, 48, 54, 64, 78, 88, 102, 108, 114, 124, 134, 144, 0,
    ];
    assert_eq!(main_ptrs, expected_ptrs);
    let water_at = 0x40A + 158;
    assert_eq!(u16_at(&bytes, water_at + 0x400), 230, "water_len");
    let water_ptrs: Vec<u32> = (0..20).map(|i| u32_at(&bytes, water_at + 4 * i)).collect();
    let expected_water_ptrs = [
        0, 6, 16, 26, 36, 46, 56, 66, 76, 86, 100, 118, 132, 150, 160, 170, 184, 198, 212, 0,
    ];
    assert_eq!(water_ptrs, expected_water_ptrs);

    let main = |offset: usize, len: usize| &bytes[0x40A + offset..0x40A + offset + len];
    // Frame 0: 1 tile, dx = dy = -4, word = column 30 | row 22 << 5 | size 0 = 0x02DE.
    assert_eq!(main(0, 6), [0x00, 0x00, 0xFC, 0xFC, 0xDE, 0x02]);
    // Frame 1: 32x40 (size 11) at column 0 row 0, at (-16, -35): word 11 << 10 = 0x2C00.
    assert_eq!(main(6, 6), [0x00, 0x00, 0xF0, 0xDD, 0x00, 0x2C]);
    // Frame 4: frame 2's rectangle (column 4) mirrored: 4 | 11 << 10 | 1 << 14 = 0x6C04.
    assert_eq!(main(24, 6), [0x00, 0x00, 0xF0, 0xDD, 0x04, 0x6C]);
    // Frames 13 and 14 repeat frame 0's record.
    assert_eq!(main(102, 6), main(0, 6));
    assert_eq!(main(108, 6), main(0, 6));
    // Frame 15, lower half: arm 24x24 (size 6) at sheet (128, 256) -> column 16 row 0, at
    // (-20, -30); body 32x40 at sheet (0, 256) -> column 0 row 0, at (-16, -35).
    assert_eq!(
        main(114, 10),
        [0x01, 0x00, 0xEC, 0xE2, 0x10, 0x18, 0xF0, 0xDD, 0x00, 0x2C]
    );
    // Frame 18: slash 48x16 (size 12) at sheet (128, 280) -> column 16 row 3: 16 | 3 << 5 |
    // 12 << 10 = 0x3070, at (8, -24); then the arm and the body.
    assert_eq!(
        main(144, 14),
        [
            0x02, 0x00, 0x08, 0xE8, 0x70, 0x30, 0x06, 0xE6, 0x16, 0x18, 0xF2, 0xDD, 0x0C, 0x2C
        ]
    );
    // Water frame 1: the water line 32x16 (size 8) at sheet (160, 80) -> column 20 row 10,
    // 20 | 10 << 5 | 8 << 10 = 0x2154, at (-16, -21); then pose 1's top 32x16: 0x2000.
    let w1 = water_at + 0x402 + 6;
    assert_eq!(
        bytes[w1..w1 + 10],
        [0x01, 0x00, 0xF0, 0xEB, 0x54, 0x21, 0xF0, 0xDD, 0x00, 0x20]
    );
}

/// The demo SEQ's layout, worked out by hand from the slot list in demo.rs.
#[test]
fn demo_seq_layout_by_hand() {
    let bytes = demo_seq().encode().expect("the demo SEQ encodes");
    // Stream: 6 holds (12 bytes), 4 loops of 6 bytes, one FF FF, attack 30 + 27, spin 32 + 32.
    let stream_len = 12 + 4 * 6 + 2 + 30 + 27 + 32 + 32;
    assert_eq!(stream_len, 0x9F);
    assert_eq!(bytes.len(), 0x406 + 0x9F);
    assert_eq!(bytes[..4], [14, 0, 0xFF, 0]);
    let slots: Vec<u32> = (0..18).map(|s| u32_at(&bytes, 4 + 4 * s)).collect();
    let expected_slots = [
        0x00, 0x02, 0x04, 0x06, 0x08, 0x0A, 0x0C, 0x12, 0x18, 0x1E, 0x24, 0x24, 0x24, 0x24, 0x26,
        0x44, 0x5F, 0x7F,
    ];
    assert_eq!(slots, expected_slots);
    assert!(bytes[4 + 4 * 18..0x404].iter().all(|b| *b == 0xFF));
    assert_eq!(u16_at(&bytes, 0x404), 0x9F);
    let stream = &bytes[0x406..];
    assert_eq!(stream[..12], [0, 0, 3, 0, 2, 0, 1, 0, 8, 0, 7, 0]);
    assert_eq!(stream[0x0C..0x12], [9, 8, 10, 8, 0xFF, 0xD5]);
    assert_eq!(stream[0x18..0x1E], [13, 8, 14, 8, 0xFF, 0xD5]);
    assert_eq!(stream[0x24..0x26], [0xFF, 0xFF]);
    let attack_front = [
        15, 4, 0xFF, 0xCD, 16, 8, 0xFF, 0xD3, 0xFE, 0xFF, 0xF6, 0x21, 0xFF, 0xD1, 17, 2, 0xFF,
        0xDE, 0xFF, 0xEE, 0x02, 18, 12, 0xFF, 0xEE, 0xFE, 17, 4, 0xFF, 0xFF,
    ];
    assert_eq!(stream[0x26..0x44], attack_front);
    let spin_front = [
        2, 4, 0xFF, 0xEC, 2, 4, 0xFF, 0xEC, 0xFF, 0xFC, 0xF8, 0x02, 0xFF, 0xD8, 0x01, 2, 4, 0xFF,
        0xD8, 0x00, 0xFF, 0xF0, 0x04, 1, 4, 0xFF, 0xF0, 0xFC, 1, 4, 0xFF, 0xFF,
    ];
    assert_eq!(stream[0x5F..0x7F], spin_front);
    // The counted loop's jump (-8 from its own FF at 0x67) lands on the spin's first command.
    assert_eq!(0x67 - 8, 0x5F);
    assert_eq!(
        stream[0x7F + 12..0x7F + 15],
        [0xFF, 0xD8, 0xFF],
        "spin back: SetFrameOffset -1"
    );
}

/// Frames 13 and 14 exist only in water, and the Nulled Walk slot shows only them.
#[test]
fn demo_nulled_walk_is_water_only() {
    let shp = demo_shp();
    let water = shp.water.as_ref().expect("the demo has a water table");
    assert_eq!(shp.main.len(), 19);
    assert_eq!(water.len(), 19);
    for frame in [13, 14] {
        assert_eq!(shp.main[frame], shp.main[0], "main frame {frame} is blank");
        assert_ne!(water[frame], water[0], "water frame {frame} is drawn");
    }
    assert!(!shp.in_lower_half(14));
    assert!(shp.in_lower_half(15));
    assert!((15..19).all(|i| {
        shp.main[i]
            .tiles
            .iter()
            .all(|t| t.sheet_rect(true).y >= 256)
    }));

    let seq = demo_seq();
    let offsets = seq.command_offsets();
    let start = seq.slots[8].index();
    assert_eq!(offsets[start], 0x18);
    let shown: Vec<u8> = seq.commands[start..]
        .iter()
        .map_while(|c| match c {
            fft_formats::Command::Frame { frame, .. } => Some(*frame),
            fft_formats::Command::Op { .. } => None,
        })
        .collect();
    assert_eq!(shown, [13, 14]);
}
