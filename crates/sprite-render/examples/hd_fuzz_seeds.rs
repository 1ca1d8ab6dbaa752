//! Writes the seeds of the HD fuzz targets (`decode_hd_pair`, `import_hd_sheet`) into
//! `fuzz/seeds/hd_pair/` and `fuzz/seeds/hd_png/` (or under the folder given), made on demand
//! rather than committed, and never from game files: the pair is upscaled from a sheet painted
//! here, TYPE1's cells each a rectangle of its own index.
//!
//! ```sh
//! cargo run -p sprite-render --example hd_fuzz_seeds            # fuzz/seeds/hd_pair, hd_png
//! cargo run -p sprite-render --example hd_fuzz_seeds -- DIR     # DIR/hd_pair, DIR/hd_png
//! ```
//!
//! `decode_hd_pair` reads its first byte as the way to read the rest, so each seed starts with
//! it: 0 and one half; 1, where to split (in 4-byte steps, little-endian) and the pair; 2, the
//! sizes' choice and a short seed the halves are filled from. `import_hd_sheet` takes a picture
//! after a 0: the pair's export, and the same picture without its chunk.

use std::path::{Path, PathBuf};

use fft_formats::hd::HdSheet;
use fft_formats::spr::{Spr, SprVariant, WIDTH};
use sprite_render::hd_png::export;

fn main() -> std::io::Result<()> {
    let root = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds"),
        PathBuf::from,
    );
    let doc = {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/documents/type1.json");
        sprite_data::parse_document(&std::fs::read(&path).unwrap(), "type1.json").unwrap()
    };
    let mut spr = Spr::blank(SprVariant::Standard);
    for (i, word) in spr.palettes.iter_mut().flatten().enumerate() {
        *word = (i as u16).wrapping_mul(0x0C63) & 0x7FFF;
    }
    for cell in &doc.cells {
        for y in cell.y..cell.y + cell.h {
            for x in cell.x..cell.x + cell.w {
                let edge = x == cell.x || y == cell.y;
                spr.pixels[y as usize * WIDTH + x as usize] =
                    if edge { 1 } else { (cell.id.0 % 14 + 2) as u8 };
            }
        }
    }
    let sheet = HdSheet::upscaled(&spr).expect("a standard sheet");
    let files = sheet.encode().expect("a pair");

    let pair_dir = root.join("hd_pair");
    let split = u16::try_from(files.upper.len() / 4).expect("the upper half in 4-byte steps");
    let mut as_pair = vec![1];
    as_pair.extend_from_slice(&split.to_le_bytes());
    as_pair.extend_from_slice(&files.upper);
    as_pair.extend_from_slice(&files.lower);
    let mut upper = vec![0];
    upper.extend_from_slice(&files.upper);
    let mut lower = vec![0];
    lower.extend_from_slice(&files.lower);
    let filled = [2, 0, 0x21, 0x43, 0x00, 0x00, 0x65, 0x87];
    write(&pair_dir, "upper.bin", &upper)?;
    write(&pair_dir, "lower.bin", &lower)?;
    write(&pair_dir, "pair.bin", &as_pair)?;
    write(&pair_dir, "filled.bin", &filled)?;

    let png_dir = root.join("hd_png");
    let picture = export(&sheet, &spr, 2).expect("the pair's picture");
    let mut exported = vec![0];
    exported.extend_from_slice(&picture);
    write(&png_dir, "exported.png", &exported)?;
    let bare = sprite_render::encode::png_indexed(512, 976, &sheet.pixels, &spr.palette_rgba(0))
        .expect("a bare picture");
    let mut without_chunk = vec![0];
    without_chunk.extend_from_slice(&bare);
    write(&png_dir, "without-chunk.png", &without_chunk)?;
    Ok(())
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(name);
    std::fs::write(&path, bytes)?;
    println!("wrote   {} ({} bytes)", path.display(), bytes.len());
    Ok(())
}
