//! Listing an archive of 10,000 entries (its table of contents read, the names' XOR undone and
//! every hash checked; no data read), and GDeflate throughput: our decoder against Microsoft's
//! reference code on the same 1 MiB of game-like data, and of the retail files' bytes when
//! `FFT_SHEETS` and `FFT_ORIGINALS` name them (docs/performance.md "Archives and GDeflate").
//!
//! `cargo bench -p game-archive` (add `-- --quick` for a fast look).

use std::hint::black_box;
use std::io::Cursor;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_archive::Archive;
use test_support::pac::{PacBuilder, gdeflate_stream};

#[path = "support/game_like.rs"]
mod game_like;
use game_like::{game_like, retail_bytes};

fn listing(c: &mut Criterion) {
    let mut builder = PacBuilder::new().encrypted();
    for i in 0..10_000u32 {
        builder = builder.file(
            &format!("fftpack/unit/battle_{i:05}_spr.bin"),
            &i.to_le_bytes(),
        );
    }
    let bytes = builder.build();
    c.bench_function("list 10,000 entries", |b| {
        b.iter(|| {
            let archive =
                Archive::from_reader("0002.pac", "0002.pac", Cursor::new(black_box(&bytes[..])))
                    .unwrap();
            black_box(archive.entries().len())
        })
    });
}

fn gdeflate(c: &mut Criterion) {
    gdeflate_of(c, "gdeflate 1 MiB", game_like(1 << 20));
    if let Some(retail) = retail_bytes(1 << 20) {
        gdeflate_of(c, "gdeflate 1 MiB of retail bytes", retail);
    }
}

/// Ours against the reference on `data`, compressed at level 9 into 64 KiB tiles.
fn gdeflate_of(c: &mut Criterion, name: &str, data: Vec<u8>) {
    let stream = gdeflate_stream(&data, 9);
    let mut reference = gdeflate::Compressor::new(gdeflate::CompressionLevel::Level9).unwrap();
    let pages = reference.compress(&data, 1 << 16).unwrap();
    let mut decompressor = gdeflate::Decompressor::new().unwrap();
    assert!(game_archive::gdeflate::decode(&stream, data.len()).unwrap() == data);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.bench_function("ours", |b| {
        b.iter(|| game_archive::gdeflate::decode(black_box(&stream), data.len()).unwrap())
    });
    group.bench_function("reference", |b| {
        b.iter(|| decompressor.decompress(black_box(&pages)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, listing, gdeflate);
criterion_main!(benches);
