//! Where the time goes in a build: decoding each file, executing every slot, building the
//! document, writing its canonical bytes, and the whole build a tool runs. Runs on the retail
//! TYPE1 pair when `FFT_ORIGINALS` names their folder (found as every tool finds them), else on
//! the synthetic demo pair.
//!
//! `cargo bench -p sprite-inputs --bench build` (add `-- --quick` for a fast look).

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use fft_formats::{Seq, UnitShp};
use sprite_data::build::{BuildInput, build};
use sprite_data::canonical::to_canonical_bytes;
use sprite_data::demo::{DEMO_SEQ, DEMO_SHP};
use sprite_data::execution::Program;
use sprite_data::{NamedBytes, Profile, Slot, build_document};
use sprite_inputs::locate::find_in_folder;
use sprite_inputs::retail::ORIGINALS_VAR;

struct Pair {
    label: &'static str,
    shp: Vec<u8>,
    seq: Vec<u8>,
    profile: Profile,
}

fn pair() -> Pair {
    let originals = std::env::var_os(ORIGINALS_VAR)
        .map(PathBuf::from)
        .filter(|d| d.is_dir());
    if let Some(dir) = originals {
        let read = |name| {
            std::fs::read(find_in_folder(&dir, name).expect("TYPE1 files in FFT_ORIGINALS"))
                .unwrap()
        };
        return Pair {
            label: "type1",
            shp: read("TYPE1.SHP"),
            seq: read("TYPE1.SEQ"),
            profile: Profile::type1(),
        };
    }
    eprintln!("FFT_ORIGINALS not set: benchmarking the synthetic demo pair");
    Pair {
        label: "demo",
        shp: DEMO_SHP.to_vec(),
        seq: DEMO_SEQ.to_vec(),
        profile: Profile::demo(),
    }
}

fn stages(c: &mut Criterion) {
    let p = pair();
    let shp = UnitShp::decode(&p.shp).unwrap();
    let seq = Seq::decode(&p.seq).unwrap();
    let input = BuildInput {
        shp: &shp,
        seq: &seq,
        profile: &p.profile,
        sheet_file: None,
        hands: None,
        holds: None,
    };
    let document = build(&input).unwrap().document;
    let mut group = c.benchmark_group(p.label);
    group.bench_function("decode shp", |b| {
        b.iter(|| UnitShp::decode(black_box(&p.shp)).unwrap())
    });
    group.bench_function("decode seq", |b| {
        b.iter(|| Seq::decode(black_box(&p.seq)).unwrap())
    });
    group.bench_function("execute every slot", |b| {
        b.iter(|| {
            let program = Program::new(black_box(&seq));
            (0..seq.slots.len())
                .map(|slot| program.execute(Slot(slot as u32)).unwrap().frames.len())
                .sum::<usize>()
        })
    });
    group.bench_function("build document", |b| {
        b.iter(|| build(black_box(&input)).unwrap())
    });
    group.bench_function("write canonical json", |b| {
        b.iter(|| to_canonical_bytes(black_box(&document)))
    });
    group.bench_function("decode + build + write", |b| {
        // The build a tool runs, less the sha256 digests of its report.
        b.iter(|| {
            build_document(
                NamedBytes {
                    name: "shp",
                    bytes: black_box(&p.shp),
                },
                NamedBytes {
                    name: "seq",
                    bytes: black_box(&p.seq),
                },
                &p.profile,
                sprite_data::Overlays::default(),
                None,
            )
            .unwrap()
        })
    });
    group.finish();
}

/// Every unit kind, decoded, built and written, one after the other: what `cargo xtask
/// build-data --all` does in-process. Needs the originals.
fn all_kinds(c: &mut Criterion) {
    let Some(dir) = std::env::var_os(ORIGINALS_VAR)
        .map(PathBuf::from)
        .filter(|d| d.is_dir())
    else {
        return;
    };
    let read = |name: &str| {
        std::fs::read(find_in_folder(&dir, name).expect("every retail file in FFT_ORIGINALS"))
            .unwrap()
    };
    let kinds: Vec<(Profile, Vec<u8>, Vec<u8>)> = sprite_data::profile::UNIT_KINDS
        .iter()
        .map(|kind| {
            let profile = kind.load();
            let (shp, seq) = (read(&profile.shp), read(&profile.seq));
            (profile, shp, seq)
        })
        .collect();
    c.bench_function("every kind: decode + build + write", |b| {
        b.iter(|| {
            for (profile, shp, seq) in &kinds {
                black_box(
                    build_document(
                        NamedBytes {
                            name: "shp",
                            bytes: shp,
                        },
                        NamedBytes {
                            name: "seq",
                            bytes: seq,
                        },
                        profile,
                        sprite_data::Overlays::default(),
                        None,
                    )
                    .unwrap(),
                );
            }
        })
    });
}

/// Decoding a sprite sheet (RAMUZA.SPR: palettes, raw rows, 200 compressed rows). Needs the
/// sheets beside the originals.
fn sheets(c: &mut Criterion) {
    let sheet = std::env::var_os(ORIGINALS_VAR)
        .map(|d| PathBuf::from(d).join("../sheets/battle_ramuza_spr.bin"))
        .and_then(|p| std::fs::read(p).ok());
    let Some(bytes) = sheet else { return };
    c.bench_function("decode spr (RAMUZA)", |b| {
        b.iter(|| fft_formats::spr::Spr::decode(black_box(&bytes)).unwrap())
    });
}

criterion_group!(benches, stages, all_kinds, sheets);
criterion_main!(benches);
