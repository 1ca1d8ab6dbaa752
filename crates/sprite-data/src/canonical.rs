//! The canonical bytes of a document (docs/derivation.md "Canonical bytes"): two-space indent, one
//! top-level key per line, `sheet`/`stage`/`idleFrames` on one line, one element per line in the
//! four big lists, `", "` and `": "` inside a line, a final newline. The same document always
//! gives the same bytes, so parity tests compare files.
//!
//! The bytes are written by serde: the keys, their order and which optional ones are left out
//! come only from the `document` types' serde declarations. What this module adds is the
//! layout, a [`Formatter`] that knows which top-level values are written one element per line
//! ([`Layout`]); the layer documents use the same formatter with their own layout.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

use crate::document::Document;

/// How a family of documents lays its values out in lines. Every family puts its top-level
/// object's keys one per line, indented two spaces, and ends with `}` and a newline; the rest is
/// given here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The top-level keys whose value, when a non-empty array or object, is written one element
    /// (or entry) per line, indented four spaces, closed by `  ]` (or `  }`) on its own line.
    /// Every other value is written on its key's line.
    pub listed: &'static [&'static str],
    /// The separators inside a line.
    pub within_line: Separators,
}

/// The separators between the items of an array or object written on one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Separators {
    /// `", "` between items and `": "` after a key (the unit documents).
    Spaced,
    /// `","` and `":"` (the layer documents).
    Compact,
}

impl Separators {
    // Each arm writes a constant, which the compiler turns into a store rather than a copy.
    #[inline]
    fn write_item<W: ?Sized + Write>(self, writer: &mut W) -> io::Result<()> {
        match self {
            Self::Spaced => writer.write_all(b", "),
            Self::Compact => writer.write_all(b","),
        }
    }

    #[inline]
    fn write_key<W: ?Sized + Write>(self, writer: &mut W) -> io::Result<()> {
        match self {
            Self::Spaced => writer.write_all(b": "),
            Self::Compact => writer.write_all(b":"),
        }
    }
}

/// The layout of `tactics-sprite-data.json`: the four big lists one element per line, and the
/// `hands` and `holds` overlays (which can be large) one entry per line.
pub const DOCUMENT_LAYOUT: Layout = Layout {
    listed: &[
        "cells",
        "frames",
        "sequences",
        "animations",
        "hands",
        "holds",
    ],
    within_line: Separators::Spaced,
};

/// The document's canonical bytes.
pub fn to_canonical_bytes(document: &Document) -> Vec<u8> {
    // Under 128 bytes a cell, frame, sequence or animation line in every shipped document: TYPE1's
    // 99904 bytes in one allocation.
    let lines = document.cells.len()
        + document.frames.len()
        + document.sequences.len()
        + document.animations.len();
    let mut out = Vec::with_capacity(1024 + 128 * lines);
    write_canonical(Appended(&mut out), document).expect("a document serializes to a Vec");
    out
}

/// A `Vec` written to with its short writes (a bracket, a separator, a number's digits: most
/// of a document's) pushed a byte at a time. Through `Vec`'s own `Write` each is a call that
/// copies with `memcpy`, which in WebAssembly is a `memory.copy` that node runs far slower than
/// a store: two thirds of the module's time writing a document went there.
struct Appended<'a>(&'a mut Vec<u8>);

impl Write for Appended<'_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.len() <= 4 {
            self.0.reserve(bytes.len());
            for &byte in bytes {
                self.0.push(byte);
            }
        } else {
            self.0.extend_from_slice(bytes);
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes the document's canonical bytes to `out`.
///
/// # Errors
/// Only `out`'s own write errors.
pub fn write_canonical(out: impl Write, document: &Document) -> io::Result<()> {
    write_laid_out(out, document, &DOCUMENT_LAYOUT)
}

/// Writes `value`, which serializes as a JSON object, in `layout`: its serde declarations give
/// the keys and their order, `layout` the lines.
///
/// # Errors
/// `out`'s write errors, or the value's own serialization error.
pub fn write_laid_out<T: Serialize + ?Sized>(
    out: impl Write,
    value: &T,
    layout: &Layout,
) -> io::Result<()> {
    let mut serializer = Serializer::with_formatter(out, Lines::new(layout));
    value.serialize(&mut serializer).map_err(io::Error::from)
}

/// The [`Formatter`] behind [`Layout`]. Depth 1 is the top-level object, one key per line; depth
/// 2 is a top-level value, one element per line when its key is listed; everything inside a line
/// is written compactly with the layout's separators.
struct Lines<'a> {
    layout: &'a Layout,
    /// How many arrays and objects are open.
    depth: u32,
    /// The top-level key being written, while it is (`key_open`).
    key: Vec<u8>,
    key_open: bool,
    /// The value of the last top-level key is listed.
    value_listed: bool,
    /// The depth-2 value open now is listed, and it has had an element.
    listing: bool,
    listed_any: bool,
}

