//! Any bytes given to the HD pair codec (`fft_formats::hd`, docs/remaster.md "The format"): no
//! panic; a refusal is one line; a half or a pair that decodes encodes back to the same bytes,
//! and its agreement with a sheet can be counted.
//!
//! The first byte chooses how the rest is read: as one file (`HdPart::decode`); split in two at
//! a place the next two bytes give (`HdSheet::decode`: a pair of any sizes, in any order); or, so
//! that the decoders' success paths are reached from short inputs, as the seed of two files of
//! sizes near the halves' (each the rest's bytes repeated: a half's size, a byte off, or the
//! other half's).

#![no_main]

use fft_formats::hd::{self, HdHalf, HdPart, HdSheet};
use fft_formats::spr::{Spr, SprVariant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 3 {
        0 => one_file(rest),
        1 => {
            let Some((at, rest)) = rest.split_first_chunk::<2>() else {
                return;
            };
            let at = usize::from(u16::from_le_bytes(*at)) * 4;
            let (upper, lower) = rest.split_at(at.min(rest.len()));
            pair(upper, lower);
        }
        _ => {
            let Some((&sizes, seed)) = rest.split_first() else {
                return;
            };
            let size = |choice: u8, half: HdHalf| match choice % 4 {
                0 => half.file_len(),
                1 => half.file_len() - 1,
                2 => half.file_len() + 1,
                _ => match half {
                    HdHalf::Upper => HdHalf::Lower.file_len(),
                    HdHalf::Lower => HdHalf::Upper.file_len(),
                },
            };
            let fill = |len: usize| -> Vec<u8> {
                (0..len)
                    .map(|i| seed.get(i % seed.len().max(1)).copied().unwrap_or(0))
                    .collect()
            };
            let upper = fill(size(sizes, HdHalf::Upper));
            let lower = fill(size(sizes >> 2, HdHalf::Lower));
            one_file(&upper);
            pair(&upper, &lower);
        }
    }
});

fn one_line(error: &fft_formats::Error) {
    let message = error.to_string();
    assert!(!message.contains(['\n', '\r']), "not one line: {message:?}");
}

fn one_file(bytes: &[u8]) {
    match HdPart::decode(bytes) {
        Ok(part) => {
            assert_eq!(part.half.file_len(), bytes.len());
            let mut sheet = HdSheet::blank();
            let rows = part.half.rows();
            sheet.pixels[rows.start * hd::WIDTH..rows.end * hd::WIDTH]
                .copy_from_slice(&part.pixels);
            let again = sheet.encode_half(part.half).expect("a decoded half encodes");
            assert!(again == bytes, "a half encodes to other bytes");
            let spr = Spr::blank(SprVariant::Standard);
            let agreement = hd::agreement(&part, &spr).expect("a decoded half is counted");
            assert_eq!(agreement.hd_opaque, part.opaque_pixels());
        }
        Err(error) => one_line(&error),
    }
}

fn pair(upper: &[u8], lower: &[u8]) {
    match HdSheet::decode(upper, lower) {
        Ok(sheet) => {
            let files = sheet.encode().expect("a decoded pair encodes");
            assert!(
                files.upper == upper && files.lower == lower,
                "a pair encodes to other bytes"
            );
        }
        Err(error) => one_line(&error),
    }
}
