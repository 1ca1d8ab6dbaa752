//! The remaster's mod loader (`fftivc.utility.modloader`, for Reloaded-II), as far as where it
//! reads files (docs/mods.md): its paths in a mod ([`layout`]: `FFTIVC/data/<mode>/fftpack/unit/`,
//! `system/ffto/g2d/`, `ModConfig.json`), and the bounded walk that reads a folder that may be
//! hostile and finds the loader's folders below it ([`walk`]). Both the places game files come
//! from ([`crate::locate`], which layers a mod over the game) and a mod made, filled and checked
//! ([`crate::mod_folder`]) build on it.

pub mod layout;
pub mod walk;
