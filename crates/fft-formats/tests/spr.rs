//! SPR codec tests: hand-built compression examples and synthetic sheets of every variant (no game
//! data needed), then the retail sheets from `<FFT_ORIGINALS>/../sheets` (skipped loudly without
//! them): exact round trips, the derived RAMUZA PNG, truncations and mutations.

use std::path::{Path, PathBuf};

use fft_formats::ErrorKind;
use fft_formats::file_format::{FileFormat, RoundTrip, detect_format, round_trip};
use fft_formats::spr::compression::{MAX_RUN, compress, decompress};
use fft_formats::spr::{Spr, SprVariant, WIDTH, colour_rgba, palette_rgba};
use pretty_assertions::assert_eq;

// ---- the compression, by hand ----

/// Screen-order pixels from stream-order nibbles: each pair is swapped.
fn swap_pairs(stream_order: &[u8]) -> Vec<u8> {
    stream_order
        .chunks(2)
        .flat_map(|pair| pair.iter().rev().copied())
        .collect()
}

#[test]
fn hand_built_stream_decodes_and_encodes() {
    // Tokens written from the grammar, as nibbles (high half of each byte first):
    //   5           literal 5
    //   0 3         3 zeros
    //   4           literal 4
    //   0 0 7       7 zeros (7 and 8 need the 3-nibble form)
    //   a           literal 0xA
    //   0 7 1 1     0x11 = 17 zeros (lowest digit first)
    //   6           literal 6
    //   0 8 1 0 1   0x101 = 257 zeros
    //   1 2         literals 1, 2
    // 20 nibbles, so no pad nibble. Literals sit between the runs: the canonical encoder would
    // merge two runs in a row into one.
    let stream = [0x50, 0x34, 0x00, 0x7A, 0x07, 0x11, 0x60, 0x81, 0x01, 0x12];
    // Stream order: 5, 3 zeros, 4, 7 zeros, A, 17 zeros, 6, 257 zeros, 1, 2: 290 pixels. Stream
    // nibble p is pixel p ^ 1: 5 (p 0) is pixel 1, 4 (p 4) pixel 5, A (p 12) pixel 13, 6 (p 30)
    // pixel 31, 1 (p 288) pixel 289 and 2 (p 289) pixel 288.
    let mut pixels = vec![0; 290];
    pixels[1] = 5;
    pixels[5] = 4;
    pixels[13] = 0xA;
    pixels[31] = 6;
    pixels[288] = 2;
    pixels[289] = 1;

    let decoded = decompress(&stream, 290, 0).unwrap();
    assert_eq!(decoded.pixels, pixels);
    assert_eq!(decoded.nibbles, 20);
    assert_eq!(compress(&pixels).unwrap(), stream);
}

#[test]
fn hand_built_stream_with_pad_nibble() {
    // Screen 0 0 0 7 is stream 0 0 7 0: `0 2`, `7`, `0 1`, then the pad nibble 0.
    let pixels = [0, 0, 0, 7];
    let stream = [0x02, 0x70, 0x10];
    assert_eq!(compress(&pixels).unwrap(), stream);
    let decoded = decompress(&stream, 4, 0).unwrap();
    assert_eq!(decoded.pixels, pixels);
    assert_eq!((decoded.nibbles, decoded.bytes()), (5, 3));
}

#[test]
fn long_forms_and_no_op_tokens_decode_and_the_encoder_normalises_them() {
    // `0 0 3` (3 zeros, long form), `0 0 0` and `0 7 0 0` (no-ops), `0 7 2 0` (2 zeros),
    // literal 9, then the pad nibble: 15 nibbles.
    let stream = [0x00, 0x30, 0x00, 0x07, 0x00, 0x07, 0x20, 0x90];
    let decoded = decompress(&stream, 6, 0).unwrap();
    assert_eq!(decoded.pixels, swap_pairs(&[0, 0, 0, 0, 0, 9]));
    assert_eq!(decoded.nibbles, 15);
    // Canonically: `0 5`, `9`, pad.
    assert_eq!(compress(&decoded.pixels).unwrap(), [0x05, 0x90]);
}

