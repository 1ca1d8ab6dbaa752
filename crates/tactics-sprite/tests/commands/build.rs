//! `tactics-sprite build` end to end: the binary writes what the library builds, byte for byte
//! (that the library's build is the shipped table is `sprite-data`'s golden test), reports bad
//! input in one line, and leaves a previous output untouched when it fails.

use crate::common;

use crate::common::s;
use sprite_data::NamedBytes;
use sprite_data::profile::UnitKind;
use sprite_inputs::build::{build_demo, build_from_bytes};
use test_support::{repo_root, retail_file, temp_dir};

#[test]
fn builds_the_demo_with_a_profile_file() {
    let root = repo_root();
    let dir = temp_dir("demo");
    let out = dir.join("demo.json");
    let run = common::run([
        "build",
        "--shp",
        s(&test_support::fixtures::demo("DEMO.SHP")),
        "--seq",
        s(&test_support::fixtures::demo("DEMO.SEQ")),
        "--profile",
        s(&root.join("crates/sprite-data/profiles/demo.toml")),
        "-o",
        s(&out),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8(run.stdout).unwrap();
    assert!(
        stdout.contains("the synthetic demo file (not game data)"),
        "{stdout}"
    );
    assert!(stdout.contains("14 sequences, 10 animations"), "{stdout}");
    let built = std::fs::read(&out).unwrap();
    assert_eq!(built, build_demo(None).unwrap().bytes);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn builds_type1_from_the_originals() {
    const TEST: &str = "builds_type1_from_the_originals";
    let (Some(type1_shp), Some(type1_seq)) = (
        retail_file(TEST, "TYPE1.SHP"),
        retail_file(TEST, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let dir = temp_dir("type1");
    let out = dir.join("type1.json");
    let run = common::run([
        "build",
        "--shp",
        s(&type1_shp),
        "--seq",
        s(&type1_seq),
        "--sheet-file",
        "ramza.png",
        "-o",
        s(&out),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8(run.stdout).unwrap();
    assert!(
        stdout.contains("retail TYPE1.SHP") && stdout.contains("retail TYPE1.SEQ"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "197 cells, 364 frames (182 main + 182 water), 218 sequences, 112 animations"
        ),
        "{stdout}"
    );
    let built = String::from_utf8(std::fs::read(&out).unwrap()).unwrap();
    let (shp, seq) = (
        std::fs::read(&type1_shp).unwrap(),
        std::fs::read(&type1_seq).unwrap(),
    );
    let library = build_from_bytes(
        NamedBytes {
            name: "TYPE1.SHP",
            bytes: &shp,
        },
        NamedBytes {
            name: "TYPE1.SEQ",
            bytes: &seq,
        },
        &UnitKind::find("type1").unwrap().load(),
        Some("ramza.png"),
    )
    .unwrap();
    assert!(built.contains("\"sheet\": {\"file\": \"ramza.png\""));
    assert_eq!(built.as_bytes(), library.bytes);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_build_leaves_the_previous_output_and_says_why_in_one_line() {
    let root = repo_root();
    let dir = temp_dir("fails");
    let out = dir.join("doc.json");
    std::fs::write(&out, "previous output\n").unwrap();
    let truncated = dir.join("SHORT.SEQ");
    let seq = std::fs::read(test_support::fixtures::demo("DEMO.SEQ")).unwrap();
    std::fs::write(&truncated, &seq[..seq.len() - 3]).unwrap();
    let run = common::run([
        "build",
        "--shp",
        s(&test_support::fixtures::demo("DEMO.SHP")),
        "--seq",
        s(&truncated),
        "--profile",
        s(&root.join("crates/sprite-data/profiles/demo.toml")),
        "-o",
        s(&out),
    ]);
    test_support::cli::assert_exit(&run, 1);
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("SHORT.SEQ: at byte 0x0404: stream length L"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous output\n");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "no temporary file left behind: {leftovers:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn build_usage_errors_exit_2() {
    test_support::cli::assert_exit(&common::run(["build", "--shp", "a"]), 2);
}

/// A modded file (one delay changed) still builds, and the report says which input is retail and
/// which is not.
#[test]
fn a_modified_file_builds_and_is_named_as_modified() {
    const TEST: &str = "a_modified_file_builds_and_is_named_as_modified";
    let (Some(type1_shp), Some(type1_seq)) = (
        retail_file(TEST, "TYPE1.SHP"),
        retail_file(TEST, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let dir = temp_dir("modified");
    let mut seq = std::fs::read(&type1_seq).unwrap();
    // Slot 6 (Walk Fwd), at stream offset 0x0C (docs/formats/seq.md 3.5): its first delay, 6 ticks.
    let first_delay = 0x406 + 0x0C + 1;
    assert_eq!(seq[first_delay], 6);
    seq[first_delay] = 8;
    let modded = dir.join("TYPE1.SEQ");
    std::fs::write(&modded, &seq).unwrap();
    let out = dir.join("doc.json");
    let run = common::run([
        "build",
        "--shp",
        s(&type1_shp),
        "--seq",
        s(&modded),
        "-o",
        s(&out),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8(run.stdout).unwrap();
    assert!(stdout.contains("retail TYPE1.SHP"), "{stdout}");
    assert!(
        stdout.contains("TYPE1.SEQ: 6754 bytes, modified"),
        "{stdout}"
    );
    let doc = std::fs::read_to_string(&out).unwrap();
    assert!(doc.contains("\"name\": \"Walk Fwd\", \"loop\": true, \"frames\": [11, 10, 9, 10, 11, 12, 13, 12], \"ticks\": [8, 8, 10,"), "the walk's first delay is now 8");
    std::fs::remove_dir_all(&dir).unwrap();
}
