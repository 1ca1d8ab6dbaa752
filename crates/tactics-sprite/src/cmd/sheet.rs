//! `tactics-sprite sheet`: an SPR sprite sheet as an indexed PNG (or its portrait upright), and
//! `sheet import`, a picture of a sheet back into the SPR file (docs/sheet-import.md).
//!
//! `sheet FILE -o OUT.png` is the shorthand of `sheet export FILE -o OUT.png`: the command did
//! only that before it could import, and scripts call it so.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use clap::builder::TypedValueParser;
use fft_formats::FileFormat;
use fft_formats::spr::{Spr, SprVariant};
use sprite_data::output::write_atomically;
use sprite_render::sheet::sheet_png;
use sprite_render::spr_png::{self, ImportOptions, Imported, PixelSource, Source};

use super::{Outcome, read_input};

/// What `sheet FILE` and `sheet export FILE` write, for both their helps.
const EXPORT_HELP: &str = "Decode an SPR sprite sheet (standard, short, tall, SP2, OTHER or the \
weapons sheet) and write it as an 8-bit indexed PNG: each pixel's value is its 4-bit sheet index, \
the PLTE is the chosen palette (16 colours, each 5-bit channel expanded to v * 255 / 31 rounded) \
and the tRNS makes index 0 transparent. An SP2 sheet has no palette of its own and is written \
with a grey ramp. The picture also carries what an indexed PNG cannot hold, in an ancillary \
`spPl` chunk that viewers ignore: every palette as stored (STP bits included), the layout and the \
zero bytes the file ends with, so that `sheet import` reads it back into the very same bytes \
(docs/sheet-import.md; an editor may drop the chunk, and the import then takes what it held from \
--like).\n\n\
With --portrait, writes the 48 x 32 portrait turned upright (32 x 48) with a portrait palette \
(8-15 on unit sheets; 8 by default); its colour 0, the portrait's background, stays opaque unless \
it is 0x0000. A portrait is a picture only: it does not import.\n\n\
The output is written atomically. Exit status: 0 on success; 1 when the sheet cannot be read or \
decoded or has no such palette or portrait; 2 for a usage error.";

/// The sheet, as a picture and back.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write an SPR sprite sheet as an indexed PNG, or import a painted PNG back into the SPR",
    long_about = format!(
        "`sheet FILE -o OUT.png` (short for `sheet export FILE -o OUT.png`): {EXPORT_HELP}\n\n\
`sheet import PICTURE -o SHEET.SPR [--like SHEET.SPR]`: read a picture of a sheet back into the \
SPR file, the picture `sheet` wrote (the same bytes come back) or one painted from it; see \
`tactics-sprite sheet import --help`. (A sheet file named `export` or `import` is given as \
./export.)"
    ),
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub export: ExportArgs,
}

/// `sheet export` and `sheet import`.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    Export(ExportArgs),
    Import(ImportArgs),
}

/// Write an SPR sheet as an indexed PNG.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write an SPR sprite sheet as an indexed PNG (index 0 transparent), or its portrait",
    long_about = EXPORT_HELP
)]
pub struct ExportArgs {
    /// The sheet (e.g. RAMUZA.SPR).
    #[arg(value_name = "FILE", required = true)]
    pub file: Option<PathBuf>,

    /// The palette to draw with [default: 0, or 8 with --portrait]
    #[arg(long, value_name = "N")]
    pub palette: Option<usize>,

    /// Write the portrait upright instead of the whole sheet.
    #[arg(long)]
    pub portrait: bool,

    /// Where to write the PNG.
    #[arg(short, long, value_name = "OUT", required = true)]
    pub out: Option<PathBuf>,
}

/// Read a picture of a sheet back into the SPR file.
#[derive(Debug, clap::Args)]
#[command(
    about = "Read a picture of a sheet (indexed or in colours) back into the SPR file",
    long_about = "Read a PNG picture of a sprite sheet back into the SPR (or SP2) file: the picture \
`sheet` writes, or one painted from it in any editor. It must be 256 pixels wide and as tall as a \
layout: 488 (standard), 288 (short), 512 (tall), 256 (SP2 or OTHER), 656 (the weapons sheet), or \
456 (a standard sheet without its bottom band, which then comes from --like).\n\n\
An indexed picture's pixel values are the sheet's indices (0 to 15); its PLTE is the palette it \
shows, each colour becoming the nearest 15-bit colour word. A picture in colours (RGBA, RGB, grey) \
must use the colours of one of the sheet's palettes (alpha 0 is index 0); each colour that does \
not fit is named by its pixel position. What the picture does not carry (the other palettes, the \
layout, the zero bytes at the end) comes from its `spPl` chunk when `sheet` wrote it, else from \
--like, a sheet of the same layout. A picture `sheet` wrote imports to the very same bytes with \
no --like. The command says where each part came from.\n\n\
The output is written atomically; nothing is written when the picture is refused. Exit status: 0 \
on success; 1 when the picture or --like cannot be read or does not make a sheet (one line saying \
why: its size, the colours or indices that fit no palette, the palettes it lacks); 2 for a usage \
error."
)]
pub struct ImportArgs {
    /// The picture (a PNG).
    #[arg(value_name = "PICTURE")]
    pub picture: PathBuf,

