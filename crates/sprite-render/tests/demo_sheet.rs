//! The demo unit's sheet, `fixtures/demo/demo.png`: the committed file is what
//! `sprite_render::demo_sheet` paints (rewritten only by `cargo xtask bless`), and it gives the
//! demo document something to draw in every cell but the blank one.

mod common;

use sprite_render::demo_sheet::demo_sheet;
use sprite_render::encode::png_rgba;
use sprite_render::sheet::load_sheet;

#[test]
fn committed_demo_sheet_is_what_the_code_paints() {
    let path = test_support::fixtures::demo_sheet();
    let committed = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let painted = png_rgba(&demo_sheet()).unwrap();
    assert!(
        committed == painted,
        "{} differs from sprite_render::demo_sheet; if the change is intended, regenerate it with \
         `cargo xtask bless` and review the picture",
        path.display()
    );
}

/// Every cell of the demo document shows pixels on the demo sheet, except frame 0's 8 x 8 blank
/// filler at (240, 176) (test_support::demo: "blank: one 8x8 at sheet (240, 176)").
#[test]
fn every_demo_cell_but_the_blank_one_is_painted() {
    let doc = common::document("demo");
    let sheet = load_sheet(
        &std::fs::read(test_support::fixtures::demo_sheet()).unwrap(),
        None,
    )
    .unwrap()
    .image;
    assert_eq!(
        (sheet.width(), sheet.height()),
        (doc.sheet.width, doc.sheet.height)
    );
    for cell in &doc.cells {
        let opaque = (cell.y..cell.y + cell.h)
            .flat_map(|y| (cell.x..cell.x + cell.w).map(move |x| (x, y)))
            .filter(|&(x, y)| sheet.get(i64::from(x), i64::from(y))[3] != 0)
            .count();
        let blank = (cell.x, cell.y, cell.w, cell.h) == (240, 176, 8, 8);
        assert_eq!(opaque == 0, blank, "cell {cell:?}: {opaque} opaque pixels");
    }
}
