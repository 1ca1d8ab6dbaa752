//! The report on a `pakd` container: its entries, where each is and what it holds.

use std::fmt::Write as _;
use std::path::Path;

use sas_formats::Pakd;
use serde::Serialize;

use super::text::write_section;
use crate::inspect::{FieldText, Listing, section};

section! {
    /// What the container is, before its entries.
    #[allow(non_snake_case)]
    pub struct Head {
        file: String,
        format: ContainerFormat,
        byteOrder: &'static str,
        /// Whether it has an id table.
        ids: Ids,
        entries: usize,
    }
}

section! {
    /// What follows the entries.
    pub struct Tail {
        /// Bytes after the total size, when there are any.
        #[serde(skip_serializing_if = "Option::is_none")]
        trailing: Option<TrailingBytes>,
    }
}

/// A pakd container: its entries, where each is and what it holds.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    #[serde(flatten)]
    head: Head,
    entry_list: EntryList,
    #[serde(flatten)]
    tail: Tail,
}

/// `pakd` in JSON; the text adds the byte order and the size.
#[derive(Serialize)]
#[serde(transparent)]
struct ContainerFormat {
    name: &'static str,
    #[serde(skip)]
    byte_order: &'static str,
    /// The container's size in bytes.
    #[serde(skip)]
    size: usize,
}

impl FieldText for ContainerFormat {
    fn text(&self) -> Option<String> {
        Some(format!(
            "{} container ({}), {} bytes",
            self.name, self.byte_order, self.size
        ))
    }
}

/// Whether the header has an id table: a boolean in JSON, what an id is in the text.
#[derive(Serialize)]
#[serde(transparent)]
struct Ids(bool);

impl FieldText for Ids {
    fn text(&self) -> Option<String> {
        Some(
            if self.0 {
                "yes (directory << 16 | file)"
            } else {
                "none"
            }
            .to_owned(),
        )
    }
}

/// A count of bytes after the total size.
#[derive(Serialize)]
#[serde(transparent)]
struct TrailingBytes(usize);

impl FieldText for TrailingBytes {
    fn text(&self) -> Option<String> {
        Some(format!("{} bytes after the total size", self.0))
    }
}

/// The entries in file order; JSON writes the array.
#[derive(Serialize)]
#[serde(transparent)]
struct EntryList(Vec<EntryReport>);

#[derive(Serialize)]
struct EntryReport {
    index: usize,
    offset: usize,
    size: usize,
    id: Option<u32>,
    kind: String,
}

impl Listing for EntryList {
    fn write_text(&self, text: &mut String) {
        for entry in &self.0 {
            let id = entry.id.map_or(String::new(), |id| {
                format!(" id 0x{id:08X} ({}/{})", id >> 16, id & 0xFFFF)
            });
            let _ = writeln!(
                text,
                "  entry {:<3} at 0x{:06X}, {:>7} bytes{id}: {}",
                entry.index, entry.offset, entry.size, entry.kind
            );
        }
    }
}

impl Container {
    pub fn new(path: &Path, bytes: &[u8], pakd: &Pakd) -> Self {
        let header_len = bytes.len()
            - pakd.trailing.len()
            - pakd.entries.iter().map(|e| e.bytes.len()).sum::<usize>();
        let mut offset = header_len;
        let mut entry_list = Vec::with_capacity(pakd.entries.len());
        for (index, entry) in pakd.entries.iter().enumerate() {
            entry_list.push(EntryReport {
                index,
                offset,
                size: entry.bytes.len(),
                id: pakd.ids.as_ref().map(|ids| ids[index]),
                kind: entry.kind().to_string(),
            });
            offset += entry.bytes.len();
        }
        Self {
            head: Head {
                file: path.display().to_string(),
                format: ContainerFormat {
                    name: "pakd",
                    byte_order: pakd.byte_order.name(),
                    size: bytes.len(),
                },
                byteOrder: pakd.byte_order.name(),
                ids: Ids(pakd.ids.is_some()),
                entries: pakd.entries.len(),
            },
            entry_list: EntryList(entry_list),
            tail: Tail {
                trailing: (!pakd.trailing.is_empty()).then_some(TrailingBytes(pakd.trailing.len())),
            },
        }
    }

    /// The head's lines, one per entry, and what follows them (the front end adds where to go
    /// next, in its own words).
    pub fn text(&self) -> String {
        let mut text = String::new();
        write_section(&mut text, &self.head);
        self.entry_list.write_text(&mut text);
        write_section(&mut text, &self.tail);
        text
    }
}
