//! The GDeflate decoder against the one it replaced (`differential/old_gdeflate.rs`, the simple
//! decoder with full 15-bit tables and a byte-by-byte copy, kept here as the oracle): streams
//! compressed by Microsoft's reference code, then damaged in many ways by a seeded generator
//! (bits flipped, bytes set, runs overwritten, bytes dropped or repeated, cut short), must give
//! the same result from both: the same bytes, or the same refusal at the same byte. Neither may
//! panic.

#[path = "differential/old_gdeflate.rs"]
mod old_gdeflate;

use game_archive::gdeflate::{TILE_LEN, decode, decode_range};
use test_support::pac::gdeflate_stream;

/// A small deterministic generator (xorshift64*), so that a failure names its case and
/// reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| (self.next() >> 32) as u8).collect()
    }
}

/// Data of the kinds the archives hold: palette-index runs and repeated rows, noise, text, one
/// byte repeated, and short rows repeated at every distance (the overlapping copies).
fn data(rng: &mut Rng, len: usize) -> Vec<u8> {
    match rng.below(5) {
        0 => {
            let mut out = Vec::with_capacity(len);
            while out.len() < len {
                let run = 1 + rng.below(30);
                let value = rng.below(16) as u8;
                out.extend(std::iter::repeat_n(value, run));
                if rng.below(6) == 0 && out.len() > 300 {
                    let back = out.len() - 21 - rng.below(280);
                    let row: Vec<u8> = out[back..back + 1 + rng.below(20)].to_vec();
                    out.extend_from_slice(&row);
                }
            }
            out.truncate(len);
            out
        }
        1 => rng.bytes(len),
        2 => b"Ramza Beoulve, Squire; Delita Heiral, Squire. "
            .iter()
            .copied()
            .cycle()
            .take(len)
            .collect(),
        3 => vec![rng.below(256) as u8; len],
        _ => {
            let period = 1 + rng.below(12);
            let row = rng.bytes(period);
            row.iter().copied().cycle().take(len).collect()
        }
    }
}

/// One damage of `stream`, chosen by the generator.
fn damage(rng: &mut Rng, stream: &mut Vec<u8>) {
    if stream.is_empty() {
        return;
    }
    let at = if rng.below(4) == 0 {
        // Within the header and tile table, where a change moves whole tiles.
        rng.below(stream.len().min(16))
    } else {
        rng.below(stream.len())
    };
    match rng.below(7) {
        0 => stream[at] ^= 1 << rng.below(8),
        1 => {
            for _ in 0..2 + rng.below(6) {
                let at = rng.below(stream.len());
                stream[at] ^= 1 << rng.below(8);
            }
        }
        2 => stream[at] = rng.below(256) as u8,
        3 => {
            let end = (at + 1 + rng.below(64)).min(stream.len());
            let fill = [0x00, 0xFF][rng.below(2)];
            stream[at..end].fill(fill);
        }
        4 => {
            stream.remove(at);
        }
        5 => {
            let byte = stream[at];
            stream.insert(at, byte);
        }
        _ => stream.truncate(at),
    }
}

/// Both decoders' results on one stream, which must agree.
fn agree(stream: &[u8], len: usize, range: std::ops::Range<usize>, case: &str) -> bool {
    let new = decode_range(stream, len, range.clone());
    let old = old_gdeflate::decode_range(stream, len, range);
    match (new, old) {
        (Ok(new), Ok(old)) => {
            assert!(new == old, "{case}: the decoders give other bytes");
            true
        }
        (Err(new), Err(old)) => {
            assert_eq!(
                (new.offset, &new.problem),
                (old.offset, &old.problem),
                "{case}"
            );
            false
        }
        (Ok(_), Err(old)) => panic!("{case}: only the old decoder refuses it: {old}"),
        (Err(new), Ok(_)) => panic!("{case}: only the new decoder refuses it: {new}"),
    }
}

#[test]
fn damaged_streams_give_the_same_result_from_both_decoders() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut cases, mut decoded) = (0, 0);
    for stream_index in 0..240 {
        // Mostly under a tile (quick in a debug build); every tenth spans two or three.
        let len = if stream_index % 10 == 0 {
            TILE_LEN + rng.below(2 * TILE_LEN)
        } else {
            1 + rng.below(6000)
        };
        let original = data(&mut rng, len);
        let level = rng.below(13) as u8;
        let stream = gdeflate_stream(&original, level);
        let whole = format!("stream {stream_index} ({len} bytes, level {level})");
        assert!(decode(&stream, len).unwrap() == original, "{whole}");
        assert!(agree(&stream, len, 0..len, &whole));
        let damages = if len > TILE_LEN { 12 } else { 50 };
        for damage_index in 0..damages {
            let mut damaged = stream.clone();
            for _ in 0..1 + rng.below(3) {
                damage(&mut rng, &mut damaged);
            }
            let case = format!("{whole}, damage {damage_index}");
            // Now and then a size other than the stream's, or a part of it.
            let (asked, range) = match rng.below(10) {
                0 => {
                    let asked = rng.below(len + 100);
                    (asked, 0..asked)
                }
                1 => {
                    let start = rng.below(len);
                    (len, start..start + rng.below(len - start + 1))
                }
                _ => (len, 0..len),
            };
            decoded += usize::from(agree(&damaged, asked, range, &case));
            cases += 1;
        }
    }
    assert!(cases >= 10_000, "{cases} damaged streams");
    // Damage that leaves a stream decodable must happen (a flipped literal bit), and most
    // damage must be refused; neither count is the decoders' own output.
    assert!(
        decoded > 0 && decoded < cases / 2,
        "{decoded} of {cases} decoded"
    );
}

/// A tile stream of one tile of `tile`'s bytes, stated to decode to `len`.
fn one_tile(tile: &[u8], len: usize) -> Vec<u8> {
    let mut stream = vec![4, 0xFB, 1, 0];
    stream.extend_from_slice(&(1u32 | ((len as u32 % TILE_LEN as u32) << 2)).to_le_bytes());
    stream.extend_from_slice(&(tile.len() as u32).to_le_bytes());
    stream.extend_from_slice(tile);
    stream
}

#[test]
fn random_tiles_give_the_same_result_from_both_decoders() {
    // Random bytes as a tile: every block type, code and length, mostly refused. A tile whose
    // blocks end at another size than the one stated is tried again at the size it decoded to
    // (the refusal says it), so that some decode whole.
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut decoded = 0;
    for case in 0..6000 {
        let tile_len = 1 + rng.below(400);
        let tile = rng.bytes(tile_len);
        let len = 1 + rng.below(4096);
        let what = format!("random tile {case}");
        if agree(&one_tile(&tile, len), len, 0..len, &what) {
            decoded += 1;
            continue;
        }
        let Err(refusal) = decode(&one_tile(&tile, len), len) else {
            unreachable!()
        };
        let Some(size) = refusal
            .problem
            .strip_prefix("tile 0: ")
            .and_then(|p| p.split_once(" bytes decoded; the tile holds"))
            .and_then(|(n, _)| n.parse::<usize>().ok())
            .filter(|&n| (1..=TILE_LEN).contains(&n))
        else {
            continue;
        };
        let what = format!("{what} at its own size, {size} bytes");
        decoded += usize::from(agree(&one_tile(&tile, size), size, 0..size, &what));
    }
    assert!(decoded > 0, "no random tile decoded");
}
