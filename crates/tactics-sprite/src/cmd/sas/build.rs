//! `build --sas`: the JSON document of a SAS set (schema `schemas/sas-set.schema.json`).

use std::path::Path;

use anyhow::Context;
use faults::Shown;
use sprite_data::output::write_atomically;

use super::super::{Failure, Outcome};
use super::{SasOptions, load_set};

/// Builds the document of the set at `path` and writes it to `out` atomically.
///
/// # Errors
/// An input that cannot be read or decoded, or an output that cannot be written; a usage error
/// for an `--entry` the file does not have.
pub fn run(path: &Path, options: &SasOptions, sheet_file: Option<&str>, out: &Path) -> Outcome {
    let loaded = load_set(path, options.entry).map_err(|error| Failure::of("build", error))?;
    let meanings = options.table();
    let bytes = sas_formats::document::to_bytes(&loaded.set, &meanings, sheet_file);
    let set = &loaded.set;
    println!(
        "input   {} ({}, {}, scale {})",
        loaded.name,
        set.version,
        set.byte_order.name(),
        set.scale
    );
    println!(
        "counts  {} animations, {} sprites, {} sequences, {} dead frames",
        set.animations.len(),
        set.sprites.len(),
        set.blocks().count(),
        set.dead_frame_count()
    );
    println!(
        "meanings {} (frame types 8 and 9 are disputed)",
        meanings.name
    );
    write_atomically(out, &bytes).with_context(|| format!("{}: cannot write", Shown(&out)))?;
    println!("wrote   {} ({} bytes)", Shown(&out), bytes.len());
    println!("sha256  {}", sprite_inputs::retail::sha256_hex(&bytes));
    Ok(())
}
