//! Tactics Ogre's SAS sets read from their files: a SAS file (`SAS3` or `SAS\0`) is one set, a
//! `pakd` container holds sets among its entries. [`load_set`] reads the one set a command works
//! on (a container's only SAS entry, or the one `--entry` picks); [`sets_of_file`] reads every set
//! of a file, as the server serves them.

use std::path::Path;

use faults::Shown;
use faults::Words;
use sas_formats::{EntryKind, Pakd, SasSet};

use crate::error::{Error, Result};
use crate::read::read_container;

/// A decoded set and a name for it (`file` or `file#entry`).
#[derive(Debug, Clone)]
pub struct LoadedSet {
    pub set: SasSet,
    pub name: String,
    /// The set's bytes as stored (a container entry's, padding included).
    pub bytes: Vec<u8>,
}

/// The SAS entries of a container, by index.
pub fn sas_entries(pakd: &Pakd) -> Vec<usize> {
    pakd.entries
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind(), EntryKind::Sas(..)))
        .map(|(i, _)| i)
        .collect()
}

/// The set in entry `index` of `pakd`, the container `shown`, and its bytes as stored.
///
/// # Errors
/// An entry that cannot be unpacked, or whose set does not decode (`FILE#N: ...`).
pub fn entry_set<'p>(pakd: &'p Pakd, index: usize, shown: &str) -> Result<(SasSet, &'p [u8])> {
    let name = format!("{shown}#{index}");
    let entry = &pakd.entries[index];
    let contents = entry
        .contents()
        .map_err(|e| Error::file(e).in_context(&name))?;
    let set = SasSet::decode_as(contents, pakd.byte_order)
        .map_err(|e| Error::from(e).in_context(&name))?;
    Ok((set, contents))
}

/// Reads a SAS file, or entry `entry` of a `pakd` container (the only SAS entry when `None`).
///
/// # Errors
/// An unreadable or undecodable file or entry, an ambiguous entry, a compressed one: each the
/// file's fault. An `entry` the container does not have, or one asked of a SAS file, is the
/// request's, about its parameter `entry`: the same file answers a corrected request.
pub fn load_set(path: &Path, entry: Option<usize>) -> Result<LoadedSet> {
    let bytes = read_container(path)?;
    let shown = Shown(&path).to_string();
    if sas_formats::is_sas(&bytes) {
        if entry.is_some() {
            return Err(Error::input(
                "entry",
                Words::new(move |s| {
                    format!(
                        "{shown}: {} picks an entry of a pakd container; this is a SAS file",
                        s.name("entry")
                    )
                }),
            ));
        }
        let set = SasSet::decode(&bytes).map_err(|e| Error::from(e).in_context(&shown))?;
        return Ok(LoadedSet {
            set,
            name: shown,
            bytes,
        });
    }
    let pakd = Pakd::decode(&bytes).map_err(|e| Error::from(e).in_context(&shown))?;
    let index = match (entry, sas_entries(&pakd).as_slice()) {
        (Some(index), _) => index,
        (None, [only]) => *only,
        (None, []) => {
            return Err(Error::file(format!(
                "{shown}: the container has no SAS entry"
            )));
        }
        (None, many) => {
            let (count, listed) = (
                many.len(),
                many.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            );
            return Err(Error::file(Words::new(move |s| {
                format!(
                    "{shown}: the container has {count} SAS entries ({listed}); pick one with {}",
                    s.given("entry", &"N")
                )
            })));
        }
    };
    let name = format!("{shown}#{index}");
    let Some(found) = pakd.entries.get(index) else {
        return Err(Error::input(
            "entry",
            format!(
                "{shown}: no entry {index} (the container has {})",
                pakd.entries.len()
            ),
        ));
    };
    let contents = found
        .contents()
        .map_err(|e| Error::file(e).in_context(&name))?;
    if !sas_formats::is_sas(contents) {
        return Err(Error::file(format!(
            "{name}: entry {index} is {}, not a SAS set",
            found.kind()
        )));
    }
    let (set, contents) = entry_set(&pakd, index, &shown)?;
    Ok(LoadedSet {
        set,
        name,
        bytes: contents.to_vec(),
    })
}

/// Every set of a file as a server serves it: a SAS file's one set named by the file's stem
/// (`synthetic.sas3`: `synthetic`), each SAS entry of a container as `<stem>.<entry>`; with where
/// each came from, and a line for each entry left out (compressed, or not SAS).
#[derive(Debug, Clone, Default)]
pub struct SetsOfFile {
    /// Name, set, origin (`read from FILE`, `read from FILE entry N`).
    pub sets: Vec<(String, SasSet, String)>,
    pub skipped: Vec<String>,
}

/// Reads every set of the SAS file or container at `path` ([`SetsOfFile`]).
///
/// # Errors
/// A file that cannot be read or decoded (`--sas` takes a SAS set or a pakd container), or a
/// container with no SAS entry.
pub fn sets_of_file(path: &Path) -> Result<SetsOfFile> {
    let shown = Shown(&path).to_string();
    let bytes = read_container(path)?;
    let stem = path
        .file_stem()
        .map_or_else(|| shown.clone(), |s| s.to_string_lossy().into_owned());
    let mut found = SetsOfFile::default();
    if sas_formats::is_sas(&bytes) {
        let set = SasSet::decode(&bytes).map_err(|e| Error::from(e).in_context(&shown))?;
        found.sets.push((stem, set, format!("read from {shown}")));
        return Ok(found);
    }
    let pakd = Pakd::decode(&bytes).map_err(|e| {
        let e = e.to_string();
        Error::file(Words::new(move |s| {
            format!("{} takes a SAS set or a pakd container: {e}", s.name("sas"))
        }))
        .in_context(&shown)
    })?;
    for (index, entry) in pakd.entries.iter().enumerate() {
        match entry.kind() {
            EntryKind::Sas(..) => {}
            other => {
                found
                    .skipped
                    .push(format!("{shown} entry {index} ({other}): not a SAS set"));
                continue;
            }
        }
        let (set, _) = entry_set(&pakd, index, &shown)?;
        found.sets.push((
            format!("{stem}.{index}"),
            set,
            format!("read from {shown} entry {index}"),
        ));
    }
    if found.sets.is_empty() {
        return Err(Error::file(format!(
            "{shown}: the container has no SAS entry"
        )));
    }
    Ok(found)
}
