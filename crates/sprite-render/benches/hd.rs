//! What drawing from the remaster's HD sheet costs against the SPR (docs/performance.md "HD
//! sheets"): decoding a pair against decoding its SPR, each coloured with a palette, loading
//! (both), one frame drawn (and written as a PNG, and with the loading before it: the issue's
//! first target), and a whole animation as a GIF (its second). The HD pictures
//! have four times the pixels. Runs on the squire's pair and SPR when `FFT_HD` names their folder,
//! else on a synthetic standard sheet and the pair upscaled from it.
//!
//! `cargo bench -p sprite-render --bench hd` (add `-- --quick` for a fast look).

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use fft_formats::hd::HdSheet;
use fft_formats::spr::{Spr, SprVariant, WIDTH};
use sprite_data::FrameIndex;
use sprite_render::sheet::{
    SheetScale, hd_image, load_hd_sheet, load_sheet, spr_image, synthetic_sheet,
};
use sprite_render::{Format, RenderRequest, Renderer, Subject, TileSources};

struct Inputs {
    label: &'static str,
    spr: Vec<u8>,
    upper: Vec<u8>,
    lower: Vec<u8>,
}

/// The squire's files from `FFT_HD`, else a synthetic sheet drawn from TYPE1's cells (so that
/// frames draw something) and its pair at twice the size.
fn inputs(doc: &sprite_data::Document) -> Inputs {
    let dir = std::env::var_os("FFT_HD")
        .map(PathBuf::from)
        .filter(|d| d.join("tex_992.bin").is_file());
    if let Some(dir) = dir {
        let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
        return Inputs {
            label: "squire",
            spr: read("battle_mina_m_spr.bin"),
            upper: read("tex_992.bin"),
            lower: read("tex_993.bin"),
        };
    }
    eprintln!("FFT_HD not set: benchmarking a synthetic sheet and its upscaled pair");
    let picture = synthetic_sheet(doc);
    let mut spr = Spr::blank(SprVariant::Standard);
    for (i, word) in spr.palettes[0].iter_mut().enumerate() {
        *word = (i as u16).wrapping_mul(0x0863);
    }
    for (i, pixel) in spr.pixels.iter_mut().enumerate() {
        let [r, g, _, a] = picture.get((i % WIDTH) as i64, (i / WIDTH) as i64);
        *pixel = if a == 0 { 0 } else { 1 + (r ^ g) % 15 };
    }
    let pair = HdSheet::upscaled(&spr).unwrap().encode().unwrap();
    Inputs {
        label: "synthetic",
        spr: spr.encode().unwrap(),
        upper: pair.upper,
        lower: pair.lower,
    }
}

fn hd_against_sd(c: &mut Criterion) {
    let doc = {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/documents/type1.json");
        sprite_data::parse_document(&std::fs::read(&path).unwrap(), "type1.json").unwrap()
    };
    let p = inputs(&doc);
    let spr = Spr::decode(&p.spr).unwrap();
    let pair = HdSheet::decode(&p.upper, &p.lower).unwrap();
    let sd_sheet = load_sheet(&p.spr, None).unwrap();
    let hd_sheet = load_hd_sheet(&p.upper, &p.lower, &p.spr, None).unwrap();

    let mut group = c.benchmark_group(format!("{} decode", p.label));
    group.bench_function("sd spr", |b| {
        b.iter(|| Spr::decode(black_box(&p.spr)).unwrap())
    });
    group.bench_function("hd pair", |b| {
        b.iter(|| HdSheet::decode(black_box(&p.upper), black_box(&p.lower)).unwrap())
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{} colour", p.label));
    group.bench_function("sd spr", |b| {
        b.iter(|| spr_image(black_box(&spr), 0).unwrap())
    });
    group.bench_function("hd pair", |b| {
        b.iter(|| hd_image(black_box(&pair), &spr, 0).unwrap())
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{} load", p.label));
    group.bench_function("sd spr", |b| {
        b.iter(|| load_sheet(black_box(&p.spr), None).unwrap())
    });
    group.bench_function("hd pair", |b| {
        b.iter(|| load_hd_sheet(black_box(&p.upper), &p.lower, &p.spr, None).unwrap())
    });
    group.finish();

    // One frame: drawn on the document's canvas, then as `render --frame` writes it (fitted,
    // encoded as a PNG). Frame 88 is the first of Swing High, four tiles.
    let sd_renderer = Renderer::new(&doc, &sd_sheet.image).unwrap();
    let hd_renderer = Renderer::new(&doc, &hd_sheet.image)
        .unwrap()
        .with_sheet_scale(SheetScale::Hd)
        .unwrap();
    let mut group = c.benchmark_group(format!("{} draw frame 88", p.label));
    group.bench_function("sd", |b| {
        b.iter(|| sd_renderer.draw_frame(black_box(FrameIndex(88))).unwrap())
    });
    group.bench_function("hd", |b| {
        b.iter(|| hd_renderer.draw_frame(black_box(FrameIndex(88))).unwrap())
    });
    group.finish();

    let render = |what: Subject, format: Format, scale: SheetScale| {
        let request = RenderRequest::new(what, format).check().unwrap();
        let sheet = if scale == SheetScale::Hd {
            &hd_sheet
        } else {
            &sd_sheet
        };
        request
            .against(&doc)
            .unwrap()
            .render(&TileSources::of(sheet, None))
            .unwrap()
    };
    let mut group = c.benchmark_group(format!("{} render frame 88 png", p.label));
    for (name, scale) in [("sd", SheetScale::Sd), ("hd", SheetScale::Hd)] {
        group.bench_function(name, |b| {
            b.iter(|| render(Subject::Frame(88), Format::Png, scale))
        });
    }
    group.finish();

    // What the first target times: the sheet read from its files and one frame
    // rendered from it, as `render --frame` does.
    let mut group = c.benchmark_group(format!("{} load + render frame 88 png", p.label));
    group.bench_function("sd", |b| {
        b.iter(|| {
            let sheet = load_sheet(black_box(&p.spr), None).unwrap();
            RenderRequest::new(Subject::Frame(88), Format::Png)
                .check()
                .unwrap()
                .against(&doc)
                .unwrap()
                .render(&TileSources::of(&sheet, None))
                .unwrap()
        })
    });
    group.bench_function("hd", |b| {
        b.iter(|| {
            let sheet = load_hd_sheet(black_box(&p.upper), &p.lower, &p.spr, None).unwrap();
            RenderRequest::new(Subject::Frame(88), Format::Png)
                .check()
                .unwrap()
                .against(&doc)
                .unwrap()
                .render(&TileSources::of(&sheet, None))
                .unwrap()
        })
    });
    group.finish();

    // A whole animation as a GIF: Walk, 8 pictures, and Swing High, 8.
    for animation in ["Walk", "Swing High"] {
        let mut group = c.benchmark_group(format!("{} render {animation} gif", p.label));
        group.sample_size(20);
        for (name, scale) in [("sd", SheetScale::Sd), ("hd", SheetScale::Hd)] {
            group.bench_function(name, |b| {
                b.iter(|| {
                    render(
                        Subject::Animations(vec![animation.to_owned()]),
                        Format::Gif,
                        scale,
                    )
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, hd_against_sd);
criterion_main!(benches);
