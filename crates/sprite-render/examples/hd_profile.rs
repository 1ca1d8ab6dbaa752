//! Runs one of the HD benchmark's operations many times, for a profiler or an instruction count
//! that the load of a shared machine does not move (docs/performance.md "HD sheets"):
//!
//! ```sh
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   target/release/examples/hd_profile HD_DIR OPERATION [RUNS]
//! ```
//!
//! `HD_DIR` holds `tex_992.bin`, `tex_993.bin` and `battle_mina_m_spr.bin` (the squire's); the
//! operations are `decode-sd`/`decode-hd` (the SPR, the pair), `load-sd`/`load-hd` (the sheet
//! read and coloured), `frame-sd`/`frame-hd` (that,
//! then frame 88 rendered to a PNG), `walk-sd`/`walk-hd` and `swing-sd`/`swing-hd` (Walk or
//! Swing High rendered to a GIF from a loaded sheet). With `RUNS` 0 it only sets up, for the
//! count to subtract.

use std::path::PathBuf;

use sprite_render::sheet::{SheetImage, SheetScale, load_hd_sheet, load_sheet};
use sprite_render::{Format, RenderRequest, Subject, TileSources};

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: hd_profile HD_DIR OPERATION [RUNS]";
    let dir = PathBuf::from(args.next().expect(usage));
    let operation = args.next().expect(usage);
    let runs: usize = args
        .next()
        .map_or(100, |r| r.parse().expect("RUNS is a number"));
    let read = |name: &str| std::fs::read(dir.join(name)).expect("the squire's files");
    let (spr, upper, lower) = (
        read("battle_mina_m_spr.bin"),
        read("tex_992.bin"),
        read("tex_993.bin"),
    );
    let doc = {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/documents/type1.json");
        sprite_data::parse_document(&std::fs::read(&path).unwrap(), "type1.json").unwrap()
    };
    let (kind, scale) = operation
        .rsplit_once('-')
        .map(|(kind, scale)| (kind.to_owned(), scale == "hd"))
        .expect(usage);
    let scale = if scale {
        SheetScale::Hd
    } else {
        SheetScale::Sd
    };
    let load = || -> SheetImage {
        match scale {
            SheetScale::Sd => load_sheet(&spr, None).unwrap(),
            SheetScale::Hd => load_hd_sheet(&upper, &lower, &spr, None).unwrap(),
        }
    };
    let render = |sheet: &SheetImage, what: Subject, format: Format| -> usize {
        RenderRequest::new(what, format)
            .check()
            .unwrap()
            .against(&doc)
            .unwrap()
            .render(&TileSources::of(sheet, None))
            .unwrap()
            .bytes
            .len()
    };
    let loaded = load();
    let mut total = 0;
    for _ in 0..runs {
        total += match kind.as_str() {
            "decode" => match scale {
                SheetScale::Sd => fft_formats::spr::Spr::decode(&spr).unwrap().pixels.len(),
                SheetScale::Hd => fft_formats::hd::HdSheet::decode(&upper, &lower)
                    .unwrap()
                    .pixels
                    .len(),
            },
            "load" => load().image.width() as usize,
            "frame" => render(&load(), Subject::Frame(88), Format::Png),
            "walk" => render(
                &loaded,
                Subject::Animations(vec!["Walk".into()]),
                Format::Gif,
            ),
            "swing" => render(
                &loaded,
                Subject::Animations(vec!["Swing High".into()]),
                Format::Gif,
            ),
            other => panic!("no operation {other:?}: {usage}"),
        };
    }
    println!("{operation} x {runs}: {total}");
}
