//! Pictures given to the sheet import (`sprite_render::spr_png::import`), alone and with a blank
//! standard sheet as `--like`: no panic; a refusal is one line; a sheet that imports encodes,
//! and its own exported picture imports to the same sheet.
//!
//! Half the inputs are any bytes; the other half are well-formed PNGs made from the input (a
//! sheet's size or another, indexed with a PLTE of any length or in colours, pixel values past
//! 15 now and then, an `spPl` chunk of any bytes or none), whose CRCs are right, so that the
//! import's own checks are reached.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use fft_formats::spr::{Spr, SprVariant};
use libfuzzer_sys::fuzz_target;
use sprite_render::spr_png::{CHUNK_TYPE, ImportOptions, SheetChunk, export, import};

fuzz_target!(|data: &[u8]| {
    let picture = match data.split_first() {
        Some((mode, rest)) if mode % 2 == 1 => framed(rest).unwrap_or_default(),
        _ => data.to_vec(),
    };
    let blank = Spr::blank(SprVariant::Standard);
    let options = [
        ImportOptions::default(),
        ImportOptions {
            like: Some(&blank),
            ..ImportOptions::default()
        },
    ];
    for options in &options {
        let imported = match import(&picture, options) {
            Ok(imported) => imported,
            Err(error) => {
                let message = error.to_string();
                assert!(!message.contains(['\n', '\r']), "not one line: {message:?}");
                continue;
            }
        };
        let spr = imported.spr;
        spr.encode().expect("an imported sheet encodes");
        let shown = spr.palettes.len() / 2;
        let picture = export(&spr, shown).expect("an imported sheet exports");
        let again = import(&picture, &ImportOptions::default()).expect("its picture imports");
        assert!(again.spr == spr, "its own picture imports to another sheet");
    }
});

/// A well-formed PNG made from `data`.
fn framed(data: &[u8]) -> arbitrary::Result<Vec<u8>> {
    let mut u = Unstructured::new(data);
    let heights = [488, 288, 512, 256, 656, 456, 100];
    let height = heights[usize::from(u8::arbitrary(&mut u)?) % heights.len()];
    let indexed = bool::arbitrary(&mut u)?;
    let chunk: Option<Vec<u8>> = match u8::arbitrary(&mut u)? % 3 {
        0 => None,
        1 => {
            // A chunk as export writes it, for a layout of the input's choosing.
            let variant = SprVariant::ALL[usize::from(u8::arbitrary(&mut u)?) % 6];
            let mut spr = Spr::blank(variant);
            for word in spr.palettes.iter_mut().flatten() {
                *word = u16::arbitrary(&mut u)?;
            }
            spr.padding = usize::from(u8::arbitrary(&mut u)?);
            let shown = (!spr.palettes.is_empty()).then(|| spr.palettes.len() - 1);
            SheetChunk::of(&spr, shown).to_bytes().ok()
        }
        _ => Some(Vec::<u8>::arbitrary(&mut u)?),
    };
    let plte_len = usize::from(u8::arbitrary(&mut u)?) + 1;
    let plte: Vec<u8> = (0..plte_len * 3)
        .map(|_| u8::arbitrary(&mut u))
        .collect::<arbitrary::Result<_>>()?;
    let wide = bool::arbitrary(&mut u)?;
    let seed = u.take_rest();
    let channels = if indexed { 1 } else { 4 };
    let pixels: Vec<u8> = (0..256 * height as usize * channels)
        .map(|i| {
            let byte = seed.get(i % seed.len().max(1)).copied().unwrap_or(0);
            if indexed && !wide { byte & 0x0F } else { byte }
        })
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, 256, height);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fastest);
    if indexed {
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_palette(plte);
    } else {
        encoder.set_color(png::ColorType::Rgba);
    }
    let Ok(mut writer) = encoder.write_header() else {
        return Ok(Vec::new());
    };
    if let Some(chunk) = chunk {
        let _ = writer.write_chunk(png::chunk::ChunkType(CHUNK_TYPE), &chunk);
    }
    let _ = writer.write_image_data(&pixels);
    drop(writer);
    Ok(out)
}
