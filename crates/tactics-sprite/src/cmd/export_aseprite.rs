//! `tactics-sprite export-aseprite`: every sequence of a document as an atlas PNG and a sprite-sheet
//! JSON in Aseprite's "Hash" shape, which Phaser, PixiJS and other 2D engines import.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, anyhow};
use sprite_render::aseprite::export;
use sprite_render::encode::png_rgba;

use super::render::{DrawingInput, write_out};

/// Export a document's sequences for Aseprite-based engines.
#[derive(Debug, clap::Args)]
#[command(
    about = "Export every sequence as an atlas PNG and an Aseprite sprite-sheet JSON (Hash)",
    long_about = "Draw every sequence of a tactics-sprite-data.json document from its sheet and \
write DIR/NAME.png, an atlas of the composed frames (identical frames stored once, trimmed), and \
DIR/NAME.json in the shape of Aseprite's File > Export Sprite Sheet JSON, Hash form: frames keyed \
\"0\", \"1\", ... with frame, rotated, trimmed, spriteSourceSize, sourceSize and duration (whole \
ms, rounding carried so each tag's total matches its ticks); meta with app, version, image, \
format, size, scale (\"1\"), frameTags (one per sequence, named as it, inclusive from/to, \
direction forward, repeat \"1\" when it does not loop), layers (an events layer whose cels carry \
hit and sound as user data) and a stance slice whose pivot is the stance point.\n\n\
Each sequence is drawn at its own unmirrored facing with its 2D move; flip a frame horizontally \
for the mirrored views (the canvas is symmetric about the pivot). Both files are written \
atomically. Exit status: 0 on success; 1 when an input cannot be read or does not fit; 2 for a \
usage error.",
    after_long_help = super::LIMITS_HELP
)]
pub struct Args {
    #[command(flatten)]
    pub input: DrawingInput,

    /// The files' name, NAME.png and NAME.json [default: the sheet file's stem]
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,

    /// The folder to write into (made if missing).
    #[arg(short, long, value_name = "DIR")]
    pub out: PathBuf,
}

/// Runs the command.
///
/// # Errors
/// An input that cannot be read or does not fit, or an output that cannot be written.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let name = match &args.name {
        Some(name) => name.clone(),
        None => args
            .input
            .sheet
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|s| !s.is_empty())
            .ok_or_else(|| anyhow!("{}: give --name for the files", args.input.sheet.display()))?
            .to_owned(),
    };
    if name.contains(['/', '\\']) || name == "." || name == ".." {
        eprintln!("tactics-sprite: export-aseprite: --name {name:?} must be a plain file name");
        return Ok(ExitCode::from(2));
    }
    let (doc, sheet) = args.input.load()?;
    let renderer = args.input.renderer(&doc, &sheet)?;
    let shown_data = args.input.data.display().to_string();

    let image_name = format!("{name}.png");
    let data_name = args
        .input
        .data
        .file_name()
        .map_or_else(|| shown_data.clone(), |n| n.to_string_lossy().into_owned());
    let sheet_name = args
        .input
        .sheet
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let provenance = format!(
        "written by tactics-sprite {} from {data_name} and {sheet_name}",
        env!("CARGO_PKG_VERSION")
    );
    let exported =
        export(&renderer, &image_name, &provenance).with_context(|| shown_data.clone())?;
    let png = png_rgba(&exported.atlas).context("encoding the atlas")?;
    let json = exported.to_text().into_bytes();
    let png_path = args.out.join(&image_name);
    let json_path = args.out.join(format!("{name}.json"));
    write_out(&png_path, &png)?;
    write_out(&json_path, &json)?;
    let canvas = renderer.canvas();
    println!(
        "frames  {} in {} tags, {} distinct pictures in the atlas; canvas {} x {}",
        exported.frames, exported.tags, exported.stored, canvas.width, canvas.height
    );
    println!(
        "wrote   {} ({} x {}, {} bytes)",
        png_path.display(),
        exported.atlas.width(),
        exported.atlas.height(),
        png.len()
    );
    println!("wrote   {} ({} bytes)", json_path.display(), json.len());
    Ok(ExitCode::SUCCESS)
}
