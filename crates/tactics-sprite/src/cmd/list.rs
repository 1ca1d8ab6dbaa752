//! `tactics-sprite list DATA`: what a document holds, animation by animation (the listing of
//! `sprite_data::listing`): each animation's slot in each view, its length in ticks, its events
//! and the layers it starts; `--json` for scripts. `inspect` of a document prints the same.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use faults::Shown;
use sprite_data::listing::Listing;

use super::{Outcome, stdout_error};

/// List the animations of a document.
#[derive(Debug, clap::Args)]
#[command(
    about = "List a document's animations: each view's slot, length in ticks, events, layers started",
    long_about = "List what a document (tactics-sprite-data.json) holds, animation by animation: its family,
whether it loops and where its hit lands; the SEQ slot the views facing the camera play (front:
views 0-2 and 7) and the others (back: 3-6), each with its length in ticks, its events and the
layers it starts. Idle (the idle frames) is said apart: it is no animation of the list.
--json prints one object with the same content.
Exit status: 0 listed; 1 a document that cannot be read or is not valid; 2 a usage error.
More: docs/format.md",
    after_long_help = super::LIMITS_HELP
)]
pub struct Args {
    /// The document (tactics-sprite-data.json).
    #[arg(value_name = "DATA")]
    pub data: PathBuf,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command.
///
/// # Errors
/// A document that cannot be read or is not valid, or stdout that cannot be written.
pub fn run(args: &Args) -> Outcome {
    print_listing(&args.data, args.json)
}

/// Loads the document at `data` and prints its listing, as text or JSON.
///
/// # Errors
/// As [`run`].
pub fn print_listing(data: &Path, json: bool) -> Outcome {
    let doc = sprite_inputs::documents::load_document(data)?;
    let listing = Listing::of(&doc);
    let text = if json {
        let mut text = serde_json::to_string_pretty(&listing).map_err(anyhow::Error::new)?;
        text.push('\n');
        text
    } else {
        listing.to_text(&Shown(&data).to_string())
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(stdout_error)?;
    out.flush().map_err(stdout_error)?;
    Ok(())
}
