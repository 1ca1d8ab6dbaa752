//! Bad images, made by hand from our minimal writer: each gives one error naming the image, the
//! sector and the byte, never a panic, a hang or an unbounded allocation.

use disc_image::{Disc, ErrorKind, IsoWriter, RawKind, cooked_to_raw};

fn image() -> (Vec<u8>, Vec<disc_image::master::Placed>) {
    IsoWriter::new("HOSTILE")
        .file("BATTLE/TYPE1.SEQ", &[1; 5000])
        .file("BATTLE/TYPE1.SHP", &[2; 100])
        .build()
}

fn error(bytes: Vec<u8>) -> String {
    Disc::from_bytes("bad.iso", bytes)
        .and_then(|d| d.list().map(|_| ()))
        .expect_err("refused")
        .to_string()
}

/// The record's byte in the image.
fn record_at(placed: &disc_image::master::Placed) -> usize {
    placed.record_sector as usize * 2048 + placed.record_offset
}

#[test]
fn the_writer_s_image_reads_back() {
    let (bytes, placed) = image();
    for raw in [None, Some(RawKind::Mode2Form1), Some(RawKind::Mode1)] {
        let bytes = match raw {
            Some(kind) => cooked_to_raw(&bytes, kind),
            None => bytes.clone(),
        };
        let disc = Disc::from_bytes("good", bytes).unwrap();
        let list = disc.list().unwrap();
        assert_eq!(list.len(), 3, "{list:?}");
        assert_eq!(
            disc.read_path("battle/type1.seq", 1 << 20).unwrap(),
            vec![1; 5000]
        );
        let entry = disc.find("BATTLE/TYPE1.SHP;1").unwrap();
        assert_eq!((entry.lba, entry.size), (placed[1].lba, 100));
    }
}

#[test]
fn not_iso_9660_and_truncated() {
    assert!(error(vec![0x55; 40_000]).contains("bad.iso: not a CD-ROM image with an ISO 9660"));
    assert!(error(Vec::new()).contains("not a CD-ROM image"));
    let (bytes, placed) = image();
    // Cut inside TYPE1.SEQ: its record points past the end.
    let cut = placed[0].lba as usize * 2048 + 100;
    let message = error(bytes[..cut].to_vec());
    let at = record_at(&placed[0]);
    assert!(
        message.contains(&format!(
            "sector {}, byte {at} (0x{at:X}): BATTLE/TYPE1.SEQ spans sectors",
            placed[0].record_sector
        )),
        "{message}"
    );
    assert!(message.contains("past the image's end"), "{message}");
}

#[test]
fn a_4_gb_size_is_refused_where_it_is_written() {
    let (mut bytes, placed) = image();
    let at = record_at(&placed[1]);
    bytes[at + 10..at + 14].copy_from_slice(&u32::MAX.to_le_bytes());
    bytes[at + 14..at + 18].copy_from_slice(&u32::MAX.to_be_bytes());
    let message = error(bytes.clone());
    assert!(
        message.contains("4294967295 bytes), past the image's end"),
        "{message}"
    );
    // The two copies disagreeing is refused at the big-endian copy's byte.
    bytes[at + 14..at + 18].copy_from_slice(&100u32.to_be_bytes());
    let message = error(bytes);
    let byte = at + 10;
    assert!(
        message.contains(&format!("byte {byte} (0x{byte:X})")),
        "{message}"
    );
    assert!(
        message.contains("two copies disagree (little-endian 4294967295, big-endian 100)"),
        "{message}"
    );
}

#[test]
fn a_directory_loop_is_refused() {
    let (mut bytes, placed) = image();
    // Make TYPE1.SHP a directory whose extent is the root's: BATTLE/TYPE1.SHP/BATTLE/... forever.
    let root_lba = u32::from_le_bytes(bytes[16 * 2048 + 158..16 * 2048 + 162].try_into().unwrap());
    let at = record_at(&placed[1]);
    bytes[at + 2..at + 6].copy_from_slice(&root_lba.to_le_bytes());
    bytes[at + 6..at + 10].copy_from_slice(&root_lba.to_be_bytes());
    bytes[at + 10..at + 14].copy_from_slice(&2048u32.to_le_bytes());
    bytes[at + 14..at + 18].copy_from_slice(&2048u32.to_be_bytes());
    bytes[at + 25] = 2;
    let message = error(bytes);
    assert!(
        message.contains(
            "directory loop: BATTLE/TYPE1.SHP;1 is sector 18, already read as the root directory"
        ),
        "{message}"
    );
}

