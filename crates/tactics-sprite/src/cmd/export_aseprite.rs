//! `tactics-sprite export-aseprite`: every sequence of a document as an atlas PNG and a sprite-sheet
//! JSON in Aseprite's "Hash" shape, which Phaser, PixiJS and other 2D engines import.

use std::path::PathBuf;

use anyhow::{Context, anyhow};
use faults::Shown;
use sprite_data::pose::View;
use sprite_inputs::GameName;
use sprite_render::TileSources;
use sprite_render::aseprite::export;
use sprite_render::encode::png_rgba;
use sprite_render::render::{HdPicture, hd_line};
use sprite_render::request::DEFAULT_HOLD_TICKS;

use super::inputs::{DrawingInput, art_of};
use super::output::write_out;
use super::weapon::WeaponInput;
use super::{Failure, Outcome};

/// Export a document's sequences for Aseprite-based engines.
#[derive(Debug, clap::Args)]
#[command(
    about = "Export every sequence as an atlas PNG and an Aseprite sprite-sheet JSON (Hash)",
    long_about = "Draw every sequence of a document from its sheet and write DIR/NAME.png, an atlas of
the frames (trimmed, each picture once), and DIR/NAME.json as Aseprite's Export Sprite Sheet
writes it (Hash): frames with durations, a tag per sequence and per animation and view (flipX on
the mirrored views), hits and sounds as cel user data, a stance slice. Written atomically.
Exit status: 0 written; 1 an input that cannot be read or does not fit; 2 a usage error.
More: docs/aseprite.md",
    after_long_help = super::LIMITS_HELP
)]
pub struct Args {
    #[command(flatten)]
    pub input: DrawingInput,

    #[command(flatten)]
    pub weapon: WeaponInput,

    /// The files' name, NAME.png and NAME.json [default: the sheet's stem; ramuza for battle_ramuza_spr.bin]
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,

    /// Ticks a frame the game holds (a last delay of 0) lasts; never 0 ms [default: 60]
    #[arg(long, value_name = "TICKS", default_value_t = DEFAULT_HOLD_TICKS, hide_default_value = true, value_parser = super::at_least_one::<u32>)]
    pub hold: u32,

    /// The folder to write into (made if missing).
    #[arg(short, long, value_name = "DIR")]
    pub out: PathBuf,
}

/// Runs the command.
///
/// # Errors
/// An input that cannot be read or does not fit, or an output that cannot be written.
pub fn run(args: &Args) -> Outcome {
    let name = match &args.name {
        Some(name) => name.clone(),
        None => args
            .input
            .sheet
            .file_name()
            .and_then(|s| s.to_str())
            // The stem, and for the remaster's names (`battle_ramuza_spr.bin`) the sheet's own
            // name within it (`ramuza`).
            .map(|file| GameName::parse(file).stem().to_owned())
            .filter(|s| !s.is_empty())
            .ok_or_else(|| anyhow!("{}: give --name for the files", Shown(&args.input.sheet)))?,
    };
    if name.contains(['/', '\\']) || name == "." || name == ".." {
        return Err(Failure::usage(
            "export-aseprite",
            format!("--name {name:?} must be a plain file name"),
        ));
    }
    let (bytes, document_name) = args
        .input
        .document()
        .map_err(|error| Failure::of("export-aseprite", error))?;
    let doc = sprite_data::parse_document(&bytes, &document_name)?;
    let sheets = args
        .input
        .load(&doc)
        .map_err(|error| Failure::of("export-aseprite", error))?;
    let renderer = args.input.renderer(&doc, &sheets)?;
    let image_name = format!("{name}.png");
    let data_name = match &args.input.data {
        Some(data) => data.file_name().map_or_else(
            || document_name.clone(),
            |n| n.to_string_lossy().into_owned(),
        ),
        None => document_name.clone(),
    };
    let sheet_name = args
        .input
        .sheet
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let provenance = format!(
        "written by tactics-sprite {} from {data_name} and {sheet_name}",
        env!("CARGO_PKG_VERSION")
    );
    let weapon = args.weapon.load(args.input.data_path(), &sheets.files)?;
    let weapon_art = weapon.as_ref().map(|w| w.art()).transpose()?;
    let layered = match (&weapon, &weapon_art) {
        (Some(w), Some(art)) => {
            let alone: Vec<_> = doc
                .sequences
                .iter()
                .enumerate()
                .map(|(i, s)| sprite_render::compose::sequence_alone(s, i, false))
                .collect();
            let refs: Vec<_> = alone.iter().collect();
            let art = TileSources {
                weapon: Some(art),
                ..art_of(&sheets)
            };
            let renderer = art
                .layered_renderer(&doc, w.choice.weapon_type, &refs, &[View::ALL[1]])
                .map_err(|failure| args.input.failure(&sheets, failure))?;
            Some(renderer)
        }
        _ => None,
    };
    let (exported, canvas) = match &layered {
        Some(layered) => (
            export(layered, &image_name, &provenance, args.hold),
            layered.canvas(),
        ),
        None => (
            export(&renderer, &image_name, &provenance, args.hold),
            renderer.canvas(),
        ),
    };
    let exported = exported.map_err(|e| args.input.explain(&sheets, e))?;
    let png = png_rgba(&exported.atlas).context("encoding the atlas")?;
    let json = exported.to_text().into_bytes();
    let png_path = args.out.join(&image_name);
    let json_path = args.out.join(format!("{name}.json"));
    write_out(&png_path, &png)?;
    write_out(&json_path, &json)?;
    for line in &sheets.lines {
        println!("{line}");
    }
    if let Some(weapon) = &weapon {
        println!("{}", weapon.line);
    }
    if let Some(line) = hd_line(sheets.sheet.scale, HdPicture::Atlas, weapon.is_some()) {
        println!("{line}");
    }
    println!(
        "frames  {} in {} tags ({} sequences, then each animation at each view), {} distinct \
         pictures in the atlas; canvas {} x {}",
        exported.frames,
        exported.tags,
        doc.sequences.len(),
        exported.stored,
        canvas.width,
        canvas.height
    );
    println!(
        "wrote   {} ({} x {}, {} bytes)",
        Shown(&png_path),
        exported.atlas.width(),
        exported.atlas.height(),
        png.len()
    );
    println!("wrote   {} ({} bytes)", Shown(&json_path), json.len());
    Ok(())
}
