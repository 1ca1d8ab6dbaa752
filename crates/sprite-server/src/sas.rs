//! The Tactics Ogre SAS sets a server serves (`/api/v1/sas/...`), apart from the unit catalog:
//! each set decoded once, with its name in URLs, where it came from, and the PNG sheet its
//! renders are drawn from.
//!
//! A SAS file is one set, named by its file stem (`synthetic.sas3`: `synthetic`); a `pakd`
//! container serves each of its SAS entries as `<stem>.<entry>` (`synthetic.0`), the others
//! (compressed, or not SAS) are left out and said so.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, anyhow, bail};
use axum::body::Bytes;
use sas_formats::pakd::MAX_CONTAINER_LEN;
use sas_formats::{EntryKind, Pakd, SasSet};
use sprite_render::Image;
use sprite_render::sas::sas_sheet;

/// The served sets, in the order they were given.
#[derive(Debug, Clone, Default)]
pub struct SasCatalog {
    pub sets: Vec<ServedSet>,
    /// One line per container entry left out, for the start-up report.
    pub skipped: Vec<String>,
}

/// One served set.
#[derive(Debug, Clone)]
pub struct ServedSet {
    /// Its name in URLs (`set=`): the file's stem, `<stem>.<entry>` for a container's entry.
    pub name: String,
    pub set: SasSet,
    /// Where it came from, for the start-up report and `/api/v1/sas/sets`.
    pub origin: String,
    /// The sheet its renders are drawn from; `None`: renders are refused.
    pub sheet: Option<SasSheet>,
}

/// A PNG sheet of a SAS set (any size up to `sprite_render::sas::MAX_SHEET_SIDE`), its bytes as
/// `sheet.png` sends them and the picture renders are drawn from, decoded once when it is read
/// and shared by every set drawn from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SasSheet {
    /// The file's name without its folder (`sheet.file` of the served document).
    pub file: String,
    pub bytes: Bytes,
    pub image: Arc<Image>,
}

impl SasSheet {
    /// Reads and checks the PNG sheet at `path` (`render --sheet` reads it so).
    ///
    /// # Errors
    /// A file that cannot be read, is not a PNG, is too large or does not decode.
    pub fn read(path: &Path) -> anyhow::Result<SasSheet> {
        let shown = path.display().to_string();
        let bytes = read_capped(path)?;
        let image = sas_sheet(&bytes).with_context(|| shown.clone())?;
        let file = path
            .file_name()
            .map_or(shown, |n| n.to_string_lossy().into_owned());
        Ok(SasSheet {
            file,
            bytes: Bytes::from(bytes),
            image: Arc::new(image),
        })
    }
}

impl SasCatalog {
    /// Adds the sets of the SAS file or `pakd` container at `path`, each drawn from `sheet`.
    ///
    /// # Errors
    /// A file that cannot be read or decoded, a container with no SAS entry, or a set whose name
    /// is taken.
    pub fn add_file(&mut self, path: &Path, sheet: Option<&SasSheet>) -> anyhow::Result<()> {
        let shown = path.display().to_string();
        let bytes = read_capped(path)?;
        let stem = path
            .file_stem()
            .map_or_else(|| shown.clone(), |s| s.to_string_lossy().into_owned());
        let mut found = Vec::new();
        if sas_formats::is_sas(&bytes) {
            let set = SasSet::decode(&bytes).with_context(|| shown.clone())?;
            found.push((stem, set, format!("read from {shown}")));
        } else {
            let pakd = Pakd::decode(&bytes)
                .with_context(|| format!("{shown}: --sas takes a SAS set or a pakd container"))?;
            for (index, entry) in pakd.entries.iter().enumerate() {
                match entry.kind() {
                    EntryKind::Sas(..) => {}
                    other => {
                        self.skipped
                            .push(format!("{shown} entry {index} ({other}): not a SAS set"));
                        continue;
                    }
                }
                let contents = entry
                    .contents()
                    .map_err(|e| anyhow!("{shown}#{index}: {e}"))?;
                let set = SasSet::decode_as(contents, pakd.byte_order)
                    .with_context(|| format!("{shown}#{index}"))?;
                found.push((
                    format!("{stem}.{index}"),
                    set,
                    format!("read from {shown} entry {index}"),
                ));
            }
            if found.is_empty() {
                bail!("{shown}: the container has no SAS entry");
            }
        }
        for (name, set, origin) in found {
            if self.set(&name).is_some() {
                bail!("{shown}: a second SAS set named {name:?} (sets are named by file name)");
            }
            self.sets.push(ServedSet {
                name,
                set,
                origin,
                sheet: sheet.cloned(),
            });
        }
        Ok(())
    }

    /// The set named `name` (any case).
    pub fn set(&self, name: &str) -> Option<&ServedSet> {
        self.sets.iter().find(|s| s.name.eq_ignore_ascii_case(name))
    }
}

/// A file's bytes, up to [`MAX_CONTAINER_LEN`] (as `tactics-sprite` reads SAS input).
fn read_capped(path: &Path) -> anyhow::Result<Vec<u8>> {
    let shown = path.display();
    let file = std::fs::File::open(path).with_context(|| format!("{shown}: cannot read"))?;
    let mut bytes = Vec::new();
    file.take(MAX_CONTAINER_LEN + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("{shown}: cannot read"))?;
    if bytes.len() as u64 > MAX_CONTAINER_LEN {
        bail!("{shown}: longer than a pakd container is read ({MAX_CONTAINER_LEN} bytes)");
    }
    Ok(bytes)
}