#[test]
fn runs_split_at_4095_in_their_shortest_tokens() {
    let cases: [(usize, &[u8]); 10] = [
        (1, &[0, 1]),
        (6, &[0, 6]),
        (7, &[0, 0, 7]),
        (8, &[0, 0, 8]),
        (9, &[0, 9]),
        (15, &[0, 0xF]),
        (16, &[0, 7, 0, 1]),
        (255, &[0, 7, 0xF, 0xF]),
        (256, &[0, 8, 0, 0, 1]),
        (4095, &[0, 8, 0xF, 0xF, 0xF]),
    ];
    for (run, token) in cases {
        // The run, then one literal 1, in stream order.
        let mut stream_order = vec![0; run];
        stream_order.push(1);
        if stream_order.len() % 2 == 1 {
            stream_order.push(1);
        }
        let pixels = swap_pairs(&stream_order);
        let mut nibbles = token.to_vec();
        nibbles.resize(token.len() + stream_order.len() - run, 1);
        if nibbles.len() % 2 == 1 {
            nibbles.push(0);
        }
        let bytes: Vec<u8> = nibbles.chunks(2).map(|p| (p[0] << 4) | p[1]).collect();
        assert_eq!(compress(&pixels).unwrap(), bytes, "run of {run}");
        assert_eq!(
            decompress(&bytes, pixels.len(), 0).unwrap().pixels,
            pixels,
            "run of {run}"
        );
    }
    // Longer runs continue with another token.
    for run in [4096, 4097, 8190, 8191, 12345] {
        let pixels = vec![0; run + run % 2];
        let bytes = compress(&pixels).unwrap();
        assert_eq!(&bytes[..3], [0x08, 0xFF, 0xF0], "run of {run}");
        assert_eq!(decompress(&bytes, pixels.len(), 0).unwrap().pixels, pixels);
    }
    assert_eq!(MAX_RUN, 4095);
}

#[test]
fn compressed_stream_errors_say_where() {
    // `0 8` and then nothing: the stream ends inside a token.
    let err = decompress(&[0x08], 8, 0x9200).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BadCompression);
    assert_eq!(err.offset().unwrap(), 0x9201);
    assert!(
        err.found().contains("inside the token at byte 0x9200"),
        "{err}"
    );
    // Two literals, and 2 of the 4 pixels missing.
    let err = decompress(&[0x12], 4, 0x100).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BadCompression);
    assert_eq!(
        (err.offset().unwrap(), err.expected()),
        (0x101, "2 more pixels (the stream holds 4)")
    );
    // A run of 9 when 3 pixels are left.
    let err = decompress(&[0x10, 0x90], 4, 0x40).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BadCompression);
    assert_eq!(err.offset().unwrap(), 0x40);
    assert!(err.found().contains("a run of 9"), "{err}");
    // Pixels over 15 cannot be encoded.
    assert_eq!(
        compress(&[0, 16]).map_err(|e| e.kind()),
        Err(ErrorKind::OutOfRange)
    );
}

// ---- synthetic sheets of every variant ----

/// A sheet with some of everything: long zero runs, runs of 7 and 8, literals of every value.
fn patterned(variant: SprVariant, padding: usize) -> Spr {
    let mut spr = Spr::blank(variant);
    for (p, palette) in spr.palettes.iter_mut().enumerate() {
        for (c, word) in palette.iter_mut().enumerate() {
            *word = ((p * 16 + c) as u16).wrapping_mul(0x9E37);
        }
    }
    for (i, pixel) in spr.pixels.iter_mut().enumerate() {
        let (x, y) = (i % WIDTH, i / WIDTH);
        *pixel = match y % 7 {
            0 => 0,
            1 => ((x * 7 + y) % 16) as u8,
            2 if x % 9 < 7 => 0,
            3 if x % 17 < 8 => 0,
            _ if x % 3 == 0 => 0,
            _ => ((x ^ y) % 15 + 1) as u8,
        };
    }
    spr.padding = padding;
    spr
}

