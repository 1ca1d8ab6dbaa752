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