    /// A sheet of the same layout to take what the picture does not carry from: the other
    /// palettes, the bottom band of a 456-row picture, the zero bytes at the end (e.g. the
    /// RAMUZA.SPR the picture was painted from).
    #[arg(long, value_name = "SPR")]
    pub like: Option<PathBuf>,

    /// The palette the picture shows: for an indexed picture without the chunk, the palette its
    /// PLTE replaces [default: 0]; for a picture in colours, the palette its colours are from
    /// [default: the first that holds them all].
    #[arg(long, value_name = "N")]
    pub palette: Option<usize>,

    /// The layout, when neither the picture's chunk nor --like says it and the height does not
    /// (a 256 x 256 picture is an SP2 sheet or the OTHER sheet).
    #[arg(long, value_name = "LAYOUT", value_parser = variant_parser())]
    pub variant: Option<SprVariant>,

    /// Where to write the SPR file.
    #[arg(short, long, value_name = "SPR")]
    pub out: PathBuf,
}

/// `--variant`: a layout by its name (`standard`, `sp2`, ...).
fn variant_parser() -> impl TypedValueParser<Value = SprVariant> {
    clap::builder::PossibleValuesParser::new(SprVariant::ALL.map(SprVariant::name)).map(|name| {
        SprVariant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .expect("clap checks the name")
    })
}

/// Runs the command.
///
/// # Errors
/// An unreadable or undecodable sheet or picture, a palette or portrait the sheet does not have,
/// a picture that makes no sheet, or an output that cannot be written.
pub fn run(args: &Args) -> Outcome {
    match &args.command {
        None => export(&args.export),
        Some(Command::Export(export_args)) => export(export_args),
        Some(Command::Import(import_args)) => import(import_args),
    }
}

fn export(args: &ExportArgs) -> Outcome {
    let (Some(file), Some(out)) = (&args.file, &args.out) else {
        unreachable!("clap requires FILE and --out");
    };
    let shown = file.display().to_string();
    let bytes = read_input(file)?;
    if let Some(what) = super::wrong_kind(&bytes, FileFormat::Spr) {
        let advice = if what.starts_with("a PNG") {
            " (a PNG sheet is given to render and export-aseprite as it is; `sheet import` makes \
             it an SPR)"
        } else {
            ""
        };
        return Err(anyhow!("{shown}: this is {what}, not an SPR sprite sheet{advice}").into());
    }
    let spr = Spr::decode(&bytes).with_context(|| format!("{shown}: not an SPR sheet"))?;
    let (png, what) =
        sheet_png(&spr, args.palette, args.portrait).with_context(|| shown.clone())?;
    // The whole sheet carries what its picture lacks; a portrait is a picture only.
    let png = if args.portrait {
        png
    } else {
        spr_png::add_chunk(&png, &spr, args.palette.unwrap_or(0)).with_context(|| shown.clone())?
    };
    write_atomically(out, &png).with_context(|| format!("{}: cannot write", out.display()))?;
    println!("sheet   {shown}  {} sheet", spr.variant);
    println!("wrote   {} ({what}, {} bytes)", out.display(), png.len());
    Ok(())
}

