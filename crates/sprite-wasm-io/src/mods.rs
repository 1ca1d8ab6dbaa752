//! "Download mod": a mod of the remaster's mod loader made from the files given, as `mod new`
//! and `mod add` make one on disk (`sprite_inputs::mod_folder::memory`, the same checks and the
//! same places), packed as a zip whose one folder, named by the mod's ID, is the mod's folder:
//! what Reloaded-II installs when the zip is dropped on it.
//!
//! Asked for in JSON, `mod new`'s and `mod add`'s choices by their parameter names:
//! `{"id": "fftivc.sprites.red", "name": "Red", "author": "...", "version": "1.0.0",
//! "description": "...", "mode": "enhanced"}`, with the files to place (the page gives the
//! edits among its files, `sprite_wasm::Files::edits`).

use serde_json::Value;
use sprite_inputs::loader::layout::Mode;
use sprite_inputs::mod_folder::add::AddOptions;
use sprite_inputs::mod_folder::config::NewMod;
use sprite_inputs::mod_folder::memory::ModInMemory;
use sprite_wasm::error::chain;

use crate::zip::stored_zip;

/// The zip of the mod the request (JSON, as above) describes, holding `files` (each the name it
/// was given, which says which game file it is, and its bytes) placed as `mod add` places them.
///
/// # Errors
/// A request that is not such JSON, a description `mod new` refuses, no file to place, and any
/// file `mod add` refuses (one line naming it and why).
pub fn mod_zip(files: Vec<(String, Vec<u8>)>, request: &str) -> Result<Vec<u8>, String> {
    let request: Value =
        serde_json::from_str(request).map_err(|e| format!("the mod request: {e}"))?;
    let text = |key: &str| -> Result<Option<String>, String> {
        match request.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) => Ok(Some(text.clone())),
            Some(other) => Err(format!("the mod request: {key} is {other}, not text")),
        }
    };
    let new = NewMod {
        id: text("id")?.unwrap_or_default(),
        name: text("name")?.unwrap_or_default(),
        author: text("author")?,
        version: text("version")?,
        description: text("description")?,
    };
    let mode = match text("mode")?.as_deref() {
        None => Mode::Enhanced,
        Some(name) => Mode::from_folder(name).ok_or_else(|| {
            format!("the mod request: mode {name:?} is none of enhanced, classic, combined")
        })?,
    };
    let mut made = ModInMemory::new(&new).map_err(|e| chain(&e))?;
    if files.is_empty() {
        return Err(
            "no file to put in the mod: every file given is a retail file as the game has it; \
             give the files you changed"
                .to_owned(),
        );
    }
    let options = AddOptions {
        mode,
        rename: None,
        replace: false,
        sheets: None,
        like: None,
        charclut: None,
    };
    made.add(files, &options).map_err(|e| chain(&e))?;
    let id = &made.config().mod_id;
    let entries: Vec<(String, Vec<u8>)> = made
        .files()
        .into_iter()
        .map(|(path, bytes)| (format!("{id}/{path}"), bytes))
        .collect();
    stored_zip(&entries)
}
