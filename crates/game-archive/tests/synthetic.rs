//! Archives written at test time from the layout (`test_support::pac`, which shares no code
//! with the reader): plain and XORed, with a folder and a language, and each damage the reader
//! must refuse with one message naming the archive, the entry and the byte.

use std::io::Cursor;

use game_archive::{Archive, Error, ErrorKind, Storage};
use test_support::alloc::peak_memory;
use test_support::pac::{PacBuilder, entry_at, put};

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

fn open(name: &str, bytes: Vec<u8>) -> Result<Archive<Cursor<Vec<u8>>>, Error> {
    Archive::from_reader(name, name, Cursor::new(bytes))
}

fn two_files() -> PacBuilder {
    PacBuilder::new()
        .file("fftpack/unit/battle_a_spr.bin", b"first file")
        .file("fftpack/unit/battle_b_shp.bin", &[7; 300])
}

#[test]
fn a_plain_and_an_encrypted_archive_give_the_same_files() {
    for builder in [two_files(), two_files().encrypted()] {
        let bytes = builder.build();
        let mut archive = open("0002.pac", bytes).unwrap();
        let paths: Vec<_> = archive.entries().iter().map(|e| e.path.clone()).collect();
        assert_eq!(
            paths,
            [
                "fftpack/unit/battle_a_spr.bin",
                "fftpack/unit/battle_b_shp.bin"
            ]
        );
        assert!(
            archive
                .entries()
                .iter()
                .all(|e| e.storage == Storage::Stored)
        );
        assert_eq!(
            archive.extract("fftpack/unit/battle_a_spr.bin").unwrap(),
            b"first file"
        );
        assert_eq!(
            archive.extract("fftpack/unit/battle_b_shp.bin").unwrap(),
            [7; 300]
        );
    }
}

#[test]
fn the_encrypted_names_are_not_in_the_clear() {
    let bytes = two_files().folder("fftpack").encrypted().build();
    let text = String::from_utf8_lossy(&bytes);
    assert!(!text.contains("battle_a") && !text.contains("fftpack"));
    let archive = open("0002.pac", bytes).unwrap();
    assert!(archive.toc().encrypted);
    assert_eq!(archive.toc().folder, "fftpack");
    assert_eq!(
        archive.entries()[0].path,
        "fftpack/fftpack/unit/battle_a_spr.bin"
    );
}

#[test]
fn a_language_pack_names_its_files_with_the_language() {
    let bytes = PacBuilder::new()
        .folder("fftpack")
        .file("battle_bin.bin", b"english")
        .encrypted()
        .build();
    let mut archive = open("0002.en.pac", bytes).unwrap();
    assert_eq!(archive.toc().language, Some("en"));
    assert_eq!(archive.entries()[0].path, "fftpack/battle_bin.en.bin");
    assert_eq!(archive.entries()[0].stored_name, "battle_bin.bin");
    assert_eq!(
        archive.extract("fftpack/battle_bin.en.bin").unwrap(),
        b"english"
    );
    assert!(archive.find("fftpack/battle_bin.bin").is_none());
}

#[test]
fn ten_thousand_entries_are_listed_and_found() {
    let mut builder = PacBuilder::new().encrypted();
    for i in 0..10_000 {
        builder = builder.file(
            &format!("system/file_{i:05}.bin"),
            &(i as u32).to_le_bytes(),
        );
    }
    let mut archive = open("0001.pac", builder.build()).unwrap();
    assert_eq!(archive.entries().len(), 10_000);
    assert_eq!(archive.entries()[9_999].path, "system/file_09999.bin");
    assert_eq!(
        archive.extract("system/file_04321.bin").unwrap(),
        4321u32.to_le_bytes()
    );
}

#[test]
fn an_empty_file_is_extracted_empty() {
    let bytes = PacBuilder::new().file("empty.txt", b"").build();
    let mut archive = open("0001.pac", bytes).unwrap();
    assert_eq!(archive.extract("empty.txt").unwrap(), b"");
}

/// The refusal of `bytes`, opened, and if they open, of extracting the first entry.
fn refusal(bytes: Vec<u8>) -> Error {
    match open("0002.pac", bytes) {
        Err(error) => error,
        Ok(mut archive) => {
            let first = archive.entries()[0].clone();
            archive.read(&first).unwrap_err()
        }
    }
}

