//! Hostile documents and profiles through the binary: every command that reads a document
//! (draw, render, export-aseprite, check, diff) refuses a malformed one with the same single line
//! (they share one loader), the issue's
//! 49 GB render is a one-line error, and a picture past a drawing limit is a one-line error
//! naming the limit and what caused it, never an abort.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{run, s};
use serde_json::{Value, json};
use sprite_data::limits::{MAX_ANIMATION_PIXELS, MAX_DOCUMENT_BYTES, MAX_PICTURE_PIXELS};
use sprite_render::Image;
use sprite_render::encode::png_rgba;
use test_support::fixtures;

/// The single stderr line without the program's name, after checking the exit status is 1 (bad
/// input, not a crash: a panic exits 101, an abort is killed by a signal).
fn refusal(output: &Output) -> String {
    refusal_with(output, 1)
}

/// As [`refusal`], with the exit status `code`.
fn refusal_with(output: &Output, code: i32) -> String {
    let err = String::from_utf8(output.stderr.clone()).unwrap();
    test_support::cli::assert_exit(output, code);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "expected one stderr line, got: {err:?}");
    lines[0]
        .strip_prefix("tactics-sprite: ")
        .unwrap_or_else(|| panic!("no program name: {err}"))
        .to_owned()
}

fn write_json(dir: &Path, name: &str, doc: &Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec(doc).unwrap()).unwrap();
    path
}

/// An opaque 256 x 488 sheet: every tile draws its whole cell, so a render's canvas (the box of
/// what it draws) is the box of its tiles.
fn opaque_sheet(dir: &Path) -> PathBuf {
    let path = dir.join("opaque.png");
    std::fs::write(
        &path,
        png_rgba(&Image::filled(256, 488, [90, 60, 30, 255])).unwrap(),
    )
    .unwrap();
    path
}

/// A blank 256 x 488 sheet: the documents' cells all lie inside it.
fn blank_sheet(dir: &Path) -> PathBuf {
    let path = dir.join("blank.png");
    std::fs::write(&path, png_rgba(&Image::new(256, 488)).unwrap()).unwrap();
    path
}

