//! `cargo xtask build-data --check`: fails on a stale document, passes on a fresh one, and never
//! writes. Runs on the synthetic demo pair, so it needs no game files.

use std::path::Path;
use std::process::{Command, Output};

use sprite_data::Document;
use test_support::{repo_root, temp_dir};

/// Runs the xtask binary without game files, so that it builds the demo pair.
fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .env_remove(test_support::ORIGINALS_VAR)
        .output()
        .expect("xtask runs")
}

fn text(run: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    )
}

fn check_out(dir: &Path) -> Output {
    xtask(&["build-data", "--check", "--out", dir.to_str().unwrap()])
}

#[test]
fn check_fails_on_a_stale_document_and_passes_on_a_fresh_one() {
    if repo_root().join("originals").is_dir() {
        eprintln!("SKIPPED: originals/ at the repository root makes build-data build TYPE1");
        return;
    }
    let dir = temp_dir("xtask-check");
    let file = dir.join("tactics-sprite-data.json");
    let fresh = std::fs::read(test_support::fixtures::demo_document()).unwrap();

    // Missing: stale.
    let run = check_out(&dir);
    test_support::cli::assert_exit(&run, 1);
    assert!(text(&run).contains("missing"), "{}", text(&run));
    assert!(!file.exists(), "--check writes nothing");

    // One tick changed: stale, and the line names it with both values.
    let mut doc: Document = serde_json::from_slice(&fresh).unwrap();
    let tick = doc.sequences[0].ticks[0];
    doc.sequences[0].ticks[0] = tick + 1;
    let stale = sprite_data::to_canonical_bytes(&doc);
    std::fs::write(&file, &stale).unwrap();
    let run = check_out(&dir);
    test_support::cli::assert_exit(&run, 1);
    let expected = format!(
        "sequences[0] {:?} .ticks[0]: file {}, build {tick}",
        doc.sequences[0].name,
        tick + 1
    );
    assert!(text(&run).contains(&expected), "{}", text(&run));
    assert!(
        text(&run).contains("1 of 1 document is stale (nothing was written)"),
        "{}",
        text(&run)
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        stale,
        "--check writes nothing"
    );

    // The same document re-indented: still stale, as not the canonical bytes.
    let value: serde_json::Value = serde_json::from_slice(&fresh).unwrap();
    std::fs::write(&file, serde_json::to_string(&value).unwrap()).unwrap();
    let run = check_out(&dir);
    test_support::cli::assert_exit(&run, 1);
    assert!(text(&run).contains("the same document, but not its canonical bytes"));

    // Fresh: passes.
    std::fs::write(&file, &fresh).unwrap();
    let run = check_out(&dir);
    test_support::cli::assert_exit(&run, 0);
    assert!(text(&run).contains("all 1 document is fresh (nothing was written)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_holds_the_shipped_fixture_to_the_build() {
    if repo_root().join("originals").is_dir() {
        eprintln!("SKIPPED: originals/ at the repository root makes build-data build TYPE1");
        return;
    }
    let run = xtask(&["build-data", "--check"]);
    test_support::cli::assert_exit(&run, 0);
    assert!(
        text(&run).contains("fresh   fixtures/documents/demo.json"),
        "{}",
        text(&run)
    );
}

#[test]
fn check_holds_every_shipped_kind_to_the_originals() {
    const TEST: &str = "check_holds_every_shipped_kind_to_the_originals";
    let Some(originals) = test_support::originals(TEST) else {
        return;
    };
    // `--all` builds every kind: each of their files must be there (a partial folder skips).
    for file in test_support::RETAIL_FILES {
        if test_support::retail_file(TEST, file.disc_name).is_none() {
            return;
        }
    }
    let run = xtask(&[
        "build-data",
        "--check",
        "--all",
        "--originals",
        originals.to_str().unwrap(),
    ]);
    test_support::cli::assert_exit(&run, 0);
    // The 8 unit kinds and the 3 layers (WEP1, WEP2, EFF1), each held to its shipped file.
    assert!(
        text(&run).contains("all 11 documents are fresh"),
        "{}",
        text(&run)
    );
    for layer in ["wep1", "wep2", "eff1"] {
        assert!(
            text(&run).contains(&format!("fresh   fixtures/layers/{layer}.json")),
            "{}",
            text(&run)
        );
    }
}

/// A layer's `--check --out DIR`: the shipped layer document copied there is fresh; with one tick
/// of WEP1 slot 0 changed (4 in the game's listing: `8 4, 6 2, 7 8, ...`) it is stale, and the
/// line names the path with both values; nothing is written.
#[test]
fn check_holds_a_layer_document_to_its_build() {
    const TEST: &str = "check_holds_a_layer_document_to_its_build";
    let Some(originals) = test_support::originals(TEST) else {
        return;
    };
    if test_support::retail_file(TEST, "WEP1.SHP").is_none()
        || test_support::retail_file(TEST, "WEP1.SEQ").is_none()
    {
        return;
    }
    let dir = temp_dir("xtask-check-layer");
    let file = dir.join("wep1.tactics-sprite-layer.json");
    let shipped = std::fs::read(test_support::fixtures::layer("wep1")).unwrap();
    let check = || {
        xtask(&[
            "build-data",
            "--check",
            "--kind",
            "wep1",
            "--originals",
            originals.to_str().unwrap(),
            "--out",
            dir.to_str().unwrap(),
        ])
    };
    std::fs::write(&file, &shipped).unwrap();
    let run = check();
    test_support::cli::assert_exit(&run, 0);
    assert!(
        text(&run).contains("all 1 document is fresh (nothing was written)"),
        "{}",
        text(&run)
    );

    let mut value: serde_json::Value = serde_json::from_slice(&shipped).unwrap();
    assert_eq!(value["sequences"][0]["ticks"][0], 4);
    value["sequences"][0]["ticks"][0] = 5.into();
    let stale = serde_json::to_vec(&value).unwrap();
    std::fs::write(&file, &stale).unwrap();
    let run = check();
    test_support::cli::assert_exit(&run, 1);
    assert!(
        text(&run).contains("ticks[0]: file 5, build 4"),
        "{}",
        text(&run)
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        stale,
        "--check writes nothing"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
