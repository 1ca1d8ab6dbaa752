//! `tactics-sprite render`: a frame, an animation at a view, or every frame of a document, drawn
//! from a sheet to a PNG strip, an animated PNG or a GIF (by the output's extension).

use std::path::PathBuf;

use faults::Shown;
use sprite_data::pose::View;
use sprite_render::request::{
    DEFAULT_COLUMNS, DEFAULT_HOLD_TICKS, DEFAULT_SCALE, DEFAULT_VIEW, SCALES,
};
use sprite_render::{
    Background, CheckedRequest, RenderFailure, RenderRequest, RequestFault, Subject, TileSources,
};

use super::inputs::{DrawingInput, art_of};
use super::output::{picture_format, write_out};
use super::sas::render::{RenderOptions as SasRenderOptions, SasRender};
use super::weapon::WeaponInput;
use super::{Failure, Outcome};

/// Draw frames and animations of a document from a sheet.
#[derive(Debug, clap::Args)]
#[command(
    about = "Draw a frame, an animation or every frame of a document from a sheet (PNG, APNG, GIF)",
    long_about = "Draw a document's frames from its sheet (SPR, or a 256-wide PNG) as poseAt places them:
--frame N (an SHP frame as stored), --animation NAME at --view V (every frame it shows), or
--all-frames (a contact sheet). The output's extension picks the format: .png (a strip), .apng, .gif.
--weapon NAME adds the weapon in hand and its effects; a SAS set as --data is drawn too.
Exit status: 0 drawn; 1 an input that cannot be read or does not fit; 2 a usage error.
More: docs/rendering.md"
)]
#[command(after_long_help = super::LIMITS_HELP)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["frame", "animation", "all_frames"])))]
pub struct Args {
    #[command(flatten)]
    pub input: DrawingInput,

    #[command(flatten)]
    pub weapon: WeaponInput,

    /// For a SAS set or pakd container given as --data (drawn by `sas::render`).
    #[command(flatten)]
    pub sas: SasRenderOptions,

    /// Draw SHP frame N as stored (not mirrored, no move); a SAS set's sprite N.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::index)]
    pub frame: Option<usize>,

    /// Draw this animation ("Swing High", any case; "Idle"; a SAS set's by index); repeatable.
    #[arg(long, value_name = "NAME")]
    pub animation: Vec<String>,

    /// Draw every frame of the document on a contact sheet, labelled by index (.png only).
    #[arg(long)]
    pub all_frames: bool,

    /// The view, 0..7: (facing + camera step) % 8; repeatable, a strip row each [default: 1]
    #[arg(
        long,
        value_name = "V",
        default_values_t = [i64::from(DEFAULT_VIEW.number())],
        hide_default_value = true,
        allow_negative_numbers = true
    )]
    pub view: Vec<i64>,

    /// Draw the unit standing in water (its water frames).
    #[arg(long)]
    pub water: bool,

    /// Scale every pixel to a K x K block (nearest neighbour), 1..16 [default: 1]
    #[arg(long, value_name = "K", default_value_t = DEFAULT_SCALE, hide_default_value = true, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(i64::from(*SCALES.start())..=i64::from(*SCALES.end())))]
    pub scale: u32,

    /// `transparent` or a colour #RRGGBB [default: transparent]
    #[arg(
        long,
        value_name = "BG",
        default_value = "transparent",
        hide_default_value = true
    )]
    pub background: Background,

    /// Write each frame's first tick under it in a .png strip (red: a hit; blue: a sound).
    #[arg(long)]
    pub labels: bool,

    /// Cells per row of the contact sheet [default: 16]
    #[arg(long, value_name = "N", default_value_t = DEFAULT_COLUMNS, hide_default_value = true, allow_negative_numbers = true, value_parser = super::at_least_one::<u32>)]
    pub columns: u32,

    /// How many times an .apng or .gif plays, 0 for ever [default: 0 if it loops, else 1]
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::whole_number::<u32>)]
    pub plays: Option<u32>,

    /// Ticks an .apng or .gif shows a frame the game holds (a last delay of 0) [default: 60]
    #[arg(long, value_name = "TICKS", default_value_t = DEFAULT_HOLD_TICKS, hide_default_value = true, allow_negative_numbers = true, value_parser = super::at_least_one::<u32>)]
    pub hold: u32,

    /// Where to write: .png, .apng or .gif.
    #[arg(short, long, value_name = "OUT")]
    pub out: PathBuf,
}

/// A usage error of `render` (exit 2; a `400` from `serve`).
fn usage(message: impl std::fmt::Display) -> Failure {
    Failure::usage("render", message)
}

