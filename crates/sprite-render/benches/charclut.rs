//! What Ramza's colours add to an HD render (docs/performance.md "Ramza's colours"): decoding
//! `charclut.nxd` and reading a row, and an HD pair loaded and rendered (frame 88 to a PNG, as
//! `render --frame 88` does) coloured from that row, against the same pair coloured from its SPR's
//! palette 0. Ramza's pair is RAMUZA.SPR at twice its size (`HdSheet::upscaled`, as `sheet upscale`
//! writes it); no retail pair of his is at hand, and colouring costs the same for every pair of
//! one size (one table lookup a pixel).
//!
//! Needs `FFT_NXD` (`charclut.nxd`) and `FFT_SHEETS` (`RAMUZA.SPR` as `battle_ramuza_spr.bin`);
//! without them it says so and times nothing. `cargo bench -p sprite-render --bench charclut`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use fft_formats::hd::HdSheet;
use fft_formats::nxd::CharClut;
use fft_formats::spr::Spr;
use sprite_render::sheet::{SheetImage, SheetSource, load_hd_sheet, load_hd_sheet_coloured};
use sprite_render::{Format, RenderRequest, Subject, TileSources};

/// `name` in the folder the variable `var` names, read; `None` when either is missing.
fn read(var: &str, name: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(std::env::var_os(var)?).join(name);
    std::fs::read(path).ok()
}

fn charclut(c: &mut Criterion) {
    let (Some(clut), Some(spr)) = (
        read("FFT_NXD", "charclut.nxd"),
        read("FFT_SHEETS", "battle_ramuza_spr.bin"),
    ) else {
        eprintln!(
            "FFT_NXD or FFT_SHEETS not set (charclut.nxd, battle_ramuza_spr.bin): nothing timed"
        );
        return;
    };
    let doc = {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/documents/type1.json");
        sprite_data::parse_document(&std::fs::read(&path).unwrap(), "type1.json").unwrap()
    };
    let pair = HdSheet::upscaled(&Spr::decode(&spr).unwrap())
        .unwrap()
        .encode()
        .unwrap();
    let row = || {
        let clut = CharClut::decode(black_box(&clut)).unwrap();
        clut.row(1, 0).unwrap().colours
    };
    let source = SheetSource::HdCharClut {
        chapter: 1,
        variant: 0,
    };
    let by_spr = || load_hd_sheet(black_box(&pair.upper), &pair.lower, &spr, None).unwrap();
    let by_row =
        || load_hd_sheet_coloured(black_box(&pair.upper), &pair.lower, &row(), source).unwrap();
    let render = |sheet: &SheetImage| {
        RenderRequest::new(Subject::Frame(88), Format::Png)
            .check()
            .unwrap()
            .against(&doc)
            .unwrap()
            .render(&TileSources::of(sheet, None))
            .unwrap()
    };

    let mut group = c.benchmark_group("ramza charclut");
    group.bench_function("decode charclut.nxd, row (1, 0)", |b| b.iter(row));
    group.bench_function("load hd pair, spr palette 0", |b| b.iter(by_spr));
    group.bench_function("load hd pair, charclut row (1, 0)", |b| b.iter(by_row));
    group.bench_function("load + render frame 88 png, spr palette 0", |b| {
        b.iter(|| render(&by_spr()))
    });
    group.bench_function("load + render frame 88 png, charclut row (1, 0)", |b| {
        b.iter(|| render(&by_row()))
    });
    group.finish();
}

criterion_group!(benches, charclut);
criterion_main!(benches);