/// The sequence index Swing High plays facing the camera.
fn swing_high_front(doc: &Value) -> usize {
    doc["animations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "Swing High")
        .unwrap()["front"]
        .as_u64()
        .unwrap() as usize
}

/// Runs draw, render and export-aseprite on `data` and returns each one's refusal.
fn refusals(dir: &Path, data: &Path) -> Vec<(&'static str, String)> {
    let sheet = blank_sheet(dir);
    let out_png = dir.join("out.png");
    let out_dir = dir.join("atlas");
    let draw = run([
        "draw",
        "--data",
        s(data),
        "--animation",
        "Swing High",
        "--view",
        "1",
        "--tick",
        "18",
    ]);
    let render = run([
        "render",
        "--data",
        s(data),
        "--sheet",
        s(&sheet),
        "--animation",
        "Swing High",
        "-o",
        s(&out_png),
    ]);
    let export = run([
        "export-aseprite",
        "--data",
        s(data),
        "--sheet",
        s(&sheet),
        "-o",
        s(&out_dir),
    ]);
    assert!(!out_png.exists() && !out_dir.join("blank.png").exists());
    // check and diff (issue 16) load documents through the same loader; an input they cannot
    // read is exit 2 there (1 means "differs").
    let root = test_support::repo_root();
    let check = run([
        "check",
        "--data",
        s(data),
        "--shp",
        s(&test_support::fixtures::demo("DEMO.SHP")),
        "--seq",
        s(&test_support::fixtures::demo("DEMO.SEQ")),
        "--profile",
        s(&root.join("crates/sprite-data/profiles/demo.toml")),
    ]);
    let diff = run(["diff", s(data), s(&test_support::fixtures::demo_document())]);
    vec![
        ("draw", refusal(&draw)),
        ("render", refusal(&render)),
        ("export-aseprite", refusal(&export)),
        ("check", refusal_with(&check, 2)),
        ("diff", refusal_with(&diff, 2)),
    ]
}

/// Every command gives `expected` (after the file's name) for `data`.
fn assert_same_refusal(dir: &Path, data: &Path, expected: &str) {
    let all = refusals(dir, data);
    for (command, message) in &all {
        assert_eq!(
            message,
            &format!("{}: {expected}", data.display()),
            "{command} refuses it differently"
        );
    }
}

#[test]
fn the_issues_49_gigabyte_render_is_a_one_line_error_from_every_command() {
    let dir = test_support::temp_dir("hostile-fb");
    let mut doc = fixtures::document_json("type1");
    let swing = swing_high_front(&doc);
    for m in doc["sequences"][swing]["fb"].as_array_mut().unwrap() {
        *m = json!(100_000_000);
    }
    let data = write_json(&dir, "huge-fb.json", &doc);
    assert_same_refusal(
        &dir,
        &data,
        &format!(
            "1 problem: /sequences/{swing}/fb/0: a move of 100000000 pixels, over the limit of \
             ±256 (MAX_MOVE)"
        ),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_frame_no_request_touches_is_refused_whatever_the_arguments() {
    // Frame 0 of Swing High's sequence: `draw` at tick 18 shows frame 5 and never looked at it.
    let dir = test_support::temp_dir("hostile-frame0");
    let mut doc = fixtures::document_json("type1");
    let swing = swing_high_front(&doc);
    doc["sequences"][swing]["frames"][0] = json!(5000);
    let data = write_json(&dir, "bad-frame.json", &doc);
    assert_same_refusal(
        &dir,
        &data,
        &format!(
            "1 problem: /sequences/{swing}/frames/0: frame 5000 is not a main frame \
             (waterOffset 182: main frames 0..181)"
        ),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_command_refuses_each_malformed_document_with_the_same_line() {
    let dir = test_support::temp_dir("hostile-same");
    type Edit = fn(&mut Value);
    let cases: [(&str, Edit, &str); 5] = [
        (
            "cell",
            |d| d["frames"][7][0][0] = json!(999),
            "1 problem: /frames/7/0/0: cell 999 is not in cells 0..196",
        ),
        (
            "ticks",
            |d| {
                d["sequences"][102]["ticks"].as_array_mut().unwrap().pop();
            },
            "1 problem: /sequences/102/ticks: 7 entries for the sequence's 8 frames",
        ),
        (
            "animation",
            |d| d["animations"][3]["back"] = json!(500),
            "1 problem: /animations/3/back: sequence 500 is not in sequences 0..217",
        ),
        (
            "shape",
            |d| d["stage"]["stanceRow"] = json!("103"),
            "/stage/stanceRow: invalid type: string \"103\", expected i32 at line 1 column",
        ),
        (
            "format",
            |d| d["format"] = json!("aseprite"),
            "not a tactics-sprite-data document: its \"format\" is \"aseprite\", not \"tactics-sprite-data\"",
        ),
    ];
    for (name, edit, expected) in cases {
        let mut doc = fixtures::document_json("type1");
        edit(&mut doc);
        let data = write_json(&dir, &format!("{name}.json"), &doc);
        let all = refusals(&dir, &data);
        for (command, message) in &all {
            assert!(
                message.starts_with(&format!("{}: {expected}", data.display())),
                "{name}, {command}: {message}"
            );
            assert_eq!(message, &all[0].1, "{name}: {command} differs from draw");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_one_gigabyte_document_is_refused_unread_by_every_command() {
    let dir = test_support::temp_dir("hostile-1gb");
    let data = dir.join("huge.json");
    // It starts as a document would (diff tells documents from game files by the first byte),
    // then holds 1 GiB of zeros, sparse.
    let mut file = std::fs::File::create(&data).unwrap();
    std::io::Write::write_all(&mut file, b"{\"format\": ").unwrap();
    file.set_len(1 << 30).unwrap();
    drop(file);
    assert_same_refusal(
        &dir,
        &data,
        &format!(
            "1073741824 bytes, over the limit of {MAX_DOCUMENT_BYTES} bytes for a document \
             (MAX_DOCUMENT_BYTES); not read"
        ),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_picture_past_a_drawing_limit_is_one_line_naming_the_limit_and_the_option() {
    let dir = test_support::temp_dir("hostile-limits");
    let sheet = blank_sheet(&dir);
    let data = test_support::fixtures::document("type1");
    // Every frame of TYPE1 in one column at scale 16: 364 cells of 51 x 70 pixels (the 50 x 62
    // canvas, a label band of 7 and a grid line) and the outer grid line, 52 x 25,481 pixels,
    // 832 x 407,696 at scale 16.
    let out = dir.join("sheet.png");
    let output = run([
        "render",
        "--data",
        s(&data),
        "--sheet",
        s(&sheet),
        "--all-frames",
        "--columns",
        "1",
        "--scale",
        "16",
        "-o",
        s(&out),
    ]);
    let message = refusal(&output);
    assert_eq!(
        message,
        format!(
            "--scale 16: a picture of 832 x 407696 pixels is over the limit of {MAX_PICTURE_PIXELS} \
             pixels (MAX_PICTURE_PIXELS)"
        )
    );
    assert!(!out.exists());

    // Swing High moving 250 pixels one way and the other, frame by frame, across and up and down:
    // the canvas grows to fit every move of the document, and the animation's frames at scale 16
    // pass MAX_ANIMATION_PIXELS. A render's canvas is the box of the pixels it draws (about
    // 540 x 540 here), so the sheet is opaque: every tile draws its whole cell.
    let sheet = opaque_sheet(&dir);
    let mut doc = fixtures::document_json("type1");
    let swing = swing_high_front(&doc);
    for list in ["fb", "du"] {
        let moves = doc["sequences"][swing][list].as_array_mut().unwrap();
        for (k, m) in moves.iter_mut().enumerate() {
            *m = json!(if k % 2 == 0 { -250 } else { 250 });
        }
    }
    let moved = write_json(&dir, "moved.json", &doc);
    let out = dir.join("swing.gif");
    let output = run([
        "render",
        "--data",
        s(&moved),
        "--sheet",
        s(&sheet),
        "--animation",
        "Swing High",
        "--scale",
        "16",
        "-o",
        s(&out),
    ]);
    let message = refusal(&output);
    assert!(
        message.starts_with("--animation \"Swing High\" at --scale 16: 8 frames of ")
            && message.ends_with(&format!(
                "is over the limit of {MAX_ANIMATION_PIXELS} pixels (MAX_ANIMATION_PIXELS)"
            )),
        "{message}"
    );
    assert!(!out.exists());
    // Many rows of a long animation on that wide canvas: refused once the rows held pass the
    // picture limit, before the next row is drawn.
    let out = dir.join("strip.png");
    let mut args = vec!["render", "--data", s(&moved), "--sheet", s(&sheet)];
    for _ in 0..200 {
        args.extend(["--animation", "Dance Execute"]);
    }
    args.extend(["-o", s(&out)]);
    let message = refusal(&run(&args));
    assert!(
        message.starts_with("--animation x ")
            && message.ends_with(&format!(
                "is over the limit of {MAX_PICTURE_PIXELS} pixels (MAX_PICTURE_PIXELS)"
            )),
        "{message}"
    );
    assert!(!out.exists());
    // The same at scale 1 draws.
    let output = run([
        "render",
        "--data",
        s(&moved),
        "--sheet",
        s(&sheet),
        "--animation",
        "Swing High",
        "-o",
        s(&out),
    ]);
    test_support::cli::assert_exit(&output, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_help_points_to_the_limits_page() {
    // The numbers are on docs/limits.md, held to the constants by sprite-data's limits_doc test;
    // every command that reads a document says where they are.
    for command in ["render", "draw", "export-aseprite"] {
        let help = String::from_utf8(run([command, "--help"]).stdout).unwrap();
        assert!(
            help.lines()
                .any(|l| l.starts_with("Limits:") && l.contains("docs/limits.md")),
            "{command} --help does not point to docs/limits.md:\n{help}"
        );
    }
    assert!(
        test_support::repo_root().join("docs/limits.md").is_file(),
        "the page the help names exists"
    );
}

#[test]
fn a_profile_with_nine_idle_frames_is_refused_with_its_line() {
    // The issue's profile: nine idle frames used to build a document with nine, exit 0.
    let dir = test_support::temp_dir("hostile-profile");
    let demo = test_support::repo_root().join("fixtures/demo");
    let text = sprite_data::profile::DEMO_PROFILE.replace(
        "idle_frames = [3, 2, 1, 8, 7, 6, 5, 4]",
        "idle_frames = [3, 2, 1, 8, 7, 6, 5, 4, 4]",
    );
    let line = text
        .lines()
        .position(|l| l.starts_with("idle_frames"))
        .unwrap()
        + 1;
    let profile = dir.join("nine.toml");
    std::fs::write(&profile, text).unwrap();
    let out = dir.join("out.json");
    let output = run([
        "build",
        "--shp",
        s(&demo.join("DEMO.SHP")),
        "--seq",
        s(&demo.join("DEMO.SEQ")),
        "--profile",
        s(&profile),
        "-o",
        s(&out),
    ]);
    let message = refusal(&output);
    assert!(
        message.contains(&format!("line {line}")) && message.contains("9 entries"),
        "{message}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A broken layer document (`--weapon-data`) goes through the one layer loader: `draw` and
/// `render` refuse it with the same line, naming the file and the JSON path, before any drawing.
#[test]
fn a_broken_layer_document_is_the_same_line_from_draw_and_render() {
    let dir = test_support::temp_dir("hostile-layer");
    let sheet = blank_sheet(&dir);
    let data = test_support::fixtures::document("type1");
    let wep1 = test_support::fixtures::layer("wep1");
    let mut layer: Value = serde_json::from_str(&std::fs::read_to_string(wep1).unwrap()).unwrap();
    // Slot 0 has 10 frames; one delay fewer would index past the delays as it plays.
    layer["sequences"][0]["ticks"].as_array_mut().unwrap().pop();
    let bad = write_json(&dir, "bad-wep1.json", &layer);
    let expected = format!(
        "{}: 1 problem: /sequences/0/ticks: 9 entries for the sequence's 10 frames",
        s(&bad)
    );
    let draw = run([
        "draw",
        "--data",
        s(&data),
        "--animation",
        "Swing High",
        "--view",
        "1",
        "--tick",
        "0",
        "--weapon",
        "sword",
        "--weapon-data",
        s(&bad),
    ]);
    assert_eq!(refusal(&draw), expected);
    let out = dir.join("swing.png");
    let render = run([
        "render",
        "--data",
        s(&data),
        "--sheet",
        s(&sheet),
        "--animation",
        "Swing High",
        "--weapon",
        "sword",
        "--weapon-sheet",
        s(&sheet),
        "--weapon-data",
        s(&bad),
        "-o",
        s(&out),
    ]);
    assert_eq!(refusal(&render), expected);
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