#[test]
fn a_damaged_name_fails_its_hash() {
    let mut bytes = two_files().build();
    let strings = entry_at(2);
    bytes[strings + 3] ^= 0x01; // "ffu..." for "fft..."
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::NameHash { .. }),
        "{error}"
    );
    assert_eq!(error.entry.as_deref(), Some("#0"));
    assert_eq!(error.at, Some(entry_at(0) as u64 + 0x28));
}

#[test]
fn an_encrypted_archive_read_with_another_key_fails_its_hash() {
    let mut bytes = two_files().encrypted().build();
    // The flag cleared: the reader takes the XORed folder and names as they are, as it would
    // with another game's key. The folder, zeros XORed, holds no terminating zero.
    bytes[0x0D] = 0;
    let error = refusal(bytes.clone());
    assert!(matches!(error.kind(), ErrorKind::FolderNotText), "{error}");
    assert!(error.to_string().contains("its key differs"), "{error}");
    // With a folder in the clear, the names tell: their zeros were XORed too.
    put(&mut bytes, 0x18, &[0; 0x100]);
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::NameNotTerminated { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("its key differs"), "{error}");
}

#[test]
fn damaged_data_fails_its_crc() {
    let mut bytes = two_files().build();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xFF;
    let mut archive = open("0002.pac", bytes).unwrap();
    let error = archive
        .extract("fftpack/unit/battle_b_shp.bin")
        .unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::Crc { .. }), "{error}");
    assert_eq!(
        error.entry.as_deref(),
        Some("fftpack/unit/battle_b_shp.bin")
    );
    assert_eq!(error.at, Some(entry_at(1) as u64));
}

#[test]
fn data_past_the_end_is_refused_before_it_is_read() {
    let mut bytes = two_files().build();
    let near_the_end = bytes.len() as u64 - 4;
    put(&mut bytes, entry_at(0) + 0x10, &near_the_end.to_le_bytes());
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::DataPastEnd { .. }),
        "{error}"
    );
}

#[test]
fn an_entry_stated_at_four_gigabytes_is_refused_before_allocation() {
    let mut bytes = two_files().build();
    let archive_len = bytes.len();
    put(&mut bytes, entry_at(0) + 0x08, &(4u64 << 30).to_le_bytes());
    let (error, peak) = peak_memory(|| refusal(bytes.clone()));
    assert!(peak < 2 * archive_len + 4096, "held {peak} bytes at once");
    assert!(
        matches!(error.kind(), ErrorKind::TooLarge { len, .. } if *len == 4 << 30),
        "{error}"
    );

    // Under the reader's limit for one entry, but past the archive's end: refused by its range.
    put(
        &mut bytes,
        entry_at(0) + 0x08,
        &(200u64 << 20).to_le_bytes(),
    );
    let (error, peak) = peak_memory(|| refusal(bytes.clone()));
    assert!(peak < 2 * archive_len + 4096, "held {peak} bytes at once");
    assert!(
        matches!(error.kind(), ErrorKind::DataPastEnd { .. }),
        "{error}"
    );
}

#[test]
fn an_archive_stated_at_four_gigabytes_is_refused() {
    let mut bytes = two_files().build();
    let actual = bytes.len() as u64;
    put(&mut bytes, 0x10, &(4u64 << 30).to_le_bytes());
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::StatedLen { stated, actual: a } if *stated == 4 << 30 && *a == actual),
        "{error}"
    );
    assert_eq!(error.at, Some(0x10));
}

#[test]
fn a_table_of_contents_stated_at_four_gigabytes_is_refused() {
    let mut bytes = two_files().build();
    put(&mut bytes, 0x04, &u32::MAX.to_le_bytes());
    let error = refusal(bytes);
    assert!(matches!(error.kind(), ErrorKind::TocLen { .. }), "{error}");
}

#[test]
fn more_entries_than_the_table_holds_are_refused() {
    let mut bytes = two_files().build();
    put(&mut bytes, 0x08, &10_000u32.to_le_bytes());
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::OutsideToc { .. }),
        "{error}"
    );
    assert_eq!(error.at, Some(0x08));
}

#[test]
fn a_string_table_past_the_table_of_contents_is_refused() {
    let mut bytes = two_files().build();
    put(&mut bytes, 0x128, &u64::MAX.to_le_bytes());
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::OutsideToc { .. }),
        "{error}"
    );
}

#[test]
fn a_name_outside_the_string_table_is_refused() {
    let mut bytes = two_files().build();
    put(&mut bytes, entry_at(1) + 0x20, &0x10u64.to_le_bytes());
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::NameOutsideStrings { .. }),
        "{error}"
    );
    assert_eq!(error.entry.as_deref(), Some("#1"));
}

