//! `inspect` on SAS files and `pakd` containers: what the file is, its counts, the frame types it
//! uses and what each table says they mean; with `--verbose` every slot, sprite, quad and frame
//! with its offset and raw bytes, so that someone with the game can check the meanings.
//!
//! Each report is one model on the inspect report model (`cmd/inspect/report.rs`): serde writes
//! it as JSON (fields marked `skip` are facts only the text's sentences use), its flat values are
//! a `section!` that the text lists as `key  value` lines, and each list writes its own lines.
//! [`set`] is the report on a set, [`container`] on a container; [`frame_types`] holds what the
//! set's frames use and [`details`] its `--verbose` tables; [`text`] the pieces both texts share.

mod container;
mod details;
mod frame_types;
mod set;
mod text;

use std::io::Write as _;
use std::path::Path;

use anyhow::Context;
use faults::Shown;
use sas_formats::Pakd;

use super::super::stdout_error;
use super::{SasOptions, Sniffed, load_set, read_input};
use crate::cmd::inspection::render;
use container::Container;
use set::SetReport;

/// Inspects `path` if it is a SAS file or a container: `None` when it is neither.
///
/// # Errors
/// An unreadable or undecodable file, or stdout that cannot be written.
pub fn dispatch(
    path: &Path,
    options: &SasOptions,
    json: bool,
    verbose: bool,
) -> Option<anyhow::Result<()>> {
    let kind = super::sniff(path)?;
    Some(run(path, kind, options, json, verbose))
}

fn run(
    path: &Path,
    kind: Sniffed,
    options: &SasOptions,
    json: bool,
    verbose: bool,
) -> anyhow::Result<()> {
    let meanings = options.table();
    let text = match (kind, options.entry) {
        (Sniffed::Pakd, None) => {
            let bytes = read_input(path)?;
            let pakd = Pakd::decode(&bytes).with_context(|| Shown(&path).to_string())?;
            render(&Container::new(path, &bytes, &pakd), json, Container::text)?
        }
        _ => {
            let loaded = load_set(path, options.entry)?;
            let report =
                SetReport::new(&loaded.name, &loaded.bytes, &loaded.set, &meanings, verbose);
            render(&report, json, SetReport::text)?
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(stdout_error)?;
    out.flush().map_err(stdout_error)?;
    Ok(())
}
