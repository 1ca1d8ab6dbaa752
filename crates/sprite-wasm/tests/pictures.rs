//! Sheets and renders from the files given, natively: their sizes from the formats' own
//! numbers, and a request or a file that cannot be drawn said in one line.

use sprite_wasm::Files;
use sprite_wasm::pictures::{PIXELS_HEADER_LEN, render, sheet};

fn read(path: &std::path::Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// TYPE1's pair and RAMUZA.SPR, under the remaster's name.
fn type1_with_sheet(test: &str) -> Option<Files> {
    let mut files = Files::new();
    for name in ["TYPE1.SHP", "TYPE1.SEQ"] {
        let path = test_support::retail_file(test, name)?;
        files.add(name.into(), read(&path)).expect("kept");
    }
    let sheet = test_support::sheet(test, "RAMUZA.SPR")?;
    files
        .add("battle_ramuza_spr.bin".into(), read(&sheet))
        .expect("kept");
    Some(files)
}

#[test]
fn a_sheet_is_its_size_and_four_bytes_a_pixel() {
    let test = "a_sheet_is_its_size_and_four_bytes_a_pixel";
    let Some(files) = type1_with_sheet(test) else {
        return;
    };
    let pixels = sheet(&files, "RAMUZA.SPR", None, None).expect("a sheet");
    // docs/formats/spr.md: a unit's SPR is 256 pixels wide, 488 rows for a TYPE1 sheet.
    assert_eq!(&pixels[..PIXELS_HEADER_LEN], &[0, 1, 0, 0, 232, 1, 0, 0]);
    assert_eq!(pixels.len(), PIXELS_HEADER_LEN + 256 * 488 * 4);
    let error = sheet(&files, "RAMUZA.SPR", Some(99), None).expect_err("no palette 99");
    assert!(error.contains("palette"), "{error}");
}

#[test]
fn a_render_is_a_png_and_a_bad_request_is_said() {
    let test = "a_render_is_a_png_and_a_bad_request_is_said";
    let Some(files) = type1_with_sheet(test) else {
        return;
    };
    let png = render(&files, r#"{"kind": "type1", "animation": "Walk"}"#).expect("drawn");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    for (request, said) in [
        (
            r#"{"kind": "type1", "animation": "Walk", "view": 9}"#,
            "view 9",
        ),
        (r#"{"kind": "type1", "animation": "Fly"}"#, "Fly"),
        (r#"{"animation": "Walk"}"#, "names no kind"),
        (
            r#"{"kind": "type1", "animation": "Walk", "sheet": "HIME.SPR"}"#,
            "HIME.SPR",
        ),
        ("not json", "the render request"),
    ] {
        let error = render(&files, request).expect_err(request);
        assert!(error.contains(said), "{request}: {error}");
    }
}
