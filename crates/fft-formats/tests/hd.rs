//! The HD pair codec (docs/remaster.md "The format"): hand-built halves (no game data), the
//! refusals, the upscale, the agreement counted by hand; then the three real pairs from `FFT_HD`
//! (skipped loudly without them): byte-for-byte round trips, the agreement table of
//! docs/remaster.md (measured apart by docs/hd-agreement.py), truncations and mutations.

use fft_formats::ErrorKind;
use fft_formats::hd::{self, Agreement, HdHalf, HdPart, HdSheet, HdSp2};
use fft_formats::spr::{Spr, SprVariant};
use pretty_assertions::assert_eq;

/// The pairs of the test data and the SPR each is drawn from: the squire, the knight and the
/// white mage (which number is which unit is the inputs layer's table, not the codec's).
const PAIRS: [(u32, &str); 3] = [
    (992, "battle_mina_m_spr.bin"),
    (1000, "battle_knight_m_spr.bin"),
    (1012, "battle_siro_m_spr.bin"),
];

// ---- by hand ----

#[test]
fn the_halves_have_the_sizes_of_their_pixels() {
    // 512 x 512 pixels at two a byte; 512 x 464 likewise. The SPR's 256 + 232 rows, doubled.
    assert_eq!(HdHalf::Upper.file_len(), 512 * 512 / 2);
    assert_eq!(HdHalf::Lower.file_len(), 512 * 464 / 2);
    assert_eq!(
        (HdHalf::Upper.file_len(), HdHalf::Lower.file_len()),
        (131_072, 118_784)
    );
    assert_eq!(HdHalf::Upper.spr_rows(), 0..256);
    assert_eq!(HdHalf::Lower.spr_rows(), 256..488);
    assert_eq!(HdHalf::Lower.rows(), 512..976);
    assert_eq!((hd::WIDTH, hd::HEIGHT), (512, 976));
    assert_eq!(HdHalf::of_len(131_072), Some(HdHalf::Upper));
    assert_eq!(HdHalf::of_len(118_784), Some(HdHalf::Lower));
    assert_eq!(HdHalf::of_len(118_785), None);
}

#[test]
fn the_low_nibble_is_the_left_pixel() {
    let mut upper = vec![0; 131_072];
    let mut lower = vec![0; 118_784];
    // Byte 0 holds pixels (0, 0) and (1, 0); byte 256 starts row 1; the last byte of the upper
    // half holds (510, 511) and (511, 511).
    upper[0] = 0x21;
    upper[256] = 0x0F;
    upper[131_071] = 0x43;
    // The lower half's first byte is row 512 of the joined sheet, its last (510, 975), (511, 975).
    lower[0] = 0xA5;
    lower[118_783] = 0x70;
    let sheet = HdSheet::decode(&upper, &lower).unwrap();
    assert_eq!((sheet.pixel(0, 0), sheet.pixel(1, 0)), (1, 2));
    assert_eq!((sheet.pixel(0, 1), sheet.pixel(1, 1)), (0xF, 0));
    assert_eq!((sheet.pixel(510, 511), sheet.pixel(511, 511)), (3, 4));
    assert_eq!((sheet.pixel(0, 512), sheet.pixel(1, 512)), (5, 0xA));
    assert_eq!((sheet.pixel(510, 975), sheet.pixel(511, 975)), (0, 7));
    assert_eq!(sheet.opaque_pixels(), 8);
    let files = sheet.encode().unwrap();
    assert!(files.upper == upper && files.lower == lower);
    let part = HdPart::decode(&lower).unwrap();
    assert_eq!((part.half, part.opaque_pixels()), (HdHalf::Lower, 3));
}

#[test]
fn a_file_of_neither_size_is_refused_naming_both() {
    for len in [
        0, 1, 4096, 118_783, 118_785, 128_000, 131_071, 131_073, 262_144,
    ] {
        let err = HdPart::decode(&vec![0; len]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BadSize, "{len}: {err}");
        // Where the bytes stop fitting: the file's end, or the end of the longer half.
        assert_eq!(err.offset(), Some(len.min(131_072)), "{len}");
        let text = err.to_string();
        assert!(
            text.contains("131072 bytes") && text.contains("118784 bytes"),
            "{text}"
        );
        assert!(text.contains(&format!("a file of {len} bytes")), "{text}");
    }
    // In a pair, the error says which file.
    let err = HdSheet::decode(&vec![0; 131_072], &[0; 5]).unwrap_err();
    assert!(
        err.field().starts_with("HD pair, second file, "),
        "{}",
        err.field()
    );
}