#[test]
fn every_variant_encodes_and_decodes_back() {
    for variant in SprVariant::ALL {
        for padding in [0, 1, 3] {
            let spr = patterned(variant, padding);
            let bytes = spr.encode().unwrap();
            let back = Spr::decode_as(&bytes, variant).unwrap();
            assert!(
                back == spr,
                "{variant}, padding {padding}: decode_as differs"
            );
            assert_eq!(back.encode().unwrap(), bytes);
        }
        // Detection from the bytes alone: the retail files carry no padding, except the single
        // 0x00 of the short sheets.
        let padding = usize::from(variant == SprVariant::Short);
        let spr = patterned(variant, padding);
        let bytes = spr.encode().unwrap();
        assert_eq!(Spr::detect(&bytes), Some(variant), "{variant}");
        assert!(Spr::decode(&bytes).unwrap() == spr, "{variant}");
        assert_eq!(detect_format(&bytes), Some(FileFormat::Spr), "{variant}");
        assert_eq!(
            round_trip(FileFormat::Spr, &bytes),
            Ok(RoundTrip::Identical)
        );
    }
}

#[test]
fn raw_variants_have_their_fixed_sizes() {
    let len = |variant, padding| patterned(variant, padding).encode().unwrap().len();
    assert_eq!(len(SprVariant::Sp2, 0), 32768);
    assert_eq!(len(SprVariant::Other, 0), 33792);
    assert_eq!(len(SprVariant::Short, 1), 37377);
}

#[test]
fn blank_and_full_standard_sheets_have_the_extreme_sizes() {
    let blank = Spr::blank(SprVariant::Standard);
    // 12 runs of 4095 and one of 2060 (`0 8 c 0 8`): 65 nibbles, so 33 bytes with the pad.
    assert_eq!(blank.encode().unwrap().len(), 0x9200 + 33);
    let mut full = blank;
    full.pixels.fill(15);
    assert_eq!(full.encode().unwrap().len(), 0x9200 + 25600);
}

#[test]
fn models_that_fit_no_file_do_not_encode() {
    let mut spr = Spr::blank(SprVariant::Standard);
    spr.pixels[3 * WIDTH + 5] = 16;
    let err = spr.encode().unwrap_err();
    assert_eq!(err.field(), "pixel (5, 3)");
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    let mut spr = Spr::blank(SprVariant::Other);
    spr.palettes.pop();
    assert_eq!(spr.encode().map_err(|e| e.kind()), Err(ErrorKind::Mismatch));
    let mut spr = Spr::blank(SprVariant::Sp2);
    spr.pixels.push(0);
    assert_eq!(spr.encode().map_err(|e| e.kind()), Err(ErrorKind::Mismatch));
}

#[test]
fn non_zero_bytes_after_the_data_and_pad_nibbles_are_errors() {
    let mut bytes = Spr::blank(SprVariant::Standard).encode().unwrap();
    let last = bytes.len() - 1;
    assert_eq!(
        bytes[last] & 0x0F,
        0,
        "the blank stream ends with a pad nibble"
    );
    bytes[last] |= 0x03;
    let err = Spr::decode_as(&bytes, SprVariant::Standard).unwrap_err();
    assert_eq!(err.offset().unwrap(), last);
    bytes[last] &= 0xF0;
    bytes.extend_from_slice(&[0, 0, 7]);
    let err = Spr::decode_as(&bytes, SprVariant::Standard).unwrap_err();
    assert_eq!((err.offset().unwrap(), err.found()), (last + 3, "0x07"));
}

#[test]
fn palette_expansion_rounds_and_index_0_is_transparent() {
    // v * 255 / 31 rounded: 1 -> 8.2 -> 8, 16 -> 131.6 -> 132, 30 -> 246.8 -> 247.
    assert_eq!(colour_rgba(0x7FFF), [255, 255, 255, 255]);
    assert_eq!(colour_rgba(1 | (16 << 5) | (30 << 10)), [8, 132, 247, 255]);
    // STP is not a colour.
    assert_eq!(colour_rgba(0x8000), [0, 0, 0, 255]);
    let mut palette = [0x7FFF; 16];
    palette[0] = 0x4695;
    let rgba = palette_rgba(&palette);
    // Index 0 keeps its colour, fully transparent: 0x4695 is r 21, g 20, b 17 (bits 0-4, 5-9,
    // 10-14), 172.7, 164.5, 139.8 after * 255 / 31, rounded.
    assert_eq!(rgba[0], [173, 165, 140, 0]);
    assert!(rgba[1..].iter().all(|c| *c == [255; 4]));
    let mut spr = Spr::blank(SprVariant::Standard);
    spr.palettes[3] = palette;
    assert_eq!(spr.palette_rgba(3), rgba);
}

