//! `tactics-sprite sheet`: an SPR sprite sheet as an indexed PNG (or its portrait upright), and
//! `sheet import`, a picture of a sheet back into the SPR file (docs/sheet-import.md); the
//! remaster's HD pair likewise, and `sheet upscale` of an SPR to a pair ([`super::sheet_hd`]).
//!
//! `sheet FILE -o OUT.png` is the shorthand of `sheet export FILE -o OUT.png`: the command did
//! only that before it could import, and scripts call it so.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use clap::builder::TypedValueParser;
use faults::Shown;
use fft_formats::FileFormat;
use fft_formats::spr::{Spr, SprVariant};
use sprite_data::output::write_atomically;
use sprite_render::sheet::{PNG_SIGNATURE, png_size, sheet_png};
use sprite_render::spr_png::{self, ImportOptions, Imported, PixelSource, Source};

use sprite_inputs::hd::is_hd_input;
use sprite_inputs::names::hd::{sp2_single_of_tex, tex_number};
use sprite_report::diff::{SheetChange, sheet_change};

use super::inputs::GameFileArgs;
use super::{Failure, Outcome, plural, read_input};

/// What `sheet FILE` and `sheet export FILE` write, for both their helps.
const EXPORT_HELP: &str = "Write an SPR sheet (any layout, SP2 and WEP.SPR included) as an 8-bit indexed PNG: pixel
values are its indices, the PLTE the chosen palette, index 0 transparent; the `spPl` chunk keeps
every palette and the layout, so `sheet import` gives back the same bytes. --portrait: upright.
A remaster tex_N.bin writes its HD pair, 512 x 976, in its unit's SPR's colours (--palettes-from)
or, for Ramza's pairs (830 to 835), charclut.nxd's row (--variant, --charclut; docs/remaster.md).
Exit status: 0 written (atomically); 1 a sheet that cannot be read or has no such palette; 2 a usage error.
More: docs/rendering.md";

/// The sheet, as a picture and back.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write a sprite sheet (SPR, or the remaster's HD pair) as an indexed PNG, or import a painted PNG back",
    long_about = "Write an SPR sheet as an indexed PNG (`sheet FILE -o OUT.png`, short for `sheet export`),
or read a picture, painted or not, back into the SPR file (`sheet import PICTURE -o SHEET.SPR`).
The remaster's HD pair (tex_N.bin) goes both ways too, and `sheet upscale SPR -o tex_N.bin` writes
a pair from an SPR at twice its size (docs/remaster.md).
A sheet file named export, import or upscale is given as ./export.
Exit status: 0 written; 1 an input that cannot be read or does not make a sheet; 2 a usage error.
More: docs/sheet-import.md",
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
    Upscale(UpscaleArgs),
}

/// Write an HD pair from an SPR at twice its size.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write the remaster's HD pair (tex_N.bin, tex_N+1.bin) from an SPR at twice its size",
    long_about = "Write a pair of the remaster's HD sheet from a PlayStation sheet at twice its size, each pixel
a 2 x 2 block (nearest neighbour): a start that the remaster loads, to redraw at HD. -o names
either file of the pair (tex_992.bin); both are written, atomically, beside it. An SP2
(BEHI2.SP2) is written as one file of 512 x 512 (tex_1132.bin).
Exit status: 0 written; 1 a sheet that cannot be read or is neither a standard SPR nor an SP2;
2 a usage error.
More: docs/remaster.md"
)]
pub struct UpscaleArgs {
    /// The sheet (a standard SPR, e.g. MINA_M.SPR, or an SP2, e.g. BEHI2.SP2).
    #[arg(value_name = "SPR")]
    pub file: PathBuf,

    /// Either file of the pair to write: tex_N.bin (the other is found by the HD table, else N+1);
    /// for an SP2, its one file
    #[arg(short, long, value_name = "tex_N.bin")]
    pub out: PathBuf,
}

