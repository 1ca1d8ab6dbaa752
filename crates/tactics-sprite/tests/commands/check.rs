//! `tactics-sprite check` and `tactics-sprite diff` end to end. The expected values come from the
//! shipped TYPE1 document (which the parity tests hold to the build, byte for byte) and, for the
//! SEQ diff, from the file's own bytes read by hand here (the slot table at 4 + 4 * slot, the
//! stream at 0x406, a frame command `[frame] [delay]`).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{s, stdout};
use serde_json::Value;
use test_support::fftorama::{Item, animation_data, opcode_parameters};
use test_support::{fftorama_tables, originals, repo_root, retail_bytes, temp_dir};

fn shipped_type1() -> Value {
    let text = std::fs::read_to_string(test_support::fixtures::document("type1")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The index of the animation named `name` in a document.
fn animation_index(doc: &Value, name: &str) -> usize {
    doc["animations"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["name"] == name)
        .unwrap_or_else(|| panic!("no animation {name}"))
}

/// What a renderer's copy might look like: the shipped document with a tick, an event and an
/// animation name changed (when `changed`), and the site's own `mode` on three animations,
/// `hands` and `holds`; written re-indented with 4 spaces and its keys in another order.
fn their_copy(dir: &Path, changed: bool) -> PathBuf {
    let mut doc = shipped_type1();
    if changed {
        doc["sequences"][102]["ticks"][3] = 4.into();
        doc["sequences"][102]["events"][0][0] = 17.into();
        let walk = animation_index(&doc, "Walk");
        doc["animations"][walk]["name"] = "Walking".into();
    }
    for name in ["Swing High", "Swing Low", "Casting Mid"] {
        let i = animation_index(&doc, name);
        doc["animations"][i]["mode"] = "card".into();
    }
    doc["hands"] = serde_json::json!({"12": [3, 4, 90]});
    doc["holds"] = serde_json::json!({"Swing High": {"item": "sword"}});
    let file = dir.join(if changed { "changed.json" } else { "site.json" });
    std::fs::write(&file, reindented(&doc)).unwrap();
    file
}

/// A document as JSON with 4-space indent and each object's keys in reverse order.
fn reindented(doc: &Value) -> String {
    fn reverse(value: &Value) -> Value {
        match value {
            Value::Object(map) => Value::Object(
                map.iter()
                    .rev()
                    .map(|(k, v)| (k.clone(), reverse(v)))
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.iter().map(reverse).collect()),
            other => other.clone(),
        }
    }
    // serde_json indents by two spaces; strings never hold a raw newline, so doubling each
    // line's leading spaces gives four.
    serde_json::to_string_pretty(&reverse(doc))
        .unwrap()
        .lines()
        .map(|line| {
            let indent = line.len() - line.trim_start().len();
            format!("{}{}\n", " ".repeat(indent), line)
        })
        .collect()
}

const SITE_FIELDS: [&str; 6] = [
    "--ignore",
    "animations[*].mode",
    "--ignore",
    "hands",
    "--ignore",
    "holds",
];

#[test]
fn check_names_exactly_the_changed_paths() {
    let Some(originals) = originals("check_names_exactly_the_changed_paths") else {
        return;
    };
    let dir = temp_dir("check-paths");
    let theirs = their_copy(&dir, true);
    let shipped = shipped_type1();
    let walk = animation_index(&shipped, "Walk");
    let base = ["check", "--data", s(&theirs), "--originals", s(&originals)];

    let run = common::run([&base[..], &["--format", "json"]].concat());
    test_support::cli::assert_exit(&run, 1);
    let report: Value = serde_json::from_str(&stdout(&run)).unwrap();
    let paths: Vec<&str> = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    let walk_name = format!("animations[{walk}].name");
    assert_eq!(
        paths,
        [
            "sequences[102].ticks[3]",
            "sequences[102].events[0]",
            walk_name.as_str()
        ]
    );
    let values: Vec<(&Value, &Value)> = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (&d["theirs"], &d["files"]))
        .collect();
    assert_eq!(
        values[0],
        (&4.into(), &shipped["sequences"][102]["ticks"][3])
    );
    assert_eq!(
        values[1],
        (
            &serde_json::json!([17, "PostGenericAttack"]),
            &shipped["sequences"][102]["events"][0]
        )
    );
    assert_eq!(values[2], (&"Walking".into(), &"Walk".into()));
    let not_derived: Vec<(&str, u64)> = report["notDerived"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["pattern"].as_str().unwrap(), n["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        not_derived,
        [("animations[*].mode", 3), ("hands", 1), ("holds", 1)]
    );

    // The text names them as the issue words them, grouped, and lists the site's fields once.
    let text = stdout(&common::run(base));
    assert!(
        text.contains("sequences: 2 differences\n  sequences[102] \"Swing High Fwd\" .ticks[3]: theirs 4, files 2\n"),
        "{text}"
    );
    assert!(
        text.contains("animations: 1 difference\n  animations \"Walking\" .name: theirs \"Walking\", files \"Walk\"\n"),
        "{text}"
    );
    assert_eq!(text.matches("animations[*].mode").count(), 1, "{text}");
    assert!(
        text.ends_with("different: 3 differences; 5 values not derived from the files\n"),
        "{text}"
    );

    // --strict counts the site's fields: 3 modes, hands, holds.
    let run = common::run([&base[..], &["--strict", "--format", "json"]].concat());
    let report: Value = serde_json::from_str(&stdout(&run)).unwrap();
    assert_eq!(report["count"], 8);

    // --ignore leaves them out entirely; the changes still fail.
    let run = common::run([&base[..], &SITE_FIELDS[..]].concat());
    test_support::cli::assert_exit(&run, 1);
    assert!(!stdout(&run).contains("not derived"), "{}", stdout(&run));
    assert!(stdout(&run).ends_with("different: 3 differences; 5 ignored by --ignore\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_passes_a_copy_that_differs_only_in_what_the_files_do_not_give() {
    let Some(originals) =
        originals("check_passes_a_copy_that_differs_only_in_what_the_files_do_not_give")
    else {
        return;
    };
    let dir = temp_dir("check-pass");
    let theirs = their_copy(&dir, false);
    let base = ["check", "--data", s(&theirs), "--originals", s(&originals)];
    let run = common::run([&base[..], &SITE_FIELDS[..]].concat());
    test_support::cli::assert_exit(&run, 0);
    assert!(
        stdout(&run).ends_with("same: no differences; 5 ignored by --ignore\n"),
        "{}",
        stdout(&run)
    );
    // Without --ignore it still passes, listing them; --strict fails on them.
    let run = common::run(base);
    test_support::cli::assert_exit(&run, 0);
    assert!(stdout(&run).contains("not derived from the files"));
    assert_eq!(
        common::run([&base[..], &["--strict"]].concat())
            .status
            .code(),
        Some(1)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reindented_copy_passes_and_bytes_catches_it() {
    let Some(originals) = originals("a_reindented_copy_passes_and_bytes_catches_it") else {
        return;
    };
    let dir = temp_dir("check-bytes");
    let copy = dir.join("reindented.json");
    std::fs::write(&copy, reindented(&shipped_type1())).unwrap();
    let base = ["check", "--data", s(&copy), "--originals", s(&originals)];
    let run = common::run(base);
    test_support::cli::assert_exit(&run, 0);
    assert!(stdout(&run).ends_with("same: no differences\n"));

    let run = common::run([&base[..], &["--bytes"]].concat());
    test_support::cli::assert_exit(&run, 1);
    let text = stdout(&run);
    // The shipped file opens `{\n  "format"`; the copy `{\n    "heldItemScale"`: byte 4, line 2.
    assert!(
        text.contains("bytes: 1 difference\n  theirs is not the build's canonical bytes"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "files 99904 bytes, sha256 {}",
            test_support::TYPE1_SHA256
        )),
        "{text}"
    );
    assert!(
        text.contains("first difference at byte 4 (line 2, column 3)"),
        "{text}"
    );

    // The shipped file itself is the canonical bytes.
    let shipped = test_support::fixtures::document("type1");
    let run = common::run([
        "check",
        "--data",
        s(&shipped),
        "--originals",
        s(&originals),
        "--bytes",
    ]);
    test_support::cli::assert_exit(&run, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn github_format_is_one_annotation_per_difference() {
    let Some(originals) = originals("github_format_is_one_annotation_per_difference") else {
        return;
    };
    let dir = temp_dir("check-github");
    let theirs = their_copy(&dir, true);
    let run = common::run([
        "check",
        "--data",
        s(&theirs),
        "--originals",
        s(&originals),
        "--format",
        "github",
    ]);
    test_support::cli::assert_exit(&run, 1);
    let text = stdout(&run);
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(errors.len(), 3, "{text}");
    // Each points at the line of their file where the value is: the copy has one value per line.
    let their_lines: Vec<String> = std::fs::read_to_string(&theirs)
        .unwrap()
        .lines()
        .map(|l| l.trim().to_owned())
        .collect();
    let prefix = format!("::error file={},line=", s(&theirs));
    for (line, (path, value)) in errors.iter().zip([
        ("sequences[102] \"Swing High Fwd\" .ticks[3]", "4,"),
        ("sequences[102] \"Swing High Fwd\" .events[0]", "["),
        ("animations \"Walking\" .name", "\"name\": \"Walking\""),
    ]) {
        let number: usize = line
            .strip_prefix(&prefix)
            .and_then(|rest| rest.split(',').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no line= in {line}"));
        assert_eq!(their_lines[number - 1], value, "{line}");
        assert!(line.contains(",title=tactics-sprite%3A "), "{line}");
        assert_eq!(line.matches(path).count(), 1, "{line}");
    }
    // The site's fields are notices, once each.
    assert_eq!(
        text.lines().filter(|l| l.starts_with("::notice ")).count(),
        3
    );
    // --max cuts the annotations and says how many there are.
    let run = common::run([
        "check",
        "--data",
        s(&theirs),
        "--originals",
        s(&originals),
        "--format",
        "github",
        "--max",
        "1",
    ]);
    let text = stdout(&run);
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(errors.len(), 2, "{text}");
    assert!(
        errors[1].ends_with("::2 more differences not shown (3 in all; --max 0 shows every one)")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_without_game_files_on_the_demo() {
    let root = repo_root();
    let dir = temp_dir("check-demo");
    let demo = test_support::fixtures::demo_document();
    let shp = test_support::fixtures::demo("DEMO.SHP");
    let seq = test_support::fixtures::demo("DEMO.SEQ");
    let profile = root.join("crates/sprite-data/profiles/demo.toml");
    let args = |data: &Path| {
        common::run([
            "check",
            "--data",
            s(data),
            "--shp",
            s(&shp),
            "--seq",
            s(&seq),
            "--profile",
            s(&profile),
            "--bytes",
        ])
    };
    let run = args(&demo);
    test_support::cli::assert_exit(&run, 0);

    // One cell moved 8 pixels (a cell's x is a multiple of 8: one pixel would be refused by the
    // loader before any comparison): the path names the cell and both values.
    let mut doc: Value = serde_json::from_slice(&std::fs::read(&demo).unwrap()).unwrap();
    let x = doc["cells"][3]["x"].as_u64().unwrap();
    doc["cells"][3]["x"] = (x + 8).into();
    let changed = dir.join("changed.json");
    std::fs::write(&changed, serde_json::to_string(&doc).unwrap()).unwrap();
    let run = args(&changed);
    test_support::cli::assert_exit(&run, 1);
    assert!(
        stdout(&run).contains(&format!(
            "cells: 1 difference\n  cells[3].x: theirs {}, files {x}\n",
            x + 8
        )),
        "{}",
        stdout(&run)
    );

    // A pattern that matches nothing is named; it does not make the run pass.
    let run = common::run([
        "check",
        "--data",
        s(&changed),
        "--shp",
        s(&shp),
        "--seq",
        s(&seq),
        "--profile",
        s(&profile),
        "--ignore",
        "cels",
    ]);
    test_support::cli::assert_exit(&run, 1);
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("--ignore cels matched no difference"),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );

    // Three cells moved, --max 2: two lines, then the count.
    for cell in [5, 6] {
        // 8: a row of the sheet a cell can start at (neither cell's own, which are 0 and 40).
        doc["cells"][cell]["y"] = 8.into();
    }
    std::fs::write(&changed, serde_json::to_string(&doc).unwrap()).unwrap();
    let run = common::run([
        "check",
        "--data",
        s(&changed),
        "--shp",
        s(&shp),
        "--seq",
        s(&seq),
        "--profile",
        s(&profile),
        "--max",
        "2",
    ]);
    let text = stdout(&run);
    assert!(
        text.contains("cells: 3 differences\n  cells[3].x: ")
            && text.contains("\n  ... 1 more not shown (3 in all; --max 0 shows every one)\n"),
        "{text}"
    );
    assert_eq!(text.matches("\n  cells[").count(), 2, "{text}");

    // Usage problems are exit 2: a bad --ignore pattern, a file that is not a document, no
    // source for the build.
    let bad_pattern = common::run([
        "check",
        "--data",
        s(&demo),
        "--shp",
        s(&shp),
        "--seq",
        s(&seq),
        "--ignore",
        "a[",
    ]);
    test_support::cli::assert_exit(&bad_pattern, 2);
    assert!(String::from_utf8_lossy(&bad_pattern.stderr).contains("`[` without `]`"));
    let not_a_document = common::run([
        "check",
        "--data",
        s(&seq),
        "--shp",
        s(&shp),
        "--seq",
        s(&seq),
    ]);
    test_support::cli::assert_exit(&not_a_document, 2);
    let stderr = String::from_utf8_lossy(&not_a_document.stderr).into_owned();
    // The one loader says what the file is instead (issue 10's wording through issue 17's loader).
    assert!(
        stderr.contains(
            "not a tactics-sprite-data document: this is a SEQ file (animation bytecode)"
        ),
        "{stderr}"
    );
    test_support::cli::assert_exit(&common::run(["check", "--data", s(&demo)]), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Reads a little-endian u32 by hand.
fn u32_at(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
}

#[test]
fn diff_names_the_slot_command_and_offset_of_a_changed_delay() {
    if originals("diff_names_the_slot_command_and_offset_of_a_changed_delay").is_none() {
        return;
    }
    let Some(fftorama) =
        fftorama_tables("diff_names_the_slot_command_and_offset_of_a_changed_delay")
    else {
        return;
    };
    let dir = temp_dir("diff-seq");
    let retail = read_retail("TYPE1.SEQ");
    // Slot 128 is Swing High's front sequence (the shipped document's sequences[102].raw). Its
    // entry in the slot table is at 4 + 4 * 128, and its offset counts from the stream at 0x406.
    let slot = 128;
    let start = 0x406 + u32_at(&retail, 4 + 4 * slot);
    let slots_here = (0..256)
        .filter(|s| u32_at(&retail, 4 + 4 * s) == start - 0x406)
        .count();
    assert_eq!(slots_here, 1, "slot 128 shares its commands with no slot");
    // FFTorama's listing of the slot gives each command's length (a frame is 2 bytes, an opcode
    // 2 plus its parameters): find its first frame command and that command's offset.
    let params = opcode_parameters(&fftorama);
    let row = animation_data(&fftorama, "type1")
        .into_iter()
        .find(|row| row.slot == slot)
        .expect("FFTorama lists slot 128");
    let mut at = start;
    let mut number = 0;
    let (frame, delay) = loop {
        match &row.items[number] {
            Item::Frame { frame, delay } => break (*frame as u8, *delay as u8),
            Item::Op { name, .. } => at += 2 + params[name].0,
        }
        number += 1;
    };
    assert_eq!((retail[at], retail[at + 1]), (frame, delay));
    let mut modified = retail.clone();
    modified[at + 1] = delay + 5;
    let a = dir.join("TYPE1.SEQ");
    let b = dir.join("modified.SEQ");
    std::fs::write(&a, &retail).unwrap();
    std::fs::write(&b, &modified).unwrap();

    let run = common::run(["diff", s(&a), s(&b)]);
    test_support::cli::assert_exit(&run, 1);
    let expected = format!(
        "slots: 1 difference\n  slot 128 command {number} at 0x{at:X}: A frame {frame} delay {delay}, B frame {frame} delay {} (byte 0x{:X})\n",
        delay + 5,
        at + 1
    );
    assert!(
        stdout(&run).contains(&expected),
        "{}\nwanted\n{expected}",
        stdout(&run)
    );
    assert!(stdout(&run).ends_with("different: 1 difference\n"));

    // The same file: exit 0. Two kinds: exit 2.
    test_support::cli::assert_exit(&common::run(["diff", s(&a), s(&a)]), 0);
    let shp = dir.join("TYPE1.SHP");
    std::fs::write(&shp, read_retail("TYPE1.SHP")).unwrap();
    let run = common::run(["diff", s(&a), s(&shp)]);
    test_support::cli::assert_exit(&run, 2);
    assert!(String::from_utf8_lossy(&run.stderr).contains("diff compares two files of one kind"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diff_of_shp_names_frames_and_tiles() {
    if originals("diff_of_shp_names_frames_and_tiles").is_none() {
        return;
    }
    let dir = temp_dir("diff-shp");
    let retail = read_retail("TYPE1.SHP");
    // The main block starts after the 8-byte header, 256 pointers and the u16 length: 0x40A.
    // Frame 0's record is 2 bytes, then its tiles of 4 bytes, the first byte of a tile its dx.
    let mut modified = retail.clone();
    modified[0x40A + 2] = modified[0x40A + 2].wrapping_add(1);
    let a = dir.join("TYPE1.SHP");
    let b = dir.join("modified.SHP");
    std::fs::write(&a, &retail).unwrap();
    std::fs::write(&b, &modified).unwrap();
    let run = common::run(["diff", s(&a), s(&b)]);
    test_support::cli::assert_exit(&run, 1);
    let text = stdout(&run);
    let dx = retail[0x40A + 2] as i8;
    assert!(
        text.contains(&format!(
            "main: 1 difference\n  main frame 0 tile 0 at 0x40C: A dx {dx} dy"
        )),
        "{text}"
    );
    assert!(text.contains(&format!(", B dx {} dy", dx + 1)), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diff_of_two_sheets_names_palettes_and_counts_pixels() {
    let dir = temp_dir("diff-spr");
    // A sheet: the synthetic one, one palette word and two pixels changed by hand.
    let sheet = fft_formats::spr::Spr::blank(fft_formats::spr::SprVariant::Standard);
    let left = sheet.encode().unwrap();
    let mut right = left.clone();
    right[2 * 16 * 3 + 2 * 5] ^= 0x1F; // palette 3, colour 5
    right[512 + 128 * 10 + 7] = 0x21; // row 10, bytes 7: pixels 14 and 15
    let (a, b) = (dir.join("a.SPR"), dir.join("b.SPR"));
    std::fs::write(&a, &left).unwrap();
    std::fs::write(&b, &right).unwrap();
    let text = stdout(&common::run(["diff", s(&a), s(&b)]));
    assert!(
        text.contains("palettes: 1 difference\n  palette 3: 1 colour changed: 5 (byte 0x6A) A 0x0000 B 0x001F\n"),
        "{text}"
    );
    assert!(
        text.contains("pixels: 2 of 124928 changed, within columns 14..=15, rows 10..=10"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diff_of_two_weapons_sheets_names_where_a_later_palette_is_stored() {
    let dir = temp_dir("diff-wep-spr");
    // A blank weapons sheet: 16 palettes (512 bytes) and 256 rows (32768 bytes) before the
    // effects block's palettes, so palette 17 colour 1 is at 512 + 32768 + 32 + 2 = 0x8222.
    let sheet = fft_formats::spr::Spr::blank(fft_formats::spr::SprVariant::Weapons);
    let left = sheet.encode().unwrap();
    let mut right = left.clone();
    right[0x8222] ^= 0x1F;
    let (a, b) = (dir.join("a.SPR"), dir.join("b.SPR"));
    std::fs::write(&a, &left).unwrap();
    std::fs::write(&b, &right).unwrap();
    let text = stdout(&common::run(["diff", s(&a), s(&b)]));
    assert!(
        text.contains("  palette 17: 1 colour changed: 1 (byte 0x8222) A 0x0000 B 0x001F\n"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The CI recipe (docs/checking.md "A CI recipe") shows the exact output of a failing run: this is
/// that run.
#[test]
fn the_ci_recipe_shows_the_exact_output_of_a_failing_run() {
    if originals("the_ci_recipe_shows_the_exact_output_of_a_failing_run").is_none() {
        return;
    }
    let dir = temp_dir("check-recipe");
    std::fs::create_dir_all(dir.join("constants/sprites")).unwrap();
    std::fs::create_dir_all(dir.join("private/BATTLE")).unwrap();
    for name in ["TYPE1.SHP", "TYPE1.SEQ"] {
        std::fs::write(dir.join("private/BATTLE").join(name), read_retail(name)).unwrap();
    }
    let mut doc = shipped_type1();
    doc["version"] = "2.3.0".into();
    doc["notice"] =
        "Tables decoded from TYPE1.SHP and TYPE1.SEQ. FINAL FANTASY TACTICS (c) 1997 SQUARE ENIX."
            .into();
    doc["sheet"]["file"] = "a1.png".into();
    doc["sequences"][102]["ticks"][3] = 4.into();
    let swing = animation_index(&doc, "Swing High");
    doc["animations"][swing]["hitTick"] = 17.into();
    doc["animations"][swing]["mode"] = "swing-high".into();
    let walk = animation_index(&doc, "Walk");
    doc["animations"][walk]["mode"] = "walk".into();
    doc["hands"] = serde_json::json!({"74": [12, -3, 0]});
    doc["holds"] = serde_json::json!({"Swing High": {"item": "sword"}});
    std::fs::write(
        dir.join("constants/sprites/tactics-sprite-data.json"),
        serde_json::to_string_pretty(&doc).unwrap(),
    )
    .unwrap();
    let run = |format: &str| {
        let run = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            .current_dir(&dir)
            .args([
                "check",
                "--data",
                "constants/sprites/tactics-sprite-data.json",
                "--originals",
                "private/BATTLE",
                "--ignore",
                "animations[*].mode",
                "--ignore",
                "hands",
                "--ignore",
                "holds",
                "--format",
                format,
            ])
            .output()
            .unwrap();
        test_support::cli::assert_exit(&run, 1);
        stdout(&run)
    };
    let page = std::fs::read_to_string(repo_root().join("docs/checking.md")).unwrap();
    let blocks: Vec<&str> = page
        .split("```text\n")
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap())
        .collect();
    let github = run("github");
    let text = run("text");
    assert!(
        blocks.contains(&github.as_str()),
        "docs/checking.md has no block with this output:\n{github}"
    );
    assert!(
        blocks.contains(&text.as_str()),
        "docs/checking.md has no block with this output:\n{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A synthetic SEQ pair (our encoder, no game data): slots 0 and 1 share their commands and are
/// named together; a command inserted in slot 2 is one line, not a shift of the rest.
#[test]
fn diff_of_seq_names_shared_slots_together_and_aligns_an_insertion() {
    use fft_formats::{Command as Cmd, Seq};
    let end = Cmd::op(0xFE, &[]).unwrap();
    let frame = |frame, delay| Cmd::Frame { frame, delay };
    let a = Seq {
        attack_slots_from: 0x78,
        second_sheet_slots_from: 0xFF,
        slots: [0, 0, 2].map(fft_formats::CommandIndex).to_vec(),
        commands: vec![frame(1, 4), end, frame(2, 3), end],
    };
    let b = Seq {
        commands: vec![frame(1, 6), end, frame(5, 1), frame(2, 3), end],
        ..a.clone()
    };
    let dir = temp_dir("diff-seq-synthetic");
    let (pa, pb) = (dir.join("a.seq"), dir.join("b.seq"));
    std::fs::write(&pa, a.encode().unwrap()).unwrap();
    std::fs::write(&pb, b.encode().unwrap()).unwrap();
    let run = common::run(["diff", s(&pa), s(&pb)]);
    test_support::cli::assert_exit(&run, 1);
    // The stream starts at 0x406: slot 0's first command there, its delay the next byte; slot 2
    // starts 4 bytes on (two 2-byte commands).
    assert!(
        stdout(&run).contains(
            "slots: 2 differences\n  \
             slots 0, 1 command 0 at 0x406: A frame 1 delay 4, B frame 1 delay 6 (byte 0x407)\n  \
             slot 2 command 0 at 0x40A in B: only in B (frame 5 delay 1)\n"
        ),
        "{}",
        stdout(&run)
    );
    // --ignore takes the paths the JSON output gives.
    let run = common::run(["diff", s(&pa), s(&pb), "--format", "json"]);
    let report: Value = serde_json::from_str(&stdout(&run)).unwrap();
    let paths: Vec<&str> = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["slots[0].commands[0]", "slots[2].commands[0]"]);
    let run = common::run(["diff", s(&pa), s(&pb), "--ignore", "slots[*]"]);
    test_support::cli::assert_exit(&run, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A TYPE1 file's bytes; the tests that call this have found the originals folder already, so a
/// missing file here is that folder's fault and fails (or skips, as `retail_bytes` decides).
fn read_retail(disc_name: &str) -> Vec<u8> {
    retail_bytes("check tests", disc_name).unwrap_or_else(|| panic!("{disc_name} is missing"))
}
