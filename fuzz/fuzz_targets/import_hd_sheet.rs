//! Pictures given to the HD pair's import (`sprite_render::hd_png::import`, docs/remaster.md
//! "Sheet pictures of a pair"), alone and with an SPR's palettes: no panic; a refusal is one
//! line; a pair that imports encodes, and its own exported picture imports to the same pair.
//!
//! Half the inputs are any bytes; the other half are well-formed PNGs made from the input (the
//! pair's 512 x 976 or another size, indexed with a PLTE of any length or in colours, values
//! past 15 now and then, an `spPl` chunk as `export` writes it, an SPR's, of any bytes, or none),
//! whose CRCs are right, so that the import's own checks are reached.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use fft_formats::hd::HdSheet;
use fft_formats::spr::{Spr, SprVariant};
use libfuzzer_sys::fuzz_target;
use sprite_render::hd_png::{ImportOptions, export, import};
use sprite_render::spr_png::{CHUNK_TYPE, SheetChunk};

fuzz_target!(|data: &[u8]| {
    let picture = match data.split_first() {
        Some((mode, rest)) if mode % 2 == 1 => framed(rest).unwrap_or_default(),
        _ => data.to_vec(),
    };
    let mut spr = Spr::blank(SprVariant::Standard);
    for (i, word) in spr.palettes.iter_mut().flatten().enumerate() {
        *word = (i as u16).wrapping_mul(0x2F1B) & 0x7FFF;
    }
    let options = [
        ImportOptions::default(),
        ImportOptions {
            palettes: Some(&spr),
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
        let sheet = imported.sheet;
        sheet.encode().expect("an imported pair encodes");
        let picture = export(&sheet, &spr, 3).expect("an imported pair exports");
        let again = import(&picture, &ImportOptions::default()).expect("its picture imports");
        assert!(again.sheet == sheet, "its own picture imports to another pair");
    }
});

/// A well-formed PNG made from `data`.
fn framed(data: &[u8]) -> arbitrary::Result<Vec<u8>> {
    let mut u = Unstructured::new(data);
    let sizes = [(512, 976), (512, 975), (256, 488), (976, 512), (1, 1)];
    let (width, height) = sizes[usize::from(u8::arbitrary(&mut u)?) % sizes.len()];
    let indexed = bool::arbitrary(&mut u)?;
    let chunk: Option<Vec<u8>> = match u8::arbitrary(&mut u)? % 4 {
        0 => None,
        1 => {
            // A chunk as export writes it, with palettes of the input's choosing.
            let mut spr = Spr::blank(SprVariant::Standard);
            for word in spr.palettes.iter_mut().flatten() {
                *word = u16::arbitrary(&mut u)?;
            }
            let picture = export(&HdSheet::blank(), &spr, 15).ok();
            picture.and_then(|p| {
                let len = u32::from_be_bytes(p.get(33..37)?.try_into().ok()?) as usize;
                p.get(41..41 + len).map(<[u8]>::to_vec)
            })
        }
        2 => {
            // An SPR's chunk, of a layout of the input's choosing.
            let variant = SprVariant::ALL[usize::from(u8::arbitrary(&mut u)?) % 6];
            SheetChunk::of(&Spr::blank(variant), None).to_bytes().ok()
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
    let pixels: Vec<u8> = (0..width as usize * height as usize * channels)
        .map(|i| {
            let byte = seed.get(i % seed.len().max(1)).copied().unwrap_or(0);
            if indexed && !wide { byte & 0x0F } else { byte }
        })
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
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
