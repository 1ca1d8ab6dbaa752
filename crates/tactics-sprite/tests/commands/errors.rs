//! The errors a new user hit, each one line on stderr with the exit status the CLI promises (1 bad
//! input, 2 a bad request), and nothing on stdout before it: SHP and SEQ swapped, a PNG, JSON or
//! SEQ given where a sheet is expected, a decoder's message printed once, `--kind` advice that
//! names every kind, a retail file of another kind refused unless forced, unknown animations
//! answered with the nearest names, and MON's SP2 sequences refused without the SP2.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{run, s};
use sprite_render::encode::png_rgba;
use sprite_render::sheet::synthetic_sheet;
use test_support::fixtures;
use test_support::{retail_file, temp_dir};

/// Checks the exit status, that stdout is empty and stderr one line naming the program; returns
/// the line.
fn fails(output: &Output, code: i32) -> String {
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    test_support::cli::assert_exit(output, code);
    assert!(
        output.stdout.is_empty(),
        "nothing on stdout before failing: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {err:?}");
    assert!(lines[0].starts_with("tactics-sprite: "), "{err}");
    lines[0].to_owned()
}

/// A made-up sheet for a shipped document, as a PNG in `dir`; with `sp2`, its lower rows too.
fn made_up_sheet(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let doc: sprite_data::Document =
        serde_json::from_slice(&std::fs::read(fixtures::document(name)).unwrap()).unwrap();
    let sheet = synthetic_sheet(&doc);
    let (sheet_path, sp2_path) = (
        dir.join(format!("{name}.png")),
        dir.join(format!("{name}2.png")),
    );
    std::fs::write(&sheet_path, png_rgba(&sheet).unwrap()).unwrap();
    std::fs::write(&sp2_path, png_rgba(&sheet.crop(0, 256, 256, 256)).unwrap()).unwrap();
    (sheet_path, sp2_path)
}

#[test]
fn shp_and_seq_swapped_say_which_is_which() {
    let out = temp_dir("swapped").join("out.json");
    let line = fails(
        &run([
            "build",
            "--shp",
            s(&fixtures::demo("DEMO.SEQ")),
            "--seq",
            s(&fixtures::demo("DEMO.SHP")),
            "-o",
            s(&out),
        ]),
        1,
    );
    assert!(
        line.contains("DEMO.SEQ: this is a SEQ file (animation bytecode), given as --shp"),
        "{line}"
    );
    assert!(line.contains("are --shp and --seq swapped?"), "{line}");
    assert!(!out.exists());
}

#[test]
fn a_file_that_is_no_sheet_says_what_it_is() {
    let dir = temp_dir("not-a-sheet");
    let out = dir.join("out.png");
    // `sheet` turns an SPR into a PNG: a PNG is said to be one.
    let line = fails(
        &run(["sheet", s(&fixtures::demo("demo.png")), "-o", s(&out)]),
        1,
    );
    assert!(
        line.contains("this is a PNG picture, not an SPR sprite sheet"),
        "{line}"
    );
    let render = |sheet: &Path| {
        run([
            "render",
            "--data",
            s(&fixtures::document("demo")),
            "--sheet",
            s(sheet),
            "--animation",
            "Walk",
            "-o",
            s(&out),
        ])
    };
    let line = fails(&render(&fixtures::document("demo")), 1);
    assert!(
        line.contains("this is JSON text (a tactics-sprite-data document?), not a sheet"),
        "{line}"
    );
    let line = fails(&render(&fixtures::demo("DEMO.SEQ")), 1);
    assert!(
        line.contains("this is a SEQ file (animation bytecode), not a sheet"),
        "{line}"
    );
    // A file that is nothing recognisable gets the decoder's message, once.
    let junk = dir.join("junk.spr");
    std::fs::write(&junk, vec![0u8; 1000]).unwrap();
    let line = fails(&render(&junk), 1);
    assert!(line.contains("not an SPR sheet: at byte"), "{line}");
    assert_eq!(
        line.matches("at byte").count(),
        1,
        "the decoder's text once: {line}"
    );
    assert!(!out.exists());
}

#[test]
fn kind_advice_names_every_kind() {
    let dir = temp_dir("kind-advice");
    let odd = dir.join("mystery.bin");
    std::fs::write(&odd, [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10]).unwrap();
    let line = fails(&run(["roundtrip", s(&odd)]), 1);
    assert!(
        line.contains("pass --kind unit-shp, weapon-shp, seq or spr"),
        "{line}"
    );
    let sheet_like = dir.join("battle_ramuza_spr.bin");
    std::fs::write(&sheet_like, [1u8, 2, 3]).unwrap();
    let line = fails(&run(["inspect", s(&sheet_like)]), 1);
    assert!(
        line.contains("pass --kind spr (as the file name suggests)"),
        "{line}"
    );
}