#[test]
fn bad_records_and_descriptors_name_their_byte() {
    let (bytes, placed) = image();
    let mut short = bytes.clone();
    short[record_at(&placed[0])] = 20;
    assert!(error(short).contains("a directory record 20 bytes long"));
    let mut block = bytes.clone();
    block[16 * 2048 + 129] = 0x04;
    let message = error(block);
    assert!(
        message.contains(
            "sector 16, byte 32896 (0x8080): the primary volume descriptor's logical block size"
        ),
        "{message}"
    );
    let mut huge_dir = bytes.clone();
    huge_dir[16 * 2048 + 156 + 10..16 * 2048 + 156 + 18]
        .copy_from_slice(&[0, 0, 0, 0x10, 0x10, 0, 0, 0]);
    let message = error(huge_dir);
    assert!(
        message.contains("the root directory spans sectors") || message.contains("over the limit"),
        "{message}"
    );
}

#[test]
fn a_form_2_directory_sector_is_refused() {
    let (bytes, _) = image();
    let mut raw = cooked_to_raw(&bytes, RawKind::Mode2Form1);
    // Sector 18 (the root directory) marked Form 2.
    raw[18 * 2352 + 18] |= 0x20;
    let message = Disc::from_bytes("bad.bin", raw)
        .and_then(|d| d.list())
        .unwrap_err();
    assert!(
        matches!(message.kind(), ErrorKind::Form2 { .. }),
        "{message}"
    );
    assert!(
        message.to_string().contains("sector 18, byte 42354"),
        "{message}"
    );
}

#[test]
fn a_cue_naming_a_missing_file_is_one_clear_error() {
    let dir = test_support::temp_dir("a_cue_naming_a_missing_file_is_one_clear_error");
    let cue = dir.join("game.cue");
    std::fs::write(
        &cue,
        "FILE \"gone.bin\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n",
    )
    .unwrap();
    let message = Disc::open(&cue).unwrap_err().to_string();
    assert!(
        message.contains("game.cue: line 1 names the data file \"gone.bin\", which is not there"),
        "{message}"
    );
    // A cue that says raw over a cooked file.
    std::fs::write(dir.join("gone.bin"), image().0).unwrap();
    let message = Disc::open(&cue).unwrap_err().to_string();
    assert!(
        message.contains("says track 1 is MODE2/2352, but the file holds cooked 2048-byte sectors"),
        "{message}"
    );
}

