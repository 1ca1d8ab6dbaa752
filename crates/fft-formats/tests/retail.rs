//! The retail files in `FFT_ORIGINALS`: the manifest's sizes, format detection, byte-identical
//! round trips, and the TYPE1 fingerprints of docs/formats/shp.md 2.10 and
//! docs/formats/seq.md 3.5-3.6 and 3.10.
//!
//! Every expected number here is quoted from those documents, not from our decoder.

use std::collections::{BTreeMap, BTreeSet};

use fft_formats::shp::Frame;
use fft_formats::{Command, FileFormat, RoundTrip, Seq, UnitShp, detect_format, round_trip};
use pretty_assertions::assert_eq;
use test_support::RETAIL_FILES;

/// The format a retail file is in, from its disc name alone (docs/formats/README.md 1).
fn kind_by_name(disc_name: &str) -> FileFormat {
    if disc_name.ends_with(".SEQ") {
        FileFormat::Seq
    } else if ["WEP", "EFF"].iter().any(|p| disc_name.starts_with(p)) {
        FileFormat::WeaponShp
    } else {
        FileFormat::UnitShp
    }
}

/// The SHP and SEQ kinds. (Sheets are another family: their sizes are fixed, not self-described,
/// so they are left out of the "no other decoder accepts it" check.)
const SHP_SEQ_KINDS: [FileFormat; 3] =
    [FileFormat::Seq, FileFormat::UnitShp, FileFormat::WeaponShp];

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Every file of the manifest, under each name present: the manifest's size, the right kind from
/// `detect_format`, no other decoder accepting it, and a byte-identical round trip.
#[test]
fn retail_files_match_manifest_and_round_trip() {
    let Some(dir) = test_support::originals("retail_files_match_manifest_and_round_trip") else {
        return;
    };
    let mut checked = 0;
    let mut problems = Vec::new();
    let mut missing = Vec::new();
    for file in &RETAIL_FILES {
        let expected_kind = kind_by_name(file.disc_name);
        let copies: Vec<(&str, Vec<u8>)> = [file.disc_name, file.remaster_name]
            .into_iter()
            .filter_map(|name| std::fs::read(dir.join(name)).ok().map(|b| (name, b)))
            .collect();
        if copies.is_empty() {
            missing.push(file.disc_name);
        }
        if let [(_, a), (_, b)] = copies.as_slice()
            && a != b
        {
            problems.push(format!(
                "{} and {} differ",
                file.disc_name, file.remaster_name
            ));
        }
        for (name, bytes) in &copies {
            checked += 1;
            if bytes.len() != file.size {
                problems.push(format!(
                    "{name}: {} bytes, manifest says {}",
                    bytes.len(),
                    file.size
                ));
            }
            let detected = detect_format(bytes);
            if detected != Some(expected_kind) {
                problems.push(format!(
                    "{name}: detect_format gives {detected:?}, expected {expected_kind}"
                ));
            }
            for other in SHP_SEQ_KINDS.into_iter().filter(|k| *k != expected_kind) {
                if round_trip(other, bytes).is_ok() {
                    problems.push(format!("{name}: also decodes as {other}"));
                }
            }
            match round_trip(expected_kind, bytes) {
                Ok(RoundTrip::Identical) => {}
                other => problems.push(format!("{name}: round trip gave {other:?}")),
            }
        }
    }
    if !missing.is_empty() {
        test_support::skip::<()>(
            "retail_files_match_manifest_and_round_trip",
            &format!(
                "{} of {} retail files are not in {} ($FFT_ORIGINALS) under either name (checked the others): {}",
                missing.len(),
                RETAIL_FILES.len(),
                dir.display(),
                missing.join(", ")
            ),
        );
    }
    assert_eq!(problems, Vec::<String>::new());
    assert!(
        checked >= RETAIL_FILES.len() - missing.len(),
        "only {checked} files checked"
    );
    eprintln!("checked {checked} retail files");
}

