//! Two files of one kind compared into findings: two SEQ files slot by slot and command by
//! command (`seq`, aligned so that an inserted command is one difference), two SHP files frame
//! by frame and tile by tile with the byte offset of each record (`shp`), two SPR sheets
//! palette by palette and their pixels, two halves of HD sheets (`spr`); bytes that differ
//! outside anything decoded still make the files differ.

mod seq;
mod shp;
mod spr;

pub use spr::{SheetChange, sheet_change};

use fft_formats::FileFormat;
use serde_json::Value;
use sprite_data::compare::{self, JsonPath, Step};

use crate::Result;
use crate::error::Error;
use crate::findings::Finding;

/// One side of the comparison: its name in messages (its path, or `IMAGE:BATTLE/TYPE1.SEQ`), its
/// bytes, and the format of the text form they were assembled from, if they were.
pub struct Side {
    pub name: String,
    pub bytes: Vec<u8>,
    pub text: Option<FileFormat>,
}

impl Side {
    /// A decoder's error, naming this file.
    fn error(&self, error: impl std::fmt::Display) -> Error {
        Error::file(&self.name, error)
    }
}

/// What differs between `a` and `b`, two files of the format `kind`.
///
/// # Errors
/// Either file does not decode as `kind` (named, with the decoder's words).
pub fn files(a: &Side, b: &Side, kind: FileFormat) -> Result<Vec<Finding>> {
    let mut findings = match kind {
        FileFormat::Seq => seq::diff(a, b)?,
        FileFormat::UnitShp => shp::diff_unit(a, b)?,
        FileFormat::WeaponShp => shp::diff_weapon(a, b)?,
        FileFormat::Spr => spr::diff(a, b)?,
        FileFormat::HdHalf => spr::diff_hd_half(a, b)?,
        // No model comparison yet: the bytes below say where two tables differ.
        FileFormat::Nxd => Vec::new(),
    };
    // Bytes no model field shows (dead stream bytes before the first slot, say) still
    // make the files differ.
    if findings.is_empty() {
        if let Some(first) = compare::first_byte_difference(&a.bytes, &b.bytes) {
            findings.push(finding(
                "bytes",
                &[PathStep::Key("bytes")],
                format!(
                    "bytes: first difference at 0x{:X}, outside anything decoded ({} and {} bytes)",
                    first.offset,
                    a.bytes.len(),
                    b.bytes.len()
                ),
                Some(a.bytes.len().into()),
                Some(b.bytes.len().into()),
            ));
        }
    }
    Ok(findings)
}

/// A path from steps written as `key` or `[index]`: `path(&["slots"], &[102])`-like helpers for the
/// file diffs.
fn path(steps: &[PathStep]) -> JsonPath {
    JsonPath(
        steps
            .iter()
            .map(|s| match s {
                PathStep::Key(k) => Step::Key((*k).to_owned()),
                PathStep::Index(i) => Step::Index(*i),
            })
            .collect(),
    )
}

enum PathStep {
    Key(&'static str),
    Index(usize),
}

/// A finding of a file diff.
fn finding(
    group: &str,
    steps: &[PathStep],
    text: String,
    left: Option<Value>,
    right: Option<Value>,
) -> Finding {
    Finding {
        group: group.to_owned(),
        path: path(steps),
        text,
        left,
        right,
        anchor: None,
        line: None,
    }
}