/// `build --kind mon` on TYPE1's files builds a document of the wrong names and rules: refused,
/// naming the file and the kind that reads it, unless `--force`. A wrong `--kind` is a usage
/// error, exit 2, as `cargo xtask build-data --kind` (xtask's own test checks it).
#[test]
fn a_retail_file_of_another_kind_is_refused_unless_forced() {
    let out = temp_dir("other-kind").join("out.json");
    let wrong = run([
        "build",
        "--kind",
        "nosuch",
        "--shp",
        "x",
        "--seq",
        "y",
        "-o",
        s(&out),
    ]);
    test_support::cli::assert_exit(&wrong, 2);
    let err = String::from_utf8_lossy(&wrong.stderr);
    assert!(err.contains("no built-in profile \"nosuch\""), "{err}");

    const TEST: &str = "a_retail_file_of_another_kind_is_refused_unless_forced";
    let (Some(shp), Some(seq)) = (
        retail_file(TEST, "TYPE1.SHP"),
        retail_file(TEST, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let args = [
        "build",
        "--kind",
        "mon",
        "--shp",
        s(&shp),
        "--seq",
        s(&seq),
        "-o",
        s(&out),
    ];
    let line = fails(&run(args), 1);
    assert!(
        line.contains("this is the retail TYPE1.SHP, but --kind mon reads MON.SHP"),
        "{line}"
    );
    assert!(line.contains("pass --kind type1, or --force"), "{line}");
    assert!(!out.exists());
    let forced = run([&args[..], &["--force"]].concat());
    test_support::cli::assert_exit(&forced, 0);
    assert!(out.exists());
}

/// An unknown animation: the nearest names on one short line, exit 2, nothing on stdout; any
/// case finds a name.
#[test]
fn unknown_animations_get_the_nearest_names() {
    let dir = temp_dir("unknown-animation");
    let (sheet, _) = made_up_sheet(&dir, "type1");
    let out = dir.join("out.png");
    let render = |name: &str| {
        run([
            "render",
            "--data",
            s(&fixtures::document("type1")),
            "--sheet",
            s(&sheet),
            "--animation",
            name,
            "-o",
            s(&out),
        ])
    };
    let line = fails(&render("Swing Hihg"), 2);
    assert!(
        line.contains("unknown animation \"Swing Hihg\"; did you mean \"Swing High\""),
        "{line}"
    );
    assert!(line.len() < 300, "not every name: {line}");
    let line = fails(&render("Xyzzy"), 2);
    assert!(line.contains("no name is close (112 animations"), "{line}");
    assert!(!out.exists());
    let found = render("swing HIGH");
    test_support::cli::assert_exit(&found, 0);
    assert!(String::from_utf8_lossy(&found.stdout).contains("anim    \"Swing High\" view 1"));
}

/// MON's Bomb Explode draws from the SP2: refused without it, naming the file and where it was
/// looked for; drawn with `--sp2`, or with the SP2 beside the sheet under the name the document
/// gives it.
#[test]
fn an_sp2_sequence_needs_its_sp2() {
    let dir = temp_dir("sp2");
    let (sheet, sp2) = made_up_sheet(&dir, "mon");
    let out = dir.join("bomb.png");
    let mon = fixtures::document("mon");
    let base = [
        "render",
        "--data",
        s(&mon),
        "--sheet",
        s(&sheet),
        "--animation",
        "Bomb Explode",
    ];
    let line = fails(&run([&base[..], &["-o", s(&out)]].concat()), 1);
    assert!(
        line.contains("\"Bomb Explode Fwd\" draws from the second sheet BEHI2.SP2 (an SP2), which was not given; give it with --sp2 FILE"),
        "{line}"
    );
    assert!(line.contains("battle_behi2_sp2.bin"), "{line}");
    assert!(!out.exists());
    // A sequence of the first sheet alone still draws without it.
    let walk = run([
        "render",
        "--data",
        s(&fixtures::document("mon")),
        "--sheet",
        s(&sheet),
        "--animation",
        "Walk",
        "-o",
        s(&out),
    ]);
    test_support::cli::assert_exit(&walk, 0);
    std::fs::remove_file(&out).unwrap();

    let given = run([&base[..], &["--sp2", s(&sp2), "-o", s(&out)]].concat());
    test_support::cli::assert_exit(&given, 0);
    assert!(String::from_utf8_lossy(&given.stdout).contains("sp2     "));
    std::fs::remove_file(&out).unwrap();
    // Beside the sheet under the remaster's name: found.
    std::fs::rename(&sp2, dir.join("battle_behi2_sp2.bin")).unwrap();
    let found = run([&base[..], &["-o", s(&out)]].concat());
    test_support::cli::assert_exit(&found, 0);
    assert!(String::from_utf8_lossy(&found.stdout).contains("(found beside the sheet)"));
}

/// `--view` repeats: one strip row per animation and view, each row a canvas high.
#[test]
fn views_repeat_as_rows() {
    let dir = temp_dir("views");
    let out = dir.join("walk.png");
    let (doc, sheet) = (fixtures::document("demo"), fixtures::demo("demo.png"));
    let run_views = |views: &[&str]| {
        let mut args = vec![
            "render",
            "--data",
            s(&doc),
            "--sheet",
            s(&sheet),
            "--animation",
            "Walk",
        ];
        for v in views {
            args.extend(["--view", v]);
        }
        args.extend(["-o", s(&out)]);
        let output = run(&args);
        test_support::cli::assert_exit(&output, 0);
        let text = String::from_utf8(output.stdout).unwrap();
        let image = sprite_render::sheet::decode_png(&std::fs::read(&out).unwrap(), None)
            .unwrap()
            .0;
        (text, image.height())
    };
    let (text, height) = run_views(&["1", "3", "5"]);
    assert_eq!(text.matches("anim    \"Walk\" view").count(), 3, "{text}");
    // Every row is the render's one canvas high.
    let canvas: u32 = text
        .lines()
        .find_map(|l| l.strip_prefix("canvas  "))
        .and_then(|c| c.split(',').next())
        .and_then(|c| c.split(" x ").nth(1))
        .and_then(|h| h.parse().ok())
        .expect("a canvas line");
    assert_eq!(height, 3 * canvas, "three rows of one height: {text}");
    let line = fails(
        &run([
            "render",
            "--data",
            s(&fixtures::document("demo")),
            "--sheet",
            s(&fixtures::demo("demo.png")),
            "--animation",
            "Walk",
            "--view",
            "1",
            "--view",
            "2",
            "-o",
            s(&dir.join("w.gif")),
        ]),
        2,
    );
    assert!(line.contains("an .apng or .gif holds one view"), "{line}");
}
