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
    long_about = "Compile the text form of a SEQ or SHP file (from `disasm`, edited or not; its `.format` line says
which) back to the file, checked as strictly as the encoders: an untouched text gives back the
same bytes. A problem is one line naming the text's line and column, and nothing is written.
build, check and diff take the text itself too.
Exit status: 0 written (atomically); 1 a text that cannot be read or does not assemble; 2 a usage error.
More: docs/text-forms.md"
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
