//! The two document formats a comparison knows, each with its own rules: which top-level lists
//! are matched by name or have their items named in a report line, and which fields a build
//! takes from the tool rather than from the game files.

use serde_json::Value;

use super::Difference;
use crate::document::FORMAT;
use crate::layer::LAYER_FORMAT;

/// The format of a document, as its `format` field states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentFormat {
    /// A unit's `tactics-sprite-data` document.
    Unit,
    /// A weapon or effect layer's `tactics-sprite-layer` document.
    Layer,
}

impl DocumentFormat {
    /// Both formats.
    pub const ALL: [Self; 2] = [Self::Unit, Self::Layer];

    /// The value of `format` in a document of this format.
    pub fn format(self) -> &'static str {
        match self {
            Self::Unit => FORMAT,
            Self::Layer => LAYER_FORMAT,
        }
    }

    /// The format whose `format` value is `format`.
    pub fn from_format(format: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.format() == format)
    }

    /// What a person calls a document of this format: "a unit document", "a layer document".
    pub fn in_words(self) -> &'static str {
        match self {
            Self::Unit => "a unit document",
            Self::Layer => "a layer document",
        }
    }

    /// Top-level fields whose value a build takes from the tool and the profile rather than from
    /// the SHP and SEQ (the wildcard paths of [`super::JsonPath::wildcard`]).
    ///
    /// A unit document: which copy this is (`version`), its `notice`, and the names of the
    /// sheet images a renderer draws with (`sheet.file`, `sp2.file`), which are the renderer's
    /// own files. A layer document: `version`, `notice` and `sheet.file` (the weapons sheet's
    /// name, `WEP.SPR`, which a renderer may keep under its own).
    pub fn metadata_fields(self) -> &'static [&'static str] {
        match self {
            Self::Unit => &super::METADATA_FIELDS,
            Self::Layer => &LAYER_METADATA_FIELDS,
        }
    }

    /// Whether a difference between a given document (left) and one built from the game files
    /// (right) is about something the files do not give: one of [`Self::metadata_fields`], or,
    /// in a unit document, a field the build does not produce (absent or `null` in the build:
    /// the site's `mode`, `hands`, `holds`, fields of its own). A layer document has no field of
    /// a site's own (its loader refuses unknown keys), so every other field comes from the files.
    pub fn not_derived_from_files(self, difference: &Difference) -> bool {
        let built_nothing = matches!(difference.right, None | Some(Value::Null))
            && matches!(&difference.left, Some(value) if !value.is_null());
        (self == Self::Unit && built_nothing)
            || self
                .metadata_fields()
                .contains(&difference.path.to_string().as_str())
    }

    /// How the walk treats the document's top-level lists.
    pub(super) fn rules(self) -> &'static Rules {
        match self {
            Self::Unit => &UNIT_RULES,
            Self::Layer => &LAYER_RULES,
        }
    }
}

impl std::fmt::Display for DocumentFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.format())
    }
}

/// [`DocumentFormat::metadata_fields`] of a layer document.
pub const LAYER_METADATA_FIELDS: [&str; 3] = ["version", "notice", "sheet.file"];

/// How the top-level lists of one format are compared.
#[derive(Debug)]
pub(super) struct Rules {
    /// Lists compared by index whose items a line names by one of their keys: a unit
    /// document's `sequences` by `name` (`sequences[102] "Swing High Fwd"`), a layer
    /// document's `firstFrames` by `weapon` (`firstFrames[2] "sword"`).
    pub named: &'static [(&'static str, &'static str)],
    /// Lists whose items are matched by `name`, their order carrying no meaning: a unit
    /// document's `animations` (the draw algorithm finds them by name).
    pub matched_by_name: &'static [&'static str],
}

impl Rules {
    /// The key that names the items of the top-level list `list`, if it is one of [`Self::named`].
    pub fn naming_key(&self, list: &str) -> Option<&'static str> {
        self.named
            .iter()
            .find(|(name, _)| *name == list)
            .map(|(_, key)| *key)
    }
}

const UNIT_RULES: Rules = Rules {
    named: &[("sequences", "name")],
    matched_by_name: &["animations"],
};

/// A layer's `sequences` are one per SEQ slot (`slot` is the index), so a plain index says it
/// all; its `firstFrames` read best by weapon type.
const LAYER_RULES: Rules = Rules {
    named: &[("firstFrames", "weapon")],
    matched_by_name: &[],
};
