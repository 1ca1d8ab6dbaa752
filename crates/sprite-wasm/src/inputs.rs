//! A game file given as itself, or as what the command line takes in its place: a SEQ's or an
//! SHP's text form (as `build` takes it), assembled by the second module (`sprite-wasm-io`,
//! `asm`'s code, which this module has no room for) when the page gave it, and a picture of a
//! sheet (as `render --sheet` takes a PNG). The files are found by [`Files::find`], which takes
//! `type1.seq.txt` for TYPE1.SEQ and `RAMUZA.png` for RAMUZA.SPR, the last given first: an
//! edited text or a repainted sheet given after the game's files is what the documents and the
//! pictures are made from.

use sprite_inputs::InputFile;
use sprite_inputs::sniff::starts_as_text;

use crate::files::{Files, GivenFile};

/// A SEQ or SHP as the builder reads it: the file's bytes, or its text form's assembled, named as
/// given, with the text and the line of each command when it was a text form.
#[derive(Debug, Clone)]
pub struct SpriteRead {
    pub file: InputFile,
    pub text: Option<(String, Vec<usize>)>,
}

/// The SEQ or SHP `disc_name` as given ([`SpriteRead`]).
///
/// # Errors
/// No file of that name given (for `what`); a text form that does not assemble, at its line and
/// column (`type1.seq.txt: line 12, column 5: ...`), or one given without its assembly.
pub fn sprite_file(files: &Files, disc_name: &str, what: &str) -> Result<SpriteRead, String> {
    let file = files.require(disc_name, what)?;
    match &file.assembled {
        Some(Ok(assembled)) => Ok(SpriteRead {
            file: InputFile {
                name: file.name.clone(),
                bytes: assembled.bytes.clone(),
            },
            text: Some((
                String::from_utf8_lossy(&file.bytes).into_owned(),
                assembled.command_lines.clone(),
            )),
        }),
        Some(Err(message)) => Err(message.clone()),
        None if starts_as_text(&file.bytes) => Err(format!(
            "{}: a text form, given without its assembly (files.mjs's addFiles assembles one)",
            faults::Shown(&file.name)
        )),
        None => Ok(SpriteRead {
            file: named(file),
            text: None,
        }),
    }
}

/// The sheet `disc_name` as given: an SPR, or a picture of it (a PNG in a sheet's layout, drawn
/// as `render --sheet NAME.png` draws it).
///
/// # Errors
/// No file of that name given (for `what`).
pub fn sheet_file(files: &Files, disc_name: &str, what: &str) -> Result<InputFile, String> {
    files.require(disc_name, what).map(named)
}

/// The file as the inputs layer reads it, named as it was given.
fn named(file: &GivenFile) -> InputFile {
    InputFile {
        name: file.name.clone(),
        bytes: file.bytes.clone(),
    }
}