/// Write an SPR sheet as an indexed PNG.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write a sheet (SPR or HD pair) as an indexed PNG (index 0 transparent), or its portrait",
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

    /// The SPR an HD tex_N.bin takes its colours from [default: its unit's by the table, beside it, else in --originals or --disc]
    #[arg(long, value_name = "SPR")]
    pub palettes_from: Option<PathBuf>,

    /// Ramza's HD pairs: the CharCLUT row of his chapter whose colours the picture shows, 0 the game's own, 1-3 alternates [default: 0]
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub variant: Option<i32>,

    /// Ramza's HD pairs: the charclut.nxd to colour from [default: beside the pair, or nxd/charclut.nxd in --originals or --game]
    #[arg(long, value_name = "FILE")]
    pub charclut: Option<PathBuf>,

    /// Where to write the PNG.
    #[arg(short, long, value_name = "OUT", required = true)]
    pub out: Option<PathBuf>,

    #[command(flatten)]
    pub game: GameFileArgs,
}

/// Read a picture of a sheet back into the SPR file.
#[derive(Debug, clap::Args)]
#[command(
    about = "Read a picture of a sheet (indexed or in colours) back into the SPR file or HD pair",
    long_about = "Read a PNG picture of a sheet back into the SPR (or SP2) file: the picture `sheet` wrote (the
same bytes come back) or one painted from it, 256 wide and as tall as a layout, indexed or in the
colours of one palette. What it does not carry comes from its spPl chunk, else from --like.
One 512 wide is an HD pair: -o tex_N.bin writes both files (--palettes-from SPR; Ramza's colours
to --charclut FILE). Written atomically; nothing is written when the picture is refused (one line).
Exit status: 0 written; 1 an input that cannot be read or does not make a sheet; 2 a usage error.
More: docs/sheet-import.md"
)]
pub struct ImportArgs {
    /// The picture (a PNG).
    #[arg(value_name = "PICTURE")]
    pub picture: PathBuf,

    /// A sheet of the same layout for what the picture lacks (the one it was painted from)
    #[arg(long, value_name = "SPR")]
    pub like: Option<PathBuf>,

    /// The palette the picture shows [default: its chunk's; 0, or the first holding its colours]
    #[arg(long, value_name = "N")]
    pub palette: Option<usize>,

    /// The layout when neither the chunk, --like nor the height says it (256 x 256: sp2 or other)
    #[arg(long, value_name = "LAYOUT", value_parser = variant_parser())]
    pub variant: Option<SprVariant>,

    /// A picture of an HD pair without its chunk: the SPR whose palettes its colours are from
    #[arg(long, value_name = "SPR")]
    pub palettes_from: Option<PathBuf>,

    /// A picture of one of Ramza's HD pairs: the charclut.nxd its changed colours are written into (in place)
    #[arg(long, value_name = "FILE")]
    pub charclut: Option<PathBuf>,

    /// With --charclut: the CharCLUT row of his chapter the picture's colours go to, 0 the game's own [default: 0]
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        requires = "charclut"
    )]
    pub charclut_variant: Option<i32>,

    /// Where to write the SPR file (for an HD pair, 512 wide: either tex_N.bin; both are written).
    #[arg(short, long, value_name = "SPR")]
    pub out: PathBuf,

    // --like from your own disc image or --originals folders, when they hold it.
    #[command(flatten)]
    pub game: GameFileArgs,
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
        Some(Command::Upscale(upscale)) => super::sheet_hd::upscale(&upscale.file, &upscale.out),
    }
}

fn export(args: &ExportArgs) -> Outcome {
    let (Some(file), Some(out)) = (&args.file, &args.out) else {
        unreachable!("clap requires FILE and --out");
    };
    let files = args.game.files()?;
    let found = files.read_found(file)?;
    let (shown, bytes) = (found.file.name.clone(), found.file.bytes.clone());
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if is_hd_input(name, bytes.len()) {
        if args.portrait {
            return Err(Failure::usage(
                "sheet",
                format!(
                    "--portrait: {shown} is a file of an HD pair, which holds the unit's frames only; the portrait is its SPR's"
                ),
            ));
        }
        let colours = super::sheet_hd::ExportColours {
            palette: args.palette,
            palettes_from: args.palettes_from.as_deref(),
            variant: args.variant,
            charclut: args.charclut.as_deref(),
        };
        if let Some(single) = tex_number(name).and_then(sp2_single_of_tex) {
            return super::sheet_hd::export_sp2(&files, found, single, out, &colours);
        }
        return super::sheet_hd::export(&files, found, out, &colours);
    }
    if args.palettes_from.is_some() {
        return Err(Failure::usage(
            "sheet",
            format!(
                "--palettes-from colours the remaster's HD pair (tex_N.bin), and {shown} is not one; an SPR is drawn with its own palettes (--palette N)"
            ),
        ));
    }
    if args.variant.is_some() || args.charclut.is_some() {
        let flag = if args.variant.is_some() {
            "--variant"
        } else {
            "--charclut"
        };
        return Err(Failure::usage(
            "sheet",
            format!(
                "{flag} colours Ramza's HD pairs (tex_830.bin to tex_835.bin) from charclut.nxd, and {shown} is not one; an SPR is drawn with its own palettes (--palette N)"
            ),
        ));
    }
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
    write_atomically(out, &png).with_context(|| format!("{}: cannot write", Shown(&out)))?;
    println!("sheet   {shown}  {} sheet", spr.variant);
    println!("wrote   {} ({what}, {} bytes)", Shown(&out), png.len());
    Ok(())
}

