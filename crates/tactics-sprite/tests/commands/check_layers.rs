//! `tactics-sprite check` and `diff` on layer documents (WEP1, WEP2, EFF1). The copies are the
//! shipped fixtures/layers/*.json (which the layer tests and `build-data --check` hold to the
//! build, byte for byte) with changes planted by hand in their text, so every expected path and
//! value below is the change we made.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::{expect, s, stdout};
use serde_json::Value;
use test_support::fixtures;
use test_support::{originals, retail_file, temp_dir};

/// The shipped WEP1 document's text with `edits` (each `(from, to)` found exactly once) made.
fn planted(dir: &Path, file: &str, edits: &[(&str, &str)]) -> PathBuf {
    let mut text = std::fs::read_to_string(fixtures::layer("wep1")).unwrap();
    for (from, to) in edits {
        assert_eq!(text.matches(from).count(), 1, "{from} once in wep1.json");
        text = text.replace(from, to);
    }
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path
}

/// Slot 1 (Swing High Back's weapon) starts with a 4-tick frame; the copy says 6.
const SLOT_1: (&str, &str) = (
    r#"{"slot":1,"frames":[25,23,24,25,31,32,33,27,27,27],"ticks":[4,2,"#,
    r#"{"slot":1,"frames":[25,23,24,25,31,32,33,27,27,27],"ticks":[6,2,"#,
);
/// The sword's frames start at 40; the copy says 41.
const SWORD: (&str, &str) = (
    r#"{"weapon":"sword","entry":3,"frame":40}"#,
    r#"{"weapon":"sword","entry":3,"frame":41}"#,
);
/// The copy's own version: the build's is the tool's, not the files'.
const VERSION: (&str, &str) = (r#""version": "0.1.0""#, r#""version": "2.3.0""#);

/// The originals folder, once the layer files these tests build from are in it (WEP1's pair, and
/// WEP2's for `--kind wep2`); `None` after the loud skip of the first one missing, so that a
/// partial folder skips rather than fails.
fn layer_originals(test: &str) -> Option<PathBuf> {
    for name in ["WEP1.SHP", "WEP1.SEQ", "WEP2.SHP", "WEP2.SEQ"] {
        retail_file(test, name)?;
    }
    originals(test)
}

/// Stdout of a run that ended with `code` (0 the same, 1 different).
fn answered(output: &std::process::Output, code: i32) -> String {
    test_support::cli::assert_exit(output, code);
    stdout(output)
}

/// The 1-based line of the only line of `path` containing `needle`.
fn line_of(path: &Path, needle: &str) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| line.contains(needle))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(lines.len(), 1, "{needle}");
    lines[0]
}

