//! Nothing lost: when the disk refuses the output half way, the previous file stays as it was, no
//! temporary file is left behind, and the error says what happened in one line.
//!
//! The disk is made "full" with a file-size limit (`ulimit -f`), which holds for root too; the
//! shell ignores SIGXFSZ so that the write fails with EFBIG instead of killing the process.

use std::process::Command;

use crate::common::s;
use test_support::{repo_root, temp_dir};

#[test]
fn a_full_disk_leaves_the_previous_document_intact() {
    let root = repo_root();
    let dir = temp_dir("full");
    let out = dir.join("doc.json");
    std::fs::write(&out, "previous output\n").unwrap();
    // 4 KiB may be written; the demo document is 7 KiB.
    let script = format!(
        "trap '' XFSZ; ulimit -f 4; exec '{}' build --shp '{}' --seq '{}' --profile '{}' -o '{}'",
        env!("CARGO_BIN_EXE_tactics-sprite"),
        s(&test_support::fixtures::demo("DEMO.SHP")),
        s(&test_support::fixtures::demo("DEMO.SEQ")),
        s(&root.join("crates/sprite-data/profiles/demo.toml")),
        s(&out)
    );
    let run = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .output()
        .unwrap();
    test_support::cli::assert_exit(&run, 1);
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("doc.json: cannot write"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous output\n");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        names,
        [std::ffi::OsString::from("doc.json")],
        "no temporary file left behind"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_output_that_cannot_be_replaced_is_an_error_and_nothing_is_left() {
    let root = repo_root();
    let dir = temp_dir("dir");
    // The output path is a folder with a file in it: the final rename cannot replace it.
    let out = dir.join("doc.json");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("keep"), "kept").unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args([
            "build",
            "--shp",
            s(&test_support::fixtures::demo("DEMO.SHP")),
            "--seq",
            s(&test_support::fixtures::demo("DEMO.SEQ")),
        ])
        .args([
            "--profile",
            s(&root.join("crates/sprite-data/profiles/demo.toml")),
            "-o",
            s(&out),
        ])
        .output()
        .unwrap();
    test_support::cli::assert_exit(&run, 1);
    assert_eq!(String::from_utf8(run.stderr).unwrap().lines().count(), 1);
    assert_eq!(std::fs::read_to_string(out.join("keep")).unwrap(), "kept");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 1, "no temporary file left behind: {names:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