/// The render these arguments ask for (all but the files, which the command reads), converted
/// once and checked by the rules that need no document.
///
/// # Errors
/// A [`Failure::Usage`]: an output whose extension names no format, a view outside 0..7, a
/// request the rules refuse.
pub fn request_of(args: &Args) -> Result<CheckedRequest, Failure> {
    let format = picture_format("render", &args.out)?;
    // clap's group "what" makes these either-or.
    let what = match args.frame {
        Some(n) => Subject::Frame(n),
        None if args.all_frames => Subject::AllFrames,
        None => Subject::Animations(args.animation.clone()),
    };
    let views = args
        .view
        .iter()
        .map(|&view| View::new(view))
        .collect::<Result<_, _>>()
        .map_err(|error| refused(&RequestFault::View(error)))?;
    RenderRequest {
        what,
        views,
        water: args.water,
        scale: args.scale,
        background: args.background,
        labels: args.labels,
        columns: args.columns,
        plays: args.plays,
        hold: args.hold,
        format,
        weapon: args.weapon.weapon.map(|w| w.weapon_type),
    }
    .check()
    .map_err(|fault| refused(&fault))
}

/// A request fault as this command's usage error, in its words (its flags).
fn refused(fault: &RequestFault) -> Failure {
    Failure::of_request("render", fault)
}

/// Runs the command. Nothing is printed before every input is read and every frame drawn: a
/// failure prints its one line and nothing else.
///
/// # Errors
/// An input that cannot be read or does not fit, or an output that cannot be written. A bad
/// request is a [`Failure::Usage`].
pub fn run(args: &Args) -> Outcome {
    let (request, doc, document_line) = match &args.input.data {
        Some(data) => {
            // --data is read once, as a document is; its first bytes say whether it is a SAS
            // set or container instead. One that is not read so (missing, or past a document's
            // size) is looked at apart: a container may be larger than any document.
            let bytes = sprite_inputs::documents::read_document_bytes(data);
            let sas = match &bytes {
                Ok(bytes) => sprite_inputs::sniff::sniff_sas(bytes),
                Err(_) => super::sas::sniff(data),
            };
            if sas.is_some() {
                return super::sas::render::run(&sas_render(args, data));
            }
            refuse_entry(args, data)?;
            let request = request_of(args)?;
            let doc = sprite_data::parse_document(&bytes?, &Shown(data).to_string())?;
            (request, doc, None)
        }
        // Without --data, the document of the kind that draws --sheet.
        None => {
            refuse_entry(args, &args.input.sheet)?;
            let request = request_of(args)?;
            let (bytes, name) = args
                .input
                .document()
                .map_err(|error| Failure::of("render", error))?;
            let doc = sprite_data::parse_document(&bytes, &name)?;
            (request, doc, Some(format!("data    {name}")))
        }
    };
    // The request, checked against the document (each animation looked up) before any sheet is
    // read.
    let checked = request.against(&doc).map_err(|fault| refused(&fault))?;
    let sheets = args
        .input
        .load(&doc)
        .map_err(|error| Failure::of("render", error))?;
    let weapon = args.weapon.load(args.input.data_path(), &sheets.files)?;
    let weapon_art = weapon.as_ref().map(|w| w.art()).transpose()?;
    let art = TileSources {
        weapon: weapon_art.as_ref(),
        ..art_of(&sheets)
    };
    let rendered = checked.render(&art).map_err(|failure| match failure {
        RenderFailure::Request(fault) => refused(&fault),
        failure => Failure::Failed(args.input.failure(&sheets, failure)),
    })?;
    write_out(&args.out, &rendered.bytes)?;
    print_lines(document_line.as_slice());
    print_lines(&sheets.lines);
    if let Some(weapon) = &weapon {
        println!("{}", weapon.line);
    }
    print_lines(&rendered.report);
    println!("wrote   {} ({})", Shown(&args.out), rendered.summary);
    Ok(())
}

/// `--entry` names a set of a pakd container, and `data` is none.
fn refuse_entry(args: &Args, data: &std::path::Path) -> Result<(), Failure> {
    if args.sas.sas.entry.is_some() {
        return Err(usage(format!(
            "--entry picks the SAS set of a pakd container, and {} is not one",
            Shown(data)
        )));
    }
    Ok(())
}

/// What `render` hands the SAS path: the same arguments, for a SAS set or container as --data.
fn sas_render<'a>(args: &'a Args, data: &'a std::path::Path) -> SasRender<'a> {
    SasRender {
        data,
        sheet: &args.input.sheet,
        palette: args.input.palette,
        game_files: args.input.game.flag(),
        options: &args.sas,
        frame: args.frame,
        animation: &args.animation,
        all_frames: args.all_frames,
        scale: args.scale,
        background: args.background,
        plays: args.plays,
        hold: args.hold,
        out: &args.out,
    }
}

fn print_lines(lines: &[String]) {
    for line in lines {
        println!("{line}");
    }
}
