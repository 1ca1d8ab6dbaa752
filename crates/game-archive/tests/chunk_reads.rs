//! Reading many files of shared chunks, written by the test fixture from the layout as the
//! game's packer lays them out (the files in their paths' order, each chunk filled up to its
//! limit): every unit file read as `game extract` reads them (in the paths' order, together)
//! decodes each chunk's tiles once, and so does reading them one by one in that order; read
//! together or alone, the files give the same bytes, and a damaged tile the same refusal.

use std::io::Cursor;
use std::path::PathBuf;

use game_archive::{Archive, Error, ErrorKind, Install};
use test_support::pac::{PacBuilder, PacStorage};

/// The bytes a tile decodes to (the format's).
const TILE: usize = 1 << 16;

/// The chunks' limit here: smaller than the packer's 4 MiB, so that a test of a few files has
/// several chunks, each of several tiles.
const CHUNK_LIMIT: usize = 600_000;

/// Palette-index runs, a different start for each file.
fn sheet_like(len: usize, seed: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (((i + seed * 31) / 7) % 16) as u8 | (((i + seed) % 3) as u8) << 4)
        .collect()
}

/// Files by path, with their bytes.
type Files = Vec<(String, Vec<u8>)>;

/// 40 unit files of 3 to 80 KB in the packer's layout: in the paths' order, a chunk closed when
/// the next file would take it past the limit. The files, and each chunk's size.
fn unit_files() -> (Files, Vec<usize>, PacBuilder) {
    let mut builder = PacBuilder::new().encrypted();
    let mut files = Vec::new();
    let mut chunks = vec![0usize];
    for i in 0..40 {
        let len = 3_000 + (i * 7_919) % 77_000;
        let path = format!("fftpack/unit/battle_u{i:02}_spr.bin");
        if chunks.last().unwrap() + len > CHUNK_LIMIT {
            chunks.push(0);
        }
        *chunks.last_mut().unwrap() += len;
        let data = sheet_like(len, i);
        builder = builder.stored_as(&path, &data, PacStorage::Chunk(chunks.len() - 1));
        files.push((path, data));
    }
    (files, chunks, builder)
}

fn install(test: &str, bytes: Vec<u8>) -> PathBuf {
    let dir = test_support::temp_dir(test);
    std::fs::write(dir.join("0002.pac"), bytes).unwrap();
    dir
}

/// The tiles the chunks of these sizes hold: each chunk decoded once.
fn tiles_in(chunks: &[usize]) -> u64 {
    chunks.iter().map(|len| len.div_ceil(TILE) as u64).sum()
}

#[test]
fn every_unit_file_read_together_decodes_each_chunk_once() {
    let (files, chunks, builder) = unit_files();
    assert!(chunks.len() >= 3, "{chunks:?}");
    let dir = install("chunk-reads-together", builder.build());
    let mut install = Install::open(&dir, "en").unwrap();
    // The order `game extract` reads them in: the install's paths, sorted.
    let paths: Vec<String> = install.paths().into_iter().map(str::to_owned).collect();
    assert_eq!(paths.len(), files.len());
    let mut got = Vec::new();
    install
        .read_game_files(&paths, |path, bytes| {
            got.push((path.to_owned(), bytes));
            Ok::<(), Error>(())
        })
        .unwrap();
    assert!(got == files, "the files' bytes, in order");
    assert_eq!(install.chunk_tiles_decoded(), tiles_in(&chunks));
}

#[test]
fn every_unit_file_read_one_by_one_in_order_decodes_each_chunk_once() {
    let (files, chunks, builder) = unit_files();
    let dir = install("chunk-reads-in-order", builder.build());
    let mut install = Install::open(&dir, "en").unwrap();
    for (path, data) in &files {
        assert!(&install.read_game_file(path).unwrap() == data, "{path}");
    }
    assert_eq!(install.chunk_tiles_decoded(), tiles_in(&chunks));
}

#[test]
fn files_read_together_in_any_order_give_their_own_bytes() {
    let (files, _, builder) = unit_files();
    let dir = install("chunk-reads-any-order", builder.build());
    let mut install = Install::open(&dir, "en").unwrap();
    // Backwards, then turn about between the first and last chunks, one file twice.
    let order: Vec<usize> = (0..files.len())
        .rev()
        .chain([0, 39, 1, 38, 20, 20])
        .collect();
    let paths: Vec<&str> = order.iter().map(|&i| files[i].0.as_str()).collect();
    let mut got = Vec::new();
    install
        .read_game_files(&paths, |path, bytes| {
            got.push((path.to_owned(), bytes));
            Ok::<(), Error>(())
        })
        .unwrap();
    let wanted: Files = order.iter().map(|&i| files[i].clone()).collect();
    assert!(got == wanted);
}

/// The first chunk's stream with a byte of its tile 3 changed: the files before the tile are
/// handed over, and the first file holding it is refused, read together as read alone.
#[test]
fn a_damaged_tile_is_refused_for_the_first_file_holding_it_as_when_read_alone() {
    let (files, _, builder) = unit_files();
    let mut bytes = builder.build();
    let probe = Archive::from_reader("0002.pac", "0002.pac", Cursor::new(&bytes[..])).unwrap();
    let chunk = probe.toc().chunks[0].clone();
    let stream = chunk.data_offset as usize;
    let tiles = u16::from_le_bytes([bytes[stream + 2], bytes[stream + 3]]) as usize;
    assert!(tiles > 4, "{tiles} tiles");
    // Tile 3 starts at its table entry's offset after the table (the layout's).
    let table = stream + 8;
    let entry = table + 4 * 3;
    let tile3 = table
        + 4 * tiles
        + u32::from_le_bytes(bytes[entry..entry + 4].try_into().unwrap()) as usize;
    bytes[tile3] ^= 0xFF;
    bytes[tile3 + 1] ^= 0x5A;
    let dir = install("chunk-reads-damaged", bytes);

    // The first file whose bytes reach into tile 3, by the files' sizes.
    let mut at = 0;
    let damaged = files
        .iter()
        .position(|(_, data)| {
            at += data.len();
            at > 3 * TILE
        })
        .unwrap();
    let paths: Vec<&str> = files.iter().map(|(path, _)| path.as_str()).collect();

    let mut together = Install::open(&dir, "en").unwrap();
    let mut handed = Vec::new();
    let error = together
        .read_game_files(&paths, |path, bytes| {
            handed.push((path.to_owned(), bytes));
            Ok::<(), Error>(())
        })
        .unwrap_err();
    assert!(handed[..] == files[..damaged], "the files before it, whole");

    let mut alone = Install::open(&dir, "en").unwrap();
    let alone_error = paths
        .iter()
        .find_map(|path| alone.read_game_file(path).err())
        .unwrap();
    assert_eq!(error.to_string(), alone_error.to_string());
    assert_eq!(error.entry.as_deref(), Some(paths[damaged]));
    assert!(
        matches!(
            error.kind(),
            ErrorKind::Gdeflate { .. } | ErrorKind::Crc { .. }
        ),
        "{error}"
    );
}
