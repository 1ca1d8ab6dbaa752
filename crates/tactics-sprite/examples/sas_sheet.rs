//! Writes `fixtures/sas/synthetic-sheet.png`, the sheet the synthetic SAS sets are drawn from:
//! the rectangles of `test_support::sas::SHEET_RECTS`, each with a white top-left texel.

use sprite_render::Image;
use sprite_render::encode::png_rgba;
use test_support::sas::{SHEET_RECTS, SHEET_SIZE, WHITE};

fn main() -> std::io::Result<()> {
    let (width, height) = SHEET_SIZE;
    let mut sheet = Image::new(width, height);
    for (u, v, w, h, colour) in SHEET_RECTS {
        for y in v..v + h {
            for x in u..u + w {
                sheet.set(x.into(), y.into(), colour);
            }
        }
        sheet.set(u.into(), v.into(), WHITE);
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/sas/synthetic-sheet.png");
    std::fs::write(path, png_rgba(&sheet).expect("encodes"))
}