/// Every path `list` gives is found by `find`, whatever bytes the names hold: a NUL and a `/`
/// in a file's name, a `;` in a directory's, a name that is only a dot (the read_disc fuzz
/// target's first find: a NUL-padded name listed with `\x00`, whose backslashes `find` split at).
#[test]
fn every_listed_name_is_found_whatever_its_bytes() {
    let (mut bytes, placed) = IsoWriter::new("NAMES")
        .file("BATTLE/AB", &[1; 10])
        .file("DXY/F", &[2; 20])
        .file("BATTLE/X", &[3; 30])
        .build();
    let name_at = |path: &str| {
        let placed = placed.iter().find(|p| p.path == path).expect("placed");
        record_at(placed) + 33
    };
    bytes[name_at("BATTLE/AB")..][..2].copy_from_slice(b"\0/");
    bytes[name_at("BATTLE/X")] = b'.';
    // The directory DXY's record, in the root, holds its name without a version.
    let root = bytes
        .windows(4)
        .position(|w| w == b"\x03DXY")
        .expect("the DXY record");
    bytes[root + 2] = b';';
    let disc = Disc::from_bytes("names.iso", bytes).unwrap();
    let paths: Vec<String> = disc.list().unwrap().into_iter().map(|e| e.path).collect();
    for wanted in [r"BATTLE/\x00\x2f", r"BATTLE/\x2e\x3b\x31", "D;Y/F"] {
        assert!(paths.iter().any(|p| p == wanted), "{wanted} in {paths:?}");
    }
    for path in &paths {
        let entry = disc.find(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(&entry.path, path);
    }
    assert_eq!(disc.read_path(r"battle/\x00\x2f", 100).unwrap(), [1; 10]);
    assert_eq!(disc.read_path("d;y/f;1", 100).unwrap(), [2; 20]);
}

/// A small expanded image by hand: slots `01.SPR` and `02.SPR` in `BATTLE` (the folder's slot
/// names tell the expansion) and a `BATTLE.BIN` whose location table (0x2DCD4, 8 bytes a record:
/// u32 sector, u32 size) points at them; `table` edits the table before the image is made.
fn expanded(table: impl Fn(&mut [u8], &[disc_image::master::Placed])) -> Vec<u8> {
    let mut writer = IsoWriter::new("EXPANDED");
    writer
        .file("BATTLE.BIN", &vec![0; 0x2E800])
        .file("BATTLE/01.SPR", &[1; 5000])
        .file("BATTLE/02.SPR", &[2; 3000]);
    let (mut bytes, placed) = writer.build();
    let bin = placed[0].lba as usize * 2048 + 0x2DCD4;
    for (i, p) in placed[1..].iter().enumerate() {
        let at = bin + (i + 1) * 8;
        bytes[at..at + 4].copy_from_slice(&p.lba.to_le_bytes());
        bytes[at + 4..at + 8].copy_from_slice(&p.size.to_le_bytes());
    }
    table(&mut bytes[bin..bin + 159 * 8], &placed);
    bytes
}

fn expansion_error(bytes: Vec<u8>) -> String {
    let disc = Disc::from_bytes("mod.iso", bytes).unwrap();
    let error = disc.find("BATTLE/RAMUZA.SPR").expect_err("refused");
    assert!(matches!(error.kind(), ErrorKind::Expansion(_)), "{error:?}");
    error.to_string()
}

#[test]
fn a_sound_expansion_is_read_by_the_sprites_names() {
    let disc = Disc::from_bytes("mod.iso", expanded(|_, _| {})).unwrap();
    // Slot 01 is Ramza's first sheet, slot 02 his second (the table's order, not the disc's).
    assert_eq!(
        disc.read_path("BATTLE/RAMUZA.SPR", 1 << 20).unwrap(),
        [1; 5000]
    );
    assert_eq!(
        disc.read_path("battle/ramuza2.spr;1", 1 << 20).unwrap(),
        [2; 3000]
    );
    assert_eq!(disc.read_path("BATTLE/01.SPR", 1 << 20).unwrap(), [1; 5000]);
    assert!(disc.expansion().unwrap().unwrap().disagreement.is_none());
}

#[test]
fn the_table_wins_over_the_folder_with_one_line() {
    // The table gives slot 02 2000 bytes, the folder 3000: the game reads 2000.
    let bytes = expanded(|table, _| table[16 + 4..16 + 8].copy_from_slice(&2000u32.to_le_bytes()));
    let disc = Disc::from_bytes("mod.iso", bytes).unwrap();
    assert_eq!(
        disc.read_path("BATTLE/RAMUZA2.SPR", 1 << 20).unwrap(),
        [2; 2000]
    );
    let line = disc
        .expansion()
        .unwrap()
        .unwrap()
        .disagreement
        .clone()
        .unwrap();
    assert!(
        line.starts_with("mod.iso: BATTLE.BIN's sprite location table and the BATTLE folder disagree on 1 slot (02.SPR: the table gives sector")
            && line.contains(", 2000 bytes; the folder sector")
            && line.contains(", 3000 bytes); the table is read"),
        "{line}"
    );
    assert!(!line.contains('\n'));
}

#[test]
fn a_table_past_the_image_is_refused_naming_the_slot() {
    let message = expansion_error(expanded(|table, _| {
        table[8..12].copy_from_slice(&219_282u32.to_le_bytes());
    }));
    assert!(
        message.contains("slot 01.SPR (RAMUZA.SPR): BATTLE.BIN's sprite location table puts it at sectors 219282..219285 (5000 bytes), past the image's end at sector"),
        "{message}"
    );
    // Where the record is: BATTLE.BIN's sector and byte.
    assert!(message.starts_with("mod.iso: sector "), "{message}");
}

#[test]
fn overlapping_slots_are_refused() {
    let message = expansion_error(expanded(|table, placed| {
        table[16..20].copy_from_slice(&(placed[1].lba + 1).to_le_bytes());
    }));
    assert!(
        message.contains("slots 01.SPR and 02.SPR overlap"),
        "{message}"
    );
}

#[test]
fn a_slot_over_64_kib_is_refused() {
    let message = expansion_error(expanded(|table, _| {
        table[12..16].copy_from_slice(&70_000u32.to_le_bytes());
    }));
    assert!(
        message.contains("slot 01.SPR (RAMUZA.SPR): BATTLE.BIN's sprite location table gives it 70000 bytes, over the 65536 bytes of a slot"),
        "{message}"
    );
}

#[test]
fn a_folder_naming_a_slot_the_table_lacks_is_refused() {
    // The table gives slot 02 no sector.
    let message = expansion_error(expanded(|table, _| table[16..24].fill(0)));
    assert!(
        message.contains("BATTLE/02.SPR: slot 02 is named in the folder, but BATTLE.BIN's sprite location table gives it no sector (size 0)"),
        "{message}"
    );
    // A slot name past the 159 slots.
    let (bytes, _) = IsoWriter::new("EXPANDED")
        .file("BATTLE/A5.SPR", &[1; 100])
        .build();
    let message = expansion_error(bytes);
    assert!(
        message.contains(
            "BATTLE/A5.SPR: slot A5 is past the 159 slots of an expanded image (00 to 9E)"
        ),
        "{message}"
    );
}

/// Record 0x65 of the location table straddles two sectors of BATTLE.BIN: 0x2DCD4 + 8 x 0x65
/// is 0x2E000 - 4, so its size is the next sector's first 4 bytes. A patch of that slot resizes
/// it there (it once wrote past the sector's user data).
#[test]
fn a_table_record_across_two_sectors_is_patched_whole() {
    let (mut bytes, placed) = IsoWriter::new("EXPANDED")
        .file("BATTLE.BIN", &vec![0; 0x2E800])
        .file("BATTLE/65.SPR", &[3; 4000])
        .build();
    let bin = placed[0].lba as usize * 2048;
    let record = bin + 0x2DCD4 + 8 * 0x65;
    assert_eq!((record - bin) % 2048, 2044);
    bytes[record..record + 4].copy_from_slice(&placed[1].lba.to_le_bytes());
    bytes[record + 4..record + 8].copy_from_slice(&4000u32.to_le_bytes());
    let disc = Disc::from_bytes("mod.iso", bytes.clone()).unwrap();
    // Position 0x65 is the female knight's sheet.
    assert_eq!(
        disc.read_path("BATTLE/KNIGHT_W.SPR", 1 << 20).unwrap(),
        [3; 4000]
    );
    let plan = disc
        .plan_patch(&[disc_image::Replacement {
            path: "BATTLE/KNIGHT_W.SPR",
            bytes: &[4; 3000],
        }])
        .unwrap();
    plan.apply(&mut bytes);
    assert_eq!(&bytes[record + 4..record + 8], &3000u32.to_le_bytes());
    let patched = Disc::from_bytes("mod.iso", bytes).unwrap();
    assert_eq!(
        patched.read_path("BATTLE/KNIGHT_W.SPR", 1 << 20).unwrap(),
        [4; 3000]
    );
}

/// BATTLE.BIN's sprite attribute table: 4 bytes a position from 0x2D748 (SHP kind, SEQ kind,
/// flying, height); RAMUZA.SPR is position 01, at 0x2D74C.
#[test]
fn a_sheet_s_attributes_are_read_from_battle_bin() {
    let (mut bytes, placed) = IsoWriter::new("RETAIL")
        .file("BATTLE.BIN", &vec![0; 0x2E800])
        .build();
    let at = placed[0].lba as usize * 2048 + 0x2D74C;
    bytes[at..at + 4].copy_from_slice(&[3, 3, 1, 0x18]);
    let disc = Disc::from_bytes("game.iso", bytes).unwrap();
    let attributes = disc
        .sprite_attributes("BATTLE/RAMUZA.SPR")
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            attributes.position,
            attributes.shp,
            attributes.seq,
            attributes.flying,
            attributes.height
        ),
        (1, 3, 3, true, 0x18)
    );
    assert_eq!(disc_image::expanded::attributes::kind_name(3), "MON");
    assert_eq!(disc.sprite_attributes("WEP.SPR").unwrap(), None);
    // A BATTLE.BIN too short for the table.
    let (bytes, _) = IsoWriter::new("SHORT")
        .file("BATTLE.BIN", &[0; 100])
        .build();
    let error = Disc::from_bytes("game.iso", bytes)
        .unwrap()
        .sprite_attributes("RAMUZA.SPR")
        .unwrap_err();
    assert!(
        error.to_string().contains("BATTLE.BIN: 100 bytes, too short for the sprite attribute table (bytes 0x2D748..0x2D9C4)"),
        "{error}"
    );
}
