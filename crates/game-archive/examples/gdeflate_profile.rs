//! Decodes the GDeflate benchmark's stream (1 MiB of game-like data, level 9) many times with
//! our decoder or Microsoft's reference, for a profiler or an instruction count that the load
//! of a shared machine does not move (docs/performance.md "Archives and GDeflate"):
//!
//! ```sh
//! cargo build --release -p game-archive --example gdeflate_profile
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   target/release/examples/gdeflate_profile ours|reference [RUNS] [retail]
//! ```
//!
//! With `RUNS` 0 it only sets up (the data made and compressed), for the count to subtract.
//! With `retail`, the 1 MiB is the retail files' bytes (`FFT_SHEETS` and `FFT_ORIGINALS`, every
//! `.bin`, over and over), which compress to a third where the sheet-like bytes compress to a
//! fifteenth.

use std::hint::black_box;

use test_support::pac::gdeflate_stream;

#[path = "../benches/support/game_like.rs"]
mod game_like;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: gdeflate_profile ours|reference [RUNS] [retail]";
    let which = args.next().expect(usage);
    let runs: usize = args
        .next()
        .map_or(20, |r| r.parse().expect("RUNS is a number"));
    let data = match args.next().as_deref() {
        None => game_like::game_like(1 << 20),
        Some("retail") => game_like::retail_bytes(1 << 20)
            .expect("retail needs FFT_SHEETS and FFT_ORIGINALS naming the retail files"),
        Some(_) => panic!("{usage}"),
    };
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
