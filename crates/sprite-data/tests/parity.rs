//! The committed documents under `fixtures/documents/` are exactly what the builder writes today.
//! A stale or hand-edited file fails here with the differing lines; `cargo xtask bless` is the
//! only way to regenerate them.

use sprite_data::Profile;
use sprite_data::pipeline::{Source, build_demo, build_from_sources};
use test_support::{assert_same_text, repo_root, retail_bytes, text_difference};

fn committed(name: &str) -> String {
    let path = repo_root().join("fixtures/documents").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn demo_document_matches_the_shipped_table() {
    let built = build_demo(None).expect("the demo builds");
    assert_same_text(
        "fixtures/documents/demo.json",
        &committed("demo.json"),
        &String::from_utf8(built.bytes).unwrap(),
    );
}

#[test]
fn type1_document_matches_the_shipped_table() {
    const TEST: &str = "type1_document_matches_the_shipped_table";
    let (Some(shp), Some(seq)) = (
        retail_bytes(TEST, "TYPE1.SHP"),
        retail_bytes(TEST, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let build = || {
        build_from_sources(
            Source {
                name: "TYPE1.SHP",
                bytes: &shp,
            },
            Source {
                name: "TYPE1.SEQ",
                bytes: &seq,
            },
            &Profile::type1(),
            None,
        )
        .expect("TYPE1 builds")
        .bytes
    };
    let first = build();
    assert_eq!(
        first,
        build(),
        "two builds of the same inputs give the same bytes"
    );
    assert_same_text(
        "fixtures/documents/type1.json",
        &committed("type1.json"),
        &String::from_utf8(first).unwrap(),
    );
}

/// One wrong byte in a shipped table is reported by line, with both versions of the line.
#[test]
fn a_wrong_byte_is_reported_by_line() {
    let shipped = committed("demo.json");
    let line = shipped
        .lines()
        .position(|l| l.contains("\"Attack Fwd\""))
        .expect("the demo has Attack Fwd");
    let tampered = shipped.replacen(
        "\"Attack Fwd\", \"loop\": false",
        "\"Attack Fwd\", \"loop\": true",
        1,
    );
    assert_ne!(tampered, shipped);
    let report = text_difference(&shipped, &tampered).expect("a difference");
    assert!(report.starts_with("1 of "), "{report}");
    assert!(report.contains(&format!("line {}:", line + 1)), "{report}");
    assert!(report.contains("\"loop\": true"), "{report}");
}

/// The canonical layout (data-contract.md "Canonical bytes"), checked on the text itself.
#[test]
fn canonical_layout() {
    let text = committed("demo.json");
    assert!(
        text.ends_with("}\n") && !text.ends_with("\n\n"),
        "one final newline"
    );
    assert!(!text.contains('\r'), "\\n line ends");
    assert!(
        text.lines().all(|l| !l.ends_with(' ')),
        "no trailing spaces"
    );
    let top: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  \""))
        .map(|l| l.trim_start().split('"').nth(1).unwrap())
        .collect();
    assert_eq!(
        top,
        [
            "format",
            "formatVersion",
            "version",
            "notice",
            "sheet",
            "stage",
            "waterOffset",
            "idleFrames",
            "cells",
            "frames",
            "sequences",
            "animations",
            "hands",
            "holds",
            "heldItemScale"
        ]
    );
    for one_line in ["sheet", "stage", "idleFrames"] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("  \"{one_line}\": ")))
            .unwrap();
        assert!(
            line.ends_with("},") || line.ends_with("],"),
            "{one_line} on one line: {line}"
        );
    }
    assert!(text.contains(
        "  \"cells\": [\n    {\"id\": 0, \"x\": 240, \"y\": 176, \"w\": 8, \"h\": 8},\n"
    ));
    assert!(text.contains("\n  \"heldItemScale\": 4.5\n}"));
    assert!(text.contains("\"hitTick\": null"));
    assert!(text.contains("  \"hands\": null,\n  \"holds\": null,\n"));
    // The version is the workspace's.
    assert!(text.contains(&format!(
        "  \"version\": \"{}\",\n",
        env!("CARGO_PKG_VERSION")
    )));
}
