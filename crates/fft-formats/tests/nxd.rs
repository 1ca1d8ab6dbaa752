//! The NXD codec and CharCLUT (docs/formats/nxd.md): the real `charclut.nxd` round-trips byte for
//! byte and decodes to the numbers the format page gives; a file built here by hand from the
//! layout's numbers decodes; and every way of breaking one is refused with its offset, without a
//! panic and within a small multiple of the input's memory.

use fft_formats::ErrorKind;
use fft_formats::nxd::{COLOURS, CharClut, RawCells, Rgb, Table, rgb_of_word, word_of_rgb};
use test_support::alloc::peak_memory;

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

fn charclut(test: &str) -> Option<Vec<u8>> {
    let path = test_support::nxd_file(test, "charclut.nxd")?;
    Some(std::fs::read(path).expect("charclut.nxd reads"))
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

#[test]
fn charclut_round_trips_byte_for_byte() {
    let Some(bytes) = charclut("charclut_round_trips_byte_for_byte") else {
        return;
    };
    let clut = CharClut::decode(&bytes).expect("charclut.nxd decodes");
    assert_eq!(clut.encode().expect("encodes"), bytes);
    let generic = Table::<RawCells>::decode(&bytes).expect("decodes as a table of raw rows");
    assert_eq!(generic.encode().expect("encodes"), bytes);
}

/// docs/formats/nxd.md 7.3: sets 1, 2, 3 of four rows (key2 0-3) and 254, 255 of two; the 16 colour
/// tables lie back to back from 0x379, in row order.
#[test]
fn charclut_rows_are_where_the_format_page_says() {
    let Some(bytes) = charclut("charclut_rows_are_where_the_format_page_says") else {
        return;
    };
    let clut = CharClut::decode(&bytes).unwrap();
    let keys: Vec<(i32, i32)> = clut.rows().map(|row| (row.key, row.key2)).collect();
    let mut expected = vec![];
    for (key, count) in [(1, 4), (2, 4), (3, 4), (254, 2), (255, 2)] {
        expected.extend((0..count).map(|key2| (key, key2)));
    }
    assert_eq!(keys, expected);
    assert_eq!(
        bytes.len(),
        0x379 + 16 * 48,
        "the file ends with the last table"
    );
    for (i, row) in clut.rows().enumerate() {
        let at = 0x379 + 48 * i;
        let stored: Vec<Rgb> = bytes[at..at + 48]
            .chunks(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        assert_eq!(row.colours.to_vec(), stored, "row {i}");
        assert!(row.comment.is_empty(), "row {i}'s comment");
        assert_eq!(row.cells.colours_len, 48);
    }
}

/// Row (1, 0), chapter 1's own colours, against RAMUZA.SPR's palette 0. The rule, by hand: an SPR
/// colour word holds 5 bits a channel (red in bits 0-4, green 5-9, blue 10-14); a CharCLUT colour
/// 8 bits a channel, and the game's are all multiples of 8, so its 5-bit value is the channel
/// divided by 8. 9 colours agree; the 7 others differ by the 5-bit steps below, measured by hand
/// from both files' bytes (six by one step a channel; colour 10 by two steps of blue).
#[test]
fn row_1_0_is_ramuza_palette_0_within_a_step() {
    let Some(bytes) = charclut("row_1_0_is_ramuza_palette_0_within_a_step") else {
        return;
    };
    let Some(spr) = test_support::sheet("row_1_0_is_ramuza_palette_0_within_a_step", "RAMUZA.SPR")
    else {
        return;
    };
    let spr = std::fs::read(spr).unwrap();
    let clut = CharClut::decode(&bytes).unwrap();
    let row = clut.row(1, 0).expect("row (1, 0)");
    // The SPR's palette 0 is its first 32 bytes (docs/formats/spr.md).
    let palette: Vec<u16> = spr[..32]
        .chunks(2)
        .map(|w| u16::from_le_bytes([w[0], w[1]]))
        .collect();
    let mut steps = vec![];
    for (i, (word, rgb)) in palette.iter().zip(row.colours).enumerate() {
        assert!(rgb.iter().all(|c| c % 8 == 0), "colour {i}: {rgb:?}");
        let spr_channels = [word & 0x1F, (word >> 5) & 0x1F, (word >> 10) & 0x1F];
        let step: [i32; 3] =
            std::array::from_fn(|c| i32::from(rgb[c] / 8) - i32::from(spr_channels[c]));
        if step != [0; 3] {
            steps.push((i, step));
        }
    }
    assert_eq!(
        steps,
        [
            (1, [0, -1, 0]),
            (2, [0, -1, -1]),
            (3, [0, 0, -1]),
            (5, [0, 0, -1]),
            (8, [-1, -1, 1]),
            (10, [1, -1, 2]),
            (12, [0, -1, 0]),
        ],
        "9 of 16 equal"
    );
}

#[test]
fn colour_words_convert_by_eight() {
    // 0x0D2D: red 13, green 9, blue 3.
    assert_eq!(rgb_of_word(0x0D2D), [104, 72, 24]);
    assert_eq!(word_of_rgb([104, 72, 24]), 0x0D2D);
    assert_eq!(rgb_of_word(0x7FFF), [248, 248, 248]);
    assert_eq!(word_of_rgb([255, 255, 255]), 0x7FFF);
    assert_eq!(rgb_of_word(0x8000), [0, 0, 0], "STP is no colour");
}

#[test]
fn set_colours_changes_only_that_rows_table_and_never_adds_a_row() {
    let Some(bytes) = charclut("set_colours_changes_only_that_rows_table_and_never_adds_a_row")
    else {
        return;
    };
    let mut clut = CharClut::decode(&bytes).unwrap();
    let green: [Rgb; COLOURS] = std::array::from_fn(|i| [0, 8 * i as u8, 0]);
    assert!(clut.set_colours(2, 1, &green));
    assert!(!clut.set_colours(4, 0, &green), "no set 4");
    assert!(!clut.set_colours(1, 9, &green), "no row (1, 9)");
    let out = clut.encode().unwrap();
    assert_eq!(out.len(), bytes.len());
    // Row (2, 1) is the 6th: its table at 0x379 + 5 x 48.
    let at = 0x379 + 5 * 48;
    let differing: Vec<usize> = (0..out.len()).filter(|&i| out[i] != bytes[i]).collect();
    assert!(
        differing.iter().all(|i| (at..at + 48).contains(i)),
        "{differing:X?}"
    );
    assert_eq!(out[at + 3 * 15 + 1], 8 * 15);
    assert_eq!(
        CharClut::decode(&out).unwrap().row(2, 1).unwrap().colours,
        green
    );
}

/// A CharCLUT file built by hand from the layout's numbers (docs/formats/nxd.md 7.1-7.3): `sets` are
/// (key, row count); each row's comment is the one zero byte after the list of all rows, and its
/// colours follow, 48 bytes a row, colour i of row r being (r, i, 7).
fn synthetic(sets: &[(i32, usize)]) -> Vec<u8> {
    let rows: usize = sets.iter().map(|(_, n)| n).sum();
    let first_rows_at = 0x3C + 12 * sets.len();
    let all_rows_at = first_rows_at + rows * (12 + 24);
    let heap_at = all_rows_at + 12 * rows;
    let mut out = b"NXDF".to_vec();
    for word in [1u32, 0x0302, 0, 0, 0, 0, 0] {
        out.extend(word.to_le_bytes());
    }
    let table = [
        0x1C,
        sets.len() as u32,
        0,
        all_rows_at as u32,
        rows as u32,
        0,
        0,
    ];
    for word in table {
        out.extend(word.to_le_bytes());
    }
    let mut at = first_rows_at;
    for (i, (key, n)) in sets.iter().enumerate() {
        let set_at = 0x3C + 12 * i;
        out.extend(key.to_le_bytes());
        out.extend(((at - set_at) as u32).to_le_bytes());
        out.extend((*n as u32).to_le_bytes());
        at += n * 36;
    }
    let mut row_ats = vec![];
    let mut r = 0;
    for (key, n) in sets {
        let records_at = out.len();
        for j in 0..*n {
            let row_at = records_at + 12 * n + 24 * j;
            out.extend(key.to_le_bytes());
            out.extend((j as i32).to_le_bytes());
            out.extend(((row_at - (records_at + 12 * j)) as u32).to_le_bytes());
        }
        for j in 0..*n {
            let row_at = out.len();
            row_ats.push((*key, j as i32, row_at));
            let colours_at = heap_at + 1 + 48 * r;
            for word in [0, heap_at - row_at, colours_at - row_at, 48, 1] {
                out.extend((word as u32).to_le_bytes());
            }
            out.extend([1, 0, 0, 0]);
            r += 1;
        }
    }
    assert_eq!(out.len(), all_rows_at);
    for (key, key2, row_at) in row_ats {
        let record_at = out.len();
        out.extend(key.to_le_bytes());
        out.extend(key2.to_le_bytes());
        out.extend((row_at as i32 - record_at as i32).to_le_bytes());
    }
    out.push(0);
    for r in 0..rows {
        for i in 0..16 {
            out.extend([r as u8, i as u8, 7]);
        }
    }
    out
}

#[test]
fn a_table_built_by_hand_decodes_to_its_numbers() {
    let bytes = synthetic(&[(1, 2), (5, 1)]);
    let clut = CharClut::decode(&bytes).expect("decodes");
    let rows: Vec<(i32, i32, Rgb)> = clut
        .rows()
        .map(|row| (row.key, row.key2, row.colours[3]))
        .collect();
    assert_eq!(
        rows,
        [(1, 0, [0, 3, 7]), (1, 1, [1, 3, 7]), (5, 0, [2, 3, 7])]
    );
    assert_eq!(clut.encode().unwrap(), bytes);
    let empty = synthetic(&[]);
    assert_eq!(CharClut::decode(&empty).unwrap().rows().count(), 0);
    assert_eq!(CharClut::decode(&empty).unwrap().encode().unwrap(), empty);
}

fn refused(bytes: &[u8]) -> fft_formats::Error {
    CharClut::decode(bytes).expect_err("refused")
}

fn put(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

#[test]
fn every_cut_of_a_file_is_refused_with_an_offset_in_it() {
    let bytes = synthetic(&[(1, 2), (2, 2)]);
    for len in 0..bytes.len() {
        let error = refused(&bytes[..len]);
        let offset = error.offset().expect("an offset");
        assert!(offset <= len, "cut at {len}: {error}");
    }
}

#[test]
fn offsets_past_the_end_into_the_rows_before_and_back_are_refused() {
    let bytes = synthetic(&[(1, 2), (2, 2)]);
    // Set 1's record at 0x48 (0x3C + 12); its rows' first record, at 0x54 + 2 x 36 = 0x9C.
    let row_record = 0x54 + 72;
    let cases: [(usize, u32, &str); 4] = [
        (0x48 + 4, 0x10_0000, "past the end"),
        (row_record + 8, 0, "would loop"),
        (row_record + 20, 4, "overlapping the rows before"),
        (row_record + 8, 0x20, "leaving a gap"),
    ];
    for (at, value, words) in cases {
        let mut bad = bytes.clone();
        put(&mut bad, at, value);
        let error = refused(&bad);
        assert_eq!(error.kind(), ErrorKind::BadPointer, "{error}");
        assert!(error.to_string().contains(words), "{words}: {error}");
        assert!(error.offset().unwrap() <= at, "{error}");
    }
}

#[test]
fn counts_the_file_cannot_hold_are_refused_before_allocating() {
    let bytes = synthetic(&[(1, 2)]);
    for (at, value) in [(0x24, u32::MAX), (0x30, u32::MAX), (0x30, 3), (0x3C + 8, 3)] {
        let mut bad = bytes.clone();
        put(&mut bad, at, value);
        let (error, peak) = peak_memory(|| refused(&bad));
        assert!(peak < 64 * bad.len(), "{peak} bytes for {error}");
        assert!(
            matches!(error.kind(), ErrorKind::BadLength | ErrorKind::BadPointer),
            "{error}"
        );
    }
}

#[test]
fn a_colour_table_of_the_wrong_length_or_outside_the_data_is_refused() {
    let bytes = synthetic(&[(1, 1)]);
    let row_at = 0x3C + 12 + 12;
    let mut short = bytes.clone();
    put(&mut short, row_at + 12, 47);
    let error = refused(&short);
    assert_eq!(
        (error.kind(), error.offset()),
        (ErrorKind::BadLength, Some(row_at + 12))
    );
    assert!(error.to_string().contains("48 bytes"), "{error}");
    let mut outside = bytes.clone();
    put(&mut outside, row_at + 8, 0);
    assert_eq!(refused(&outside).kind(), ErrorKind::BadPointer);
    let mut past = bytes.clone();
    let colours_offset = u32_at(&bytes, row_at + 8);
    put(&mut past, row_at + 8, colours_offset + 1);
    assert_eq!(refused(&past).kind(), ErrorKind::BadPointer);
}

#[test]
fn keys_that_disagree_and_foreign_files_are_refused() {
    let bytes = synthetic(&[(1, 2)]);
    let mut wrong_key = bytes.clone();
    put(&mut wrong_key, 0x48, 9);
    assert_eq!(refused(&wrong_key).kind(), ErrorKind::Mismatch);
    // The list of all rows starts after 2 records and 2 rows.
    let mut wrong_listed = bytes.clone();
    put(&mut wrong_listed, 0x48 + 72 + 16, 7);
    assert_eq!(refused(&wrong_listed).kind(), ErrorKind::Mismatch);
    let mut magic = bytes.clone();
    magic[0] = b'M';
    assert_eq!(refused(&magic).kind(), ErrorKind::Unsupported);
    let mut single_keyed = bytes.clone();
    single_keyed[8] = 1;
    assert_eq!(refused(&single_keyed).kind(), ErrorKind::Unsupported);
}

/// 100 MB: a header claiming as many sets and rows as fit, then nothing valid. Refused, in
/// memory bounded by the input's length.
#[test]
fn a_hundred_megabytes_costs_at_most_a_small_multiple_of_itself() {
    let mut bytes = synthetic(&[(1, 1)]);
    bytes.resize(100 << 20, 0xFF);
    let (result, peak) = peak_memory(|| CharClut::decode(&bytes).map(|_| ()));
    assert!(result.is_ok(), "a heap of 100 MB is data: {result:?}");
    assert!(peak <= 2 * bytes.len(), "{peak}");
    let sets = ((bytes.len() - 0x3C) / 12) as u32;
    put(&mut bytes, 0x24, sets);
    let (result, peak) = peak_memory(|| CharClut::decode(&bytes).map(|_| ()));
    assert!(result.is_err());
    assert!(peak <= 4 * bytes.len(), "{peak}");
}

/// The fuzz target's seed (`fuzz/seeds/nxd/`) is this file's synthetic table, so that it cannot
/// go stale unnoticed; when it differs, the table is written to a temporary file and the failure
/// gives the `cp` that puts it in place.
#[test]
fn the_fuzz_seed_is_the_synthetic_table() {
    let seed =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/nxd/two_sets.nxd");
    let expected = synthetic(&[(1, 2), (2, 2)]);
    if std::fs::read(&seed).ok().as_deref() != Some(expected.as_slice()) {
        let fresh = std::env::temp_dir().join(format!("two_sets.{}.nxd", std::process::id()));
        std::fs::write(&fresh, &expected).unwrap();
        panic!(
            "{} is not the synthetic table; to renew it: cp {} {}",
            seed.display(),
            fresh.display(),
            seed.display()
        );
    }
}

#[test]
fn an_nxd_table_is_told_by_its_magic_and_round_trips() {
    use fft_formats::{FileFormat, RoundTrip, detect_format, round_trip};
    let bytes = synthetic(&[(3, 1)]);
    assert_eq!(detect_format(&bytes), Some(FileFormat::Nxd));
    assert_eq!(
        round_trip(FileFormat::Nxd, &bytes).unwrap(),
        RoundTrip::Identical
    );
    let Some(real) = charclut("an_nxd_table_is_told_by_its_magic_and_round_trips") else {
        return;
    };
    assert_eq!(detect_format(&real), Some(FileFormat::Nxd));
    assert_eq!(
        round_trip(FileFormat::Nxd, &real).unwrap(),
        RoundTrip::Identical
    );
}
