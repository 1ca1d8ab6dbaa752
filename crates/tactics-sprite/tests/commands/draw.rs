//! `tactics-sprite draw` end to end on the committed TYPE1 document: the format description's
//! example, the idle branch, and bad requests as one line with exit 2.

use std::process::{Command, Output};

use serde_json::{Value, json};

fn draw(args: &[&str]) -> Output {
    let data = test_support::fixtures::document("type1");
    assert!(data.is_file(), "{} is missing", data.display());
    Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .arg("draw")
        .arg("--data")
        .arg(&data)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn pose(args: &[&str]) -> Value {
    let run = draw(args);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8(run.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "one JSON object: {stdout}");
    serde_json::from_str(&stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let run = draw(args);
    test_support::cli::assert_exit_for(&run, 2, format!("{args:?}"));
    assert!(run.stdout.is_empty());
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

#[test]
fn swing_high_at_view_1_tick_18_prints_frame_88() {
    let pose = pose(&["--animation", "Swing High", "--view", "1", "--tick", "18"]);
    assert_eq!(pose["shp"], 88);
    assert_eq!(pose["index"], 5);
    assert_eq!(pose["name"], "Swing High Fwd");
    assert_eq!(pose["mirrored"], false);
    assert_eq!(pose["back"], false);
    assert_eq!(pose["moveX"], -2);
    assert_eq!(pose["moveY"], 0);
    // Frame 88 is [[74, -7, 1], [76, 0, 4], [71, 2, -5], [75, 2, 5]], cells 74, 71 and 75 24x24
    // and 76 32x32: x = u - w/2, y = v - h/2, in that order.
    assert_eq!(
        pose["tiles"],
        json!([
            {"cell": 74, "x": -7 - 12, "y": 1 - 12, "w": 24, "h": 24, "flipX": false, "order": 0},
            {"cell": 76, "x": -16, "y": 4 - 16, "w": 32, "h": 32, "flipX": false, "order": 1},
            {"cell": 71, "x": 2 - 12, "y": -5 - 12, "w": 24, "h": 24, "flipX": false, "order": 2},
            {"cell": 75, "x": 2 - 12, "y": 5 - 12, "w": 24, "h": 24, "flipX": false, "order": 3},
        ])
    );
}

#[test]
fn view_5_plays_the_back_sequence_mirrored() {
    let pose = pose(&["--animation", "Swing High", "--view", "5", "--tick", "18"]);
    assert_eq!(pose["name"], "Swing High Bck");
    assert_eq!(pose["back"], true);
    assert_eq!(pose["mirrored"], true);
    assert_eq!(pose["moveX"], 2);
}

#[test]
fn idle_and_water() {
    // idleFrames = [3, 2, 1, 8, 7, 6, 5, 4]; water frames are 182 further on.
    let idle = pose(&["--idle", "--view", "1", "--tick", "0"]);
    assert_eq!(
        (idle["animation"].clone(), idle["shp"].clone()),
        (json!("Idle"), json!(2))
    );
    assert_eq!(idle["sequence"], Value::Null);
    let wet = pose(&[
        "--animation",
        "Idle",
        "--view",
        "3",
        "--tick",
        "9",
        "--water",
    ]);
    assert_eq!(wet["shp"], 8 + 182);
    assert_eq!(wet["mirrored"], false);
}

#[test]
fn bad_requests_are_one_line_and_exit_2() {
    let view = refused(&["--animation", "Swing High", "--view", "8", "--tick", "0"]);
    assert!(view.contains("views are 0..7"), "{view}");
    let view = refused(&["--animation", "Swing High", "--view", "-1", "--tick", "0"]);
    assert!(view.contains("views are 0..7"), "{view}");
    let tick = refused(&["--animation", "Swing High", "--view", "1", "--tick", "-1"]);
    assert!(tick.contains("tick -1 is negative"), "{tick}");
    let name = refused(&["--animation", "Swing Higher", "--view", "1", "--tick", "0"]);
    assert!(
        name.contains("unknown animation \"Swing Higher\""),
        "{name}"
    );
    assert!(name.contains("did you mean \"Swing High\", "), "{name}");
    assert!(!name.contains("Blank"), "{name}");
    // An animation needs its moment; the idle frame does not.
    let tick = refused(&["--animation", "Swing High", "--view", "1"]);
    assert!(tick.contains("--tick T is needed"), "{tick}");
}

/// `--idle` (and `--animation Idle`, in any case) draws the view's idle frame with no `--tick`.
#[test]
fn idle_needs_no_tick() {
    for args in [&["--idle"][..], &["--animation", "idle"][..]] {
        let run = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            .arg("draw")
            .arg("--data")
            .arg(test_support::fixtures::document("type1"))
            .args(args)
            .args(["--view", "1"])
            .output()
            .unwrap();
        test_support::cli::assert_exit_for(&run, 0, format!("{args:?}"));
        let pose: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        // docs/derivation.md: TYPE1's idle frames, views 0..7, are 3 2 1 8 7 6 5 4.
        assert_eq!(pose["shp"], 2, "{args:?}");
        assert_eq!(pose["animation"], "Idle");
    }
}

#[test]
fn an_unreadable_document_exits_1() {
    let run = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(["draw", "--data", "/nonexistent/type1.json", "--idle"])
        .args(["--view", "1", "--tick", "0"])
        .output()
        .unwrap();
    test_support::cli::assert_exit(&run, 1);
    assert_eq!(String::from_utf8(run.stderr).unwrap().lines().count(), 1);
}