impl<'a> Lines<'a> {
    fn new(layout: &'a Layout) -> Self {
        Self {
            layout,
            depth: 0,
            key: Vec::with_capacity(32),
            key_open: false,
            value_listed: false,
            listing: false,
            listed_any: false,
        }
    }

    /// `[` or `{`.
    #[inline]
    fn open<W: ?Sized + Write>(&mut self, writer: &mut W, bracket: u8) -> io::Result<()> {
        self.depth += 1;
        if self.depth == 2 {
            self.listing = self.value_listed;
            self.listed_any = false;
        }
        writer.write_all(&[bracket])
    }

    /// `]` or `}`: on its own line after a listed value, and the top-level object's with the
    /// final newline.
    #[inline]
    fn close<W: ?Sized + Write>(&mut self, writer: &mut W, bracket: u8) -> io::Result<()> {
        let depth = self.depth;
        self.depth -= 1;
        match depth {
            1 => writer.write_all(&[b'\n', bracket, b'\n']),
            2 if self.listed_any => writer.write_all(&[b'\n', b' ', b' ', bracket]),
            _ => writer.write_all(&[bracket]),
        }
    }

    /// Before an element or a key: a new line at depth 1 (indented two spaces) and in a listed
    /// value (four), else the separator inside a line.
    #[inline]
    fn item<W: ?Sized + Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        match self.depth {
            1 => writer.write_all(if first { b"\n  " } else { b",\n  " }),
            2 if self.listing => {
                self.listed_any = true;
                writer.write_all(if first { b"\n    " } else { b",\n    " })
            }
            _ if first => Ok(()),
            _ => self.layout.within_line.write_item(writer),
        }
    }

    /// A key's value is on the line of a top-level key or of a listed value's entry.
    fn on_lines(&self) -> bool {
        self.depth == 1 || (self.depth == 2 && self.listing)
    }
}

impl Formatter for Lines<'_> {
    #[inline]
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b'[')
    }

    #[inline]
    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b']')
    }

    #[inline]
    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(writer, first)
    }

    #[inline]
    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b'{')
    }

    #[inline]
    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b'}')
    }

    #[inline]
    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if self.depth == 1 {
            self.key.clear();
            self.key_open = true;
        }
        self.item(writer, first)
    }

    #[inline]
    fn end_object_key<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        if self.key_open {
            self.key_open = false;
            self.value_listed = self.layout.listed.iter().any(|k| k.as_bytes() == self.key);
        }
        Ok(())
    }

    #[inline]
    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.on_lines() {
            writer.write_all(b": ")
        } else {
            self.layout.within_line.write_key(writer)
        }
    }

    #[inline]
    fn write_u8<W: ?Sized + Write>(&mut self, writer: &mut W, value: u8) -> io::Result<()> {
        write_digits(writer, itoa::Buffer::new().format(value))
    }

    #[inline]
    fn write_u32<W: ?Sized + Write>(&mut self, writer: &mut W, value: u32) -> io::Result<()> {
        write_digits(writer, itoa::Buffer::new().format(value))
    }

    #[inline]
    fn write_i32<W: ?Sized + Write>(&mut self, writer: &mut W, value: i32) -> io::Result<()> {
        write_digits(writer, itoa::Buffer::new().format(value))
    }

    #[inline]
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        if self.key_open {
            self.key.extend_from_slice(fragment.as_bytes());
        }
        writer.write_all(fragment.as_bytes())
    }
}

/// An integer as serde_json writes it (itoa's digits), with the one- and two-digit numbers most of
/// a document's are appended as fixed-size copies rather than calls to `memcpy` (a tenth of the
/// time it takes to write TYPE1's document).
#[inline]
fn write_digits<W: ?Sized + Write>(writer: &mut W, digits: &str) -> io::Result<()> {
    match *digits.as_bytes() {
        [a] => writer.write_all(&[a]),
        [a, b] => writer.write_all(&[a, b]),
        ref longer => writer.write_all(longer),
    }
}
