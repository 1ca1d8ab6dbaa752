//! Hostile inputs: slot tables pointing anywhere, counts and lengths at their maxima, pointers
//! into the wrong table, frames of 8 tiles everywhere, a 64 MiB file of 0xFF. Each gives a clear
//! error or a bounded result, and the memory a decode takes is measured by a counting allocator
//! and held to a small multiple of the input's size.

use fft_formats::hd::HdPart;
use fft_formats::seq::STREAM_START;
use fft_formats::spr::Spr;
use fft_formats::{
    Command, CommandIndex, DecodeError, ErrorKind, Frame, Seq, Tile, UnitShp, WeaponShp,
};

use test_support::alloc::peak_memory;

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

/// Decoding `bytes` with every decoder holds at most a small multiple of the input.
fn assert_bounded(what: &str, bytes: &[u8]) {
    let limit = 16 * bytes.len() + 64 * 1024;
    let (_, peak) = peak_memory(|| {
        let _ = UnitShp::decode(bytes);
        let _ = WeaponShp::decode(bytes);
        let _ = Seq::decode(bytes);
        let _ = Spr::decode(bytes);
        let _ = HdPart::decode(bytes);
    });
    assert!(
        peak <= limit,
        "{what}: decoding held {peak} bytes for {} bytes of input",
        bytes.len()
    );
}

fn seq_bytes(slots: &[u32], stream: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0, 0xFF, 0];
    for slot in slots {
        out.extend_from_slice(&slot.to_le_bytes());
    }
    out.resize(0x404, 0xFF);
    out.extend_from_slice(&(stream.len() as u16).to_le_bytes());
    out.extend_from_slice(stream);
    out
}

fn expect_error(
    what: &str,
    result: Result<impl std::fmt::Debug, DecodeError>,
    kind: ErrorKind,
    offset: usize,
    needle: &str,
) {
    let error = result.expect_err(what);
    assert_eq!(error.kind(), kind, "{what}: {error}");
    assert_eq!(error.offset().unwrap(), offset, "{what}: {error}");
    assert!(error.to_string().contains(needle), "{what}: {error}");
}

#[test]
fn slots_pointing_past_the_stream_or_into_a_command() {
    let stream = [1, 2, 0xFF, 0xD4, 0, 3, 0];
    let past = seq_bytes(&[0, 7], &stream);
    expect_error(
        "past the end",
        Seq::decode(&past),
        ErrorKind::BadPointer,
        8,
        "slot 1",
    );
    assert!(
        Seq::decode(&past)
            .unwrap_err()
            .found()
            .contains("past the stream")
    );
    let inside = seq_bytes(&[0, 3], &stream);
    expect_error(
        "inside PlayAttackSound",
        Seq::decode(&inside),
        ErrorKind::BadPointer,
        8,
        "inside a command",
    );
    let far = seq_bytes(&[0, 0xFFFF_FFFE], &stream);
    expect_error(
        "far past",
        Seq::decode(&far),
        ErrorKind::BadPointer,
        8,
        "slot 1",
    );
    assert_bounded("slot past the stream", &past);
}

#[test]
fn slots_pointing_at_every_byte() {
    // 127 two-byte frames, and 254 slots, one at every byte of the stream: the odd ones land
    // inside a frame command, and the first of those is reported.
    let stream: Vec<u8> = (0..127u8).flat_map(|f| [f, 2]).collect();
    let every_byte: Vec<u32> = (0..254).collect();
    expect_error(
        "every byte",
        Seq::decode(&seq_bytes(&every_byte, &stream)),
        ErrorKind::BadPointer,
        4 + 4,
        "slot 1",
    );
    // One slot at every command start is fine, all 256 of them, and the table is kept as it is.
    let stream: Vec<u8> = (0..=255u8).flat_map(|f| [f.min(0xFE), 0]).collect();
    let every_command: Vec<u32> = (0..256).map(|i| 2 * i).collect();
    let bytes = seq_bytes(&every_command, &stream);
    let seq = Seq::decode(&bytes).expect("256 slots, one per command");
    assert_eq!(seq.slots, (0..256).map(CommandIndex).collect::<Vec<_>>());
    assert_eq!(seq.encode().unwrap(), bytes);
    assert_bounded("256 slots", &bytes);
}

#[test]
fn loops_that_jump_to_themselves_or_forward_still_decode() {
    // The codec keeps jump arguments as raw bytes; only execution interprets them (bounded there).
    let stream = [
        1, 2, 0xFF, 0xFC, 0x00, 0xFF, 0xFF, 0xFC, 0x10, 0x01, 0xFF, 0xFD, 0x00, 0xFF, 0xFD, 0x7F,
    ];
    let bytes = seq_bytes(&[0], &stream);
    let seq = Seq::decode(&bytes).unwrap();
    assert_eq!(seq.commands.len(), 5);
    assert_eq!(seq.encode().unwrap(), bytes);
}

#[test]
fn stream_length_at_its_maximum() {
    // L = 65535: the longest stream a SEQ can hold, all frame commands but the last byte.
    let mut stream: Vec<u8> = std::iter::repeat_n([5u8, 2], 32767).flatten().collect();
    stream.push(5);
    let bytes = seq_bytes(&[0], &stream);
    expect_error(
        "a command cut by the stream's end",
        Seq::decode(&bytes),
        ErrorKind::UnexpectedEnd,
        STREAM_START + 65534,
        "1 byte before the stream ends",
    );
    assert_bounded("L = 65535, cut", &bytes);
    stream.truncate(stream.len() - 3);
    stream.extend_from_slice(&[0xFF, 0xFF, 0]); // PauseAnimation + one byte: still 65535 bytes
    let bytes = seq_bytes(&[0], &stream);
    assert!(Seq::decode(&bytes).is_err());
    stream.pop();
    let bytes = seq_bytes(&[0], &stream);
    let seq = Seq::decode(&bytes).expect("a 65534-byte stream");
    assert_eq!(seq.commands.len(), 32767);
    assert_eq!(seq.encode().unwrap(), bytes);
    assert_bounded("L = 65534", &bytes);
}