#[test]
fn an_unknown_storage_mode_is_refused() {
    let mut bytes = two_files().build();
    bytes[entry_at(0) + 0x04] = 1;
    bytes[entry_at(0) + 0x05] = 9;
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::UnknownStorage(9)),
        "{error}"
    );
}

#[test]
fn not_an_archive_and_a_short_file_are_refused() {
    let error = refusal(b"PK\x03\x04 and more".to_vec());
    assert!(
        matches!(error.kind(), ErrorKind::TooShort { .. }),
        "{error}"
    );
    let mut bytes = two_files().build();
    bytes[0] = b'X';
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::NotAnArchive { .. }),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .starts_with("0002.pac: byte 0 (0x0): not a .pac archive"),
        "{error}"
    );
}

#[test]
fn a_duplicate_path_is_refused() {
    let bytes = PacBuilder::new()
        .file("a.bin", b"1")
        .file("A.BIN", b"2")
        .build();
    let error = refusal(bytes);
    assert!(
        matches!(error.kind(), ErrorKind::DuplicatePath { first: 0, .. }),
        "{error}"
    );
}

#[test]
fn a_control_character_in_a_name_is_shown_escaped() {
    let mut bytes = PacBuilder::new().file("a\x1b[31m.bin", b"1").build();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let error = refusal(bytes);
    let message = error.to_string();
    assert!(!message.contains('\x1b'), "{message:?}");
}

mod compressed {
    use super::*;
    use test_support::pac::PacStorage;

