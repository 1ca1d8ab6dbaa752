//! The committed fixtures, by what they are, so that no test spells their paths
//! (`fixtures/README` files say where each comes from).

use std::path::PathBuf;

use sprite_data::Document;

use crate::repo_root;

/// A file under `fixtures/`, by its path there (`demo/DEMO.SHP`).
pub fn path(relative: &str) -> PathBuf {
    repo_root().join("fixtures").join(relative)
}

/// A shipped document, by its kind: `fixtures/documents/<kind>.json`.
pub fn document(kind: &str) -> PathBuf {
    path(&format!("documents/{kind}.json"))
}

/// The shipped demo document.
pub fn demo_document() -> PathBuf {
    document("demo")
}

/// A shipped layer document, by its layer set: `fixtures/layers/<name>.json`.
pub fn layer(name: &str) -> PathBuf {
    path(&format!("layers/{name}.json"))
}

/// A file of the synthetic demo unit: `fixtures/demo/<file>` (`DEMO.SHP`, `DEMO.SEQ`,
/// `demo.png`).
pub fn demo(file: &str) -> PathBuf {
    path(&format!("demo/{file}"))
}

/// The demo unit's sheet, `fixtures/demo/demo.png`.
pub fn demo_sheet() -> PathBuf {
    demo("demo.png")
}

/// A synthetic SAS fixture: `fixtures/sas/<file>`.
pub fn sas(file: &str) -> PathBuf {
    path(&format!("sas/{file}"))
}

/// A shipped document parsed by the one loader.
///
/// # Panics
/// When it does not load: the shipped documents always do.
pub fn load_document(kind: &str) -> Document {
    let path = document(kind);
    sprite_inputs::documents::load_document(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A shipped document's text.
///
/// # Panics
/// When it cannot be read.
pub fn document_text(kind: &str) -> String {
    let path = document(kind);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A shipped document as a JSON value (for tests that break it on purpose).
///
/// # Panics
/// When it cannot be read or is not JSON.
pub fn document_json(kind: &str) -> serde_json::Value {
    serde_json::from_str(&document_text(kind))
        .unwrap_or_else(|e| panic!("{}: {e}", document(kind).display()))
}