#[test]
fn pixel_reads_screen_coordinates() {
    let mut spr = Spr::blank(SprVariant::Standard);
    spr.pixels[487 * WIDTH + 255] = 9;
    assert_eq!(spr.pixel(255, 487), 9);
    let bytes = spr.encode().unwrap();
    // The band (image rows 456-487) is stored right after the top 256 rows.
    assert_eq!(bytes[0x8200 + 31 * 128 + 127], 0x90);
}

// ---- the retail sheets ----

/// Every sheet in `dir` (disc names `*.SPR`, `*.SP2` and the remaster's `*_spr.bin`,
/// `*_sp2.bin`), each named by its remaster name (which [`expected_variant`] reads), with its
/// bytes.
fn sheet_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter_map(|path| {
            let name = path.file_name()?.to_string_lossy().into_owned();
            let lower = name.to_ascii_lowercase();
            if lower.ends_with("_spr.bin") || lower.ends_with("_sp2.bin") {
                Some((lower, path))
            } else if lower.ends_with(".spr") || lower.ends_with(".sp2") {
                Some((test_support::remaster_name(&name), path))
            } else {
                None
            }
        })
        .collect();
    files.sort();
    files.dedup_by(|a, b| a.0 == b.0);
    files
        .into_iter()
        .map(|(name, path)| {
            let bytes = std::fs::read(&path).unwrap();
            (name, bytes)
        })
        .collect()
}

/// The variant of a retail sheet, from its name (docs/formats/spr.md 4.6).
fn expected_variant(name: &str) -> SprVariant {
    let base = name
        .trim_start_matches("battle_")
        .trim_end_matches(".bin")
        .trim_end_matches("_spr")
        .trim_end_matches("_sp2");
    if name.ends_with("_sp2.bin") {
        SprVariant::Sp2
    } else if base == "other" {
        SprVariant::Other
    } else if ["dami", "kasanek", "kasanem"].contains(&base) {
        SprVariant::Tall
    } else if base.starts_with("cyomon")
        || base == "furaia"
        || ["10", "20", "40", "60"].iter().any(|age| {
            base.strip_prefix(age)
                .is_some_and(|rest| rest == "m" || rest == "w")
        })
    {
        SprVariant::Short
    } else {
        SprVariant::Standard
    }
}

/// RAMUZA.SPR's bytes, or `None` after the loud skip.
fn ramuza(test: &str) -> Option<Vec<u8>> {
    test_support::sheet_bytes(test, "RAMUZA.SPR")
}

