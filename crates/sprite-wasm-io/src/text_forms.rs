//! The text forms of a SEQ and an SHP (docs/text-forms.md), as `tactics-sprite disasm` writes
//! them and `asm` reads them, through the same functions: a SEQ's slots named by the profile of
//! the kind whose SEQ it is (`sprite_inputs::retail::kind_of_seq`), with the retail opcode table.
//! The first module has no room for them: it hands this one a file's bytes, and keeps what a text
//! form given assembles to (`sprite_wasm::files::Assembled`).

use std::path::Path;

use fft_formats::seq::OpcodeTable;
use fft_formats::text::{self, seq::SlotNames};
use fft_formats::{FileFormat, detect_format};
use sprite_data::listing::slot_names;
use sprite_inputs::retail::kind_of_seq;
use sprite_inputs::sniff::{choose_kind, not_a_sprite_file};
use sprite_wasm::error::chain;
use sprite_wasm::files::Assembled;

/// The text `tactics-sprite disasm NAME` writes of the SEQ or SHP `bytes`, named `name`.
///
/// # Errors
/// A text form (which `asm` compiles), a sheet (which has no text form), a file that does not
/// decode (its name, the offset, what was expected).
pub fn disasm(name: &str, bytes: &[u8]) -> Result<String, String> {
    let shown = faults::Shown(name).to_string();
    if let Some(format) = text::detect(bytes) {
        return Err(format!(
            "{shown}: this is already the text form of {}; `tactics-sprite asm` compiles it",
            format.in_words()
        ));
    }
    let (format, _) = choose_kind(Path::new(&shown), bytes, None).map_err(|e| chain(&e))?;
    if format == FileFormat::Spr {
        return Err(format!(
            "{shown}: this is an SPR sprite sheet, which has no text form (it is a picture: \
             `tactics-sprite sheet` writes it as a PNG)"
        ));
    }
    let names = match format {
        FileFormat::Seq => kind_of_seq(&shown, bytes)
            .map(|kind| slot_names(&kind.load(), &format!("the {} profile", kind.name)))
            .unwrap_or_default(),
        _ => SlotNames::default(),
    };
    text::disassemble_named(bytes, format, &OpcodeTable::default(), &names)
        .map_err(|e| format!("{shown}: not {}: {}", format.in_words(), chain(&e)))
}

/// What `tactics-sprite asm` makes of the text form `bytes`, named `name` in errors: the bytes
/// it writes, and the line each command was read from.
///
/// # Errors
/// A text that does not assemble: one line naming it, the line and the column; a SEQ or SHP file
/// itself, or another kind of file, said as what it is.
pub fn asm(name: &str, bytes: &[u8]) -> Result<Assembled, String> {
    let shown = faults::Shown(name);
    if text::detect(bytes).is_none() {
        if let Some(format) = detect_format(bytes) {
            return Err(format!(
                "{shown}: this is {}, not its text form; `tactics-sprite disasm` writes that",
                format.in_words()
            ));
        }
        if let Some(what) = not_a_sprite_file(bytes) {
            return Err(format!(
                "{shown}: this is {what}, not the text form of a SEQ or SHP file"
            ));
        }
    }
    text::assemble_bytes(bytes)
        .map(|assembly| Assembled {
            bytes: assembly.bytes,
            command_lines: assembly.command_lines,
        })
        .map_err(|e| faults::escape_controls(&format!("{shown}: {e}")).into_owned())
}