/// Every SHP/SEQ-looking file in the folder is one the manifest knows.
#[test]
fn retail_folder_holds_only_known_files() {
    let Some(dir) = test_support::originals("retail_folder_holds_only_known_files") else {
        return;
    };
    let known: BTreeSet<&str> = RETAIL_FILES
        .iter()
        .flat_map(|f| [f.disc_name, f.remaster_name])
        .collect();
    let mut unknown = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("read FFT_ORIGINALS") {
        let name = entry.expect("a folder entry").file_name();
        let name = name.to_string_lossy().into_owned();
        let looks_like_one = [".SHP", ".SEQ", "_shp.bin", "_seq.bin"]
            .iter()
            .any(|suffix| name.ends_with(suffix));
        if looks_like_one && !known.contains(name.as_str()) {
            unknown.push(name);
        }
    }
    assert_eq!(unknown, Vec::<String>::new());
}

/// Header values and used-slot counts of every SEQ (docs/formats/seq.md 3.6).
#[test]
fn retail_seq_headers_and_slot_counts() {
    const TEST: &str = "retail_seq_headers_and_slot_counts";
    if test_support::originals(TEST).is_none() {
        return;
    }
    // (file, used slots, header bytes if the research note gives them)
    let expected: [(&str, usize, Option<[u8; 4]>); 14] = [
        ("TYPE1.SEQ", 252, Some([0x78, 0, 0xFF, 0])),
        ("TYPE2.SEQ", 252, Some([0x78, 0, 0xFF, 0])),
        ("TYPE3.SEQ", 252, None),
        ("TYPE4.SEQ", 252, None),
        ("CYOKO.SEQ", 138, Some([0x78, 0, 0xFF, 0])),
        ("MON.SEQ", 238, Some([0x78, 0, 0xC2, 0])),
        ("RUKA.SEQ", 178, Some([0x78, 0, 0xFF, 0])),
        ("OTHER.SEQ", 128, None),
        ("ARUTE.SEQ", 138, Some([0x78, 0, 0xFF, 0])),
        ("KANZEN.SEQ", 138, Some([0x78, 0, 0xFF, 0])),
        ("WEP1.SEQ", 94, Some([0; 4])),
        ("WEP2.SEQ", 94, Some([0; 4])),
        ("EFF1.SEQ", 26, Some([0; 4])),
        ("EFF2.SEQ", 26, Some([0; 4])),
    ];
    let mut distinct_in_the_eleven = 0;
    let mut all_there = true;
    for (name, slots, header) in expected {
        let Some(bytes) = test_support::retail_bytes(TEST, name) else {
            all_there = false;
            continue;
        };
        let seq = Seq::decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(seq.slots.len(), slots, "{name}: used slots");
        if let Some(header) = header {
            assert_eq!(bytes[..4], header, "{name}: header");
        }
        // "Offsets are non-decreasing in every file except MON" (docs/formats/seq.md 3.1).
        let offsets = seq.command_offsets();
        let starts: Vec<usize> = seq.slots.iter().map(|c| offsets[c.index()]).collect();
        let sorted = starts.windows(2).all(|w| w[0] <= w[1]);
        assert_eq!(sorted, name != "MON.SEQ", "{name}: slot offsets in order");
        if !["TYPE3.SEQ", "TYPE4.SEQ", "OTHER.SEQ"].contains(&name) {
            distinct_in_the_eleven += seq.distinct_slot_offsets();
        }
    }
    // docs/formats/seq.md 3.6: 1293 distinct offsets in the 11 files but TYPE3, TYPE4 and OTHER.
    if all_there {
        assert_eq!(distinct_in_the_eleven, 1293);
    }
}

/// Unit SHP headers: docs/formats/shp.md 2.1 and docs/formats/README.md 1 (no water section in
/// ARUTE, KANZEN; MON's `extra` is 0x2B) and the frame counts of both tables.
#[test]
fn retail_unit_shp_headers() {
    const TEST: &str = "retail_unit_shp_headers";
    for name in [
        "TYPE1.SHP",
        "TYPE2.SHP",
        "CYOKO.SHP",
        "MON.SHP",
        "OTHER.SHP",
    ] {
        let Some(bytes) = test_support::retail_bytes(TEST, name) else {
            continue;
        };
        let shp = UnitShp::decode(&bytes).expect(name);
        assert_eq!(
            shp.extra,
            if name == "MON.SHP" { 0x2B } else { 0xFF },
            "{name}"
        );
    }
    for name in ["ARUTE.SHP", "KANZEN.SHP"] {
        let Some(bytes) = test_support::retail_bytes(TEST, name) else {
            continue;
        };
        assert_eq!(
            u32_at(&bytes, 0),
            8,
            "{name}: water_ptr 8 = no water section"
        );
        assert_eq!(UnitShp::decode(&bytes).expect(name).water, None, "{name}");
    }
}

