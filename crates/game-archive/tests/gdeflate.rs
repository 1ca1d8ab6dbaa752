//! The GDeflate decoder held to Microsoft's reference code (NVIDIA's libdeflate fork, through
//! the `gdeflate` crate, a dev-dependency only): data compressed by it, at every level, in
//! every tile layout (empty, one short tile, whole tiles, a short last tile), restored byte for
//! byte; and damaged streams refused without a panic or an output past the stated size.

use game_archive::gdeflate::{TILE_LEN, decode, decode_range, read_header};
use test_support::pac::gdeflate_stream;

/// A small deterministic generator (xorshift), so that failures reproduce.
fn random(len: usize, seed: u64) -> Vec<u8> {
    let mut state = seed | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

/// Bytes like the game's: runs of a few palette indices, repeated rows, some noise.
fn game_like(len: usize, seed: u64) -> Vec<u8> {
    let noise = random(len, seed);
    let mut out = Vec::with_capacity(len);
    let mut i = 0;
    while out.len() < len {
        let run = 1 + usize::from(noise[i % len] % 40);
        let value = noise[(i * 7 + 3) % len] & 0x0F;
        out.extend(std::iter::repeat_n(value, run));
        if noise[(i * 13) % len] < 40 && out.len() > 256 {
            let back = out.len() - 256;
            let row: Vec<u8> = out[back..back + 128].to_vec();
            out.extend_from_slice(&row);
        }
        i += 1;
    }
    out.truncate(len);
    out
}

fn restores(data: &[u8], level: u8, what: &str) {
    let stream = gdeflate_stream(data, level);
    let header = read_header(&stream).unwrap();
    assert_eq!(header.len, data.len(), "{what}");
    assert_eq!(header.tiles, data.len().div_ceil(TILE_LEN), "{what}");
    let decoded = decode(&stream, data.len()).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(decoded == data, "{what}: {} bytes differ", data.len());
}

#[test]
fn every_tile_layout_is_restored() {
    for len in [
        0,
        1,
        100,
        TILE_LEN - 1,
        TILE_LEN,
        TILE_LEN + 1,
        3 * TILE_LEN,
        200 * 1024,
    ] {
        restores(
            &game_like(len, len as u64 + 1),
            9,
            &format!("game-like, {len} bytes"),
        );
    }
}

#[test]
fn every_level_is_restored() {
    // Level 0 stores (stored blocks), the others use fixed and dynamic codes.
    for level in 0..=12 {
        restores(
            &game_like(150_000, 7),
            level,
            &format!("game-like, level {level}"),
        );
        restores(&random(70_000, 9), level, &format!("random, level {level}"));
    }
}

#[test]
fn random_data_and_long_runs_are_restored() {
    for seed in 1..6 {
        restores(
            &random(100_000 + seed as usize * 997, seed),
            6,
            &format!("random {seed}"),
        );
    }
    restores(&vec![0xAB; 300_000], 12, "one byte repeated");
    let text: Vec<u8> = b"Ramza Beoulve, Squire. "
        .iter()
        .copied()
        .cycle()
        .take(90_000)
        .collect();
    restores(&text, 12, "text");
}

#[test]
fn a_range_decodes_only_its_tiles_and_matches_the_whole() {
    let data = game_like(5 * TILE_LEN + 1234, 3);
    let stream = gdeflate_stream(&data, 9);
    for range in [
        0..10,
        TILE_LEN - 5..TILE_LEN + 5,
        4 * TILE_LEN..data.len(),
        7..7,
    ] {
        let part = decode_range(&stream, data.len(), range.clone()).unwrap();
        assert!(part == data[range.clone()], "{range:?}");
    }
    // Damage tile 3: a range in tile 0 still decodes, never reading it.
    let mut damaged = stream.clone();
    let table = 8 + 4 * 6;
    let tile3 = table + u32::from_le_bytes(stream[8 + 12..8 + 16].try_into().unwrap()) as usize;
    damaged[tile3..tile3 + 64].fill(0xFF);
    assert!(decode_range(&damaged, data.len(), 0..100).is_ok());
    assert!(decode(&damaged, data.len()).is_err());
}

#[test]
fn a_stream_stating_another_size_is_refused_before_decoding() {
    let data = game_like(100_000, 5);
    let stream = gdeflate_stream(&data, 6);
    let error = decode(&stream, 99_999).unwrap_err();
    assert!(
        error
            .problem
            .contains("decodes to 100000 bytes; 99999 are stated"),
        "{error}"
    );
}

#[test]
fn damaged_streams_are_refused_never_a_panic() {
    let data = game_like(140_000, 11);
    let stream = gdeflate_stream(&data, 9);
    let mut refused = 0;
    for at in (0..stream.len()).step_by(97) {
        for flip in [0x01u8, 0x80, 0xFF] {
            let mut damaged = stream.clone();
            damaged[at] ^= flip;
            match decode(&damaged, data.len()) {
                Ok(out) => assert_eq!(out.len(), data.len()),
                Err(_) => refused += 1,
            }
        }
    }
    assert!(refused > 0);
    for cut in [0, 4, 8, 20, stream.len() / 2, stream.len() - 1] {
        assert!(decode(&stream[..cut], data.len()).is_err(), "cut at {cut}");
    }
    assert!(
        read_header(&[4, 0xFB, 1, 0, 2, 0, 0, 0]).is_err(),
        "tile size index 2"
    );
    assert!(
        read_header(&[5, 0xFA, 0, 0, 1, 0, 0, 0]).is_err(),
        "another codec"
    );
}

/// Tiles decoded on several threads fail as in order: with tiles 2 and 6 of 8 damaged, the
/// refusal is tile 2's, at its first byte, whichever thread decoded which.
#[test]
fn the_first_damaged_tile_is_the_one_refused() {
    let data = game_like(8 * TILE_LEN, 7);
    let stream = gdeflate_stream(&data, 9);
    let tiles = 8;
    // Where tile `i` starts: its table entry's offset after the header and table (tile 0 at 0).
    let start = |i: usize| {
        let offset = if i == 0 {
            0
        } else {
            let at = 8 + 4 * i;
            u32::from_le_bytes(stream[at..at + 4].try_into().unwrap()) as usize
        };
        8 + 4 * tiles + offset
    };
    for _ in 0..20 {
        let mut damaged = stream.clone();
        for tile in [2, 6] {
            // A block type of 3, which DEFLATE does not have, in the first block's header.
            damaged[start(tile)] |= 0b110;
        }
        let error = decode(&damaged, data.len()).unwrap_err();
        assert_eq!(error.offset, start(2), "{error}");
        assert!(error.problem.starts_with("tile 2: "), "{error}");
    }
}
