//! The manifest of a container unpacked into a folder: what the entries' files do not hold (the
//! byte order, the ids, the header's padding, the trailing bytes) and the entries' file names in
//! order, as JSON, so that the folder packs back into the same bytes.

use serde_json::{Value, json};

use super::{Entry, EntryKind, Pakd};
use crate::model::ByteOrder;

/// The manifest's file name in the folder.
pub const FILE_NAME: &str = "pakd.json";

/// The manifest's `format`.
const FORMAT: &str = "tactics-pakd-manifest";

/// An entry's file name in the folder: `NNNN.<kind>` by its index (`0003.sas`, `0004.ashg`).
#[must_use]
pub fn entry_file_name(index: usize, entry: &Entry) -> String {
    let extension = match entry.kind() {
        EntryKind::Sas(..) => "sas",
        EntryKind::Pakd(_) => "pakd",
        EntryKind::Compressed { .. } => "ashg",
        _ => "bin",
    };
    format!("{index:04}.{extension}")
}

/// The manifest of `pakd`: pretty JSON text ending in a newline, its entries named by
/// [`entry_file_name`].
///
/// # Errors
/// None in practice: a JSON value with string keys always serialises.
pub fn to_json(pakd: &Pakd) -> serde_json::Result<Vec<u8>> {
    let manifest = json!({
        "format": FORMAT,
        "formatVersion": 1,
        "byteOrder": match pakd.byte_order { ByteOrder::Little => "little", ByteOrder::Big => "big" },
        "ids": pakd.ids,
        "headerPadding": hex(&pakd.header_padding),
        "trailing": hex(&pakd.trailing),
        "entries": pakd.entries.iter().enumerate().map(|(i, e)| entry_file_name(i, e)).collect::<Vec<_>>(),
    });
    let mut text = serde_json::to_vec_pretty(&manifest)?;
    text.push(b'\n');
    Ok(text)
}

/// What is wrong with a manifest, the field named as the JSON spells it.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error("not a pakd manifest")]
    NotJson(#[source] serde_json::Error),
    #[error("not a pakd manifest (format)")]
    OtherFormat,
    #[error("no \"{0}\"")]
    Missing(&'static str),
    /// A field of another shape: `"ids" is a list or null`.
    #[error("\"{field}\" {expected}")]
    Shape {
        field: &'static str,
        expected: &'static str,
    },
    #[error("an entry is a file name in the folder")]
    EntryName,
}

/// A manifest read: the container without its entries, and the entries' file names still to
/// check one by one ([`Manifest::entry_names`]) as their files are read.
#[derive(Debug)]
pub struct Manifest {
    pub byte_order: ByteOrder,
    pub ids: Option<Vec<u32>>,
    pub header_padding: Vec<u8>,
    pub trailing: Vec<u8>,
    entries: Vec<Value>,
}

impl Manifest {
    /// Reads a manifest's text, its fields in the order [`to_json`] writes them.
    ///
    /// # Errors
    /// Text that is not JSON, another `format`, a field missing or of another shape.
    pub fn parse(text: &[u8]) -> Result<Manifest, ManifestError> {
        let manifest: Value = serde_json::from_slice(text).map_err(ManifestError::NotJson)?;
        let field = |name: &'static str| manifest.get(name).ok_or(ManifestError::Missing(name));
        let shape = |field, expected| ManifestError::Shape { field, expected };
        if field("format")? != FORMAT {
            return Err(ManifestError::OtherFormat);
        }
        let byte_order = match field("byteOrder")?.as_str() {
            Some("little") => ByteOrder::Little,
            Some("big") => ByteOrder::Big,
            _ => return Err(shape("byteOrder", "is \"little\" or \"big\"")),
        };
        let ids = match field("ids")? {
            Value::Null => None,
            Value::Array(ids) => Some(
                ids.iter()
                    .map(|id| id.as_u64().and_then(|id| u32::try_from(id).ok()))
                    .collect::<Option<Vec<u32>>>()
                    .ok_or(shape("ids", "are u32 numbers"))?,
            ),
            _ => return Err(shape("ids", "is a list or null")),
        };
        let bytes = |name: &'static str| {
            let text = field(name)?.as_str().ok_or(shape(name, "is a string"))?;
            unhex(text).ok_or(shape(name, "is not hex bytes"))
        };
        let header_padding = bytes("headerPadding")?;
        let trailing = bytes("trailing")?;
        let entries = field("entries")?
            .as_array()
            .ok_or(shape("entries", "is a list of file names"))?
            .clone();
        Ok(Manifest {
            byte_order,
            ids,
            header_padding,
            trailing,
            entries,
        })
    }

    /// The entries' file names in order, each a plain name in the folder (no separator, not `.`
    /// or `..`) or refused.
    pub fn entry_names(&self) -> impl Iterator<Item = Result<&str, ManifestError>> {
        self.entries.iter().map(|name| {
            name.as_str()
                .filter(|n| !n.is_empty() && !n.contains(['/', '\\']) && *n != "." && *n != "..")
                .ok_or(ManifestError::EntryName)
        })
    }

    /// The container, with `entries` read from the files [`Manifest::entry_names`] names.
    #[must_use]
    pub fn into_pakd(self, entries: Vec<Entry>) -> Pakd {
        Pakd {
            byte_order: self.byte_order,
            entries,
            ids: self.ids,
            header_padding: self.header_padding,
            trailing: self.trailing,
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `text` as hex bytes, two digits each; `None` when it is not.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|pair| u8::from_str_radix(pair, 16).ok())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn container() -> Pakd {
        Pakd {
            byte_order: ByteOrder::Big,
            entries: vec![Entry { bytes: vec![1; 16] }],
            ids: Some(vec![0x0001_0002]),
            header_padding: vec![0, 0xab],
            trailing: vec![],
        }
    }

    /// A manifest read back gives the container it was written from.
    #[test]
    fn a_manifest_round_trips() {
        let pakd = container();
        let manifest = Manifest::parse(&to_json(&pakd).unwrap()).unwrap();
        let names: Vec<&str> = manifest.entry_names().map(Result::unwrap).collect();
        assert_eq!(names, ["0000.bin"]);
        assert_eq!(manifest.into_pakd(pakd.entries.clone()), pakd);
    }

    /// Each field of the wrong shape is refused by its name; hex of odd length too.
    #[test]
    fn a_wrong_field_is_named() {
        let refused = |text: &str| Manifest::parse(text.as_bytes()).unwrap_err().to_string();
        let with = |field: &str, value: &str| {
            let mut fields = serde_json::Map::new();
            for (name, v) in [
                ("format", "\"tactics-pakd-manifest\""),
                ("byteOrder", "\"little\""),
                ("ids", "null"),
                ("headerPadding", "\"\""),
                ("trailing", "\"\""),
                ("entries", "[]"),
            ] {
                let v = if name == field { value } else { v };
                fields.insert(name.to_owned(), serde_json::from_str(v).unwrap());
            }
            Value::Object(fields).to_string()
        };
        assert_eq!(
            refused(&with("format", "\"x\"")),
            "not a pakd manifest (format)"
        );
        assert_eq!(refused(&with("ids", "[-1]")), "\"ids\" are u32 numbers");
        assert_eq!(
            refused(&with("trailing", "\"abc\"")),
            "\"trailing\" is not hex bytes"
        );
        assert_eq!(refused("{}"), "no \"format\"");
        let manifest = Manifest::parse(with("entries", "[\"../x\"]").as_bytes()).unwrap();
        assert!(manifest.entry_names().next().unwrap().is_err());
    }
}
