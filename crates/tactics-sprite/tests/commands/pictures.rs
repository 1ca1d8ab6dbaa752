//! `sheet`, `render` and `export-aseprite` as a user runs them: the files they write, what they
//! print, and one-line errors with exit 1 (bad input) or 2 (a bad request). The demo document runs
//! on a made-up sheet written here; the RAMUZA checks need the sheets in `FFT_SHEETS` and
//! write only to the temp dir.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::{expect, run, s};
use serde_json::Value;
use sprite_render::encode::png_rgba;
use sprite_render::sheet::{read_indexed_png, synthetic_sheet};
use test_support::fixtures;

/// Checks the exit code, and for a failure that stderr is one line naming the program.
fn scratch(test: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tactics-sprite-pictures-{}-{test}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The demo document and a made-up sheet for it, as a PNG in `dir`.
fn demo_sheet(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(fixtures::demo_document()).unwrap();
    let doc: sprite_data::Document = serde_json::from_str(&text).unwrap();
    let path = dir.join("demo-sheet.png");
    std::fs::write(&path, png_rgba(&synthetic_sheet(&doc)).unwrap()).unwrap();
    path
}

#[test]
fn render_writes_png_apng_and_gif() {
    let dir = scratch("formats");
    let sheet = demo_sheet(&dir);
    let (doc, sheet) = (fixtures::demo_document(), sheet);
    for (out, magic) in [
        ("attack.png", &b"\x89PNG"[..]),
        ("attack.apng", &b"\x89PNG"[..]),
        ("attack.gif", &b"GIF89a"[..]),
    ] {
        let path = dir.join(out);
        let output = run([
            "render",
            "--data",
            s(&doc),
            "--sheet",
            s(&sheet),
            "--animation",
            "Attack",
            "--view",
            "1",
            "--scale",
            "2",
            "--labels",
            "-o",
            s(&path),
        ]);
        let text = expect(&output, 0);
        assert!(
            text.contains(
                "\"Attack\" view 1: 5 frames, 30 ticks (0.500 s); PlaySound in frame 2 (tick 12), \
                 PostGenericAttack in frame 3 (tick 14)"
            ),
            "{text}"
        );
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(magic), "{out}");
    }
    let apng = std::fs::read(dir.join("attack.apng")).unwrap();
    assert!(apng.windows(4).any(|w| w == b"acTL"), "an animated PNG");
    let text = expect(
        &run([
            "render",
            "--data",
            s(&doc),
            "--sheet",
            s(&sheet),
            "--all-frames",
            "--background",
            "#336699",
            "-o",
            s(&dir.join("all.png")),
        ]),
        0,
    );
    assert!(
        text.contains("frames  38 (contact sheet, 16 a row)"),
        "{text}"
    );
    let text = expect(
        &run([
            "render",
            "--data",
            s(&doc),
            "--sheet",
            s(&sheet),
            "--frame",
            "10",
            "-o",
            s(&dir.join("frame.png")),
        ]),
        0,
    );
    assert!(text.contains("frame   10 (3 tiles)"), "{text}");
}

#[test]
fn bad_requests_exit_2_bad_input_exits_1() {
    let dir = scratch("errors");
    let sheet = demo_sheet(&dir);
    let doc = fixtures::demo_document();
    let out = dir.join("x.png");
    let base = ["render", "--data", s(&doc), "--sheet", s(&sheet)];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        run(&args)
    };
    let err = expect(
        &with(&["--animation", "Attack", "-o", s(&dir.join("x.bmp"))]),
        2,
    );
    assert!(
        err.contains("the output's extension chooses its format: .png, .apng or .gif"),
        "{err}"
    );
    let err = expect(&with(&["--animation", "Fly", "-o", s(&out)]), 2);
    assert!(
        err.contains("unknown animation \"Fly\"; no name is close (10 animations"),
        "{err}"
    );
    let err = expect(
        &with(&["--animation", "Attack", "--view", "8", "-o", s(&out)]),
        2,
    );
    assert!(
        err.contains("view 8 is out of range: views are 0..7"),
        "{err}"
    );
    let err = expect(&with(&["--frame", "38", "-o", s(&out)]), 2);
    assert!(
        err.contains("frame 38 is not in the document, which has frames 0..37"),
        "{err}"
    );
    let err = expect(&with(&["--all-frames", "-o", s(&dir.join("x.gif"))]), 2);
    assert!(
        err.contains("--all-frames makes a contact sheet, which is a .png"),
        "{err}"
    );
    // clap's own usage errors: exit 2 (its message is several lines).
    assert_eq!(
        with(&["--frame", "1", "--all-frames", "-o", s(&out)])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        with(&["--frame", "1", "--scale", "17", "-o", s(&out)])
            .status
            .code(),
        Some(2)
    );
    assert!(!out.exists(), "no output after an error");

    // The request's fault, not the sheet's: a usage error.
    let err = expect(&with(&["--frame", "1", "--palette", "1", "-o", s(&out)]), 2);
    assert!(
        err.contains("--palette chooses an SPR palette; a PNG sheet is drawn in its own colours"),
        "{err}"
    );
    let small = dir.join("small.png");
    std::fs::write(
        &small,
        png_rgba(&sprite_render::Image::new(256, 100)).unwrap(),
    )
    .unwrap();
    let err = expect(
        &run([
            "render",
            "--data",
            s(&doc),
            "--sheet",
            s(&small),
            "--frame",
            "1",
            "-o",
            s(&out),
        ]),
        1,
    );
    assert!(err.contains("does not fit"), "{err}");
    assert!(err.contains("lies outside the 256 x 100 sheet"), "{err}");
    let err = expect(
        &run([
            "render",
            "--data",
            s(&dir.join("none.json")),
            "--sheet",
            s(&sheet),
            "--frame",
            "1",
            "-o",
            s(&out),
        ]),
        1,
    );
    assert!(err.contains("none.json"), "{err}");
    let err = expect(&run(["sheet", s(&doc), "-o", s(&out)]), 1);
    assert!(
        err.contains(
            "this is JSON text (a tactics-sprite-data document?), not an SPR sprite sheet"
        ),
        "{err}"
    );
}