/// TYPE1.SHP: docs/formats/shp.md 2.1, 2.5 and 2.8-2.10.
#[test]
fn type1_shp_fingerprint() {
    let Some(bytes) = test_support::retail_bytes("type1_shp_fingerprint", "TYPE1.SHP") else {
        return;
    };
    assert_eq!(bytes.len(), 8192);
    // Header and lengths, straight from the bytes (docs/formats/shp.md 2.1, the TYPE1.SHP column).
    assert_eq!(u32_at(&bytes, 0), 0xEB2, "water_ptr");
    assert_eq!(u16_at(&bytes, 4), 84, "lower_half_from");
    assert_eq!(u16_at(&bytes, 6), 0xFF, "extra");
    assert_eq!(u16_at(&bytes, 0x408), 0xAA8, "main_len");
    assert_eq!(u16_at(&bytes, 0xEB2 + 0x400), 0xD4C, "water_len");
    assert_eq!(
        u32_at(&bytes, 0) as usize + 0x402 + usize::from(u16_at(&bytes, 0xEB2 + 0x400)),
        bytes.len(),
        "the water block ends the file"
    );

    let shp = UnitShp::decode(&bytes).expect("TYPE1.SHP decodes");
    let water = shp.water.as_ref().expect("TYPE1 has a water table");
    assert_eq!((shp.main.len(), water.len()), (182, 182));
    assert_eq!(shp.lower_half_from, 84);
    // Frames 84-181 (98 of the 182) are cut from the lower half of the sheet.
    let lower: Vec<usize> = (0..182).filter(|&i| shp.in_lower_half(i)).collect();
    assert_eq!(
        (lower.len(), lower[0]),
        (98, 84),
        "frames from the lower half"
    );

    // docs/formats/shp.md 2.10.
    let tiles = |frames: &[Frame]| frames.iter().map(|f| f.tiles.len()).sum::<usize>();
    assert_eq!((tiles(&shp.main), tiles(water)), (591, 760));
    let per_frame = |frames: &[Frame]| {
        let mut h = BTreeMap::new();
        for f in frames {
            *h.entry(f.tiles.len()).or_insert(0) += 1;
        }
        h.into_iter().collect::<Vec<(usize, usize)>>()
    };
    assert_eq!(
        per_frame(&shp.main),
        [(1, 24), (2, 9), (3, 48), (4, 100), (5, 1)]
    );
    assert_eq!(
        per_frame(water),
        [(1, 14), (2, 11), (3, 4), (4, 54), (5, 98), (6, 1)]
    );
    let size_codes = |frames: &[Frame]| {
        let mut h = BTreeMap::new();
        for t in frames.iter().flat_map(|f| &f.tiles) {
            *h.entry(t.size_code).or_insert(0) += 1;
        }
        h.into_iter().collect::<Vec<(u8, usize)>>()
    };
    assert_eq!(
        size_codes(&shp.main),
        [
            (0, 14),
            (5, 2),
            (6, 392),
            (8, 12),
            (9, 2),
            (10, 110),
            (11, 57),
            (13, 2)
        ]
    );
    assert_eq!(
        size_codes(water),
        [
            (0, 4),
            (5, 8),
            (6, 410),
            (7, 98),
            (8, 228),
            (9, 2),
            (10, 8),
            (11, 2)
        ]
    );
    let flips = |frames: &[Frame], vertical: bool| {
        frames
            .iter()
            .flat_map(|f| &f.tiles)
            .filter(|t| if vertical { t.flip_y } else { t.flip_x })
            .count()
    };
    assert_eq!((flips(&shp.main, false), flips(water, false)), (3, 6));
    assert_eq!((flips(&shp.main, true), flips(water, true)), (0, 0));
    assert!(
        shp.main
            .iter()
            .chain(water)
            .all(|f| f.rotation == 0 && f.flags == 0)
    );
    let distinct_records = |frames: &[Frame]| {
        frames
            .iter()
            .map(|f| format!("{f:?}"))
            .collect::<BTreeSet<_>>()
            .len()
    };
    assert_eq!(
        (distinct_records(&shp.main), distinct_records(water)),
        (148, 160)
    );
    let same_in_both = shp.main.iter().zip(water).filter(|(m, w)| m == w).count();
    assert_eq!(
        same_in_both, 5,
        "water frames identical to their main frame"
    );

    // Distinct cells (docs/formats/shp.md 2.10): sheet rectangles with the half applied.
    let cells = |frames: &[Frame], with_flip: bool, with_half: bool| {
        let mut set = BTreeSet::new();
        for (i, f) in frames.iter().enumerate() {
            for t in &f.tiles {
                let r = t.sheet_rect(with_half && shp.in_lower_half(i));
                set.insert((r, with_flip && t.flip_x, with_flip && t.flip_y));
            }
        }
        set
    };
    let both = |with_flip, with_half| {
        let mut set = cells(&shp.main, with_flip, with_half);
        set.extend(cells(water, with_flip, with_half));
        set.len()
    };
    assert_eq!(cells(&shp.main, false, true).len(), 143);
    assert_eq!(cells(water, false, true).len(), 166);
    assert_eq!(both(false, true), 197);
    assert_eq!(both(true, true), 206);
    assert_eq!(both(false, false), 193);

    // docs/formats/shp.md 2.3: no top-half tile crosses row 256; the largest y + h is exactly 488.
    let mut largest_bottom = 0;
    for (i, f) in shp.main.iter().chain(water).enumerate() {
        let lower = shp.in_lower_half(i % 182);
        for t in &f.tiles {
            let r = t.sheet_rect(lower);
            if !lower {
                assert!(r.y + r.h <= 256, "frame {i}: {r:?} crosses row 256");
            }
            largest_bottom = largest_bottom.max(r.y + r.h);
        }
    }
    assert_eq!(largest_bottom, 488);

    // docs/formats/shp.md 2.5, 2.8 and 2.9.
    for (table, frames) in [("main", &shp.main), ("water", water)] {
        let blank = &frames[0].tiles;
        assert_eq!(blank.len(), 1, "{table} frame 0");
        let rect = blank[0].sheet_rect(false);
        assert_eq!((rect.x, rect.y, rect.w, rect.h), (240, 176, 8, 8));
        assert_eq!((blank[0].dx, blank[0].dy), (-4, -4));
    }
    for i in 74..=83 {
        assert_eq!(shp.main[i], shp.main[0], "main frame {i} repeats the blank");
    }
    for (mirrored, of) in [(4, 2), (5, 1), (6, 8)] {
        let (m, o) = (&shp.main[mirrored].tiles, &shp.main[of].tiles);
        assert_eq!(m.len(), o.len());
        for (a, b) in m.iter().zip(o) {
            assert_eq!(a.sheet_rect(false), b.sheet_rect(false), "frame {mirrored}");
            assert!(a.flip_x && !b.flip_x, "frame {mirrored} mirrors frame {of}");
        }
    }
    for i in [1, 2, 3, 7, 8] {
        let t = &shp.main[i].tiles;
        assert_eq!(t.len(), 1, "standing frame {i}");
        assert_eq!((t[0].size(), t[0].dy, t[0].flip_x), ((32, 40), -35, false));
    }
    assert_eq!(
        shp.main[2].tiles[0].sheet_rect(false).x,
        32,
        "Face Front at (32, 0)"
    );
}

