//! `inspect` on SAS files and `pakd` containers: what the file is, its counts, the frame types it
//! uses and what each table says they mean; with `--verbose` every slot, sprite, quad and frame
//! with its offset and raw bytes, so that someone with the game can check the meanings.
//!
//! The reports are `sprite_report::sas`'s; this module reads the file, picks the report and
//! gives it the command line's words: `--meanings` for the other table, and where to go next
//! after a container's entries.

use std::io::Write as _;
use std::path::Path;

use anyhow::Context;
use faults::Shown;
use sas_formats::Pakd;
use sprite_report::inspect::render;
use sprite_report::sas::{Container, SetReport};

use super::super::{Failure, Outcome, stdout_error};
use super::{SasOptions, Sniffed, load_set, read_input};

/// What follows a container's entries: the commands that go into them.
const CONTAINER_NEXT: &str =
    "(inspect FILE --entry N shows one SAS entry; extract FILE --out DIR writes the entries)\n";

/// Inspects `path` if it is a SAS file or a container: `None` when it is neither.
///
/// # Errors
/// An unreadable or undecodable file, or stdout that cannot be written; a usage error for an
/// `--entry` the file does not have.
pub fn dispatch(path: &Path, options: &SasOptions, json: bool, verbose: bool) -> Option<Outcome> {
    let kind = super::sniff(path)?;
    Some(run(path, kind, options, json, verbose))
}

fn run(path: &Path, kind: Sniffed, options: &SasOptions, json: bool, verbose: bool) -> Outcome {
    let meanings = options.table();
    let text = match (kind, options.entry) {
        (Sniffed::Pakd, None) => {
            let bytes = read_input(path)?;
            let pakd = Pakd::decode(&bytes).with_context(|| Shown(&path).to_string())?;
            let text = |container: &Container| container.text() + CONTAINER_NEXT;
            render(&Container::new(path, &bytes, &pakd), json, text)?
        }
        _ => {
            let loaded =
                load_set(path, options.entry).map_err(|error| Failure::of("inspect", error))?;
            let ask_for_table = |table: &str| format!("--meanings {table}");
            let report = SetReport::new(
                &loaded.name,
                &loaded.bytes,
                &loaded.set,
                &meanings,
                verbose,
                ask_for_table,
            );
            render(&report, json, SetReport::text)?
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(stdout_error)?;
    out.flush().map_err(stdout_error)?;
    Ok(())
}
