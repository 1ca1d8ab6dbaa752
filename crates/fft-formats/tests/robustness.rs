//! Damaged input: every truncation and a few thousand single-byte changes of real and demo files
//! must decode or fail with an error inside the file, never panic; whatever decodes must encode
//! back to exactly the damaged bytes. And a few hand-made broken files whose error messages are
//! checked by hand.

use std::panic::{AssertUnwindSafe, catch_unwind};

use fft_formats::demo::{demo_seq, demo_shp};
use fft_formats::{DecodeError, Seq, UnitShp, WeaponShp};
use pretty_assertions::assert_eq;

/// The three decoders, each paired with its encoder.
#[derive(Debug, Clone, Copy)]
enum Decoder {
    Unit,
    Weapon,
    Seq,
}

const DECODERS: [Decoder; 3] = [Decoder::Unit, Decoder::Weapon, Decoder::Seq];

/// Decodes and, on success, encodes again. A panic in either is turned into a test failure that
/// names the input.
fn decode_encode(decoder: Decoder, bytes: &[u8], what: &str) -> Result<Vec<u8>, DecodeError> {
    let run = || match decoder {
        Decoder::Unit => UnitShp::decode(bytes).map(|m| m.encode()),
        Decoder::Weapon => WeaponShp::decode(bytes).map(|m| m.encode()),
        Decoder::Seq => Seq::decode(bytes).map(|m| m.encode()),
    };
    match catch_unwind(AssertUnwindSafe(run)) {
        Ok(Ok(encoded)) => Ok(encoded
            .unwrap_or_else(|e| panic!("{what}: decoded as {decoder:?} but does not encode: {e}"))),
        Ok(Err(e)) => Err(e),
        Err(_) => panic!("{what}: the {decoder:?} decoder panicked"),
    }
}

/// Every proper prefix of `bytes` fails to decode as `decoder`, at an offset inside the prefix.
fn check_truncations(name: &str, decoder: Decoder, bytes: &[u8]) {
    for len in 0..bytes.len() {
        let what = format!("{name} cut to {len} bytes");
        match decode_encode(decoder, &bytes[..len], &what) {
            Ok(_) => panic!("{what}: decodes"),
            Err(e) => assert!(e.offset <= len, "{what}: error offset past the end: {e}"),
        }
    }
}

/// Marsaglia's xorshift64: deterministic, no dependency.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `count` single-byte changes of `bytes`, each tried with every decoder: it fails with an offset
/// inside the file, or it decodes and encodes back to the changed bytes. Returns how many changes
/// the file's own decoder accepted.
fn check_mutations(name: &str, own: Decoder, bytes: &[u8], count: usize) -> usize {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0;
    for i in 0..count {
        let r = rng.next();
        let at = (r % bytes.len() as u64) as usize;
        let flip = ((r >> 32) % 255) as u8 + 1;
        let mut changed = bytes.to_vec();
        changed[at] ^= flip;
        for decoder in DECODERS {
            let what = format!("{name} change {i}: byte 0x{at:X} ^= 0x{flip:02X}");
            match decode_encode(decoder, &changed, &what) {
                Ok(encoded) => {
                    assert!(
                        encoded == changed,
                        "{what}: decodes as {decoder:?} but encodes to other bytes"
                    );
                    accepted += usize::from(matches!(
                        (decoder, own),
                        (Decoder::Unit, Decoder::Unit) | (Decoder::Seq, Decoder::Seq)
                    ));
                }
                Err(e) => assert!(
                    e.offset <= changed.len(),
                    "{what}: offset past the end: {e}"
                ),
            }
        }
    }
    // Both paths must have been exercised: some changes break the structure, many do not.
    assert!(
        accepted > 0 && accepted < count,
        "{name}: {accepted} of {count} changes decoded"
    );
    accepted
}

const MUTATIONS: usize = 3000;

