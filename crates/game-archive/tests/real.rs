//! The one real archive at hand (`FFT_PAC`): a mod's `0002.blue.diff.pac`, written by the
//! community's packer, holding one recoloured sheet, stored, names not XORed. Its facts were
//! measured independently of this reader (docs/remaster.md "The archives' layout").

use std::io::Cursor;

use fft_formats::spr::Spr;
use game_archive::{Archive, ErrorKind, Storage};

const NAME: &str = "0002.blue.diff.pac";
const ENTRY: &str = "fftpack/unit/battle_10m_spr.bin";

#[test]
fn the_real_archive_lists_its_one_sheet_and_extracts_it_with_its_crc() {
    let Some(path) = test_support::pac_file("the_real_archive_lists_its_one_sheet", NAME) else {
        return;
    };
    let mut archive = Archive::open(&path).unwrap();
    assert_eq!(archive.len(), 38_489);
    assert!(!archive.toc().encrypted);
    assert_eq!(archive.toc().folder, "");
    assert_eq!(archive.toc().toc_len, 0x458);
    assert_eq!(archive.toc().language, None, "\"diff\" is no language");
    let [entry] = archive.entries() else {
        panic!("one entry expected: {:?}", archive.entries());
    };
    assert_eq!(entry.path, ENTRY);
    assert_eq!(entry.storage, Storage::Stored);
    // 10M.SPR's size on the disc (the table of original sizes), and the data right after the
    // table of contents.
    assert_eq!(entry.len, 37_377);
    assert_eq!(entry.data_offset, 0x458);
    assert_eq!(entry.crc32, 0x3D68_CFBD);

    let entry = entry.clone();
    let data = archive
        .extract("FFTPACK\\unit\\Battle_10M_spr.bin")
        .unwrap();
    assert_eq!(data.len(), 37_377);
    assert_eq!(test_support::pac::crc32(&data), entry.crc32);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(
        data,
        bytes[0x458..0x458 + 37_377],
        "the stored bytes, as they are"
    );
    let sheet = Spr::decode(&data).unwrap();
    assert_eq!(
        sheet.encode().unwrap(),
        data,
        "the sheet decodes and encodes back"
    );
}

#[test]
fn a_flipped_bit_in_the_real_sheet_fails_its_crc() {
    let Some(path) = test_support::pac_file("a_flipped_bit_in_the_real_sheet", NAME) else {
        return;
    };
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[0x458 + 1000] ^= 0x10;
    let mut archive = Archive::from_reader(NAME, NAME, Cursor::new(bytes)).unwrap();
    let error = archive.extract(ENTRY).unwrap_err();
    assert!(
        matches!(
            error.kind(),
            ErrorKind::Crc {
                stored: 0x3D68_CFBD,
                ..
            }
        ),
        "{error}"
    );
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("{NAME}: entry {ENTRY}: byte 1024 (0x400): ")),
        "{message}"
    );
}
