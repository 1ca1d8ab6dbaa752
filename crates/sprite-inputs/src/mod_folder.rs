//! A mod of the 2025 remaster's sprite files, as its mod loader (`fftivc.utility.modloader`, for
//! Reloaded-II) loads it (docs/mods.md): made ([`new_mod`]), filled ([`add`]), checked
//! ([`check`]) and listed ([`list`]), with the mod's description ([`config`]); where the loader
//! reads a mod's files, and the bounded walk that reads one, are [`crate::loader`]'s.

pub mod add;
pub mod art;
pub mod check;
pub mod config;
pub mod list;
pub mod memory;
pub mod ramza;

use faults::Shown;
use std::path::Path;

use sprite_data::output::{Publish, write_below};

use crate::error::{Error, Result};
use crate::loader::layout::CONFIG_FILE;
use config::{ModConfig, NewMod};

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
    let a_mod_already = || {
        Error::file(format!(
            "{}: already there: {} is a mod already (mod add puts files in it)",
            Shown(&path),
            Shown(&dir)
        ))
    };
    if std::fs::symlink_metadata(&path).is_ok() {
        return Err(a_mod_already());
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::from(e).in_context(Shown(&dir)))?;
    // Not over one made since the look above (two `mod new` at once: one makes the mod).
    write_below(
        dir,
        Path::new(CONFIG_FILE),
        &config.to_bytes(),
        Publish::KeepExisting,
    )
    .map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => a_mod_already(),
        _ => Error::from(e).in_context(Shown(&path)),
    })?;
    Ok(config)
}