fn frame_of_8_tiles(row: u8) -> Frame {
    let tiles = (0..8)
        .map(|i| Tile {
            dx: -(i as i8) * 4,
            dy: -40,
            column: i * 4,
            row,
            size_code: 15,
            flip_x: i % 2 == 1,
            flip_y: false,
        })
        .collect();
    Frame {
        rotation: 0,
        flags: 0,
        tiles,
    }
}

#[test]
fn frames_of_8_tiles_everywhere() {
    // 256 frames of 8 tiles in both tables: the largest unit SHP that can exist (two blocks of
    // 256 * 34 bytes).
    let frames: Vec<Frame> = (0..=255u8).map(|i| frame_of_8_tiles(i % 32)).collect();
    let shp = UnitShp {
        lower_half_from: 128,
        extra: 0xFF,
        main: frames.clone(),
        water: Some(frames),
    };
    let bytes = shp.encode().unwrap();
    assert_eq!(bytes.len(), 8 + 2 * (0x402 + 256 * 34));
    assert_eq!(UnitShp::decode(&bytes).unwrap(), shp);
    assert_bounded("256 frames of 8 tiles, twice", &bytes);
    // 512 of them in a weapon SHP.
    let weapon = WeaponShp {
        first_section: [0; 0x44],
        frames: (0..512).map(|i| frame_of_8_tiles((i % 32) as u8)).collect(),
    };
    let bytes = weapon.encode().unwrap();
    assert_eq!(WeaponShp::decode(&bytes).unwrap(), weapon);
    assert_bounded("512 frames of 8 tiles", &bytes);
}

#[test]
fn block_lengths_at_their_maximum() {
    // A main block claiming 65535 bytes in a file that has them, filled with 8-tile records:
    // 65535 is not a multiple of 34, so the last record runs past the block.
    let mut bytes = vec![8, 0, 0, 0, 84, 0, 0xFF, 0];
    bytes.resize(0x408, 0);
    bytes.extend_from_slice(&0xFFFFu16.to_le_bytes());
    bytes.resize(0x40A + 0xFFFF, 0x07);
    let result = UnitShp::decode(&bytes);
    assert!(result.is_err(), "{result:?}");
    assert_bounded("main block of 65535 bytes", &bytes);
}

#[test]
fn a_water_pointer_into_the_main_table() {
    let demo = test_support::demo::demo_shp().encode().unwrap();
    for water_ptr in [0u32, 8 + 4, 0x200, 0x40A] {
        let mut bytes = demo.clone();
        bytes[..4].copy_from_slice(&water_ptr.to_le_bytes());
        expect_error(
            "water_ptr",
            UnitShp::decode(&bytes),
            ErrorKind::BadPointer,
            0,
            "header water_ptr",
        );
    }
}

#[test]
fn sixty_four_mebibytes_of_ff() {
    let bytes = vec![0xFF; 64 << 20];
    let (errors, peak) = peak_memory(|| {
        [
            UnitShp::decode(&bytes).is_err(),
            WeaponShp::decode(&bytes).is_err(),
            Seq::decode(&bytes).is_err(),
            Spr::decode(&bytes).is_err(),
            HdPart::decode(&bytes).is_err(),
        ]
    });
    assert_eq!(errors, [true; 5]);
    assert!(peak < 1 << 20, "decoding 64 MiB of 0xFF held {peak} bytes");
    let seq = Seq::decode(&bytes).unwrap_err();
    assert_eq!(seq.offset().unwrap(), 0x404, "{seq}");
    let shp = UnitShp::decode(&bytes).unwrap_err();
    assert!(shp.offset().unwrap() <= 0x408, "{shp}");
}

/// An HD half allocates its pixels only for one of its two sizes: a file of either size costs
/// twice its bytes, any other nothing.
#[test]
fn hd_halves_of_any_size_are_bounded() {
    for len in [0, 118_783, 118_784, 131_072, 131_073, 1 << 20] {
        assert_bounded(&format!("an HD half of {len} bytes"), &vec![0x5A; len]);
    }
}

#[test]
fn commands_with_every_opcode_byte() {
    // Every byte after 0xFF: below 0xBE an error at that byte; from 0xBE on a command (or, when
    // the zeros after it do not tile the stream, an error somewhere after it).
    for op in 0..=255u8 {
        let stream = [0xFF, op, 0, 0, 0, 0, 0, 0];
        let result = Seq::decode(&seq_bytes(&[0], &stream));
        if op < 0xBE {
            expect_error(
                "unknown opcode",
                result,
                ErrorKind::UnknownOpcode,
                STREAM_START + 1,
                "a known opcode",
            );
        } else {
            match result {
                Ok(seq) => {
                    assert!(matches!(seq.commands[0], Command::Op { code, .. } if code == op))
                }
                Err(e) => assert!(
                    e.offset().unwrap() > STREAM_START + 1 && e.kind() != ErrorKind::UnknownOpcode,
                    "FF {op:02X}: {e}"
                ),
            }
        }
    }
}
