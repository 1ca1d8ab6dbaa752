//! The canonical layout of a committed document, checked on its text. (That the committed
//! documents are what the builder writes today is `golden.rs`.)

use test_support::repo_root;

fn committed(name: &str) -> String {
    let path = repo_root().join("fixtures/documents").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The canonical layout (docs/derivation.md "Canonical bytes"), checked on the text itself.
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
