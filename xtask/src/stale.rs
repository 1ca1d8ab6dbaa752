//! `cargo xtask build-data --check`: the stale-file check for generated documents (unit documents
//! and the weapon and effect layer documents). Each document is built in memory and compared with
//! the file already at its place; nothing is written, and any file that is missing, not a
//! document, or not byte for byte the build fails the task.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use sprite_data::Document;
use sprite_data::compare::{
    Difference, DocumentFormat, compare, compare_values_as, first_byte_difference,
};
use sprite_inputs::ErrorKind;
use sprite_inputs::build::Build;
use sprite_inputs::read::read_input;

/// Differences listed per stale file before the rest are counted.
const SHOWN: usize = 10;

/// One built document and the file it is held to.
pub struct Expected<'a> {
    pub path: PathBuf,
    pub built: Built<'a>,
}

/// What was built in memory.
pub enum Built<'a> {
    /// A unit document, with the build's document to name what differs.
    Unit(&'a Build),
    /// A layer document's canonical bytes (`sprite_data::layer`).
    Layer(&'a [u8]),
}

/// Compares each build with its file and prints one verdict per file; fails when any is stale,
/// naming the command that regenerates it (`regenerate`).
pub fn check(expected: &[Expected], root: &Path, regenerate: &str) -> Result<()> {
    let mut stale = 0;
    for item in expected {
        let shown = item
            .path
            .strip_prefix(root)
            .unwrap_or(&item.path)
            .display()
            .to_string();
        match verdict(&item.path, &item.built) {
            None => println!("fresh   {shown}"),
            Some(lines) => {
                stale += 1;
                println!("STALE   {shown}");
                for line in lines {
                    println!("        {line}");
                }
            }
        }
    }
    if stale > 0 {
        bail!(
            "{stale} of {} document{} stale (nothing was written); `{regenerate}` regenerates {}",
            expected.len(),
            if expected.len() == 1 { " is" } else { "s are" },
            if stale == 1 { "it" } else { "them" }
        );
    }
    println!(
        "all {} document{} fresh (nothing was written)",
        expected.len(),
        if expected.len() == 1 { " is" } else { "s are" }
    );
    Ok(())
}

/// `None` when the file holds exactly the build's bytes, else why not, in lines.
fn verdict(path: &Path, built: &Built) -> Option<Vec<String>> {
    let bytes = match read_input(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            return Some(vec![match error.kind() {
                ErrorKind::Io(io) if io.kind() == std::io::ErrorKind::NotFound => {
                    "missing: no file there yet".to_owned()
                }
                ErrorKind::Io(io) => format!("cannot read: {io}"),
                other => format!("cannot read: {other}"),
            }]);
        }
    };
    let built_bytes = match built {
        Built::Unit(output) => &output.bytes[..],
        Built::Layer(bytes) => bytes,
    };
    let first = first_byte_difference(&bytes, built_bytes)?;
    let differences = match built {
        Built::Unit(output) => match serde_json::from_slice::<Document>(&bytes) {
            Ok(committed) => compare(&committed, &output.document),
            Err(error) => return Some(vec![format!("not a sprite-data document: {error}")]),
        },
        Built::Layer(built_bytes) => {
            let committed = match serde_json::from_slice(&bytes) {
                Ok(value) => value,
                Err(error) => return Some(vec![format!("not a layer document: {error}")]),
            };
            let built: serde_json::Value =
                serde_json::from_slice(built_bytes).expect("a built layer document is JSON");
            compare_values_as(DocumentFormat::Layer, &committed, &built)
        }
    };
    if differences.is_empty() {
        return Some(vec![format!(
            "the same document, but not its canonical bytes: first difference at byte {} (line {}, column {})",
            first.offset, first.line, first.column
        )]);
    }
    Some(describe(&differences))
}

/// The differences as lines, the first [`SHOWN`] of them in full.
fn describe(differences: &[Difference]) -> Vec<String> {
    let mut lines = vec![format!(
        "{} difference{} (file, then build):",
        differences.len(),
        if differences.len() == 1 { "" } else { "s" }
    )];
    lines.extend(
        differences
            .iter()
            .take(SHOWN)
            .map(|d| d.describe("file", "build")),
    );
    if differences.len() > SHOWN {
        lines.push(format!("... and {} more", differences.len() - SHOWN));
    }
    lines
}
