//! The canonical bytes of a document (data-contract.md "Canonical bytes"): two-space indent, one
//! top-level key per line, `sheet`/`stage`/`idleFrames` on one line, one element per line in the
//! four big lists, `", "` and `": "` inside a line, a final newline. The same document always
//! gives the same bytes, so parity tests compare files.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

use crate::document::Document;

/// The document's canonical bytes.
pub fn to_canonical_bytes(document: &Document) -> Vec<u8> {
    // About 250 bytes per frame, sequence or animation line: TYPE1's 90914 bytes in one allocation.
    let lines = document.cells.len()
        + document.frames.len()
        + document.sequences.len()
        + document.animations.len();
    let mut out = Vec::with_capacity(1024 + 128 * lines);
    write_canonical(&mut out, document).expect("writing to a Vec cannot fail");
    out
}

/// Writes the document's canonical bytes.
///
/// # Errors
/// Only the writer's own errors.
pub fn write_canonical(out: &mut impl Write, d: &Document) -> io::Result<()> {
    out.write_all(b"{\n")?;
    line(out, "format", &d.format)?;
    line(out, "formatVersion", &d.format_version)?;
    line(out, "version", &d.version)?;
    line(out, "notice", &d.notice)?;
    line(out, "sheet", &d.sheet)?;
    if let Some(sp2) = &d.sp2 {
        line(out, "sp2", sp2)?;
    }
    line(out, "stage", &d.stage)?;
    line(out, "waterOffset", &d.water_offset)?;
    line(out, "idleFrames", &d.idle_frames)?;
    if let Some(flips) = &d.idle_flip {
        line(out, "idleFlip", flips)?;
    }
    list(out, "cells", &d.cells)?;
    list(out, "frames", &d.frames)?;
    list(out, "sequences", &d.sequences)?;
    list(out, "animations", &d.animations)?;
    object_or_null(out, "hands", d.hands.as_ref())?;
    object_or_null(out, "holds", d.holds.as_ref())?;
    key(out, "heldItemScale")?;
    inline(out, &d.held_item_scale)?;
    out.write_all(b"\n}\n")
}

fn key(out: &mut impl Write, name: &str) -> io::Result<()> {
    write!(out, "  \"{name}\": ")
}

/// `  "key": value,` with the value on the same line.
fn line(out: &mut impl Write, name: &str, value: &impl Serialize) -> io::Result<()> {
    key(out, name)?;
    inline(out, value)?;
    out.write_all(b",\n")
}

/// `  "key": [`, one element per line, `  ],`.
fn list<T: Serialize>(out: &mut impl Write, name: &str, items: &[T]) -> io::Result<()> {
    key(out, name)?;
    if items.is_empty() {
        return out.write_all(b"[],\n");
    }
    out.write_all(b"[\n")?;
    for (i, item) in items.iter().enumerate() {
        out.write_all(b"    ")?;
        inline(out, item)?;
        out.write_all(if i + 1 < items.len() { b",\n" } else { b"\n" })?;
    }
    out.write_all(b"  ],\n")
}

/// `null`, or an object with one entry per line (the overlays can be large).
fn object_or_null(
    out: &mut impl Write,
    name: &str,
    value: Option<&serde_json::Value>,
) -> io::Result<()> {
    key(out, name)?;
    match value.and_then(serde_json::Value::as_object) {
        None => out.write_all(b"null,\n"),
        Some(map) if map.is_empty() => out.write_all(b"{},\n"),
        Some(map) => {
            out.write_all(b"{\n")?;
            for (i, (k, v)) in map.iter().enumerate() {
                out.write_all(b"    ")?;
                inline(out, k)?;
                out.write_all(b": ")?;
                inline(out, v)?;
                out.write_all(if i + 1 < map.len() { b",\n" } else { b"\n" })?;
            }
            out.write_all(b"  },\n")
        }
    }
}

/// A value on one line with `", "` between items and `": "` after keys.
fn inline(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    let mut serializer = Serializer::with_formatter(out, OneLine);
    value.serialize(&mut serializer).map_err(io::Error::other)
}

/// serde_json's compact output with a space after each separator.
struct OneLine;

impl Formatter for OneLine {
    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }
}