    fn sheet_like(len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| ((i / 7) % 16) as u8 | ((i % 3) as u8) << 4)
            .collect()
    }

    /// Every storage mode the reader knows, XORed: a stored file, one stream of its own (larger
    /// than a tile), and three files in one shared chunk, the last two crossing a tile.
    fn every_mode() -> (PacBuilder, Vec<(String, Vec<u8>)>) {
        let files = vec![
            (
                "fftpack/unit/battle_a_spr.bin".to_owned(),
                sheet_like(37_377),
            ),
            ("system/ffto/g2d.dat".to_owned(), sheet_like(150_000)),
            (
                "fftpack/unit/battle_b_shp.bin".to_owned(),
                sheet_like(40_000),
            ),
            (
                "fftpack/unit/battle_b_seq.bin".to_owned(),
                sheet_like(30_000),
            ),
            ("fftpack/unit/battle_c_spr.bin".to_owned(), b"tiny".to_vec()),
        ];
        let modes = [
            PacStorage::Stored,
            PacStorage::Gdeflate,
            PacStorage::Chunk(0),
            PacStorage::Chunk(0),
            PacStorage::Chunk(0),
        ];
        let mut builder = PacBuilder::new().encrypted();
        for ((name, data), mode) in files.iter().zip(modes) {
            builder = builder.stored_as(name, data, mode);
        }
        (builder, files)
    }

    #[test]
    fn every_storage_mode_gives_back_its_files() {
        let (builder, files) = every_mode();
        let mut archive = open("0002.pac", builder.build()).unwrap();
        let modes: Vec<_> = archive.entries().iter().map(|e| e.storage).collect();
        assert_eq!(
            modes,
            [
                Storage::Stored,
                Storage::Gdeflate,
                Storage::SharedChunk,
                Storage::SharedChunk,
                Storage::SharedChunk
            ]
        );
        assert_eq!(archive.toc().chunks.len(), 1);
        for (name, data) in &files {
            let got = archive.extract(name).unwrap_or_else(|e| panic!("{e}"));
            assert!(&got == data, "{name}");
        }
    }

    #[test]
    fn a_file_in_several_streams_gives_back_its_bytes() {
        let data = sheet_like(0x80000 * 2 + 12_345);
        let bytes = PacBuilder::new()
            .stored_as("system/ffto/g2d.dat", &data, PacStorage::Parts)
            .encrypted()
            .build();
        let mut archive = open("0007.pac", bytes.clone()).unwrap();
        assert_eq!(archive.entries()[0].storage, Storage::MultipleChunks);
        assert!(archive.extract("system/ffto/g2d.dat").unwrap() == data);
        // A table stating another count of parts.
        let mut damaged = bytes;
        let table = archive.entries()[0].chunk_record as usize;
        put(&mut damaged, table, &7u32.to_le_bytes());
        let error = open("0007.pac", damaged)
            .unwrap()
            .extract("system/ffto/g2d.dat")
            .unwrap_err();
        assert!(
            error
                .to_string()
                .contains("7 parts stated; a file of 1060921 bytes has 3"),
            "{error}"
        );
    }

    /// Files of two shared chunks, each crossing tiles, read in order, backwards and turn about
    /// between the chunks: the kept chunk and tile never give one file another's bytes.
    #[test]
    fn files_of_shared_chunks_read_in_any_order_give_their_own_bytes() {
        let mut builder = PacBuilder::new().encrypted();
        let mut files = Vec::new();
        for i in 0..10usize {
            let mut data = sheet_like(30_000 + i * 7_919);
            data[0] = i as u8;
            let path = format!("fftpack/unit/battle_{i}_spr.bin");
            builder = builder.stored_as(&path, &data, PacStorage::Chunk(i % 2));
            files.push((path, data));
        }
        let bytes = builder.build();
        let order: Vec<usize> = (0..10)
            .chain((0..10).rev())
            .chain([0, 9, 2, 7, 4, 5])
            .collect();
        let mut archive = open("0002.pac", bytes).unwrap();
        for i in order {
            let (path, data) = &files[i];
            assert!(&archive.extract(path).unwrap() == data, "{path}");
        }
    }

    #[test]
    fn a_file_in_a_chunk_costs_its_tiles_not_the_chunk() {
        let big: Vec<u8> = (0..1_000_000u32).map(|i| (i % 251) as u8).collect();
        let bytes = PacBuilder::new()
            .stored_as("small.bin", b"a few bytes", PacStorage::Chunk(0))
            .stored_as("big.bin", &big, PacStorage::Chunk(0))
            .build();
        let mut archive = open("0001.pac", bytes).unwrap();
        let (got, peak) = peak_memory(|| archive.extract("small.bin").unwrap());
        assert_eq!(got, b"a few bytes");
        // The chunk's compressed bytes and one 64 KiB tile, not the 1 MB chunk decoded.
        let stored = archive.toc().chunks[0].stored_len as usize;
        assert!(
            peak < stored + 200_000,
            "held {peak} bytes for an 11-byte file"
        );
    }

    #[test]
    fn a_damaged_stream_is_refused_with_its_place() {
        let (builder, _) = every_mode();
        let mut bytes = builder.build();
        let archive = open("0002.pac", bytes.clone()).unwrap();
        let stream_at = archive.entries()[1].data_offset as usize;
        let stream_len = archive.entries()[1].stored_len as usize;
        bytes[stream_at + stream_len / 2..stream_at + stream_len / 2 + 16].fill(0xA5);
        let mut archive = open("0002.pac", bytes).unwrap();
        let error = archive.extract("system/ffto/g2d.dat").unwrap_err();
        assert!(
            matches!(
                error.kind(),
                ErrorKind::Gdeflate { .. } | ErrorKind::Crc { .. }
            ),
            "{error}"
        );
        assert_eq!(error.entry.as_deref(), Some("system/ffto/g2d.dat"));
    }

    #[test]
    fn a_stream_stating_more_than_its_entry_is_refused() {
        let (builder, _) = every_mode();
        let mut bytes = builder.build();
        // The entry says 149,999 bytes; its stream decodes to 150,000.
        put(&mut bytes, entry_at(1) + 0x08, &149_999u64.to_le_bytes());
        let mut archive = open("0002.pac", bytes).unwrap();
        let error = archive.extract("system/ffto/g2d.dat").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("decodes to 150000 bytes; 149999 are stated"),
            "{error}"
        );
    }

    #[test]
    fn a_file_past_its_chunk_and_a_missing_record_are_refused() {
        let (builder, _) = every_mode();
        let bytes = builder.build();
        let mut past = bytes.clone();
        put(&mut past, entry_at(4) + 0x10, &(1u64 << 20).to_le_bytes());
        let error = refusal_of(past, "fftpack/unit/battle_c_spr.bin");
        assert!(
            matches!(error.kind(), ErrorKind::PastChunk { .. }),
            "{error}"
        );
        let mut astray = bytes;
        put(&mut astray, entry_at(4) + 0x18, &0x404u64.to_le_bytes());
        let error = refusal_of(astray, "fftpack/unit/battle_c_spr.bin");
        assert!(
            matches!(error.kind(), ErrorKind::NoChunkRecord { record: 0x404 }),
            "{error}"
        );
    }

    fn refusal_of(bytes: Vec<u8>, path: &str) -> Error {
        open("0002.pac", bytes).unwrap().extract(path).unwrap_err()
    }
}