#[test]
fn a_pair_in_the_wrong_order_or_of_one_kind_is_refused() {
    let upper = vec![0; 131_072];
    let lower = vec![0; 118_784];
    let err = HdSheet::decode(&lower, &upper).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotAPair);
    assert!(err.to_string().contains("wrong order"), "{err}");
    assert_eq!(err.field(), "HD pair, first file");
    let err = HdSheet::decode(&upper, &upper).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotAPair);
    assert_eq!(err.field(), "HD pair, second file");
    assert!(
        err.to_string().contains("two halves of the same kind"),
        "{err}"
    );
    let err = HdSheet::decode(&lower, &lower).unwrap_err();
    assert_eq!(err.field(), "HD pair, first file");
    assert!(err.found().starts_with("the lower half"), "{err}");
}

#[test]
fn models_that_fit_no_pair_do_not_encode() {
    let mut sheet = HdSheet::blank();
    sheet.pixels[600 * 512 + 7] = 16;
    let err = sheet.encode().unwrap_err();
    assert_eq!(
        (err.kind(), err.field()),
        (ErrorKind::OutOfRange, "pixel (7, 600)".to_owned())
    );
    let mut sheet = HdSheet::blank();
    sheet.pixels.pop();
    assert_eq!(
        sheet.encode().map_err(|e| e.kind()),
        Err(ErrorKind::Mismatch)
    );
}

/// A standard sheet with a few pixels set, by hand.
fn sparse_spr(pixels: &[(usize, usize, u8)]) -> Spr {
    let mut spr = Spr::blank(SprVariant::Standard);
    for &(x, y, index) in pixels {
        spr.pixels[y * 256 + x] = index;
    }
    spr
}

#[test]
fn the_upscale_doubles_each_pixel_into_a_block() {
    // (3, 300) is in the lower half: HD rows 600-601, columns 6-7. (255, 0) is the top right.
    let spr = sparse_spr(&[(3, 300, 7), (255, 0, 9), (0, 487, 1)]);
    let sheet = HdSheet::upscaled(&spr).unwrap();
    for (x, y) in [(6, 600), (7, 600), (6, 601), (7, 601)] {
        assert_eq!(sheet.pixel(x, y), 7, "({x}, {y})");
    }
    assert_eq!((sheet.pixel(5, 600), sheet.pixel(8, 601)), (0, 0));
    assert_eq!((sheet.pixel(510, 0), sheet.pixel(511, 1)), (9, 9));
    assert_eq!((sheet.pixel(0, 974), sheet.pixel(1, 975)), (1, 1));
    assert_eq!(sheet.opaque_pixels(), 12);
    // Exactly the SPR's silhouette and indices, at twice the size.
    let agreement = sheet.agreement(&spr).unwrap();
    assert_eq!(
        agreement,
        Agreement {
            hd_opaque: 12,
            spr_opaque: 12,
            both_opaque: 12,
            same_index: 12
        }
    );
    assert_eq!(
        (
            agreement.iou(),
            agreement.coverage(),
            agreement.index_match()
        ),
        (1.0, 1.0, 1.0)
    );
    // It encodes to a pair the remaster's sizes.
    let files = sheet.encode().unwrap();
    assert_eq!((files.upper.len(), files.lower.len()), (131_072, 118_784));
    // Only a standard sheet has the pair's layout.
    let err = HdSheet::upscaled(&Spr::blank(SprVariant::Short)).unwrap_err();
    assert!(err.to_string().contains("a short sheet"), "{err}");
}

