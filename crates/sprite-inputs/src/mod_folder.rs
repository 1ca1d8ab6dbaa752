//! A mod of the 2025 remaster's sprite files, as its mod loader (`fftivc.utility.modloader`, for
//! Reloaded-II) loads it (docs/mods.md): made ([`new_mod`]), filled ([`add`]), checked
//! ([`check`]) and listed ([`list`]); the loader's paths ([`layout`]), the mod's description
//! ([`config`]), and the bounded walk that reads a mod, or finds the loader's folders below a
//! folder for `--originals` ([`walk`]).

pub mod add;
pub mod check;
pub mod config;
pub mod layout;
pub mod list;
pub mod walk;

use std::path::Path;

use faults::Shown;
use sprite_data::output::write_atomically;

use crate::error::{Error, Result};
use config::{ModConfig, NewMod};
use layout::CONFIG_FILE;

/// Makes the mod folder `dir` (and the folders above it) with its `ModConfig.json`, written
/// atomically; returns the description written.
///
/// # Errors
/// A description [`ModConfig::new`] refuses (the request's fault), a folder that is a mod
/// already (its `ModConfig.json` is there, and is left alone), a path that is a file, a folder or
/// file that cannot be written.
pub fn new_mod(dir: &Path, new: &NewMod) -> Result<ModConfig> {
    let config = ModConfig::new(new)?;
    if dir.exists() && !dir.is_dir() {
        return Err(Error::file(format!(
            "{}: a file, not a folder",
            Shown(&dir)
        )));
    }
    let path = dir.join(CONFIG_FILE);
    if std::fs::symlink_metadata(&path).is_ok() {
        return Err(Error::file(format!(
            "{}: already there: {} is a mod already (mod add puts files in it)",
            Shown(&path),
            Shown(&dir)
        )));
    }
    write_atomically(&path, &config.to_bytes())
        .map_err(|e| Error::from(e).in_context(Shown(&path)))?;
    Ok(config)
}