#[test]
fn truncated_type1_files_fail_cleanly() {
    const TEST: &str = "truncated_type1_files_fail_cleanly";
    if let Some(shp) = test_support::retail_bytes(TEST, "TYPE1.SHP") {
        check_truncations("TYPE1.SHP", Decoder::Unit, &shp);
    }
    if let Some(seq) = test_support::retail_bytes(TEST, "TYPE1.SEQ") {
        check_truncations("TYPE1.SEQ", Decoder::Seq, &seq);
    }
}

#[test]
fn mutated_type1_files_decode_exactly_or_fail_cleanly() {
    const TEST: &str = "mutated_type1_files_decode_exactly_or_fail_cleanly";
    let (Some(shp), Some(seq)) = (
        test_support::retail_bytes(TEST, "TYPE1.SHP"),
        test_support::retail_bytes(TEST, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let shp = check_mutations("TYPE1.SHP", Decoder::Unit, &shp, MUTATIONS);
    let seq = check_mutations("TYPE1.SEQ", Decoder::Seq, &seq, MUTATIONS);
    eprintln!("of {MUTATIONS} single-byte changes, TYPE1.SHP decoded {shp}, TYPE1.SEQ {seq}");
}

#[test]
fn truncated_demo_files_fail_cleanly() {
    let shp = demo_shp().encode().expect("the demo SHP encodes");
    let seq = demo_seq().encode().expect("the demo SEQ encodes");
    check_truncations("demo SHP", Decoder::Unit, &shp);
    check_truncations("demo SEQ", Decoder::Seq, &seq);
}

#[test]
fn mutated_demo_files_decode_exactly_or_fail_cleanly() {
    let shp = demo_shp().encode().expect("the demo SHP encodes");
    let seq = demo_seq().encode().expect("the demo SEQ encodes");
    check_mutations("demo SHP", Decoder::Unit, &shp, MUTATIONS);
    check_mutations("demo SEQ", Decoder::Seq, &seq, MUTATIONS);
}

/// A SEQ with `slots` (unused ones as 0xFFFFFFFF) and `stream`, its length right.
fn seq_bytes(slots: &[u32], stream: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x00, 0xFF, 0x00];
    for slot in 0..256 {
        let value = slots.get(slot).copied().unwrap_or(u32::MAX);
        out.extend_from_slice(&value.to_le_bytes());
    }
    out.extend_from_slice(&(stream.len() as u16).to_le_bytes());
    out.extend_from_slice(stream);
    out
}

#[test]
fn seq_error_unknown_opcode_names_its_byte() {
    // Stream: frame 0 for 2 ticks, then `FF 10`; the opcode byte is stream byte 3 = file 0x409.
    let bytes = seq_bytes(&[0], &[0x00, 0x02, 0xFF, 0x10]);
    let e = Seq::decode(&bytes).expect_err("0x10 is no opcode");
    assert_eq!(e.offset, 0x409);
    assert_eq!(e.found, "0x10");
    let text = e.to_string();
    assert!(text.contains("0x0409"), "{text}");
    assert!(text.contains("opcode"), "{text}");
    assert!(text.contains("0x10"), "{text}");
}

#[test]
fn seq_error_slot_inside_a_command_names_the_slot() {
    // Slot 1 points at stream byte 3, the second byte of `FF FF`; slot 1 is stored at 4 + 4.
    let bytes = seq_bytes(&[0, 3], &[0x00, 0x02, 0xFF, 0xFF]);
    let e = Seq::decode(&bytes).expect_err("slot 1 is inside a command");
    assert_eq!(e.offset, 8);
    assert_eq!(e.field, "slot 1");
    assert!(e.to_string().contains("inside a command"), "{e}");

    // One past the stream.
    let bytes = seq_bytes(&[0, 4], &[0x00, 0x02, 0xFF, 0xFF]);
    let e = Seq::decode(&bytes).expect_err("slot 1 is past the stream");
    assert_eq!((e.offset, e.field.as_str()), (8, "slot 1"));
    assert!(e.to_string().contains("past the stream"), "{e}");
}

#[test]
fn seq_error_used_slot_after_an_unused_one() {
    let bytes = seq_bytes(&[0, u32::MAX, 0], &[0x00, 0x00]);
    let e = Seq::decode(&bytes).expect_err("slot 2 follows an unused slot");
    assert_eq!((e.offset, e.field.as_str()), (4 + 2 * 4, "slot 2"));
    assert!(e.expected.contains("slot 1"), "{e}");
}

#[test]
fn seq_error_wrong_length_and_cut_opcode() {
    let mut bytes = seq_bytes(&[0], &[0x00, 0x00]);
    bytes.push(0x00);
    let e = Seq::decode(&bytes).expect_err("one byte too many");
    assert_eq!((e.offset, e.field.as_str()), (0x404, "stream length L"));

    // PlaySound is 3 bytes; the stream ends after 2.
    let bytes = seq_bytes(&[0], &[0xFF, 0xF6]);
    let e = Seq::decode(&bytes).expect_err("PlaySound is cut");
    assert_eq!(e.offset, 0x406);
    assert!(e.field.contains("PlaySound"), "{e}");

    // A frame command cut after its first byte.
    let bytes = seq_bytes(&[0], &[0x00, 0x00, 0x05]);
    let e = Seq::decode(&bytes).expect_err("a lone frame byte");
    assert_eq!(e.offset, 0x408);
}

/// A unit SHP without water from raw frame records and a main table of `pointers`.
fn shp_bytes(pointers: &[u32], block: &[u8]) -> Vec<u8> {
    let mut out = vec![8, 0, 0, 0, 0x54, 0x00, 0xFF, 0x00];
    for i in 0..256 {
        out.extend_from_slice(&pointers.get(i).copied().unwrap_or(0).to_le_bytes());
    }
    out.extend_from_slice(&(block.len() as u16).to_le_bytes());
    out.extend_from_slice(block);
    out
}

#[test]
fn shp_errors_name_the_frame_and_pointer() {
    let blank = [0x00, 0x00, 0xFC, 0xFC, 0xDE, 0x02];
    let two: Vec<u8> = blank.iter().chain(&blank).copied().collect();
    assert!(UnitShp::decode(&shp_bytes(&[0, 6], &two)).is_ok());

    // Pointer 1 says 7, but frame 1 starts right after frame 0's 6 bytes. It is stored at 8 + 4.
    let e = UnitShp::decode(&shp_bytes(&[0, 7], &two)).expect_err("pointer 1 is off");
    assert_eq!((e.offset, e.field.as_str()), (12, "main table, pointer 1"));
    assert!(e.expected.contains("0x6"), "{e}");

    // Frame 0's header claims 2 tiles (10 bytes) in a 6-byte block; the record starts at 0x40A.
    let mut bad = blank;
    bad[0] = 1;
    let e = UnitShp::decode(&shp_bytes(&[0], &bad)).expect_err("the record overruns");
    assert_eq!(e.offset, 0x40A);
    assert!(e.field.contains("frame 0"), "{e}");

    // water_ptr must be 8 or the end of the main block.
    let mut bytes = shp_bytes(&[0], &blank);
    bytes[0] = 9;
    let e = UnitShp::decode(&bytes).expect_err("water_ptr 9");
    assert_eq!((e.offset, e.field.as_str()), (0, "header water_ptr"));
}

/// Regression: a file that ends inside a table used to get an error at the field after the
/// table (0x408 for an 8-byte unit SHP, 0x844 for a short file read as a weapon SHP), past its
/// end. The error now sits at the end of the file and names the field it wanted.
#[test]
fn error_past_the_end_is_reported_at_the_end() {
    let header = [8, 0, 0, 0, 0x54, 0x00, 0xFF, 0x00];
    let e = UnitShp::decode(&header).expect_err("no tables");
    assert_eq!(e.offset, 8);
    assert_eq!(e.field, "main table, block length at 0x408");

    let e = WeaponShp::decode(&[0; 0x100]).expect_err("too short for the table");
    assert_eq!(e.offset, 0x100);
    assert!(e.field.contains("at 0x844"), "{e}");
}