#[test]
fn the_agreement_counts_by_hand() {
    // The SPR: two pixels in the upper half, (10, 10) index 3 and (11, 10) index 4, so eight at
    // twice the size, at columns 20-23 of rows 20-21.
    let spr = sparse_spr(&[(10, 10, 3), (11, 10, 4)]);
    let mut sheet = HdSheet::blank();
    let set = |sheet: &mut HdSheet, x: usize, y: usize, i: u8| sheet.pixels[y * 512 + x] = i;
    // Over the SPR's 3: three of its four pixels, two index 3 and one index 5.
    set(&mut sheet, 20, 20, 3);
    set(&mut sheet, 21, 20, 3);
    set(&mut sheet, 20, 21, 5);
    // Over the SPR's 4: all four, index 4.
    for (x, y) in [(22, 20), (23, 20), (22, 21), (23, 21)] {
        set(&mut sheet, x, y, 4);
    }
    // Outside: one pixel next to it and one in the lower half.
    set(&mut sheet, 24, 20, 4);
    set(&mut sheet, 0, 900, 1);
    // HD opaque 3 + 4 + 2 = 9; SPR 8; both 7; the same index 2 + 4 = 6.
    let want = Agreement {
        hd_opaque: 9,
        spr_opaque: 8,
        both_opaque: 7,
        same_index: 6,
    };
    let got = sheet.agreement(&spr).unwrap();
    assert_eq!(got, want);
    assert_eq!(got.either_opaque(), 10);
    assert_eq!(
        (got.iou(), got.coverage(), got.index_match()),
        (0.7, 7.0 / 8.0, 6.0 / 7.0)
    );
    // By half: the upper holds all but the lower pixel.
    let files = sheet.encode().unwrap();
    let upper = HdPart::decode(&files.upper).unwrap();
    let lower = HdPart::decode(&files.lower).unwrap();
    assert_eq!(
        hd::agreement(&upper, &spr).unwrap(),
        Agreement {
            hd_opaque: 8,
            ..want
        }
    );
    assert_eq!(
        hd::agreement(&lower, &spr).unwrap(),
        Agreement {
            hd_opaque: 1,
            ..Agreement::default()
        }
    );
    // An SPR of another layout has no rows to compare.
    assert!(hd::agreement(&upper, &Spr::blank(SprVariant::Sp2)).is_err());
}

// ---- the SP2 at twice the size (its layout inferred: docs/remaster.md) ----

#[test]
fn an_sp2_at_twice_the_size_is_one_file_of_512_by_512() {
    // 512 x 512 pixels, two a byte: an upper half's size, read in the same layout.
    assert_eq!(hd::SP2_FILE_LEN, 512 * 512 / 2);
    let mut bytes = vec![0; 131_072];
    // Byte 0 holds (0, 0) low and (1, 0) high; byte 256 starts row 1; the last is (510, 511),
    // (511, 511).
    bytes[0] = 0x21;
    bytes[256] = 0x0F;
    bytes[131_071] = 0x43;
    let sp2 = HdSp2::decode(&bytes).unwrap();
    let at = |x: usize, y: usize| sp2.pixels[y * 512 + x];
    assert_eq!((at(0, 0), at(1, 0), at(0, 1), at(1, 1)), (1, 2, 0xF, 0));
    assert_eq!((at(510, 511), at(511, 511)), (3, 4));
    assert_eq!(sp2.encode().unwrap(), bytes);
    // Any other size is refused, naming both sizes; an SP2's own 32768 bytes among them.
    for len in [32_768, 131_071, 131_073, 118_784, 0] {
        let err = HdSp2::decode(&vec![0; len]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BadSize, "{len}");
        let said = err.to_string();
        assert!(
            said.contains("131072 bytes (512 x 512") && said.contains(&format!("{len} bytes")),
            "{said}"
        );
    }
}

#[test]
fn the_sp2_upscale_doubles_each_pixel_and_agrees_with_the_sp2() {
    let mut sp2 = Spr::blank(SprVariant::Sp2);
    sp2.pixels[10 * 256 + 3] = 7; // (3, 10): HD columns 6-7, rows 20-21
    sp2.pixels[255 * 256 + 255] = 2; // the bottom right corner
    let hd = HdSp2::upscaled(&sp2).unwrap();
    let at = |x: usize, y: usize| hd.pixels[y * 512 + x];
    for (x, y) in [(6, 20), (7, 20), (6, 21), (7, 21)] {
        assert_eq!(at(x, y), 7, "({x}, {y})");
    }
    assert_eq!(
        (at(5, 20), at(8, 21), at(510, 510), at(511, 511)),
        (0, 0, 2, 2)
    );
    assert_eq!(hd.pixels.iter().filter(|&&i| i != 0).count(), 8);
    let agreement = hd.agreement(&sp2).unwrap();
    assert_eq!(
        agreement,
        Agreement {
            hd_opaque: 8,
            spr_opaque: 8,
            both_opaque: 8,
            same_index: 8
        }
    );
    // A pixel moved off the SP2's silhouette: 7 of its 8 covered.
    let mut moved = hd.clone();
    moved.pixels[20 * 512 + 6] = 0;
    moved.pixels[30 * 512 + 30] = 7;
    let moved = moved.agreement(&sp2).unwrap();
    assert_eq!((moved.both_opaque, moved.coverage()), (7, 7.0 / 8.0));
    // Only an SP2 has its layout.
    let err = HdSp2::upscaled(&Spr::blank(SprVariant::Standard)).unwrap_err();
    assert!(err.to_string().contains("a standard sheet"), "{err}");
    assert!(hd.agreement(&Spr::blank(SprVariant::Standard)).is_err());
}

