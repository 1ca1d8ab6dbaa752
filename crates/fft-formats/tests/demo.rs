//! The synthetic demo unit (`test_support::demo`) and its committed fixtures in `fixtures/demo/`.
//!
//! The expected bytes and offsets here are worked out by hand from the model's description in
//! `demo.rs` and the layouts of docs/formats/shp.md and docs/formats/seq.md, not copied from the
//! encoder's output.

use fft_formats::shp::SheetRect;
use fft_formats::{Command, FileFormat, RoundTrip, Seq, UnitShp, detect_format, round_trip};
use pretty_assertions::assert_eq;
use test_support::demo::{demo_seq, demo_shp};
use test_support::{repo_root, text_difference};

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

/// The committed demo pair and the fuzz seeds copied from it (`cargo xtask bless` writes all
/// four) are what the model encodes to; every stale file is reported, with a hex diff.
#[test]
fn demo_fixture_matches_model() {
    let shp = demo_shp().encode().expect("the demo SHP encodes");
    let seq = demo_seq().encode().expect("the demo SEQ encodes");
    let files = [
        ("fixtures/demo/DEMO.SHP", &shp),
        ("fuzz/seeds/shp/DEMO.SHP", &shp),
        ("fixtures/demo/DEMO.SEQ", &seq),
        ("fuzz/seeds/seq/DEMO.SEQ", &seq),
    ];
    let stale: Vec<String> = files
        .iter()
        .filter_map(|(file, expected)| {
            let stored = match std::fs::read(repo_root().join(file)) {
                Ok(stored) => stored,
                Err(e) => return Some(format!("{file}: {e}")),
            };
            text_difference(&hex_dump(expected), &hex_dump(&stored))
                .map(|diff| format!("{file} is stale (expected: the model's bytes): {diff}"))
        })
        .collect();
    assert!(
        stale.is_empty(),
        "{}\n\nIf the model in demo.rs changed on purpose, regenerate them with `cargo xtask bless`",
        stale.join("\n\n")
    );
}

#[test]
fn demo_fixtures_decode_to_the_model() {
    let shp =
        std::fs::read(test_support::fixtures::demo("DEMO.SHP")).expect("fixtures/demo/DEMO.SHP");
    let seq =
        std::fs::read(test_support::fixtures::demo("DEMO.SEQ")).expect("fixtures/demo/DEMO.SEQ");
    assert_eq!(UnitShp::decode(&shp), Ok(demo_shp()));
    assert_eq!(Seq::decode(&seq), Ok(demo_seq()));
    assert_eq!(detect_format(&shp), Some(FileFormat::UnitShp));
    assert_eq!(detect_format(&seq), Some(FileFormat::Seq));
    assert_eq!(
        round_trip(FileFormat::UnitShp, &shp),
        Ok(RoundTrip::Identical)
    );
    assert_eq!(round_trip(FileFormat::Seq, &seq), Ok(RoundTrip::Identical));
}

/// Tile counts of the demo's frames 0-18, from the frame list in demo.rs's documentation.
const MAIN_TILES: [u8; 19] = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 2, 3, 1, 1, 2, 2, 2, 3];
const WATER_TILES: [u8; 19] = [1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 3, 4, 2, 2, 3, 3, 3, 4];