/// The tiles' pixel extents around the anchor: docs/formats/shp.md 2.5, "over all TYPE1 frames
/// tiles span x -25..+21, y -37..+13".
#[test]
fn type1_shp_tile_extents() {
    let Some(bytes) = test_support::retail_bytes("type1_shp_tile_extents", "TYPE1.SHP") else {
        return;
    };
    let shp = UnitShp::decode(&bytes).expect("TYPE1.SHP decodes");
    let water = shp.water.as_ref().expect("TYPE1 has a water table");
    let all = || shp.main.iter().chain(water).flat_map(|f| &f.tiles);
    let left = all().map(|t| i32::from(t.dx)).min();
    let right = all().map(|t| i32::from(t.dx) + t.size().0 as i32).max();
    let top = all().map(|t| i32::from(t.dy)).min();
    let bottom = all().map(|t| i32::from(t.dy) + t.size().1 as i32).max();
    assert_eq!(
        (left, right, top, bottom),
        (Some(-25), Some(21), Some(-37), Some(13))
    );
}

/// TYPE1.SEQ: docs/formats/seq.md 3.5, 3.6 and 3.10.
#[test]
fn type1_seq_fingerprint() {
    let Some(bytes) = test_support::retail_bytes("type1_seq_fingerprint", "TYPE1.SEQ") else {
        return;
    };
    assert_eq!(bytes.len(), 6754);
    assert_eq!(bytes[..4], [0x78, 0x00, 0xFF, 0x00]);
    assert_eq!(u16_at(&bytes, 0x404), 0x165C, "L");
    assert!(
        bytes[4 + 4 * 252..0x404].iter().all(|b| *b == 0xFF),
        "slots 252-255 unused"
    );

    let seq = Seq::decode(&bytes).expect("TYPE1.SEQ decodes");
    assert_eq!(seq.attack_slots_from, 0x78);
    assert_eq!(seq.second_sheet_slots_from, 0xFF);
    assert_eq!(seq.slots.len(), 252);
    assert_eq!(seq.distinct_slot_offsets(), 227);
    let offsets = seq.command_offsets();
    let slot_at = |slot: usize| offsets[seq.slots[slot].index()];
    assert_eq!(
        (slot_at(0), slot_at(6), slot_at(128), slot_at(251)),
        (0, 0x000C, 0x073C, 0x1629)
    );
    assert_eq!(*offsets.last().expect("the stream length"), 0x165C);
    let frames = seq
        .commands
        .iter()
        .filter(|c| matches!(c, Command::Frame { .. }))
        .count();
    assert_eq!(
        (seq.commands.len(), frames, seq.commands.len() - frames),
        (2548, 1398, 1150)
    );

    // docs/formats/seq.md 3.5: aliased slots, each target a lone `FF FF`.
    for (slots, offset) in [
        (12..=17, 0x078),
        (30..=35, 0x1B2),
        (76..=79, 0x3C8),
        (90..=95, 0x4B0),
        (116..=117, 0x620),
        (224..=225, 0x137E),
        (244..=249, 0x15F4),
    ] {
        for slot in slots {
            assert_eq!(slot_at(slot), offset, "slot {slot}");
        }
        assert_eq!(bytes[0x406 + offset..0x406 + offset + 2], [0xFF, 0xFF]);
    }
    // docs/formats/shp.md 2.9: slots 0-5 are hold frames 0, 3, 2, 1, 8, 7.
    let holds: Vec<Command> = (0..6).map(|s| seq.commands[seq.slots[s].index()]).collect();
    let expected_holds: Vec<Command> = [0, 3, 2, 1, 8, 7]
        .into_iter()
        .map(|frame| Command::Frame { frame, delay: 0 })
        .collect();
    assert_eq!(holds, expected_holds);
    // docs/formats/seq.md 3.4: slot 119 is `00 00 FF FF`.
    assert_eq!(
        bytes[0x406 + slot_at(119)..0x406 + slot_at(119) + 4],
        [0, 0, 0xFF, 0xFF]
    );
    // docs/formats/seq.md 3.6: largest frame index 181, largest delay 240, every delay even.
    let (mut max_frame, mut max_delay, mut odd_delays) = (0, 0, 0);
    for c in &seq.commands {
        if let Command::Frame { frame, delay } = c {
            max_frame = max_frame.max(*frame);
            max_delay = max_delay.max(*delay);
            odd_delays += usize::from(delay % 2 == 1);
        }
    }
    assert_eq!((max_frame, max_delay, odd_delays), (181, 240, 0));

    // docs/formats/seq.md 3.10: 218 storage segments hold at least one frame command.
    let mut starts: Vec<usize> = seq.slots.iter().map(|c| c.index()).collect();
    starts.sort_unstable();
    starts.dedup();
    starts.push(seq.commands.len());
    let with_frames = starts
        .windows(2)
        .filter(|w| {
            seq.commands[w[0]..w[1]]
                .iter()
                .any(|c| matches!(c, Command::Frame { .. }))
        })
        .count();
    assert_eq!(with_frames, 218);
}

