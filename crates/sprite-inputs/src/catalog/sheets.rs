//! The other sheets a served kind draws: every sheet the table of kinds
//! ([`crate::names::sheet_kind`]) gives the kind, found in the places served, so that a client
//! names any unit's sheet (`sheet=MINA_M.SPR`) and sees it drawn with its kind's document. A
//! `--data` document or a pair lists its kind's when the table gives its sheet one; any unit
//! whose kind is not known (the demo), its own sheet alone ([`listed_sheets`]).
//!
//! They are read when the server starts (each a capped read of a regular file, as every game file
//! is), so that a watch sees them and the digest covers them, but not decoded ([`Sheet::listed`]):
//! their pictures are drawn only when asked for, and the server keeps those in a cache bounded by
//! bytes.

use sprite_data::Document;

use super::ServedSheet;
use crate::error::Result;
use crate::locate::Originals;
use crate::names::sheet_kind::{Source, second_sheet_of, sheets_of_kind};
use crate::sheets::Sheet;

/// The sheets of kind `kind` in `places`, in the table's order: each of its SPR sheets found
/// there, with its second sheet when `document` draws from one (the first the table gives that
/// SPR). A second sheet is not itself a choice: it goes with its SPR.
///
/// # Errors
/// A sheet that is there but cannot be read.
pub(super) fn sheets_of(
    places: Option<&Originals>,
    kind: &str,
    document: &Document,
) -> Result<Vec<ServedSheet>> {
    let Some(places) = places else {
        return Ok(Vec::new());
    };
    let needs_sp2 = document.draws_from_sp2();
    let mut served = Vec::new();
    for row in sheets_of_kind(kind) {
        if matches!(row.source, Source::SecondSheet { .. }) {
            continue;
        }
        let Some(file) = places.locate(row.sheet)? else {
            continue;
        };
        let sheet = Sheet::listed(file);
        let sp2 = match second_sheet_of(row.sheet).filter(|_| needs_sp2) {
            Some(name) => places.locate(name)?.map(Sheet::listed),
            None => None,
        };
        served.push(ServedSheet {
            name: row.sheet.to_owned(),
            sheet,
            sp2,
            hd: None,
        });
    }
    Ok(served)
}

/// The sheets a served unit lists for `sheet=`: every sheet of `kind` found in `places`
/// ([`sheets_of`]) when its kind is known; else, or when none of them is there, its own sheet
/// (`sheet`, with `sp2`) under the name its document gives it, unless it is made up.
///
/// # Errors
/// As [`sheets_of`].
pub(super) fn listed_sheets(
    places: Option<&Originals>,
    kind: Option<&str>,
    document: &Document,
    sheet: &Sheet,
    sp2: Option<&Sheet>,
) -> Result<Vec<ServedSheet>> {
    let listed = match kind {
        Some(kind) => sheets_of(places, kind, document)?,
        None => Vec::new(),
    };
    if !listed.is_empty() || matches!(sheet, Sheet::Synthetic { .. }) {
        return Ok(listed);
    }
    Ok(vec![ServedSheet {
        name: document.sheet.file.clone(),
        sheet: sheet.clone(),
        sp2: sp2.cloned(),
        hd: None,
    }])
}
