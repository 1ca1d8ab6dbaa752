//! The canonical bytes of a document (data-contract.md "Canonical bytes"): two-space indent, one
//! top-level key per line, `sheet`/`stage`/`idleFrames` on one line, one element per line in the
//! four big lists, `", "` and `": "` inside a line, a final newline. The same document always
//! gives the same bytes, so parity tests compare files.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

use crate::document::{Animation, Cell, Document, FrameTile, Sequence, SequenceEvent};

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

/// Appends the document's canonical bytes to `out`.
///
/// # Errors
/// None in practice: only the serialization of the overlays and of `heldItemScale` goes through
/// a fallible writer.
pub fn write_canonical(out: &mut Vec<u8>, d: &Document) -> io::Result<()> {
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
fn list<T: Line>(out: &mut Vec<u8>, name: &str, items: &[T]) -> io::Result<()> {
    key(out, name)?;
    if items.is_empty() {
        out.extend_from_slice(b"[],\n");
        return Ok(());
    }
    out.extend_from_slice(b"[\n");
    for (i, item) in items.iter().enumerate() {
        out.extend_from_slice(b"    ");
        item.write_line(out);
        out.extend_from_slice(if i + 1 < items.len() { b",\n" } else { b"\n" });
    }
    out.extend_from_slice(b"  ],\n");
    Ok(())
}

/// An element of the four big lists, written on its one line by hand: these lines are most of a
/// document, and writing them directly is several times faster than going through serde. Their
/// keys and order must stay those of the `document` types' serde derives; a test compares the
/// two on every shipped document.
trait Line {
    fn write_line(&self, out: &mut Vec<u8>);
}

impl Line for Cell {
    fn write_line(&self, out: &mut Vec<u8>) {
        let mut o = Obj::open(out);
        o.uint("id", self.id.0);
        o.uint("x", self.x);
        o.uint("y", self.y);
        o.uint("w", self.w);
        o.uint("h", self.h);
        o.close();
    }
}

impl Line for Vec<FrameTile> {
    fn write_line(&self, out: &mut Vec<u8>) {
        out.push(b'[');
        for (i, tile) in self.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(b", ");
            }
            out.push(b'[');
            push_int(out, tile.cell.0);
            out.extend_from_slice(b", ");
            push_int(out, tile.u);
            out.extend_from_slice(b", ");
            push_int(out, tile.v);
            if tile.flip || tile.flip_y {
                out.extend_from_slice(if tile.flip { b", 1" } else { b", 0" });
            }
            if tile.flip_y {
                out.extend_from_slice(b", 1");
            }
            out.push(b']');
        }
        out.push(b']');
    }
}

impl Line for Sequence {
    fn write_line(&self, out: &mut Vec<u8>) {
        let mut o = Obj::open(out);
        o.uint("seq", self.seq.0);
        o.uint("raw", self.raw.0);
        o.string("name", &self.name);
        o.boolean("loop", self.looping);
        o.ints(
            "frames",
            &self.frames.iter().map(|f| f.0).collect::<Vec<_>>(),
        );
        o.ints("ticks", &self.ticks);
        for (name, values) in [("fb", &self.fb), ("du", &self.du), ("rl", &self.rl)] {
            if let Some(values) = values {
                o.ints(name, values);
            }
        }
        if let Some(flip) = &self.flip {
            o.ints("flip", flip);
        }
        if let Some(sheet) = self.sheet {
            o.uint("sheet", sheet);
        }
        o.key("events");
        o.out.push(b'[');
        for (i, SequenceEvent(tick, label)) in self.events.iter().enumerate() {
            if i > 0 {
                o.out.extend_from_slice(b", ");
            }
            o.out.push(b'[');
            push_int(o.out, *tick);
            o.out.extend_from_slice(b", ");
            push_string(o.out, label);
            o.out.push(b']');
        }
        o.out.push(b']');
        if let Some(layers) = &self.layers {
            o.key("layers");
            inline(o.out, layers).expect("writing to a Vec cannot fail");
        }
        o.close();
    }
}

impl Line for Animation {
    fn write_line(&self, out: &mut Vec<u8>) {
        let mut o = Obj::open(out);
        o.string("name", &self.name);
        o.string("category", &self.category);
        o.uint("front", self.front.0);
        o.uint("back", self.back.0);
        o.boolean("loop", self.looping);
        o.key("hitTick");
        match self.hit_tick {
            Some(tick) => push_int(o.out, tick),
            None => o.out.extend_from_slice(b"null"),
        }
        o.boolean("water", self.water);
        if let Some(mode) = &self.mode {
            o.string("mode", mode);
        }
        o.close();
    }
}

/// An object on one line: `{"k": v, "k": v}`.
struct Obj<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> Obj<'a> {
    fn open(out: &'a mut Vec<u8>) -> Self {
        out.push(b'{');
        Self { out, first: true }
    }

    #[inline(always)]
    fn key(&mut self, name: &str) {
        if !self.first {
            self.out.extend_from_slice(b", ");
        }
        self.first = false;
        self.out.push(b'"');
        self.out.extend_from_slice(name.as_bytes());
        self.out.extend_from_slice(b"\": ");
    }

    fn uint(&mut self, name: &str, value: impl Into<i64>) {
        self.key(name);
        push_int(self.out, value);
    }

    fn boolean(&mut self, name: &str, value: bool) {
        self.key(name);
        self.out
            .extend_from_slice(if value { b"true" } else { b"false" });
    }

    fn string(&mut self, name: &str, value: &str) {
        self.key(name);
        push_string(self.out, value);
    }

    fn ints<T: Into<i64> + Copy>(&mut self, name: &str, values: &[T]) {
        self.key(name);
        self.out.push(b'[');
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            push_int(self.out, *value);
        }
        self.out.push(b']');
    }

    fn close(self) {
        self.out.push(b'}');
    }
}

/// An integer's decimal digits. The values are small (frame indices, ticks, pixels, ids), and
/// pushing a digit at a time costs less than formatting into a buffer and copying it out.
fn push_int(out: &mut Vec<u8>, value: impl Into<i64>) {
    let value: i64 = value.into();
    if value < 0 {
        out.push(b'-');
    }
    let mut rest = value.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut first = digits.len();
    loop {
        first -= 1;
        digits[first] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &digit in &digits[first..] {
        out.push(digit);
    }
}

/// A JSON string, escaped as serde_json escapes it.
fn push_string(out: &mut Vec<u8>, value: &str) {
    if value.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push(b'"');
        out.extend_from_slice(value.as_bytes());
        out.push(b'"');
    } else {
        serde_json::to_writer(&mut *out, value).expect("a string always serializes");
    }
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

#[cfg(test)]
mod tests {
    use super::push_int;

    #[test]
    fn integers_are_written_as_rust_writes_them() {
        for value in [
            0i64,
            7,
            10,
            99,
            100,
            -1,
            -10,
            65535,
            i64::from(i32::MIN),
            i64::from(u32::MAX),
            i64::MIN,
            i64::MAX,
        ] {
            let mut out = Vec::new();
            push_int(&mut out, value);
            assert_eq!(String::from_utf8(out).unwrap(), value.to_string());
        }
    }
}