#[test]
fn every_retail_sheet_round_trips_byte_for_byte() {
    let Some(dir) = test_support::sheets("every_retail_sheet_round_trips_byte_for_byte") else {
        return;
    };
    let mut failures = Vec::new();
    for (name, bytes) in sheet_files(&dir) {
        let spr = match Spr::decode(&bytes) {
            Ok(spr) => spr,
            Err(err) => {
                failures.push(format!("{name}: {err}"));
                continue;
            }
        };
        let want = expected_variant(&name);
        if spr.variant != want {
            failures.push(format!("{name}: decoded as {}, not {want}", spr.variant));
        }
        let result = round_trip(FileFormat::Spr, &bytes);
        if result != Ok(RoundTrip::Identical) {
            failures.push(format!("{name}: {result:?}"));
        }
        if detect_format(&bytes) != Some(FileFormat::Spr) {
            failures.push(format!("{name}: detected as {:?}", detect_format(&bytes)));
        }
        eprintln!(
            "{name}: {} bytes, {} sheet 256 x {}, {} palettes, padding {}, round trip {result:?}",
            bytes.len(),
            spr.variant,
            spr.height(),
            spr.palettes.len(),
            spr.padding
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Reads an 8-bit indexed PNG: size, indices, PLTE and tRNS.
fn read_indexed_png(path: &Path) -> (u32, u32, Vec<u8>, Vec<u8>, Option<Vec<u8>>) {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::IDENTITY);
    let mut reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!(
        (info.color_type, info.bit_depth),
        (png::ColorType::Indexed, png::BitDepth::Eight),
        "{} is not 8-bit indexed",
        path.display()
    );
    let plte = info.palette.as_deref().unwrap_or_default().to_vec();
    let trns = info.trns.as_deref().map(<[u8]>::to_vec);
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    assert_eq!(frame.line_size, frame.width as usize);
    buf.truncate(frame.buffer_size());
    (frame.width, frame.height, buf, plte, trns)
}

#[test]
fn ramuza_matches_the_derived_png() {
    const TEST: &str = "ramuza_matches_the_derived_png";
    let (Some(ramuza), Some(derived)) = (
        ramuza(TEST),
        test_support::sheet(TEST, "RAMUZA_palette0_256x488_derived.png"),
    ) else {
        return;
    };
    let spr = Spr::decode(&ramuza).unwrap();
    assert_eq!(spr.variant, SprVariant::Standard);
    let (width, height, indices, plte, trns) = read_indexed_png(&derived);
    assert_eq!((width, height), (256, 488));
    let differing: Vec<_> = (0..488)
        .flat_map(|y| (0..256).map(move |x| (x, y)))
        .filter(|&(x, y)| spr.pixel(x, y) != indices[y * 256 + x])
        .collect();
    assert!(
        differing.is_empty(),
        "{} pixels differ, first at {:?}",
        differing.len(),
        differing.first()
    );

    // The PNG's colours are palette 0 expanded with floor(v * 255 / 31); palette_rgba rounds, so
    // the channels agree to within 1, and exactly once the raw words are floored the same way.
    let rgba = spr.palette_rgba(0);
    assert!(plte.len() >= 48, "PLTE of {} bytes", plte.len());
    for (i, (png_rgb, word)) in plte.chunks(3).zip(spr.palettes[0]).enumerate() {
        let floor: Vec<u8> = [0, 5, 10]
            .iter()
            .map(|shift| (u32::from((word >> shift) & 0x1F) * 255 / 31) as u8)
            .collect();
        assert_eq!(png_rgb, floor.as_slice(), "colour {i}, word 0x{word:04X}");
        for c in 0..3 {
            assert!(
                rgba[i][c].abs_diff(png_rgb[c]) <= 1,
                "colour {i} channel {c}: {} against {}",
                rgba[i][c],
                png_rgb[c]
            );
        }
    }
    if let Some(trns) = trns {
        for (i, colour) in rgba.iter().enumerate() {
            let alpha = trns.get(i).copied().unwrap_or(255);
            assert_eq!(colour[3], alpha, "alpha of colour {i}");
        }
    }
}

#[test]
fn truncated_ramuza_never_panics() {
    let Some(bytes) = ramuza("truncated_ramuza_never_panics") else {
        return;
    };
    let len = bytes.len();
    let mut cuts: Vec<usize> = (0..64).collect();
    cuts.extend((0x1F0..0x210).chain(0x81F8..0x8208).chain(0x91F8..0x9208));
    cuts.extend((0..len).step_by(149));
    cuts.extend([32768, 33792, 0x9200 + 1, 0x9200 + 16]);
    cuts.extend(len - 40..len);
    cuts.sort_unstable();
    cuts.dedup();
    let mut ok = Vec::new();
    for &cut in &cuts {
        let cut_bytes = &bytes[..cut];
        let Ok(spr) = Spr::decode(cut_bytes) else {
            continue;
        };
        ok.push(format!("{cut}: {}", spr.variant));
        let encoded = spr.encode().unwrap();
        assert!(
            encoded == cut_bytes,
            "cut at {cut}: decoded as {} but encodes differently",
            spr.variant
        );
    }
    eprintln!("{} cuts, decoded: {ok:?}", cuts.len());
    assert!(cuts.len() >= 300);
}

/// xorshift64*, so the mutations are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn mutated_ramuza_never_panics() {
    let Some(original) = ramuza("mutated_ramuza_never_panics") else {
        return;
    };
    let mut rng = Rng(0x5EED_0F5B_1200);
    let (mut decoded, mut identical) = (0, 0);
    let mut bytes = original.clone();
    for round in 0..3000 {
        // A third in the palettes and raw rows, the rest in the compressed stream.
        let at = if round % 3 == 0 {
            rng.below(0x9200)
        } else {
            0x9200 + rng.below(original.len() - 0x9200)
        };
        bytes[at] ^= (rng.below(255) + 1) as u8;
        if let Ok(spr) = Spr::decode(&bytes) {
            decoded += 1;
            // The encoder normalises the stream, so the bytes may change; the model may not.
            let encoded = spr.encode().unwrap();
            assert!(
                Spr::decode(&encoded).as_ref() == Ok(&spr),
                "mutation at 0x{at:X}: the re-encoded sheet decodes to another model"
            );
            if encoded == bytes {
                identical += 1;
            } else {
                assert!(
                    at >= 0x9200,
                    "mutation at 0x{at:X} of a raw byte did not round-trip"
                );
            }
        }
        bytes[at] = original[at];
    }
    eprintln!("3000 mutations: {decoded} decoded, {identical} of them re-encoded identically");
    assert!(decoded >= 1000);
}

#[test]
fn no_retail_shp_or_seq_is_a_sheet_and_no_sheet_is_an_shp_or_seq() {
    for file in test_support::RETAIL_FILES {
        let Some(bytes) = test_support::retail_bytes(
            "no_retail_shp_or_seq_is_a_sheet_and_no_sheet_is_an_shp_or_seq",
            file.disc_name,
        ) else {
            continue;
        };
        let kind = detect_format(&bytes);
        assert!(
            matches!(kind, Some(k) if k != FileFormat::Spr),
            "{} detected as {kind:?}",
            file.disc_name
        );
        assert_eq!(Spr::detect(&bytes), None, "{}", file.disc_name);
    }
    let Some(dir) =
        test_support::sheets("no_retail_shp_or_seq_is_a_sheet_and_no_sheet_is_an_shp_or_seq")
    else {
        return;
    };
    for (name, bytes) in sheet_files(&dir) {
        assert_eq!(detect_format(&bytes), Some(FileFormat::Spr), "{name}");
    }
}

/// `colour_word` undoes `colour_rgba` for all 32768 colours (the STP bit aside), and rounds an
/// 8-bit channel to the nearest 5-bit level: 0-3 -> 0, 4-12 -> 1, ..., 251-255 -> 31.
#[test]
fn colour_word_is_the_inverse_of_colour_rgba() {
    use fft_formats::spr::{STP_BIT, colour_rgba, colour_word};
    for word in 0..=u16::MAX {
        let [r, g, b, _] = colour_rgba(word);
        assert_eq!(colour_word([r, g, b]), word & !STP_BIT, "{word:04X}");
    }
    // Level v shows as round(v * 255 / 31); a channel goes to the level it is nearest to.
    for c in 0..=255u8 {
        let nearest = (0..32u16)
            .min_by_key(|v| (i32::from(c) * 31 - i32::from(*v) * 255).abs())
            .unwrap();
        assert_eq!(colour_word([c, 0, 0]), nearest, "{c}");
    }
}

/// A sheet's palettes told from its size alone, as a list of many sheets says them before any is
/// decoded: the count of the variant `Spr::decode` finds, for a sheet of every layout.
#[test]
fn the_palettes_of_a_sheet_are_told_from_its_size() {
    for variant in SprVariant::ALL {
        let bytes = Spr::blank(variant).encode().unwrap();
        let decoded = Spr::decode(&bytes).unwrap();
        assert_eq!(
            Spr::palette_count_of_len(bytes.len()),
            decoded.palettes.len(),
            "{variant} ({} bytes)",
            bytes.len()
        );
    }
    // The sizes by hand: an SP2 has none, OTHER.SPR 32, WEP.SPR 48 (three blocks of 16).
    assert_eq!(Spr::palette_count_of_len(32_768), 0);
    assert_eq!(Spr::palette_count_of_len(33_792), 32);
    assert_eq!(Spr::palette_count_of_len(85_504), 48);
    assert_eq!(Spr::palette_count_of_len(44_032), 16);
}