/// The retail BEHI2.SP2 at twice the size, as the remaster's `tex_1132.bin` is inferred to be:
/// through the file and back, every opaque pixel of the SP2 covered four times over.
#[test]
fn the_retail_sp2_upscaled_round_trips_and_covers_the_sp2() {
    let test = "the_retail_sp2_upscaled_round_trips_and_covers_the_sp2";
    let Some(bytes) = test_support::sheet_bytes(test, "BEHI2.SP2") else {
        return;
    };
    let sp2 = Spr::decode(&bytes).unwrap();
    let opaque = sp2.pixels.iter().filter(|&&i| i != 0).count();
    assert!(opaque > 1000, "BEHI2.SP2 draws something: {opaque}");
    let file = HdSp2::upscaled(&sp2).unwrap().encode().unwrap();
    assert_eq!(file.len(), 131_072);
    let read = HdSp2::decode(&file).unwrap();
    assert_eq!(read.encode().unwrap(), file);
    let agreement = read.agreement(&sp2).unwrap();
    assert_eq!(
        (
            agreement.spr_opaque,
            agreement.hd_opaque,
            agreement.both_opaque
        ),
        (4 * opaque, 4 * opaque, 4 * opaque)
    );
    assert_eq!(agreement.coverage(), 1.0);
}

// ---- the real pairs ----

/// The pair `n`, `n + 1` and its SPR, decoded; `None` after the loud skip.
fn real_pair(test: &str, n: u32, spr: &str) -> Option<(test_support::HdPairFiles, HdSheet, Spr)> {
    let files = test_support::hd_pair(test, n, spr)?;
    let sheet = HdSheet::decode(&files.upper, &files.lower)
        .unwrap_or_else(|e| panic!("tex_{n}.bin + tex_{}.bin: {e}", n + 1));
    let spr = Spr::decode(&files.spr).unwrap_or_else(|e| panic!("{spr}: {e}"));
    Some((files, sheet, spr))
}

#[test]
fn the_six_real_files_round_trip_byte_for_byte() {
    let test = "the_six_real_files_round_trip_byte_for_byte";
    for (n, spr_name) in PAIRS {
        let Some((files, sheet, spr)) = real_pair(test, n, spr_name) else {
            continue;
        };
        assert_eq!(spr.variant, SprVariant::Standard, "{spr_name}");
        let encoded = sheet.encode().unwrap();
        assert!(
            encoded.upper == files.upper,
            "tex_{n}.bin re-encodes differently"
        );
        assert!(
            encoded.lower == files.lower,
            "tex_{}.bin re-encodes differently",
            n + 1
        );
        for (half, bytes) in [(HdHalf::Upper, &files.upper), (HdHalf::Lower, &files.lower)] {
            let part = HdPart::decode(bytes).unwrap();
            assert_eq!(part.half, half);
            assert_eq!(part.pixels, sheet.half_pixels(half));
            // Told from its size alone, and through the round trip every command shares.
            assert_eq!(
                fft_formats::detect_format(bytes),
                Some(fft_formats::FileFormat::HdHalf)
            );
            assert_eq!(
                fft_formats::round_trip(fft_formats::FileFormat::HdHalf, bytes).unwrap(),
                fft_formats::RoundTrip::Identical
            );
        }
    }
}

/// docs/remaster.md "How the HD art relates to the SPR": each row's file names, half and counts.
fn agreement_table() -> Vec<(u32, String, String, Agreement, [f64; 3])> {
    let path = test_support::repo_root().join("docs/remaster.md");
    let page = std::fs::read_to_string(&path).unwrap();
    page.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line
                .trim()
                .strip_prefix("| tex_")?
                .strip_suffix('|')?
                .split('|')
                .map(str::trim)
                .collect();
            let n = cells[0].split('.').next()?.parse().ok()?;
            let number = |i: usize| cells[i].parse::<usize>().unwrap();
            let ratio = |i: usize| cells[i].parse::<f64>().unwrap();
            Some((
                n,
                cells[1].to_owned(),
                cells[2].to_owned(),
                Agreement {
                    hd_opaque: number(3),
                    spr_opaque: number(4),
                    both_opaque: number(5),
                    same_index: number(6),
                },
                [ratio(7), ratio(8), ratio(9)],
            ))
        })
        .collect()
}