fn import(args: &ImportArgs) -> Outcome {
    let shown = Shown(&args.picture).to_string();
    let bytes = read_input(&args.picture)?;
    if !bytes.starts_with(&PNG_SIGNATURE) {
        return Err(not_a_picture(&shown, &bytes).into());
    }
    let out_name = args
        .out
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if png_size(&bytes).map(|(width, _)| width) == Some(super::sheet_hd::PICTURE_WIDTH)
        || tex_number(out_name).is_some()
    {
        if let Some(variant) = args.variant {
            return Err(Failure::usage(
                "sheet import",
                format!(
                    "--variant {}: an HD pair has one layout (512 x 976)",
                    variant.name()
                ),
            ));
        }
        return super::sheet_hd::import(&super::sheet_hd::PairImport {
            picture: &args.picture,
            bytes: &bytes,
            out: &args.out,
            palette: args.palette,
            palettes_from: args.palettes_from.as_deref(),
            like: args.like.as_deref(),
            files: &args.game.files()?,
            charclut: args.charclut.as_deref(),
            charclut_variant: args.charclut_variant,
        });
    }
    if args.charclut.is_some() {
        return Err(Failure::usage(
            "sheet import",
            "--charclut takes the colours of a picture of one of Ramza's HD pairs (-o tex_830.bin to tex_835.bin); an SPR's picture recolours the SPR",
        ));
    }
    if args.palettes_from.is_some() {
        return Err(Failure::usage(
            "sheet import",
            "--palettes-from is for a picture of an HD pair (512 wide); an SPR's picture carries its palettes or takes them from --like",
        ));
    }
    let like = args
        .like
        .as_deref()
        .map(|like| read_like(&args.game, like))
        .transpose()?;
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
        .with_context(|| format!("{}: cannot write", Shown(&args.out)))?;
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
        "padding {} at the end: {}",
        plural(spr.padding, "zero byte"),
        from(imported.padding)
    );
    if let (Some(like), Some(path)) = (&like, &args.like) {
        println!("like    {}: {}", Shown(&path), compared_with(spr, like));
    }
    println!(
        "wrote   {} ({} sheet, {} bytes)",
        Shown(&args.out),
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
fn read_like(game: &GameFileArgs, path: &Path) -> anyhow::Result<Spr> {
    let like = game.read(path)?;
    let (shown, bytes) = (like.name, like.bytes);
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
    imported
        .palette_runs()
        .into_iter()
        .map(|(run, source)| {
            let (first, last) = (run.start(), run.end());
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

/// How the imported sheet differs from `--like` ([`sheet_change`]), in a few words.
pub fn compared_with(spr: &Spr, like: &Spr) -> String {
    match sheet_change(spr, like) {
        SheetChange::Same => "the same sheet, byte for byte".to_owned(),
        SheetChange::OtherLayout { like, this } => format!("a {like} sheet, this one {this}"),
        SheetChange::Differs {
            pixels,
            colours,
            padding,
        } => {
            let padding = match padding {
                None => String::new(),
                Some((this, like)) => format!(", and ends in {this} zero bytes, not {like}"),
            };
            format!(
                "differs in {} and {}{padding} (`tactics-sprite diff` says where)",
                plural(pixels, "pixel"),
                plural(colours, "palette colour")
            )
        }
    }
}
