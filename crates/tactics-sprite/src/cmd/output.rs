//! Writing what a command made: one output file, atomically and within the output limit.

use std::path::Path;

use anyhow::Context;
use sprite_data::limits::{LimitExceeded, MAX_OUTPUT_BYTES};
use sprite_data::output::write_atomically;

/// Writes an output file atomically.
///
/// # Errors
/// When it is over [`MAX_OUTPUT_BYTES`] or cannot be written; the message names it.
pub fn write_out(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if bytes.len() as u64 > MAX_OUTPUT_BYTES {
        return Err(sprite_data::Error::from(LimitExceeded {
            what: "the output of".into(),
            value: format!("{} bytes", bytes.len()),
            limit: format!("{MAX_OUTPUT_BYTES} bytes"),
            name: "MAX_OUTPUT_BYTES",
            field: path.display().to_string().into(),
        })
        .into());
    }
    write_atomically(path, bytes).with_context(|| format!("{}: cannot write", path.display()))
}