#[test]
fn export_aseprite_writes_the_atlas_and_json() {
    let dir = scratch("aseprite");
    let sheet = demo_sheet(&dir);
    let out = dir.join("out");
    let text = expect(
        &run([
            "export-aseprite",
            "--data",
            s(&fixtures::demo_document()),
            "--sheet",
            s(&sheet),
            "--name",
            "demo",
            "-o",
            s(&out),
        ]),
        0,
    );
    // 14 sequences, then 10 animations at 8 views.
    assert!(text.contains("in 94 tags"), "{text}");
    let json: Value =
        serde_json::from_slice(&std::fs::read(out.join("demo.json")).unwrap()).unwrap();
    assert_eq!(json["meta"]["image"], "demo.png");
    assert_eq!(json["meta"]["frameTags"].as_array().unwrap().len(), 94);
    assert!(
        std::fs::read(out.join("demo.png"))
            .unwrap()
            .starts_with(b"\x89PNG")
    );
    let err = expect(
        &run([
            "export-aseprite",
            "--data",
            s(&fixtures::demo_document()),
            "--sheet",
            s(&sheet),
            "--name",
            "a/b",
            "-o",
            s(&out),
        ]),
        2,
    );
    assert!(err.contains("must be a plain file name"), "{err}");
}

/// `sheet` on RAMUZA gives the derived PNG's indices; `render` gives Swing High with the hit in
/// frame 5 at tick 18 as an APNG and a GIF. Pictures stay in the temp dir.
#[test]
fn ramuza_sheet_and_swing_high() {
    const TEST: &str = "ramuza_sheet_and_swing_high";
    let (Some(spr), Some(derived)) = (
        test_support::sheet(TEST, "RAMUZA.SPR"),
        test_support::sheet(TEST, "RAMUZA_palette0_256x488_derived.png"),
    ) else {
        return;
    };
    let dir = scratch("ramuza");
    let png = dir.join("ramuza.png");
    let text = expect(&run(["sheet", s(&spr), "-o", s(&png)]), 0);
    assert!(text.contains("standard sheet"), "{text}");
    assert!(text.contains("256 x 488, palette 0 of 16"), "{text}");
    let ours = read_indexed_png(&std::fs::read(&png).unwrap())
        .unwrap()
        .unwrap();
    let derived = read_indexed_png(&std::fs::read(&derived).unwrap())
        .unwrap()
        .unwrap();
    assert!(ours.indices == derived.indices, "the derived PNG's indices");
    let text = expect(
        &run(["sheet", s(&spr), "--portrait", "-o", s(&dir.join("p.png"))]),
        0,
    );
    assert!(text.contains("portrait 32 x 48, palette 8"), "{text}");

    let doc = test_support::fixtures::document("type1");
    for out in ["swing.apng", "swing.gif"] {
        let text = expect(
            &run([
                "render",
                "--data",
                s(&doc),
                "--sheet",
                s(&spr),
                "--animation",
                "Swing High",
                "--view",
                "1",
                "--scale",
                "3",
                "-o",
                s(&dir.join(out)),
            ]),
            0,
        );
        assert!(
            text.contains(
                "\"Swing High\" view 1: 8 frames, 38 ticks (0.633 s); PostGenericAttack in frame 5 \
                 (tick 18)"
            ),
            "{text}"
        );
        // The canvas is the box of what Swing High draws, inside the document's 50 x 62 (README),
        // scaled 3 times in the output.
        let canvas = text
            .lines()
            .find_map(|l| l.strip_prefix("canvas  "))
            .expect("a canvas line");
        let (w, rest) = canvas.split_once(" x ").unwrap();
        let h = rest.split_once(',').unwrap().0;
        let (w, h): (u32, u32) = (w.parse().unwrap(), h.parse().unwrap());
        assert!(w < 50 && h <= 62 && w > 20 && h > 30, "{canvas}");
        assert!(
            text.contains(&format!("({} x {}, 8 frames, plays 1,", w * 3, h * 3)),
            "{text}"
        );
    }
}
