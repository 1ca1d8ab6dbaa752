//! The pieces of text both SAS reports share: their key column, counted nouns and raw bytes.

use crate::inspect::{Section, write_fields_in_column};

/// The SAS reports' key column: as wide as the set report's longest key (`animations`), and the
/// container report's keys sit in the same column, so that both read alike.
const KEY_WIDTH: usize = 10;

/// `section`'s values as `key  value` lines in the SAS reports' column.
pub fn write_section(text: &mut String, section: &impl Section) {
    write_fields_in_column(text, "", KEY_WIDTH, &section.fields());
}

/// Bytes as upper-case hex pairs separated by spaces: `00 1A FF`.
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}