#[test]
fn the_agreement_is_the_table_of_the_docs() {
    let test = "the_agreement_is_the_table_of_the_docs";
    let table = agreement_table();
    assert_eq!(table.len(), 9, "three rows for each of the three pairs");
    for (n, spr_name, half, want, ratios) in table {
        let Some((files, sheet, spr)) = real_pair(test, n, &spr_name) else {
            continue;
        };
        let got = match half.as_str() {
            "upper" => hd::agreement(&HdPart::decode(&files.upper).unwrap(), &spr).unwrap(),
            "lower" => hd::agreement(&HdPart::decode(&files.lower).unwrap(), &spr).unwrap(),
            "pair" => sheet.agreement(&spr).unwrap(),
            other => panic!("a half {other:?}"),
        };
        assert_eq!(got, want, "tex_{n} {half}");
        let shown = |v: f64| format!("{v:.4}");
        assert_eq!(
            [got.iou(), got.coverage(), got.index_match()].map(shown),
            ratios.map(shown),
            "tex_{n} {half}: the page's ratios"
        );
        if half == "pair" {
            assert_eq!(got.hd_opaque, sheet.opaque_pixels());
        }
    }
}

#[test]
fn a_pair_agrees_best_with_its_own_spr() {
    let test = "a_pair_agrees_best_with_its_own_spr";
    let mut decoded = Vec::new();
    for (n, spr_name) in PAIRS {
        let Some((_, sheet, spr)) = real_pair(test, n, spr_name) else {
            return;
        };
        decoded.push((n, sheet, spr));
    }
    for (n, sheet, own) in &decoded {
        let own_iou = sheet.agreement(own).unwrap().iou();
        // The bound for a pair and its SPR.
        assert!(own_iou >= 0.9, "tex_{n}: IoU {own_iou:.4} with its own SPR");
        for (m, _, other) in &decoded {
            if m != n {
                let other_iou = sheet.agreement(other).unwrap().iou();
                assert!(
                    other_iou < own_iou,
                    "tex_{n}: IoU {other_iou:.4} with tex_{m}'s SPR, {own_iou:.4} with its own"
                );
            }
        }
    }
}

#[test]
fn cut_and_lengthened_real_halves_give_one_error() {
    let Some(upper) = test_support::hd_bytes(
        "cut_and_lengthened_real_halves_give_one_error",
        "tex_992.bin",
    ) else {
        return;
    };
    for cut in (0..upper.len())
        .step_by(4099)
        .chain([118_783, 118_785, 131_071])
    {
        let err = HdPart::decode(&upper[..cut]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BadSize, "cut at {cut}");
    }
    // Cut to the lower half's size it is a lower half (a size is all a half is told by): the
    // codec cannot know, and decodes it; the pair then refuses two upper halves.
    let as_lower = HdPart::decode(&upper[..118_784]).unwrap();
    assert_eq!(as_lower.half, HdHalf::Lower);
    let mut longer = upper.clone();
    longer.push(0);
    assert_eq!(HdPart::decode(&longer).unwrap_err().offset(), Some(131_072));
}

#[test]
fn every_mutated_byte_decodes_and_encodes_back() {
    let Some(lower) =
        test_support::hd_bytes("every_mutated_byte_decodes_and_encodes_back", "tex_993.bin")
    else {
        return;
    };
    // Every byte is two pixels: any value decodes, and encodes to itself.
    let mut bytes = lower.clone();
    let mut sheet = HdSheet::blank();
    for at in (0..bytes.len()).step_by(997) {
        bytes[at] = bytes[at].wrapping_add(0x5B);
        let part = HdPart::decode(&bytes).unwrap();
        assert_eq!(part.half, HdHalf::Lower);
        sheet.pixels[512 * 512..].copy_from_slice(&part.pixels);
        assert!(
            sheet.encode_half(HdHalf::Lower).unwrap() == bytes,
            "mutation at {at}"
        );
        bytes[at] = lower[at];
    }
}
