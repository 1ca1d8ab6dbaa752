//! Extracting every unit file from an install against reading the same bytes from loose files
//! (docs/performance.md "Archives and GDeflate"): 178 files of the unit folder's sizes, in an
//! XORed `0002.pac` as the game's packer stores files under 1 MiB (shared GDeflate chunks of at
//! most 4 MiB), and the same archive with every file stored as it is (the container's own cost).
//! The files' bytes are the GDeflate benchmark's sheet-like bytes (which compress to a fifteenth)
//! and, when `FFT_SHEETS` and `FFT_ORIGINALS` name the retail files, those files' bytes over and
//! over (which compress to a third, as the game's do, and decode four times slower).
//!
//! `cargo bench -p game-archive --bench extract`

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_archive::Install;
use test_support::pac::{PacBuilder, PacStorage};

#[path = "support/game_like.rs"]
mod game_like;
use game_like::{game_like, retail_bytes};

/// The unit folder's count of files, and the bytes a shared chunk decodes to at most.
const FILES: usize = 178;
const CHUNK_LEN: usize = 4 << 20;

/// The files: sheets of 43,354 bytes (RAMUZA.SPR's size), the rest SHPs and SEQs of 4-30 KB,
/// each the next part of one stretch of bytes `pool` gives.
fn unit_files(pool: impl Fn(usize) -> Vec<u8>) -> Vec<(String, Vec<u8>)> {
    let sizes: Vec<(&str, usize)> = (0..FILES)
        .map(|i| match i % 3 {
            0 | 1 => ("spr", 43_354),
            _ => ("seq", 4_096 + (i * 1_531) % 26_000),
        })
        .collect();
    let pool = pool(sizes.iter().map(|(_, len)| len).sum());
    let mut at = 0;
    sizes
        .iter()
        .enumerate()
        .map(|(i, &(kind, len))| {
            at += len;
            let name = format!("fftpack/unit/battle_u{i:03}_{kind}.bin");
            (name, pool[at - len..at].to_vec())
        })
        .collect()
}

/// An install at `root` whose `0002.pac` holds `files`, in shared chunks or stored.
fn install(root: &Path, files: &[(String, Vec<u8>)], compressed: bool) -> PathBuf {
    let data = root.join("data/enhanced");
    std::fs::create_dir_all(&data).unwrap();
    let mut pac = PacBuilder::new().encrypted();
    let (mut chunk, mut in_chunk) = (0, 0);
    for (name, bytes) in files {
        if in_chunk + bytes.len() > CHUNK_LEN {
            (chunk, in_chunk) = (chunk + 1, 0);
        }
        in_chunk += bytes.len();
        let storage = if compressed {
            PacStorage::Chunk(chunk)
        } else {
            PacStorage::Stored
        };
        pac = pac.stored_as(name, bytes, storage);
    }
    std::fs::write(data.join("0002.pac"), pac.build()).unwrap();
    root.to_owned()
}

fn extract(c: &mut Criterion) {
    measure(c, "sheet-like bytes", unit_files(game_like));
    if let Some(retail) = retail_bytes(8 << 20) {
        measure(c, "retail bytes", unit_files(|len| retail[..len].to_vec()));
    }
}

/// The files read loose and from the two installs.
fn measure(c: &mut Criterion, bytes: &str, files: Vec<(String, Vec<u8>)>) {
    let root = std::env::temp_dir().join(format!("game-archive-bench-{}", std::process::id()));
    let total: usize = files.iter().map(|(_, bytes)| bytes.len()).sum();
    let loose = root.join("loose");
    for (name, bytes) in &files {
        let path = loose.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    let chunked = install(&root.join("chunked"), &files, true);
    let stored = install(&root.join("stored"), &files, false);
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    // Every way gives the same bytes.
    let mut check = Install::open(&chunked, "en").unwrap();
    for (name, bytes) in &files {
        assert!(&check.read_game_file(name).unwrap() == bytes, "{name}");
    }

    let mut group = c.benchmark_group(format!("every unit file ({FILES} files, {bytes})"));
    group.sample_size(20);
    group.throughput(Throughput::Bytes(total as u64));
    group.bench_function("loose files", |b| {
        b.iter(|| {
            for name in &names {
                black_box(std::fs::read(loose.join(name)).unwrap());
            }
        })
    });
    group.bench_function("install, stored", |b| {
        b.iter(|| {
            let mut install = Install::open(&stored, "en").unwrap();
            for name in &names {
                black_box(install.read_game_file(name).unwrap());
            }
        })
    });
    group.bench_function("install, shared chunks, one by one", |b| {
        b.iter(|| {
            let mut install = Install::open(&chunked, "en").unwrap();
            for name in &names {
                black_box(install.read_game_file(name).unwrap());
            }
        })
    });
    // As `game extract` reads them: the files of a chunk together, its tiles on every core.
    group.bench_function("install, shared chunks, together", |b| {
        b.iter(|| {
            let mut install = Install::open(&chunked, "en").unwrap();
            install
                .read_game_files(&names, |_, bytes| {
                    black_box(bytes);
                    Ok::<(), game_archive::Error>(())
                })
                .unwrap();
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&root);
}

criterion_group!(benches, extract);
criterion_main!(benches);
