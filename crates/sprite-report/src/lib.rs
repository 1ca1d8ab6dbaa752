//! What the tools print about sprite files, as a library (a printer, as ripgrep's `grep-printer`
//! is to its binary): the reports are built from decoded files and rendered to text or JSON here;
//! a front end chooses which report and which printer, and gives the words for its own parameters.
//!
//! - [`inspect`]: `inspect`'s report on a sprite file (identity, header, counts, the listing),
//!   one module per format, rendered as aligned text or one JSON object;
//! - [`sas`]: the same for Tactics Ogre's SAS sets and `pakd` containers;
//! - [`findings`]: what a comparison found ([`findings::Report`]), the patterns that leave paths
//!   out, and its printers (text grouped by what each difference is about, JSON, GitHub
//!   annotations);
//! - [`check`]: a document against the one built from the game files, as a report (the values
//!   the files do not give listed as notes, the canonical bytes when asked);
//! - [`diff`]: two SEQ, SHP, SPR files or HD halves compared into findings (an alignment of SEQ
//!   commands, the SHP records' offsets, SPR palettes and pixels);
//! - [`seq_command`]: how the reports word one SEQ command (and why there are three wordings);
//! - [`error`]: the one error, with whose fault it is ([`faults::Faulty`]).
//!
//! The library speaks of parameters, never of a front end's flags: where a line names one (the
//! patterns that were ignored, the limit of lines shown), the front end spells it.

pub mod check;
pub mod diff;
pub mod error;
pub mod findings;
pub mod inspect;
pub mod sas;
pub mod seq_command;

pub use error::{Error, Result};

/// A count and its noun, the noun in the plural unless the count is 1: `1 frame`, `2 frames`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(0, "frame"), "0 frames");
        assert_eq!(plural(1, "frame"), "1 frame");
        assert_eq!(plural(2, "difference"), "2 differences");
    }
}
