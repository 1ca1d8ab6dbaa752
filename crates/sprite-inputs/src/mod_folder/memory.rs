//! A mod made in memory, as `mod new` and `mod add` make one on disk: its `ModConfig.json` and
//! each file placed by the same checks ([`add::place_bytes`]), at the same place. A web page,
//! which has no folder to write, gives the files it was given and downloads the tree as a zip.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::Result;
use crate::loader::layout::{CONFIG_FILE, slashed};
use crate::mod_folder::add::{self, AddOptions, Placement};
use crate::mod_folder::config::{ModConfig, NewMod};
use crate::mod_folder::ramza;

/// A mod's description and its files, held in memory.
#[derive(Debug, Clone)]
pub struct ModInMemory {
    config: ModConfig,
    /// Each file, by its place from the mod's root.
    files: BTreeMap<PathBuf, Vec<u8>>,
}

impl ModInMemory {
    /// A new mod, as `mod new` describes it.
    ///
    /// # Errors
    /// As [`ModConfig::new`].
    pub fn new(new: &NewMod) -> Result<ModInMemory> {
        Ok(ModInMemory {
            config: ModConfig::new(new)?,
            files: BTreeMap::new(),
        })
    }

    /// The mod's description.
    pub fn config(&self) -> &ModConfig {
        &self.config
    }

    /// Places `files` (each a name, which says which game file it is, and its bytes) as `mod
    /// add` places them: every one checked before any is kept.
    ///
    /// # Errors
    /// As `mod add` (`add::plan`): a file refused, named, and two files for one place.
    pub fn add(
        &mut self,
        files: Vec<(String, Vec<u8>)>,
        options: &AddOptions,
    ) -> Result<Vec<Placement>> {
        let dir = PathBuf::from(&self.config.mod_id);
        let target = |relative: &Path, replace: bool| match self.files.contains_key(relative) {
            true if !replace => Err(add::already_in_the_mod(&dir.join(relative))),
            there => Ok(there),
        };
        let mut placements: Vec<Placement> = Vec::new();
        for (name, bytes) in files {
            let placement = add::place_bytes(&dir, Path::new(&name), bytes, options, &target)?;
            add::refuse_twice(&placements, &placement)?;
            placements.push(placement);
        }
        // A recolour of Ramza goes into his charclut.nxd as on disk: the one among the files,
        // else the game's found through `options`.
        ramza::carry_into_charclut(&dir, &mut placements, options)?;
        for placement in &placements {
            self.files
                .insert(placement.relative.clone(), placement.bytes.clone());
        }
        Ok(placements)
    }

    /// Every file of the mod's folder, its `ModConfig.json` first, then by place: each path
    /// from the folder's root with `/` between the parts, and its bytes.
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let config = (CONFIG_FILE.to_owned(), self.config.to_bytes());
        std::iter::once(config)
            .chain(
                self.files
                    .iter()
                    .map(|(path, bytes)| (slashed(path), bytes.clone())),
            )
            .collect()
    }
}
