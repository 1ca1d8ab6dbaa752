//! `g2d.dat` written at test time from its layout (`test_support::pac::g2d_dat`): its zlib
//! entries decoded to the bytes put in, the real HD halves among them (`FFT_HD`) restored byte
//! for byte through an archive and an install; every other entry and damage refused.

use std::io::Cursor;

use game_archive::Archive;
use game_archive::g2d::{G2d, tex_entry};
use test_support::pac::{G2dSpec, PacBuilder, PacStorage, g2d_dat, put};

fn specs() -> Vec<G2dSpec> {
    vec![
        G2dSpec::Zlib(b"entry zero".to_vec()),
        G2dSpec::Empty,
        G2dSpec::Other(7, b"not zlib".to_vec()),
        G2dSpec::Zlib((0..200_000u32).map(|i| (i % 13) as u8).collect()),
    ]
}

#[test]
fn zlib_entries_decode_and_others_are_refused() {
    let bytes = g2d_dat(&specs());
    let g2d = G2d::read(&bytes).unwrap();
    assert_eq!(g2d.entries().len(), 4);
    assert_eq!(g2d.entries()[1].len, 0);
    assert_eq!(g2d.decode(0).unwrap(), b"entry zero");
    assert_eq!(g2d.decode(3).unwrap().len(), 200_000);
    assert!(
        g2d.decode(1)
            .unwrap_err()
            .problem
            .contains("entry 1 is empty")
    );
    assert!(
        g2d.decode(2)
            .unwrap_err()
            .problem
            .contains("type 7; only zlib")
    );
    assert!(
        g2d.decode(4)
            .unwrap_err()
            .problem
            .contains("no entry 4: the index has 4")
    );
}

#[test]
fn damage_is_refused_with_its_byte() {
    let bytes = g2d_dat(&specs());
    let index_at = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    // An index past the end, as a container cut short.
    assert!(G2d::read(&bytes[..bytes.len() - 1]).is_err());
    // An entry past the end.
    let mut past = bytes.clone();
    put(&mut past, index_at + 4, &0x7FFF_FFFFu32.to_le_bytes());
    let error = G2d::read(&past).unwrap_err();
    assert_eq!(error.offset, index_at);
    // An index drifted by 16 bytes (a leftover container): the entry no longer starts YOX.
    let mut drifted = bytes.clone();
    let first = u32::from_le_bytes(bytes[index_at..index_at + 4].try_into().unwrap());
    put(&mut drifted, index_at, &(first + 16).to_le_bytes());
    assert!(G2d::read(&drifted).unwrap().decode(0).is_err());
    // A stated size that the stream does not give.
    let mut stated = bytes.clone();
    put(&mut stated, first as usize + 8, &11u32.to_le_bytes());
    let error = G2d::read(&stated).unwrap().decode(0).unwrap_err();
    assert!(
        error
            .problem
            .contains("decodes to 10 bytes; its header states 11"),
        "{error}"
    );
    // A stated size of 4 GB is refused before any inflating.
    let mut huge = bytes;
    put(&mut huge, first as usize + 8, &u32::MAX.to_le_bytes());
    assert!(
        G2d::read(&huge)
            .unwrap()
            .decode(0)
            .unwrap_err()
            .problem
            .contains("over the limit")
    );
    assert!(G2d::read(b"PACK and more bytes").is_err());
}

#[test]
fn tex_paths_name_entries() {
    assert_eq!(tex_entry("system/ffto/g2d/tex_992.bin"), Some(992));
    assert_eq!(tex_entry("System\\FFTO\\g2d\\TEX_0.BIN"), Some(0));
    assert_eq!(tex_entry("system/ffto/g2d/tex_.bin"), None);
    assert_eq!(tex_entry("fftpack/unit/tex_1.bin"), None);
}

#[test]
fn the_real_hd_pair_comes_back_from_a_compressed_archive() {
    let test = "the_real_hd_pair_comes_back_from_a_compressed_archive";
    let (Some(upper), Some(lower)) = (
        test_support::hd_file(test, "tex_992.bin"),
        test_support::hd_file(test, "tex_993.bin"),
    ) else {
        return;
    };
    let upper = std::fs::read(upper).unwrap();
    let lower = std::fs::read(lower).unwrap();
    let mut specs = vec![G2dSpec::Empty; 992];
    specs.push(G2dSpec::Zlib(upper.clone()));
    specs.push(G2dSpec::Zlib(lower.clone()));
    let container = g2d_dat(&specs);
    let pac = PacBuilder::new()
        .stored_as("system/ffto/g2d.dat", &container, PacStorage::Gdeflate)
        .encrypted()
        .build();
    let mut archive = Archive::from_reader("0007.pac", "0007.pac", Cursor::new(pac)).unwrap();
    let bytes = archive.extract("system/ffto/g2d.dat").unwrap();
    let g2d = G2d::read(&bytes).unwrap();
    assert!(g2d.decode(992).unwrap() == upper);
    assert!(g2d.decode(993).unwrap() == lower);
}
