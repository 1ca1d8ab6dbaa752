//! Decodes the GDeflate benchmark's stream (1 MiB of game-like data, level 9) many times with
//! our decoder or Microsoft's reference, for a profiler or an instruction count that the load
//! of a shared machine does not move (docs/performance.md "Archives and GDeflate"):
//!
//! ```sh
//! cargo build --release -p game-archive --example gdeflate_profile
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   target/release/examples/gdeflate_profile ours|reference [RUNS]
//! ```
//!
//! With `RUNS` 0 it only sets up (the data made and compressed), for the count to subtract.

use std::hint::black_box;

use test_support::pac::gdeflate_stream;

#[path = "../benches/support/game_like.rs"]
mod game_like;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: gdeflate_profile ours|reference [RUNS]";
    let which = args.next().expect(usage);
    let runs: usize = args
        .next()
        .map_or(20, |r| r.parse().expect("RUNS is a number"));
    let data = game_like::game_like(1 << 20);
    match which.as_str() {
        "ours" => {
            let stream = gdeflate_stream(&data, 9);
            for _ in 0..runs {
                let out = game_archive::gdeflate::decode(black_box(&stream), data.len()).unwrap();
                assert!(out == data);
            }
        }
        "reference" => {
            let mut compressor =
                gdeflate::Compressor::new(gdeflate::CompressionLevel::Level9).unwrap();
            let pages = compressor.compress(&data, 1 << 16).unwrap();
            let mut decompressor = gdeflate::Decompressor::new().unwrap();
            for _ in 0..runs {
                let out = decompressor.decompress(black_box(&pages)).unwrap();
                assert!(out == data);
            }
        }
        _ => panic!("{usage}"),
    }
}