#[test]
fn check_names_a_change_planted_in_a_layer_document_by_path() {
    let Some(originals) =
        layer_originals("check_names_a_change_planted_in_a_layer_document_by_path")
    else {
        return;
    };
    let dir = temp_dir("check-layer");
    let theirs = planted(&dir, "wep1.json", &[SLOT_1, SWORD, VERSION]);
    let base = ["check", "--data", s(&theirs), "--originals", s(&originals)];

    let report: Value = serde_json::from_str(&answered(
        &common::run([&base[..], &["--format", "json"]].concat()),
        1,
    ))
    .unwrap();
    let found: Vec<(&str, &Value, &Value)> = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["path"].as_str().unwrap(), &d["theirs"], &d["files"]))
        .collect();
    assert_eq!(
        found,
        [
            ("firstFrames[2].frame", &41.into(), &40.into()),
            ("sequences[1].ticks[0]", &6.into(), &4.into()),
        ]
    );
    assert_eq!(report["notDerived"][0]["pattern"], "version");

    let text = stdout(&common::run(base));
    assert!(
        text.contains(
            "firstFrames: 1 difference\n  firstFrames[2] \"sword\" .frame: theirs 41, files 40\n\
             sequences: 1 difference\n  sequences[1].ticks[0]: theirs 6, files 4\n"
        ),
        "{text}"
    );
    assert!(text.contains("(WEP1 layer)\n"), "{text}");
    assert!(
        text.ends_with("different: 2 differences; 1 value not derived from the files\n"),
        "{text}"
    );

    // GitHub annotations point at the lines we changed.
    let github = stdout(&common::run([&base[..], &["--format", "github"]].concat()));
    let sword = line_of(&theirs, SWORD.1);
    let slot = line_of(&theirs, SLOT_1.1);
    assert!(
        github.contains(&format!(
            "::error file={},line={sword},title=tactics-sprite%3A firstFrames::firstFrames[2] \"sword\" .frame: theirs 41, files 40\n",
            s(&theirs)
        )),
        "{github}"
    );
    assert!(
        github.contains(&format!("line={slot},title=tactics-sprite%3A sequences::sequences[1].ticks[0]: theirs 6, files 4\n")),
        "{github}"
    );

    // --ignore leaves the two paths out; the version is a note, so the check passes.
    let ignored = answered(
        &common::run(
            [
                &base[..],
                &["--ignore", "sequences[*].ticks", "--ignore", "firstFrames"],
            ]
            .concat(),
        ),
        0,
    );
    assert!(
        ignored.ends_with(
            "same: no differences; 1 value not derived from the files; 2 ignored by --ignore\n"
        ),
        "{ignored}"
    );
    // --strict counts the version.
    let strict = common::run([&base[..], &["--strict", "--format", "json"]].concat());
    let strict: Value = serde_json::from_str(&answered(&strict, 1)).unwrap();
    assert_eq!(strict["count"], 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_layer_document_is_told_by_its_format_field_and_kind_forces_it() {
    let Some(originals) =
        layer_originals("a_layer_document_is_told_by_its_format_field_and_kind_forces_it")
    else {
        return;
    };
    let dir = temp_dir("check-layer-kind");
    // A layer document under a unit document's name is still a layer document.
    let copy = planted(&dir, "tactics-sprite-data.json", &[]);
    let run = |extra: &[&str]| {
        common::run(
            [
                &["check", "--data", s(&copy), "--originals", s(&originals)][..],
                extra,
            ]
            .concat(),
        )
    };
    assert!(answered(&run(&[]), 0).ends_with("same: no differences\n"));
    // --kind wep2 builds WEP2's layer for it: the kind and WEP2's first frames differ.
    let as_wep2 = stdout(&run(&["--kind", "wep2", "--max", "0"]));
    assert!(
        as_wep2.contains("kind: 1 difference\n  kind: theirs \"wep1\", files \"wep2\"\n"),
        "{as_wep2}"
    );
    assert!(
        as_wep2.contains("firstFrames[2] \"sword\" .frame: theirs 40, files 43\n"),
        "{as_wep2}"
    );
    // A unit kind or a profile reads it as a unit document, which it is not.
    let as_unit = expect(&run(&["--kind", "type1"]), 2);
    assert!(
        as_unit.contains(
            "not a tactics-sprite-data document: its \"format\" is \"tactics-sprite-layer\""
        ),
        "{as_unit}"
    );
    // And a unit document forced to be a layer is refused as one.
    let unit = test_support::fixtures::document("type1");
    let forced = common::run([
        "check",
        "--data",
        s(&unit),
        "--originals",
        s(&originals),
        "--kind",
        "eff1",
    ]);
    assert!(
        expect(&forced, 2).contains(
            "not a tactics-sprite-layer document: its \"format\" is \"tactics-sprite-data\""
        ),
        "{}",
        common::stderr(&forced)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reindented_layer_copy_passes_and_bytes_catches_it() {
    let Some(originals) = layer_originals("a_reindented_layer_copy_passes_and_bytes_catches_it")
    else {
        return;
    };
    let dir = temp_dir("check-layer-bytes");
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(fixtures::layer("eff1")).unwrap()).unwrap();
    let copy = dir.join("eff1.json");
    std::fs::write(&copy, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let base = ["check", "--data", s(&copy), "--originals", s(&originals)];
    assert!(answered(&common::run(base), 0).contains("(EFF1 layer)\n"));
    let bytes = stdout(&common::run([&base[..], &["--bytes"]].concat()));
    assert!(
        bytes.contains("bytes: 1 difference\n  theirs is not the build's canonical bytes"),
        "{bytes}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diff_of_two_layer_documents_names_each_path() {
    let dir = temp_dir("diff-layers");
    let changed = planted(&dir, "wep1-changed.json", &[SLOT_1, SWORD]);
    let wep1 = fixtures::layer("wep1");
    let text = answered(&common::run(["diff", s(&wep1), s(&changed)]), 1);
    assert!(
        text.contains(
            "firstFrames: 1 difference\n  firstFrames[2] \"sword\" .frame: A 40, B 41\n\
             sequences: 1 difference\n  sequences[1].ticks[0]: A 4, B 6\ndifferent: 2 differences\n"
        ),
        "{text}"
    );
    let same = common::run(["diff", s(&wep1), s(&wep1)]);
    assert!(answered(&same, 0).ends_with("same: no differences\n"));

    // WEP1 against WEP2: other layer sets, so their kind differs.
    let other = stdout(&common::run([
        "diff",
        s(&wep1),
        s(&fixtures::layer("wep2")),
        "--format",
        "json",
    ]));
    let report: Value = serde_json::from_str(&other).unwrap();
    let kind = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["path"] == "kind")
        .expect("kind differs");
    assert_eq!((&kind["A"], &kind["B"]), (&"wep1".into(), &"wep2".into()));

    // A layer document and a unit document are not two documents of one format.
    let unit = test_support::fixtures::document("type1");
    let mixed = common::run(["diff", s(&wep1), s(&unit)]);
    assert_eq!(
        expect(&mixed, 2),
        format!(
            "tactics-sprite: {} is a layer document (tactics-sprite-layer) and {} a unit document \
             (tactics-sprite-data); diff compares two documents of one format\n",
            s(&wep1),
            s(&unit)
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
