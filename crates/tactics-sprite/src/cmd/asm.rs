//! `tactics-sprite asm`: the text form of a SEQ or SHP file (docs/text-forms.md) compiled back
//! to the file.

use std::path::PathBuf;

use anyhow::{Context, anyhow};
use fft_formats::text;
use sprite_data::output::write_atomically;

use super::{Outcome, read_input};

/// Compile a text form back to a SEQ or SHP file.
#[derive(Debug, clap::Args)]
#[command(
    about = "Compile the text form of a SEQ or SHP file (from `disasm`, or edited) back to the file",
    long_about = "Read the text form of a SEQ, unit SHP or weapon/effect SHP file (what `tactics-sprite \
disasm` writes, edited or not; its first line `.format seq`, `.format unit-shp` or `.format \
weapon-shp` says which), check it as strictly as the encoders do and write the file. Text that \
`disasm` wrote and nobody changed gives back the original bytes. The form is described in \
docs/text-forms.md. (`build`, `check` and `diff` take the text itself too, and assemble it the \
same way.)\n\n\
A problem is one line on stderr naming the text's line and column and what was expected there, \
for example \"type1.seq.txt: line 12, column 5: unknown opcode `Wiat`; did you mean `Wait`?\"; \
what no file can hold (a jump past the end of the stream, a tile off the 8-pixel grid or in the \
other half of the sheet, more than 8 tiles in a frame, a gap in the slot numbers) is refused at \
the line that asks for it, and nothing is written.\n\n\
The output is written atomically. Exit status: 0 on success; 1 when the text cannot be read or \
does not assemble; 2 for a usage error."
)]
pub struct Args {
    /// The text (type1.seq.txt, from `tactics-sprite disasm`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Where to write the SEQ or SHP file.
    #[arg(short, long, value_name = "OUT")]
    pub out: PathBuf,
}

/// Runs the command.
///
/// # Errors
/// An unreadable file, a text that does not assemble (at its line and column), a binary file
/// given as the text, or an output that cannot be written.
pub fn run(args: &Args) -> Outcome {
    let shown = args.file.display().to_string();
    let bytes = read_input(&args.file)?;
    if text::detect(&bytes).is_none() {
        if let Some(format) = fft_formats::detect_format(&bytes) {
            return Err(anyhow!(
                "{shown}: this is {}, not its text form; `tactics-sprite disasm` writes that",
                format.in_words()
            )
            .into());
        }
        if let Some(what) = super::not_a_sprite_file(&bytes) {
            return Err(
                anyhow!("{shown}: this is {what}, not the text form of a SEQ or SHP file").into(),
            );
        }
    }
    let assembly = text::assemble_bytes(&bytes).map_err(|e| anyhow!("{shown}: {e}"))?;
    let format = assembly.model.format();
    write_atomically(&args.out, &assembly.bytes)
        .with_context(|| format!("{}: cannot write", args.out.display()))?;
    println!("asm     {shown}  {format} text");
    println!(
        "wrote   {} ({}, {} bytes)",
        args.out.display(),
        format.in_words(),
        assembly.bytes.len()
    );
    Ok(())
}
