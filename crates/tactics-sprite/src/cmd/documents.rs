//! The documents `check` and `diff` compare: a unit document (`tactics-sprite-data`) or a layer
//! document (`tactics-sprite-layer`), told apart by the `format` field the file states, never by
//! its name. This is the one place that decides how a document is read and compared.
//!
//! The SEQ and SHP files `check` builds from and `diff` compares are no documents: they are read
//! by [`super::SpriteFile`], which takes a file or its text form (docs/text-forms.md) alike and
//! gives the file's bytes, so that a text compares as the file it assembles to. A text form given
//! where a document belongs is named for what it is ([`DocumentFile::text_form`]).

use std::path::Path;

use faults::Shown;
use fft_formats::FileFormat;

use sprite_data::compare::{self, Difference, DocumentFormat};
use sprite_data::layer::LayerDocument;
use sprite_data::{Document, Error};

/// A document, read by its format's one loader.
#[derive(Debug, Clone)]
pub enum AnyDocument {
    Unit(Document),
    Layer(LayerDocument),
}

impl AnyDocument {
    /// Its format.
    pub fn format(&self) -> DocumentFormat {
        match self {
            AnyDocument::Unit(_) => DocumentFormat::Unit,
            AnyDocument::Layer(_) => DocumentFormat::Layer,
        }
    }

    /// Every difference between `self` (left) and `right`, by the rules of their format; `None`
    /// when the two are of different formats.
    pub fn differences(&self, right: &AnyDocument) -> Option<Vec<Difference>> {
        match (self, right) {
            (AnyDocument::Unit(left), AnyDocument::Unit(right)) => {
                Some(compare::compare(left, right))
            }
            (AnyDocument::Layer(left), AnyDocument::Layer(right)) => {
                Some(compare::compare_layers(left, right))
            }
            _ => None,
        }
    }
}

/// A document file: its bytes as read and the document.
#[derive(Debug, Clone)]
pub struct LoadedDocument {
    pub bytes: Vec<u8>,
    pub doc: AnyDocument,
}

/// A document file read whole, not yet parsed: what it states it is can be asked first, and a
/// failure to read it is kept to be reported where the command reports it (`check` builds from
/// the game files before it reads the document, and says what is wrong in that order).
#[derive(Debug)]
pub struct DocumentFile<'a> {
    path: &'a Path,
    read: Result<Vec<u8>, Error>,
}

impl<'a> DocumentFile<'a> {
    /// Reads the file once (a pipe such as `<(jq ...)` can be read only once).
    pub fn read(path: &'a Path) -> Self {
        Self {
            path,
            read: sprite_inputs::documents::read_document_bytes(path),
        }
    }

    /// The format the file states in its `format` field ([`stated_format`]); `None` when it
    /// could not be read.
    pub fn stated_format(&self) -> Option<DocumentFormat> {
        self.read.as_deref().ok().and_then(stated_format)
    }

    /// The format of the SEQ or SHP file whose text form this is, if it is one (`check --data
    /// type1.seq.txt` is a file given as the wrong option, not a broken document).
    pub fn text_form(&self) -> Option<FileFormat> {
        self.read
            .as_deref()
            .ok()
            .and_then(fft_formats::text::detect)
    }

    /// The document as `format`, or as the format it states when `None` is given. A file that
    /// states no known format is read as a unit document, so that whatever is wrong with it is
    /// said in the words every command uses (`not a tactics-sprite-data document: ...`).
    ///
    /// # Errors
    /// The loader's [`Error`] in the context of the path: unreadable, too large, not JSON,
    /// another format, a misfit of the shape, or broken rules.
    pub fn load(self, format: Option<DocumentFormat>) -> Result<LoadedDocument, Error> {
        let format = format.or_else(|| self.stated_format());
        let bytes = self.read?;
        let origin = Shown(&self.path).to_string();
        let doc = match format {
            Some(DocumentFormat::Layer) => {
                AnyDocument::Layer(sprite_data::parse_layer_document(&bytes, &origin)?)
            }
            Some(DocumentFormat::Unit) | None => {
                AnyDocument::Unit(sprite_data::parse_document(&bytes, &origin)?)
            }
        };
        Ok(LoadedDocument { bytes, doc })
    }
}

/// [`DocumentFile::read`] then [`DocumentFile::load`].
///
/// # Errors
/// As [`DocumentFile::load`].
pub fn load(path: &Path, format: Option<DocumentFormat>) -> Result<LoadedDocument, Error> {
    DocumentFile::read(path).load(format)
}

/// The known format a JSON text states in its `format` field; `None` for anything else (not
/// JSON, no `format`, another format), which the unit document loader then names.
pub fn stated_format(bytes: &[u8]) -> Option<DocumentFormat> {
    #[derive(serde::Deserialize)]
    struct Stated {
        format: Option<serde_json::Value>,
    }
    let stated: Stated = serde_json::from_slice(bytes).ok()?;
    DocumentFormat::from_format(stated.format?.as_str()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_field_says_which_document_a_text_is() {
        let stated = |text: &str| stated_format(text.as_bytes());
        assert_eq!(
            stated(r#"{"cells": [], "format": "tactics-sprite-layer"}"#),
            Some(DocumentFormat::Layer)
        );
        assert_eq!(
            stated(r#"{"format": "tactics-sprite-data", "formatVersion": 1}"#),
            Some(DocumentFormat::Unit)
        );
        for other in [
            r#"{"format": "aseprite"}"#,
            r#"{"format": 3}"#,
            r#"{"kind": "wep1"}"#,
            "[1, 2]",
            "not json",
        ] {
            assert_eq!(stated(other), None, "{other}");
        }
    }
}