/// The opcode histogram of docs/formats/seq.md 3.2, its uses column (its 1150 opcodes in all are
/// `type1_seq_fingerprint`'s).
#[test]
fn type1_seq_opcode_histogram() {
    let Some(bytes) = test_support::retail_bytes("type1_seq_opcode_histogram", "TYPE1.SEQ") else {
        return;
    };
    let seq = Seq::decode(&bytes).expect("TYPE1.SEQ decodes");
    let mut histogram = BTreeMap::new();
    for c in &seq.commands {
        if let Command::Op { code, .. } = c {
            *histogram.entry(*code).or_insert(0usize) += 1;
        }
    }
    let expected: BTreeMap<u8, usize> = [
        (0xFF, 126),
        (0xD4, 110),
        (0xD1, 110),
        (0xCD, 102),
        (0xE2, 72),
        (0xF2, 72),
        (0xD2, 58),
        (0xD6, 56),
        (0xCE, 55),
        (0xCC, 47),
        (0xD5, 44),
        (0xD0, 40),
        (0xDE, 40),
        (0xC1, 28),
        (0xC0, 22),
        (0xD3, 20),
        (0xEF, 20),
        (0xF6, 20),
        (0xF0, 16),
        (0xC4, 14),
        (0xD9, 14),
        (0xEE, 14),
        (0xCB, 10),
        (0xCF, 10),
        (0xD7, 8),
        (0xC5, 4),
        (0xD8, 4),
        (0xEC, 4),
        (0xFC, 4),
        (0xC2, 2),
        (0xC3, 2),
        (0xC6, 2),
    ]
    .into_iter()
    .collect();
    assert_eq!(histogram, expected);
}