/// Sizes, pointers and records of the demo SHP, computed by hand from the frame list in demo.rs
/// (tile counts `MAIN_TILES`, `WATER_TILES`) and the layout of docs/formats/shp.md 2.1-2.3.
#[test]
fn demo_shp_layout_by_hand() {
    let bytes = demo_shp().encode().expect("the demo SHP encodes");
    // Records of 2 + 4n bytes: main 6 + 8 x 6 + 10 + 14 + 10 + 14 + 6 + 6 + 10 + 10 + 10 + 14 =
    // 158, water 6 + 8 x 10 + 14 + 18 + 14 + 18 + 10 + 10 + 14 + 14 + 14 + 18 = 230. The file:
    // header 8, table 0x400, length 2, 158 bytes; table 0x400, length 2, 230 bytes: 2448.
    assert_eq!(bytes.len(), 2448);
    assert_eq!(u32_at(&bytes, 0), 0x4A8, "water_ptr: 0x40A + 158");
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
    // Byte 0 of each record: the tile count minus one (docs/formats/shp.md 2.2).
    for (frame, &count) in MAIN_TILES.iter().enumerate() {
        let at = 0x40A + expected_ptrs[frame] as usize;
        assert_eq!(bytes[at], count - 1, "main frame {frame}");
    }
    for (frame, &count) in WATER_TILES.iter().enumerate() {
        let at = water_at + 0x402 + expected_water_ptrs[frame] as usize;
        assert_eq!(bytes[at], count - 1, "water frame {frame}");
    }

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
    // Stream: 6 holds (12 bytes), 4 loops of 6 bytes, one FF FF, attack 30 + 27, spin 32 + 32:
    // 159 = 0x9F bytes after the 0x406 of header and slot table.
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
    // The spins' counted loops, `FF FC F8 02` at 0x67 and `FF FC F8 01` at 0x87 (8 bytes into
    // each), jump -8 from their own FF (docs/formats/seq.md 3.3), to 0x5F and 0x7F: each spin's
    // first command, where slots 16 and 17 point. Read back from the bytes, not from the model.
    let decoded = Seq::decode(&bytes).expect("the demo SEQ decodes");
    let offsets = decoded.command_offsets();
    let counted: Vec<(usize, i8)> = decoded
        .commands
        .iter()
        .zip(&offsets)
        .filter_map(|(command, &at)| match command {
            Command::Op { code: 0xFC, args } => Some((at, args.signed(0))),
            _ => None,
        })
        .collect();
    assert_eq!(counted, [(0x67, -8), (0x87, -8)]);
    assert_eq!(offsets[decoded.slots[16].index()], 0x5F);
    assert_eq!(offsets[decoded.slots[17].index()], 0x7F);
    assert_eq!(
        stream[0x7F + 12..0x7F + 15],
        [0xFF, 0xD8, 0xFF],
        "spin back: SetFrameOffset -1"
    );
}

/// Frames 13 and 14 exist only in water, and the Nulled Walk slot shows only them: read from the
/// committed files (the model's module docs say so of the model).
#[test]
fn demo_nulled_walk_is_water_only() {
    let shp =
        UnitShp::decode(&std::fs::read(test_support::fixtures::demo("DEMO.SHP")).unwrap()).unwrap();
    let water = shp.water.as_ref().expect("the demo has a water table");
    assert_eq!(shp.main.len(), 19);
    assert_eq!(water.len(), 19);
    for frame in [13, 14] {
        assert_eq!(shp.main[frame], shp.main[0], "main frame {frame} is blank");
        assert_ne!(water[frame], water[0], "water frame {frame} is drawn");
    }
    assert!(!shp.in_lower_half(14));
    assert!(shp.in_lower_half(15));

    let seq =
        Seq::decode(&std::fs::read(test_support::fixtures::demo("DEMO.SEQ")).unwrap()).unwrap();
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

/// The lower-half rule (docs/formats/shp.md 2.3): a frame's tiles are cut from rows 256 and down
/// exactly when its index is at least `lower_half_from` (15 in the demo); no tile bit says so. The
/// rectangles are worked out by hand from the tile words `demo_shp_layout_by_hand` checks, read
/// here from the committed file.
#[test]
fn frames_from_lower_half_from_on_are_cut_from_the_lower_half() {
    let shp =
        UnitShp::decode(&std::fs::read(test_support::fixtures::demo("DEMO.SHP")).unwrap()).unwrap();
    let rect = |x, y, w, h| SheetRect { x, y, w, h };
    let cut = |frame: usize| -> Vec<SheetRect> {
        shp.main[frame]
            .tiles
            .iter()
            .map(|t| t.sheet_rect(shp.in_lower_half(frame)))
            .collect()
    };
    // Frame 14, the blank record: word 0x02DE, column 30, row 22, size 0 (8x8), top half.
    assert_eq!(cut(14), [rect(240, 176, 8, 8)]);
    // Frame 15: words 0x1810 (column 16, row 0, 24x24) and 0x2C00 (column 0, row 0, 32x40),
    // both 256 rows down.
    assert_eq!(cut(15), [rect(128, 256, 24, 24), rect(0, 256, 32, 40)]);
    // Frame 18: 0x3070 (column 16, row 3, 48x16), 0x1816 (column 22, 24x24), 0x2C0C (column 12,
    // 32x40).
    assert_eq!(
        cut(18),
        [
            rect(128, 280, 48, 16),
            rect(176, 256, 24, 24),
            rect(96, 256, 32, 40)
        ]
    );
}
