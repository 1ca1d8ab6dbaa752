//! `tactics-sprite sheet`: an SPR sprite sheet as an indexed PNG, or its portrait upright.

use std::path::PathBuf;

use anyhow::Context;
use fft_formats::spr::Spr;
use sprite_data::output::write_atomically;
use sprite_render::sheet::sheet_png;

use super::{Outcome, read_input};

/// Write an SPR sheet as an indexed PNG.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write an SPR sprite sheet as an indexed PNG (index 0 transparent), or its portrait",
    long_about = "Decode an SPR sprite sheet (standard, short, tall, SP2 or OTHER) and write it as \
an 8-bit indexed PNG: each pixel's value is its 4-bit sheet index, the PLTE is the chosen palette \
(16 colours, each 5-bit channel expanded to v * 255 / 31 rounded) and the tRNS makes index 0 \
transparent. An SP2 sheet has no palette of its own and is written with a grey ramp.\n\n\
With --portrait, writes the 48 x 32 portrait turned upright (32 x 48) with a portrait palette \
(8-15 on unit sheets; 8 by default); its colour 0, the portrait's background, stays opaque unless \
it is 0x0000.\n\n\
The output is written atomically. Exit status: 0 on success; 1 when the sheet cannot be read or \
decoded or has no such palette or portrait; 2 for a usage error."
)]
pub struct Args {
    /// The sheet (e.g. RAMUZA.SPR).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The palette to draw with [default: 0, or 8 with --portrait]
    #[arg(long, value_name = "N")]
    pub palette: Option<usize>,

    /// Write the portrait upright instead of the whole sheet.
    #[arg(long)]
    pub portrait: bool,

    /// Where to write the PNG.
    #[arg(short, long, value_name = "OUT")]
    pub out: PathBuf,
}

/// Runs the command.
///
/// # Errors
/// An unreadable or undecodable sheet, a palette or portrait it does not have, or an output that
/// cannot be written.
pub fn run(args: &Args) -> Outcome {
    let shown = args.file.display().to_string();
    let bytes = read_input(&args.file)?;
    let what = super::wrong_kind(&bytes, fft_formats::FileFormat::Spr);
    if let Some(what) = what {
        let advice = if what.starts_with("a PNG") {
            " (a PNG sheet is given to render and export-aseprite as it is)"
        } else {
            ""
        };
        return Err(
            anyhow::anyhow!("{shown}: this is {what}, not an SPR sprite sheet{advice}").into(),
        );
    }
    let spr = Spr::decode(&bytes).with_context(|| format!("{shown}: not an SPR sheet"))?;
    let (png, what) =
        sheet_png(&spr, args.palette, args.portrait).with_context(|| shown.clone())?;
    write_atomically(&args.out, &png)
        .with_context(|| format!("{}: cannot write", args.out.display()))?;
    println!("sheet   {shown}  {} sheet", spr.variant);
    println!(
        "wrote   {} ({what}, {} bytes)",
        args.out.display(),
        png.len()
    );
    Ok(())
}
