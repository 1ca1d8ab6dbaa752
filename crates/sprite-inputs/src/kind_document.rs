//! The document a sheet is drawn with when none is given: the document of the unit kind that
//! draws the sheet (`names::sheet_kind`), built from the originals when they hold the kind's SHP
//! and SEQ, else the kind's shipped document (`fixtures/documents/<kind>.json`, compiled in:
//! what the builder made of the retail pair, the golden test holding it to the builder).
//!
//! An HD half names its sheet through the HD table (`tex_992.bin` is `MINA_M.SPR`'s).

use std::path::Path;

use faults::{Shown, Words};
use sprite_data::profile::UnitKind;

use crate::build::build_from_originals;
use crate::error::{Error, Result};
use crate::locate::Originals;
use crate::names::hd::{tex_number, unit_of_tex};
use crate::names::sheet_kind::kind_of_sheet;

/// The shipped documents of the built-in kinds, by kind.
const SHIPPED: [(&str, &str); 8] = [
    (
        "type1",
        include_str!("../../../fixtures/documents/type1.json"),
    ),
    (
        "type2",
        include_str!("../../../fixtures/documents/type2.json"),
    ),
    (
        "cyoko",
        include_str!("../../../fixtures/documents/cyoko.json"),
    ),
    ("mon", include_str!("../../../fixtures/documents/mon.json")),
    (
        "ruka",
        include_str!("../../../fixtures/documents/ruka.json"),
    ),
    (
        "other",
        include_str!("../../../fixtures/documents/other.json"),
    ),
    (
        "arute",
        include_str!("../../../fixtures/documents/arute.json"),
    ),
    (
        "kanzen",
        include_str!("../../../fixtures/documents/kanzen.json"),
    ),
];

/// The document of the kind that draws a sheet.
#[derive(Debug, Clone)]
pub struct KindDocument {
    /// The kind (`type1`).
    pub kind: &'static str,
    /// The document's bytes.
    pub bytes: Vec<u8>,
    /// Its name in messages: `the type1 document (built from ...)`.
    pub name: String,
}

/// The kind that draws the sheet `sheet` (its file name, or an HD half's unit's SPR), if known.
pub fn kind_of_sheet_file(sheet: &Path) -> Option<&'static str> {
    let file_name = sheet.file_name()?.to_str()?;
    match tex_number(file_name).and_then(unit_of_tex) {
        Some((pair, _)) => kind_of_sheet(&pair.spr_disc_name()),
        None => kind_of_sheet(file_name),
    }
}

/// The document of the kind that draws `sheet`: built from `originals` when they hold the
/// kind's pair, else the kind's shipped document.
///
/// # Errors
/// A sheet whose kind the table does not know (the request's: a document must be given), or a
/// build from the originals that fails.
pub fn document_for_sheet(sheet: &Path, originals: &Originals) -> Result<KindDocument> {
    let Some(kind) = kind_of_sheet_file(sheet) else {
        let shown = Shown(sheet).to_string();
        return Err(Error::refused(
            faults::Fault::Missing,
            Some("data"),
            Words::new(move |s| {
                format!(
                    "{shown}: no unit kind is known for this sheet (docs/kinds.md \"Which kind \
                     draws which sheet\"): give the document with {}",
                    s.given("data", &"FILE")
                )
            }),
        ));
    };
    let builtin = UnitKind::find(kind).ok_or_else(|| {
        Error::refused(
            faults::Fault::Internal,
            None,
            format!("no built-in kind {kind}"),
        )
    })?;
    let profile = builtin.load();
    if originals.contains(&profile.shp) && originals.contains(&profile.seq) {
        let build = build_from_originals(originals, &profile, None)
            .map_err(|e| e.in_context(format!("kind {kind}")))?;
        let inputs: Vec<String> = build.inputs.iter().map(|i| i.name.clone()).collect();
        return Ok(KindDocument {
            kind,
            bytes: build.bytes,
            name: format!("the {kind} document (built from {})", inputs.join(" + ")),
        });
    }
    let shipped = SHIPPED
        .iter()
        .find(|(name, _)| *name == kind)
        .map(|(_, text)| text.as_bytes().to_vec())
        .ok_or_else(|| {
            Error::refused(
                faults::Fault::Internal,
                None,
                format!("no shipped {kind} document"),
            )
        })?;
    Ok(KindDocument {
        kind,
        bytes: shipped,
        name: format!("the {kind} document (shipped)"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every built-in kind has its shipped document, and each states its kind's sheet.
    #[test]
    fn every_kind_has_its_shipped_document() {
        for kind in sprite_data::profile::UNIT_KINDS {
            let (_, text) = SHIPPED.iter().find(|(name, _)| *name == kind.name).unwrap();
            let sheet = format!("\"file\": \"{}\"", kind.load().sheet_file);
            assert!(text.contains(&sheet), "{}", kind.name);
        }
    }

    #[test]
    fn an_hd_half_names_its_unit_s_sheet() {
        assert_eq!(
            kind_of_sheet_file(Path::new("x/tex_993.bin")),
            Some("type1")
        );
        assert_eq!(kind_of_sheet_file(Path::new("BEHI.SPR")), Some("mon"));
        assert_eq!(kind_of_sheet_file(Path::new("crono1.png")), None);
        let error = document_for_sheet(Path::new("crono1.png"), &Originals::disk()).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("give the document with data FILE"),
            "{error}"
        );
    }
}