fn import(args: &ImportArgs) -> Outcome {
    let shown = args.picture.display().to_string();
    let bytes = read_input(&args.picture)?;
    if !bytes.starts_with(&sprite_render::sheet::PNG_SIGNATURE) {
        return Err(not_a_picture(&shown, &bytes).into());
    }
    let like = args.like.as_deref().map(read_like).transpose()?;
    let options = ImportOptions {
        like: like.as_ref(),
        palette: args.palette,
        variant: args.variant,
    };
    let imported = spr_png::import(&bytes, &options).with_context(|| shown.clone())?;
    let encoded = imported
        .spr
        .encode()
        .with_context(|| format!("{shown}: the sheet does not encode"))?;
    write_atomically(&args.out, &encoded)
        .with_context(|| format!("{}: cannot write", args.out.display()))?;
    let spr = &imported.spr;
    println!("import  {shown}  {} x {}", spr.width(), spr.height());
    let layout_from = match imported.layout {
        Source::Picture => "its height",
        other => from(other),
    };
    println!("layout  {}: {layout_from}", spr.variant);
    println!(
        "pixels  {}{}",
        match imported.pixels {
            PixelSource::Indices => "the picture's indices".to_owned(),
            PixelSource::Colours { palette } =>
                format!("the picture's colours, in palette {palette}"),
        },
        match imported.band {
            Source::Picture => String::new(),
            band => format!("; rows 456-487 (the bottom band) from {}", from(band)),
        }
    );
    println!("palettes {}", palette_sources(&imported));
    println!(
        "padding {} zero byte{} at the end: {}",
        spr.padding,
        if spr.padding == 1 { "" } else { "s" },
        from(imported.padding)
    );
    if let (Some(like), Some(path)) = (&like, &args.like) {
        println!("like    {}: {}", path.display(), compared_with(spr, like));
    }
    println!(
        "wrote   {} ({} sheet, {} bytes)",
        args.out.display(),
        spr.variant,
        encoded.len()
    );
    Ok(())
}

/// Where a part of an imported sheet came from, in the words of the command line.
fn from(source: Source) -> &'static str {
    match source {
        Source::Picture => "the picture",
        Source::Chunk => "its spPl chunk",
        Source::Like => "--like",
        Source::Options => "--variant",
        Source::Default => "the retail files' default",
    }
}

/// What a file given to `sheet import` that is no PNG is, in one line.
fn not_a_picture(shown: &str, bytes: &[u8]) -> anyhow::Error {
    match super::wrong_kind(bytes, FileFormat::Spr) {
        None if Spr::decode(bytes).is_ok() => anyhow!(
            "{shown}: this is already an SPR sprite sheet; `tactics-sprite sheet` writes it as a \
             PNG, which `sheet import` reads back"
        ),
        Some(what) => anyhow!("{shown}: this is {what}, not a PNG picture of a sheet"),
        None => anyhow!("{shown}: not a PNG picture (it does not start with the PNG signature)"),
    }
}

/// Reads and decodes `--like`.
fn read_like(path: &Path) -> anyhow::Result<Spr> {
    let shown = path.display();
    let bytes = read_input(path)?;
    if let Some(what) = super::wrong_kind(&bytes, FileFormat::Spr) {
        return Err(anyhow!(
            "--like {shown}: this is {what}, not an SPR sprite sheet"
        ));
    }
    Spr::decode(&bytes).with_context(|| format!("--like {shown}: not an SPR sheet"))
}

/// `0: the picture; 1-15: its spPl chunk`, runs of palettes from one place together.
fn palette_sources(imported: &Imported) -> String {
    if imported.palettes.is_empty() {
        return format!("none (an {} sheet has no palette)", imported.spr.variant);
    }
    let mut runs: Vec<(usize, usize, Source)> = Vec::new();
    for (palette, &source) in imported.palettes.iter().enumerate() {
        match runs.last_mut() {
            Some((_, last, run)) if *run == source => *last = palette,
            _ => runs.push((palette, palette, source)),
        }
    }
    runs.iter()
        .map(|&(first, last, source)| {
            let what = match source {
                Source::Picture => "the picture's PLTE",
                other => from(other),
            };
            if first == last {
                format!("{first}: {what}")
            } else {
                format!("{first}-{last}: {what}")
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// How the imported sheet differs from `--like`, in a few words.
fn compared_with(spr: &Spr, like: &Spr) -> String {
    if spr == like {
        return "the same sheet, byte for byte".to_owned();
    }
    if spr.variant != like.variant {
        return format!("a {} sheet, this one {}", like.variant, spr.variant);
    }
    let pixels = spr
        .pixels
        .iter()
        .zip(&like.pixels)
        .filter(|(a, b)| a != b)
        .count();
    let colours = spr
        .palettes
        .iter()
        .flatten()
        .zip(like.palettes.iter().flatten())
        .filter(|(a, b)| a != b)
        .count();
    let padding = if spr.padding == like.padding {
        String::new()
    } else {
        format!(
            ", and ends in {} zero bytes, not {}",
            spr.padding, like.padding
        )
    };
    format!(
        "differs in {pixels} pixel{} and {colours} palette colour{}{padding} (`tactics-sprite \
         diff` says where)",
        plural(pixels),
        plural(colours)
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