/// Slot 128 (Swing High, front), command by command up to its PauseAnimation, as FFTorama's
/// `animation_data_type1.txt` lists it and docs/formats/seq.md 3.5 describes it.
#[test]
fn type1_seq_slot_128_swing_high() {
    let Some(bytes) = test_support::retail_bytes("type1_seq_slot_128_swing_high", "TYPE1.SEQ")
    else {
        return;
    };
    let seq = Seq::decode(&bytes).expect("TYPE1.SEQ decodes");
    let f = |frame, delay| Command::Frame { frame, delay };
    let op = |code, args: &[u8]| Command::op(code, args).expect("a short opcode");
    let expected = [
        op(0xE2, &[17]),   // SetLayerPriority 17
        op(0xF2, &[1, 0]), // QueueSpriteAnim weapon layer, slot 0
        f(86, 4),
        op(0xCD, &[]), // MoveBackward2
        f(84, 2),
        f(85, 8),
        op(0xD3, &[0xFE]), // WeaponSheatheCheck1 -2
        op(0xD4, &[0]),    // PlayAttackSound 0
        op(0xD1, &[]),     // MoveForward2
        f(86, 2),
        f(87, 2),
        op(0xDE, &[]),  // PostGenericAttack
        op(0xD4, &[1]), // PlayAttackSound 1
        op(0xD1, &[]),  // MoveForward2
        f(88, 14),
        f(88, 2),
        op(0xD6, &[0xFE]), // WeaponSheatheCheck2 -2
        op(0xCD, &[]),     // MoveBackward2
        f(88, 4),
        op(0xFF, &[]), // PauseAnimation
    ];
    let start = seq.slots[128].index();
    assert_eq!(seq.commands[start..start + expected.len()], expected);
    // The D3 -2 jump lands on the command before it (85/8), measured from its own FF byte.
    let offsets = seq.command_offsets();
    assert_eq!(offsets[start + 6] - 2, offsets[start + 5]);
    // The moves these commands add up to, fb 0 -2 -2 0 0 2 2 0 per frame, are the builder's to
    // get right: sprite-data's contract.rs and pose.rs hold its Swing High Fwd to them.
}
