//! The canonical writer writes its big lists by hand, for speed. Two independent checks hold it
//! to the document types: every shipped document read back and written again gives the same
//! bytes, and a second writer here, built only on the types' serde derives and the contract's
//! layout rules, gives the same bytes too.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};
use sprite_data::document::Document;
use sprite_data::to_canonical_bytes;
use test_support::{assert_same_text, repo_root};

fn shipped() -> Vec<(String, String)> {
    let dir = repo_root().join("fixtures/documents");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 2,
        "the shipped documents are in {}",
        dir.display()
    );
    files
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn shipped_documents_read_back_and_written_again_are_the_same_bytes() {
    for (name, text) in shipped() {
        let document: Document =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_same_text(
            &name,
            &text,
            &String::from_utf8(to_canonical_bytes(&document)).unwrap(),
        );
    }
}

#[test]
fn the_hand_writer_agrees_with_one_built_on_serde() {
    for (name, text) in shipped() {
        let document: Document = serde_json::from_str(&text).unwrap();
        let fast = String::from_utf8(to_canonical_bytes(&document)).unwrap();
        assert_same_text(
            &format!("{name} (serde writer)"),
            &serde_canonical(&document),
            &fast,
        );
    }
}

/// The contract's layout, with every value written by serde_json: top-level keys one per line in
/// the types' order, the four big lists one element per line, everything else on one line,
/// `", "` and `": "` inside a line, the overlays one entry per line.
fn serde_canonical(d: &Document) -> String {
    let value = serde_json::to_value(d).unwrap();
    let top = value.as_object().unwrap();
    let mut out = Vec::new();
    out.extend_from_slice(b"{\n");
    for (i, (key, value)) in top.iter().enumerate() {
        write!(out, "  \"{key}\": ").unwrap();
        match (key.as_str(), value) {
            ("cells" | "frames" | "sequences" | "animations", serde_json::Value::Array(items))
                if !items.is_empty() =>
            {
                out.extend_from_slice(b"[\n");
                for (j, item) in items.iter().enumerate() {
                    out.extend_from_slice(b"    ");
                    one_line(&mut out, item);
                    out.extend_from_slice(if j + 1 < items.len() { b",\n" } else { b"\n" });
                }
                out.extend_from_slice(b"  ]");
            }
            ("hands" | "holds", serde_json::Value::Object(map)) if !map.is_empty() => {
                out.extend_from_slice(b"{\n");
                for (j, (k, v)) in map.iter().enumerate() {
                    out.extend_from_slice(b"    ");
                    one_line(&mut out, k);
                    out.extend_from_slice(b": ");
                    one_line(&mut out, v);
                    out.extend_from_slice(if j + 1 < map.len() { b",\n" } else { b"\n" });
                }
                out.extend_from_slice(b"  }");
            }
            _ => one_line(&mut out, value),
        }
        out.extend_from_slice(if i + 1 < top.len() { b",\n" } else { b"\n" });
    }
    out.extend_from_slice(b"}\n");
    String::from_utf8(out).unwrap()
}

fn one_line(out: &mut Vec<u8>, value: &impl Serialize) {
    value
        .serialize(&mut Serializer::with_formatter(out, Spaced))
        .unwrap();
}

struct Spaced;

impl Formatter for Spaced {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { w.write_all(b", ") }
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}
