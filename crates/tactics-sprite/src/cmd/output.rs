//! Writing what a command made: one output file, atomically and within the output limit; and
//! the picture format an output's name chooses.

use std::path::Path;

use anyhow::Context;
use faults::Shown;
use sprite_data::limits::{LimitExceeded, MAX_OUTPUT_BYTES};
use sprite_data::output::write_atomically;
use sprite_render::Format;

use super::Failure;

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
            field: Shown(&path).to_string().into(),
        })
        .into());
    }
    write_atomically(path, bytes).with_context(|| format!("{}: cannot write", Shown(&path)))
}

/// The picture format `out`'s extension chooses ([`Format::of_path`]), or `command`'s usage error
/// that says the rule: `render`'s, for a document or a SAS set.
///
/// # Errors
/// A [`Failure::Usage`] for an extension that names no format.
pub fn picture_format(command: &'static str, out: &Path) -> Result<Format, Failure> {
    Format::of_path(out).ok_or_else(|| {
        Failure::usage(
            command,
            format!(
                "{}: the output's extension chooses its format: .png, .apng or .gif",
                faults::Shown(out)
            ),
        )
    })
}
